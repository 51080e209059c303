"""check_declaration (reasons), winning_declaration (replay of overturns), flip_kitty."""

import pytest

from shengji_tui.rules import (
    RuleSet,
    Suit,
    check_declaration,
    flip_kitty,
    parse_cards,
    winning_declaration,
)

CLASSIC = RuleSet.preset("classic")
TOURNAMENT = RuleSet.preset("tournament")


@pytest.mark.parametrize(
    ("rs", "hand", "cards", "standing", "mine", "code"),
    [
        (CLASSIC, "H5 H5", "H5", None, False, "ok"),
        (CLASSIC, "H5", "H5 H5", None, False, "not_in_hand"),
        (CLASSIC, "H4", "H4", None, False, "declare_cards"),
        (CLASSIC, "LJ BJ", "LJ BJ", None, False, "declare_cards"),
        (CLASSIC, "BJ", "BJ", None, False, "declare_cards"),
        (CLASSIC, "S5 H5", "S5 H5", None, False, "declare_cards"),
        (CLASSIC, "H5", "H5", "S5", False, "declare_weaker"),
        (CLASSIC, "H5 H5", "H5 H5", "S5", False, "ok"),
        (CLASSIC, "H5 H5", "H5 H5", "S5 S5", False, "declare_weaker"),
        (CLASSIC, "LJ LJ", "LJ LJ", "S5 S5", False, "ok"),
        (CLASSIC, "S5 S5", "S5 S5", "S5", True, "ok"),
        (CLASSIC, "S5", "S5", "S5", True, "declare_reinforce"),
        (CLASSIC, "H5 H5", "H5 H5", "S5", True, "ok"),
        (TOURNAMENT, "H5 H5", "H5 H5", "S5", True, "declare_self_overturn"),
        (TOURNAMENT, "H5 H5", "H5 H5", "S5", False, "ok"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_check_declaration(rs, hand, cards, standing, mine, code) -> None:  # type: ignore[no-untyped-def]
    v = check_declaration(rs, "5", hand, cards, standing, mine)
    assert v.ok == (code == "ok")
    assert v.code == code
    if not v.ok:
        assert v.reason and v.reason_zh


@pytest.mark.parametrize(
    ("decls", "winner"),
    [
        ([], None),
        ([(0, "S5")], 0),
        ([(0, "S5"), (1, "H5")], 0),  # equal strength cannot overturn
        ([(0, "S5"), (1, "H5 H5")], 1),
        ([(0, "S5"), (0, "S5 S5"), (1, "H5 H5")], 1),  # 定主: a locked pair stands
        ([(0, "S5"), (0, "S5 S5"), (1, "LJ LJ")], 2),
        ([(0, "S5"), (1, "LJ LJ"), (2, "BJ BJ")], 2),
        ([(0, "S5"), (1, "BJ BJ"), (2, "LJ LJ")], 1),
    ],
)
def test_winning_declaration(decls, winner) -> None:  # type: ignore[no-untyped-def]
    assert winning_declaration(CLASSIC, "5", decls) == winner


def test_self_overturn_depends_on_preset() -> None:
    decls = [(0, "S5"), (0, "H5 H5")]
    assert winning_declaration(CLASSIC, "5", decls) == 1
    assert winning_declaration(TOURNAMENT, "5", decls) == 0


@pytest.mark.parametrize(
    ("kitty", "suit", "count"),
    [
        ("H9 S3 C4", Suit.H, 9),
        ("SA H2", Suit.S, 1),
        ("DK", Suit.D, 13),
        ("LJ H4", None, 14),
        ("BJ", None, 15),
    ],
)
def test_flip_kitty_first_card(kitty: str, suit: Suit | None, count: int) -> None:
    flip = flip_kitty(kitty)
    assert flip.card == parse_cards(kitty)[0]
    assert flip.trump_suit == suit and flip.count == count


def test_flip_names_the_first_dealer_by_counting() -> None:
    assert flip_kitty("H9").dealer(first_seat=1, players=4) == (1 + 9 - 1) % 4
    with pytest.raises(ValueError, match="no kitty"):
        flip_kitty([])
