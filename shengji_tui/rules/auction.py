"""Auctions (docs/rules.md §11-12): who may bid what now, who won, naming trump,
the three-player overturn, and the eighty-points settlement.

An auction is its record: the opener and the calls in order (`Auction`);
everything else is derived from it by `auction_status`. Two kinds
(`RuleSet.bidding`):

- `points_up` (eighty points, seed 001): the opener bids first; a bid is at
  least `bid_start` (70) and above the standing one, a multiple of `bid_step`
  (5), at most the pack's points; a pass is final; a seat whose standing bid
  is `bid_start` and is outbid is out as if it had passed (谁若叫70分就没有继续
  叫分权); the last bidder standing wins; if every seat passes the first to pass
  wins at `bid_start` (如果全部叫放弃，庄家就是第一个叫放弃的人，且他叫分为70分).
- `threshold_down` (three players, seeds 000/002): a bid is at most
  `bid_start` (150) and below the standing one, a multiple of `bid_step`, at
  least `bid_step`; a pass is final; the lowest bidder standing wins; if every
  seat passes the cards are dealt again.

Jump bids are allowed in both (seed 000: 甲出150, 乙出120, 丙出115).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from .cards import BJ, LJ, Card, CardsLike, Rank, Suit, contains, format_cards, parse_cards
from .declare import Declaration, can_declare, parse_declaration, valid_declarations
from .follow import Verdict

if TYPE_CHECKING:
    from .ruleset import RuleSet


class AuctionCall(BaseModel):
    """One call of an auction: a bid of `points`, or a pass (`points` None)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    points: int | None = None

    @property
    def is_pass(self) -> bool:
        return self.points is None


class Auction(BaseModel):
    """An auction's record: who opened it and the calls made so far, in order."""

    model_config = ConfigDict(frozen=True)

    opener: int
    calls: tuple[AuctionCall, ...] = ()

    def with_call(self, call: AuctionCall) -> Auction:
        return self.model_copy(update={"calls": (*self.calls, call)})


class AuctionStatus(BaseModel):
    """What an auction's record means now."""

    model_config = ConfigDict(frozen=True)

    turn: int | None  # whose call it is (None: the auction is over)
    high: AuctionCall | None  # the standing bid
    passed: tuple[int, ...]  # seats that passed
    out: tuple[int, ...]  # seats with no further call: passed, or a 70 bid outbid
    over: bool
    winner: int | None = None  # the dealer, once over (None: all passed, redeal)
    points: int | None = None  # the winning bid
    forced: bool = False  # every seat passed and the first to pass deals at bid_start
    redeal: bool = False  # every seat passed and the cards are dealt again


def _rising(rs: RuleSet) -> bool:
    if rs.bidding == "none":
        raise ValueError(f"there is no auction in {rs.name}")
    return rs.bidding == "points_up"


def bid_limits(rs: RuleSet) -> tuple[int, int]:
    """The lowest and highest bid these rules ever allow."""
    if _rising(rs):
        return rs.bid_start, rs.total_points - rs.total_points % rs.bid_step
    return rs.bid_step, rs.bid_start


def auction_status(rs: RuleSet, auction: Auction) -> AuctionStatus:
    rising = _rising(rs)
    n = rs.players
    passed: list[int] = []
    out: set[int] = set()
    high: AuctionCall | None = None
    last = None
    for call in auction.calls:
        last = call.seat
        if call.points is None:
            passed.append(call.seat)
            out.add(call.seat)
            continue
        if rising and high is not None and high.points == rs.bid_start:
            out.add(high.seat)  # the 70 rule: an outbid 70 has no further bid
        high = call
    active = [s for s in range(n) if s not in out]
    over = not active or (high is not None and active == [high.seat])
    common = {"high": high, "passed": tuple(passed), "out": tuple(sorted(out))}
    if over:
        if high is not None:
            return AuctionStatus(
                turn=None, over=True, winner=high.seat, points=high.points, **common
            )
        if rising:
            return AuctionStatus(
                turn=None, over=True, winner=passed[0], points=rs.bid_start, forced=True, **common
            )
        return AuctionStatus(turn=None, over=True, redeal=True, **common)
    if last is None:
        turn = auction.opener
    else:
        turn = next((last + k) % n for k in range(1, n + 1) if (last + k) % n not in out)
    return AuctionStatus(turn=turn, over=False, **common)


def bid_options(rs: RuleSet, auction: Auction, seat: int) -> range:
    """The bids `seat` may make now, the nearest to the standing bid first
    (empty when it is not `seat`'s call; passing is then allowed if it is).

    A `range` (lowest or highest, the other end, the signed step), not a list:
    its length, `in`, `index`, items and slices cost the same whatever the
    bids, so no caller's work grows with `bid_start`."""
    st = auction_status(rs, auction)
    if st.over or st.turn != seat:
        return range(0)
    lo, hi = bid_limits(rs)
    step = rs.bid_step
    high = None if st.high is None else st.high.points
    if _rising(rs):
        start = lo if high is None else high + step
        return range(start, hi + 1, step)
    start = hi if high is None else high - step
    return range(start, lo - 1, -step)


def nearest_bid(options: range, points: int) -> int | None:
    """The bid of `options` (as `bid_options` gives them) nearest to `points`,
    the one nearer the standing bid of two as near; None when there is none.
    Arithmetic: the same cost for any range."""
    if not options:
        return None
    i = (points - options.start) // options.step  # (floor, for either sign of step)
    best: tuple[int, int] | None = None
    for k in (i, i + 1):
        k = max(0, min(k, len(options) - 1))
        cand = (abs(options[k] - points), k)
        best = cand if best is None or cand < best else best
    assert best is not None
    return options[best[1]]


def _no(code: str, en: str, zh: str) -> Verdict:
    return Verdict(ok=False, reason=en, reason_zh=zh, code=code)


def _can_call(rs: RuleSet, st: AuctionStatus, seat: int) -> Verdict | None:
    if st.over:
        return _no("auction_over", "the auction is over", "叫分已经结束")
    if seat in st.passed:
        return _no("bid_passed", "you have passed, and a pass is final", "你已经放弃，不能再叫")
    if seat in st.out:
        return _no(
            "bid_out",
            f"you bid {rs.bid_start} and were outbid: a {rs.bid_start} bidder has no further bid",
            f"叫{rs.bid_start}分的人被超过后不能再叫",
        )
    if st.turn != seat:
        return _no("bid_turn", f"it is seat {st.turn}'s turn to bid", f"轮到 {st.turn} 号座位叫分")
    return None


def check_bid(rs: RuleSet, auction: Auction, seat: int, points: int) -> Verdict:
    """Whether `seat` may bid `points` now, and if not why (English and Chinese)."""
    st = auction_status(rs, auction)
    refused = _can_call(rs, st, seat)
    if refused is not None:
        return refused
    step = rs.bid_step
    lo, hi = bid_limits(rs)
    if points % step:
        return _no(
            "bid_step",
            f"bids go in steps of {step}: {points} is not one",
            f"叫分必须是 {step} 的倍数：{points} 不行",
        )
    high = st.high.points if st.high is not None else None
    if _rising(rs):
        if points < lo:
            return _no("bid_low", f"the lowest bid is {lo}", f"最低叫 {lo} 分")
        if high is not None and points <= high:
            return _no(
                "bid_low",
                f"bid above the standing {high}: at least {high + step}",
                f"必须比 {high} 分高：至少 {high + step} 分",
            )
        if points > hi:
            return _no("bid_high", f"the highest bid is {hi}", f"最高叫 {hi} 分")
        return Verdict(ok=True)
    if points > hi:
        return _no("bid_high", f"the highest threshold is {hi}", f"最高叫 {hi} 分")
    if high is not None and points >= high:
        return _no(
            "bid_high",
            f"bid below the standing {high}: at most {high - step}",
            f"必须比 {high} 分低：最多 {high - step} 分",
        )
    if points < lo:
        return _no("bid_low", f"the lowest threshold is {lo}", f"最低叫 {lo} 分")
    return Verdict(ok=True)


def check_pass(rs: RuleSet, auction: Auction, seat: int) -> Verdict:
    """Whether `seat` may pass now."""
    refused = _can_call(rs, auction_status(rs, auction), seat)
    return Verdict(ok=True) if refused is None else refused


# ------------------------------------------------------------ naming trump


def check_naming(rs: RuleSet, suit: Suit | None) -> Verdict:
    """Whether the auction's winner may name `suit` (None: no-trump)."""
    if suit is None and not rs.name_no_trump:
        return _no(
            "no_trump_refused",
            "no-trump cannot be named in these rules (不能是无主): name a suit",
            "不能定无主：请选一门花色",
        )
    return Verdict(ok=True)


def naming_cards(rs: RuleSet, level: str | Rank, hand: CardsLike, suit: Suit | None) -> list[Card]:
    """The cards a naming shows (three players, docs/rules.md §12: the dealer's
    level-card strength an overturn must beat): the dealer's level cards of the
    named suit, or for no-trump its strongest pair (or more) of identical jokers."""
    cs = parse_cards(hand)
    k = rs.max_tuple
    if suit is None:
        for joker in (BJ, LJ):
            same = [c for c in cs if c == joker]
            if len(same) >= 2:
                return same[:k]
        return []
    lv = Rank(level) if isinstance(level, str) else level
    return [c for c in cs if c.rank == lv and c.suit == suit][:k]


def _standing(rs: RuleSet, level: str | Rank, cards: CardsLike, suit: Suit | None) -> Declaration:
    """The declaration to beat. A naming that shows no cards counts as the weakest
    declaration (a single level card), so an overturn needs a pair or better, as
    反主 does in the classic game."""
    cs = parse_cards(cards)
    if cs:
        return parse_declaration(rs, level, cs)
    return Declaration(cards=[], trump_suit=suit, count=1)


def overturn_options(
    rs: RuleSet, level: str | Rank, hand: CardsLike, standing: CardsLike, suit: Suit | None
) -> list[list[Card]]:
    """The declarations an attacker may overturn with (weakest first), against the
    standing cards (a naming's, maybe none) of trump `suit`."""
    st = _standing(rs, level, standing, suit)
    out = []
    for cards in valid_declarations(rs, level, hand):
        if can_declare(rs, st, False, parse_declaration(rs, level, cards)):
            out.append(cards)
    return out


def check_overturn(
    rs: RuleSet,
    level: str | Rank,
    hand: CardsLike,
    cards: CardsLike,
    standing: CardsLike,
    suit: Suit | None,
) -> Verdict:
    """Whether `hand` may overturn with `cards` against the standing naming or overturn."""
    cs = parse_cards(cards)
    if not cs:
        return _no("declare_empty", "an overturn needs at least one card", "反牌至少要一张牌")
    if not contains(parse_cards(hand), cs):
        shown = format_cards(cs)
        return _no("not_in_hand", f"you do not hold {shown}", f"你手里没有 {shown}")
    try:
        new = parse_declaration(rs, level, cs)
    except ValueError as e:
        return _no("declare_cards", str(e), "只能用级牌或成对的王反牌")
    st = _standing(rs, level, standing, suit)
    if can_declare(rs, st, False, new):
        return Verdict(ok=True)
    what = format_cards(st.cards) if st.cards else "a single level card"
    what_zh = format_cards(st.cards) if st.cards else "单张级牌"
    return _no(
        "declare_weaker",
        f"{format_cards(cs)} is not stronger than the standing {what}",
        f"{format_cards(cs)} 不比 {what_zh} 大",
    )


# -------------------------------------------------------------- settlement

Doubling = Literal["big_bid", "zero", "sweep"]


class Settlement(BaseModel):
    """Eighty points (seed 001 记分方式): the dealer against each other seat.

    `each` is what each other seat pays the dealer (negative: the dealer pays
    each that much): 2 + `steps` (the points over or under the bid / 5), times 2
    per doubling: a bid of 100 or more (大叫分), a dealer score of 0 (零得分),
    the dealer winning every trick (大到底)."""

    model_config = ConfigDict(frozen=True)

    bid: int
    dealer_points: int
    made: bool
    base: int = 2
    steps: int
    doublings: tuple[Doubling, ...] = ()
    each: int

    def deltas(self, dealer: int, players: int) -> tuple[int, ...]:
        """Each seat's match-score change: the dealer gets `each` from every other seat."""
        return tuple(
            self.each * (players - 1) if s == dealer else -self.each for s in range(players)
        )


def settle_eighty_points(bid: int, dealer_points: int, *, swept: bool = False) -> Settlement:
    """docs/rules.md §11: the deal's settlement from the bid and the dealer's own points."""
    made = dealer_points >= bid
    steps = abs(dealer_points - bid) // 5
    doublings: list[Doubling] = []
    if bid >= 100:
        doublings.append("big_bid")
    if dealer_points == 0:
        doublings.append("zero")
    if swept:
        doublings.append("sweep")
    amount = (2 + steps) * 2 ** len(doublings)
    return Settlement(
        bid=bid,
        dealer_points=dealer_points,
        made=made,
        steps=steps,
        doublings=tuple(doublings),
        each=amount if made else -amount,
    )


def throw_penalty_deltas(rs: RuleSet, thrower: int, dealer: int | None) -> tuple[int, ...]:
    """Eighty points (seed 001 甩牌失败): the match-score change of every seat for a
    failed throw. The dealer's costs the dealer `throw_penalty_amount` (3), shared
    by the others (1 each at four); another seat's costs that seat as much, paid
    to the dealer."""
    n = rs.players
    amount = rs.throw_penalty_amount
    out = [0] * n
    if dealer is None or thrower == dealer:
        share = amount // (n - 1)
        for s in range(n):
            out[s] = -share * (n - 1) if s == thrower else share
        return tuple(out)
    out[thrower] = -amount
    out[dealer] = amount
    return tuple(out)
