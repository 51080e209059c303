"""docs/rules.md §11-12 auctions, table-driven: who wins, whose call it is, which bids
are refused and why, naming trump, the three-player overturn and the
eighty-points settlement (the seed 001 examples).

Calls are written in order from the opener: a number is a bid, `p` a pass; each
call is made by the seat whose turn it is (`auction_status(...).turn`)."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.rules import Auction, AuctionCall, RuleSet, Suit

EIGHTY = RuleSet.preset("eighty-points")
THREE = RuleSet.preset("three-player")


def record(rs: RuleSet, calls: str, opener: int = 0) -> Auction:
    a = Auction(opener=opener)
    for word in calls.split():
        st = rules.auction_status(rs, a)
        assert st.turn is not None, f"no call is due before {word!r} in {calls!r}"
        points = None if word == "p" else int(word)
        v = (
            rules.check_pass(rs, a, st.turn)
            if points is None
            else rules.check_bid(rs, a, st.turn, points)
        )
        assert v.ok, f"{word} by seat {st.turn}: {v.reason}"
        a = a.with_call(AuctionCall(seat=st.turn, points=points))
    return a


# (rules, opener, calls, winner, points) for finished auctions
WON = [
    # §11 / seed 001: 如果全部叫放弃，庄家就是第一个叫放弃的人，且他叫分为70分
    pytest.param(EIGHTY, 0, "p p p p", 0, 70, id="80-all-pass-first-passer-at-70"),
    pytest.param(EIGHTY, 2, "p p p p", 2, 70, id="80-all-pass-opener-2"),
    pytest.param(EIGHTY, 0, "70 p p p", 0, 70, id="80-opening-70-stands"),
    # 谁若叫70分就没有继续叫分权: the outbid 70 is out, so 75 stands once 2 and 3 pass
    pytest.param(EIGHTY, 0, "70 75 p p", 1, 75, id="80-70-rule-outbid-70-is-out"),
    pytest.param(EIGHTY, 0, "p 70 75 80 p", 3, 80, id="80-70-rule-later-bidder"),
    pytest.param(EIGHTY, 0, "70 75 80 85 p p", 3, 85, id="80-70-rule-skips-the-70"),
    # an outbid 75 may bid again: the last bidder standing deals
    pytest.param(EIGHTY, 0, "75 80 p p 85 p", 0, 85, id="80-outbid-75-raises-again"),
    pytest.param(EIGHTY, 0, "70 120 p p", 1, 120, id="80-jump-bid"),
    pytest.param(EIGHTY, 3, "p p 90 p", 1, 90, id="80-opener-3-order"),
    # §12 / seeds 000, 002: 甲出150 乙出120 丙出115 ... 出最低分者为庄家
    pytest.param(THREE, 0, "150 120 115 p p", 2, 115, id="3p-seed-example-115"),
    pytest.param(THREE, 0, "150 p p", 0, 150, id="3p-150-accepted"),
    pytest.param(THREE, 1, "140 p 130 p", 0, 130, id="3p-opener-1"),
    pytest.param(THREE, 0, "p p 100", 2, 100, id="3p-last-seat-bids-alone"),
]


@pytest.mark.parametrize(("rs", "opener", "calls", "winner", "points"), WON)
def test_auction_winner(rs: RuleSet, opener: int, calls: str, winner: int, points: int) -> None:
    st = rules.auction_status(rs, record(rs, calls, opener))
    assert st.over and st.turn is None
    assert (st.winner, st.points) == (winner, points)
    assert not st.redeal


def test_three_player_all_pass_is_a_redeal() -> None:
    st = rules.auction_status(THREE, record(THREE, "p p p"))
    assert st.over and st.redeal and st.winner is None and st.points is None


def test_eighty_points_all_pass_is_forced_not_a_redeal() -> None:
    st = rules.auction_status(EIGHTY, record(EIGHTY, "p p p p", opener=1))
    assert st.forced and not st.redeal and st.winner == 1


# (rules, calls so far, whose turn next, seats out)
TURNS = [
    pytest.param(EIGHTY, "", 0, (), id="80-opener-first"),
    pytest.param(EIGHTY, "70", 1, (), id="80-next-seat"),
    pytest.param(EIGHTY, "70 75", 2, (0,), id="80-70-out-at-once"),
    pytest.param(EIGHTY, "70 75 p p", None, (0, 2, 3), id="80-over"),
    pytest.param(EIGHTY, "75 80 p p", 0, (2, 3), id="80-outbid-75-has-the-call"),
    pytest.param(THREE, "150 p", 2, (1,), id="3p-pass-skipped"),
    pytest.param(THREE, "150 p 140", 0, (1,), id="3p-back-to-opener"),
]


@pytest.mark.parametrize(("rs", "calls", "turn", "out"), TURNS)
def test_whose_call(rs: RuleSet, calls: str, turn: int | None, out: tuple[int, ...]) -> None:
    st = rules.auction_status(rs, record(rs, calls))
    assert st.turn == turn
    assert st.out == out


# (rules, calls so far, seat, points or None for a pass, refusal code)
REFUSED = [
    pytest.param(EIGHTY, "", 1, 70, "bid_turn", id="80-out-of-turn"),
    pytest.param(EIGHTY, "70", 0, 75, "bid_turn", id="80-out-of-turn-own-raise"),
    pytest.param(EIGHTY, "", 0, 65, "bid_low", id="80-below-70"),
    pytest.param(EIGHTY, "", 0, 0, "bid_low", id="80-zero"),
    pytest.param(EIGHTY, "80", 1, 80, "bid_low", id="80-not-above-standing"),
    pytest.param(EIGHTY, "80", 1, 75, "bid_low", id="80-below-standing"),
    pytest.param(EIGHTY, "", 0, 205, "bid_high", id="80-above-the-pack"),
    pytest.param(EIGHTY, "", 0, 72, "bid_step", id="80-not-a-multiple-of-5"),
    pytest.param(EIGHTY, "p 75 p", 0, 80, "bid_passed", id="80-after-passing"),
    pytest.param(EIGHTY, "p 75 p", 0, None, "bid_passed", id="80-pass-twice"),
    pytest.param(EIGHTY, "70 75 p p", 2, 80, "auction_over", id="80-after-the-end"),
    pytest.param(EIGHTY, "70 75 p", 0, 80, "bid_out", id="80-70-rule-no-further-bid"),
    pytest.param(EIGHTY, "70 75 p", 0, None, "bid_out", id="80-70-rule-already-out"),
    pytest.param(THREE, "", 0, 155, "bid_high", id="3p-above-bid-start"),
    pytest.param(THREE, "150", 1, 150, "bid_high", id="3p-not-below-standing"),
    pytest.param(THREE, "150", 1, 160, "bid_high", id="3p-above-standing"),
    pytest.param(THREE, "150", 1, 123, "bid_step", id="3p-not-a-multiple"),
    pytest.param(THREE, "150", 1, 0, "bid_low", id="3p-zero"),
    pytest.param(THREE, "150", 2, 140, "bid_turn", id="3p-out-of-turn"),
    pytest.param(THREE, "p 140", 0, 130, "bid_passed", id="3p-after-passing"),
]


@pytest.mark.parametrize(("rs", "calls", "seat", "points", "code"), REFUSED)
def test_refused_calls(rs: RuleSet, calls: str, seat: int, points: int | None, code: str) -> None:
    a = record(rs, calls)
    v = rules.check_pass(rs, a, seat) if points is None else rules.check_bid(rs, a, seat, points)
    assert not v.ok and v.code == code
    assert v.reason and v.reason_zh  # a sentence in both languages
    if points is not None:
        assert points not in rules.bid_options(rs, a, seat)


def test_bid_options_nearest_first() -> None:
    assert list(rules.bid_options(EIGHTY, Auction(opener=0), 0)[:3]) == [70, 75, 80]
    assert rules.bid_options(EIGHTY, Auction(opener=0), 0)[-1] == 200
    assert rules.bid_options(EIGHTY, record(EIGHTY, "80"), 1)[0] == 85
    assert not rules.bid_options(EIGHTY, record(EIGHTY, "80"), 2)  # not seat 2's call
    assert list(rules.bid_options(THREE, Auction(opener=1), 1)[:2]) == [150, 145]
    assert rules.bid_options(THREE, Auction(opener=1), 1)[-1] == 5
    assert rules.bid_options(THREE, record(THREE, "150 120"), 2)[0] == 115
    assert not rules.bid_options(THREE, record(THREE, "p p p"), 0)


def test_every_option_is_accepted() -> None:
    for rs, calls in ((EIGHTY, "75 90"), (THREE, "150 140")):
        a = record(rs, calls)
        turn = rules.auction_status(rs, a).turn
        assert turn is not None
        for pts in rules.bid_options(rs, a, turn):
            assert rules.check_bid(rs, a, turn, pts).ok


def test_no_auction_in_classic() -> None:
    with pytest.raises(ValueError, match="no auction"):
        rules.auction_status(RuleSet.preset("classic"), Auction(opener=0))


# ----------------------------------------------------------------- naming


def test_naming_trump() -> None:
    v = rules.check_naming(EIGHTY, None)  # seed 001 叫主规则: 不能是无主
    assert not v.ok and v.code == "no_trump_refused" and v.reason_zh
    assert all(rules.check_naming(EIGHTY, s).ok for s in Suit)
    assert rules.check_naming(THREE, None).ok


NAMING_CARDS = [
    pytest.param("2", "H2 H2 S2 SA", "H", "H2 H2", id="level-pair-of-the-suit"),
    pytest.param("2", "H2 S2 SA", "H", "H2", id="level-single"),
    pytest.param("2", "H2 H2 S2", "D", "", id="none-of-the-suit"),
    pytest.param("5", "H2 H5 C5", "C", "C5", id="level-5"),
    pytest.param("2", "BJ BJ LJ LJ", None, "BJ BJ", id="no-trump-big-joker-pair"),
    pytest.param("2", "BJ LJ LJ", None, "LJ LJ", id="no-trump-little-joker-pair"),
    pytest.param("2", "BJ LJ H2", None, "", id="no-trump-no-joker-pair"),
]


@pytest.mark.parametrize(("level", "hand", "suit", "shown"), NAMING_CARDS)
def test_naming_shows_the_level_cards(level: str, hand: str, suit: str | None, shown: str) -> None:
    s = None if suit is None else Suit(suit)
    assert rules.naming_cards(THREE, level, hand, s) == rules.parse_cards(shown)


# the classic ladder over a naming (a naming showing nothing counts as a single)
OVERTURNS = [
    pytest.param("", "H", "S2 D2 D2 LJ LJ", ["D2 D2", "LJ LJ"], id="over-nothing-needs-a-pair"),
    pytest.param("H2", "H", "S2 D2 D2 LJ LJ", ["D2 D2", "LJ LJ"], id="over-a-single"),
    pytest.param("H2 H2", "H", "S2 D2 D2 LJ LJ", ["LJ LJ"], id="over-a-pair-jokers-only"),
    pytest.param("LJ LJ", None, "D2 D2 LJ BJ BJ", ["BJ BJ"], id="over-little-jokers"),
    pytest.param("BJ BJ", None, "D2 D2 LJ LJ", [], id="big-jokers-stand"),
]


@pytest.mark.parametrize(("standing", "suit", "hand", "options"), OVERTURNS)
def test_overturn_options(standing: str, suit: str | None, hand: str, options: list[str]) -> None:
    s = None if suit is None else Suit(suit)
    got = rules.overturn_options(THREE, "2", hand, standing, s)
    assert got == [rules.parse_cards(o) for o in options]
    for o in options:
        assert rules.check_overturn(THREE, "2", hand, o, standing, s).ok


def test_overturn_refusals() -> None:
    v = rules.check_overturn(THREE, "2", "S2 D2 D2", "S2", "", Suit.H)
    assert not v.ok and v.code == "declare_weaker" and "single level card" in v.reason
    v = rules.check_overturn(THREE, "2", "S2 D2 D2", "C2 C2", "", Suit.H)
    assert not v.ok and v.code == "not_in_hand"
    v = rules.check_overturn(THREE, "2", "S2 D2 D2 SA SA", "SA SA", "", Suit.H)
    assert not v.ok and v.code == "declare_cards"
    v = rules.check_overturn(THREE, "2", "S2 S2 D2 D2", "D2 D2", "H2 H2", Suit.H)
    assert not v.ok and v.code == "declare_weaker"


# -------------------------------------------------------------- settlement

# seed 001 记分方式: 庄家叫90分 抓了90分 则庄家得2*3=6分，其他各家输2分; 抓100分 庄家得12分，
# 其他各家输4分; 抓70分 庄家输18分，其他各家得6分. 叫分>=100, 0分, 大到底: 输赢*2
SETTLE = [
    pytest.param(90, 90, False, 2, (6, -2, -2, -2), (), id="seed001-bid90-made90"),
    pytest.param(90, 100, False, 4, (12, -4, -4, -4), (), id="seed001-bid90-made100"),
    pytest.param(90, 70, False, -6, (-18, 6, 6, 6), (), id="seed001-bid90-made70"),
    pytest.param(90, 95, False, 3, (9, -3, -3, -3), (), id="over-by-one-step"),
    pytest.param(100, 100, False, 4, (12, -4, -4, -4), ("big_bid",), id="big-bid-doubles"),
    pytest.param(100, 90, False, -8, (-24, 8, 8, 8), ("big_bid",), id="big-bid-failed"),
    pytest.param(70, 0, False, -32, (-96, 32, 32, 32), ("zero",), id="zero-score-doubles"),
    pytest.param(80, 150, True, 32, (96, -32, -32, -32), ("sweep",), id="sweep-doubles"),
    pytest.param(
        100, 180, True, 72, (216, -72, -72, -72), ("big_bid", "sweep"), id="doublings-stack"
    ),
]


@pytest.mark.parametrize(("bid", "pts", "swept", "each", "deltas", "doublings"), SETTLE)
def test_eighty_points_settlement_parts(
    bid: int,
    pts: int,
    swept: bool,
    each: int,
    deltas: tuple[int, ...],
    doublings: tuple[str, ...],
) -> None:
    s = rules.settle_eighty_points(bid, pts, swept=swept)
    assert s.each == each == rules.eighty_points_settlement(bid, pts, swept=swept)
    assert s.deltas(0, 4) == deltas and sum(deltas) == 0
    assert s.doublings == doublings
    assert s.made == (pts >= bid)
    r = rules.deal_result(EIGHTY, 0, bid=bid, dealer_points=pts, swept=swept)
    assert r.match_points == each


# seed 001 甩牌失败: 庄家罚3倍基础分，所有闲家获得1倍; 闲家罚3倍，庄家获得3倍
THROW = [
    pytest.param(0, 0, (-3, 1, 1, 1), id="seed001-dealer-fails"),
    pytest.param(2, 0, (3, 0, -3, 0), id="seed001-attacker-fails"),
    pytest.param(1, 3, (0, -3, 0, 3), id="seed001-attacker-fails-dealer-3"),
]


@pytest.mark.parametrize(("thrower", "dealer", "deltas"), THROW)
def test_eighty_points_throw_penalty(thrower: int, dealer: int, deltas: tuple[int, ...]) -> None:
    assert rules.throw_penalty_deltas(EIGHTY, thrower, dealer) == deltas


def test_auction_presets() -> None:
    assert (EIGHTY.bidding, EIGHTY.bid_start, EIGHTY.bid_step) == ("points_up", 70, 5)
    assert EIGHTY.match_deals == 8 and EIGHTY.throw_failure_limit == 2
    assert EIGHTY.levels == ["2"] and not EIGHTY.name_no_trump
    assert (THREE.bidding, THREE.bid_start, THREE.kitty_shown) == ("threshold_down", 150, 3)
    assert THREE.overturn_swap == 6 and THREE.name_no_trump and THREE.match_deals is None
    with pytest.raises(ValueError, match="partnership solo"):
        RuleSet.model_validate({**RuleSet.preset("classic").model_dump(), "bidding": "points_up"})
    with pytest.raises(ValueError, match="multiple"):
        RuleSet.model_validate({**THREE.model_dump(), "bid_start": 152})
