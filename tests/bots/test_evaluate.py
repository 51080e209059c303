"""The cut-off evaluation's pair features (bots/evaluate.py): the attackers'
share of the pairs still in the hands, trumps and side suits apart (classic,
level 2, hearts trump; seats 0 and 2 attack)."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.bots.evaluate import FEATURES, features
from shengji_tui.bots.sense import Sense

PAIRS = [
    # (why, hands of seats 0-3, the attackers' share of trump pairs, of side-suit pairs)
    ("a trump pair on each side, no side pair", ["H5 H5 C4", "H9 H9 C5", "S3", "S4"], 0.5, 0.5),
    (
        "the attackers' trump pair, the dealer side's side pair",
        ["H5 H5", "C6 C6", "S3", "S4"],
        1.0,
        0.0,
    ),
    ("level cards and jokers pair as trumps", ["S2 S2 D3 D3", "BJ BJ", "C2 C2", "C4"], 2 / 3, 1.0),
    ("copies in two hands are no pair", ["C7 H5", "C7 H5", "S3", "S4"], 0.5, 0.5),
    ("both partners' pairs count", ["DK DK", "S3", "H8 H8 SA SA", "S4 S4"], 1.0, 2 / 3),
]


@pytest.mark.parametrize(("why", "hands", "trump", "side"), PAIRS, ids=[c[0] for c in PAIRS])
def test_pair_features(why: str, hands: list[str], trump: float, side: float) -> None:
    sn = Sense(rules.RuleSet.preset("classic"), rules.TrumpContext("2", "H"))
    x = features(sn, [rules.parse_cards(h) for h in hands], {0, 2}, 0, 0.5)
    got = (x[FEATURES.index("trump_pairs")], x[FEATURES.index("side_pairs")])
    assert got == pytest.approx((trump, side)), why
