"""The hard bot's rollouts: one sampled deal played on from the current trick
with every hand known, by a fast policy close to the playbook's.

Speed is what makes the search count: `Sim` keeps each hand also as one list
per effective suit, sorted by place (the compiled order's `eff` / `pos` tables,
`rules.compiled`), so that "the highest spade an opponent holds" or "is this
seat void" are list reads; single-card tricks (most of them) are compared on
those integers; multi-card tricks ask the compiled order (`beats`, `decompose`,
`lead_shapes`, `pack`) and the rules' `legal_follows`.

The policy: lead a unit nobody on the other side can beat (tuples and
tractors first), else a low card of a short side suit, a point card only when
the suit has no other. Follow: feed points to a partner who cannot be beaten,
take a trick holding points cheaply when it will stand, ruff for points,
otherwise play the cheapest cards (side cards before trumps, no points).
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import islice, pairwise

from .. import rules
from ..rules import Card, Unit, points
from .evaluate import features, kitty_factor, remaining_share
from .sense import TRUMP, Sense

NSUITS = 5  # effective suits: 0-3 (two-colour pack 0-1) and TRUMP (4)


class Sim:
    """A deal from the current trick to the end, all hands known (one sample)."""

    def __init__(
        self,
        sn: Sense,
        hands: list[list[Card]],
        trick: list[tuple[int, list[Card]]],
        leader: int,
        captured: list[int],
        attackers: set[int],
        kitty: list[Card],
        watch: tuple[Card, int] | None = None,
        dealer: int = -1,
        friend: int | None = None,
    ) -> None:
        self.sn = sn
        self.rs = sn.rs
        self.n = len(hands)
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.captured = captured
        self.attackers = attackers
        self.kitty = kitty
        # find friends, nth_played: (the called card, copies until the nth) until it is played
        self.watch = watch
        self.dealer = dealer
        self.friend = friend
        self.steps = 0
        self.tricks = 0  # tricks completed in this rollout
        self.last_lead: list[Card] = []
        self.last_win: list[Card] = []
        self.last_winner = -1
        self.win = 0
        self.units: list[Unit] | None = None  # the lead's (None for a single)
        self.order_beats = sn.order.beats
        eff, pos, ident = sn.eff, sn.pos, sn.ident
        self.suits: list[list[list[Card]]] = []
        for h in hands:
            by: list[list[Card]] = [[] for _ in range(NSUITS)]
            for c in h:
                by[eff[c.idx]].append(c)
            for cs in by:
                cs.sort(key=lambda c: (pos[c.idx], ident[c.idx], c.idx))
            self.suits.append(by)
        if trick:
            lead = trick[0][1]
            if len(lead) > 1:
                self.units = sn.decompose(lead)
            for k in range(1, len(trick)):
                if self._beats(lead, trick[self.win][1], trick[k][1]):
                    self.win = k

    def side(self, s: int) -> bool:
        return s in self.attackers

    def opponents(self, s: int) -> list[int]:
        me = s in self.attackers
        return [o for o in range(self.n) if o != s and (o in self.attackers) != me]

    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def apply(self, seat: int, cards: list[Card]) -> None:
        h = self.hands[seat]
        by = self.suits[seat]
        eff = self.sn.eff
        for c in cards:
            h.remove(c)
            by[eff[c.idx]].remove(c)
        trick = self.trick
        trick.append((seat, cards))
        self.steps += 1
        if self.watch is not None:
            card, left = self.watch
            k = cards.count(card)
            if k >= left:
                self.watch = None
                if seat != self.dealer:
                    self.attackers.discard(seat)
                    self.friend = seat
            elif k:
                self.watch = (card, left - k)
        if len(trick) == 1:
            self.win = 0
            self.units = None if len(cards) == 1 else self.sn.decompose(cards)
        else:
            k = len(trick) - 1
            if self._beats(trick[0][1], trick[self.win][1], cards):
                self.win = k
        if len(trick) == self.n:
            w = self.win
            ws = trick[w][0]
            self.captured[ws] += sum(c.points for _, p in trick for c in p)
            self.last_lead, self.last_win, self.last_winner = trick[0][1], trick[w][1], ws
            self.leader = ws
            self.trick = []
            self.tricks += 1

    def _beats(self, lead: list[Card], best: list[Card], new: list[Card]) -> bool:
        units = self.units
        if len(lead) > 1:
            if units is None or len(units) != 1 or units[0].length != 1:
                return self.order_beats(lead, best, new, units)
            # one tuple led (a pair, a triple): only a tuple of the same width
            # beats, compared like a single on its card
            ident = self.sn.ident
            i0 = ident[new[0].idx]
            if any(ident[c.idx] != i0 for c in new):
                return False
        # (the compiled order's beats_card, inline)
        eff, pos = self.sn.eff, self.sn.pos
        b, c = best[0].idx, new[0].idx
        ec = eff[c]
        if ec == eff[lead[0].idx]:
            return eff[b] == ec and pos[c] > pos[b]
        if ec == TRUMP:
            return eff[b] != TRUMP or pos[c] > pos[b]
        return False

    def winner_with(self, cards: list[Card]) -> bool:
        """Whether `cards`, played now, would be winning the trick."""
        return self._beats(self.trick[0][1], self.trick[self.win][1], cards)

    def run(self, deadline: float = 0.0, horizon: int = 0) -> bool:
        """Play to the end, or (`horizon` > 0) until that many tricks are complete;
        False if `deadline` (a perf_counter value) passed first."""
        k = 0
        hands = self.hands
        while hands[self.turn()]:
            if horizon and self.tricks >= horizon and not self.trick:
                break
            s = self.turn()
            if not self.trick:
                self.apply(s, fast_lead(self, s))
            else:
                self.apply(s, fast_follow(self, s))
            k += 1
            if deadline and k % 8 == 0 and time.perf_counter() >= deadline:
                return False
        return True

    def finished(self) -> bool:
        return not any(self.hands)

    def expected_attacker_points(self, penalty: int, total_tricks: int) -> tuple[float, float]:
        """At a cut-off (a trick boundary): the attackers' points so far plus the
        evaluation's share of the points in the hands and of the kitty's bonus
        (`evaluate.py`); and the spread of that guess (points still open)."""
        captured = sum(self.captured[s] for s in self.attackers) + penalty
        left = sum(c.points for h in self.hands for c in h)
        done = total_tricks - len(self.hands[self.leader])
        x = features(self.sn, self.hands, self.attackers, self.leader, done / total_tricks)
        est = captured + remaining_share(x) * left
        kitty = points(self.kitty) if self.rs.bidding != "points_up" else 0
        est += kitty_factor(x) * kitty
        return est, 0.15 * (left + kitty) + 5.0

    def attacker_points(self, penalty: int) -> int:
        pts = sum(self.captured[s] for s in self.attackers) + penalty
        if self.rs.bidding == "points_up":
            return pts  # eighty points: the kitty counts for nobody
        if self.last_winner in self.attackers and self.kitty:
            mult = rules.kitty_multiplier(self.rs, self.sn.ctx, self.last_lead, self.last_win)
            pts += points(self.kitty) * mult
        return pts


# ------------------------------------------------------------------ the policy


def _beaten(sim: Sim, opps: list[int], card: Card, e: int) -> bool:
    """Whether one of `opps` can beat the single `card` (of effective suit `e`)
    leading or standing: a higher card of the suit, or (void in a side suit) a
    trump."""
    pos = sim.sn.pos
    p = pos[card.idx]
    for o in opps:
        so = sim.suits[o]
        mine = so[e]
        if mine:
            if pos[mine[-1].idx] > p:
                return True
        elif e != TRUMP and so[TRUMP]:
            return True
    return False


def _has_tuple(sn: Sense, cards: list[Card]) -> bool:
    ident = sn.ident
    return any(ident[a.idx] == ident[b.idx] for a, b in pairwise(cards))


def fast_lead(sim: Sim, s: int) -> list[Card]:
    sn = sim.sn
    pos = sn.pos
    suits = sim.suits[s]
    opps = sim.opponents(s)
    best: tuple[float, list[Card]] | None = None
    low: tuple[float, list[Card]] | None = None
    for e in range(NSUITS):
        cards = suits[e]
        if not cards:
            continue
        if len(cards) > 1 and _has_tuple(sn, cards):
            u = sn.decompose(cards)[0]
            if u.width > 1:
                lead = list(u.cards)
                if _unit_safe(sim, opps, lead, e):
                    sc = 20.0 + 2 * len(lead) + points(lead)
                else:
                    sc = 2.0 + len(lead) - sn.rel(lead[0]) * 2 - points(lead) * 0.3
                    if e == TRUMP:
                        sc -= 3
                if best is None or sc > best[0]:
                    best = (sc, lead)
        top = cards[-1]
        if not _beaten(sim, opps, top, e):
            sc = 10.0 + top.points + (0 if e != TRUMP else -2)
            if best is None or sc > best[0]:
                best = (sc, [top])
        if e != TRUMP:
            bottom = min(cards, key=lambda c: (c.points > 0, pos[c.idx]))
            n = len(cards)
            sc = -n * 0.1 - bottom.points - (3 if n > 2 else 0)
            if n <= 2:
                sc += 0.5
            if low is None or sc > low[0]:
                low = (sc, [bottom])
    if best is not None and best[0] >= 8:
        return best[1]
    if low is not None:
        return low[1]
    if best is not None:
        return best[1]
    return [suits[TRUMP][0]]


def _unit_safe(sim: Sim, opps: list[int], lead: list[Card], suit: int) -> bool:
    """Whether no opponent can beat the tuple or tractor `lead` (by following or ruffing)."""
    sn = sim.sn
    pos, ident = sn.pos, sn.ident
    places = {pos[c.idx] for c in lead}
    tractor = len(places) > 1
    width = len(lead) // len(places)
    top = max(places)
    for o in opps:
        so = sim.suits[o]
        in_suit = so[suit]
        ruff = False
        if not in_suit and suit != TRUMP:
            in_suit, ruff = so[TRUMP], True
        if len(in_suit) < len(lead):
            continue
        if tractor:
            hypo = sn.strongest_play(Counter(in_suit), TRUMP if ruff else suit, lead)
            if hypo is not None and sn.winner([lead, hypo]) == 1:
                return False
            continue
        counts = Counter(ident[c.idx] for c in in_suit)
        for c in in_suit:
            if counts[ident[c.idx]] >= width and (ruff or pos[c.idx] > top):
                return False
    return True


def _can_beat_later(sim: Sim, opp_later: list[int], lead: Card, card: Card) -> bool:
    """Whether a later opponent can beat `card`, the winning card of a single-card trick."""
    if not opp_later:
        return False
    eff, pos = sim.sn.eff, sim.sn.pos
    ls = eff[lead.idx]
    ec, pc = eff[card.idx], pos[card.idx]
    for o in opp_later:
        so = sim.suits[o]
        mine = so[ls]
        if mine:
            if ec == ls and pos[mine[-1].idx] > pc:
                return True
        elif ls != TRUMP and so[TRUMP] and (ec != TRUMP or pos[so[TRUMP][-1].idx] > pc):
            return True
    return False


def fast_follow(sim: Sim, s: int) -> list[Card]:
    sn = sim.sn
    eff, pos = sn.eff, sn.pos
    hand = sim.hands[s]
    trick = sim.trick
    lead = trick[0][1]
    n = len(lead)
    suit = eff[lead[0].idx]
    in_suit = sim.suits[s][suit]
    k = len(in_suit)
    w = sim.win
    ws = trick[w][0]
    me_att = sim.side(s)
    partner_wins = sim.side(ws) == me_att
    pts = sum(c.points for _, p in trick for c in p)
    later = [(sim.leader + i) % sim.n for i in range(len(trick) + 1, sim.n)]
    opp_later = [o for o in later if sim.side(o) != me_att]

    def cheap(c: Card) -> tuple[bool, int, int]:
        return (eff[c.idx] == TRUMP, c.points, pos[c.idx])

    def feed(c: Card) -> tuple[bool, int, int]:
        return (eff[c.idx] == TRUMP, -c.points, pos[c.idx])

    if n == 1:
        win_card = trick[w][1][0]
        if k:
            if partner_wins and not _can_beat_later(sim, opp_later, lead[0], win_card):
                return [min(in_suit, key=feed)]
            if not partner_wins and eff[win_card.idx] == suit:
                wp = pos[win_card.idx]
                beaters = [c for c in in_suit if pos[c.idx] > wp]
                if beaters and (pts > 0 or not opp_later):
                    if not opp_later:
                        return [beaters[0]]
                    top = beaters[-1]
                    if not _can_beat_later(sim, opp_later, lead[0], top):
                        return [top]
            return [min(in_suit, key=cheap)]
        # void in the led suit (only a trump can take the trick)
        if not partner_wins and suit != TRUMP and (pts >= 10 or not opp_later):
            trumps = sim.suits[s][TRUMP]
            if eff[win_card.idx] == TRUMP:
                wp = pos[win_card.idx]
                trumps = [c for c in trumps if pos[c.idx] > wp]
            if trumps:
                return [trumps[0]]
        if partner_wins and not _can_beat_later(sim, opp_later, lead[0], win_card):
            return [min(hand, key=feed)]
        return [min(hand, key=cheap)]
    # multi-card leads
    if k < n:
        rest = [c for c in hand if eff[c.idx] != suit]
        if k == 0 and suit != TRUMP and not partner_wins and pts >= 10:
            held = Counter(sim.suits[s][TRUMP])
            hypo = sn.strongest_play(held, TRUMP, lead)
            if hypo is not None and sim.winner_with(hypo):
                return hypo
        rest.sort(key=feed if partner_wins else cheap)
        return in_suit + rest[: n - k]
    opts = list(islice(rules.legal_follows(sim.rs, sn.ctx, hand, lead), 12))
    if len(opts) == 1:
        return opts[0]
    strength = sn.strength
    if not partner_wins and pts >= 5:
        winning = [p for p in opts if sim.winner_with(p)]
        if winning:
            return min(winning, key=lambda p: sum(strength(c) for c in p))
    if partner_wins:
        return max(opts, key=lambda p: (points(p), -sum(strength(c) for c in p)))
    return min(opts, key=lambda p: (points(p), sum(strength(c) for c in p)))
