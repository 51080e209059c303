"""The styles of cards, seats and keys, per theme: one table per app.

A colour from the theme (a CSS variable, None for the text's own) and text
attributes. They were component classes (`CardsWidget > .card--red` in the
CSS), but Textual keeps a virtual DOM node per component class per widget:
~200 nodes, about 1 MB, per table screen, per SSH session. Worked out once per
theme and app (`styles_for`); props name them (`props.Words.style`).
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

from rich.style import Style
from textual.app import App
from textual.color import Color

from ..props import Chip

CARD_STYLES: dict[str, tuple[str | None, str]] = {
    "card--red": ("suit-red", ""),
    "card--black": ("suit-black", ""),
    "card--trump": (None, "bold"),
    "card--points": (None, "underline"),
    "card--cursor": (None, "reverse"),
    "card--dim": (None, "dim"),
    "card--header": ("text-muted", ""),
    "card--trump-header": ("trump-accent", "bold"),
    "seat--turn": ("accent", "bold"),
    "seat--name": (None, "bold"),
    "seat--dim": ("text-muted", ""),
    "seat--win": ("success", "bold"),
    "centre--alert": ("error", "bold"),
    "centre--prompt": ("accent", "bold"),
    "centre--ok": ("success", ""),
    "keys--key": ("footer-key-foreground", "bold"),
    "keys--description": ("footer-description-foreground", ""),
}


class StyleTable:
    """The app's styles for one theme: the named ones, and each card's (by chip)."""

    def __init__(self, named: dict[str, Style]) -> None:
        self.named = named
        self._chips: dict[tuple[bool, bool, bool], Style] = {}

    def __getitem__(self, name: str) -> Style:
        return self.named[name]

    def resolve(self, name: str) -> Style | str:
        """A style name of the props: a name of the table, else a Rich style ("bold")."""
        if not name:
            return ""
        got = self.named.get(name)
        return name if got is None else got

    def chip(self, chip: Chip) -> Style:
        """A card's style: its colour, bold for a trump, underlined for points."""
        key = (chip.red, chip.trump, chip.points)
        style = self._chips.get(key)
        if style is None:
            style = self.named["card--red" if chip.red else "card--black"]
            if chip.trump:
                style += self.named["card--trump"]
            if chip.points:
                style += self.named["card--points"]
            self._chips[key] = style
        return style


# each app's table, for its theme (gone with the app)
_TABLES: weakref.WeakKeyDictionary[App[Any], tuple[tuple[object, ...], StyleTable]] = (
    weakref.WeakKeyDictionary()
)


# one table per set of styles, for every app of the process (a few themes)
_SHARED: dict[frozenset[tuple[str, Style]], StyleTable] = {}


def styles_for(app: App[Any]) -> StyleTable:
    """The app's style table for its current theme (a theme change makes a new
    one). Translucent colours are blended over the theme's background, as
    Textual's CSS would."""
    key = (app.theme, app.ansi_color)
    cached = _TABLES.get(app)
    if cached is not None and cached[0] == key:
        return cached[1]
    variables = app.get_css_variables()
    background = Color.parse(variables.get("background", "#000000"))
    named: dict[str, Style] = {}
    for name, (var, attrs) in CARD_STYLES.items():
        style = Style.parse(attrs) if attrs else Style()
        value = variables.get(var) if var is not None else None
        if value:
            with contextlib.suppress(Exception):
                if value.startswith("auto"):  # "auto 60%": legible over the background
                    alpha = float(value.split()[1].rstrip("%")) / 100 if " " in value else 1.0
                    color = background.get_contrast_text(alpha)
                else:
                    color = Color.parse(value)
                style = Style(color=(background + color).rich_color) + style
        named[name] = style
    fg = Color.parse(variables.get("foreground", "#ffffff"))
    named["keys--edge"] = Style(color=(background + fg.multiply_alpha(0.2)).rich_color)
    # Apps of one theme share one table (the SSH server runs an app per
    # session): the lines built in its styles are shared too (lines.py).
    shared = frozenset(named.items())
    table = _SHARED.get(shared)
    if table is None:
        if len(_SHARED) >= 64:  # (themes are a short list: never reached)
            _SHARED.clear()
        table = _SHARED[shared] = StyleTable(named)
    _TABLES[app] = (key, table)
    return table
