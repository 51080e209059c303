"""Stored solo games: quit, then resume in the same state (from the menu's list
and with `--resume`); `--no-save`; the bots' level; the `play` arguments."""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

import pytest

from shengji_tui.cli import build_parser
from shengji_tui.play_cli import build_app, make_table
from shengji_tui.saves import LEVELS, Saves
from shengji_tui.store import Store
from shengji_tui.text import Catalogue
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.options import BOT_LEVELS
from shengji_tui.tui.screens.confirm_quit import ConfirmQuit
from shengji_tui.tui.screens.start import StartScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.setup import AppSetup

from . import helpers as H


def play_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def test_play_arguments_for_storing_and_resuming(tmp_path: Path) -> None:
    args = play_args()
    assert (args.resume, args.no_save, args.data_dir, args.bots) == (None, False, None, None)
    assert play_args("--resume").resume == ""  # no ID: the game played last
    assert play_args("--resume", "play-1a2b").resume == "play-1a2b"
    args = play_args("--no-save", "--data-dir", str(tmp_path), "--bots", "hard")
    assert (args.no_save, args.data_dir, args.bots) == (True, str(tmp_path), "hard")
    with pytest.raises(SystemExit):
        play_args("--bots", "genius")

    app, _, why = build_app(play_args("--resume", "--no-save"))
    assert app is None and "--no-save" in why
    empty = tmp_path / "empty"
    app, _, why = build_app(play_args("--resume", "--data-dir", str(empty)))
    assert app is None and "no unfinished game" in why
    app, _, why = build_app(play_args("--resume", "nope", "--data-dir", str(empty)))
    assert app is None and "'nope'" in why


def test_bots_level_is_stored_and_seated_again(tmp_path: Path) -> None:
    assert LEVELS == BOT_LEVELS == ("random", "easy", "normal", "hard")  # `--bots` choices
    saves = Saves.open(tmp_path)
    try:
        options = GameOptions(seed=5, bots="easy", bot_delay=0, deal_delay=0)
        table, humans = saves.new_table(options, Catalogue("en"))
        assert humans == [0]
        bot = table.bot_at(1)
        assert type(bot).__name__ == "EasyBot"
        spec = table.settings.seats[1].bot
        assert spec is not None and (spec.level, spec.seed, spec.name) == ("easy", 41, "Ana")
        assert saves.games()[0].bots == "easy"
        # resumed with other options: the stored bots, the options' pacing
        later = GameOptions(bots="hard", bot_delay=0.25, deal_delay=0.01, declare_window=7)
        again, humans, _ = saves.restore(table.table_id, later, Catalogue("en"))
        bot2 = again.bot_at(1)
        assert type(bot2).__name__ == "EasyBot" and again.settings.seats[1].bot == spec
        assert (bot2.seed, bot2.name) == (bot.seed, bot.name)  # type: ignore[union-attr]
        assert (again.bot_delay, again.deal_delay, again.declare_window) == (0.25, 0.01, 7)
        assert humans == [0]
        hot, humans = saves.new_table(GameOptions(seed=6, humans=2), Catalogue("en"))
        assert humans == [0, 2]
        assert [g.humans for g in saves.games()] == [(0, 2), (0,)]  # played last: first
        again, humans, names = saves.restore(hot.table_id, GameOptions(), Catalogue("zh"))
        assert humans == [0, 2] and names == ["玩家1", "玩家2"]
        assert [again.seats[s].kind for s in (0, 1, 2, 3)] == ["human", "bot", "human", "bot"]
    finally:
        saves.close()


async def test_no_save_keeps_the_game_in_memory(tmp_path: Path) -> None:
    data = tmp_path / "never"
    app, saves, why = build_app(
        play_args("--no-save", "--data-dir", str(data), "--seed", "4", "--deal-delay", "0")
    )
    assert app is not None and saves is None and app.saves is None, why
    async with app.run_test(size=(100, 32)) as pilot:
        await H.wait_until(pilot, lambda: app.table is not None, what="the table")
        assert getattr(app.table, "store", None) is None
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        assert "will be lost" in app.screen.question
        await pilot.press("y")
    assert app.left_game is None
    assert not data.exists()


async def play_to_our_turn(pilot, app: ShengjiApp) -> None:
    """From the first card: close the declarations, bury if ours, play one card,
    and wait for our next turn (nothing moves then: the bots wait for us)."""
    m = app.model
    await H.wait_until(pilot, lambda: m.phase == "declaring", what="the last card")
    centre = app.screen.query_one("#trick").render().plain
    assert "last chance to declare (" in centre and " s)" in centre  # the countdown
    await pilot.press("f")
    await H.wait_until(pilot, lambda: m.phase not in ("dealing", "declaring"), what="close")
    if m.facts.view.kitty_holder == 0:
        await H.wait_until(pilot, lambda: m.facts.view.awaiting == 0, what="our bury")
        await pilot.press("s", "enter")
    await H.wait_until(
        pilot, lambda: m.phase == "playing" and m.facts.view.awaiting == 0, what="turn"
    )
    before = len(m.facts.view.hand)
    await pilot.press("s", "enter")
    await H.wait_until(
        pilot,
        lambda: len(m.facts.view.hand) < before and m.facts.view.awaiting == 0,
        what="our next turn",
    )


async def test_quit_then_resume_from_the_menu_and_with_resume(tmp_path: Path) -> None:
    saves = Saves.open(tmp_path)
    options = GameOptions(seed=3, bot_delay=0, deal_delay=0, declare_window=60, bots="random")
    factory = functools.partial(make_table, store=saves.store)
    app = ShengjiApp(
        setup=AppSetup(table_factory=factory, options=options, saves=saves, theme="shengji")
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await play_to_our_turn(pilot, app)
        tid = app.table.table_id
        version = app.table.state.version
        hand = list(app.model.facts.view.hand)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit) and "saved" in app.screen.question
        await pilot.press("y")
    assert app.left_game == tid
    assert saves.store.unfinished() == [tid]

    # The menu lists it; enter on the list resumes it, in the same state.
    app = ShengjiApp(
        setup=AppSetup(
            menu=True, table_factory=factory, options=options, saves=saves, theme="shengji"
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        rows = app.screen.query_one("#resume")
        assert rows.row_count == 1
        assert [str(c) for c in rows.get_row_at(0)[:3]] == ["classic", "1", "2 / 2"]
        rows.focus()
        await pilot.press("enter")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
        m = app.model
        assert app.table.table_id == tid and app.table.state.version == version
        assert list(m.facts.view.hand) == hand and m.facts.view.awaiting == 0
        assert app.table.seats[0].kind == "human" and app.table.seats[0].connected
        await pilot.press("s", "enter")  # the game goes on, and is stored
        await H.wait_until(pilot, lambda: len(m.facts.view.hand) < len(hand), what="our play")
        await H.wait_until(pilot, lambda: m.facts.view.awaiting == 0 or m.phase != "playing")
        version = app.table.state.version
        await pilot.press("q", "y")
    assert app.left_game == tid
    saves.close()

    # `shengji play --resume` (no id: the game played last) sits there again.
    app, saves, why = build_app(play_args("--resume", "--data-dir", str(tmp_path)))
    assert app is not None and app.resume_id == tid, why
    async with app.run_test(size=(100, 32)) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
        assert app.table.state.version == version
    saves.close()
    with Store(tmp_path / "shengji.db") as store:
        assert store.unfinished() == [tid]
