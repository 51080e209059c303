"""Deal scoring, level advancement and the jack rule (docs/rules.md §8; seeds 000-003).

Default table (step = 20 x decks): 0 dealer +3; 5..step-5 +2; step..2step-5 +1;
2step..3step-5 attackers take over +0; 3step.. attackers +1 and +1 per further step.
tournament (seed 001): 0 +3, 5-35 +2, 40-75 +1, 80-115 swap, 120-145 attackers +2,
150+ +3, at most 3 levels. four-deck (seed 002): 0 +3, 5-75 +2, 80-155 +1, 160 take
over and +1, +1 per further 80, no cap (如抓分方得到0分或负分，则计为大光).
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def S(preset: str, pts: int, dealer: int, attackers: int, take_over: bool, id: str):
    return pytest.param(preset, pts, dealer, attackers, take_over, id=id)


TABLE = [
    # classic, step 40 (seed 000 记分规则 / docs/rules.md §8)
    S("classic", 0, 3, 0, False, "classic-0-big-sweep-+3"),
    S("classic", 5, 2, 0, False, "classic-5-+2"),
    S("classic", 35, 2, 0, False, "classic-35-+2"),
    S("classic", 40, 1, 0, False, "classic-40-+1"),
    S("classic", 75, 1, 0, False, "classic-75-+1"),
    S("classic", 80, 0, 0, True, "classic-80-take-over"),
    S("classic", 115, 0, 0, True, "classic-115-take-over"),
    S("classic", 120, 0, 1, True, "classic-120-attackers-+1"),
    S("classic", 155, 0, 1, True, "classic-155-attackers-+1"),
    S("classic", 160, 0, 2, True, "classic-160-attackers-+2"),
    S("classic", 195, 0, 2, True, "classic-195-attackers-+2"),
    S("classic", 200, 0, 3, True, "classic-200-attackers-+3"),
    S("classic", 240, 0, 4, True, "classic-240-attackers-+4"),
    S("find-friends", 0, 3, 0, False, "find-friends-0-+3"),
    S("find-friends", 80, 0, 0, True, "find-friends-80-take-over"),
    S("find-friends", 120, 0, 1, True, "find-friends-120-+1"),
    # tournament, seed 001 十二、升级标准
    S("tournament", 0, 3, 0, False, "seed001-0-+3"),
    S("tournament", 5, 2, 0, False, "seed001-5-+2"),
    S("tournament", 35, 2, 0, False, "seed001-35-+2"),
    S("tournament", 40, 1, 0, False, "seed001-40-+1"),
    S("tournament", 75, 1, 0, False, "seed001-75-+1"),
    S("tournament", 80, 0, 0, True, "seed001-80-swap"),
    S("tournament", 115, 0, 0, True, "seed001-115-swap"),
    S("tournament", 120, 0, 2, True, "seed001-120-attackers-+2"),
    S("tournament", 145, 0, 2, True, "seed001-145-attackers-+2"),
    S("tournament", 150, 0, 3, True, "seed001-150-attackers-+3"),
    S("tournament", 200, 0, 3, True, "seed001-200-capped-+3"),
    S("tournament", 240, 0, 3, True, "seed001-240-capped-+3"),
    # three decks, step 60 (seed 000: 0 大光, 不足60 小光, 120 上台, 180 +1, 240 +2)
    S("three-deck", 0, 3, 0, False, "seed000-3deck-0-+3"),
    S("three-deck", 5, 2, 0, False, "seed000-3deck-5-+2"),
    S("three-deck", 55, 2, 0, False, "seed000-3deck-55-+2"),
    S("three-deck", 60, 1, 0, False, "seed000-3deck-60-+1"),
    S("three-deck", 115, 1, 0, False, "seed000-3deck-115-+1"),
    S("three-deck", 120, 0, 0, True, "seed000-3deck-120-take-over"),
    S("three-deck", 175, 0, 0, True, "seed000-3deck-175-take-over"),
    S("three-deck", 180, 0, 1, True, "seed000-3deck-180-+1"),
    S("three-deck", 235, 0, 1, True, "seed000-3deck-235-+1"),
    S("three-deck", 240, 0, 2, True, "seed000-3deck-240-+2"),
    S("three-deck", 300, 0, 3, True, "seed000-3deck-300-+3"),
    # six players on three decks (seed 002 6人三副牌): the three-deck table
    S("six-player", 0, 3, 0, False, "seed002-6p-0-+3"),
    S("six-player", 55, 2, 0, False, "seed002-6p-55-+2"),
    S("six-player", 60, 1, 0, False, "seed002-6p-60-+1"),
    S("six-player", 115, 1, 0, False, "seed002-6p-115-+1"),
    S("six-player", 120, 0, 0, True, "seed002-6p-120-take-over"),
    S("six-player", 175, 0, 0, True, "seed002-6p-175-take-over"),
    S("six-player", 180, 0, 1, True, "seed002-6p-180-+1"),
    S("six-player", 240, 0, 2, True, "seed002-6p-240-+2"),
    # four decks (seed 002 胜负规则)
    S("four-deck", 0, 3, 0, False, "seed002-4deck-0-+3"),
    S("four-deck", -10, 3, 0, False, "seed002-4deck-negative-is-big-sweep"),
    S("four-deck", 5, 2, 0, False, "seed002-4deck-5-+2"),
    S("four-deck", 75, 2, 0, False, "seed002-4deck-75-+2"),
    S("four-deck", 80, 1, 0, False, "seed002-4deck-80-+1"),
    S("four-deck", 155, 1, 0, False, "seed002-4deck-155-+1"),
    S("four-deck", 160, 0, 1, True, "seed002-4deck-160-take-over-+1"),
    S("four-deck", 235, 0, 1, True, "seed002-4deck-235-+1"),
    S("four-deck", 240, 0, 2, True, "seed002-4deck-240-+2"),
    S("four-deck", 315, 0, 2, True, "seed002-4deck-315-+2"),
    S("four-deck", 320, 0, 3, True, "seed002-4deck-320-+3"),
    S("four-deck", 480, 0, 5, True, "seed002-4deck-480-+5-no-cap"),
    # one deck and two-colour, step 20 (seed 000: 升级所需分数都缩小一半)
    S("one-deck", 0, 3, 0, False, "one-deck-0-+3"),
    S("one-deck", 5, 2, 0, False, "one-deck-5-+2"),
    S("one-deck", 15, 2, 0, False, "one-deck-15-+2"),
    S("one-deck", 20, 1, 0, False, "one-deck-20-+1"),
    S("one-deck", 35, 1, 0, False, "one-deck-35-+1"),
    S("one-deck", 40, 0, 0, True, "one-deck-40-take-over"),
    S("one-deck", 55, 0, 0, True, "one-deck-55-take-over"),
    S("one-deck", 60, 0, 1, True, "one-deck-60-+1"),
    S("one-deck", 80, 0, 2, True, "one-deck-80-+2"),
    S("two-color", 0, 3, 0, False, "seed000-two-color-0-+3"),
    S("two-color", 15, 2, 0, False, "seed000-two-color-15-+2"),
    S("two-color", 20, 1, 0, False, "seed000-two-color-20-+1"),
    S("two-color", 40, 0, 0, True, "seed000-two-color-40-take-over"),
    S("two-color", 60, 0, 1, True, "seed000-two-color-60-+1"),
    S("two-color", 100, 0, 3, True, "seed000-two-color-100-+3"),
]


@pytest.mark.parametrize(("preset", "pts", "dealer", "attackers", "take_over"), TABLE)
def test_deal_result(preset: str, pts: int, dealer: int, attackers: int, take_over: bool) -> None:
    r = rules.deal_result(rs(preset), pts)
    assert (r.dealer_side_levels, r.attacker_levels, r.attackers_take_over) == (
        dealer,
        attackers,
        take_over,
    )


# three-player (seed 002 三人打法): bid 120: 抓到120分即可升一级，以后每60分升一级。
# 不到120分庄家升2级，不到60分庄家升4级，没抓到分庄家升6级. bid 150: 150 +1, then per 75.
THREE_PLAYER = [
    pytest.param(120, 0, 6, 0, id="seed002-3p-bid120-0-dealer+6"),
    pytest.param(120, 55, 4, 0, id="seed002-3p-bid120-55-dealer+4"),
    pytest.param(120, 60, 2, 0, id="seed002-3p-bid120-60-dealer+2"),
    pytest.param(120, 115, 2, 0, id="seed002-3p-bid120-115-dealer+2"),
    pytest.param(120, 120, 0, 1, id="seed002-3p-bid120-120-attackers+1"),
    pytest.param(120, 175, 0, 1, id="seed002-3p-bid120-175-attackers+1"),
    pytest.param(120, 180, 0, 2, id="seed002-3p-bid120-180-attackers+2"),
    pytest.param(150, 70, 4, 0, id="seed002-3p-bid150-70-dealer+4"),
    pytest.param(150, 75, 2, 0, id="seed002-3p-bid150-75-dealer+2"),
    pytest.param(150, 150, 0, 1, id="seed002-3p-bid150-150-attackers+1"),
    pytest.param(150, 225, 0, 2, id="seed002-3p-bid150-225-attackers+2"),
]


@pytest.mark.parametrize(("bid", "pts", "dealer", "attackers"), THREE_PLAYER)
def test_three_player_against_bid(bid: int, pts: int, dealer: int, attackers: int) -> None:
    r = rules.deal_result(rs("three-player"), pts, bid=bid)
    assert (r.dealer_side_levels, r.attacker_levels) == (dealer, attackers)


# eighty-points (seed 001 记分方式): 庄家叫90分 ... 抓了90分 其他各家输2分; 抓100分 其他各家输4分;
# 抓70分 其他各家得6分; 叫分大于或等于100分则输赢*2
EIGHTY = [
    pytest.param(90, 90, 2, id="seed001-bid90-made90-each-pays-2"),
    pytest.param(90, 100, 4, id="seed001-bid90-made100-each-pays-4"),
    pytest.param(90, 70, -6, id="seed001-bid90-made70-each-receives-6"),
    pytest.param(100, 100, 4, id="seed001-bid100-doubled"),
    pytest.param(100, 90, -8, id="seed001-bid100-failed-doubled"),
]


@pytest.mark.parametrize(("bid", "dealer_points", "each_pays"), EIGHTY)
def test_eighty_points_settlement(bid: int, dealer_points: int, each_pays: int) -> None:
    assert rules.eighty_points_settlement(bid, dealer_points) == each_pays


# ------------------------------------------------------------------ levels

LEVELS = [
    pytest.param("classic", "2", 0, "2", id="classic-no-gain"),
    pytest.param("classic", "2", 1, "3", id="classic-2+1"),
    pytest.param("classic", "2", 3, "5", id="classic-2+3"),
    pytest.param("classic", "9", 1, "10", id="classic-9+1"),
    pytest.param("classic", "10", 1, "J", id="classic-10+1"),
    pytest.param("classic", "9", 4, "K", id="classic-9+4"),
    pytest.param("classic", "J", 2, "K", id="classic-J+2"),
    pytest.param("classic", "K", 1, "A", id="classic-K+1"),
    pytest.param("classic", "K", 2, "A", id="classic-must-play-A-stops-K+2"),
    pytest.param("classic", "Q", 5, "A", id="classic-must-play-A-stops-Q+5"),
    pytest.param("classic", "10", 4, "A", id="classic-10+4-stops-on-A"),
    pytest.param("classic", "A", 1, "A", id="classic-A-stays"),
    pytest.param("three-deck", "5", 2, "7", id="three-deck-5+2"),
    pytest.param("tournament", "2", 1, "5", id="seed001-2+1-is-5"),
    pytest.param("tournament", "2", 2, "10", id="seed001-2+2-is-10"),
    pytest.param("tournament", "2", 3, "J", id="seed001-2+3-is-J"),
    pytest.param("tournament", "5", 3, "Q", id="seed001-5+3-is-Q"),
    pytest.param("tournament", "10", 1, "J", id="seed001-10+1-is-J"),
    pytest.param("tournament", "10", 3, "K", id="seed001-10+3-is-K"),
    pytest.param("tournament", "J", 3, "A", id="seed001-J+3-is-A"),
    pytest.param("tournament", "Q", 3, "A", id="seed001-must-play-A-stops-Q+3"),
    pytest.param("tournament", "K", 2, "A", id="seed001-must-play-A-stops-K+2"),
]


@pytest.mark.parametrize(("preset", "level", "gain", "expected"), LEVELS)
def test_advance_level(preset: str, level: str, gain: int, expected: str) -> None:
    assert rules.advance_level(rs(preset), level, gain) == expected


# jack rule (seed 001 四: 庄家打J级时，对家用J牌抠底，庄家重新从2级开始)
JACK = [
    pytest.param("tournament", "J", "H", "SJ", True, id="seed001-jack-single-off-suit-J"),
    pytest.param("tournament", "J", "H", "HJ", True, id="seed001-jack-single-trump-J"),
    pytest.param("tournament", "J", "H", "SJ SJ", True, id="seed001-jack-pair-of-J"),
    pytest.param("tournament", "J", "H", "HA", False, id="jack-rule-A-is-not-J"),
    pytest.param("tournament", "J", "H", "BJ", False, id="jack-rule-big-joker-is-not-J"),
    pytest.param("tournament", "J", "H", "SA SA", False, id="jack-rule-pair-of-A"),
    pytest.param("tournament", "Q", "H", "SJ", False, id="jack-rule-only-when-dealer-at-J"),
    pytest.param("classic", "J", "H", "SJ", False, id="classic-has-no-jack-rule"),
]


@pytest.mark.parametrize(("preset", "level", "trump", "play", "applies"), JACK)
def test_jack_rule(preset: str, level: str, trump: str, play: str, applies: bool) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    assert rules.jack_rule_applies(rs(preset), ctx, play) is applies
