"""Card tracking from one seat's view: what has been played, who is void in
which effective suit (trump counts as one suit), which tuples a seat can no
longer hold, which cards a seat is known to hold (declarations, failed
throws), and the kitty for the seat that buried it. `sample` deals the unseen
cards to the other seats (and the kitty) consistently with every inference.

Everything is read from `SeatView.log` (this deal's events as the seat sees
them) and the view's own fields: the tracker never sees another hand.

Inferences (each is certain under the rules, not a guess):
- void: a follower played fewer cards of the led suit than were led; it holds
  none of that suit from then on.
- tuple caps: a follower who had enough of the led suit followed a lead with
  multi-card units; if its play would have been illegal had it also held `w`
  copies of card X (asked of `rules.check_follow` on that hypothetical hand),
  it holds fewer than `w` copies of X (e.g. it failed to follow a pair: no pair
  of that suit is left).
- a throw that stood: no other seat held a card above its lowest single, nor a
  tuple of width w above its lowest tuple of width w, in that suit.
- known cards: a declaration's cards and a failed throw's cards stay in the
  seat's hand until it plays them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .. import rules
from ..engine import SeatView
from ..engine.events import (
    DeclarationsRevealed,
    Declared,
    Event,
    Played,
    ThrowFailed,
    TrickWon,
)
from ..rules import ALL_CARDS, Card, TrumpContext, full_deck
from .sense import TRUMP, Sense


class Tracker:
    """What one seat knows about the cards of the current deal."""

    def __init__(self, view: SeatView) -> None:
        self.rs = view.rules
        self.seat = view.seat
        self.n = view.rules.players
        self.deal_no = view.deal_no
        self.key = (view.deal_no, view.level, view.trump_suit)
        self.ctx = TrumpContext(view.level, view.trump_suit)
        self.sense = Sense(self.rs, self.ctx)
        self.decks = self.rs.decks
        self.total: Counter[Card] = Counter(full_deck(self.decks))
        self.played: Counter[Card] = Counter()
        self.played_by: list[list[Card]] = [[] for _ in range(self.n)]
        self.void: list[set[int]] = [set() for _ in range(self.n)]
        self.cap: list[dict[int, int]] = [{} for _ in range(self.n)]  # ident -> max copies
        self.known: list[Counter[Card]] = [Counter() for _ in range(self.n)]
        self.failed_throws: list[int] = [0] * self.n
        self.declared: list[bool] = [False] * self.n
        self.trick_lead: list[Card] | None = None
        self.trick_leader: int | None = None
        self._pending_fail: int | None = None
        self._seen = 0
        self._last: Event | None = None
        self.hand: Counter[Card] = Counter()
        self.hand_sizes: tuple[int, ...] = ()
        self.my_kitty: Counter[Card] = Counter()
        self.unseen: Counter[Card] = Counter()
        self.update(view)

    # ------------------------------------------------------------ updating
    def matches(self, view: SeatView) -> bool:
        return self.seat == view.seat and self.key == (view.deal_no, view.level, view.trump_suit)

    def update(self, view: SeatView) -> None:
        log = view.log
        if self._seen > len(log) or (self._seen and log[self._seen - 1] != self._last):
            fresh = Tracker.__new__(Tracker)
            fresh.__init__(view)  # type: ignore[misc]
            self.__dict__.update(fresh.__dict__)
            return
        for e in log[self._seen :]:
            self._event(e)
        self._seen = len(log)
        self._last = log[-1] if log else None
        self.hand = Counter(view.hand)
        self.hand_sizes = view.hand_sizes
        self.my_kitty = (
            Counter(view.kitty)
            if view.kitty is not None and view.kitty_holder == self.seat and view.result is None
            else Counter()
        )
        self.unseen = self.total - self.hand - self.played - self.my_kitty
        for s in range(self.n):
            if s != self.seat and self.known[s]:
                self.known[s] &= self.unseen

    def _event(self, e: Event) -> None:
        if isinstance(e, Declared):
            if e.seat != self.seat:
                self.known[e.seat] |= Counter(e.cards)
                self.declared[e.seat] = True
        elif isinstance(e, DeclarationsRevealed):
            for s, cs in zip(e.seats, e.cards, strict=False):
                if s != self.seat:
                    self.known[s] |= Counter(cs)
                    self.declared[s] = True
        elif isinstance(e, ThrowFailed):
            self.failed_throws[e.seat] += 1
            self._pending_fail = e.seat
            if e.seat != self.seat:
                self.known[e.seat] |= Counter(e.tried)
        elif isinstance(e, Played):
            self._played(e)
        elif isinstance(e, TrickWon):
            self.trick_lead = None
            self.trick_leader = None

    def _played(self, e: Played) -> None:
        cards = list(e.cards)
        self.played.update(cards)
        self.played_by[e.seat].extend(cards)
        if e.seat != self.seat:
            self.known[e.seat] -= Counter(cards)
        if e.lead:
            self.trick_lead = cards
            self.trick_leader = e.seat
            stood = self._pending_fail != e.seat
            self._pending_fail = None
            if stood and len(cards) > 1:
                self._throw_stood(e.seat, cards)
            return
        if self.trick_lead is not None:
            self._follow(e.seat, self.trick_lead, cards)

    def _throw_stood(self, leader: int, lead: list[Card]) -> None:
        sn = self.sense
        units = sn.decompose(lead)
        if len(units) <= 1:
            return
        suit = sn.suit(lead[0])
        low_by_width: dict[int, int] = {}
        for u in units:
            if u.length == 1:
                w = u.width
                low_by_width[w] = min(low_by_width.get(w, 10**6), u.top)
        if not low_by_width:
            return
        for c in ALL_CARDS:
            i = c.idx
            if sn.eff[i] != suit:
                continue
            p = sn.pos[i]
            for w, top in low_by_width.items():
                if p > top:
                    for s in range(self.n):
                        if s != leader and s != self.seat:
                            self._cap(s, sn.ident[i], w - 1)

    def _cap(self, seat: int, ident: int, k: int) -> None:
        cur = self.cap[seat].get(ident)
        if cur is None or k < cur:
            self.cap[seat][ident] = max(0, k)

    def _follow(self, seat: int, lead: list[Card], play: list[Card]) -> None:
        sn = self.sense
        suit = sn.suit(lead[0])
        n = len(lead)
        in_suit = sum(1 for c in play if sn.eff[c.idx] == suit)
        if in_suit < n:
            self.void[seat].add(suit)
            return
        if n == 1 or seat == self.seat:
            return
        units = sn.decompose(lead)
        if all(u.width == 1 for u in units):
            return
        rs, ctx = self.rs, self.ctx
        seen_ident: set[int] = set()
        gone = self.played  # copies already out (this play included)
        for c in ALL_CARDS:
            i = c.idx
            if sn.eff[i] != suit:
                continue
            ident = sn.ident[i]
            if ident in seen_ident:
                continue
            seen_ident.add(ident)
            copies = sum(self.total[x] - gone[x] for x in ALL_CARDS if sn.ident[x.idx] == ident)
            for w in range(2, min(sn.max_w, copies) + 1):
                hypo = play + [c] * w
                if not rules.check_follow(rs, ctx, hypo, lead, play).ok:
                    self._cap(seat, ident, w - 1)
                    break

    # ------------------------------------------------------------- queries
    def others(self) -> list[int]:
        return [s for s in range(self.n) if s != self.seat]

    def kitty_unknown(self) -> int:
        """Cards of the unseen pool that lie in the kitty (not in any hand)."""
        held = sum(self.hand_sizes[s] for s in self.others())
        return max(0, sum(self.unseen.values()) - held)

    def allows(self, seat: int, c: Card, copies: int = 1) -> bool:
        sn = self.sense
        if sn.eff[c.idx] in self.void[seat]:
            return False
        cap = self.cap[seat].get(sn.ident[c.idx])
        return cap is None or copies <= cap

    def possible(self, seat: int) -> Counter[Card]:
        """An upper bound, card by card, of what `seat` may hold now."""
        if seat == self.seat:
            return Counter(self.hand)
        sn = self.sense
        pool = Counter(self.unseen)
        for o in range(self.n):
            if o != seat and o != self.seat:
                pool -= self.known[o]
        out: Counter[Card] = Counter()
        void = self.void[seat]
        caps = self.cap[seat]
        for c, k in pool.items():
            i = c.idx
            if sn.eff[i] in void:
                continue
            cap = caps.get(sn.ident[i])
            if cap is not None:
                k = min(k, cap)
            if k > 0:
                out[c] = k
        for c, k in self.known[seat].items():
            if out[c] < k:
                out[c] = k
        return out

    def max_copies(self, seat: int, ident: int) -> int:
        """The most copies of card identity `ident` that `seat` may hold now."""
        sn = self.sense
        held = sum(k for c, k in self.possible(seat).items() if sn.ident[c.idx] == ident)
        cap = self.cap[seat].get(ident)
        return held if cap is None else min(held, cap)

    def is_void(self, seat: int, suit: int) -> bool:
        return suit in self.void[seat]

    def unseen_in_suit(self, suit: int) -> list[Card]:
        e = self.sense.eff
        return [c for c, k in self.unseen.items() if e[c.idx] == suit for _ in range(k)]

    # ------------------------------------------------------------ sampling
    def spec(self) -> SampleSpec:
        """What sampling needs (small and picklable, for search worker processes)."""
        others = self.others()
        sizes = {s: self.hand_sizes[s] for s in others}
        free: Counter[Card] = Counter(self.unseen)
        fixed: dict[int, list[Card]] = {}
        for s in others:
            k = self.known[s] & free
            lst = sorted(k.elements(), key=lambda c: c.idx)[: sizes[s]]
            fixed[s] = lst
            free -= Counter(lst)
        return SampleSpec(
            others=others,
            sizes=sizes,
            kitty_n=self.kitty_unknown(),
            fixed=fixed,
            pool=sorted(free.elements(), key=lambda c: c.idx),
            void={s: set(self.void[s]) for s in others},
            cap={s: dict(self.cap[s]) for s in others},
            kitty_weight=self._kitty_weights(),
            trump_bias=self._trump_bias(),
        )

    def _kitty_weights(self) -> dict[int, float]:
        """How likely each card is to have been buried (by card idx): a burier
        keeps trumps, aces and pairs, and buries low side cards."""
        sn = self.sense
        out: dict[int, float] = {}
        for c in ALL_CARDS:
            i = c.idx
            if sn.eff[i] == TRUMP:
                w = 0.08
            else:
                top = sn.npos[sn.eff[i]] - 1
                w = 1.6 - 1.2 * sn.rel(c)
                if sn.pos[i] == top:
                    w = 0.12
                if c.points:
                    w *= 0.6
            out[i] = w
        return out

    def _trump_bias(self) -> dict[int, float]:
        """Seats that declared are likelier to hold trumps (their declared suit)."""
        out: dict[int, float] = {}
        for s in self.others():
            if self.declared[s]:
                out[s] = 1.5
        return out

    def sample(
        self, rng: random.Random, tries: int = 40
    ) -> tuple[dict[int, list[Card]], list[Card]]:
        """Hidden hands for every other seat, and the kitty if this seat does not
        know it, consistent with the inferences (voids, tuple caps, known cards).
        After repeated failures the caps, then the voids, are relaxed."""
        return sample_spec(self.spec(), self.sense, rng, tries)


@dataclass
class SampleSpec:
    others: list[int]
    sizes: dict[int, int]
    kitty_n: int
    fixed: dict[int, list[Card]]
    pool: list[Card]
    void: dict[int, set[int]]
    cap: dict[int, dict[int, int]]
    kitty_weight: dict[int, float] = field(default_factory=dict)
    trump_bias: dict[int, float] = field(default_factory=dict)


def sample_spec(
    spec: SampleSpec, sn: Sense, rng: random.Random, tries: int = 40
) -> tuple[dict[int, list[Card]], list[Card]]:
    """One deal of `spec.pool` to the other seats and the kitty (see `Tracker.sample`)."""
    others = spec.others
    eff, idents = sn.eff, sn.ident
    eligible_count = {
        c: sum(1 for s in others if eff[c.idx] not in spec.void[s]) for c in set(spec.pool)
    }
    for attempt in range(tries):
        use_caps = attempt < tries * 3 // 4
        use_voids = attempt < tries - 2
        order = list(spec.pool)
        rng.shuffle(order)
        if use_voids:
            order.sort(key=lambda c: eligible_count[c])
        hands = {s: list(spec.fixed[s]) for s in others}
        counts = {s: Counter(idents[c.idx] for c in hands[s]) for s in others}
        room = {s: spec.sizes[s] - len(hands[s]) for s in others}
        kroom = spec.kitty_n
        kitty: list[Card] = []
        ok = True
        for c in order:
            e = eff[c.idx]
            ident = idents[c.idx]
            opts: list[int] = []
            weights: list[float] = []
            for s in others:
                if room[s] <= 0:
                    continue
                if use_voids and e in spec.void[s]:
                    continue
                if use_caps:
                    cap = spec.cap[s].get(ident)
                    if cap is not None and counts[s][ident] >= cap:
                        continue
                opts.append(s)
                bias = spec.trump_bias.get(s, 1.0) if e == TRUMP else 1.0
                weights.append(room[s] * bias)
            if kroom > 0:
                opts.append(-1)
                weights.append(kroom * spec.kitty_weight.get(c.idx, 1.0))
            if not opts:
                ok = False
                break
            pick = rng.choices(opts, weights)[0]
            if pick == -1:
                kitty.append(c)
                kroom -= 1
            else:
                hands[pick].append(c)
                counts[pick][ident] += 1
                room[pick] -= 1
        if ok:
            return hands, kitty
    raise RuntimeError("could not sample hidden hands")  # pragma: no cover
