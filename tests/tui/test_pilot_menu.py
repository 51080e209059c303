"""The start menu, the end of a match, and the `play` command's options."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from shengji_tui.cli import build_parser
from shengji_tui.entered import MAX_SEED, read_seed
from shengji_tui.play_cli import hotseat_seats, make_table
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.screens.start import SEED_CHARS, StartScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

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
    app = ShengjiApp(
        setup=AppSetup(menu=True, table_factory=make_table, options=options, theme="shengji")
    )
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
        assert app.table is not None and app.model.facts.names[0] == "你"
        await H.wait_until(pilot, lambda: app.model.facts.view.cards_left < 100, what="dealing")
    assert app.table is None  # left the table on exit


@pytest.mark.parametrize(
    ("text", "seed"),
    [("42", 42), (" 7 ", 7), ("0", 0), (str(MAX_SEED), MAX_SEED), ("", None), ("-5", None),
     ("x1", None), ("\u0663", None), (str(MAX_SEED + 1), None), ("9" * 5000, None)],
)  # fmt: skip
def test_a_seed_is_a_whole_number_from_0_to_the_most(text: str, seed: int | None) -> None:
    assert read_seed(text) == seed


async def test_a_seed_out_of_range_in_the_menu_is_told_and_starts_nothing() -> None:
    """(A 5,000-digit seed stopped the app: no int Python reads.)"""
    options = GameOptions(bot_delay=0, deal_delay=0.01, declare_window=0)
    app = ShengjiApp(
        setup=AppSetup(menu=True, table_factory=make_table, options=options, theme="shengji")
    )
    told = H.toasts(app)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        box = app.screen.query_one("#seed", Input)
        box.focus()
        await pilot.press(*"9" * 20)
        assert box.value == "9" * SEED_CHARS  # (the box holds no more)
        box.value = "9" * 5000  # (as a paste or a program might set it)
        await pilot.click("#start-btn")
        await pilot.pause(0.2)
        assert isinstance(app.screen, StartScreen)
        assert told == [app.cat.t("menu.seed_bad", max=MAX_SEED)]
        box.value = "12"
        await pilot.click("#start-btn")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")


async def test_match_over_then_back_to_the_menu() -> None:
    state = H.finished_state()
    table = H.StaticTable(state)
    app = ShengjiApp(table, Solo(0), AppSetup(table_factory=make_table, theme="shengji"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DealResultScreen) and app.screen.final
        assert "win the match" in app.screen.title_line()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


def test_hotseat_up_to_the_presets_seats() -> None:
    from shengji_tui.engine.state import teams_for
    from shengji_tui.play_cli import build_app
    from shengji_tui.rules import RuleSet
    from shengji_tui.saves import hotseat_problem, table_settings
    from shengji_tui.text import Catalogue

    six = RuleSet.preset("six-player")
    # partners fill the first human's team first: three at six make a whole team
    assert hotseat_seats(2, 6, teams_for(six)) == [0, 2]
    assert hotseat_seats(3, 6, teams_for(six)) == [0, 2, 4]
    assert hotseat_seats(4, 6, teams_for(six)) == [0, 1, 2, 4]
    assert hotseat_seats(6, 6, teams_for(six)) == list(range(6))
    # no fixed partners: the humans in turn
    three = RuleSet.preset("three-player")
    assert hotseat_seats(2, 3, teams_for(three)) == [0, 1]
    assert hotseat_seats(3, 5, teams_for(RuleSet.preset("find-friends-5"))) == [0, 1, 2]
    settings = table_settings(GameOptions(preset="six-player", humans=3, seed=1), Catalogue("en"))
    assert settings.human_seats() == [0, 2, 4]
    assert [s.name for s in settings.seats if s.kind == "human"] == [
        "Player 1",
        "Player 2",
        "Player 3",
    ]
    # more humans than seats: a sentence, from the command line and from the settings
    assert hotseat_problem(6, six) == ""
    said = hotseat_problem(5, RuleSet.preset("classic"))
    assert "classic preset has 4 seats" in said and "choose 2 to 4" in said
    args = build_parser().parse_args(["play", "--preset", "three-player", "--hotseat", "4"])
    app, saves, why = build_app(args)
    assert app is None and saves is None and "has 3 seats" in why
    args = build_parser().parse_args(["play", "--preset", "six-player", "--hotseat", "6"])
    args.no_save = True
    app, _, why = build_app(args)
    assert app is not None and why == "" and app.options.humans == 6
    try:
        table_settings(GameOptions(preset="classic", humans=5), Catalogue("en"))
    except ValueError as e:
        assert "at most 4 humans" in str(e)
    else:
        raise AssertionError("five humans at four seats")


async def test_the_menus_players_follow_the_preset() -> None:
    """As many humans to choose from as the chosen preset has seats; a choice too
    large for a smaller table comes down to its seats."""
    from textual.widgets import OptionList, Select

    def choices(select: Select[int]) -> list[str]:  # (its overlay lists them)
        overlay = select.query_one(OptionList)
        return [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]

    options = GameOptions(preset="six-player", humans=5)
    app = ShengjiApp(
        setup=AppSetup(menu=True, table_factory=make_table, options=options, theme="shengji")
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        humans = app.screen.query_one("#humans", Select)
        labels = choices(humans)
        assert humans.value == 5 and labels[0] == "Just me, against 5 bots"
        assert labels[1:] == [f"{n} humans on this keyboard" for n in range(2, 7)]
        app.screen.query_one("#preset", Select).value = "three-player"
        await pilot.pause()
        assert humans.value == 3
        assert choices(humans) == [
            "Just me, against 2 bots",
            "2 humans on this keyboard",
            "3 humans on this keyboard",
        ]
        assert app.screen.choices().humans == 3


async def test_the_menu_offers_the_hand_estimate() -> None:
    """The auction's hand estimate is a menu choice beside the table's other
    options (as `--no-estimate` and the palette), and the game starts with it."""
    from textual.widgets import Select

    options = GameOptions(preset="eighty-points", seed=3, bot_delay=0, deal_delay=0.01)
    app = ShengjiApp(
        setup=AppSetup(menu=True, table_factory=make_table, options=options, theme="shengji")
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        estimate = app.screen.query_one("#estimate-option", Select)
        assert estimate.value is True
        estimate.value = False
        await pilot.pause()
        assert app.screen.choices().estimate is False
        await pilot.click("#start-btn")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
        assert app.options.estimate is False
        assert app.model is not None and not app.model.prefs.show_estimate
