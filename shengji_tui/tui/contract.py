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
from ..coach.service import Source
from ..engine import Command, DealReview, Event, SeatView
from ..rules import RuleSet
from ..table import HUMAN_DEAL_DELAY, HUMAN_DECLARE_DELAY
from ..table.notes import Note
from ..text import Catalogue


class SeatLike(Protocol):
    """One seat of the table: a human's, a bot's or nobody's yet."""

    @property
    def kind(self) -> str: ...  # "human", "bot" or "empty"

    @property
    def name(self) -> str: ...

    @property
    def on_auto(self) -> bool: ...  # in 托管: a bot plays it until its player takes it back


class ClockLike(Protocol):
    """The table's running turn clock (`table.clock.Clock`)."""

    @property
    def seat(self) -> int | None: ...  # whose decision; None: the declaring window

    @property
    def deadline(self) -> float: ...  # time.monotonic() when it runs out

    @property
    def seconds(self) -> float: ...

    @property
    def version(self) -> int: ...  # the state version it runs for


class TroubleLike(Protocol):
    """The table cannot store its moves, or has stopped for good (`Table.trouble`)."""

    @property
    def reason(self) -> str: ...  # what players may be told (no server path)

    @property
    def stopped(self) -> bool: ...  # the game cannot go on (else: it waits and retries)


UpdateCallback = Callable[[SeatView, list[Event]], Any]
TroubleCallback = Callable[[TroubleLike | None], Any]
NoteCallback = Callable[[Note], Any]


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
    def clock(self) -> ClockLike | None: ...  # None: no clock running

    @property
    def card_counter(self) -> bool: ...  # the players may open the card counter

    @property
    def deal_held(self) -> bool: ...  # someone holds the deal (`hold_deal`)

    def hold_deal(self, seat: int, hold: bool = True) -> None: ...

    def view(self, seat: int | None) -> SeatView: ...

    def review(self, seat: int) -> DealReview: ...  # the deal in play, as `seat` may see it

    def reviews(self, seat: int) -> Sequence[DealReview]: ...  # the match's deals, this one last

    def coach_source(self) -> Source | None: ...  # the game for the coach (None: not for this app)

    def subscribe(self, seat: int | None, callback: UpdateCallback) -> Callable[[], None]: ...

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]: ...

    def listen(self, callback: NoteCallback) -> Callable[[], None]: ...  # chat, timeouts, 托管

    def recent_notes(self) -> Sequence[Note]: ...

    def say(self, seat: int | None, name: str, text: str, sender: str | None = None) -> Note: ...

    def reclaim(self, seat: int, *, quiet: bool = False) -> bool: ...  # out of 托管

    async def submit(self, seat: int, command: Command) -> list[Event]: ...

    async def take_back(self, seat: int) -> int: ...  # `table.TakeBackRefused` if it cannot

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class WatchLike(Protocol):
    """A spectator's seat at a table (`server.watching.WatchedTable`): the app is
    given it as its table too, and it hands out only what a spectator may see
    (the public table; one seat's own view while its player lets watchers see
    their hand)."""

    @property
    def name(self) -> str: ...  # the spectator's (what it says is signed so)

    @property
    def following(self) -> int | None: ...  # the seat followed now (None: none)

    # follow `seat`'s own view (None: the public table); a refusal's catalogue
    # key (its `{name}`: the seat's) when its player does not let watchers see it
    def follow(self, seat: int | None) -> str | None: ...

    def may_follow(self, seat: int) -> bool: ...  # the seat's player lets watchers see


@dataclass
class GameOptions:
    """What the start menu (and `shengji play`) chooses for a new game."""

    preset: str = "classic"
    rules: RuleSet | None = None  # a rules file's (`--rules`), else the preset's
    seed: int | None = None
    humans: int = 1
    bot_delay: float = 0.6
    deal_delay: float = HUMAN_DEAL_DELAY  # seconds a card: a deal a person can follow
    declare_window: float | None = None  # seconds to declare after the last card (table default)
    bots: BotLevel = "normal"  # the bots' level
    card_counter: bool = True  # the players may open the card counter (记牌器)
    bell: bool = False  # the terminal rings (BEL) when it becomes the player's turn
    estimate: bool = True  # auctions: the bidding panel tells what the hand is worth
    declare_delay: float = HUMAN_DECLARE_DELAY  # a bot's reaction before it declares
    auto_declare: bool = False  # declare for the player (as the normal bot judges)
    auto_forced: bool = False  # play the player's follow when only one is legal


TableFactory = Callable[[GameOptions, Catalogue], tuple[TableLike, list[int]]]
