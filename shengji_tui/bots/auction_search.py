"""The hard bot's auction-phase calls played out over sampled deals: the
auction's bid (eighty points and three players, docs/rules.md §11-12; measured
worse than the estimate's bids, so off: `SearchBot.search_bids`) and three
players' overturn (反牌, kept).

A bid: the nearest allowed bid and a pass, each followed to the end of the
deal over the same sampled deals. A sample deals the cards this seat cannot
see (its hand and the kitty's shown cards excepted) to the other hands and the
kitty. For each choice the rest of the auction is called as the playbook calls
it (every seat bids while the next bid is within its hand's estimate less its
margin, `bidding.py`), this seat included after its choice; the winner names
its best trump, takes the kitty, buries its cheapest cards and the deal is
played out by the rollout policy to the end; the choice is scored by the
search's `utility` (a redeal: 0). The overturn: `choose_overturn`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence

from .. import rules
from ..engine import SeatView
from ..rules import Auction, AuctionCall, Card, RuleSet, Suit, TrumpContext
from .bidding import appraise, bid_limit, within
from .playbook import declared_suit
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


def split(pool: list[Card], counts: Sequence[int]) -> tuple[list[list[Card]], list[Card]]:
    """`pool` cut into consecutive parts of `counts` cards each, and the rest
    (a sampled deal: a shuffled pool handed out)."""
    parts: list[list[Card]] = []
    at = 0
    for k in counts:
        parts.append(pool[at : at + k])
        at += k
    return parts, pool[at:]


def finish_auction(
    rs: RuleSet, auction: Auction, limits: Sequence[int]
) -> tuple[int | None, int | None]:
    """The rest of `auction` called by the playbook's rule (each seat bids the
    nearest value while it is within `limits[seat]`): the winner and its bid
    (None, None: every seat passed and the cards are dealt again).

    The auction's record is read once (`rules.auction_status`); then calls are
    followed one by one, but whole rounds in which every seat still in would
    bid again are passed over by arithmetic, so the work is a few rounds of
    the seats, whatever `bid_start` and the limits are."""
    st = rules.auction_status(rs, auction)
    if st.over:
        return st.winner, st.points
    rising = rs.bidding == "points_up"
    lo, hi = rules.bid_limits(rs)
    d = rs.bid_step if rising else -rs.bid_step
    n = rs.players
    out = set(st.out)
    first_pass = st.passed[0] if st.passed else None
    high = None if st.high is None else st.high.points
    high_seat = None if st.high is None else st.high.seat
    turn = st.turn
    assert turn is not None
    while True:
        nxt = (lo if rising else hi) if high is None else high + d
        if lo <= nxt <= hi and within(rs, nxt, limits[turn]):
            if rising and high == rs.bid_start and high_seat is not None:
                out.add(high_seat)  # (the 70 rule: an outbid 70 has no further bid)
            high, high_seat = nxt, turn
        else:
            out.add(turn)
            first_pass = turn if first_pass is None else first_pass
        last = turn
        active = [s for s in range(n) if s not in out]
        if not active or (high_seat is not None and active == [high_seat]):
            if high is not None:
                return high_seat, high
            return (first_pass, rs.bid_start) if rising else (None, None)
        order = [(last + k) % n for k in range(1, n + 1) if (last + k) % n not in out]
        turn = order[0]
        if high is None or (rising and high == rs.bid_start) or order[-1] != high_seat:
            continue
        # every seat still in, in turn (the standing bidder last), would bid in
        # how many more whole rounds? (a round of m calls raises the bid m steps)
        m = len(order)
        rounds = min(_bids_left(high, d, m, i, limits[s], lo, hi) for i, s in enumerate(order))
        if rounds > 0:
            high += d * m * rounds  # (the same seat, the last of the round, stands)


def _bids_left(high: int, d: int, m: int, i: int, limit: int, lo: int, hi: int) -> int:
    """How many more rounds of `m` calls the `i`-th seat in turn (0: next) keeps
    bidding in, the standing bid at `high`, each call `d` points on: its bids
    are high + d(jm + i + 1) for j = 0, 1, ... while within its limit and the
    rules' range."""
    first = high + d * (i + 1)
    if d > 0:
        top = min(limit, hi)
        return 0 if first > top else (top - first) // (d * m) + 1
    bottom = max(limit, lo)
    return 0 if first < bottom else (first - bottom) // (-d * m) + 1


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
    this seat has not seen (the others' hands and the kitty, its shown cards
    too); `margins[seat]`: the margin each seat bids with (this one's included)."""
    assert view.auction is not None
    opts = rules.bid_options(view.rules, view.auction, view.seat)
    assert opts
    rows = call_rows(view, unseen, margins, [opts[0], None], seed, max_steps, deadline, utility)
    return [sum(r[k] for r in rows) / max(1, len(rows)) for k in range(2)], len(rows)


def call_rows(
    view: SeatView,
    unseen: Sequence[Card],
    margins: Sequence[float],
    calls: Sequence[int | None],
    seed: str,
    max_steps: int,
    deadline: float,
    utility: Callable[..., float],
) -> list[list[float]]:
    """Per sampled deal, the utility of each of `calls` (a bid; None: a pass)
    made now, the rest of the auction called by the playbook's rule (a redeal:
    0). `unseen` and `margins`: as `choose_call`'s."""
    rs = view.rules
    assert view.auction is not None
    n, me = rs.players, view.seat
    choices = [view.auction.with_call(AuctionCall(seat=me, points=c)) for c in calls]
    shown = list(view.shown_kitty)
    free = _hidden(view, unseen)
    size = (len(free) - (rs.kitty_size - len(shown))) // (n - 1)
    sizes = [len(view.hand) if s == me else size for s in range(n)]
    rows: list[list[float]] = []
    steps = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{len(rows)}")
        pool = list(free)
        rng.shuffle(pool)
        parts, rest = split(pool, [0 if s == me else sizes[s] for s in range(n)])
        hands = [list(view.hand) if s == me else parts[s] for s in range(n)]
        kitty = shown + rest
        worth = [appraise(rs, view.levels[s], [*hands[s], *shown]) for s in range(n)]
        limits = [bid_limit(rs, worth[s].points, margins[s]) for s in range(n)]
        row: list[float] = []
        for auction in choices:
            winner, bid = finish_auction(rs, auction, limits)
            if winner is None or bid is None:
                row.append(0.0)  # a redeal: nothing won or lost
                continue
            suit = worth[winner].suit
            u, used = play_out_auction(rs, view, hands, kitty, winner, bid, suit, utility)
            row.append(u)
            steps += used
        steps += SETUP_STEPS
        rows.append(row)
    return rows


def play_out_auction(
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
    return utility(rs, pts, me != dealer, bid, sim.captured[dealer]), sim.steps


def choose_overturn(
    view: SeatView,
    unseen: Sequence[Card],
    options: Sequence[Sequence[Card] | None],
    seed: str,
    max_steps: int,
    deadline: float,
    utility: Callable[..., float],
    rows: list[list[float]] | None = None,
) -> tuple[list[float], int]:
    """Three players' overturn (反牌), an attacker after the bury: the mean
    utility of each of `options` (None: pass) over the same sampled deals, and
    the samples played (`rows`: each sample's utilities appended there). In a
    sample the dealer's hand and bury are dealt from `unseen` with the kitty's
    shown cards among them (the dealer burying its cheapest under the standing
    trump); an overturn makes its suit trump, draws `overturn_swap` (6) of the
    kitty at random and buries its cheapest as many; nobody overturns after it;
    the dealer leads and the deal is played out to the end. `unseen`: as `choose_call`'s."""
    rs = view.rules
    n, me = rs.players, view.seat
    dealer = view.dealer
    assert dealer is not None and view.bid is not None
    shown = list(view.shown_kitty)
    other = next(s for s in range(n) if s not in (me, dealer))
    held = len(view.hand)  # every hand holds as many cards after the bury
    standing = Sense(rs, TrumpContext(view.level, view.trump_suit))
    senses = [
        standing
        if opt is None
        else Sense(rs, TrumpContext(view.level, declared_suit(rs, view.level, opt)))
        for opt in options
    ]
    free = _hidden(view, unseen)
    totals = [0.0] * len(options)
    steps = samples = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{samples}")
        row: list[float] = []
        pool = list(free)
        rng.shuffle(pool)
        others = pool[:held]
        dealers = shown + pool[held:]
        kitty = quick_bury(standing, dealers, rs.kitty_size)
        dealer_hand = list((Counter(dealers) - Counter(kitty)).elements())
        drawn = rng.sample(kitty, rs.overturn_swap)  # (the same draw for every overturn)
        for k, (opt, sn) in enumerate(zip(options, senses, strict=True)):
            hands: list[list[Card]] = [[] for _ in range(n)]
            hands[me], hands[dealer], hands[other] = list(view.hand), dealer_hand[:], others[:]
            bury = list(kitty)
            if opt is not None:
                full = list(view.hand) + drawn
                mine = quick_bury(sn, full, rs.overturn_swap)
                hands[me] = list((Counter(full) - Counter(mine)).elements())
                bury = list((Counter(kitty) - Counter(drawn)).elements()) + mine
            attackers = {s for s in range(n) if s != dealer}
            sim = Sim(sn, hands, [], dealer, [0] * n, attackers, bury, dealer=dealer)
            sim.run(0.0, 0)
            steps += sim.steps
            u = utility(rs, sim.attacker_points(0), True, view.bid)
            totals[k] += float(u)
            row.append(u)
        steps += SETUP_STEPS
        samples += 1
        if rows is not None:
            rows.append(row)
    return [t / max(1, samples) for t in totals], samples


def _hidden(view: SeatView, unseen: Sequence[Card]) -> list[Card]:
    """The unseen cards but the kitty's shown ones (three players)."""
    return list((Counter(unseen) - Counter(view.shown_kitty)).elements())
