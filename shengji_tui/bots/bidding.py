"""Auction sense for the bots (docs/rules.md §11-12): what a hand is worth with
each trump, which bid to make, which trump to name.

`estimate(rs, level, suit, hand)` predicts, for a hand that would deal with
`suit` as trump (None: no-trump), the points that matter in the preset's
auction: eighty points, the points the dealer takes in its own tricks;
three players, the points the two attackers take (tricks and kitty). It is a
linear model over a few features of the hand (`features`: trumps, long
trumps, jokers, level cards, high trumps, trump pairs, side aces and kings,
side pairs, voids, singletons, point cards). The weights come from self-play: `python -m
benchmarks.calibrate_bidding` deals random hands, makes one seat the dealer
with its best trump, lets the normal bot play the deal out at every seat and
fits the weights by least squares (docs/bots.md gives the figures).

A bot bids while the next allowed bid is within its estimate less a margin
(eighty points: bid up to the points it expects to take; three players: bid
down to the points it expects to concede), and passes otherwise; it names the
trump with the best estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import rules
from ..engine import Bid, Command, NameTrump, PassBid, SeatView
from ..rules import Card, RuleSet, Suit, TrumpContext
from .sense import TRUMP, Sense

FEATURES = (
    "bias",
    "trumps",
    "long_trumps",  # trumps beyond 10: long trump suits take more than linearly
    "jokers",
    "level_cards",
    "high_trumps",
    "trump_pairs",
    "side_aces",
    "side_kings",
    "side_pairs",
    "voids",
    "singletons",
    "points",
)

# Least-squares weights from self-play (benchmarks/calibrate_bidding.py; the
# figures and the residual spread are in docs/bots.md).
WEIGHTS: dict[str, tuple[float, ...]] = {
    # eighty points: the dealer's own points (its tricks; the kitty is void)
    "points_up": (-26.5, 4.18, 3.16, 1.05, -0.35, 0.7, 2.05, 3.81, 4.53, 4.55, 7.22, 5.68, 0.13),
    # three players: the attackers' points (tricks and the kitty)
    "threshold_down": (
        234.76,
        -2.81,
        -2.81,
        -0.2,
        -0.19,
        -0.39,
        -2.54,
        -3.04,
        -6.56,
        -4.2,
        0.0,
        -17.88,
        -0.17,
    ),
}


def features(rs: RuleSet, level: str, suit: Suit | None, hand: Sequence[Card]) -> list[float]:
    """The model's features (`FEATURES`) of `hand` with `suit` as trump at `level`."""
    sn = Sense(rs, TrumpContext(level, suit))
    trumps = [c for c in hand if sn.is_trump(c)]
    side = sn.by_suit(c for c in hand if not sn.is_trump(c))
    ids = sn.ident_counts(trumps)
    jokers = sum(1 for c in trumps if c.is_joker)
    level_cards = sum(1 for c in trumps if not c.is_joker and c.rank.value == level)
    high = sum(1 for c in trumps if sn.rel(c) >= 0.75)
    aces = kings = pairs = singletons = 0
    for cards in side.values():
        top = sn.npos[sn.suit(cards[0])] - 1
        aces += sum(1 for c in cards if sn.pos[c.idx] == top)
        kings += sum(1 for c in cards if sn.pos[c.idx] == top - 1)
        pairs += sum(1 for k in sn.ident_counts(cards).values() if k >= 2)
        singletons += len(cards) == 1
    suits = 2 if rs.two_color else 4
    voids = suits - (1 if suit is not None else 0) - len(side)
    t = len(trumps)
    return [
        1.0,
        float(t),
        float(max(0, t - 10)),
        float(jokers),
        float(level_cards),
        float(high),
        float(sum(1 for k in ids.values() if k >= 2)),
        float(aces),
        float(kings),
        float(pairs),
        float(voids),
        float(singletons),
        float(rules.points(hand)),
    ]


def estimate(rs: RuleSet, level: str, suit: Suit | None, hand: Sequence[Card]) -> float:
    """Eighty points: the dealer's points; three players: the attackers' points."""
    w = WEIGHTS[rs.bidding]
    return sum(a * b for a, b in zip(w, features(rs, level, suit, hand), strict=True))


def trump_choices(rs: RuleSet) -> list[Suit | None]:
    out: list[Suit | None] = list(rules.SUITS)
    if rs.name_no_trump:
        out.append(None)
    return out


@dataclass(frozen=True)
class Appraisal:
    """A hand's best trump and what it is worth (`estimate`'s points)."""

    suit: Suit | None
    points: float


def appraise(rs: RuleSet, level: str, hand: Sequence[Card]) -> Appraisal:
    """The best trump for `hand` (most points taken, or fewest conceded)."""
    rising = rs.bidding == "points_up"
    best: Appraisal | None = None
    for suit in trump_choices(rs):
        pts = estimate(rs, level, suit, hand)
        if best is None or (pts > best.points if rising else pts < best.points):
            best = Appraisal(suit, pts)
    assert best is not None
    return best


def bid_limit(rs: RuleSet, points: float, margin: float) -> int:
    """The highest (rising) or lowest (falling) bid worth making on `points`."""
    step = rs.bid_step
    if rs.bidding == "points_up":
        return int((points - margin) // step * step)
    return int(-((-(points + margin)) // step) * step)


@dataclass(frozen=True)
class TrumpWorth:
    """What a hand is worth with one trump choice: `estimate`'s points and how
    many of its cards would be trumps."""

    suit: Suit | None
    points: float
    trumps: int


def hand_worth(rs: RuleSet, level: str, hand: Sequence[Card]) -> tuple[TrumpWorth, ...]:
    """Every trump choice of these rules (the four suits, then no-trump where it
    may be named) with what `hand` is worth as dealer at `level`: the estimate
    the bots bid and name trump on (eighty points: the dealer's points; three
    players: the points the attackers would take). For a player's screen."""
    return tuple(
        TrumpWorth(suit, estimate(rs, level, suit, hand), trump_count(rs, level, suit, hand))
        for suit in trump_choices(rs)
    )


def best_worth(rs: RuleSet, worths: Sequence[TrumpWorth]) -> TrumpWorth:
    """The choice a bot would name: most points taken (eighty points) or fewest
    conceded (three players); the first of equals, as `appraise`."""
    rising = rs.bidding == "points_up"
    best = worths[0]
    for w in worths[1:]:
        if w.points > best.points if rising else w.points < best.points:
            best = w
    return best


def choose_bid(view: SeatView, margin: float) -> Command:
    """Bid the nearest allowed value while it is within the hand's limit, else pass."""
    rs = view.rules
    assert view.auction is not None
    options = rules.bid_options(rs, view.auction, view.seat)
    level = view.levels[view.seat]  # the level this seat plays if it deals
    # three players: the shown kitty cards will be the dealer's too
    worth = appraise(rs, level, [*view.hand, *view.shown_kitty])
    limit = bid_limit(rs, worth.points, margin)
    if options and within(rs, options[0], limit):
        return Bid(seat=view.seat, points=options[0])
    return PassBid(seat=view.seat)


def within(rs: RuleSet, bid: int, limit: int) -> bool:
    """Whether `bid` is worth making under `bid_limit`'s `limit`."""
    return bid <= limit if rs.bidding == "points_up" else bid >= limit


def choose_trump(view: SeatView) -> NameTrump:
    return NameTrump(seat=view.seat, suit=appraise(view.rules, view.level, view.hand).suit)


def trump_count(rs: RuleSet, level: str, suit: Suit | None, hand: Sequence[Card]) -> int:
    """How many cards of `hand` would be trumps with `suit` named."""
    sn = Sense(rs, TrumpContext(level, suit))
    return sum(1 for c in hand if sn.eff[c.idx] == TRUMP)
