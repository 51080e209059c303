"""Bots at tables of 3, 5 and 6 seats, and `shengji bench bots` seating A and B
by team (fixed partners) or by seat (a solo dealer against the rest)."""

from __future__ import annotations

import pytest

from shengji_tui.bench.bots_bench import (
    RunResult,
    arrangements,
    play_pair,
    play_set,
    run_bench,
    seat_edge,
)
from shengji_tui.bots.base import side_of
from shengji_tui.engine import view_for
from shengji_tui.rules import RuleSet

from .bot_helpers import SOLO_3, SOLO_5, run, walk

TABLES = ["six-player", SOLO_3, SOLO_5]


def _id(p: str | RuleSet) -> str:
    return p if isinstance(p, str) else p.name


@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_every_level_plays_only_legal_moves(table: str | RuleSet) -> None:
    res = run(table, 13, ["normal", "easy", "hard", "random", "normal"], budget_ms=15, workers=1)
    assert res.illegal == {"a": 0, "b": 0}, res.illegal_notes
    assert res.dealer_side and len(res.seat_levels) == len(res.seat_won)


def test_a_solo_dealers_opponents_are_one_side() -> None:
    for state in walk(SOLO_5, 4, ["easy"]):
        if state.phase == "playing":
            break
    assert state.dealer is not None
    dealer = state.dealer
    others = frozenset(range(5)) - {dealer}
    assert side_of(view_for(state, dealer), dealer) == {dealer}
    for s in others:
        assert side_of(view_for(state, s), s) == others


def test_with_fixed_partners_a_side_is_the_team() -> None:
    for state in walk("six-player", 4, ["easy"]):
        for s in range(6):
            assert side_of(view_for(state, s), s) == {t for t in range(6) if t % 2 == s % 2}
        if state.phase == "playing":
            break


def test_arrangements_by_team_or_by_seat() -> None:
    assert arrangements([0, 1, 0, 1]) == [(0, 2), (1, 3)]
    assert arrangements([0, 1, 0, 1, 0, 1]) == [(0, 2, 4), (1, 3, 5)]
    assert arrangements([0, 1, 2]) == [(0,), (1,), (2,)]
    assert arrangements([0, 1, 2, 3, 4]) == [(0,), (1,), (2,), (3,), (4,)]


def test_six_player_pair_seats_a_on_each_team_of_the_same_deal() -> None:
    r1, r2 = play_pair("six-player", 5, "normal", "easy", {})
    assert r1.a_seats == (0, 2, 4) and r2.a_seats == (1, 3, 5)
    assert r1.seed == r2.seed and r1.preset == r2.preset == "six-player"
    assert r1.illegal == r2.illegal == {"a": 0, "b": 0}


def test_solo_set_rotates_a_through_every_seat() -> None:
    runs = play_set(SOLO_3, 6, "normal", "easy", {})
    assert [r.a_seats for r in runs] == [(0,), (1,), (2,)]
    assert {r.seed for r in runs} == {6} and {r.preset for r in runs} == {"solo-3"}
    for r in runs:
        # seats on one side share their figures; the other side's are negated
        d = [s in r.dealer_side for s in range(3)]
        assert d.count(True) == 1
        for s in range(3):
            for t in range(3):
                sign = 1 if d[s] == d[t] else -1
                assert r.seat_levels[s] == sign * r.seat_levels[t]
                assert r.seat_margin[s] == sign * r.seat_margin[t]
                assert (r.seat_won[s] == r.seat_won[t]) == (sign == 1)
    with pytest.raises(ValueError, match="two teams"):
        play_pair(SOLO_3, 6, "normal", "easy", {})


def _run(a: tuple[int, ...], levels: tuple[int, ...], margin: tuple[int, ...]) -> RunResult:
    r = RunResult(preset="x", seed=0, a_seats=a)
    r.seat_levels, r.seat_margin = levels, margin
    r.seat_won = tuple(v > 0 for v in levels)
    return r


def test_seat_edge_of_two_teams_is_the_mean_of_a_minus_b() -> None:
    # run 1: A (0, 2) defends and goes up 2; run 2: A (1, 3) attacks, takes over +1
    r1 = _run((0, 2), (2, -2, 2, -2), (-30, 30, -30, 30))
    r2 = _run((1, 3), (-1, 1, -1, 1), (-130, 130, -130, 130))
    assert seat_edge([r1, r2], lambda r: r.seat_levels) == (2 + 1) / 2
    assert seat_edge([r1, r2], lambda r: r.seat_margin) == (-30 + 130) / 2


def test_seat_edge_is_zero_when_a_scores_as_b_in_every_seat() -> None:
    # three seatings of one deal: seat 0 defends each time and the results do not move
    same = ((3, -3, -3), (-20, 20, 20))
    runs = [_run((s,), *same) for s in range(3)]
    assert seat_edge(runs, lambda r: r.seat_levels) == 0
    assert seat_edge(runs, lambda r: r.seat_margin) == 0
    # A as dealer in seat 0 gains a level more than B there (4 against 3); B then
    # concedes it in seats 1 and 2 in that run: -4 against A's -3 there (B's mean
    # of its two runs in each of those seats: -3.5)
    runs[0] = _run((0,), (4, -4, -4), (-20, 20, 20))
    edge = ((4 - 3) + (-3 + 3.5) + (-3 + 3.5)) / 3 / 2
    assert seat_edge(runs, lambda r: r.seat_levels) == pytest.approx(edge)


def test_run_bench_over_mixed_tables() -> None:
    r = run_bench("normal", "easy", 3, ["six-player", SOLO_3], seed=2, progress=False)
    assert r["illegal_moves"] == 0
    assert r["pairs"] == 3 and r["deals_played"] == 2 + 3 + 2
    assert r["runs_per_set"] == [2, 3] and r["presets"] == ["six-player", "solo-3"]
    assert -3 <= r["level_diff_mean"] <= 3
