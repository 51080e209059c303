"""Tractors and unit decomposition (docs/rules.md §3, §4 first bullet; seeds 000/002/003)."""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def P(preset: str, level: str, trump: str | None, cards: str, yes: bool, id: str):
    return pytest.param(preset, level, trump, cards, yes, id=id)


TRACTORS = [
    # docs/rules.md §3, level 5, trump H (= seed 000 当打5时 3344，4466，副5主5，大王小王，
    # AA副5，主5小王 are tractors, 5566 is not)
    P("classic", "5", "H", "S3 S3 S4 S4", True, "rules3-seed000-3344"),
    P("classic", "5", "H", "S4 S4 S6 S6", True, "rules3-seed000-4466-level-skipped"),
    P("classic", "5", "H", "S5 S5 H5 H5", True, "rules3-seed000-off5-trump5"),
    P("classic", "5", "H", "LJ LJ BJ BJ", True, "rules3-seed000-jokers"),
    P("classic", "5", "H", "HA HA S5 S5", True, "rules3-seed000-trumpAA-off5"),
    P("classic", "5", "H", "H5 H5 LJ LJ", True, "rules3-seed000-trump5-LJ"),
    P("classic", "5", "H", "S5 S5 S6 S6", False, "rules3-seed000-5566-not"),
    P("classic", "5", "H", "S5 S5 D5 D5", False, "rules3-off-suit-levels-not-adjacent"),
    # derived from §3's chain (trump-suit A -> off-suit level -> trump-suit level -> LJ -> BJ)
    P("classic", "5", "H", "SA SA S5 S5", False, "side-A-not-adjacent-to-level"),
    P("classic", "5", "H", "HK HK S5 S5", False, "trump-K-not-adjacent-to-level"),
    P("classic", "5", "H", "HA HA HK HK", True, "trump-AAKK"),
    P("classic", "5", "H", "H4 H4 H6 H6", True, "trump-suit-skips-level"),
    P("classic", "5", "H", "HA HA D5 D5", True, "trump-A-any-off-level"),
    P("classic", "5", "H", "HA HA S5 S5 H5 H5 LJ LJ BJ BJ", True, "five-pair-trump-chain"),
    P("classic", "5", "H", "S5 S5 D5 D5 H5 H5", False, "two-off-levels-break-chain"),
    P("classic", "5", "H", "S3 S3 S4 S4 S6 S6", True, "three-pairs-across-level"),
    P("classic", "5", "H", "S3 S3 S6 S6", False, "gap-3-6"),
    P("classic", "5", "H", "D3 D3 S4 S4", False, "different-suits"),
    P("classic", "5", "H", "S3 S3", False, "one-pair-is-not-a-tractor"),
    P("classic", "5", "H", "S3 S4", False, "two-singles"),
    P("classic", "5", "H", "S3 S3 S4", False, "pair-plus-single"),
    P("classic", "5", "H", "LJ LJ BJ", False, "jokers-pair-plus-single"),
    # docs/rules.md §3, level 10, seed 002 (以打10为例): KKQQ, JJ99, 554433 yes; 554, 544, 5533,
    # JJQ, two pairs of off-suit 10, JJ1010, AA22 no; trump chains with 10s
    P("classic", "10", "H", "SK SK SQ SQ", True, "rules3-seed002-level10-KKQQ"),
    P("classic", "10", "H", "SJ SJ S9 S9", True, "rules3-seed002-level10-JJ99"),
    P("classic", "10", "H", "S5 S5 S4 S4 S3 S3", True, "rules3-seed002-level10-554433"),
    P("classic", "10", "H", "SJ SJ S10 S10", False, "rules3-seed002-level10-JJ1010-not"),
    P("classic", "10", "H", "SA SA S2 S2", False, "rules3-seed002-AA22-A-does-not-wrap"),
    P("classic", "10", "H", "S5 S5 S4", False, "seed002-554-not"),
    P("classic", "10", "H", "S5 S4 S4", False, "seed002-544-not"),
    P("classic", "10", "H", "S5 S5 S3 S3", False, "seed002-5533-not"),
    P("classic", "10", "H", "SJ SJ SQ", False, "seed002-JJQ-not"),
    P("classic", "10", "H", "S10 S10 D10 D10", False, "seed002-two-pairs-off-10-not"),
    P("classic", "10", "H", "LJ LJ H10 H10", True, "seed002-LJ-pair-trump-10-pair"),
    P("classic", "10", "H", "H10 H10 S10 S10", True, "seed002-trump-10-off-10"),
    P("classic", "10", "H", "S10 S10 HA HA", True, "seed002-off-10-trump-AA"),
    P("classic", "10", "H", "H10 H10 S10 S10 HA HA", True, "seed002-trump10-off10-trumpAA"),
    P("classic", "10", "S", "SJ SJ S10 S10", False, "level10-trump-S-J-not-next-to-10"),
    # docs/rules.md §3 no-trump at level 5 (seed 000 当打无主时 5555 不为拖拉机)
    P("classic", "5", None, "S5 S5 H5 H5", False, "rules3-seed000-no-trump-5555-not"),
    P("classic", "5", None, "S5 S5 LJ LJ", True, "rules3-no-trump-level-below-LJ"),
    P("classic", "5", None, "LJ LJ BJ BJ", True, "no-trump-jokers"),
    P("classic", "5", None, "SA SA S5 S5", False, "no-trump-side-A-not-next-to-level"),
    P("classic", "5", None, "S4 S4 S6 S6", True, "no-trump-side-skips-level"),
    # Titanic / 推土机 (three decks), seeds 000/002/003: 333444, 444666, 副5主5, 大王小王,
    # AAA副5, 主5小王 yes; 555666 no; no-trump 555555 no
    P("three-deck", "5", "H", "S3 S3 S3 S4 S4 S4", True, "seed000-titanic-333444"),
    P("three-deck", "5", "H", "S4 S4 S4 S6 S6 S6", True, "seed000-titanic-444666"),
    P("three-deck", "5", "H", "S5 S5 S5 H5 H5 H5", True, "seed000-titanic-off5-trump5"),
    P("three-deck", "5", "H", "LJ LJ LJ BJ BJ BJ", True, "seed000-titanic-jokers"),
    P("three-deck", "5", "H", "HA HA HA S5 S5 S5", True, "seed000-titanic-AAA-off5"),
    P("three-deck", "5", "H", "H5 H5 H5 LJ LJ LJ", True, "seed000-titanic-trump5-LJ"),
    P("three-deck", "5", "H", "S5 S5 S5 S6 S6 S6", False, "seed000-titanic-555666-not"),
    P("three-deck", "5", None, "S5 S5 S5 H5 H5 H5", False, "seed000-titanic-no-trump-555555-not"),
    P("three-deck", "5", None, "S5 S5 S5 LJ LJ LJ", True, "titanic-no-trump-level-LJ"),
    P("three-deck", "5", "H", "S3 S3 S3 S4 S4", False, "titanic-unequal-widths-not"),
    P("three-deck", "5", "H", "S3 S3 S4 S4", True, "three-deck-pair-tractor"),
    # four decks: quad tractors; 2 is a constant trump (chain: trump A -> off 2 -> trump 2 ->
    # off level -> trump level -> LJ -> BJ)
    P("four-deck", "5", "H", "S3 S3 S3 S3 S4 S4 S4 S4", True, "4deck-quad-tractor"),
    P("four-deck", "5", "H", "S3 S3 S4 S4", True, "4deck-pair-tractor"),
    P("four-deck", "5", "H", "S4 S4 S6 S6", True, "4deck-side-skips-level"),
    P("four-deck", "5", "H", "HA HA S2 S2", True, "4deck-trumpAA-off-2"),
    P("four-deck", "5", "H", "S2 S2 H2 H2", True, "4deck-off2-trump2"),
    P("four-deck", "5", "H", "H2 H2 S5 S5", True, "4deck-trump2-off-level"),
    P("four-deck", "5", "H", "S5 S5 H5 H5", True, "4deck-off-level-trump-level"),
    P("four-deck", "5", "H", "S2 S2 D2 D2", False, "4deck-off-2s-equal-not-adjacent"),
    P("four-deck", "5", "H", "S2 S2 S3 S3", False, "4deck-S2-trump-S3-side"),
    P("four-deck", "5", "H", "HA HA S5 S5", False, "4deck-2s-sit-between-A-and-level"),
    P("four-deck", "5", "H", "H3 H3 H2 H2", False, "4deck-trump3-not-next-to-trump2"),
    P("four-deck", "5", "H", "SA SA S2 S2", False, "4deck-side-A-not-next-to-2"),
    # two-colour pack (seed 000 两色规则): ♦7♥7♦8♥8 is a tractor, ♥K♦K a pair
    P("two-color", "5", "S", "D7 H7 D8 H8", True, "seed000-two-color-D7H7D8H8-side"),
    P("two-color", "5", "H", "D7 H7 D8 H8", True, "seed000-two-color-D7H7D8H8-trump"),
    P("two-color", "5", None, "D7 H7 D8 H8", True, "seed000-two-color-D7H7D8H8-no-trump"),
    P("two-color", "5", "S", "S7 C7 S8 C8", True, "two-color-black-tractor"),
    P("two-color", "5", "S", "D7 H7 S8 C8", False, "two-color-colours-differ"),
    P("two-color", "5", "S", "HK DK", False, "two-color-one-pair-only"),
    P("two-color", "5", "S", "D7 H7 D9 H9", False, "two-color-gap"),
    P("two-color", "8", "S", "D7 H7 D9 H9", True, "two-color-level-8-skipped"),
]


@pytest.mark.parametrize(("preset", "level", "trump", "cards", "yes"), TRACTORS)
def test_is_tractor(preset: str, level: str, trump: str | None, cards: str, yes: bool) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    assert rules.is_tractor(rs(preset), ctx, cards) is yes


# ------------------------------------------------------------------ decompose


def U(kind: str, width: int, length: int, cards: str) -> tuple[str, int, int, tuple[str, ...]]:
    return (kind, width, length, tuple(sorted(cards.split())))


# fmt: off
DECOMPOSE = [
    pytest.param("classic", "2", "H", "S9 S8 S8 S4 S4",
                 [U("tuple", 2, 1, "S8 S8"), U("tuple", 2, 1, "S4 S4"), U("single", 1, 1, "S9")],
                 id="seed000-98844-two-pairs-and-a-single"),
    pytest.param("classic", "2", "H", "SA SA SK",
                 [U("tuple", 2, 1, "SA SA"), U("single", 1, 1, "SK")], id="seed000-AAK"),
    pytest.param("classic", "2", "H", "SA SK SK",
                 [U("tuple", 2, 1, "SK SK"), U("single", 1, 1, "SA")], id="seed000-AKK"),
    pytest.param("classic", "2", "H", "SA SQ SQ SJ SJ",
                 [U("tractor", 2, 2, "SQ SQ SJ SJ"), U("single", 1, 1, "SA")],
                 id="seed000-AQQJJ-tractor-plus-A"),
    pytest.param("classic", "10", "H", "SA SK S5 S5 S4 S4",
                 [U("tractor", 2, 2, "S5 S5 S4 S4"), U("single", 1, 1, "SA"),
                  U("single", 1, 1, "SK")], id="seed000-AK5544"),
    pytest.param("classic", "10", "H", "SA SA S5 S5 S4 S4",
                 [U("tractor", 2, 2, "S5 S5 S4 S4"), U("tuple", 2, 1, "SA SA")],
                 id="seed000-AA5544"),
    pytest.param("classic", "2", "H", "SA SK SQ SJ S10 S9 S8 S7 S7",
                 [U("tuple", 2, 1, "S7 S7")] + [U("single", 1, 1, c) for c in
                                                  ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8"]],
                 id="seed000-AKQJ1098-77"),
    pytest.param("classic", "2", "H", "SA SA SJ SJ",
                 [U("tuple", 2, 1, "SA SA"), U("tuple", 2, 1, "SJ SJ")],
                 id="seed000-AAJJ-two-pairs"),
    pytest.param("classic", "2", "H", "C10 C10 CJ CJ CQ CQ",
                 [U("tractor", 2, 3, "C10 C10 CJ CJ CQ CQ")], id="three-pair-tractor"),
    pytest.param("classic", "5", "H", "S3 S3 S4 S4 S6 S6",
                 [U("tractor", 2, 3, "S3 S3 S4 S4 S6 S6")], id="three-pair-tractor-across-level"),
    pytest.param("classic", "5", "H", "BJ BJ LJ LJ H5 H5",
                 [U("tractor", 2, 3, "BJ BJ LJ LJ H5 H5")], id="trump-tractor-of-jokers"),
    pytest.param("three-deck", "2", "H", "S3 S3 S3 S4 S4 S4",
                 [U("tractor", 3, 2, "S3 S3 S3 S4 S4 S4")], id="titanic-333444"),
    pytest.param("three-deck", "2", "H", "S5 S5 S5",
                 [U("tuple", 3, 1, "S5 S5 S5")], id="triple"),
    pytest.param("three-deck", "2", "H", "S3 S3 S3 S4 S4",
                 [U("tractor", 2, 2, "S3 S3 S4 S4"), U("single", 1, 1, "S3")],
                 id="rules4-largest-unit-first-tractor-over-triple"),
    pytest.param("four-deck", "5", "H", "S3 S3 S3 S3 S4 S4 S4 S4",
                 [U("tractor", 4, 2, "S3 S3 S3 S3 S4 S4 S4 S4")], id="quad-tractor"),
    pytest.param("four-deck", "5", "H", "S9 S9 S9 S9",
                 [U("tuple", 4, 1, "S9 S9 S9 S9")], id="quad"),
    pytest.param("two-color", "5", "S", "HK DK",
                 [U("tuple", 2, 1, "HK DK")], id="seed000-two-color-HK-DK-pair"),
    pytest.param("two-color", "5", "S", "HK HQ",
                 [U("single", 1, 1, "HK"), U("single", 1, 1, "HQ")],
                 id="two-color-HK-HQ-two-singles"),
    pytest.param("two-color", "5", "S", "D7 H7 D8 H8",
                 [U("tractor", 2, 2, "D7 H7 D8 H8")], id="seed000-two-color-tractor-unit"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "cards", "units"), DECOMPOSE)
def test_decompose(preset: str, level: str, trump: str, cards: str, units: list) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    got = rules.decompose(rs(preset), ctx, cards)
    got_t = [(u.kind, u.width, u.length, tuple(sorted(str(c) for c in u.cards))) for u in got]
    assert sorted(got_t) == sorted(units)
    sizes = [len(u.cards) for u in got]
    assert sizes == sorted(sizes, reverse=True), "units must come largest first"
    assert sorted(c for u in got for c in map(str, u.cards)) == sorted(cards.split())
