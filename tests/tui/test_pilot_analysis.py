"""The coach in the app: `a` in a deal's review analyses a seat's decisions
(a progress bar while it runs, `esc` stops it and keeps nothing, the digits
switch seats), in `shengji replay --review` and at the table; over SSH only
the player's own seat until the match is over."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import ProgressBar, Static
from textual.worker import WorkerState

from shengji_tui.coach.service import Analyst, Source
from shengji_tui.coach.stored import game_log
from shengji_tui.coach.words import kind_text
from shengji_tui.engine import SUPPORTED
from shengji_tui.server.remote import RemoteShengjiApp
from shengji_tui.store import Store, game_record
from shengji_tui.tui.review.analysis_screen import AnalysisScreen
from shengji_tui.tui.review.app import ReviewApp
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.seating import Remote, Solo
from shengji_tui.tui.setup import AppSetup
from tests.coach.coach_helpers import final_state, one_deal, store_game

from . import helpers as H
from .helpers import toasts
from .test_pilot_hotseat import Checker
from .test_pilot_review import text_of


def _analysed(app) -> bool:  # type: ignore[no-untyped-def]
    s = app.screen
    return isinstance(s, AnalysisScreen) and s.analysis is not None


async def test_the_replay_review_analyses_seats_and_keeps_them(tmp_path: Path) -> None:
    game = one_deal("classic", 31)
    path = tmp_path / "shengji.db"
    store_game(path, game)
    with Store(path) as store:
        record = game_record(store.load(game.table_id))
        analyst = Analyst(Source(game_log(store, game.table_id), store), budget_ms=5, workers=1)
        app = ReviewApp(record, lang="en", analyst=analyst, seat=0)
        async with app.run_test(size=(100, 36)) as pilot:
            await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
            assert "a analyse" in text_of(app)
            await pilot.press("a")
            await H.wait_until(pilot, lambda: _analysed(app), timeout=120, what="the analysis")
            await pilot.pause()
            text = text_of(app)
            assert "Ana, deal 1: each decision priced by the search" in text
            assert "decisions:" in text and "trick 1" in text
            assert not app.screen.query_one("#analysis-bar", ProgressBar).display
            await pilot.press("2")  # Bo's seat
            await H.wait_until(
                pilot,
                lambda: _analysed(app) and app.screen.analysis.seat == 1,
                timeout=120,
                what="Bo's",
            )
            await pilot.pause()
            assert "Bo, deal 1" in text_of(app)
            await pilot.press("escape")
            await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="back")
            assert store.analyses(game.table_id) == 2
            # the review tells, beside a trick, what the analysis said of Ana's play
            kept = analyst.kept(0, 0)
            assert kept is not None
            v = next(v for v in kept.verdicts if v.kind == "play")
            assert v.trick is not None
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.at = v.trick - 1
            screen.show()
            await pilot.pause()
            said = app.cat.t("coach.class_" + v.cls)
            assert f"Ana: {said}" in text_of(app)
            await pilot.press("a")  # kept: shown at once
            await H.wait_until(pilot, lambda: isinstance(app.screen, AnalysisScreen), what="a")
            assert app.screen.analysis is not None
            await pilot.press("escape", "escape")
            await pilot.pause()


async def test_escape_stops_an_analysis_and_keeps_nothing(tmp_path: Path) -> None:
    game = one_deal("classic", 32)
    path = tmp_path / "shengji.db"
    store_game(path, game)
    with Store(path) as store:
        record = game_record(store.load(game.table_id))
        # (a budget that takes seconds on one worker: stopped long before its end)
        analyst = Analyst(Source(game_log(store, game.table_id), store), budget_ms=400, workers=1)
        app = ReviewApp(record, lang="zh", analyst=analyst, seat=2)
        async with app.run_test(size=(100, 36)) as pilot:
            await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
            await pilot.press("a")
            await H.wait_until(pilot, lambda: isinstance(app.screen, AnalysisScreen), what="a")
            screen = app.screen
            bar = screen.query_one("#analysis-bar", ProgressBar)
            await H.wait_until(
                pilot, lambda: (bar.progress or 0) >= 1, timeout=120, what="progress"
            )
            assert "正在分析Cy的决定" in text_of(app)
            workers = list(screen.workers)
            await pilot.press("escape")
            await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="back")
            done = (WorkerState.SUCCESS, WorkerState.CANCELLED, WorkerState.ERROR)
            await H.wait_until(
                pilot,
                lambda: all(w.state in done for w in workers),
                timeout=120,
                what="the worker's end",
            )
            assert store.analyses(game.table_id) == 0
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize("remote", [False, True], ids=["local", "ssh"])
async def test_at_the_table_and_over_ssh(remote: bool) -> None:
    game = one_deal("classic", 33)
    state = final_state(game)  # the deal scored: its result on screen
    table = H.StaticTable(state)
    table.source = Source(game, None)
    setup = AppSetup(theme="shengji")
    app = (
        RemoteShengjiApp(table, Remote(0), setup) if remote else H.ShengjiApp(table, Solo(0), setup)
    )
    notes = toasts(app)
    async with app.run_test(size=(100, 36), notifications=True) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="result")
        await pilot.press("r")
        await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.analyst is not None
        screen.analyst.budget_ms, screen.analyst.workers = 5, 1
        await pilot.press("a")
        await H.wait_until(pilot, lambda: _analysed(app), timeout=120, what="the analysis")
        await pilot.press("3")  # Cy's seat: over SSH, not until the match is over
        if remote:
            await pilot.pause()
            assert app.screen.seat == 0
            assert app.cat.t("coach.refused_seat") in notes
        else:
            await H.wait_until(
                pilot,
                lambda: _analysed(app) and app.screen.analysis.seat == 2,
                timeout=120,
                what="Cy",
            )
        await pilot.press("escape", "escape")
        await pilot.pause()


@pytest.mark.parametrize("preset", SUPPORTED)
async def test_the_replay_review_analyses_every_preset(tmp_path: Path, preset: str) -> None:
    """`shengji replay --review` of a deal of each preset at 80x24: `a` analyses
    the dealer's decisions, each kind of them listed (the bury, the call, the
    bids, the naming, a theft or overturn, the plays)."""
    game = one_deal(preset, 2)
    end = final_state(game)
    assert end.dealer is not None
    path = tmp_path / "shengji.db"
    store_game(path, game)
    with Store(path) as store:
        record = game_record(store.load(game.table_id))
        analyst = Analyst(Source(game_log(store, game.table_id), store), budget_ms=2, workers=1)
        app = ReviewApp(record, lang="en", analyst=analyst, seat=end.dealer)
        async with app.run_test(size=(80, 24)) as pilot:
            await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
            await pilot.press("a")
            await H.wait_until(pilot, lambda: _analysed(app), timeout=120, what="the analysis")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, AnalysisScreen) and screen.analysis is not None
            a = screen.analysis
            name = record.names[end.dealer]
            assert f"{name}, deal 1: each decision priced by the search" in text_of(app)
            shown = str(screen.query_one("#analysis-lines", Static).visual)
            kinds = {v.kind for v in a.verdicts}
            assert "bury" in kinds and "play" in kinds
            for v in a.verdicts:
                assert kind_text(v, app.cat) in shown, (v.kind, shown)
            # each line is a decision's head or, indented, its reason (wrapped
            # under its start, never back at the left edge)
            heads = tuple(kind_text(v, app.cat) for v in a.verdicts)
            painted = Checker.painted(screen.query_one("#analysis-lines", Static))
            rows = [ln.rstrip() for ln in painted if ln.strip()]
            assert len(rows) > len(a.verdicts)
            loose = [ln for ln in rows if not ln.startswith(("    ", *heads))]
            assert loose == [], loose
            summary = str(screen.query_one("#analysis-status", Static).visual)
            assert f"{len(a.verdicts)} decisions:" in summary
            assert store.analyses(game.table_id) == 1
            await pilot.press("escape", "escape")
            await pilot.pause()
