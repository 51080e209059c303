"""Key bindings in the player's language (shared with the SSH lobby)."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App
from textual.dom import DOMNode
from textual.widget import Widget


def relabel_bindings(node: DOMNode, labels: dict[str, str]) -> None:
    """Give `node`'s bindings descriptions in the chosen language (by action name).

    The binding lists are shared with the class (a shallow copy per instance), so
    each list is replaced, never changed in place: two sessions may differ."""
    k2b = node._bindings.key_to_bindings
    for key, bindings in list(k2b.items()):
        new = []
        for b in bindings:
            name = b.action.split("(")[0]
            new.append(replace(b, description=labels[name]) if name in labels else b)
        k2b[key] = new
    if isinstance(node, App):
        running = node.is_running
    else:
        running = isinstance(node, Widget) and node.is_mounted
    if running:
        node.refresh_bindings()  # (the footer recomposes: callers call this sparingly)
