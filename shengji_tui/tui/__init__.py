"""The Textual TUI: `ShengjiApp` (one app for solo, hotseat and SSH sessions),
its screens and widgets, the text catalogue (`assets/i18n`) and stylesheet
(`assets/shengji.tcss`).

Modules:
  app      `ShengjiApp` (a Table and the seat(s) it plays, or a table factory for
           the start menu), `TableUpdate`, `GameOptions`, the themes
  screens  the table screen and its bindings, the dialogs (deal result / match
           over, help, last trick, log, quit), hotseat hand-over, too-small, menu
  widgets  status bar, seat panels, centre box, declaration panel, hand, points bar
  model    what the table screen shows, derived from a `SeatView` and the player's
           choices; every judgement asked of the rules API
  text     card glyphs / ASCII, event sentences (`Narrator`)
  i18n     the catalogue (`assets/i18n/*.toml`); help: the rules of the preset
  saved    solo / hotseat games in the store: new tables of `TableSettings`, the
           unfinished games (start menu, `--resume`), resuming one (no Textual)
  play     `shengji play` (options: `options`, without Textual)

Imports are lazy so that `shengji_tui.tui.options` (the `play` command's
arguments) can be read without loading Textual.

For an SSH session: `ShengjiApp(table, seat, lang=..., ascii=..., console=...,
no_color=..., driver_class=...)`; the app subscribes to its seat, posts the
table's pushes to itself as messages, never prints, and leaves the table open
on exit unless `owns_table=True`. `shengji play` adds `saves=` (a `saved.Saves`
over the store it opened and closes itself) and `resume=` (a stored game's id).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Catalogue", "GameOptions", "ShengjiApp", "TableUpdate", "detect_lang"]


def __getattr__(name: str) -> Any:
    if name in ("GameOptions", "ShengjiApp", "TableUpdate"):
        from . import app

        return getattr(app, name)
    if name in ("Catalogue", "detect_lang"):
        from . import i18n

        return getattr(i18n, name)
    raise AttributeError(name)
