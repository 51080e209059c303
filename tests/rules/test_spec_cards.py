"""Card notation and point values (docs/rules.md preamble, §1, §2).

Every expected value below is read from docs/rules.md / the seeds, not from the code.
"""

from __future__ import annotations

import re

import pytest

from shengji_tui import rules

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def one_pack() -> str:
    return " ".join([s + r for s in "SHDC" for r in RANKS] + ["BJ", "LJ"])


# --------------------------------------------------------------- round trips

ROUND_TRIPS = [
    pytest.param("S10 S10 HA LJ", "S10 S10 HA LJ", id="rules-notation-example"),
    pytest.param("ST HT", "S10 H10", id="T-accepted-for-10"),
    pytest.param("DT DJ DQ DK DA", "D10 DJ DQ DK DA", id="T-among-face-cards"),
    pytest.param("BJ LJ", "BJ LJ", id="big-and-little-joker"),
    pytest.param(
        "S2 H3 D4 C5 S6 H7 D8 C9 S10 HJ DQ CK SA",
        "S2 H3 D4 C5 S6 H7 D8 C9 S10 HJ DQ CK SA",
        id="every-rank-every-suit",
    ),
    pytest.param("S9 S8 S8 S4 S4", "S9 S8 S8 S4 S4", id="design-example-order-kept"),
]


@pytest.mark.parametrize(("text", "expected"), ROUND_TRIPS)
def test_parse_then_format(text: str, expected: str) -> None:
    cards = rules.parse_cards(text)
    assert len(cards) == len(text.split())
    assert rules.format_cards(cards) == expected
    # format_cards inverts parse_cards
    assert rules.parse_cards(rules.format_cards(cards)) == cards


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param("ST", "S10", id="T-equals-10-spades"),
        pytest.param("CT", "C10", id="T-equals-10-clubs"),
    ],
)
def test_t_is_the_same_card_as_10(a: str, b: str) -> None:
    assert rules.parse_cards(a) == rules.parse_cards(b)


def test_list_of_strings_accepted() -> None:
    assert rules.format_cards(rules.parse_cards(["S10", "HA", "LJ"])) == "S10 HA LJ"


def test_list_of_cards_accepted() -> None:
    cards = rules.parse_cards("S10 HA")
    assert rules.parse_cards(cards) == cards


# --------------------------------------------------------------- bad tokens

BAD = [
    pytest.param("S9 X8 S8", "X8", 2, id="bad-suit-letter-pos2"),
    pytest.param("S1", "S1", 1, id="rank-1-pos1"),
    pytest.param("S9 S8 S11", "S11", 3, id="rank-11-pos3"),
    pytest.param("H0 S9", "H0", 1, id="rank-0-pos1"),
    pytest.param("S9 SBJ", "SBJ", 2, id="suit-plus-joker-pos2"),
    pytest.param("S9 S9 S9 S9 BJJ", "BJJ", 5, id="bad-joker-pos5"),
    pytest.param("SA S2 S3 S4 S5 S6 S7 S8 S9 SJ SQQ", "SQQ", 11, id="two-digit-position-11"),
    pytest.param("S9 ZK", "ZK", 2, id="unknown-suit-Z"),
    pytest.param("HA HK HQ HJ HT H1", "H1", 6, id="H1-after-T-pos6"),
    pytest.param("S9 K", "K", 2, id="rank-without-suit"),
]


@pytest.mark.parametrize(("text", "token", "pos"), BAD)
def test_bad_token_names_token_and_position(text: str, token: str, pos: int) -> None:
    with pytest.raises(ValueError) as err:
        rules.parse_cards(text)
    msg = str(err.value)
    assert token in msg
    rest = msg.replace(token, " ")
    assert re.search(rf"(?<!\d){pos}(?!\d)", rest), msg


# --------------------------------------------------------------- points

POINTS = [
    pytest.param("S5", 5, id="five-is-5"),
    pytest.param("S10", 10, id="ten-is-10"),
    pytest.param("SK", 10, id="king-is-10"),
    pytest.param("SA SQ SJ S9 S2 LJ BJ", 0, id="no-point-cards"),
    pytest.param("S5 H10 DK", 25, id="mixed-25"),
    pytest.param("S5 S5 S10 S10 SK SK", 50, id="pairs-50"),
    pytest.param("", 0, id="empty"),
]


@pytest.mark.parametrize(("text", "expected"), POINTS)
def test_points(text: str, expected: int) -> None:
    assert rules.points(rules.parse_cards(text)) == expected


@pytest.mark.parametrize("decks", [1, 2, 3, 4], ids=lambda d: f"{d}-decks-{100 * d}-points")
def test_points_per_deck(decks: int) -> None:
    # §1: point cards: 100 per deck
    cards = rules.parse_cards(" ".join([one_pack()] * decks))
    assert len(cards) == 54 * decks
    assert rules.points(cards) == 100 * decks
