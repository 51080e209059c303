"""The three records `Model` holds (docs/architecture.md, "The table's model").

- `TableFacts`: what the table told the shown seat, from its views and events
  (the view, the hand as sorted, the names, who sits here, the clock, the log
  and what the events said that the view does not keep);
- `Prefs`: the player's options, how the table is shown to them (language and
  card style, the terminal's size, the aids switched on);
- `Cursor`: where the player's keys are (the cursor, the selected cards, the
  highlighted declaration, bid and trump, the hint's reason).

Only the model writes them (`Model.apply` and its named actions); everyone
else reads. No Textual here.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import InitVar, dataclass, field

from ..bots import HINT_BUDGET_MS
from ..engine import SeatView, ThrowFailed
from ..rules import Card
from ..text import CardText, Catalogue
from .contract import ClockLike
from .seating import Seating, at_keyboard

_log_ids = itertools.count(1)


def new_log_id() -> int:
    """A log never seen before (the log widget starts again when it changes)."""
    return next(_log_ids)


@dataclass
class TableFacts:
    """What the table told the shown seat: its view and what its events said;
    and who sits at this keyboard (`seating`: the app's, given as `keyboard`;
    made without one, as tests do, the keyboard of `humans`)."""

    names: list[str]
    seat: int  # the seat shown (a spectator's: only where the table is seen from)
    humans: list[int] = field(default_factory=list)  # the humans at this keyboard
    table_humans: int = 1  # humans seated at the table (one alone may skip the dealing)
    declare_window: float | None = None  # seconds the table waits for declarations
    card_counter: bool = True  # the table lets its players open the card counter
    chat: bool = False  # the table has people to talk to (an SSH table): `c` opens the chat
    # a spectator (旁观): `seat` is only where the table is seen from (the seat
    # followed, if its player lets spectators see their hand); no key acts
    spectating: bool = False
    view: SeatView | None = None
    hand: list[Card] = field(default_factory=list)  # the view's hand, sorted
    kitty_new: Counter[Card] = field(default_factory=Counter)  # cards just taken from the kitty
    last_dealt: Card | None = None  # the card the viewer was dealt last (while dealing)
    throw_failed: ThrowFailed | None = None  # a failed throw in the current trick
    declare_deadline: float | None = None  # time.monotonic() when the table closes declaring
    clock: ClockLike | None = None  # the table's turn clock (for the shown view's state)
    on_auto: frozenset[int] = frozenset()  # seats in 托管 (a bot plays them)
    deal_held: bool = False  # the table's deal is held (`Table.hold_deal`)
    log: list[str] = field(default_factory=list)  # the game log's sentences
    log_id: int = field(default_factory=new_log_id)
    keyboard: InitVar[Seating | None] = None
    seating: Seating = field(init=False)  # who sits at this keyboard: ask it, never count

    def __post_init__(self, keyboard: Seating | None) -> None:
        if keyboard is None:
            self.seating = at_keyboard(self.humans or [self.seat])
            return
        self.seating = keyboard
        self.humans, self.spectating = list(keyboard.humans), keyboard.spectating


@dataclass
class Prefs:
    """The player's options: how the table is shown to them and what helps them."""

    cat: Catalogue  # the language
    ct: CardText  # the card style (ASCII or suit symbols, colours)
    compact: bool = False  # a small terminal (below 80x24): fewer, shorter words
    # the centre box's room on screen (columns, lines of text; None: not laid out):
    # on a small terminal the presenter leaves out its lines the keys or `t` tell
    centre_room: tuple[int, int] | None = None
    show_estimate: bool = True  # the hand's estimate in the bidding panel
    auto_declare: bool = False  # declare for them (the app does it)
    auto_forced: bool = False  # ... and play a forced follow for them
    hint_budget_ms: float = HINT_BUDGET_MS  # the hint key's search time
    shown_to_spectators: bool = False  # this player lets spectators see their hand


@dataclass
class Cursor:
    """Where the player's keys are: the cursor and selection in the sorted hand,
    the highlighted declaration, bid and trump, the hint shown."""

    at: int = 0  # the cursor's index into `TableFacts.hand`
    selected: list[int] = field(default_factory=list)  # indices into the hand, in pick order
    decl_index: int = 0  # the highlighted declaration
    bid_pick: int | None = None  # the auction's highlighted bid (its points) ...
    trump_pick: int | None = None  # ... and trump choice (calls.py)
    hint: str = ""  # the hint's reason (shown while its cards are selected)
    hint_cards: Counter[Card] = field(default_factory=Counter)
