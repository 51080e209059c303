"""Presets: pack sizes (docs/rules.md §2) and the options docs/rules.md §4-§9 name per preset."""

from __future__ import annotations

import pytest

from shengji_tui import rules

# §2: 1 deck 12 each + 6 kitty; 2 decks 25 + 8; 3 decks 39 + 6; 4 decks 52 + 8.
# §9: three-player 33 each, kitty 9; six-player 26 each, kitty 6.
SIZES = [
    pytest.param("classic", 2, 25, 8, id="classic-2-decks-25+8"),
    pytest.param("tournament", 2, 25, 8, id="tournament-2-decks-25+8"),
    pytest.param("find-friends", 2, 25, 8, id="find-friends-2-decks-25+8"),
    pytest.param("find-friends-5", 3, 31, 7, id="find-friends-5-3-decks-31+7"),
    pytest.param("eighty-points", 2, 25, 8, id="eighty-points-2-decks-25+8"),
    pytest.param("one-deck", 1, 12, 6, id="one-deck-12+6"),
    pytest.param("two-color", 1, 12, 6, id="two-color-12+6"),
    pytest.param("three-deck", 3, 39, 6, id="three-deck-39+6"),
    pytest.param("four-deck", 4, 52, 8, id="four-deck-52+8"),
    pytest.param("three-player", 2, 33, 9, id="three-player-33+9"),
    pytest.param("six-player", 3, 26, 6, id="six-player-26+6"),
]


@pytest.mark.parametrize(("name", "decks", "hand", "kitty"), SIZES)
def test_pack_sizes(name: str, decks: int, hand: int, kitty: int) -> None:
    rs = rules.RuleSet.preset(name)
    assert rs.decks == decks
    assert rs.hand_size == hand
    assert rs.kitty_size == kitty


OPTIONS = [
    pytest.param("classic", "trick_compare", "largest_unit", id="classic-largest-unit"),
    pytest.param("classic", "kitty_multiplier", "power", id="classic-kitty-power"),
    pytest.param("classic", "throw_penalty", "none", id="classic-no-throw-penalty"),
    pytest.param("classic", "no_declaration", "flip_kitty", id="classic-flip-kitty"),
    pytest.param("classic", "self_overturn", True, id="classic-self-overturn"),
    pytest.param("tournament", "kitty_multiplier", "tournament", id="tournament-kitty"),
    pytest.param("tournament", "jack_rule", True, id="tournament-jack-rule"),
    pytest.param("tournament", "self_overturn", False, id="seed001-no-self-overturn"),
    pytest.param("four-deck", "kitty_theft", True, id="four-deck-kitty-theft"),
    pytest.param("four-deck", "self_overturn", False, id="seed002-four-deck-no-self-overturn"),
    pytest.param("four-deck", "wide_units_substitute", True, id="four-deck-wide-units"),
    pytest.param("classic", "wide_units_substitute", False, id="classic-no-wide-units"),
]


@pytest.mark.parametrize(("name", "option", "value"), OPTIONS)
def test_preset_options(name: str, option: str, value: object) -> None:
    assert getattr(rules.RuleSet.preset(name), option) == value


def test_tournament_levels() -> None:
    rs = rules.RuleSet.preset("tournament")
    assert list(rs.levels) == ["2", "5", "10", "J", "Q", "K", "A"]


def test_unknown_preset_is_an_error() -> None:
    with pytest.raises(ValueError):
        rules.RuleSet.preset("no-such-preset")


def test_six_player_is_two_teams_of_three_on_three_decks() -> None:
    rs = rules.RuleSet.preset("six-player")
    assert (rs.players, rs.decks, rs.partnership, rs.score_step) == (6, 3, "fixed", 60)
    # the three-deck ladder and follow orders come with three decks: triples exist
    assert rs.max_tuple == 3
    three = rules.RuleSet.preset("three-deck")
    same = {"decks", "kitty_size", "score_step", "extra_step", "score_table", "levels"}
    assert {k: getattr(rs, k) for k in same} == {k: getattr(three, k) for k in same}
