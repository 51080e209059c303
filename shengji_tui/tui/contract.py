"""What the TUI needs of a table, and what a new game is made of.

`TableLike` is everything `ShengjiApp` reads or calls on a table:
`shengji_tui.table.Table` has all of it (mypy checks that where the play
command and the saves hand a `Table` to the app), and so does the tests'
static table. The app never looks for a member with getattr or hasattr.

What changes as the game goes on comes with each update the table pushes
(`UpdateCallback`: the seat's view, its events and the table's
`TableStatus`: seats, turn clock in seconds left, the hold); the app reads
the table itself only when it sits down (`status`, `view`, the notes) and
after its own take-back. What it asks of the table that changes something
is awaited (`submit`, `say`, `hold_deal`, `reclaim`, `take_back`), so a
table in another process can stand behind the same contract.

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
from ..coach.service import CoachLike
from ..engine import Command, DealReview, Event, SeatView
from ..rules import RuleSet
from ..table import HUMAN_DEAL_DELAY, HUMAN_DECLARE_DELAY, TableStatus
from ..table.notes import Note
from ..text import Catalogue


class ClockLike(Protocol):
    """A running turn clock as the app shows it (`table.clock.Clock`): the
    table sends seconds left (`table.ClockStatus`), the app counts them from
    its own `time.monotonic()` when it is told."""

    @property
    def seat(self) -> int | None: ...  # whose decision; None: the declaring window

    @property
    def deadline(self) -> float: ...  # time.monotonic() (the app's) when it runs out

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


# the seat's new view, the events as it may see them, the table's status now
UpdateCallback = Callable[[SeatView, list[Event], TableStatus], Any]
TroubleCallback = Callable[[TroubleLike | None], Any]
NoteCallback = Callable[[Note], Any]


class TableLike(Protocol):
    """What the app needs of `shengji_tui.table.Table`."""

    @property
    def table_id(self) -> str: ...

    @property
    def declare_window(self) -> float | None: ...  # None: the table's default

    @property
    def trouble(self) -> TroubleLike | None: ...  # (read when sitting down; then `on_trouble`)

    @property
    def card_counter(self) -> bool: ...  # the players may open the card counter

    def status(self) -> TableStatus: ...  # (read when sitting down; then with each update)

    async def hold_deal(self, seat: int, hold: bool = True) -> None: ...

    def view(self, seat: int | None) -> SeatView: ...

    async def reviews(self, seat: int) -> Sequence[DealReview]: ...  # the match's, this one last

    # the coach's analysts (a `coach.Source`; a front end's: the host's; None: not for this app)
    def coach_source(self) -> CoachLike | None: ...

    def subscribe(self, seat: int | None, callback: UpdateCallback) -> Callable[[], None]: ...

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]: ...

    def listen(self, callback: NoteCallback) -> Callable[[], None]: ...  # chat, timeouts, 托管

    def recent_notes(self) -> Sequence[Note]: ...

    # `table.ChatRefused` (with its sentences) when it is not said
    async def say(
        self, seat: int | None, name: str, text: str, sender: str | None = None
    ) -> Note: ...

    async def reclaim(self, seat: int) -> bool: ...  # out of 托管

    async def submit(self, seat: int, command: Command) -> list[Event]: ...

    async def take_back(self, seat: int) -> int: ...  # `table.TakeBackRefused` if it cannot

    async def start(self) -> None: ...

    async def close(self) -> None: ...


class WatchLike(Protocol):
    """A spectator's seat at a table (`server.watching.WatchedTable`): the app is
    given it as its table too, and it hands out only what a spectator may see
    (the public table; one seat's own view while its player lets spectators see
    their hand)."""

    @property
    def name(self) -> str: ...  # the spectator's (what it says is signed so)

    @property
    def following(self) -> int | None: ...  # the seat followed now (None: none)

    # follow `seat`'s own view (None: the public table); a refusal's catalogue
    # key (its `{name}`: the seat's) when its player does not let spectators see it
    def follow(self, seat: int | None) -> str | None: ...

    def may_follow(self, seat: int) -> bool: ...  # the seat's player lets spectators see


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
