"""Every supported preset played; determinism and JSON round trips (whole random
matches, their invariants and their ends: test_engine_hypothesis.py)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PRESETS, check_invariants, legal_command, run_match

from shengji_tui.engine import SUPPORTED, GameState, apply, new_game
from shengji_tui.engine.commands import Command
from shengji_tui.engine.events import Event
from shengji_tui.rules import PRESET_NAMES, RuleSet


def test_the_engine_plays_every_preset() -> None:
    assert set(SUPPORTED) == set(PRESETS) == set(PRESET_NAMES)


def test_an_auction_without_solo_play_is_refused_clearly() -> None:
    """`RuleSet` refuses an auction with partners; a copy made without validation
    still does not reach the engine."""
    rs = RuleSet.preset("eighty-points").model_copy(update={"partnership": "find_friends"})
    with pytest.raises(ValueError, match="does not play"):
        new_game(rs, 1)


def _play_commands(preset: str, seed: int, steps: int) -> tuple[list[Command], list[Event]]:
    rng = random.Random(seed)
    state = new_game(preset, seed)
    cmds: list[Command] = []
    events: list[Event] = []
    for _ in range(steps):
        if state.phase == "finished":
            break
        cmd = legal_command(state, rng)
        cmds.append(cmd)
        state, evs = apply(state, cmd)
        events.extend(evs)
    return cmds, events


@pytest.mark.parametrize("preset", ["classic", "four-deck"])
def test_same_seed_and_commands_give_the_same_events(preset: str) -> None:
    cmds, events = _play_commands(preset, 5, 1500)
    state = new_game(preset, 5)
    replayed: list[Event] = []
    for c in cmds:
        state, evs = apply(state, c)
        replayed.extend(evs)
    assert [e.model_dump() for e in replayed] == [e.model_dump() for e in events]
    # commands survive JSON too (what the table and the store send and keep)
    state2 = new_game(preset, 5)
    for c in cmds:
        c2 = type(c).model_validate_json(c.model_dump_json())
        state2, _ = apply(state2, c2)
    assert state2 == state


def test_different_seeds_shuffle_differently() -> None:
    a, b = new_game("classic", 1), new_game("classic", 2)
    assert a.stock != b.stock
    assert new_game("classic", 1).stock == a.stock


@pytest.mark.parametrize("preset", PRESETS)
def test_state_json_round_trip_in_every_phase(preset: str) -> None:
    rng = random.Random(7)
    state = new_game(preset, 7)
    seen: set[str] = set()
    for _ in range(4000):
        if state.phase == "finished":
            break
        if state.phase not in seen or rng.random() < 0.02:
            seen.add(state.phase)
            text = state.model_dump_json()
            back = GameState.model_validate_json(text)
            assert back == state
            assert back.model_dump_json() == text
            # the restored state plays on identically
            cmd = legal_command(state, random.Random(1))
            assert apply(back, cmd) == apply(state, cmd)
        state, _ = apply(state, legal_command(state, rng))
        check_invariants(state)
    opening = {"bidding", "naming_trump"} if state.rules.bidding != "none" else {"declaring"}
    assert {"dealing", "burying", "playing", "scoring"} | opening <= seen
    final = run_match(preset, 7, check=False)
    assert GameState.model_validate_json(final.model_dump_json()) == final
