"""Throws 甩牌 (docs/rules.md §5; seeds 000/002/003 examples).

A throw stands only if nobody else holds, in that suit, a higher single than each
single, a higher tuple of the same width than each tuple, or a higher tractor of the
same shape than each tractor (ruffing is not considered). Otherwise the leader plays
the beaten unit with the lowest highest card (a tie: the shorter unit).
Level 2, trump hearts unless noted: spades are a side suit 3..A.
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def key(cards: object) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in rules.parse_cards(cards)))  # type: ignore[arg-type]


def Th(preset: str, level: str, lead: str, others: list[str], forced: str | None, id: str):
    return pytest.param(preset, level, lead, others, forced, id=id)


# fmt: off
CASES = [
    # seed 000: 首家试图联出 9 8 8 4 4 时，若其余某家有此花色的 J，则首家必须出 9，
    # 若其余某家有此花色的 Q Q 或 5 5，则首家必须出 4 4
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S7 S3 D5", "S6 S5 HA", "DA DA C3"], None,
       "seed000-98844-stands"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["SJ D3", "S7 S6", "C4"], "S9",
       "seed000-98844-J-forces-9"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["SQ SQ D3", "S7", "C4"], "S4 S4",
       "seed000-98844-QQ-forces-44"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S5 S5 D3", "S7", "C4"], "S4 S4",
       "seed000-98844-55-forces-44"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S10", "S5 S5", "D3"], "S4 S4",
       "98844-9-and-44-beaten-lowest-is-44"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S10 S10 S3"], "S4 S4", "98844-1010-beats-all-three"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["SJ S3 S3"], "S9", "98844-33-does-not-beat-44"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["SA SK"], "S9", "98844-singles-beat-only-the-9"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S9", "S8"], None, "98844-equal-9-does-not-beat"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S6 S6"], "S4 S4", "98844-66-beats-44"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["HA HA LJ", "BJ BJ H3"], None,
       "98844-ruffing-not-considered"),
    Th("classic", "2", "S9 S8 S8 S4 S4", ["S2 S2 SJ"], "S9", "98844-S2-is-trump-not-spade"),
    # seed 000: 副牌中 A A K，A K K，A Q Q J J 甩牌 stand
    Th("classic", "2", "SA SA SK", ["SQ SQ SJ SJ", "SK S10 S10", "S9 S9 S8"], None,
       "seed000-AAK-stands"),
    Th("classic", "2", "SA SK SK", ["SA SQ SQ", "SJ SJ S10 S10", "S3"], None,
       "seed000-AKK-stands"),
    Th("classic", "2", "SA SQ SQ SJ SJ", ["SA SK SK", "S10 S10 S9 S9", "S8 S8"], None,
       "seed000-AQQJJ-stands"),
    Th("classic", "10", "SA SQ SQ SJ SJ", ["SA SK SK", "S9 S9 S8 S8", "S7 S7"], None,
       "seed000-AQQJJ-stands-level10"),
    # tractors in a throw are beaten only by a higher tractor of the same shape
    Th("classic", "2", "SA S7 S7 S6 S6", ["S9 S9 S8 S8"], "S7 S7 S6 S6", "tractor-unit-beaten"),
    Th("classic", "2", "SA S7 S7 S6 S6", ["SK SK", "S9 S9"], None, "pairs-do-not-beat-a-tractor"),
    Th("classic", "2", "SK S7 S7 S6 S6", ["SA", "S9 S9 S8 S8"], "S7 S7 S6 S6",
       "single-K-and-tractor-beaten-tractor-lower"),
    Th("classic", "2", "SK S7 S7 S6 S6", ["SA"], "SK", "only-the-K-beaten"),
    Th("classic", "2", "SA SA S9 S9 S4", ["S10 S10", "S5"], "S4", "lowest-highest-card-single-4"),
    Th("classic", "2", "SA SQ", ["SK"], "SQ", "two-singles-Q-beaten"),
    # tie on the highest card: the shorter unit (three decks: tractor 9988 + single 9)
    Th("three-deck", "2", "S9 S9 S9 S8 S8", ["SA", "SJ SJ S10 S10"], "S9",
       "tie-highest-card-shorter-unit"),
    Th("three-deck", "2", "S9 S9 S9 S8 S8", ["SA"], "S9", "three-deck-single-9-beaten"),
    Th("three-deck", "2", "S9 S9 S9 S8 S8", ["SJ SJ S10 S10"], "S9",
       "three-deck-higher-tractor-also-beats-the-single"),
    Th("three-deck", "2", "SA SA SA S9 S9", ["S10 S10 S10"], "S9 S9",
       "three-deck-pair-beaten-by-part-of-a-triple"),
    Th("three-deck", "2", "SA SA SA S9 S9 S9", ["SK SK SK"], "S9 S9 S9",
       "three-deck-triple-beaten-by-triple"),
    Th("three-deck", "2", "SA SA SA S9 S9 S9", ["SK SK S10 S10"], None,
       "three-deck-pairs-do-not-beat-triples"),
    Th("three-deck", "2", "SA SA SA S9 S9 S9 S3", ["SK SK SK"], "S3",
       "three-deck-single-3-lower-than-triple-9"),
    # trumps
    Th("classic", "2", "BJ LJ", ["BJ"], "LJ", "trump-throw-BJ-beats-LJ"),
    Th("classic", "2", "BJ LJ", ["LJ H2 HA"], None, "trump-throw-equal-LJ-does-not-beat"),
    # a single unit is not a throw: always allowed
    Th("classic", "2", "S3 S3", ["SA SA"], None, "pair-lead-is-not-a-throw"),
    Th("classic", "2", "S3 S3 S4 S4", ["S9 S9 S10 S10"], None, "tractor-lead-is-not-a-throw"),
    Th("classic", "2", "S3", ["SA"], None, "single-lead-is-not-a-throw"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "lead", "others", "forced"), CASES)
def test_check_throw(
    preset: str, level: str, lead: str, others: list[str], forced: str | None
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit="H")
    res = rules.check_throw(rs(preset), ctx, lead, others)
    if forced is None:
        assert res.ok
    else:
        assert not res.ok
        assert key(res.forced) == key(forced)
