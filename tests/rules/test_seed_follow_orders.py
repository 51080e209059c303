"""Seed 002's four-deck follow orders (四副牌 3.4.5 出牌跟牌顺序), preset four-deck.

Level 5, trump hearts: side spades run 3 4 6 7 8 9 10 J Q K A (5 is the level, 2 a
constant trump), so S4-S6 are adjacent. For every entry of each list there is a hand
whose best shape is that entry (nothing higher in the list is in the hand): a play of
that entry is accepted and a play of a later, weaker entry from the same hand is
rejected. `S3*4` below means four S3.

"2个4张" is read as the seed's own example of it, 4 4 4 4 5 5 5 5 (a quad tractor).
The garbled entry "升级(13张)" of list 1 is skipped.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from shengji_tui import rules

RS = rules.RuleSet.preset("four-deck")
CTX = rules.TrumpContext(level="5", trump_suit="H")


def x(text: str) -> str:
    """Expand `S3*4` into `S3 S3 S3 S3`."""
    out: list[str] = []
    for tok in text.split():
        card, _, n = tok.partition("*")
        out.extend([card] * (int(n) if n else 1))
    return " ".join(out)


def key(cards: object) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in rules.parse_cards(cards)))  # type: ignore[arg-type]


def plus(core: str, singles: str, k: int) -> list[str]:
    """Every play `core` + k of `singles`."""
    return [f"{core} {' '.join(c)}" for c in combinations(singles.split(), k)]


def case(list_no: int, entry: str, hand: str, lead: str, good: list[str], bad: str):
    return pytest.param(
        x(hand), x(lead), [x(g) for g in good], x(bad), id=f"seed002-list{list_no}-{entry}"
    )


# list 5: 当发牌家出4个时，例如出AAAA: 4个 → 拖拉机 → 2个对子 → 3个+1个 → 1对+2个单牌 → 4个单牌
QUAD = "SA*4"
# list 6: 出7788: 拖拉机或AAAA (可选) → 2个对子 → 1对+2个单牌 → 4个单牌
TRACTOR2 = "SQ SQ SK SK"
# list 3: 出667788: 667788或JJJQQQ (可选) → 4个+1个对子 → 拖拉机+1个对子 → 3个对子 →
# 2个对子+2个单牌 → 1个对子+4个单牌 → 6个单牌
TRACTOR3 = "SQ SQ SK SK SA SA"
# list 4: 出JJJQQQ: 555444 → 667788 → 4个+1个对子 → 拖拉机+1个对子 → 2个3个 →
# 1个3个+1个对子+1个单牌 → 3个对子 → 2个对子+2个单牌 → 1个对子+4个单牌 → 6个单牌
TITANIC = "SJ*3 SQ*3"
# list 1: 出连四 (4 4 5 5 6 6 7 7)
TRACTOR4 = "SJ SJ SQ SQ SK SK SA SA"
# list 2: 出2个4个 (4 4 4 4 5 5 5 5)
QUADTRACTOR = "SK*4 SA*4"

# fmt: off
CASES = [
    # ---------------------------------------------------------------- list 5
    case(5, "quad", "S7*4 S8 S8 S9 S9", QUAD, ["S7*4"], "S8 S8 S9 S9"),
    case(5, "tractor", "S7 S7 S8 S8 S10*3", QUAD, ["S7 S7 S8 S8"], "S7 S7 S10 S10"),
    case(5, "tractor-over-triple", "S7 S7 S8 S8 S10*3", QUAD, ["S7 S7 S8 S8"], "S10*3 S7"),
    case(5, "two-pairs", "S7 S7 S10*3 SJ", QUAD, ["S7 S7 S10 S10"], "S10*3 S7"),
    case(5, "triple-plus-one", "S10*3 S7 SJ", QUAD, ["S10*3 S7", "S10*3 SJ"], "S10 S10 S7 SJ"),
    case(5, "pair-plus-two", "S10 S10 S7 SJ SK", QUAD,
         ["S10 S10 S7 SJ", "S10 S10 S7 SK", "S10 S10 SJ SK"], "S10 S7 SJ SK"),
    case(5, "four-singles", "S7 S8 S9 S10 D3", QUAD, ["S7 S8 S9 S10"], "S7 S8 S9 D3"),
    # ---------------------------------------------------------------- list 6
    case(6, "tractor-or-quad", "S3*4 S9 S9 S10 S10", TRACTOR2, ["S3*4", "S9 S9 S10 S10"],
         "S3 S3 S9 S9"),
    case(6, "quad-only", "S3*4 S9 S10", TRACTOR2, ["S3*4"], "S3 S3 S9 S10"),
    case(6, "tractor-only", "S9 S9 S10 S10 S3", TRACTOR2, ["S9 S9 S10 S10"], "S9 S9 S10 S3"),
    case(6, "two-pairs", "S3 S3 S9 S9 S7", TRACTOR2, ["S3 S3 S9 S9"], "S3 S3 S9 S7"),
    case(6, "two-pairs-from-triple", "S3*3 S9 S9", TRACTOR2, ["S3 S3 S9 S9"], "S3*3 S9"),
    case(6, "pair-plus-two", "S3 S3 S9 S7 SJ", TRACTOR2,
         ["S3 S3 S9 S7", "S3 S3 S9 SJ", "S3 S3 S7 SJ"], "S3 S9 S7 SJ"),
    case(6, "four-singles", "S3 S6 S9 SJ D4", TRACTOR2, ["S3 S6 S9 SJ"], "S3 S6 S9 D4"),
    # ---------------------------------------------------------------- list 3
    case(3, "3pair-tractor-or-titanic", "S3 S3 S4 S4 S6 S6 S8*3 S9*3", TRACTOR3,
         ["S3 S3 S4 S4 S6 S6", "S8*3 S9*3"], "S3 S3 S4 S4 S8 S8"),
    case(3, "quad-plus-pair", "S3*4 S8 S8 S10", TRACTOR3, ["S3*4 S8 S8"], "S3*3 S8 S8 S10"),
    case(3, "tractor-plus-pair", "S6 S6 S7 S7 S10 S10 S3", TRACTOR3, ["S6 S6 S7 S7 S10 S10"],
         "S6 S6 S7 S7 S10 S3"),
    case(3, "three-pairs", "S3 S3 S7 S7 S10 S10 SJ", TRACTOR3, ["S3 S3 S7 S7 S10 S10"],
         "S3 S3 S7 S7 S10 SJ"),
    case(3, "two-pairs-two-singles", "S3 S3 S7 S7 S10 SJ S9", TRACTOR3,
         ["S3 S3 S7 S7 S10 SJ", "S3 S3 S7 S7 S10 S9", "S3 S3 S7 S7 SJ S9"],
         "S3 S3 S7 S10 SJ S9"),
    case(3, "pair-four-singles", "S3 S3 S7 S9 SJ S10 S6", TRACTOR3,
         ["S3 S3 S7 S9 SJ S10", "S3 S3 S7 S9 SJ S6", "S3 S3 S7 S9 S10 S6",
          "S3 S3 S7 SJ S10 S6", "S3 S3 S9 SJ S10 S6"], "S3 S7 S9 SJ S10 S6"),
    case(3, "six-singles", "S3 S4 S6 S7 S8 S9 D4", TRACTOR3, ["S3 S4 S6 S7 S8 S9"],
         "S3 S4 S6 S7 S8 D4"),
    # ---------------------------------------------------------------- list 4
    case(4, "titanic", "S3*3 S4*3 S7 S7 S8 S8 S9 S9", TITANIC, ["S3*3 S4*3"],
         "S7 S7 S8 S8 S9 S9"),
    case(4, "3pair-tractor", "S6 S6 S7 S7 S8 S8 SK", TITANIC, ["S6 S6 S7 S7 S8 S8"],
         "S6 S7 S7 S8 S8 SK"),
    case(4, "quad-plus-pair", "S3*4 S8 S8 SK", TITANIC, ["S3*4 S8 S8"], "S3*3 S8 S8 SK"),
    case(4, "tractor-plus-pair", "S7 S7 S8 S8 SA SA S3", TITANIC, ["S7 S7 S8 S8 SA SA"],
         "S7 S7 S8 S8 SA S3"),
    case(4, "two-triples", "S3*3 S8*3 SK", TITANIC, ["S3*3 S8*3"], "S3*3 S8 S8 SK"),
    case(4, "triple-pair-single", "S3*3 S8 S8 SK SA", TITANIC,
         ["S3*3 S8 S8 SK", "S3*3 S8 S8 SA"], "S3*3 S8 SK SA"),
    case(4, "three-pairs", "S3 S3 S7 S7 SK SK SA", TITANIC, ["S3 S3 S7 S7 SK SK"],
         "S3 S3 S7 S7 SK SA"),
    case(4, "two-pairs-two-singles", "S3 S3 S7 S7 SK SA S9", TITANIC,
         ["S3 S3 S7 S7 SK SA", "S3 S3 S7 S7 SK S9", "S3 S3 S7 S7 SA S9"], "S3 S3 S7 SK SA S9"),
    case(4, "pair-four-singles", "S3 S3 S7 S9 SK SA S6", TITANIC,
         ["S3 S3 S7 S9 SK SA", "S3 S3 S7 S9 SK S6", "S3 S3 S7 S9 SA S6",
          "S3 S3 S7 SK SA S6", "S3 S3 S9 SK SA S6"], "S3 S7 S9 SK SA S6"),
    case(4, "six-singles", "S3 S6 S8 S10 SK SA D3", TITANIC, ["S3 S6 S8 S10 SK SA"],
         "S3 S6 S8 S10 SK D3"),
    # ---------------------------------------------------------------- list 1
    case(1, "4pair-tractor-or-quad-tractor", "S3 S3 S4 S4 S6 S6 S7 S7 S9*4 S10*4", TRACTOR4,
         ["S3 S3 S4 S4 S6 S6 S7 S7", "S9*4 S10*4"], "S3 S3 S4 S4 S6 S6 S9 S9"),
    case(1, "3pair-tractor-plus-pair", "S3 S3 S4 S4 S6 S6 S9 S9 S8", TRACTOR4,
         ["S3 S3 S4 S4 S6 S6 S9 S9"], "S3 S3 S4 S4 S6 S6 S9 S8"),
    case(1, "3pair-tractor-plus-two", "S3 S3 S4 S4 S6 S6 S8 S9 S10", TRACTOR4,
         ["S3 S3 S4 S4 S6 S6 S8 S9", "S3 S3 S4 S4 S6 S6 S8 S10", "S3 S3 S4 S4 S6 S6 S9 S10"],
         "S3 S3 S4 S4 S6 S8 S9 S10"),
    case(1, "tractor-two-pairs", "S3 S3 S4 S4 S7 S7 S9 S9 S10", TRACTOR4,
         ["S3 S3 S4 S4 S7 S7 S9 S9"], "S3 S3 S4 S4 S7 S7 S9 S10"),
    case(1, "tractor-pair-two-singles", "S3 S3 S4 S4 S8 S8 S10 S6 SA", TRACTOR4,
         ["S3 S3 S4 S4 S8 S8 S10 S6", "S3 S3 S4 S4 S8 S8 S10 SA", "S3 S3 S4 S4 S8 S8 S6 SA"],
         "S3 S3 S4 S4 S8 S10 S6 SA"),
    case(1, "tractor-four-singles", "S3 S3 S4 S4 S7 S9 SJ SQ SA", TRACTOR4,
         plus("S3 S3 S4 S4", "S7 S9 SJ SQ SA", 4), "S3 S3 S4 S7 S9 SJ SQ SA"),
    case(1, "quad-two-pairs", "S3*4 S8 S8 S10 S10 SA", TRACTOR4, ["S3*4 S8 S8 S10 S10"],
         "S3*4 S8 S8 S10 SA"),
    case(1, "quad-pair-two-singles", "S3*4 S8 S8 S10 SQ SA", TRACTOR4,
         ["S3*4 S8 S8 S10 SQ", "S3*4 S8 S8 S10 SA", "S3*4 S8 S8 SQ SA"], "S3*4 S8 S10 SQ SA"),
    case(1, "quad-four-singles", "S3*4 S7 S9 SJ SQ SA", TRACTOR4,
         plus("S3*4", "S7 S9 SJ SQ SA", 4),
         "S3*3 S7 S9 SJ SQ SA"),
    case(1, "two-triples-two-singles", "S3*3 S8*3 SQ SA S10", TRACTOR4,
         ["S3*3 S8*3 SQ SA", "S3*3 S8*3 SQ S10", "S3*3 S8*3 SA S10"], "S3*3 S8 S8 SQ SA S10"),
    case(1, "triple-two-pairs-single", "S3*3 S8 S8 S10 S10 SQ SA", TRACTOR4,
         ["S3*3 S8 S8 S10 S10 SQ", "S3*3 S8 S8 S10 S10 SA"], "S3*3 S8 S8 S10 SQ SA"),
    case(1, "triple-pair-three-singles", "S3*3 S8 S8 S10 SQ SA S6", TRACTOR4,
         plus("S3*3 S8 S8", "S10 SQ SA S6", 3), "S3*3 S8 S10 SQ SA S6"),
    case(1, "triple-five-singles", "S3*3 S7 S9 SJ SQ SA S6", TRACTOR4,
         plus("S3*3", "S7 S9 SJ SQ SA S6", 5), "S3 S3 S7 S9 SJ SQ SA S6"),
    case(1, "four-pairs", "S3 S3 S7 S7 S9 S9 SQ SQ SA", TRACTOR4, ["S3 S3 S7 S7 S9 S9 SQ SQ"],
         "S3 S3 S7 S7 S9 S9 SQ SA"),
    case(1, "three-pairs-two-singles", "S3 S3 S7 S7 S9 S9 SQ SA S10", TRACTOR4,
         ["S3 S3 S7 S7 S9 S9 SQ SA", "S3 S3 S7 S7 S9 S9 SQ S10", "S3 S3 S7 S7 S9 S9 SA S10"],
         "S3 S3 S7 S7 S9 SQ SA S10"),
    case(1, "two-pairs-four-singles", "S3 S3 S7 S7 S9 SQ SA S10 S6", TRACTOR4,
         plus("S3 S3 S7 S7", "S9 SQ SA S10 S6", 4), "S3 S3 S7 S9 SQ SA S10 S6"),
    case(1, "pair-six-singles", "S3 S3 S6 S7 S8 S9 S10 SA SQ", TRACTOR4,
         plus("S3 S3", "S6 S7 S8 S9 S10 SA SQ", 6), "S3 S6 S7 S8 S9 S10 SA SQ"),
    case(1, "eight-singles", "S3 S4 S6 S7 S8 S9 S10 SA D3", TRACTOR4,
         ["S3 S4 S6 S7 S8 S9 S10 SA"], "S3 S4 S6 S7 S8 S9 S10 D3"),
    # ---------------------------------------------------------------- list 2
    case(2, "quad-tractor", "S3*4 S4*4 S7 S7 S8 S8 S9 S9 S10 S10", QUADTRACTOR, ["S3*4 S4*4"],
         "S7 S7 S8 S8 S9 S9 S10 S10"),
    case(2, "4pair-tractor", "S3 S3 S4 S4 S6 S6 S7 S7 S9", QUADTRACTOR,
         ["S3 S3 S4 S4 S6 S6 S7 S7"], "S3 S3 S4 S4 S6 S6 S7 S9"),
    case(2, "3pair-tractor-plus-pair", "S3 S3 S4 S4 S6 S6 S9 S9 SJ", QUADTRACTOR,
         ["S3 S3 S4 S4 S6 S6 S9 S9"], "S3 S3 S4 S4 S6 S6 S9 SJ"),
    case(2, "3pair-tractor-plus-two", "S3 S3 S4 S4 S6 S6 S9 SJ SQ", QUADTRACTOR,
         ["S3 S3 S4 S4 S6 S6 S9 SJ", "S3 S3 S4 S4 S6 S6 S9 SQ", "S3 S3 S4 S4 S6 S6 SJ SQ"],
         "S3 S3 S4 S4 S6 S9 SJ SQ"),
    case(2, "tractor-two-pairs", "S3 S3 S4 S4 S8 S8 S10 S10 SQ", QUADTRACTOR,
         ["S3 S3 S4 S4 S8 S8 S10 S10"], "S3 S3 S4 S4 S8 S8 S10 SQ"),
    case(2, "tractor-pair-two-singles", "S3 S3 S4 S4 S8 S8 S10 SQ SJ", QUADTRACTOR,
         ["S3 S3 S4 S4 S8 S8 S10 SQ", "S3 S3 S4 S4 S8 S8 S10 SJ", "S3 S3 S4 S4 S8 S8 SQ SJ"],
         "S3 S3 S4 S4 S8 S10 SQ SJ"),
    case(2, "tractor-four-singles", "S3 S3 S4 S4 S7 S9 SJ SQ S10", QUADTRACTOR,
         plus("S3 S3 S4 S4", "S7 S9 SJ SQ S10", 4), "S3 S3 S4 S7 S9 SJ SQ S10"),
    case(2, "quad-two-pairs", "S3*4 S8 S8 S10 S10 SQ", QUADTRACTOR, ["S3*4 S8 S8 S10 S10"],
         "S3*4 S8 S8 S10 SQ"),
    case(2, "quad-pair-two-singles", "S3*4 S8 S8 S10 SQ SJ", QUADTRACTOR,
         ["S3*4 S8 S8 S10 SQ", "S3*4 S8 S8 S10 SJ", "S3*4 S8 S8 SQ SJ"], "S3*4 S8 S10 SQ SJ"),
    case(2, "quad-four-singles", "S3*4 S7 S9 SJ SQ S10", QUADTRACTOR,
         plus("S3*4", "S7 S9 SJ SQ S10", 4),
         "S3*3 S7 S9 SJ SQ S10"),
    case(2, "two-triples-two-singles", "S3*3 S8*3 SQ SJ S10", QUADTRACTOR,
         ["S3*3 S8*3 SQ SJ", "S3*3 S8*3 SQ S10", "S3*3 S8*3 SJ S10"], "S3*3 S8 S8 SQ SJ S10"),
    case(2, "triple-two-pairs-single", "S3*3 S8 S8 S10 S10 SQ SJ", QUADTRACTOR,
         ["S3*3 S8 S8 S10 S10 SQ", "S3*3 S8 S8 S10 S10 SJ"], "S3*3 S8 S8 S10 SQ SJ"),
    case(2, "triple-pair-three-singles", "S3*3 S8 S8 S10 SQ SJ S6", QUADTRACTOR,
         plus("S3*3 S8 S8", "S10 SQ SJ S6", 3), "S3*3 S8 S10 SQ SJ S6"),
    case(2, "triple-five-singles", "S3*3 S7 S9 SJ SQ S10 S6", QUADTRACTOR,
         plus("S3*3", "S7 S9 SJ SQ S10 S6", 5), "S3 S3 S7 S9 SJ SQ S10 S6"),
    case(2, "four-pairs", "S3 S3 S7 S7 S9 S9 SQ SQ SJ", QUADTRACTOR, ["S3 S3 S7 S7 S9 S9 SQ SQ"],
         "S3 S3 S7 S7 S9 S9 SQ SJ"),
    case(2, "three-pairs-two-singles", "S3 S3 S7 S7 S9 S9 SQ SJ S10", QUADTRACTOR,
         ["S3 S3 S7 S7 S9 S9 SQ SJ", "S3 S3 S7 S7 S9 S9 SQ S10", "S3 S3 S7 S7 S9 S9 SJ S10"],
         "S3 S3 S7 S7 S9 SQ SJ S10"),
    case(2, "two-pairs-four-singles", "S3 S3 S7 S7 S9 SQ SJ S10 S6", QUADTRACTOR,
         plus("S3 S3 S7 S7", "S9 SQ SJ S10 S6", 4), "S3 S3 S7 S9 SQ SJ S10 S6"),
    case(2, "pair-six-singles", "S3 S3 S6 S7 S8 S9 S10 SJ SQ", QUADTRACTOR,
         plus("S3 S3", "S6 S7 S8 S9 S10 SJ SQ", 6), "S3 S6 S7 S8 S9 S10 SJ SQ"),
    case(2, "eight-singles", "S3 S4 S6 S7 S8 S9 S10 SJ D3", QUADTRACTOR,
         ["S3 S4 S6 S7 S8 S9 S10 SJ"], "S3 S4 S6 S7 S8 S9 S10 D3"),
]
# fmt: on


@pytest.mark.parametrize(("hand", "lead", "good", "bad"), CASES)
def test_entry_accepted(hand: str, lead: str, good: list[str], bad: str) -> None:
    for play in good:
        v = rules.check_follow(RS, CTX, hand, lead, play)
        assert v.ok, f"{play}: {v.reason}"


@pytest.mark.parametrize(("hand", "lead", "good", "bad"), CASES)
def test_weaker_entry_rejected(hand: str, lead: str, good: list[str], bad: str) -> None:
    v = rules.check_follow(RS, CTX, hand, lead, bad)
    assert not v.ok, f"{bad} should be refused"
    assert v.reason


@pytest.mark.parametrize(("hand", "lead", "good", "bad"), CASES)
def test_legal_follows_are_the_entry(hand: str, lead: str, good: list[str], bad: str) -> None:
    # `good` lists every play of the hand's best entry
    got = [key(p) for p in rules.legal_follows(RS, CTX, hand, lead)]
    assert len(got) == len(set(got))
    assert set(got) == {key(g) for g in good}
