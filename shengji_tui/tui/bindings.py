"""Key bindings in the player's language (shared with the SSH lobby)."""

from __future__ import annotations

from textual.app import App
from textual.dom import DOMNode
from textual.widget import Widget

from .terminal import patches


def relabel_bindings(
    node: DOMNode, labels: dict[str, str], key_display: dict[str, str] | None = None
) -> None:
    """Give `node`'s bindings descriptions in the chosen language (by action name),
    and other key displays (by key). Textual has no public way to: with the
    patches off they keep the class's words (the table's key bar says its keys
    in the player's language itself)."""
    if not patches.set_binding_labels(node, labels, key_display or {}):
        return
    if isinstance(node, App):
        running = node.is_running
    else:
        running = isinstance(node, Widget) and node.is_mounted
    if running:
        node.refresh_bindings()  # (the footer recomposes: callers call this sparingly)
