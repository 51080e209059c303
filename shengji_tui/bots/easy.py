"""`EasyBot` (level "easy"): legal plays with simple sense and no card tracking.

- declares with a pair of level cards when the suit is fair, with a single
  only late and with many trumps; never overturns its partner;
- buries its lowest side cards, avoiding point cards;
- never steals the kitty, never overturns;
- bids on the same estimate as the normal bot (bidding.py), more cautiously;
- find friends: calls a side-suit boss card it lacks a copy of, at random;
- leads its highest side-suit pair or tractor, else a side-suit ace, else the
  lowest card of its longest side suit;
- follows low; wins cheaply (the lowest winning play) when the trick holds
  points or it plays last; ruffs only for points; never wastes trumps.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CallFriend, SeatView
from ..rules import Card, TrumpContext, points
from .base import side_of
from .friends import easy_call
from .playbook import PlaybookBot, Situation, declared_suit, trump_share
from .sense import TRUMP, Sense


class EasyBot(PlaybookBot):
    level = "easy"
    bid_margin = 12.0  # bids cautiously

    def __init__(self, seed: int = 0, name: str = "easy") -> None:
        super().__init__(seed, name)

    # ------------------------------------------------------------ declaring
    def declaration(self, view: SeatView) -> list[Card] | None:
        opts = self.options(view)
        if not opts:
            return None
        rs, level, hand = view.rules, view.level, list(view.hand)
        st = view.standing
        if st is not None and st.seat in side_of(view, view.seat):
            return None
        frac = len(hand) / rs.hand_size
        for cards in reversed(opts):  # strongest first
            suit = declared_suit(rs, level, cards)
            if suit is None:
                continue
            share = trump_share(rs, level, suit, hand)
            if len(cards) >= 2 and share >= 0.25 and len(hand) >= 4:
                return cards
            if st is None and frac >= 0.75 and share >= 0.38:
                return cards
        return None

    def steal(self, view: SeatView) -> list[Card] | None:
        return None

    def overturn(self, view: SeatView) -> list[Card] | None:
        return None

    def call(self, view: SeatView) -> CallFriend:
        return easy_call(view, self.rng(view, "call"))

    def bury(self, view: SeatView) -> list[Card]:
        sn = Sense(view.rules, TrumpContext(view.level, view.trump_suit))
        hand = sorted(
            view.hand,
            key=lambda c: (sn.is_trump(c), c.points > 0, sn.pos[c.idx], c.idx),
        )
        return hand[: view.bury_count]

    # ------------------------------------------------------------- playing
    def candidates(self, view: SeatView) -> list[tuple[float, list[Card]]]:
        sit = self.situation(view)
        if view.trick:
            plays = [p for _, p in self.follow_candidates(sit)]
            scored = [(self.easy_follow(sit, p), p) for p in plays]
        else:
            scored = [(self.easy_lead(sit, p), p) for _, p in self.lead_candidates(sit)]
        scored.sort(key=lambda sc: (-sc[0], [c.idx for c in sc[1]]))
        return scored

    def lead_candidates(self, sit: Situation) -> list[tuple[float, list[Card]]]:
        sn = sit.sn
        out: list[tuple[float, list[Card]]] = []
        for _, cards in sorted(sn.by_suit(sit.hand).items()):
            for u in sn.decompose(cards):
                out.append((0.0, list(u.cards)))
            out.append((0.0, [cards[0]]))
        return out

    def situation(self, view: SeatView) -> Situation:
        return super().situation(view)

    def low(self, sn: Sense, play: Sequence[Card]) -> float:
        return sum(sn.strength(c) + 3 * c.points for c in play)

    def easy_lead(self, sit: Situation, lead: list[Card]) -> float:
        sn = sit.sn
        suit = sn.eff[lead[0].idx]
        side = suit != TRUMP
        n_suit = sum(1 for c in sit.hand if sn.eff[c.idx] == suit)
        if len(lead) > 1 and side:
            return 100 + sn.pos[lead[0].idx]
        if side and sn.pos[lead[0].idx] == sn.npos[suit] - 1:
            return 80
        if side:
            return 40 + n_suit - 0.1 * sn.pos[lead[0].idx] - c_points(lead)
        return 10 - 0.1 * sn.pos[lead[0].idx]

    def easy_follow(self, sit: Situation, play: list[Card]) -> float:
        sn = sit.sn
        trick = sit.trick
        plays = [*trick, play]
        w = sn.winner(plays)
        winner_seat = sit.order[w]
        cur = sn.winner(trick)
        partner_winning = sit.order[cur] in sit.mine
        pts = sum(points(p) for p in trick)
        last = len(plays) == len(sit.order)
        trumps_used = (
            sum(1 for c in play if sn.is_trump(c)) if sn.eff[trick[0][0].idx] != TRUMP else 0
        )
        base = -self.low(sn, play)
        if partner_winning:
            return base
        if winner_seat == sit.me and (pts >= 10 or last) and (trumps_used == 0 or pts >= 10):
            return 1000 + base
        return base - 50 * trumps_used


def c_points(cards: Sequence[Card]) -> int:
    return points(cards)
