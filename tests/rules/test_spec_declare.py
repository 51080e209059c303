"""Declaring trump 亮主 / 反主 (docs/rules.md §6; seeds 000/001/002).

Ladder, weakest to strongest: 2 decks single < pair < LJ pair < BJ pair; 3 decks
single < pair < two jokers < triple < three jokers; 4 decks adds quad < four jokers.
(Strength: number of cards, then jokers above level cards, then BJ above LJ.) A
declaration must strictly beat the standing one; your own may be strengthened with
more cards of the same suit (a pair locks it: only a joker pair overturns it after);
overturning your own with another suit or jokers (自反) only where the preset allows:
classic yes, tournament (seed 001 自已叫主后本人不能再翻主) and four-deck (不能自反) no.
Single jokers never declare.
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def key(cards: object) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in rules.parse_cards(cards)))  # type: ignore[arg-type]


def D(
    preset: str,
    level: str,
    hand: str,
    standing: str | None,
    mine: bool,
    expected: list[str],
    id: str,
):
    return pytest.param(preset, level, hand, standing, mine, expected, id=id)


# fmt: off
CASES = [
    # nothing standing
    D("classic", "5", "H5 S3 SK", None, False, ["H5"], "one-level-card"),
    D("classic", "5", "H5 H5 LJ", None, False, ["H5", "H5 H5"], "single-or-pair-no-single-joker"),
    D("classic", "5", "LJ LJ BJ", None, False, ["LJ LJ"], "LJ-pair-not-single-BJ"),
    D("classic", "5", "BJ BJ S5", None, False, ["S5", "BJ BJ"], "level-single-and-BJ-pair"),
    D("classic", "5", "S5 H5", None, False, ["S5", "H5"], "two-suits-each-single"),
    D("classic", "5", "SA SK S4 LJ BJ", None, False, [], "no-level-cards-nothing"),
    D("classic", "10", "S10 S10 H10", None, False, ["S10", "S10 S10", "H10"], "level-10-cards"),
    # 2 decks, someone else's standing declaration must be strictly beaten
    D("classic", "5", "S5", "H5", False, [], "single-does-not-beat-single"),
    D("classic", "5", "S5 S5", "H5", False, ["S5 S5"], "pair-beats-single"),
    D("classic", "5", "H5 H5", "H5", False, ["H5 H5"], "same-suit-pair-by-another-player"),
    D("classic", "5", "S5 S5 LJ LJ", "H5 H5", False, ["LJ LJ"], "locked-pair-only-joker-pair"),
    D("classic", "5", "S5 S5", "H5 H5", False, [], "pair-does-not-beat-pair"),
    D("classic", "5", "LJ LJ", "H5 H5", False, ["LJ LJ"], "LJ-pair-beats-level-pair"),
    D("classic", "5", "BJ BJ S5 S5", "LJ LJ", False, ["BJ BJ"], "BJ-pair-beats-LJ-pair"),
    D("classic", "5", "LJ LJ S5 S5", "BJ BJ", False, [], "nothing-beats-BJ-pair"),
    D("classic", "5", "LJ LJ", "LJ LJ", False, [], "LJ-pair-does-not-beat-LJ-pair"),
    # your own declaration: reinforce (加固) always; self-overturn (自反) by preset
    D("classic", "5", "H5 H5", "H5", True, ["H5 H5"], "reinforce-single-to-pair"),
    D("classic", "5", "H5 H5 S5 S5", "H5", True, ["H5 H5", "S5 S5"], "classic-may-self-overturn"),
    D("classic", "5", "H5 H5 S5 S5 LJ LJ", "H5", True, ["H5 H5", "S5 S5", "LJ LJ"],
      "classic-self-overturn-with-jokers"),
    D("tournament", "5", "H5 H5 S5 S5 LJ LJ", "H5", True, ["H5 H5"],
      "seed001-tournament-reinforce-only"),
    D("tournament", "5", "S5 S5 LJ LJ", "H5", True, [], "seed001-tournament-no-self-overturn"),
    D("tournament", "5", "S5 S5 LJ LJ", "H5", False, ["S5 S5", "LJ LJ"],
      "seed001-others-overturn-with-pair-or-jokers"),
    D("tournament", "5", "S5 S5 LJ LJ", "H5 H5", False, ["LJ LJ"],
      "seed001-after-lock-only-joker-pair"),
    # 3 decks (seed 000/002/003 at level 10): 单张 < 两张 < 两张王 < 三张 < 三张王
    D("three-deck", "10", "S10", None, False, ["S10"], "seed000-3deck-single"),
    D("three-deck", "10", "LJ LJ H10 H10 H10", "S10 S10", False, ["LJ LJ", "H10 H10 H10"],
      "seed000-3deck-jokers-and-triple-over-pair"),
    D("three-deck", "10", "H10 H10 H10 BJ BJ", "LJ LJ", False, ["BJ BJ", "H10 H10 H10"],
      "seed000-3deck-triple-over-two-jokers"),
    D("three-deck", "10", "H10 H10 H10 H10", "BJ BJ", False, ["H10 H10 H10"],
      "seed000-3deck-triple-over-BJ-pair"),
    D("three-deck", "10", "LJ LJ LJ S10 S10 S10", "H10 H10 H10", False, ["LJ LJ LJ"],
      "seed000-3deck-three-jokers-over-triple"),
    D("three-deck", "10", "BJ BJ BJ", "LJ LJ LJ", False, ["BJ BJ BJ"],
      "3deck-three-BJ-over-three-LJ"),
    D("three-deck", "10", "BJ BJ S10 S10", "LJ LJ LJ", False, [], "3deck-nothing-under-3-jokers"),
    D("three-deck", "10", "S10 S10 S10", "H10", True, ["S10 S10", "S10 S10 S10"],
      "3deck-classic-style-self-overturn"),
    # 4 decks (seed 002, level 3): 单张3 < 对3 < 对王 < 三张3 < 三张王 < 四张3 < 四张王; 不能自反
    D("four-deck", "3", "LJ LJ LJ H3 H3 H3 H3", "S3 S3 S3", False, ["LJ LJ LJ", "H3 H3 H3 H3"],
      "seed002-4deck-three-jokers-and-quad-over-triple"),
    D("four-deck", "3", "LJ LJ LJ LJ H3 H3 H3 H3", "S3 S3 S3 S3", False, ["LJ LJ LJ LJ"],
      "seed002-4deck-four-jokers-over-quad"),
    D("four-deck", "3", "BJ BJ BJ BJ", "LJ LJ LJ LJ", False, ["BJ BJ BJ BJ"],
      "seed002-4deck-four-BJ-over-four-LJ"),
    D("four-deck", "3", "H3 H3 S3 S3", "H3", True, ["H3 H3"], "seed002-4deck-no-self-overturn"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "hand", "standing", "mine", "expected"), CASES)
def test_valid_declarations(
    preset: str, level: str, hand: str, standing: str | None, mine: bool, expected: list[str]
) -> None:
    got = rules.valid_declarations(rs(preset), level, hand, standing=standing, mine=mine)
    keys = [key(d) for d in got]
    assert len(keys) == len(set(keys))
    assert set(keys) == {key(e) for e in expected}


# fmt: off
LADDERS = [
    pytest.param("classic", "5", ["H5", "S5 S5", "LJ LJ", "BJ BJ"], id="rules6-two-deck-ladder"),
    pytest.param("three-deck", "10",
                 ["H10", "S10 S10", "LJ LJ", "BJ BJ", "D10 D10 D10", "LJ LJ LJ", "BJ BJ BJ"],
                 id="seed000-three-deck-ladder"),
    pytest.param("four-deck", "3",
                 ["H3", "S3 S3", "LJ LJ", "BJ BJ", "D3 D3 D3", "LJ LJ LJ", "BJ BJ BJ",
                  "C3 C3 C3 C3", "LJ LJ LJ LJ", "BJ BJ BJ BJ"], id="seed002-four-deck-ladder"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "ladder"), LADDERS)
def test_ladder_order(preset: str, level: str, ladder: list[str]) -> None:
    """Each rung overturns every rung below it and none above it (another player's)."""
    for i, low in enumerate(ladder):
        for j, high in enumerate(ladder):
            if i == j:
                continue
            got = {
                key(d)
                for d in rules.valid_declarations(rs(preset), level, high, standing=low, mine=False)
            }
            if j > i:
                assert key(high) in got, f"{high} should overturn {low}"
            else:
                assert key(high) not in got, f"{high} should not overturn {low}"


def test_two_color_pair_of_one_colour() -> None:
    # two-colour pack: HK DK is a pair, so H5 D5 at level 5 is a pair declaration
    got = {key(d) for d in rules.valid_declarations(rs("two-color"), "5", "H5 D5")}
    assert key("H5 D5") in got
