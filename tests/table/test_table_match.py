"""Whole bot-only matches through `Table`: subscribers, determinism, views."""

from __future__ import annotations

import logging

import pytest
from table_helpers import Recorder

from shengji_tui.bots import Bot, RandomBot
from shengji_tui.engine import Event, SeatView, apply, new_game, view_for
from shengji_tui.table import (
    SPECTATOR,
    Pacing,
    Table,
    TableSettings,
    ViewCache,
    bot_specs,
    plan,
    random_bots,
    run_headless,
    spectator_view,
)


async def test_bot_only_match_runs_to_the_end_and_subscribers_see_only_their_seat(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="shengji_tui.table")
    seed = 31
    fast = Pacing(bot_delay=0, deal_delay=0)
    t = Table(TableSettings.build("one-deck", seed, bots=bot_specs(seed, range(4)), pacing=fast))
    recorders = [Recorder(t, s) for s in (0, 1, 2, 3, None)]
    for r in recorders:
        t.subscribe(r.seat, r)
    async_versions: list[int] = []

    async def slow(view: SeatView, events: list[Event], status: object) -> None:
        async_versions.append(view.version)

    t.subscribe(2, slow)
    await t.start()
    await t.wait_finished()
    await t.close()

    st = t.state
    assert st.phase == "finished" and st.winners
    assert all(st.levels[s] == "A" for s in st.winners)
    for r in recorders:
        assert not r.problems, r.problems[:5]
        assert r.versions == list(range(1, st.version + 1)), "a change was missed or repeated"
    assert async_versions == list(range(1, st.version + 1))
    # the table plays exactly the headless match of this seed
    assert t.state == run_headless("one-deck", seed).state
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_random_bot_is_deterministic_and_stateless() -> None:
    state = new_game("classic", 5)
    views = []
    for _ in range(60):
        step = plan(state, random_bots(5, 4), all_bots=True)
        assert step is not None
        state = step.state
        views.append(view_for(state, 1))
    a, b = RandomBot(seed=9), RandomBot(seed=9)
    assert [a.decide(v) for v in views] == [b.decide(v) for v in reversed(views)][::-1]


@pytest.mark.parametrize("preset", ["four-deck", "tournament"])
def test_view_cache_gives_the_engines_views(preset: str) -> None:
    """The incremental views equal `view_for` (hidden declarations included)."""
    seed = 3
    bots: dict[int, Bot] = dict(random_bots(seed, 4))
    state = new_game(preset, seed)
    cache = ViewCache()
    spectator = ViewCache()
    seen_phases = set()
    for k in range(700):
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state, _ = apply(state, step.command)
        seen_phases.add(state.phase)
        if k % 3 and state.phase == "dealing":
            continue  # every third card is enough while dealing
        for seat in range(4):
            assert cache.get(state, seat) == view_for(state, seat)
        sv = spectator.get(state, None)
        assert sv == spectator_view(state)
        assert sv.seat == SPECTATOR and sv.hand == ()
        assert all(not getattr(e, "card", None) for e in sv.log)
    assert {"dealing", "burying", "playing"} <= seen_phases


def test_table_view_spectator_has_no_hand() -> None:
    t = Table(TableSettings.build("classic", 1, names=["Ana", "Bo", "Cy", "Di"]))
    assert t.view(None).hand == ()
    assert t.view(None).seat == SPECTATOR
    assert [s.kind for s in t.seats] == ["human"] * 4
