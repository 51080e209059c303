"""Plain mistakes players saw, each as a position: a view in, the
bad move never out, for the normal bot and the hard bot (its search without
the clock guard, in one process: the same moves on any machine).

The positions are played up to the decision through the engine
(tests/bots/positions.py), so the view and its log are what a game gives.
Classic, hearts trump at level 2, seat 0 deals: seats 0 and 2 defend, 1 and 3
attack.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_tui import rules
from shengji_tui.bots import BotSpec
from shengji_tui.engine import GameState, Play, SeatView

from .positions import position, view_at

HARD = {"budget_ms": 120, "workers": 1, "guard": False}
LEVELS = ("normal", "hard")


def decide(level: str, state: GameState, seed: int = 1) -> list[str]:
    spec = BotSpec(level=level, seed=seed, options=HARD if level == "hard" else {})
    cmd = spec.make().decide(view_at(state))
    assert isinstance(cmd, Play)
    return sorted(str(c) for c in cmd.cards)


def points(cards: list[str]) -> int:
    return rules.points(rules.parse_cards(" ".join(cards)))


def trumps_in(state: GameState, cards: list[str]) -> list[str]:
    order = rules.compiled(state.rules, rules.TrumpContext(state.level, state.trump_suit))
    return [c for c in cards if order.is_trump(rules.parse_cards(c)[0])]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_ten_under_an_opponents_known_ace(level: str, seed: int) -> None:
    # Seat 1 cashes one S-A, then leads the other: once it is played the bot's
    # S-K is the boss. The bot (seat 2, holding S-K S-10 S-3) plays the 3.
    state = position(
        {0: "S6", 1: "SA SA S4", 2: "SK S10 S3 S7", 3: "S8"},
        trump="H",
        dealer=0,
        leader=1,
        history=[["SA", "S7", "S8", "S6"]],
        trick=["SA"],
        seed=seed,
    )
    assert state.turn == 2
    assert points(decide(level, state, seed)) == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_ten_under_an_ace_over_the_partners_lead(level: str, seed: int) -> None:
    # The partner (seat 0) leads S-5, the opponent (seat 1) puts S-A on it.
    state = position(
        {0: "S5", 1: "SA", 2: "SK S10 S3"},
        trump="H",
        dealer=0,
        leader=0,
        trick=["S5", "SA"],
        seed=seed,
    )
    assert points(decide(level, state, seed)) == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_ten_point_trump_into_the_opponents_throw(level: str, seed: int) -> None:
    # Seat 1 throws S-A S-A S-K (it stands: it holds both aces). The bot (seat
    # 2) has no spades and no trump pair, so it cannot take the trick: it keeps
    # its trump ten and five.
    state = position(
        {1: "SA SA SK", 2: "H10 H5 H3 H6 H8 HJ HQ C3 D4 C7 D8"},
        trump="H",
        dealer=0,
        leader=1,
        voids={2: "ST"},  # the bot gets no more trumps than those named
        trick=["SA SA SK"],
        seed=seed,
    )
    play = decide(level, state, seed)
    assert "H10" not in play and "H5" not in play


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_trump_on_the_partners_sure_pointless_trick(level: str, seed: int) -> None:
    # Seat 1 leads S-3, the partner (seat 2) takes it with S-A, seat 3 follows
    # low; the bot (seat 0) plays last, has no spade: no trump (it holds the
    # big joker) on a trick its partner has won anyway.
    state = position(
        {0: "BJ LJ H4 H9 C4 C9 D6 D7", 1: "S3", 2: "SA", 3: "S4"},
        trump="H",
        dealer=0,
        leader=1,
        voids={0: "S"},
        trick=["S3", "SA", "S4"],
        seed=seed,
    )
    play = decide(level, state, seed)
    assert not trumps_in(state, play)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_trump_on_the_partners_boss_ace(level: str, seed: int) -> None:
    # The other S-A is gone; the partner (seat 2) leads its S-A, seat 3
    # follows; the bot (seat 0) has no spade; seat 1, still to play, has
    # followed spades before. The bot keeps its trumps.
    state = position(
        {0: "BJ H4 H9 C4 C9 D6 D7 S9", 1: "S3 S5", 2: "SA SA S6", 3: "S4 S8"},
        trump="H",
        dealer=0,
        leader=2,
        voids={0: "S"},
        history=[["SA", "S4", "S9", "S3"]],
        trick=["SA", "S8"],
        seed=seed,
    )
    assert state.turn == 0
    play = decide(level, state, seed)
    assert not trumps_in(state, play)


# Views recorded from real games (fixtures/positions.json: the view the bot was
# handed, what went wrong, the bad moves).
RECORDED = json.loads((Path(__file__).parent / "fixtures" / "positions.json").read_text("utf-8"))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("case", RECORDED, ids=[c["name"] for c in RECORDED])
def test_recorded_mistakes_are_not_made_again(level: str, case: dict[str, object]) -> None:
    view = SeatView.model_validate(case["view"])
    spec = BotSpec(level=level, seed=1, options=HARD if level == "hard" else {})
    cmd = spec.make().decide(view)
    assert isinstance(cmd, Play)
    bad = [sorted(b) for b in case["bad"]]  # type: ignore[attr-defined]
    assert sorted(str(c) for c in cmd.cards) not in bad, case["note"]
