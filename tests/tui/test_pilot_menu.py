"""The start menu, the end of a match, and the `play` command's options."""

from __future__ import annotations

from shengji_tui.cli import build_parser
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.play import hotseat_seats, make_table
from shengji_tui.tui.screens import DealResultScreen, StartScreen, TableScreen

from . import helpers as H


def test_play_options() -> None:
    args = build_parser().parse_args(
        [
            "play",
            "--preset",
            "tournament",
            "--seed",
            "9",
            "--lang",
            "zh",
            "--ascii",
            "--hotseat",
            "3",
        ]
    )
    assert (args.preset, args.seed, args.lang, args.ascii, args.hotseat) == (
        "tournament",
        9,
        "zh",
        True,
        3,
    )
    assert build_parser().parse_args(["play", "--hotseat"]).hotseat == 2
    assert hotseat_seats(1, 4) == [0]
    assert hotseat_seats(2, 4) == [0, 2]  # two humans play as partners
    assert hotseat_seats(4, 4) == [0, 1, 2, 3]


async def test_menu_starts_a_game_and_switches_language() -> None:
    options = GameOptions(seed=3, bot_delay=0, deal_delay=0.01, declare_window=0)
    app = ShengjiApp(menu=True, table_factory=make_table, options=options, theme="shengji")
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#lang").value = "zh"

        def chinese() -> bool:  # the menu is rebuilt in the new language
            titles = app.screen.query(".dialog-title")
            return app.cat.lang == "zh" and bool(titles) and "新游戏" in titles[0].render().plain

        await H.wait_until(pilot, chinese, what="the menu in Chinese")
        await pilot.pause(0.1)
        await pilot.click("#start-btn")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
        assert app.table is not None and app.model.names[0] == "你"
        await H.wait_until(pilot, lambda: app.model.view.cards_left < 100, what="dealing")
    assert app.table is None  # left the table on exit


async def test_match_over_then_back_to_the_menu() -> None:
    state = H.finished_state()
    table = H.StaticTable(state)
    app = ShengjiApp(table, 0, table_factory=make_table, theme="shengji")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DealResultScreen) and app.screen.final
        assert "win the match" in app.screen.title_line()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
