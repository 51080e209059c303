"""Random commands, most of them illegal, from random seats: every refusal is a
specific `RuleError` with a sentence, and the state does not change."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PRESETS, check_invariants, legal_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_tui import rules
from shengji_tui.engine import (
    BadCommand,
    Bid,
    Bury,
    CallFriend,
    DealAll,
    DealNext,
    Declare,
    GameState,
    NameTrump,
    NextDeal,
    PassBid,
    PassSteal,
    Play,
    RuleError,
    Steal,
    apply,
    new_game,
    parse_command,
)
from shengji_tui.engine.commands import Command
from shengji_tui.rules import Card, Suit


def junk_cards(state: GameState, rng: random.Random, seat: int) -> tuple[Card, ...]:
    n = state.players
    roll = rng.random()
    if roll < 0.1:
        return ()
    own = list(state.hands[seat]) if 0 <= seat < n else []
    if roll < 0.6 and own:
        return tuple(rng.sample(own, min(len(own), rng.randint(1, 4))))
    if roll < 0.8:
        other = list(state.hands[rng.randrange(n)])
        if other:
            return tuple(rng.sample(other, min(len(other), rng.randint(1, 3))))
    pack = rules.full_deck(1)
    return tuple(rng.choice(pack) for _ in range(rng.randint(1, 9)))


def junk_command(state: GameState, rng: random.Random) -> Command:
    n = state.players
    seat = rng.choice([*range(n), *range(n), -1, n, 17])
    roll = rng.random()
    version = None if roll < 0.8 else rng.choice([state.version - 1, state.version + 3])
    cards = junk_cards(state, rng, seat)
    kinds = ["deal", "all", "declare", "bury", "steal", "pass", "call", "play", "play", "next"]
    kind = rng.choice([*kinds, "bid", "pass_bid", "name"])
    if kind == "bid":
        points = rng.choice([0, 5, 65, 70, 72, 75, 100, 145, 150, 155, 205])
        return Bid(seat=seat, points=points, version=version)
    if kind == "pass_bid":
        return PassBid(seat=seat, version=version)
    if kind == "name":
        return NameTrump(seat=seat, suit=rng.choice([None, *Suit]), version=version)
    if kind == "deal":
        return DealNext(seat=seat if rng.random() < 0.5 else None, version=version)
    if kind == "all":
        return DealAll(seat=None, version=version, close=rng.random() < 0.5)
    if kind == "declare":
        return Declare(seat=seat, cards=cards, version=version)
    if kind == "bury":
        return Bury(seat=seat, cards=cards, version=version)
    if kind == "steal":
        return Steal(seat=seat, cards=cards, version=version)
    if kind == "pass":
        return PassSteal(seat=seat, version=version)
    if kind == "next":
        return NextDeal(version=version)
    if kind == "call":
        card = str(cards[0]) if cards and rng.random() < 0.7 else rng.choice(["HX", "", "S1"])
        return CallFriend(seat=seat, card=card, nth=rng.randint(-1, 4), version=version)
    return Play(seat=seat, cards=cards, version=version)


def fuzz(preset: str, seed: int, steps: int) -> tuple[int, set[str]]:
    rng = random.Random(seed)
    state = new_game(preset, seed)
    refusals = 0
    phases: set[str] = set()
    for _ in range(steps):
        if state.phase == "finished":
            break
        phases.add(state.phase)
        if state.phase == "dealing" and rng.random() < 0.03:
            state, _ = apply(state, DealAll())
            continue
        if rng.random() < 0.45:
            state, _ = apply(state, legal_command(state, rng))
            continue
        cmd = junk_command(state, rng)
        before = state.model_dump_json()
        try:
            new, _ = apply(state, cmd)
        except RuleError as e:
            refusals += 1
            assert type(e) is not RuleError, f"unspecific refusal of {cmd!r}: {e.sentence}"
            assert e.sentence.strip(), f"{cmd!r} refused without a sentence"
            assert e.code
            assert state.model_dump_json() == before, f"{cmd!r} changed the state"
        else:  # it happened to be legal
            assert new.version == state.version + 1
            assert state.model_dump_json() == before, "apply mutated its input"
            state = new
        check_invariants(state)
    return refusals, phases


@settings(
    max_examples=18,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**32))
def test_random_commands_are_refused_cleanly(preset: str, seed: int) -> None:
    refusals, _ = fuzz(preset, seed, 500)
    assert refusals > 0


@pytest.mark.parametrize(
    "preset", ["classic", "four-deck", "eighty-points", "three-player", "find-friends"]
)
def test_refusals_reach_every_phase(preset: str) -> None:
    _, phases = fuzz(preset, 95, 2500)
    assert {"dealing", "burying", "playing", "scoring"} <= phases
    if preset == "four-deck":
        assert "kitty_theft" in phases
    if preset in ("eighty-points", "three-player"):
        assert {"bidding", "naming_trump"} <= phases
    else:
        assert "declaring" in phases
    if preset == "three-player":
        assert "overturning" in phases
    if preset == "find-friends":
        assert "calling" in phases


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ('{"type": "play", "seat": 0, "cards": ["S1"]}', "not a card"),
        ('{"type": "play", "seat": 0, "cards": "X9"}', "not a card"),
        ('{"type": "fly", "seat": 0}', "type"),
        ('{"type": "declare", "cards": ["S2"]}', "seat"),
        ("not json", "not valid"),
        ({"type": "bury", "seat": 0, "cards": [], "extra": 1}, "extra"),
        ({"type": "call_friend", "seat": 0, "nth": 1}, "card"),
        ({"type": "call_friend", "seat": 0, "card": "HA", "nth": "first"}, "nth"),
    ],
)
def test_malformed_commands_become_bad_command(data: str | dict[str, object], words: str) -> None:
    with pytest.raises(BadCommand) as info:
        parse_command(data)
    assert words in info.value.sentence


def test_parse_command_reads_what_commands_write() -> None:
    cmd = Play(seat=2, cards="S10 S10 BJ", version=7)
    assert parse_command(cmd.model_dump_json()) == cmd
    assert parse_command(cmd.model_dump()) == cmd
    call = CallFriend(seat=1, card=rules.parse_card("HA"), nth=2)
    assert call.card == "HA" and parse_command(call.model_dump_json()) == call


def test_not_a_command_is_refused() -> None:
    s = new_game("classic", 1)
    with pytest.raises(BadCommand):
        apply(s, "deal")
