"""NO_COLOR (no-color.org) for one app: no foreground or background colour at
all, while bold, underline, reverse and the like stay (every mark the table
shows has a form that is not a colour: see assets/shengji.tcss).

Textual reads NO_COLOR from the process environment once and then turns
colours grey (its `Monochrome` filter: grey 256-colour codes and backgrounds
still go out) unless the terminal's own ANSI colours are used. Each SSH
session has its own NO_COLOR (its client's), so the app says whether it wants
colours, and `colour_filters` gives Textual's filters with exactly that:
`NoColor` (every colour the terminal's default) in place of both.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.filter import LineFilter, Monochrome, NoColor

_NO_COLOR = NoColor()  # (stateless: one for every app of the process)


def colour_filters(filters: Sequence[LineFilter], no_color: bool) -> list[LineFilter]:
    """`filters` (Textual's for an app) without its colour filters, and with
    `NoColor` when `no_color`."""
    own = [f for f in filters if not isinstance(f, (NoColor, Monochrome))]
    if no_color:
        own.append(_NO_COLOR)
    return own
