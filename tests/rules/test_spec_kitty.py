"""Kitty multiplier 抠底 (docs/rules.md §7; seeds 000/003 power, 001 tournament, 002 four-deck).

power: 2 ^ (cards in the largest unit of the last lead), capped at 64.
times: 2 x that count. tournament: single 2, pair 4, tractor 8, a throw counts as a
single. four-deck: power, but only when the last trick is won with trumps
(副牌扣底不翻倍: multiplier 1 otherwise). Level 2, trump hearts unless noted.
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        if name == "times":
            _RS[name] = rules.RuleSet.preset("classic").model_copy(
                update={"kitty_multiplier": "times"}
            )
        else:
            _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def K(
    preset: str, level: str, trump: str | None, lead: str, winner: str | None, mult: int, id: str
):
    return pytest.param(preset, level, trump, lead, winner, mult, id=id)


# fmt: off
CASES = [
    # seed 000/003 具体例子
    K("three-deck", "2", "H", "S4 S4 S4 S5 S5 S5", None, 64, "seed000-444555-64"),
    K("classic", "2", "H", "S4 S4 S5 S5 S6 S6", None, 64, "seed000-445566-64"),
    K("classic", "2", "H", "S4 S4 S5 S5", None, 16, "seed000-4455-16"),
    K("three-deck", "2", "H", "S5 S5 S5", None, 8, "seed000-555-8"),
    K("classic", "2", "H", "SA SK SQ SJ S10 S9 S8 S7 S7", None, 4, "seed000-throw-AKQJ1098-77-4"),
    K("classic", "2", "H", "SA SK SQ SJ", None, 2, "seed000-throw-AKQJ-2"),
    K("classic", "2", "H", "SA SA SJ SJ", None, 4, "seed000-throw-AAJJ-4"),
    # seed 000 假设最后一圈牌最大牌型为对子 44 ... 为 4 倍; single 2; cap 64
    K("classic", "2", "H", "S4 S4", None, 4, "seed000-pair-44-4"),
    K("classic", "2", "H", "S9", None, 2, "single-2"),
    K("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S6 S6", None, 64, "4pair-tractor-capped-64"),
    K("classic", "2", "H", "SA S9 S9 S8 S8", None, 16, "throw-with-tractor-16"),
    K("classic", "2", "H", "LJ LJ BJ BJ", None, 16, "trump-joker-tractor-16"),
    K("classic", "5", "H", "S4 S4 S6 S6", None, 16, "tractor-across-level-16"),
    K("three-deck", "2", "H", "SA SA SA SK", None, 8, "three-deck-throw-triple-8"),
    K("three-deck", "2", "H", "S3 S3 S3 S4 S4 S4 S5 S5 S5", None, 64, "titanic-of-3-capped-64"),
    # times (docs/rules.md §7 `times`: 2 x that count)
    K("times", "2", "H", "S9", None, 2, "times-single-2"),
    K("times", "2", "H", "S9 S9", None, 4, "times-pair-4"),
    K("times", "2", "H", "S4 S4 S5 S5 S6 S6", None, 12, "times-3pair-tractor-12"),
    K("times", "2", "H", "SA SK SQ SJ S10 S9 S8 S7 S7", None, 4, "times-throw-pair-4"),
    # tournament (seed 001: 单抠加倍，双抠两倍，拖拉机抠底四倍。甩牌抠底按单抠计。
    # 如用两张红桃10和1张红桃9甩牌抠底均为单抠); docs/rules.md: single 2, pair 4, tractor 8
    K("tournament", "2", "S", "H9", None, 2, "seed001-single-2"),
    K("tournament", "2", "S", "H9 H9", None, 4, "seed001-pair-4"),
    K("tournament", "2", "S", "H9 H9 H8 H8", None, 8, "seed001-tractor-8"),
    K("tournament", "2", "S", "H9 H9 H8 H8 H7 H7", None, 8, "seed001-long-tractor-8"),
    K("tournament", "2", "S", "H10 H10 H9", None, 2, "seed001-throw-H10H10H9-single"),
    K("tournament", "2", "S", "HA HA HK", None, 2, "seed001-throw-AAK-single"),
    K("tournament", "2", "S", "HA H9 H9 H8 H8", None, 2, "seed001-throw-with-tractor-single"),
    K("tournament", "2", "S", "HA HK", None, 2, "seed001-throw-of-singles"),
    # four-deck (seed 002: 单扣底乘2、双扣底乘4、三扣底乘8、四扣底乘16 ... 副牌扣底不翻倍)
    K("four-deck", "5", "H", "S9", "HK", 2, "seed002-4deck-single-ruff-2"),
    K("four-deck", "5", "H", "S9", "SA", 1, "seed002-4deck-side-single-win-1"),
    K("four-deck", "5", "H", "S9 S9", "SA SA", 1, "seed002-4deck-side-pair-win-1"),
    K("four-deck", "5", "H", "S9 S9", "H3 H3", 4, "seed002-4deck-pair-ruff-4"),
    K("four-deck", "5", "H", "S9 S9 S9", "H3 H3 H3", 8, "seed002-4deck-triple-ruff-8"),
    K("four-deck", "5", "H", "S9 S9 S9 S9", "H3 H3 H3 H3", 16, "seed002-4deck-quad-ruff-16"),
    K("four-deck", "5", "H", "H9 H9", None, 4, "seed002-4deck-trump-lead-pair-4"),
    K("four-deck", "5", "H", "HK", "BJ", 2, "seed002-4deck-trump-single-2"),
    K("four-deck", "5", "H", "H3 H3 H3 H3 H4 H4 H4 H4", None, 64,
      "seed002-4deck-trump-quad-tractor-capped-64"),
    K("four-deck", "5", "H", "S9 S9 S9 S9", None, 1, "seed002-4deck-side-lead-no-winner-1"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "lead", "winner", "mult"), CASES)
def test_kitty_multiplier(
    preset: str, level: str, trump: str | None, lead: str, winner: str | None, mult: int
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    if winner is None:
        got = rules.kitty_multiplier(rs(preset), ctx, lead)
    else:
        got = rules.kitty_multiplier(rs(preset), ctx, lead, winner=winner)
    assert got == mult
