"""What a player may look at beside the table, through the app: the kitty the
seat buried (`k`, the palette) and the card counter (`m`, the palette, beside
the log on terminals 120 columns wide, off when the table says so)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui.engine import view_for
from shengji_tui.tui.aids.counter_panel import CounterPanel
from shengji_tui.tui.aids.counter_screen import CounterScreen
from shengji_tui.tui.aids.kitty_screen import KittyScreen
from shengji_tui.tui.aids.presenter import AidsPresenter
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import helpers as H
from .test_pilot_hotseat import Checker


def palette_titles(app: ShengjiApp) -> list[str]:
    return [c.title for c in app.get_system_commands(app.screen)]


def dialog_text(app: ShengjiApp) -> str:
    return " ".join(" ".join(Checker.painted(w)) for w in app.screen.query("*"))


async def test_the_dealer_looks_at_the_kitty_it_buried() -> None:
    state = H.following_state()
    assert state.kitty_holder == 0
    app, _ = H.static_app(state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert app.cat.t("aids.kitty_palette") in palette_titles(app)
        await pilot.press("k")
        await H.wait_until(pilot, lambda: isinstance(app.screen, KittyScreen), what="the kitty")
        screen = app.screen
        assert isinstance(screen, KittyScreen)
        assert screen.props.cards is not None
        assert Counter(screen.props.cards) == Counter(state.kitty)
        text = dialog_text(app)
        for card in set(state.kitty):
            assert app.ct.card(card) in text
        await pilot.press("escape")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="closed")


@pytest.mark.parametrize("seat", [1, 2, 3])
async def test_no_other_seat_can_reach_the_kitty(seat: int) -> None:
    """Every seat but its burier: the view holds no kitty, the key says why, the
    palette does not offer it, and no text shows it."""
    state = H.following_state()
    assert view_for(state, seat).kitty is None
    table = H.StaticTable(state, humans=(seat,))
    app = ShengjiApp(table, Solo(seat), AppSetup(theme="shengji"))
    notes = H.toasts(app)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        m = app.model
        assert m is not None and m.facts.seat == seat
        assert AidsPresenter().kitty(m).cards is None
        assert app.cat.t("aids.kitty_palette") not in palette_titles(app)
        await pilot.press("k")
        await pilot.pause(0.2)
        assert not isinstance(app.screen, KittyScreen)
        assert app.cat.t("aids.kitty_not_yours") in notes
        # what seat 0 buried and nobody else holds is named nowhere on the screen
        others = Counter(c for s in range(4) if s != 0 for c in state.hands[s])
        buried_only = [c for c in set(state.kitty) if not others[c]]
        text = dialog_text(app)
        for card in buried_only:
            assert app.ct.card(card) not in text


async def test_the_burier_cannot_look_before_it_buried() -> None:
    app, _ = H.static_app(H.burying_state())
    notes = H.toasts(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause(0.2)
        assert not isinstance(app.screen, KittyScreen)
        assert app.cat.t("aids.kitty_not_yet") in notes


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_counter_opens_and_sits_beside_the_log_when_wide(lang: str) -> None:
    app, table = H.static_app(H.following_state(), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.has_class("-counter")
        panel = screen.query_one("#side-counter", CounterPanel)
        assert panel.display and panel.region
        assert app.model is not None
        assert panel.props == AidsPresenter().counter(app.model)
        assert app.cat.t("aids.counter_title") in " ".join(Checker.painted(panel))
        # the counter follows a play
        m = app.model
        await pilot.press("s", "enter")
        await H.wait_until(pilot, lambda: table.submitted, what="the play")
        await pilot.pause()
        assert panel.props == AidsPresenter().counter(m)
        await pilot.resize_terminal(110, 40)
        await H.wait_until(pilot, lambda: not screen.has_class("-counter"), what="narrowed")
        assert not panel.display
        await pilot.press("m")
        await H.wait_until(pilot, lambda: isinstance(app.screen, CounterScreen), what="dialog")
        assert app.cat.t("aids.counter_title") in dialog_text(app)
        await pilot.press("m")
        await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="closed")


async def test_a_table_without_the_counter() -> None:
    app, table = H.static_app(H.following_state())
    table.card_counter = False
    notes = H.toasts(app)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.has_class("-counter")
        assert not screen.query_one("#side-counter", CounterPanel).display
        assert app.cat.t("aids.counter_palette") not in palette_titles(app)
        await pilot.press("m")
        await pilot.pause(0.2)
        assert not isinstance(app.screen, CounterScreen)
        assert app.cat.t("aids.counter_off") in notes
