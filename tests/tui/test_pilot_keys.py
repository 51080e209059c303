"""The shortcut keys and the options, by Pilot: each key does what the README
says on the real app (a static table, or a real `Table` for the deal's pace)."""

from __future__ import annotations

from shengji_tui.engine import Play
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.tui import plays
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.widgets import KeyBar

from . import comfort_states as C
from . import helpers as H


async def test_a_single_follow_in_two_keys_a_digit_and_enter() -> None:
    state = C.find_follow(C.single_follow)
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None
        listed = m.listed_plays()
        assert len(listed) >= 2
        await pilot.press("2", "enter")
        await pilot.pause()
    assert table.submitted == [Play(seat=0, cards=listed[1])]


async def test_a_pair_follow_with_a_and_enter() -> None:
    state = C.find_follow(C.pair_follow)
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None
        held = C.held_of(state, C.led_suit(state))
        pair = next(c for c in sorted(set(held), key=m.facts.hand.index) if held.count(c) >= 2)
        start = m.cursor.at  # (on the led suit's first card)
        await pilot.press(*["right"] * (m.facts.hand.index(pair) - start))
        await pilot.press("a")
        assert m.selection() == [pair, pair]
        await pilot.press("enter")
        await pilot.pause()
    assert table.submitted == [Play(seat=0, cards=(pair, pair))]


async def test_arrows_home_end_and_tab_move_between_suits() -> None:
    app, _ = H.static_app(C.find_follow(C.single_follow))
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None
        runs = plays.suit_runs(m.rs, m.ctx, m.facts.hand)
        k = plays.run_of(runs, m.cursor.at)
        await pilot.press("down")
        assert m.cursor.at == runs[(k + 1) % len(runs)][0]
        await pilot.press("up")
        assert m.cursor.at == runs[k][0]
        await pilot.press("tab")
        assert m.cursor.at == runs[(k + 1) % len(runs)][0]
        await pilot.press("shift+tab", "end")
        assert m.cursor.at == runs[k][1]
        await pilot.press("home")
        assert m.cursor.at == runs[k][0]


async def test_enter_alone_plays_the_only_legal_follow() -> None:
    state = C.find_follow(C.forced_follow)
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None and m.only_play() is not None
        only = m.only_play()
        await pilot.press("enter")
        await pilot.pause()
    assert table.submitted == [Play(seat=0, cards=only)]


async def test_forced_follows_played_for_you_when_asked() -> None:
    state = C.find_follow(C.forced_follow)
    app, table = H.static_app(state, options=GameOptions(auto_forced=True))
    said = H.toasts(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await H.wait_until(pilot, lambda: bool(table.submitted), what="the forced play")
        assert said and said[0].startswith("Your only legal play, played for you")
    assert isinstance(table.submitted[0], Play)
    # off by default; the palette's command turns it on
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert not table.submitted
        app.set_assists(auto_declare=False, auto_forced=True)
        await H.wait_until(pilot, lambda: bool(table.submitted), what="the forced play")


async def test_d_with_nothing_to_declare_says_why_in_both_languages() -> None:
    for lang, word in (("en", "while the cards are dealt"), ("zh", "发牌时")):
        app, table = H.static_app(H.following_state(), lang=lang)
        said = H.toasts(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
        assert said and word in said[-1]
        assert not table.submitted


async def test_space_holds_the_deal_and_n_draws_your_next_card() -> None:
    settings = TableSettings.build(
        "classic",
        5,
        names=H.NAMES,
        bots=bot_specs(5, [1, 2, 3], "random", H.NAMES),
        pacing=Pacing(bot_delay=0, deal_delay=0.05, declare_window=60),
    )
    table = Table(settings)
    app = ShengjiApp(table, Solo(0), AppSetup(owns_table=True, theme="shengji"))
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None
        await H.wait_until(pilot, lambda: table.state.cards_dealt >= 3, what="a few cards")
        await pilot.press("space")
        assert table.deal_held and m.facts.deal_held
        bar = [e.description for e in app.screen.query_one(KeyBar).entries()]
        assert "go on" in bar and "draw" in bar
        await pilot.pause(0.3)
        held_at = table.state.cards_dealt
        await pilot.pause(0.4)
        assert table.state.cards_dealt == held_at
        mine = len(m.facts.view.hand)  # type: ignore[union-attr]
        await pilot.press("n")
        await H.wait_until(pilot, lambda: len(m.facts.view.hand) == mine + 1, what="my next card")  # type: ignore[union-attr]
        assert table.state.cards_dealt <= held_at + 4
        await pilot.press("space")
        assert not table.deal_held
        await H.wait_until(pilot, lambda: table.state.cards_dealt > held_at + 6, what="going on")
        await pilot.press("q", "y")


async def test_no_hold_with_another_human_at_the_table() -> None:
    settings = TableSettings.build(
        "classic",
        5,
        names=H.NAMES,
        bots=bot_specs(5, [1, 3], "random", H.NAMES),
        pacing=Pacing(bot_delay=0, deal_delay=0.05),
    )
    table = Table(settings)  # seats 0 and 2 humans: this app is seat 0's alone
    app = ShengjiApp(table, Solo(0), AppSetup(owns_table=True, theme="shengji"))
    async with app.run_test(size=(80, 24)) as pilot:
        await H.wait_until(pilot, lambda: table.state.cards_dealt >= 3, what="a few cards")
        await pilot.press("space")
        await pilot.pause(0.1)
        assert not table.deal_held
        bar = [e.description for e in app.screen.query_one(KeyBar).entries()]
        assert "hold" not in bar
        await pilot.press("q", "y")


async def test_auto_declare_declares_for_you() -> None:
    settings = TableSettings.build(
        "classic",
        3,
        names=H.NAMES,
        bots=bot_specs(3, [1, 2, 3], "random", H.NAMES),
        pacing=Pacing(bot_delay=0, deal_delay=0.02, declare_window=60, declare_delay=30),
    )
    table = Table(settings)
    options = GameOptions(auto_declare=True)
    app = ShengjiApp(table, Solo(0), AppSetup(owns_table=True, theme="shengji", options=options))
    async with app.run_test(size=(80, 24)) as pilot:
        await H.wait_until(
            pilot,
            lambda: any(d.seat == 0 for d in table.state.declarations),
            what="a declaration made for seat 0",
        )
        assert app.model is not None and app.model.prefs.auto_declare
        await pilot.press("q", "y")


async def test_the_bots_names_follow_the_language() -> None:
    app, _ = H.static_app(H.following_state())
    table_names = {"Ana": "小安", "Mei": "小梅", "Ken": "阿健"}
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m is not None
        app.set_language("zh")
        await pilot.pause()
        assert m.facts.names[1:] == [table_names[n] for n in H.NAMES[1:]]
        app.set_language("en")
        await pilot.pause()
        assert m.facts.names[1:] == H.NAMES[1:]
