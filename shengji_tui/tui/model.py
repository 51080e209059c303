"""The table screen's state: one seat's `SeatView` plus what the player chose
(cursor, selected cards, the highlighted declaration) and what the seat's
events told that the view does not keep (the card dealt last, the cards just
taken from the kitty, a failed throw), and the game log's sentences.

It changes in one way only: `apply(view, events)` when the table sends the
shown seat news, `hear(events)` for the log's feed, `take_seat` at a hotseat
hand-over, and the named actions of the player (`move`, `jump`, `suit_edge`,
`toggle`, `toggle_unit`, `pick_play`, `click`, `clear`, `select_cards`,
`suggest_selection`) and of the app (`set_look`, `set_names`, `set_held`,
`set_assists`). Each of them ends by telling the watchers (the screens), which
ask the presenter (`presenter.Presenter`) for new props; `batch()` makes
several changes one.

No Textual here. Every judgement is asked of the rules API (`check_follow`,
`legal_follows`, `valid_declarations`, `sort_hand`, `decompose`), and which
commands the seat may send of `engine.allowed`.
"""

from __future__ import annotations

import contextlib
import itertools
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from .. import rules
from ..bots import HINT_BUDGET_MS, Advisor
from ..engine import (
    Allowed,
    Bury,
    CardDealt,
    Command,
    DealAll,
    DealNext,
    DealStarted,
    Event,
    KittyBuried,
    KittyTaken,
    Play,
    Played,
    SeatView,
    ThrowFailed,
    allowed,
    declare_options,
)
from ..rules import Card, RuleSet, ScoreBand, Suit, TrumpContext
from ..table.notes import Note
from ..text import (
    CardText,
    Catalogue,
    Narrator,
    describe_lead,
    eff_suit_name,
    lead_parts,
    shape_text,
)
from . import plays
from .contract import ClockLike
from .variants.auction.choices import AuctionChoices

TURN_KINDS = frozenset({"play", "bury"})  # the commands the hand's keys make
_log_ids = itertools.count(1)


@dataclass
class Check:
    """Whether the pending action (bury / play) can be sent, and why not."""

    ok: bool
    message: str = ""


@dataclass
class Model(AuctionChoices):
    cat: Catalogue
    ct: CardText
    names: list[str]
    seat: int
    humans: list[int] = field(default_factory=list)
    table_humans: int = 1  # humans seated at the table (one alone may skip the dealing)
    declare_window: float | None = None  # seconds the table waits for declarations
    card_counter: bool = True  # the table lets its players open the card counter
    compact: bool = False  # a small terminal (below 80x24): fewer, shorter words
    # the centre box's room on screen (columns, lines of text; None: not laid out):
    # on a small terminal the presenter leaves out its lines the keys or `t` tell
    centre_room: tuple[int, int] | None = None
    view: SeatView | None = None
    cursor: int = 0
    selected: list[int] = field(default_factory=list)  # indices into `hand`, in pick order
    decl_index: int = 0
    hand: list[Card] = field(default_factory=list)
    kitty_new: Counter[Card] = field(default_factory=Counter)  # cards just taken from the kitty
    last_dealt: Card | None = None  # the card the viewer was dealt last (while dealing)
    throw_failed: ThrowFailed | None = None  # a failed throw in the current trick
    declare_deadline: float | None = None  # time.monotonic() when the table closes declaring
    clock: ClockLike | None = None  # the table's turn clock (for the shown view's state)
    on_auto: frozenset[int] = frozenset()  # seats in 托管 (a bot plays them)
    chat: bool = False  # the table has people to talk to (an SSH table): `c` opens the chat
    # a spectator (旁观): `seat` is only where the table is seen from (the seat
    # followed, if its player lets watchers see their hand); no key acts
    watching: bool = False
    shown_to_watchers: bool = False  # this player lets watchers see their hand
    bid_pick: int | None = None  # the auction's highlighted bid and trump (calls.py)
    trump_pick: int | None = None
    show_estimate: bool = True  # the hand's estimate in the bidding panel
    deal_held: bool = False  # the table's deal is held (`Table.hold_deal`)
    auto_declare: bool = False  # the player's options: declare for them (the app does it)
    auto_forced: bool = False  # ... and play a forced follow for them
    log: list[str] = field(default_factory=list)  # the game log's sentences
    log_id: int = field(default_factory=lambda: next(_log_ids))
    hint_budget_ms: float = HINT_BUDGET_MS  # the hint key's search time
    hint: str = ""  # the hint's reason (shown while its cards are selected)
    hint_cards: Counter[Card] = field(default_factory=Counter)
    _advisors: dict[int, Advisor] = field(default_factory=dict, repr=False, compare=False)
    _ctx: tuple[SeatView, object, TrumpContext] | None = field(
        default=None, repr=False, compare=False
    )
    _winner: tuple[SeatView, int | None] | None = field(default=None, repr=False, compare=False)
    _plays: tuple[SeatView, list[tuple[Card, ...]]] | None = field(
        default=None, repr=False, compare=False
    )
    _watchers: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)
    _narrator: Narrator | None = field(default=None, repr=False, compare=False)
    _batching: bool = field(default=False, repr=False, compare=False)
    _dirty: bool = field(default=False, repr=False, compare=False)

    # ----------------------------------------------------------- watching
    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback()` after every change; returns the unwatcher."""
        self._watchers.append(callback)

        def unwatch() -> None:
            if callback in self._watchers:
                self._watchers.remove(callback)

        return unwatch

    def _changed(self) -> None:
        if self._batching:
            self._dirty = True
            return
        for callback in list(self._watchers):
            callback()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several changes told as one (the watchers are called once, at the end)."""
        if self._batching:
            yield
            return
        self._batching, self._dirty = True, False
        try:
            yield
        finally:
            self._batching = False
            if self._dirty:
                self._changed()

    # ----------------------------------------------------------- basics
    @property
    def rs(self) -> RuleSet:
        assert self.view is not None
        return self.view.rules

    @property
    def players(self) -> int:
        return self.view.rules.players if self.view is not None else len(self.names)

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit if set, else the standing declaration's (for sorting while dealing)."""
        v = self.view
        if v is None:
            return None
        if v.trump_set:
            return v.trump_suit
        if v.standing is not None and v.standing.cards:
            return v.standing.cards[0].suit
        return None

    @property
    def ctx(self) -> TrumpContext:
        v = self.view
        assert v is not None
        cached = self._ctx
        if cached is not None and cached[0] is v:  # (asked a dozen times per update)
            return cached[2]
        level = v.level
        if v.dealer is None and v.rules.bidding != "none" and 0 <= v.seat < len(v.levels):
            level = v.levels[v.seat]  # before the auction: the level this seat would play
        key = (level, self.trump_suit)
        ctx = cached[2] if cached is not None and cached[1] == key else TrumpContext(*key)
        self._ctx = (v, key, ctx)
        return ctx

    @property
    def allowed(self) -> Allowed | None:
        """What the shown seat may send now (`engine.allowed`); None before a view.
        A spectator sends nothing: the kinds are empty, whom the game waits for
        stays (the seats' turn marks)."""
        if self.view is None:
            return None
        a = allowed(self.view)
        return a.model_copy(update={"kinds": frozenset()}) if self.watching else a

    @property
    def me(self) -> int:
        """The seat the sentences address as "you" (-1 for a spectator: none)."""
        return -1 if self.watching else self.seat

    def rel(self, seat: int) -> int:
        """Where `seat` sits for the viewer: 0 the viewer, 1 its right, and so on."""
        return (seat - self.seat) % self.players

    def seat_at(self, pos: int) -> int:
        return (self.seat + pos) % self.players

    def name(self, seat: int) -> str:
        if self.is_you(seat):
            return self.cat.t("seat.you")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.cat.t("seat.default_name", n=seat + 1)

    def is_you(self, seat: int) -> bool:
        """Whether sentences about `seat` address the reader ("You lead")."""
        return seat == self.seat and len(self.humans) <= 1 and not self.watching

    def team_name(self, seats: Sequence[int]) -> str:
        names = [self.name(s) for s in seats]
        if len(names) == 2:
            return self.cat.t("team.pair", a=names[0], b=names[1])
        return self.cat.t("team.list_sep").join(names)

    def team_said(self, key: str, seats: Sequence[int], **kw: object) -> str:
        """`key` said of a team (`names`), or its `key_sg` form for one seat that
        is not the viewer ("Mei wins", "Mei and Ken win", "You win")."""
        if len(seats) == 1 and not self.is_you(seats[0]) and self.cat.has(key + "_sg"):
            key += "_sg"
        return self.cat.t(key, names=self.team_name(seats), **kw)

    def is_partner(self, seat: int) -> bool:
        v = self.view
        return v is not None and v.teams[seat] == v.teams[self.seat]

    def on_dealer_side(self, seat: int) -> bool:
        v = self.view
        return v is not None and seat in v.dealer_side

    def can_hold(self) -> bool:
        """The hold key works: the cards are being dealt and every human at the
        table plays at this keyboard (over SSH with others the table keeps its
        pace: one player must not stop everyone's deal)."""
        a = self.allowed
        return a is not None and "deal_next" in a and self.table_humans <= max(1, len(self.humans))

    def can_step(self) -> bool:
        """The step key works: the deal is held, a card is still to come."""
        a = self.allowed
        return self.deal_held and self.can_hold() and a is not None and not a.closing

    def my_turn(self) -> bool:
        v = self.view
        return v is not None and v.awaiting == self.me

    @property
    def phase(self) -> str:
        return self.view.phase if self.view is not None else "dealing"

    # ----------------------------------------------------------- the table's news
    def apply(
        self,
        view: SeatView,
        events: Sequence[Event] = (),
        *,
        names: Sequence[str] | None = None,
        table_humans: int | None = None,
        now: float | None = None,
        held: bool | None = None,
        clock: ClockLike | None = None,
        on_auto: frozenset[int] | None = None,
    ) -> None:
        """The shown seat's new view and the events that led to it (and the seats'
        names, how many humans sit at the table, whether the deal is held, its
        turn clock and who is in 托管, when the table says)."""
        if names is not None:
            self.names = list(names)
        if table_humans is not None:
            self.table_humans = table_humans
        if on_auto is not None:
            self.on_auto = on_auto
        if held is not None:
            self.deal_held = held
        self._apply_events(events)
        self._set_view(view)
        self._set_deadline(now)
        self.clock = clock if clock is not None and clock.version == view.version else None
        self._changed()

    def take_seat(self, seat: int, view: SeatView) -> None:
        """Show `seat` (the table's first view, or another human at a hotseat table).

        Everything the model kept for the seat shown before goes: its cursor,
        selection and chosen declaration, and what it learnt from that seat's
        events (the card it was dealt last, the kitty it took, a failed throw),
        which is read again from the new seat's own log."""
        self.seat = seat
        self.view = None
        self.hand = []
        self.selected = []
        self.cursor = 0
        self.decl_index = 0
        self.last_dealt = None
        self.throw_failed = None
        self.kitty_new = Counter()
        self._winner = None
        self._set_view(view)
        self._apply_events(view.log)
        if not self._burying():
            self.kitty_new.clear()
        if self.declare_deadline is None:  # (a hand-over keeps the table's deadline)
            self._set_deadline(None)
        self._changed()

    def hear(self, events: Sequence[Event], view: SeatView) -> None:
        """Events of the log's feed (the shown seat's own, or a spectator's at a
        table of several humans): one sentence each in the log."""
        said = False
        for e in events:
            line = self._narrate(e, view)
            if line:
                self.log.append(line)
                said = True
        if said:
            self._changed()

    def hear_note(self, note: Note) -> str:
        """Something said at the table beside the game: its sentence in the log."""
        line = self.narrator.note(note)
        self.log.append(line)
        self._changed()
        return line

    @property
    def narrator(self) -> Narrator:
        if self._narrator is None:
            # it asks the model through a weak reference: the two in a cycle would
            # wait for the garbage collector when the app ends (docs/performance.md)
            me = weakref.proxy(self)
            self._narrator = Narrator(
                self.cat,
                self.ct,
                lambda seat: me.name(seat),
                lambda seats: me.team_name(seats),
                lambda seat: me.is_you(seat),
            )
        return self._narrator

    def reset_log(self) -> None:
        self.log = []
        self.log_id = next(_log_ids)
        self._narrator = None

    def _narrate(self, e: Event, view: SeatView) -> str | None:
        ctx = self.ctx if self.view is not None else TrumpContext(view.level, view.trump_suit)
        return self.narrator.sentence(e, view.rules, ctx)

    def set_names(
        self,
        names: Sequence[str],
        table_humans: int | None = None,
        on_auto: frozenset[int] | None = None,
    ) -> None:
        self.names = list(names)
        if table_humans is not None:
            self.table_humans = table_humans
        if on_auto is not None:
            self.on_auto = on_auto
        self._changed()

    def set_clock(self, clock: ClockLike | None) -> None:
        """The table's clock now (a seat taken back from 托管 starts one); one of
        another state than the shown view's is not shown."""
        v = self.view
        ours = clock is not None and v is not None and clock.version == v.version
        shown = clock if ours else None
        if shown != self.clock:
            self.clock = shown
            self._changed()

    def set_shown(self, on: bool) -> None:
        """The player lets watchers see their hand (or no longer)."""
        if on != self.shown_to_watchers:
            self.shown_to_watchers = on
            self._changed()

    def set_held(self, held: bool) -> None:
        """The table's deal is held (or goes on): what the hold key did."""
        if held != self.deal_held:
            self.deal_held = held
            self._changed()

    def set_assists(self, *, auto_declare: bool, auto_forced: bool) -> None:
        """The player's options: declare for them, play their forced follows."""
        self.auto_declare, self.auto_forced = auto_declare, auto_forced
        self._changed()

    def set_look(self, cat: Catalogue, ct: CardText) -> None:
        """Another language or card style (the log keeps its sentences)."""
        self.cat, self.ct = cat, ct
        if self._narrator is not None:
            self._narrator.cat, self._narrator.ct = cat, ct
        self._changed()

    def set_compact(self, compact: bool) -> None:
        """The terminal became small (or large again): the table says less."""
        if compact != self.compact:
            self.compact = compact
            self._changed()

    def set_centre_room(self, room: tuple[int, int] | None) -> None:
        """The centre box's columns and lines on screen (the table screen measures)."""
        if room != self.centre_room:
            self.centre_room = room
            self._changed()

    def _burying(self) -> bool:
        """The kitty is being buried (its cards are marked new until then)."""
        a = self.allowed
        return a is not None and "bury" in a.kinds | a.awaited

    def _set_deadline(self, now: float | None) -> None:
        a = self.allowed
        if a is None or not a.closing or self.declare_window is None:
            self.declare_deadline = None
        else:  # the table waits again after each change
            self.declare_deadline = (time.monotonic() if now is None else now) + self.declare_window

    def _set_view(self, view: SeatView) -> None:
        """Take a new view, keeping the cursor and selection on the same cards."""
        old_hand = self.hand
        old_sel = [old_hand[i] for i in self.selected if i < len(old_hand)]
        old_cur = old_hand[self.cursor] if 0 <= self.cursor < len(old_hand) else None
        prev = self.view
        self.view = view
        self._forget_auction_choices(prev, view)
        if prev is None or prev.deal_no != view.deal_no:
            self.kitty_new.clear()
            self.throw_failed = None
        self.hand = rules.sort_hand(view.rules, self.ctx, list(view.hand))
        if not self._burying():
            self.kitty_new.clear()
        # remap the selection by card identity (the k-th copy stays the k-th copy)
        self.selected = self._remap(old_sel)
        if old_cur is not None and old_cur in self.hand:
            self.cursor = self.hand.index(old_cur)
        if self._follow_began(prev, view):  # the cursor starts on the led suit
            start = plays.led_suit_start(view.rules, self.ctx, self.hand, self.lead())
            if start is not None:
                self.cursor = start
        self.cursor = max(0, min(self.cursor, len(self.hand) - 1))
        opts = self.declare_options()
        self.decl_index = max(0, min(self.decl_index, len(opts) - 1))

    def _follow_began(self, prev: SeatView | None, view: SeatView) -> bool:
        """The seat has just been asked to follow a lead."""
        if view.phase != "playing" or view.awaiting != self.seat or not view.trick:
            return False
        return (
            prev is None
            or prev.awaiting != self.seat
            or (prev.deal_no, prev.trick_no) != (view.deal_no, view.trick_no)
        )

    def _apply_events(self, events: Sequence[Event]) -> None:
        """Keep what the view does not say, from this seat's own events: the card
        it was dealt last, the cards it took from the kitty, a failed throw."""
        prev: Event | None = None
        for e in events:
            if isinstance(e, ThrowFailed):
                self.throw_failed = e
            elif isinstance(e, Played):
                if e.lead and not isinstance(prev, ThrowFailed):
                    self.throw_failed = None
                if e.seat == self.seat:
                    self.selected = []
            elif isinstance(e, KittyTaken):  # (the kitty marks: this seat's own take only)
                self.kitty_new = Counter(e.cards if e.seat == self.seat else ())
            elif isinstance(e, KittyBuried):
                self.kitty_new = Counter()
                if e.seat == self.seat:
                    self.selected = []
            elif isinstance(e, CardDealt) and e.seat == self.seat and e.card is not None:
                self.last_dealt = e.card
            elif isinstance(e, DealStarted):
                self.selected = []
                self.throw_failed = None
                self.last_dealt = None
            prev = e

    def _remap(self, old_sel: list[Card]) -> list[int]:
        out: list[int] = []
        used: set[int] = set()
        for c in old_sel:
            for i, h in enumerate(self.hand):
                if h == c and i not in used:
                    used.add(i)
                    out.append(i)
                    break
        return out

    # ----------------------------------------------------------- the player's actions
    def move(self, step: int) -> None:
        """← →: the highlighted declaration while one may declare, else the cursor."""
        a = self.allowed
        if a is not None and {"declare", "steal"} & a.kinds:  # (kitty theft, 反牌 too)
            opts = self.declare_options()
            if opts:
                self.decl_index = (self.decl_index + step) % len(opts)
        elif self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
        self._changed()

    def jump(self, step: int) -> None:
        """↑ ↓ Tab: the cursor to the first card of the previous / next suit."""
        runs = self._runs()
        if runs:
            k = plays.run_of(runs, self.cursor)
            self.cursor = runs[(k + step) % len(runs)][0]
            self._changed()

    def suit_edge(self, end: bool) -> None:
        """Home / End: the first / last card of the cursor's suit (of the hand
        when the cursor is there already)."""
        runs = self._runs()
        if not runs:
            return
        first, last = runs[plays.run_of(runs, self.cursor)]
        edge = last if end else first
        if self.cursor == edge:
            edge = len(self.hand) - 1 if end else 0
        self.cursor = edge
        self._changed()

    def _runs(self) -> list[tuple[int, int]]:
        if self.view is None or not self.hand:
            return []
        return plays.suit_runs(self.view.rules, self.ctx, self.hand)

    def toggle_unit(self) -> None:
        """`a`: select the tuple or tractor under the cursor (following: the legal
        play of the lead's shape holding it), or unselect it when all of it is."""
        if self.view is None or not self.turn_kinds():
            return
        lead = self.lead() if "play" in self.turn_kinds() else ()
        unit = plays.unit_at(self.view.rules, self.ctx, self.hand, self.cursor, lead)
        if not unit:
            return
        if all(i in self.selected for i in unit):
            self.selected = [i for i in self.selected if i not in unit]
        else:
            self.selected += [i for i in unit if i not in self.selected]
        self._changed()

    def pick_play(self, n: int) -> bool:
        """A digit: select the `n`-th (from 1) of the legal plays listed; False
        when there is no such play."""
        listed = self.listed_plays()
        if not 1 <= n <= len(listed):
            return False
        self.select_cards(listed[n - 1])
        return True

    def toggle(self, index: int | None = None) -> None:
        """Select the card under the cursor (or at `index`), or unselect it."""
        i = self.cursor if index is None else index
        if not 0 <= i < len(self.hand):
            return
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)
        self._changed()

    def click(self, index: int) -> None:
        """A click on a card: the cursor goes there and picks it (when it is your
        turn to play or bury)."""
        if not self.turn_kinds():
            return
        self.cursor = index
        self.toggle(index)

    def clear(self) -> None:
        self.selected = []
        self._changed()

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Select exactly `cards` (a multiset) in the hand; the cursor goes to the first."""
        want = Counter(cards)
        self.selected = []
        for i, c in enumerate(self.hand):
            if want[c] > 0:
                want[c] -= 1
                self.selected.append(i)
        if self.selected:
            self.cursor = self.selected[0]
        self._changed()

    def suggest_selection(self) -> bool:
        """Select the hint's play (or bury); False when there is none."""
        cards = self.suggest()
        if cards:
            self.select_cards(cards)
        return bool(cards)

    # ----------------------------------------------------------- reading
    def turn_kinds(self) -> frozenset[str]:
        """The hand's commands the seat may send now (`play` or `bury`)."""
        a = self.allowed
        return a.kinds & TURN_KINDS if a is not None else frozenset()

    def bury_count(self) -> int:
        """How many cards the kitty's holder buries now: the kitty's size, or three
        players' overturner's swap (`view.bury_count`)."""
        v = self.view
        if v is None:
            return 0
        return v.bury_count or v.kitty_size

    def legal_plays(self) -> list[tuple[Card, ...]]:
        """While the seat follows: its legal plays (the rules'), at most
        `plays.PLAYS_SHOWN` + 1 of them, in hand order; else none."""
        v = self.view
        if v is None or "play" not in self.turn_kinds() or not v.trick:
            return []
        memo = self._plays
        if memo is not None and memo[0] is v:  # (asked by the centre, the keys, the app)
            return memo[1]
        found = plays.legal_plays(v.rules, self.ctx, self.hand, self.lead())
        self._plays = (v, found)
        return found

    def listed_plays(self) -> list[tuple[Card, ...]]:
        """The legal plays the digits pick (none when there are too many to list)."""
        found = self.legal_plays()
        return found if 1 < len(found) <= plays.PLAYS_SHOWN else []

    def only_play(self) -> tuple[Card, ...] | None:
        """The follow when exactly one is legal (`enter` alone plays it)."""
        found = self.legal_plays()
        return found[0] if len(found) == 1 else None

    def sorted_cards(self, cards: Sequence[Card]) -> list[Card]:
        if self.view is None:
            return list(cards)
        return rules.sort_hand(self.rs, self.ctx, list(cards))

    def selection(self) -> list[Card]:
        return [self.hand[i] for i in sorted(self.selected) if i < len(self.hand)]

    def pending_command(self) -> Command | None:
        """The bury or play the selection makes (when `check()` allows it)."""
        cards = tuple(self.selection())
        kinds = self.turn_kinds()
        if "bury" in kinds:
            return Bury(seat=self.seat, cards=cards)
        if "play" in kinds:
            only = self.only_play() if not cards else None
            return Play(seat=self.seat, cards=only if only is not None else cards)
        return None

    def skip_command(self) -> Command | None:
        """The skip key: deal the rest at once; after the last card, close the
        declarations (only where every human of the table plays at this
        keyboard: over SSH others may still declare; at a hotseat the app gives
        each human here their turn before it closes)."""
        a = self.allowed
        if a is None or "deal_all" not in a:
            return None
        if not a.closing:
            return DealAll(seat=self.seat)
        # (every human of the table at this keyboard: the app hands it round first)
        return DealNext(seat=self.seat) if self.table_humans <= max(1, len(self.humans)) else None

    # ----------------------------------------------------------- declaring
    def declare_options(self) -> list[list[Card]]:
        """What the seat may declare now (or steal the kitty with): the engine's
        list (a spectator: none)."""
        a = self.allowed
        if self.view is None or a is None or not ({"declare", "steal"} & a.kinds):
            return []
        return declare_options(self.view)

    def declare_kind(self, cards: Sequence[Card]) -> str:
        """'declare', 'reinforce' or 'overturn' for the panel."""
        v = self.view
        if v is None or v.standing is None:
            return "declare"
        if v.standing.seat == self.seat and cards and cards[0] == v.standing.cards[0]:
            return "reinforce"
        return "overturn"

    # ----------------------------------------------------------- the trick
    def lead(self) -> tuple[Card, ...]:
        v = self.view
        if v is None or not v.trick:
            return ()
        return v.trick[0].cards

    def current_winner(self) -> int | None:
        """The seat winning the trick so far (None before two plays)."""
        v = self.view
        if v is None or len(v.trick) < 2:
            return None
        memo = self._winner
        if memo is not None and memo[0] is v:  # (asked by every seat panel and the centre)
            return memo[1]
        try:
            idx = rules.trick_winner(v.rules, self.ctx, [list(p.cards) for p in v.trick])
        except (ValueError, IndexError):
            winner = None
        else:
            winner = v.trick[idx].seat
        self._winner = (v, winner)
        return winner

    def throw_reason(self) -> str:
        """The rules' reason a throw failed, in the player's language."""
        e = self.throw_failed
        if e is None:
            return ""
        return self.ct.notation(e.reason_zh if self.cat.zh and e.reason_zh else e.reason)

    def check(self) -> Check:
        """Can the selection be sent now (bury or play)? With the reason if not,
        and the hint's reason while the selection is the hint's."""
        why, chk = self.checked()
        return Check(chk.ok, f"{why} {chk.message}".strip()) if why else chk

    def checked(self) -> tuple[str, Check]:
        """`check` in two parts: the hint's reason while the selection is the
        hint's (else ""), and whether the selection can be sent (why not)."""
        chk = self._check()
        if self.hint and Counter(self.selection()) == self.hint_cards:
            return self.hint, chk
        return "", chk

    def _check(self) -> Check:
        v = self.view
        t = self.cat.t
        kinds = self.turn_kinds()
        if v is None or not kinds:
            return Check(False, "")
        sel = self.selection()
        if "bury" in kinds:
            k = self.bury_count()
            if len(sel) != k:
                return Check(False, t("check.bury_count", k=k, n=len(sel)))
            return Check(True, t("check.bury_ok", k=k, points=rules.points(sel)))
        if not sel:
            only = self.only_play()
            if only is not None:
                return Check(True, t("check.only_play", cards=self.ct.cards(only)))
            listed = len(self.listed_plays())
            return Check(False, t("check.pick_listed", k=listed) if listed else t("check.pick"))
        lead = self.lead()
        if not lead:
            try:
                units = rules.decompose(v.rules, self.ctx, sel)
            except ValueError:
                return Check(False, t("check.lead_one_suit"))
            if len(units) > 1:
                refused = self.throw_refused()
                if refused:
                    return Check(False, refused)
                return Check(
                    True,
                    t("check.throw_warning", shape=lead_parts(self.cat, v.rules, self.ctx, sel)),
                )
            return Check(
                True, t("check.lead_ok", shape=describe_lead(self.cat, v.rules, self.ctx, sel))
            )
        if len(sel) != len(lead):
            return Check(False, t("check.count", n=len(lead), k=len(sel)))
        verdict = rules.check_follow(v.rules, self.ctx, list(v.hand), list(lead), sel)
        if not verdict.ok:
            reason = verdict.reason_zh if self.cat.zh and verdict.reason_zh else verdict.reason
            return Check(False, self.ct.notation(reason) if reason else t("check.illegal"))
        return Check(True, t("check.follow_ok"))

    def throw_refused(self) -> str:
        """Why a lead may not be a throw now ("" when it may): the rules' answer
        (`rules.throw_allowed`: three players throw only in the first tricks,
        eighty points not after two failed throws), as the engine asks it."""
        v = self.view
        if v is None:
            return ""
        verdict = rules.throw_allowed(v.rules, v.trick_no, v.failed_throws)
        if verdict.ok:
            return ""
        t = self.cat.t
        if verdict.code == "throw_late":
            return t("check.throw_limit", n=v.rules.throw_trick_limit or 0)
        if verdict.code == "throw_failures":
            return t("check.throw_failures", n=v.rules.throw_failure_limit or 0)
        reason = verdict.reason_zh if self.cat.zh and verdict.reason_zh else verdict.reason
        return self.ct.notation(reason)

    def requirement(self) -> str:
        """What the viewer must do on this trick: 'follow ♠ with a pair (2 cards)';
        a lead offers a throw only while the rules allow one."""
        v = self.view
        lead = self.lead()
        if v is None or not lead:
            if v is not None and self.throw_refused():
                return self.cat.t("prompt.lead_unit")
            return self.cat.t("prompt.lead")
        rs, ctx, t = v.rules, self.ctx, self.cat.t
        suit = eff_suit_name(self.cat, self.ct, rs, ctx, lead[0])
        shape = describe_lead(self.cat, rs, ctx, lead)
        led = rules.effective_suit(rs, ctx, lead[0])
        held = sum(1 for c in self.hand if rules.effective_suit(rs, ctx, c) == led)
        n = len(lead)
        if held == 0:  # void: any cards (a side lead may be ruffed, if the trumps allow)
            if led == "T":
                return t("prompt.void_trumps", suit=suit, n=n)
            ruff = rules.can_ruff(rs, ctx, self.hand, lead)
            return t("prompt.void" if ruff else "prompt.void_discard", suit=suit, n=n)
        if held < n:
            return t("prompt.short", suit=suit, k=held, rest=n - held, shape=shape)
        return t("prompt.follow", suit=suit, shape=shape, n=n)

    def suggest(self) -> list[Card]:
        """The best bot's play (or bury) for the hint key (`bots.Advisor`: the hard
        bot at a short budget, else the normal one); its reason goes to `hint`."""
        v = self.view
        self.hint = ""
        if v is None or not self.turn_kinds():
            return []
        advisor = self._advisors.get(self.seat)
        if advisor is None:
            advisor = self._advisors[self.seat] = Advisor(self.hint_budget_ms, seed=self.seat)
        advice = advisor.advise(v)
        if advice is None:
            return []
        args = dict(advice.args)
        if "suit_of" in args:
            args["suit"] = eff_suit_name(self.cat, self.ct, v.rules, self.ctx, args.pop("suit_of"))
        self.hint = self.cat.t("hint." + advice.reason, **args)
        self.hint_cards = Counter(advice.cards)
        return list(advice.cards)

    # ----------------------------------------------------------- scores
    def attacker_points(self) -> int:
        v = self.view
        if v is None:
            return 0
        if v.attacker_points is not None:
            return v.attacker_points
        if not v.dealer_side:
            return 0
        pts = sum(p for s, p in enumerate(v.points_by_seat) if s not in v.dealer_side)
        return pts + v.penalty_points

    def bands(self) -> list[ScoreBand]:
        """The score table, its last band continued while the points can go on
        (`extra_step`: the attackers +1 per step more, as `rules.deal_result`
        scores them): at 125 of 200, "160 attackers +2" is still ahead."""
        if self.view is None:
            return []
        rs = self.rs
        bands = rs.bands()
        last = bands[-1] if bands else None
        if last is None or not rs.extra_step or not (last.take_over or last.attacker_levels):
            return bands
        out = list(bands)
        at = last.min_points + rs.extra_step
        while at <= rs.total_points:
            gain = rules.deal_result(rs, at).attacker_levels
            if gain > out[-1].attacker_levels:  # (a level cap: no more)
                out.append(last.model_copy(update={"min_points": at, "attacker_levels": gain}))
            at += rs.extra_step
        return out

    def milestones(self, points: int) -> list[ScoreBand]:
        """The bands still ahead of the attackers, skipping the small ones below one
        step (5 points: dealer +2 instead of +3) that nobody aims for."""
        step = self.rs.score_step if self.view is not None else 0
        return [b for b in self.bands() if b.min_points > points and b.min_points >= step]

    def next_band(self, points: int) -> ScoreBand | None:
        ahead = self.milestones(points)
        return ahead[0] if ahead else None

    def band_text(self, b: ScoreBand) -> str:
        t = self.cat.t
        if b.take_over and b.attacker_levels:
            return t("score.band_attackers", n=b.attacker_levels)
        if b.take_over:
            return t("score.band_take_over")
        return t("score.band_dealer", n=b.dealer_levels)

    def shape_of(self, width_: int, length: int) -> str:
        return shape_text(self.cat, width_, length)
