"""How the declaring closes (docs/rules.md §4, §6): `rules.close_declaring`,
asked by the engine when the window closes and by the hard bot's search."""

from __future__ import annotations

import pytest

from shengji_tui.rules import RuleSet, Suit, close_declaring, flip_kitty, parse_cards

CLASSIC = RuleSet.preset("classic")
KITTY = "S3 S4 H5 D6 D7 C8 C9 DK"


def test_a_standing_declaration_names_trump_and_on_the_first_deal_the_dealer() -> None:
    got = close_declaring(CLASSIC, "2", (3, parse_cards("D2 D2")), parse_cards(KITTY), 1, None)
    assert (got.reason, got.trump_suit, got.dealer, got.dealer_named) == (
        "declaration",
        Suit.D,
        3,
        True,
    )
    later = close_declaring(CLASSIC, "2", (3, parse_cards("D2 D2")), parse_cards(KITTY), 1, 0)
    assert (later.trump_suit, later.dealer, later.dealer_named) == (Suit.D, 0, False)


def test_nobody_declared_classic_flips_the_kitty() -> None:
    assert CLASSIC.no_declaration == "flip_kitty"
    flip = flip_kitty(parse_cards(KITTY))  # S3: spades, counted 3 from the first seat
    got = close_declaring(CLASSIC, "2", None, parse_cards(KITTY), 1, None)
    assert got.flip == flip and got.reason == "flip"
    assert (got.trump_suit, got.dealer) == (Suit.S, (1 + 3 - 1) % 4)
    joker = close_declaring(CLASSIC, "2", None, parse_cards("BJ S4"), 0, 2)
    assert (joker.trump_suit, joker.dealer, joker.dealer_named) == (None, 2, False)


@pytest.mark.parametrize(
    ("rule", "reason", "suit"),
    [("spades", "spades", Suit.S), ("no_trump", "no_trump", None)],
)
def test_nobody_declared_other_presets(rule: str, reason: str, suit: Suit | None) -> None:
    rs = CLASSIC.model_copy(update={"no_declaration": rule})
    got = close_declaring(rs, "2", None, parse_cards(KITTY), 2, None)
    assert (got.reason, got.trump_suit, got.dealer, got.dealer_named) == (reason, suit, 2, True)


def test_nobody_declared_and_the_preset_redeals() -> None:
    rs = CLASSIC.model_copy(update={"no_declaration": "redeal"})
    got = close_declaring(rs, "2", None, parse_cards(KITTY), 0, None)
    assert got.redeal and got.dealer is None
