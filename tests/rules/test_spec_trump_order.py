"""Card order (docs/rules.md §2), probed through `trick_winner` with single cards:
the second card wins only if it is strictly higher (equal cards: the first played wins).

Level L, trump T:  BJ > LJ > L of T > L of other suits (equal) > [constant rank of T >
constant rank of other suits] > T: A K Q ... 2 (skipping L and the constant rank).
Side suits A down to 2 skipping L. A trump beats any side card; a card of another
side suit (a discard) never wins.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


CASES = [
    # classic, level 5, trump hearts
    pytest.param("classic", "5", "H", "LJ", "BJ", 1, id="BJ-over-LJ"),
    pytest.param("classic", "5", "H", "BJ", "LJ", 0, id="LJ-under-BJ"),
    pytest.param("classic", "5", "H", "H5", "LJ", 1, id="LJ-over-trump-suit-level"),
    pytest.param("classic", "5", "H", "S5", "H5", 1, id="trump-suit-level-over-off-suit-level"),
    pytest.param("classic", "5", "H", "H5", "S5", 0, id="off-suit-level-under-trump-suit-level"),
    pytest.param("classic", "5", "H", "S5", "D5", 0, id="off-suit-levels-equal-first-wins"),
    pytest.param("classic", "5", "H", "D5", "C5", 0, id="off-suit-levels-equal-first-wins-2"),
    pytest.param("classic", "5", "H", "HA", "S5", 1, id="off-suit-level-over-trump-A"),
    pytest.param("classic", "5", "H", "HK", "HA", 1, id="trump-A-over-trump-K"),
    pytest.param("classic", "5", "H", "H4", "H6", 1, id="trump-6-over-4"),
    pytest.param("classic", "5", "H", "H6", "H4", 0, id="trump-4-under-6"),
    pytest.param("classic", "5", "H", "H2", "H3", 1, id="trump-2-is-lowest"),
    pytest.param("classic", "5", "H", "SA", "H2", 1, id="lowest-trump-ruffs-side-A"),
    pytest.param("classic", "5", "H", "SA", "DA", 0, id="other-side-suit-is-a-discard"),
    pytest.param("classic", "5", "H", "SK", "SA", 1, id="side-A-over-K"),
    pytest.param("classic", "5", "H", "S6", "S4", 0, id="side-4-under-6"),
    pytest.param("classic", "5", "H", "S4", "S6", 1, id="side-6-over-4"),
    pytest.param("classic", "5", "H", "S3", "S5", 1, id="level-card-of-led-suit-is-a-trump"),
    pytest.param("classic", "5", "H", "HA", "HA", 0, id="identical-trumps-first-wins"),
    pytest.param("classic", "5", "H", "SA", "SA", 0, id="identical-side-cards-first-wins"),
    pytest.param("classic", "5", "H", "HA", "SA", 0, id="side-card-on-trump-lead-loses"),
    # classic, no-trump at level 5
    pytest.param("classic", "5", None, "S5", "H5", 0, id="no-trump-level-cards-equal"),
    pytest.param("classic", "5", None, "H5", "LJ", 1, id="no-trump-LJ-over-level"),
    pytest.param("classic", "5", None, "LJ", "BJ", 1, id="no-trump-BJ-over-LJ"),
    pytest.param("classic", "5", None, "SA", "S5", 1, id="no-trump-level-card-is-trump"),
    pytest.param("classic", "5", None, "SA", "H5", 1, id="no-trump-any-level-card-ruffs"),
    pytest.param("classic", "5", None, "HA", "SA", 0, id="no-trump-every-suit-is-a-side-suit"),
    pytest.param("classic", "5", None, "S4", "S6", 1, id="no-trump-side-6-over-4"),
    # four-deck: 2 is a constant trump (level 5, trump hearts)
    pytest.param("four-deck", "5", "H", "H2", "S5", 1, id="4deck-off-level-over-trump-2"),
    pytest.param("four-deck", "5", "H", "S2", "H2", 1, id="4deck-trump-2-over-off-2"),
    pytest.param("four-deck", "5", "H", "H2", "S2", 0, id="4deck-off-2-under-trump-2"),
    pytest.param("four-deck", "5", "H", "S2", "D2", 0, id="4deck-off-2s-equal"),
    pytest.param("four-deck", "5", "H", "HA", "S2", 1, id="4deck-off-2-over-trump-A"),
    pytest.param("four-deck", "5", "H", "S3", "S2", 1, id="4deck-S2-is-a-trump"),
    pytest.param("four-deck", "5", "H", "S5", "H5", 1, id="4deck-trump-level-over-off-level"),
    pytest.param("four-deck", "5", "H", "H5", "LJ", 1, id="4deck-LJ-over-level"),
    pytest.param("four-deck", "5", "H", "S4", "S6", 1, id="4deck-side-6-over-4"),
    pytest.param("four-deck", "5", "H", "SA", "SK", 0, id="4deck-side-K-under-A"),
    # seed 002 §8 at level 3: 大王 → 小王 → 主3 → 副3 → 主2 → 副2 → 主A
    pytest.param("four-deck", "3", "H", "S3", "H3", 1, id="seed002-level3-trump-3-over-off-3"),
    pytest.param("four-deck", "3", "H", "H2", "S3", 1, id="seed002-level3-off-3-over-trump-2"),
    pytest.param("four-deck", "3", "H", "S2", "H2", 1, id="seed002-level3-trump-2-over-off-2"),
    pytest.param("four-deck", "3", "H", "HA", "S2", 1, id="seed002-level3-off-2-over-trump-A"),
    pytest.param("four-deck", "3", "H", "H3", "LJ", 1, id="seed002-level3-LJ-over-trump-3"),
    # two-colour pack: red (H, D) and black (S, C) are the two suits; trump red via H
    pytest.param("two-color", "5", "H", "D5", "H5", 0, id="two-color-H5-D5-identical"),
    pytest.param("two-color", "5", "H", "S5", "H5", 1, id="two-color-red-level-over-black-level"),
    pytest.param("two-color", "5", "H", "S5", "C5", 0, id="two-color-black-levels-identical"),
    pytest.param("two-color", "5", "H", "SA", "D3", 1, id="two-color-D-is-trump-with-H"),
    pytest.param("two-color", "5", "H", "DK", "HA", 1, id="two-color-red-is-one-suit"),
    pytest.param("two-color", "5", "H", "HA", "DK", 0, id="two-color-DK-under-HA"),
    pytest.param("two-color", "5", "H", "SK", "CA", 1, id="two-color-S-C-one-suit"),
    pytest.param("two-color", "5", "H", "CA", "SK", 0, id="two-color-SK-under-CA"),
]


@pytest.mark.parametrize(("preset", "level", "trump", "first", "second", "winner"), CASES)
def test_single_card_order(
    preset: str, level: str, trump: str | None, first: str, second: str, winner: int
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    assert rules.trick_winner(rs(preset), ctx, [first, second]) == winner


# fmt: off
CHAINS = [
    # the full trump order, high to low, each adjacent pair strictly ordered
    pytest.param(
        "classic", "5", "H",
        "BJ LJ H5 S5 HA HK HQ HJ H10 H9 H8 H7 H6 H4 H3 H2",
        id="classic-level5-trump-H-full-order",
    ),
    pytest.param(
        "four-deck", "5", "H",
        "BJ LJ H5 S5 H2 S2 HA HK HQ HJ H10 H9 H8 H7 H6 H4 H3",
        id="4deck-level5-trump-H-full-order",
    ),
    pytest.param(
        "classic", "10", "S",
        "BJ LJ S10 H10 SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3 S2",
        id="classic-level10-trump-S-full-order",
    ),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "order"), CHAINS)
def test_trump_chain_strict(preset: str, level: str, trump: str, order: str) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    cards = order.split()
    for hi, lo in pairwise(cards):
        assert rules.trick_winner(rs(preset), ctx, [lo, hi]) == 1, f"{hi} should beat {lo}"
        assert rules.trick_winner(rs(preset), ctx, [hi, lo]) == 0, f"{lo} should not beat {hi}"
