"""The hard bot's auction call (eighty points and three players, docs/rules.md
§11-12), searched: the nearest allowed bid and a pass, each followed to the end
of the deal over the same sampled deals.

A sample deals the cards this seat cannot see (its hand and the kitty's shown
cards excepted) to the other hands and the kitty. For each choice the rest of
the auction is called as the playbook calls it (every seat bids while the next
bid is within its hand's estimate less its margin, `bidding.py`), this seat
included after its choice; the winner names its best trump, takes the kitty,
buries its cheapest cards and the deal is played out by the rollout policy to
the end; the choice is scored by the search's `utility` (a redeal: 0).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence

from .. import rules
from ..engine import SeatView
from ..rules import Auction, AuctionCall, Card, RuleSet, Suit, TrumpContext
from .bidding import appraise, bid_limit
from .rollout import Sim
from .sense import TRUMP, Sense

# a sample's set-up (the auction's estimates, the deal, the bury) in rollout steps
SETUP_STEPS = 60


def quick_bury(sn: Sense, hand: list[Card], k: int) -> list[Card]:
    """The `k` cards a dealer would bury first: low side cards, no trumps, pairs
    or top cards where it can help it (the playbook's keep values, no search)."""
    ids = sn.ident_counts(hand)

    def keep(c: Card) -> float:
        v = 1.5 * sn.rel(c) + 0.35 * c.points
        if sn.eff[c.idx] == TRUMP:
            v += 10.0
        if ids[sn.ident[c.idx]] >= 2:
            v += 3.0
        if sn.pos[c.idx] == sn.npos[sn.eff[c.idx]] - 1:
            v += 3.0
        return v

    return sorted(hand, key=lambda c: (keep(c), c.idx))[:k]


def finish_auction(
    rs: RuleSet, auction: Auction, limits: Sequence[int]
) -> tuple[int | None, int | None]:
    """The rest of `auction` called by the playbook's rule (each seat bids the
    nearest value while it is within `limits[seat]`): the winner and its bid
    (None, None: every seat passed and the cards are dealt again)."""
    rising = rs.bidding == "points_up"
    while True:
        st = rules.auction_status(rs, auction)
        if st.over:
            return st.winner, st.points
        s = st.turn
        assert s is not None
        opts = rules.bid_options(rs, auction, s)
        ok = bool(opts) and (opts[0] <= limits[s] if rising else opts[0] >= limits[s])
        auction = auction.with_call(AuctionCall(seat=s, points=opts[0] if ok else None))


def choose_call(
    view: SeatView,
    unseen: Sequence[Card],
    margins: Sequence[float],
    seed: str,
    max_steps: int,
    deadline: float,
    utility: Callable[..., float],
) -> tuple[list[float], int]:
    """The mean utility of bidding the nearest value (first) and of passing
    (second) over sampled deals, and the samples played. `unseen`: every card
    this seat has not seen (the others' hands and the kitty's hidden part);
    `margins[seat]`: the margin each seat bids with (this one's included)."""
    rs = view.rules
    assert view.auction is not None
    n, me = rs.players, view.seat
    opts = rules.bid_options(rs, view.auction, me)
    assert opts
    choices = [
        view.auction.with_call(AuctionCall(seat=me, points=opts[0])),
        view.auction.with_call(AuctionCall(seat=me, points=None)),
    ]
    shown = list(view.shown_kitty)
    hidden_kitty = rs.kitty_size - len(shown)
    sizes = [
        len(view.hand) if s == me else (len(unseen) - hidden_kitty) // (n - 1) for s in range(n)
    ]
    totals = [0.0, 0.0]
    steps = samples = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{samples}")
        pool = list(unseen)
        rng.shuffle(pool)
        hands: list[list[Card]] = []
        at = 0
        for s in range(n):
            if s == me:
                hands.append(list(view.hand))
            else:
                hands.append(pool[at : at + sizes[s]])
                at += sizes[s]
        kitty = shown + pool[at:]
        worth = [appraise(rs, view.levels[s], [*hands[s], *shown]) for s in range(n)]
        limits = [bid_limit(rs, worth[s].points, margins[s]) for s in range(n)]
        for k, auction in enumerate(choices):
            winner, bid = finish_auction(rs, auction, limits)
            if winner is None or bid is None:
                continue  # a redeal: nothing won or lost
            u, used = _play_out(rs, view, hands, kitty, winner, bid, worth[winner].suit, utility)
            totals[k] += u
            steps += used
        steps += SETUP_STEPS
        samples += 1
    return [t / max(1, samples) for t in totals], samples


def _play_out(
    rs: RuleSet,
    view: SeatView,
    hands: list[list[Card]],
    kitty: list[Card],
    dealer: int,
    bid: int,
    suit: Suit | None,
    utility: Callable[..., float],
) -> tuple[float, int]:
    """The deal played out with `dealer` at `bid`, `suit` trump: this seat's
    utility and the rollout's steps."""
    n, me = rs.players, view.seat
    sn = Sense(rs, TrumpContext(view.levels[dealer], suit))
    full = hands[dealer] + kitty
    bury = quick_bury(sn, full, len(kitty))
    dealt = [list(h) for h in hands]
    dealt[dealer] = list((Counter(full) - Counter(bury)).elements())
    attackers = {s for s in range(n) if s != dealer}
    sim = Sim(sn, dealt, [], dealer, [0] * n, attackers, bury, dealer=dealer)
    sim.run(0.0, 0)
    pts = sim.attacker_points(0)
    return float(utility(rs, pts, me != dealer, bid, sim.captured[dealer])), sim.steps
