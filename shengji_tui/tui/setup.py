"""`AppSetup`: how a `ShengjiApp` is made, one record for every command that
makes one (`shengji play`, an SSH session's table, the tests): the terminal
it draws on, the player's settings and options, and for `shengji play` the
table factory, the store's games and the game to resume. Who sits at the
keyboard is the app's other argument, its `seating.Seating`.

Without Textual (the Console is Rich's): the play command builds one before
the TUI is loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..players.settings import PlayerSettings
from .contract import GameOptions, TableFactory

if TYPE_CHECKING:
    from rich.console import Console

    from ..saves import Saves


@dataclass(frozen=True)
class AppSetup:
    """Everything a `ShengjiApp` is made with but its table and seating."""

    # the terminal: the player's language and card style, the theme (None or an
    # unknown one: the game's own), the console and driver of an SSH session
    # (None: Textual's own), NO_COLOR (None: as the environment says)
    lang: str = "en"
    ascii: bool = False
    theme: str | None = None
    console: Console | None = None
    no_color: bool | None = None
    driver_class: Any = None
    # the player: their settings record and where a change is kept (None:
    # nowhere), the options of their next games
    settings: PlayerSettings | None = None
    keep_settings: Callable[[PlayerSettings], None] | None = None
    options: GameOptions | None = None
    # the games: the table given is started and closed by the app (else by
    # whoever gave it); start with the menu; the start menu's tables, the
    # store's games (None: in memory) and a stored one to resume at start
    owns_table: bool = False
    menu: bool = False
    table_factory: TableFactory | None = None
    saves: Saves | None = None
    resume: str | None = None
