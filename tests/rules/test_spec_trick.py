"""Who wins a trick (docs/rules.md §4, seeds 000/002/003 盖毙 examples, seed 002 four-deck).

Only plays in the led suit that match the lead's exact structure, or all-trump ruffs of
a side-suit lead that match it, can win; compare unit by unit, largest first; a tie
keeps the earlier play; singles decide only when the lead has no multi-card unit
(compare the highest single). Most cases are at level 10, trump hearts, the seeds'
default (以打10为例): hearts, all 10s and the jokers are trumps.
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        if name in ("all", "highest"):
            _RS[name] = rules.RuleSet.preset("classic").model_copy(update={"trick_compare": name})
        else:
            _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def T(preset: str, level: str, trump: str | None, plays: list[str], winner: int, id: str):
    return pytest.param(preset, level, trump, plays, winner, id=id)


# fmt: off
CASES = [
    # seed 000 (= 002/003) 盖毙 examples, exactly:
    # 主牌 9 9 8 8 7 2 可毙副牌 A K 5 5 4 4, 但不能毙副牌 A A 5 5 4 4
    T("classic", "10", "H", ["SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], 1,
      "seed000-ruff-AK5544"),
    T("classic", "10", "H", ["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2"], 0,
      "seed000-no-ruff-AA5544"),
    # 主牌 9 7 7 可毙副牌 5 4 4, 主牌 8 8 4 可盖毙
    T("classic", "10", "H", ["S5 S4 S4", "H9 H7 H7"], 1, "seed000-ruff-544"),
    T("classic", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4"], 2, "seed000-overruff-544"),
    # 主牌 9 7 7 可毙副牌 5 6 7, 主牌 8 8 4 不能盖毙
    T("classic", "10", "H", ["S5 S6 S7", "H9 H7 H7"], 1, "seed000-ruff-567"),
    T("classic", "10", "H", ["S5 S6 S7", "H9 H7 H7", "H8 H8 H4"], 1,
      "seed000-no-overruff-567"),
    # the same examples as full four-player tricks
    T("classic", "10", "H",
      ["SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2", "D3 D4 D6 D7 D8 D9", "S3 S3 S6 S7 S8 S9"], 0,
      "seed000-AA5544-four-players-lead-holds"),
    T("classic", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4", "S9 S3 S3"], 2,
      "seed000-544-four-players-overruff-holds"),
    T("classic", "10", "H", ["SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2", "HJ HJ HQ HQ H3 H4"], 2,
      "overruff-by-higher-tractor"),
    # pairs (若首家出包含对的副牌，其它方即使全部出了主牌，但没有对，也不能算大)
    T("classic", "10", "H", ["S9 S9", "HA HK"], 0, "seed000-two-trump-singles-cannot-ruff-pair"),
    T("classic", "10", "H", ["S9 S9", "H3 H3"], 1, "trump-pair-ruffs-pair"),
    T("classic", "10", "H", ["S9 S9", "SA SK"], 0, "in-suit-non-pair-cannot-win"),
    T("classic", "10", "H", ["S9 S9", "SJ SJ"], 1, "higher-pair-wins"),
    T("classic", "10", "H", ["S9 S9", "S8 S8"], 0, "lower-pair-loses"),
    T("classic", "10", "H", ["S9 S9", "DA DA"], 0, "off-suit-pair-is-a-discard"),
    T("classic", "10", "H", ["S9 S9", "H3 H3", "H4 H4"], 2, "higher-trump-pair-overruffs"),
    T("classic", "10", "H", ["S9 S9", "H3 H3", "S10 S10"], 2, "off-suit-level-pair-overruffs"),
    T("classic", "10", "H", ["S9 S9", "H3 H3", "SA SA"], 1, "following-suit-cannot-beat-a-ruff"),
    T("classic", "10", "H", ["S9 S9", "H3 H3", "H4 H4", "H2 H2"], 2, "pair-overruff-stands"),
    # tractors
    T("classic", "10", "H", ["S7 S7 S8 S8", "SJ SJ S9 S9"], 1, "level10-JJ99-tractor-wins"),
    T("classic", "10", "H", ["S7 S7 S8 S8", "SQ SQ SA SA"], 0, "two-higher-pairs-not-a-tractor"),
    T("classic", "10", "H", ["S7 S7 S8 S8", "H3 H3 H4 H4"], 1, "trump-tractor-ruffs"),
    T("classic", "10", "H", ["S7 S7 S8 S8", "H3 H3 H5 H5"], 0, "two-trump-pairs-cannot-ruff"),
    T("classic", "10", "H", ["S7 S7 S8 S8", "H3 H3 H4 H4", "LJ LJ BJ BJ"], 2,
      "joker-tractor-overruffs"),
    T("classic", "10", "H", ["S7 S7 S8 S8", "H3 H3 H4 H4", "S10 S10 H10 H10"], 2,
      "level-card-tractor-overruffs"),
    # ties go to the earlier play
    T("classic", "10", "H", ["S10 S10", "D10 D10"], 0, "equal-off-level-pairs-first-wins"),
    T("classic", "10", "H", ["S10 S10", "D10 D10", "H10 H10"], 2, "trump-level-pair-beats-them"),
    T("classic", "10", "H", ["SA", "D10", "C10"], 1, "equal-ruffs-first-ruff-wins"),
    T("classic", "10", "H", ["SA", "SA"], 0, "identical-single-first-wins"),
    T("classic", "10", "H", ["SA SK S5 S5", "S10 S10 H3 H4", "D10 D10 HA HK"], 1,
      "equal-pairs-singles-do-not-break-the-tie"),
    T("three-deck", "10", "H", ["S9 S9", "S9 S9", "S9 S9"], 0, "three-decks-identical-pairs"),
    # singles
    T("classic", "10", "H", ["SK", "SA", "S3", "SQ"], 1, "single-highest-in-suit"),
    T("classic", "10", "H", ["SK", "SQ", "S3", "SJ"], 0, "single-lead-holds"),
    T("classic", "10", "H", ["SK", "H2"], 1, "lowest-trump-ruffs"),
    T("classic", "10", "H", ["SK", "H2", "H3"], 2, "single-overruff"),
    T("classic", "10", "H", ["SK", "H2", "DA"], 1, "discard-after-ruff"),
    T("classic", "10", "H", ["HK", "SA"], 0, "side-card-on-trump-lead"),
    T("classic", "10", "H", ["H3", "S10"], 1, "off-level-on-trump-lead"),
    # the lead's multi-card units decide; singles only when there are none
    T("classic", "10", "H", ["SA SK S5 S5", "H6 H6 HA HK", "H7 H7 H3 H4"], 2,
      "pair-decides-not-the-singles"),
    T("classic", "10", "H", ["SA SK", "HA H2", "HK HQ"], 1, "singles-lead-highest-single-decides"),
    T("classic", "10", "H", ["SA SK", "H3 H2", "H4 H2"], 2, "singles-lead-highest-4-over-3"),
    T("classic", "10", "H", ["S3 S4", "SA S2"], 1, "singles-lead-in-suit-highest-A"),
    T("classic", "10", "H", ["SA SK", "H3 DA"], 0, "part-trump-play-is-a-discard"),
    T("classic", "10", "H", ["S9 S9 S3", "S2 S2 SA"], 0, "pair-plus-single-lower-pair-loses"),
    T("classic", "10", "H", ["S9 S9 S3", "SJ SJ S2"], 1, "pair-plus-single-higher-pair-wins"),
    # two-colour pack (seed 000 ♥K♦K是一对牌)
    T("two-color", "5", "S", ["HK DK", "HA DA"], 1, "seed000-two-color-red-pair-AA-beats-KK"),
    T("two-color", "5", "S", ["HK DK", "HA HQ"], 0, "two-color-two-red-singles-not-a-pair"),
    T("two-color", "5", "S", ["HK DK", "SA CA"], 1, "two-color-black-trump-pair-ruffs"),
    # three decks: triples and Titanic
    T("three-deck", "2", "H", ["S9 S9 S9", "SA SA SK"], 0, "triple-lead-pair-single-cannot-win"),
    T("three-deck", "2", "H", ["S9 S9 S9", "SA SA SA"], 1, "higher-triple-wins"),
    T("three-deck", "2", "H", ["S9 S9 S9", "H3 H3 H3"], 1, "trump-triple-ruffs"),
    T("three-deck", "2", "H", ["S9 S9 S9", "H3 H3 H4"], 0, "trump-pair-single-cannot-ruff-triple"),
    T("three-deck", "2", "H", ["S3 S3 S3 S4 S4 S4", "S9 S9 S9 S10 S10 S10"], 1,
      "higher-titanic-wins"),
    T("three-deck", "2", "H", ["S3 S3 S3 S4 S4 S4", "SA SA SK SK SQ SQ"], 0,
      "pair-tractor-cannot-beat-titanic"),
    # four decks (seed 002: 4张可以吃同样张数的2张拖拉机; 同样牌数的3张拖拉机大过2张拖拉机)
    T("four-deck", "5", "H", ["S7 S7 S8 S8", "S3 S3 S3 S3"], 1, "seed002-quad-eats-pair-tractor"),
    T("four-deck", "5", "H", ["S7 S7 S8 S8", "S9 S9 S10 S10", "S3 S3 S3 S3"], 2,
      "seed002-quad-beats-higher-tractor"),
    T("four-deck", "5", "H", ["S7 S7 S8 S8 S9 S9", "S3 S3 S3 S4 S4 S4"], 1,
      "seed002-triple-tractor-beats-3pair-tractor"),
    T("four-deck", "5", "H", ["S7 S7 S8 S8", "H3 H3 H3 H3"], 1, "seed002-trump-quad-ruffs-tractor"),
    T("four-deck", "5", "H", ["S3 S3 S3 S3", "S7 S7 S8 S8"], 0, "tractor-cannot-beat-quad-lead"),
    T("four-deck", "5", "H", ["SA", "S2"], 1, "four-deck-S2-ruffs-spade-lead"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "plays", "winner"), CASES)
def test_trick_winner(
    preset: str, level: str, trump: str | None, plays: list[str], winner: int
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    assert rules.trick_winner(rs(preset), ctx, plays) == winner


# trick_compare variants (docs/rules-decisions.md: `all`: higher in every unit, singles
# included, paired high to high; `highest`: the highest card decides); exact structure
# is still required.
# fmt: off
COMPARE = [
    T("all", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4"], 1, "all-88-over-77-but-4-under-9"),
    T("all", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 HJ"], 2, "all-88-over-77-and-J-over-9"),
    T("all", "10", "H", ["S5 S6 S7", "H9 H7 H7", "H8 H8 H4"], 1, "all-seed000-567-no-overruff"),
    T("all", "10", "H", ["S9 S9", "H3 H3", "H4 H4"], 2, "all-single-unit-higher"),
    T("highest", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 H4"], 1, "highest-9-over-8"),
    T("highest", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 HJ"], 2, "highest-J-over-9"),
    T("highest", "10", "H", ["S5 S4 S4", "H9 H7 H7", "HA HK HQ"], 1,
      "highest-needs-the-pair-structure"),
    T("largest_unit", "10", "H", ["S5 S4 S4", "H9 H7 H7", "H8 H8 HJ"], 2,
      "largest-unit-88-decides"),
]
# fmt: on


@pytest.mark.parametrize(("mode", "level", "trump", "plays", "winner"), COMPARE)
def test_trick_compare_modes(
    mode: str, level: str, trump: str | None, plays: list[str], winner: int
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    r = rs("classic") if mode == "largest_unit" else rs(mode)
    assert r.trick_compare == mode
    assert rules.trick_winner(r, ctx, plays) == winner


# ------------------------------------------- a ruff, or a discard (§4)

# (lead, play, is it a ruff); classic at level 10, trump hearts
# fmt: off
RUFFS = [
    ("S4", "H3", True),                      # a single: any trump ruffs
    ("S4 S4", "H6 H8", False),               # the case: a trump pair is needed
    ("S4 S4", "H6 H6", True),
    ("S4 S4", "BJ LJ", False),               # two jokers are no pair
    ("S4 S4", "S10 H10", False),             # off-suit and trump-suit level cards differ
    ("S4 S4 S5 S5", "H6 H6 H7 H7", True),    # a tractor for a tractor
    ("S4 S4 S5 S5", "H6 H6 H8 H8", False),   # two pairs are no tractor
    ("SA SK S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2", True),   # seed 000
    ("SA SA S5 S5 S4 S4", "H9 H9 H8 H8 H7 H2", False),  # seed 000
    ("H4 H4", "H6 H8", False),               # a trump lead is followed, not ruffed
    ("S4 S4", "H6 S8", False),               # not all trumps
]
# fmt: on


@pytest.mark.parametrize(("lead", "play", "ruff"), RUFFS)
def test_a_ruff_is_all_trumps_of_the_leads_shape(lead: str, play: str, ruff: bool) -> None:
    ctx = rules.TrumpContext("10", rules.Suit.H)
    assert rules.is_ruff(rs("classic"), ctx, lead, play) is ruff
    if ruff:  # a ruff can win: it beats the lead
        assert rules.trick_winner(rs("classic"), ctx, [lead, play]) == 1


# (hand, lead, may it ruff); classic at level 10, trump hearts
# fmt: off
CAN_RUFF = [
    ("H6 H8 C3", "S4 S4", False),            # trumps, but no pair: a discard only
    ("H6 H6 C3", "S4 S4", True),
    ("H6 S9 C3", "S4 S4", False),            # holds spades: must follow
    ("C3 D4", "S4", False),                  # no trump at all
    ("H2 D4", "S4", True),
    ("H6 H6 H8 H8 C3", "S4 S4 S5 S5", False),
    ("H6 H6 H7 H7 C3", "S4 S4 S5 S5", True),
    ("H6 H6", "H4 H4", False),               # a trump lead is followed
]
# fmt: on


@pytest.mark.parametrize(("hand", "lead", "may"), CAN_RUFF)
def test_whether_a_hand_can_ruff_the_lead(hand: str, lead: str, may: bool) -> None:
    ctx = rules.TrumpContext("10", rules.Suit.H)
    assert rules.can_ruff(rs("classic"), ctx, hand, lead) is may
