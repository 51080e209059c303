"""The Textual TUI: `ShengjiApp` (one app for solo, hotseat and SSH sessions),
its screens and widgets, and the stylesheet (`assets/shengji.tcss`).

How a change reaches the screen: the table's news go into the `Model`
(`Model.apply`, `Model.hear`), as do the player's choices (named actions:
move, select, clear ...); the screens watch the model and ask the
`Presenter` for frozen props per widget (`props`); a widget whose props did
not change does nothing, the others repaint the lines that changed. Screens
ask the app for the rest by messages (`messages`). docs/architecture.md
("The TUI") draws it.

Modules:
  app        `ShengjiApp`: owns the model, talks to the table, handles the messages
  seating/   who sits at the keyboard (solo, hotseat, an SSH seat, a spectator):
             what the app asks instead of counting humans
  setup      `AppSetup`: the one record an app is made with (with its seating)
  contract   what the app needs of a table (`TableLike`), `GameOptions`
  model      the table screen's state; changed only by its named methods
  presenter  the model as props, per widget (pure: no Textual, no Rich)
  props      the props (frozen values)
  messages   the table's news and the screens' requests to the app
  screens/   the screens that are not one feature's own, one module each (the
             table, the dialogs, the menu); `base`: what screens have in common
  widgets/   one module per widget, on the line-painting engine (`widgets.lines`)
  bindings   key labels in the player's language
  variants/  what differs per rules family: `auction/` (the auction presets),
             `friends/` (find friends)
  help/      the help (`?`): its Markdown, its widget, its screen
  aids/      beside the game: the card counter, the buried kitty, the moves
             made for the player on request (auto-declare, forced follows)
  terminal/  the terminal under the game: `patches` (every use of Textual's
             private parts, `install()`d by the CLI and the server), `xterm`
             (input on the public API), `nocolor`, `asciifilter`, `themes`
  options    `shengji play`'s arguments (without Textual); the command itself,
             which opens the store, is `shengji_tui.play_cli`
  review/    a deal told again and its analysis: the review's and the analysis'
             props, their dialogs, `shengji replay --review`'s app

The words (catalogue, cards, the log's narrator) are in `shengji_tui.text`,
the stored games of `shengji play` in `shengji_tui.saves`: neither loads
Textual. Imports here are lazy so that `shengji_tui.tui.options` (the `play`
command's arguments) and `tui.contract` can be read without loading Textual.

An app is `ShengjiApp(table, seating, AppSetup(...))`: who sits at the
keyboard (`seating`: `Solo`, `Hotseat`, `Remote`, `Spectator`) and one record
of the rest (`setup`: language, card style, console, driver, options...). An
SSH session's app subscribes to its seat, posts the table's pushes to itself
as messages, never prints, and leaves the table open on exit unless
`AppSetup.owns_table`. `shengji play` (`play_cli.py`) gives no table but a
factory, `saves` (a `saves.Saves` over the store the command opened and
closes itself) and `resume` (a stored game's id); nothing here imports the
store.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Catalogue", "GameOptions", "ShengjiApp", "TableUpdate", "detect_lang"]


def __getattr__(name: str) -> Any:
    if name == "ShengjiApp":
        from .app import ShengjiApp

        return ShengjiApp
    if name == "TableUpdate":
        from .messages import TableUpdate

        return TableUpdate
    if name == "GameOptions":
        from .contract import GameOptions

        return GameOptions
    if name in ("Catalogue", "detect_lang"):
        from .. import text

        return getattr(text, name)
    raise AttributeError(name)
