"""RuleSet: presets, validation with clear messages, TOML/JSON round trips."""

import json

import pytest

from shengji_tui.rules import PRESET_NAMES, RuleSet


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_is_valid_and_named(name: str) -> None:
    rs = RuleSet.preset(name)
    assert rs.name == name
    assert rs.hand_size * rs.players + rs.kitty_size == 54 * rs.decks


@pytest.mark.parametrize(
    ("name", "decks", "hand", "kitty", "players"),
    [
        ("classic", 2, 25, 8, 4),
        ("one-deck", 1, 12, 6, 4),
        ("two-color", 1, 12, 6, 4),
        ("three-deck", 3, 39, 6, 4),
        ("four-deck", 4, 52, 8, 4),
        ("three-player", 2, 33, 9, 3),
        ("six-player", 3, 26, 6, 6),
    ],
)
def test_deal_sizes_of_rules_md(name: str, decks: int, hand: int, kitty: int, players: int) -> None:
    rs = RuleSet.preset(name)
    assert (rs.decks, rs.hand_size, rs.kitty_size, rs.players) == (decks, hand, kitty, players)


def test_preset_differences() -> None:
    t = RuleSet.preset("tournament")
    assert t.levels == ["2", "5", "10", "J", "Q", "K", "A"]
    assert t.must_play == ["2", "A"] and t.jack_rule and t.level_cap == 3
    assert t.kitty_multiplier == "tournament" and t.throw_penalty == "points"
    f = RuleSet.preset("four-deck")
    assert f.constant_rank == "2" and f.hidden_declaring and f.kitty_theft
    assert f.kitty_trump_only and not f.self_overturn and f.score_step == 80
    assert RuleSet.preset("two-color").two_color
    assert RuleSet.preset("find-friends").partnership == "find_friends"
    assert RuleSet.preset("three-player").throw_trick_limit == 3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": 0}, "decks must be 1 to 4"),
        ({"decks": 5}, "decks must be 1 to 4"),
        ({"kitty_size": 7}, "do not deal evenly"),
        ({"kitty_size": 200}, "does not fit"),
        ({"players": 3, "kitty_size": 9}, "fixed partners need an even number"),
        ({"players": 5, "kitty_size": 8, "partnership": "fixed"}, "alternate seats"),
        ({"players": 5, "kitty_size": 7, "partnership": "solo"}, "kitty sizes that do: 3, 8"),
        ({"players": 6, "decks": 3, "kitty_size": 7}, r"kitty sizes that do: 6, 12"),
        ({"players": 7}, "players must be 3 to 6"),
        ({"players": 2}, "players must be 3 to 6"),
        ({"two_color": True}, "two-colour pack is played with one deck"),
        ({"must_play": ["3"], "levels": ["2", "A"]}, "must-play level 3"),
        ({"levels": ["2", "2"]}, "repeats a level"),
        ({"levels": ["2", "X"]}, "is not a rank"),
        ({"score_step": 7}, "multiple of 5"),
        ({"trick_compare": "best"}, "trick_compare"),
        ({"no_such_option": 1}, "no_such_option"),
    ],
)
def test_nonsense_is_refused_with_a_sentence(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RuleSet.from_dict({"preset": "classic", **changes})


def test_unknown_preset_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of: classic"):
        RuleSet.preset("bridge")


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_round_trip_through_files(tmp_path, name: str, suffix: str) -> None:  # type: ignore[no-untyped-def]
    rs = RuleSet.preset(name)
    path = tmp_path / f"rules{suffix}"
    rs.save(path)
    assert RuleSet.load(path) == rs


def test_file_starting_from_a_preset(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "house.toml"
    path.write_text('preset = "tournament"\ntrick_compare = "all"\n', encoding="utf-8")
    rs = RuleSet.load(path)
    assert rs.trick_compare == "all" and rs.jack_rule


@pytest.mark.parametrize(
    ("text", "suffix", "message"),
    [
        ("decks = [", ".toml", "not valid TOML"),
        ("{", ".json", "not valid JSON"),
        ("[1, 2]", ".json", "table of options"),
        ('{"decks": "many"}', ".json", "decks"),
    ],
)
def test_malformed_files_give_a_sentence(tmp_path, text: str, suffix: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"bad{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        RuleSet.load(path)


def test_missing_file_is_a_sentence(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="cannot read rules file"):
        RuleSet.load(tmp_path / "nope.toml")


def test_json_dump_is_plain_data() -> None:
    data = json.loads(RuleSet.preset("four-deck").model_dump_json())
    assert data["constant_rank"] == "2" and data["decks"] == 4


@pytest.mark.parametrize(
    ("changes", "hand"),
    [
        ({"players": 3, "kitty_size": 9, "partnership": "solo", "score_step": 45}, 33),
        ({"players": 3, "kitty_size": 6, "partnership": "solo", "score_step": 45}, 34),
        ({"players": 5, "decks": 3, "kitty_size": 7, "partnership": "solo", "score_step": 90}, 31),
        ({"players": 5, "decks": 2, "kitty_size": 8, "partnership": "solo", "score_step": 60}, 20),
        ({"players": 6, "decks": 2, "kitty_size": 6}, 17),
        ({"players": 6, "decks": 1, "kitty_size": 6}, 8),
        ({"players": 6, "decks": 4, "kitty_size": 6, "score_step": 80}, 35),
    ],
)
def test_any_table_size_that_deals_evenly(changes: dict[str, object], hand: int) -> None:
    """docs/rules.md §2: 54 x decks less the kitty, shared evenly by the players."""
    rs = RuleSet.from_dict({"preset": "classic", **changes})
    assert rs.hand_size == hand
    assert rs.hand_size * rs.players + rs.kitty_size == 54 * rs.decks
