"""Edges of the public API: results are the caller's to keep, reasons name what is held."""

from shengji_tui.rules import RuleSet, TrumpContext, check_follow, decompose, parse_cards

CLASSIC = RuleSet.preset("classic")


def test_decompose_results_are_copies() -> None:
    ctx = TrumpContext("2", "S")
    first = decompose(CLASSIC, ctx, "H9 H9 H8")
    first[0].cards.pop()
    again = decompose(CLASSIC, ctx, "H9 H9 H8")
    assert again[0].cards == parse_cards("H9 H9") and again[0].width == 2


def test_four_deck_reason_names_the_quad_held() -> None:
    v = check_follow(
        RuleSet.preset("four-deck"),
        TrumpContext("5", "S"),
        "C3 C3 C3 C3 C9 C9 CK CQ",
        "C7 C7 C6 C6",
        "C3 C3 C9 C9",
    )
    assert not v.ok and "quad" in v.reason and v.reason_zh


def test_reason_for_a_pair_reads_naturally() -> None:
    v = check_follow(CLASSIC, TrumpContext("2", "S"), "HA HA H3 H4 C5", "H9 H9", "H3 H4")
    assert v.reason == "you hold a pair of hearts, so you must play a pair"
