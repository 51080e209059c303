"""The table screen's state: one seat's `SeatView` plus what the player chose
(cursor, selected cards, the highlighted declaration) and what the seat's
events told that the view does not keep (the card dealt last, the cards just
taken from the kitty, a failed throw), and the game log's sentences, kept in
three records (`records.py`): `facts` (what the table told), `prefs` (the
player's options) and `cursor` (where the player's keys are).

It changes in one way only: `apply(view, events)` when the table sends the
shown seat news, `hear(events)` for the log's feed, `take_seat` at a hotseat
hand-over, and the named actions of the player (`move`, `jump`, `suit_edge`,
`toggle`, `toggle_unit`, `pick_play`, `click`, `clear`, `select_cards`,
`suggest_selection`) and of the app (`set_look`, `set_names`, `set_held`,
`set_assists`). Each of them ends by telling the observers (the screens), which
ask the presenter (`presenter.Presenter`) for new props; `batch()` makes
several changes one.

No Textual here. Every judgement is asked of the rules API (`check_follow`,
`legal_follows`, `valid_declarations`, `sort_hand`, `decompose`), and which
commands the seat may send of `engine.allowed`.
"""

from __future__ import annotations

import contextlib
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from .. import rules
from ..bots import Advisor
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
    team_name,
    team_said,
)
from . import plays
from .contract import ClockLike
from .records import Cursor, Prefs, TableFacts, new_log_id
from .variants.auction.choices import AuctionChoices

TURN_KINDS = frozenset({"play", "bury"})  # the commands the hand's keys make


@dataclass
class Check:
    """Whether the pending action (bury / play) can be sent, and why not."""

    ok: bool
    message: str = ""


class SeatVoice:
    """The shown seat as the reader of a result (`dealend.Voice`): the model's
    language, seat and names, asked when the result is written."""

    def __init__(self, model: Model) -> None:
        self._model = model

    @property
    def cat(self) -> Catalogue:
        return self._model.prefs.cat

    @property
    def ct(self) -> CardText:
        return self._model.prefs.ct

    @property
    def seat(self) -> int:
        return self._model.facts.seat

    @property
    def spectating(self) -> bool:
        return self._model.facts.spectating

    def name(self, seat: int) -> str:
        return self._model.name(seat)

    def is_you(self, seat: int) -> bool:
        return self._model.is_you(seat)

    def team_name(self, seats: Sequence[int]) -> str:
        return self._model.team_name(seats)

    def team_said(self, key: str, seats: Sequence[int], **kw: object) -> str:
        return self._model.team_said(key, seats, **kw)


@dataclass
class Model(AuctionChoices):
    """The table screen's state in three records (`records.py`): `facts` (what
    the table told), `prefs` (the player's options), `cursor` (where the keys
    are). Readers read them; only the model's methods write them."""

    prefs: Prefs
    facts: TableFacts
    cursor: Cursor = field(default_factory=Cursor)
    _advisors: dict[int, Advisor] = field(default_factory=dict, repr=False, compare=False)
    _ctx: tuple[SeatView, object, TrumpContext] | None = field(
        default=None, repr=False, compare=False
    )
    _winner: tuple[SeatView, int | None] | None = field(default=None, repr=False, compare=False)
    _plays: tuple[SeatView, list[tuple[Card, ...]]] | None = field(
        default=None, repr=False, compare=False
    )
    _observers: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)
    _narrator: Narrator | None = field(default=None, repr=False, compare=False)
    _batching: bool = field(default=False, repr=False, compare=False)
    _dirty: bool = field(default=False, repr=False, compare=False)

    # ----------------------------------------------------------- observers
    def observe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback()` after every change; returns the unsubscriber."""
        self._observers.append(callback)

        def forget() -> None:
            if callback in self._observers:
                self._observers.remove(callback)

        return forget

    def _changed(self) -> None:
        if self._batching:
            self._dirty = True
            return
        for callback in list(self._observers):
            callback()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several changes told as one (the observers are called once, at the end)."""
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
        assert self.facts.view is not None
        return self.facts.view.rules

    @property
    def players(self) -> int:
        return (
            self.facts.view.rules.players if self.facts.view is not None else len(self.facts.names)
        )

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit if set, else the standing declaration's (for sorting while dealing)."""
        v = self.facts.view
        if v is None:
            return None
        if v.trump_set:
            return v.trump_suit
        if v.standing is not None and v.standing.cards:
            return v.standing.cards[0].suit
        return None

    @property
    def ctx(self) -> TrumpContext:
        v = self.facts.view
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
        if self.facts.view is None:
            return None
        a = allowed(self.facts.view)
        return a.model_copy(update={"kinds": frozenset()}) if self.facts.spectating else a

    @property
    def me(self) -> int:
        """The seat the sentences address as "you" (-1 for a spectator: none)."""
        return -1 if self.facts.spectating else self.facts.seat

    @property
    def voice(self) -> SeatVoice:
        """The shown seat as a result's reader (`dealend.Voice`)."""
        return SeatVoice(self)

    def rel(self, seat: int) -> int:
        """Where `seat` sits for the viewer: 0 the viewer, 1 its right, and so on."""
        return (seat - self.facts.seat) % self.players

    def seat_at(self, pos: int) -> int:
        return (self.facts.seat + pos) % self.players

    def name(self, seat: int) -> str:
        if self.is_you(seat):
            return self.prefs.cat.t("seat.you")
        if 0 <= seat < len(self.facts.names) and self.facts.names[seat]:
            return self.facts.names[seat]
        return self.prefs.cat.t("seat.default_name", n=seat + 1)

    def is_you(self, seat: int) -> bool:
        """Whether sentences about `seat` address the reader ("You lead")."""
        return seat == self.me and self.facts.seating.own_seat

    def team_name(self, seats: Sequence[int]) -> str:
        return team_name(self.prefs.cat, [self.name(s) for s in seats])

    def team_said(self, key: str, seats: Sequence[int], **kw: object) -> str:
        """`key` said of a team (`names`), or its `key_sg` form for one seat that
        is not the viewer ("Mei wins", "Mei and Ken win", "You win")."""
        return team_said(self.prefs.cat, key, seats, self.team_name, self.is_you, **kw)

    def is_partner(self, seat: int) -> bool:
        v = self.facts.view
        return v is not None and v.teams[seat] == v.teams[self.facts.seat]

    def on_dealer_side(self, seat: int) -> bool:
        v = self.facts.view
        return v is not None and seat in v.dealer_side

    def can_hold(self) -> bool:
        """The hold key works: the cards are being dealt and every human at the
        table plays at this keyboard (over SSH with others the table keeps its
        pace: one player must not stop everyone's deal)."""
        a = self.allowed
        return (
            a is not None
            and "deal_next" in a
            and self.facts.seating.all_here(self.facts.table_humans)
        )

    def can_step(self) -> bool:
        """The step key works: the deal is held, a card is still to come."""
        a = self.allowed
        return self.facts.deal_held and self.can_hold() and a is not None and not a.closing

    def my_turn(self) -> bool:
        v = self.facts.view
        return v is not None and v.awaiting == self.me

    @property
    def phase(self) -> str:
        return self.facts.view.phase if self.facts.view is not None else "dealing"

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
            self.facts.names = list(names)
        if table_humans is not None:
            self.facts.table_humans = table_humans
        if on_auto is not None:
            self.facts.on_auto = on_auto
        if held is not None:
            self.facts.deal_held = held
        self._apply_events(events)
        self._set_view(view)
        self._set_deadline(now)
        self.facts.clock = clock if clock is not None and clock.version == view.version else None
        self._changed()

    def take_seat(self, seat: int, view: SeatView) -> None:
        """Show `seat` (the table's first view, or another human at a hotseat table).

        Everything the model kept for the seat shown before goes: its cursor,
        selection and chosen declaration, and what it learnt from that seat's
        events (the card it was dealt last, the kitty it took, a failed throw),
        which is read again from the new seat's own log."""
        self.facts.seat = seat
        self.facts.view = None
        self.facts.hand = []
        self.cursor.selected = []
        self.cursor.at = 0
        self.cursor.decl_index = 0
        self.facts.last_dealt = None
        self.facts.throw_failed = None
        self.facts.kitty_new = Counter()
        self._winner = None
        self._set_view(view)
        self._apply_events(view.log)
        if not self._burying():
            self.facts.kitty_new.clear()
        if self.facts.declare_deadline is None:  # (a hand-over keeps the table's deadline)
            self._set_deadline(None)
        self._changed()

    def hear(self, events: Sequence[Event], view: SeatView) -> None:
        """Events of the log's feed (the shown seat's own, or a spectator's at a
        table of several humans): one sentence each in the log."""
        said = False
        for e in events:
            line = self._narrate(e, view)
            if line:
                self.facts.log.append(line)
                said = True
        if said:
            self._changed()

    def hear_note(self, note: Note) -> str:
        """Something said at the table beside the game: its sentence in the log."""
        line = self.narrator.note(note)
        self.facts.log.append(line)
        self._changed()
        return line

    @property
    def narrator(self) -> Narrator:
        if self._narrator is None:
            # it asks the model through a weak reference: the two in a cycle would
            # wait for the garbage collector when the app ends (docs/performance.md)
            me = weakref.proxy(self)
            self._narrator = Narrator(
                self.prefs.cat,
                self.prefs.ct,
                lambda seat: me.name(seat),
                lambda seats: me.team_name(seats),
                lambda seat: me.is_you(seat),
            )
        return self._narrator

    def reset_log(self) -> None:
        self.facts.log = []
        self.facts.log_id = new_log_id()
        self._narrator = None

    def _narrate(self, e: Event, view: SeatView) -> str | None:
        ctx = self.ctx if self.facts.view is not None else TrumpContext(view.level, view.trump_suit)
        return self.narrator.sentence(e, view.rules, ctx)

    def set_names(
        self,
        names: Sequence[str],
        table_humans: int | None = None,
        on_auto: frozenset[int] | None = None,
    ) -> None:
        self.facts.names = list(names)
        if table_humans is not None:
            self.facts.table_humans = table_humans
        if on_auto is not None:
            self.facts.on_auto = on_auto
        self._changed()

    def set_clock(self, clock: ClockLike | None) -> None:
        """The table's clock now (a seat taken back from 托管 starts one); one of
        another state than the shown view's is not shown."""
        v = self.facts.view
        ours = clock is not None and v is not None and clock.version == v.version
        shown = clock if ours else None
        if shown != self.facts.clock:
            self.facts.clock = shown
            self._changed()

    def set_shown(self, on: bool) -> None:
        """The player lets spectators see their hand (or no longer)."""
        if on != self.prefs.shown_to_spectators:
            self.prefs.shown_to_spectators = on
            self._changed()

    def set_held(self, held: bool) -> None:
        """The table's deal is held (or goes on): what the hold key did."""
        if held != self.facts.deal_held:
            self.facts.deal_held = held
            self._changed()

    def set_assists(self, *, auto_declare: bool, auto_forced: bool) -> None:
        """The player's options: declare for them, play their forced follows."""
        self.prefs.auto_declare, self.prefs.auto_forced = auto_declare, auto_forced
        self._changed()

    def set_look(self, cat: Catalogue, ct: CardText) -> None:
        """Another language or card style (the log keeps its sentences)."""
        self.prefs.cat, self.prefs.ct = cat, ct
        if self._narrator is not None:
            self._narrator.cat, self._narrator.ct = cat, ct
        self._changed()

    def set_compact(self, compact: bool) -> None:
        """The terminal became small (or large again): the table says less."""
        if compact != self.prefs.compact:
            self.prefs.compact = compact
            self._changed()

    def set_centre_room(self, room: tuple[int, int] | None) -> None:
        """The centre box's columns and lines on screen (the table screen measures)."""
        if room != self.prefs.centre_room:
            self.prefs.centre_room = room
            self._changed()

    def _burying(self) -> bool:
        """The kitty is being buried (its cards are marked new until then)."""
        a = self.allowed
        return a is not None and "bury" in a.kinds | a.awaited

    def _set_deadline(self, now: float | None) -> None:
        a = self.allowed
        if a is None or not a.closing or self.facts.declare_window is None:
            self.facts.declare_deadline = None
        else:  # the table waits again after each change
            self.facts.declare_deadline = (
                time.monotonic() if now is None else now
            ) + self.facts.declare_window

    def _set_view(self, view: SeatView) -> None:
        """Take a new view, keeping the cursor and selection on the same cards."""
        old_hand = self.facts.hand
        old_sel = [old_hand[i] for i in self.cursor.selected if i < len(old_hand)]
        old_cur = old_hand[self.cursor.at] if 0 <= self.cursor.at < len(old_hand) else None
        prev = self.facts.view
        self.facts.view = view
        self._forget_auction_choices(prev, view)
        if prev is None or prev.deal_no != view.deal_no:
            self.facts.kitty_new.clear()
            self.facts.throw_failed = None
        self.facts.hand = rules.sort_hand(view.rules, self.ctx, list(view.hand))
        if not self._burying():
            self.facts.kitty_new.clear()
        # remap the selection by card identity (the k-th copy stays the k-th copy)
        self.cursor.selected = self._remap(old_sel)
        if old_cur is not None and old_cur in self.facts.hand:
            self.cursor.at = self.facts.hand.index(old_cur)
        if self._follow_began(prev, view):  # the cursor starts on the led suit
            start = plays.led_suit_start(view.rules, self.ctx, self.facts.hand, self.lead())
            if start is not None:
                self.cursor.at = start
        self.cursor.at = max(0, min(self.cursor.at, len(self.facts.hand) - 1))
        opts = self.declare_options()
        self.cursor.decl_index = max(0, min(self.cursor.decl_index, len(opts) - 1))

    def _follow_began(self, prev: SeatView | None, view: SeatView) -> bool:
        """The seat has just been asked to follow a lead."""
        if view.phase != "playing" or view.awaiting != self.facts.seat or not view.trick:
            return False
        return (
            prev is None
            or prev.awaiting != self.facts.seat
            or (prev.deal_no, prev.trick_no) != (view.deal_no, view.trick_no)
        )

    def _apply_events(self, events: Sequence[Event]) -> None:
        """Keep what the view does not say, from this seat's own events: the card
        it was dealt last, the cards it took from the kitty, a failed throw."""
        prev: Event | None = None
        for e in events:
            if isinstance(e, ThrowFailed):
                self.facts.throw_failed = e
            elif isinstance(e, Played):
                if e.lead and not isinstance(prev, ThrowFailed):
                    self.facts.throw_failed = None
                if e.seat == self.facts.seat:
                    self.cursor.selected = []
            elif isinstance(e, KittyTaken):  # (the kitty marks: this seat's own take only)
                self.facts.kitty_new = Counter(e.cards if e.seat == self.facts.seat else ())
            elif isinstance(e, KittyBuried):
                self.facts.kitty_new = Counter()
                if e.seat == self.facts.seat:
                    self.cursor.selected = []
            elif isinstance(e, CardDealt) and e.seat == self.facts.seat and e.card is not None:
                self.facts.last_dealt = e.card
            elif isinstance(e, DealStarted):
                self.cursor.selected = []
                self.facts.throw_failed = None
                self.facts.last_dealt = None
            prev = e

    def _remap(self, old_sel: list[Card]) -> list[int]:
        out: list[int] = []
        used: set[int] = set()
        for c in old_sel:
            for i, h in enumerate(self.facts.hand):
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
                self.cursor.decl_index = (self.cursor.decl_index + step) % len(opts)
        elif self.facts.hand:
            self.cursor.at = (self.cursor.at + step) % len(self.facts.hand)
        self._changed()

    def jump(self, step: int) -> None:
        """↑ ↓ Tab: the cursor to the first card of the previous / next suit."""
        runs = self._runs()
        if runs:
            k = plays.run_of(runs, self.cursor.at)
            self.cursor.at = runs[(k + step) % len(runs)][0]
            self._changed()

    def suit_edge(self, end: bool) -> None:
        """Home / End: the first / last card of the cursor's suit (of the hand
        when the cursor is there already)."""
        runs = self._runs()
        if not runs:
            return
        first, last = runs[plays.run_of(runs, self.cursor.at)]
        edge = last if end else first
        if self.cursor.at == edge:
            edge = len(self.facts.hand) - 1 if end else 0
        self.cursor.at = edge
        self._changed()

    def _runs(self) -> list[tuple[int, int]]:
        if self.facts.view is None or not self.facts.hand:
            return []
        return plays.suit_runs(self.facts.view.rules, self.ctx, self.facts.hand)

    def toggle_unit(self) -> None:
        """`a`: select the tuple or tractor under the cursor (following: the legal
        play of the lead's shape holding it), or unselect it when all of it is."""
        if self.facts.view is None or not self.turn_kinds():
            return
        lead = self.lead() if "play" in self.turn_kinds() else ()
        unit = plays.unit_at(self.facts.view.rules, self.ctx, self.facts.hand, self.cursor.at, lead)
        if not unit:
            return
        if all(i in self.cursor.selected for i in unit):
            self.cursor.selected = [i for i in self.cursor.selected if i not in unit]
        else:
            self.cursor.selected += [i for i in unit if i not in self.cursor.selected]
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
        i = self.cursor.at if index is None else index
        if not 0 <= i < len(self.facts.hand):
            return
        if i in self.cursor.selected:
            self.cursor.selected.remove(i)
        else:
            self.cursor.selected.append(i)
        self._changed()

    def click(self, index: int) -> None:
        """A click on a card: the cursor goes there and picks it (when it is your
        turn to play or bury)."""
        if not self.turn_kinds():
            return
        self.cursor.at = index
        self.toggle(index)

    def clear(self) -> None:
        self.cursor.selected = []
        self._changed()

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Select exactly `cards` (a multiset) in the hand; the cursor goes to the first."""
        want = Counter(cards)
        self.cursor.selected = []
        for i, c in enumerate(self.facts.hand):
            if want[c] > 0:
                want[c] -= 1
                self.cursor.selected.append(i)
        if self.cursor.selected:
            self.cursor.at = self.cursor.selected[0]
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
        v = self.facts.view
        if v is None:
            return 0
        return v.bury_count or v.kitty_size

    def legal_plays(self) -> list[tuple[Card, ...]]:
        """While the seat follows: its legal plays (the rules'), at most
        `plays.PLAYS_SHOWN` + 1 of them, in hand order; else none."""
        v = self.facts.view
        if v is None or "play" not in self.turn_kinds() or not v.trick:
            return []
        memo = self._plays
        if memo is not None and memo[0] is v:  # (asked by the centre, the keys, the app)
            return memo[1]
        found = plays.legal_plays(v.rules, self.ctx, self.facts.hand, self.lead())
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
        if self.facts.view is None:
            return list(cards)
        return rules.sort_hand(self.rs, self.ctx, list(cards))

    def selection(self) -> list[Card]:
        return [
            self.facts.hand[i] for i in sorted(self.cursor.selected) if i < len(self.facts.hand)
        ]

    def pending_command(self) -> Command | None:
        """The bury or play the selection makes (when `check()` allows it)."""
        cards = tuple(self.selection())
        kinds = self.turn_kinds()
        if "bury" in kinds:
            return Bury(seat=self.facts.seat, cards=cards)
        if "play" in kinds:
            only = self.only_play() if not cards else None
            return Play(seat=self.facts.seat, cards=only if only is not None else cards)
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
            return DealAll(seat=self.facts.seat)
        # (every human of the table at this keyboard: the app hands it round first)
        here = self.facts.seating.all_here(self.facts.table_humans)
        return DealNext(seat=self.facts.seat) if here else None

    # ----------------------------------------------------------- declaring
    def declare_options(self) -> list[list[Card]]:
        """What the seat may declare now (or steal the kitty with): the engine's
        list (a spectator: none)."""
        a = self.allowed
        if self.facts.view is None or a is None or not ({"declare", "steal"} & a.kinds):
            return []
        return declare_options(self.facts.view)

    def declare_kind(self, cards: Sequence[Card]) -> str:
        """'declare', 'reinforce' or 'overturn' for the panel."""
        v = self.facts.view
        if v is None or v.standing is None:
            return "declare"
        if v.standing.seat == self.facts.seat and cards and cards[0] == v.standing.cards[0]:
            return "reinforce"
        return "overturn"

    # ----------------------------------------------------------- the trick
    def lead(self) -> tuple[Card, ...]:
        v = self.facts.view
        if v is None or not v.trick:
            return ()
        return v.trick[0].cards

    def current_winner(self) -> int | None:
        """The seat winning the trick so far (None before two plays)."""
        v = self.facts.view
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
        e = self.facts.throw_failed
        if e is None:
            return ""
        return self.prefs.ct.notation(
            e.reason_zh if self.prefs.cat.zh and e.reason_zh else e.reason
        )

    def check(self) -> Check:
        """Can the selection be sent now (bury or play)? With the reason if not,
        and the hint's reason while the selection is the hint's."""
        why, chk = self.checked()
        return Check(chk.ok, f"{why} {chk.message}".strip()) if why else chk

    def checked(self) -> tuple[str, Check]:
        """`check` in two parts: the hint's reason while the selection is the
        hint's (else ""), and whether the selection can be sent (why not)."""
        chk = self._check()
        if self.cursor.hint and Counter(self.selection()) == self.cursor.hint_cards:
            return self.cursor.hint, chk
        return "", chk

    def _check(self) -> Check:
        v = self.facts.view
        t = self.prefs.cat.t
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
                return Check(True, t("check.only_play", cards=self.prefs.ct.cards(only)))
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
                    t(
                        "check.throw_warning",
                        shape=lead_parts(self.prefs.cat, v.rules, self.ctx, sel),
                    ),
                )
            return Check(
                True,
                t("check.lead_ok", shape=describe_lead(self.prefs.cat, v.rules, self.ctx, sel)),
            )
        if len(sel) != len(lead):
            return Check(False, t("check.count", n=len(lead), k=len(sel)))
        verdict = rules.check_follow(v.rules, self.ctx, list(v.hand), list(lead), sel)
        if not verdict.ok:
            reason = (
                verdict.reason_zh if self.prefs.cat.zh and verdict.reason_zh else verdict.reason
            )
            return Check(False, self.prefs.ct.notation(reason) if reason else t("check.illegal"))
        return Check(True, t("check.follow_ok"))

    def throw_refused(self) -> str:
        """Why a lead may not be a throw now ("" when it may): the rules' answer
        (`rules.throw_allowed`: three players throw only in the first tricks,
        eighty points not after two failed throws), as the engine asks it."""
        v = self.facts.view
        if v is None:
            return ""
        verdict = rules.throw_allowed(v.rules, v.trick_no, v.failed_throws)
        if verdict.ok:
            return ""
        t = self.prefs.cat.t
        if verdict.code == "throw_late":
            return t("check.throw_limit", n=v.rules.throw_trick_limit or 0)
        if verdict.code == "throw_failures":
            return t("check.throw_failures", n=v.rules.throw_failure_limit or 0)
        reason = verdict.reason_zh if self.prefs.cat.zh and verdict.reason_zh else verdict.reason
        return self.prefs.ct.notation(reason)

    def requirement(self) -> str:
        """What the viewer must do on this trick: 'follow ♠ with a pair (2 cards)';
        a lead offers a throw only while the rules allow one."""
        v = self.facts.view
        lead = self.lead()
        if v is None or not lead:
            if v is not None and self.throw_refused():
                return self.prefs.cat.t("prompt.lead_unit")
            return self.prefs.cat.t("prompt.lead")
        rs, ctx, t = v.rules, self.ctx, self.prefs.cat.t
        suit = eff_suit_name(self.prefs.cat, self.prefs.ct, rs, ctx, lead[0])
        shape = describe_lead(self.prefs.cat, rs, ctx, lead)
        led = rules.effective_suit(rs, ctx, lead[0])
        held = sum(1 for c in self.facts.hand if rules.effective_suit(rs, ctx, c) == led)
        n = len(lead)
        if held == 0:  # void: any cards (a side lead may be ruffed, if the trumps allow)
            if led == "T":
                return t("prompt.void_trumps", suit=suit, n=n)
            ruff = rules.can_ruff(rs, ctx, self.facts.hand, lead)
            return t("prompt.void" if ruff else "prompt.void_discard", suit=suit, n=n)
        if held < n:
            return t("prompt.short", suit=suit, k=held, rest=n - held, shape=shape)
        return t("prompt.follow", suit=suit, shape=shape, n=n)

    def suggest(self) -> list[Card]:
        """The best bot's play (or bury) for the hint key (`bots.Advisor`: the hard
        bot at a short budget, else the normal one); its reason goes to `hint`."""
        v = self.facts.view
        self.cursor.hint = ""
        if v is None or not self.turn_kinds():
            return []
        advisor = self._advisors.get(self.facts.seat)
        if advisor is None:
            advisor = self._advisors[self.facts.seat] = Advisor(
                self.prefs.hint_budget_ms, seed=self.facts.seat
            )
        advice = advisor.advise(v)
        if advice is None:
            return []
        args = dict(advice.args)
        if "suit_of" in args:
            args["suit"] = eff_suit_name(
                self.prefs.cat, self.prefs.ct, v.rules, self.ctx, args.pop("suit_of")
            )
        self.cursor.hint = self.prefs.cat.t("hint." + advice.reason, **args)
        self.cursor.hint_cards = Counter(advice.cards)
        return list(advice.cards)

    # ----------------------------------------------------------- scores
    def attacker_points(self) -> int:
        v = self.facts.view
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
        if self.facts.view is None:
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
        step = self.rs.score_step if self.facts.view is not None else 0
        return [b for b in self.bands() if b.min_points > points and b.min_points >= step]

    def next_band(self, points: int) -> ScoreBand | None:
        ahead = self.milestones(points)
        return ahead[0] if ahead else None

    def band_text(self, b: ScoreBand) -> str:
        t = self.prefs.cat.t
        if b.take_over and b.attacker_levels:
            return t("score.band_attackers", n=b.attacker_levels)
        if b.take_over:
            return t("score.band_take_over")
        return t("score.band_dealer", n=b.dealer_levels)

    def shape_of(self, width_: int, length: int) -> str:
        return shape_text(self.prefs.cat, width_, length)
