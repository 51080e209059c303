"""What the table screen shows, derived from one `SeatView` plus the player's
own choices (cursor, selected cards, the highlighted declaration).

No Textual here: the widgets read this object and the app feeds it views.
Every judgement is asked of the rules API (`check_follow`, `legal_follows`,
`valid_declarations`, `sort_hand`, `decompose`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

from .. import rules
from ..engine import CardDealt, DealStarted, Event, KittyTaken, Played, SeatView, ThrowFailed
from ..rules import Card, RuleSet, ScoreBand, Suit, TrumpContext
from .i18n import Catalogue
from .text import CardText, describe_lead, eff_suit_name, shape_text

# Positions around the table, relative to the viewer (play goes to the right).
BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3


@dataclass
class Check:
    """Whether the pending action (bury / play) can be sent, and why not."""

    ok: bool
    message: str = ""


@dataclass
class Model:
    cat: Catalogue
    ct: CardText
    names: list[str]
    seat: int
    humans: list[int] = field(default_factory=list)
    view: SeatView | None = None
    cursor: int = 0
    selected: list[int] = field(default_factory=list)  # indices into `hand`, in pick order
    decl_index: int = 0
    hand: list[Card] = field(default_factory=list)
    kitty_new: Counter[Card] = field(default_factory=Counter)  # cards just taken from the kitty
    last_dealt: Card | None = None  # the card the viewer was dealt last (while dealing)
    throw_failed: tuple[tuple[Card, ...], tuple[Card, ...], int, str] | None = None
    declare_deadline: float | None = None  # time.monotonic() when the table closes declaring
    # (tried, forced, seat, reason) of a failed throw in the current trick
    _ctx: tuple[object, TrumpContext] | None = field(default=None, repr=False, compare=False)
    _winner: tuple[SeatView, int | None] | None = field(default=None, repr=False, compare=False)

    # ----------------------------------------------------------- basics
    @property
    def rs(self) -> RuleSet:
        assert self.view is not None
        return self.view.rules

    @property
    def players(self) -> int:
        return self.view.rules.players if self.view is not None else 4

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
        assert self.view is not None
        key = (self.view.level, self.trump_suit)
        cached = self._ctx
        if cached is None or cached[0] != key:
            cached = self._ctx = (key, TrumpContext(*key))
        return cached[1]

    def rel(self, seat: int) -> int:
        """Where `seat` sits for the viewer: 0 bottom, 1 right, 2 top, 3 left."""
        return (seat - self.seat) % self.players

    def seat_at(self, pos: int) -> int:
        return (self.seat + pos) % self.players

    def name(self, seat: int) -> str:
        if seat == self.seat and len(self.humans) <= 1:
            return self.cat.t("seat.you")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.cat.t("seat.default_name", n=seat + 1)

    def is_you(self, seat: int) -> bool:
        """Whether sentences about `seat` address the reader ("You lead")."""
        return seat == self.seat and len(self.humans) <= 1

    def team_name(self, seats: Sequence[int]) -> str:
        names = [self.name(s) for s in seats]
        if len(names) == 2:
            return self.cat.t("team.pair", a=names[0], b=names[1])
        return self.cat.t("team.list_sep").join(names)

    def is_partner(self, seat: int) -> bool:
        v = self.view
        return v is not None and v.teams[seat] == v.teams[self.seat]

    def on_dealer_side(self, seat: int) -> bool:
        v = self.view
        return v is not None and seat in v.dealer_side

    def my_turn(self) -> bool:
        v = self.view
        return v is not None and v.awaiting == self.seat

    @property
    def phase(self) -> str:
        return self.view.phase if self.view is not None else "dealing"

    # ----------------------------------------------------------- view in
    def set_view(self, view: SeatView) -> None:
        """Take a new view, keeping the cursor and selection on the same cards."""
        old_hand = self.hand
        old_sel = [old_hand[i] for i in self.selected if i < len(old_hand)]
        old_cur = old_hand[self.cursor] if 0 <= self.cursor < len(old_hand) else None
        prev = self.view
        self.view = view
        if prev is None or prev.deal_no != view.deal_no:
            self.kitty_new.clear()
            self.throw_failed = None
        self.hand = rules.sort_hand(view.rules, self.ctx, list(view.hand))
        if view.phase != "burying":
            self.kitty_new.clear()
        # remap the selection by card identity (the k-th copy stays the k-th copy)
        self.selected = self._remap(old_hand, old_sel)
        if old_cur is not None and old_cur in self.hand:
            self.cursor = self.hand.index(old_cur)
        self.cursor = max(0, min(self.cursor, len(self.hand) - 1))
        opts = self.declare_options()
        self.decl_index = max(0, min(self.decl_index, len(opts) - 1))

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
        self._winner = None
        self.set_view(view)  # (a first view: no kitty marks, no failed throw)
        self.apply_events(view.log)
        if view.phase != "burying":
            self.kitty_new.clear()

    def apply_events(self, events: Sequence[Event]) -> None:
        """Keep what the view does not say, from this seat's own events: the card
        it was dealt last, the cards it took from the kitty, a failed throw."""
        prev: Event | None = None
        for e in events:
            if isinstance(e, ThrowFailed):
                text = e.reason_zh if self.cat.zh and e.reason_zh else e.reason
                self.throw_failed = (e.tried, e.forced, e.seat, self.ct.notation(text))
            elif isinstance(e, Played):
                if e.lead and not isinstance(prev, ThrowFailed):
                    self.throw_failed = None
                if e.seat == self.seat:
                    self.reset_selection()
            elif isinstance(e, KittyTaken) and e.seat == self.seat and e.cards:
                self.kitty_new = Counter(e.cards)
            elif isinstance(e, CardDealt) and e.seat == self.seat and e.card is not None:
                self.last_dealt = e.card
            elif isinstance(e, DealStarted):
                self.reset_selection()
                self.throw_failed = None
                self.last_dealt = None
            prev = e

    def _remap(self, old_hand: list[Card], old_sel: list[Card]) -> list[int]:
        out: list[int] = []
        used: set[int] = set()
        for c in old_sel:
            for i, h in enumerate(self.hand):
                if h == c and i not in used:
                    used.add(i)
                    out.append(i)
                    break
        return out

    def reset_selection(self) -> None:
        self.selected = []

    # ----------------------------------------------------------- hand editing
    def move(self, step: int) -> None:
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if not 0 <= i < len(self.hand):
            return
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)

    def sorted_cards(self, cards: Sequence[Card]) -> list[Card]:
        if self.view is None:
            return list(cards)
        return rules.sort_hand(self.rs, self.ctx, list(cards))

    def selection(self) -> list[Card]:
        return [self.hand[i] for i in sorted(self.selected) if i < len(self.hand)]

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

    # ----------------------------------------------------------- declaring
    def declare_options(self) -> list[list[Card]]:
        v = self.view
        if v is None:
            return []
        stealing = v.phase == "kitty_theft" and v.awaiting == self.seat
        if v.phase not in ("dealing", "declaring") and not stealing:
            return []
        st = v.standing
        return rules.valid_declarations(
            v.rules,
            v.level,
            list(v.hand),
            None if st is None else list(st.cards),
            st is not None and st.seat == self.seat,
        )

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

    def check(self) -> Check:
        """Can the selection be sent now (bury or play)? With the reason if not."""
        v = self.view
        t = self.cat.t
        if v is None or v.awaiting != self.seat:
            return Check(False, "")
        sel = self.selection()
        if v.phase == "burying":
            k = v.kitty_size
            if len(sel) != k:
                return Check(False, t("check.bury_count", k=k, n=len(sel)))
            return Check(True, t("check.bury_ok", k=k, points=rules.points(sel)))
        if v.phase != "playing":
            return Check(False, "")
        if not sel:
            return Check(False, t("check.pick"))
        lead = self.lead()
        if not lead:
            try:
                units = rules.decompose(v.rules, self.ctx, sel)
            except ValueError:
                return Check(False, t("check.lead_one_suit"))
            if len(units) > 1:
                limit = v.rules.throw_trick_limit
                if limit is not None and v.trick_no >= limit:
                    return Check(False, t("check.throw_limit", n=limit))
                return Check(
                    True,
                    t("check.throw_warning", shape=describe_lead(self.cat, v.rules, self.ctx, sel)),
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

    def requirement(self) -> str:
        """What the viewer must do on this trick: 'follow ♠ with a pair (2 cards)'."""
        v = self.view
        lead = self.lead()
        if v is None or not lead:
            return self.cat.t("prompt.lead")
        suit = eff_suit_name(self.cat, self.ct, v.rules, self.ctx, lead[0])
        return self.cat.t(
            "prompt.follow",
            suit=suit,
            shape=describe_lead(self.cat, v.rules, self.ctx, lead),
            n=len(lead),
        )

    def suggest(self) -> list[Card]:
        """A legal play (or bury) for the hint key: cheap cards first."""
        v = self.view
        if v is None or v.awaiting != self.seat:
            return []
        rs, ctx = v.rules, self.ctx
        hand = list(v.hand)
        order = rules.compiled(rs, ctx)

        def cost(cards: Sequence[Card]) -> tuple[int, int, int]:
            return (
                rules.points(cards),
                sum(1 for c in cards if order.is_trump(c)),
                sum(order.strength(c) for c in cards),
            )

        if v.phase == "burying":
            return sorted(hand, key=lambda c: cost([c]))[: v.kitty_size]
        if v.phase != "playing":
            return []
        lead = self.lead()
        if lead:
            options = list(islice(rules.legal_follows(rs, ctx, hand, list(lead)), 400))
            return min(options, key=cost) if options else []
        # leading: the lowest non-point side card of the longest side suit, else a trump
        by_suit: dict[str, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(rules.effective_suit(rs, ctx, c), []).append(c)
        side = [cs for s, cs in by_suit.items() if s != "T"]
        pool = max(side, key=len) if side else by_suit.get("T", hand)
        return [min(pool, key=lambda c: cost([c]))] if pool else []

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
        return self.rs.bands() if self.view is not None else []

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
