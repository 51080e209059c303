"""What the TUI needs of a table, and what a new game is made of.

`TableLike` is everything `ShengjiApp` reads or calls on a table:
`shengji_tui.table.Table` has all of it (mypy checks that where the play
command and the saves hand a `Table` to the app), and so does the tests'
static table. The app never looks for a member with getattr or hasattr.

`GameOptions` is what the start menu (and `shengji play`) chooses for a new
game (`saves.table_settings` makes a table's settings of it); a
`TableFactory` makes a table of them.

No Textual here: the saves (`shengji_tui.saves`) and the play command read
this module without loading the TUI.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..bots import BotLevel
from ..engine import Command, DealReview, Event, SeatView
from ..rules import RuleSet
from ..text import Catalogue


class SeatLike(Protocol):
    """One seat of the table: a human's, a bot's or nobody's yet."""

    @property
    def kind(self) -> str: ...  # "human", "bot" or "empty"

    @property
    def name(self) -> str: ...


class TroubleLike(Protocol):
    """The table cannot store its moves (`Table.trouble`)."""

    @property
    def reason(self) -> str: ...  # what players may be told (no server path)


UpdateCallback = Callable[[SeatView, list[Event]], Any]
TroubleCallback = Callable[[TroubleLike | None], Any]


class TableLike(Protocol):
    """What the app needs of `shengji_tui.table.Table`."""

    @property
    def table_id(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatLike]: ...

    @property
    def declare_window(self) -> float | None: ...  # None: the table's default

    @property
    def trouble(self) -> TroubleLike | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def card_counter(self) -> bool: ...  # the players may open the card counter

    def view(self, seat: int | None) -> SeatView: ...

    def review(self, seat: int) -> DealReview: ...  # the deal in play, as `seat` may see it

    def subscribe(self, seat: int | None, callback: UpdateCallback) -> Callable[[], None]: ...

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]: ...

    async def submit(self, seat: int, command: Command) -> list[Event]: ...

    async def take_back(self, seat: int) -> int: ...  # `table.TakeBackRefused` if it cannot

    async def start(self) -> None: ...

    async def close(self) -> None: ...


@dataclass
class GameOptions:
    """What the start menu (and `shengji play`) chooses for a new game."""

    preset: str = "classic"
    rules: RuleSet | None = None  # a rules file's (`--rules`), else the preset's
    seed: int | None = None
    humans: int = 1
    bot_delay: float = 0.6
    deal_delay: float = 0.05
    declare_window: float | None = None  # seconds to declare after the last card (table default)
    bots: BotLevel = "normal"  # the bots' level
    card_counter: bool = True  # the players may open the card counter (记牌器)
    bell: bool = False  # the terminal rings (BEL) when it becomes the player's turn
    estimate: bool = True  # auctions: the bidding panel tells what the hand is worth


TableFactory = Callable[[GameOptions, Catalogue], tuple[TableLike, list[int]]]
