"""`u`: take back your last move, in a solo game against bots (the model made
again from the seat's view, the log told again); refused with a sentence at a
hotseat keyboard and over SSH."""

from __future__ import annotations

import pytest

from shengji_tui.engine import Play
from shengji_tui.server.remote import RemoteShengjiApp
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.seating import Hotseat, Remote
from shengji_tui.tui.setup import AppSetup

from . import helpers as H


async def test_u_takes_back_the_last_play() -> None:
    state = H.following_state()
    app, table = H.static_app(state)
    notes = H.toasts(app)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        m = app.model
        assert m is not None
        hand = list(m.facts.hand)
        log = list(m.facts.log)
        await pilot.press("s", "enter")
        await H.wait_until(pilot, lambda: len(m.facts.hand) < len(hand), what="the play")
        assert isinstance(table.submitted[-1], Play) and len(m.facts.log) > len(log)
        await pilot.press("u")
        await H.wait_until(pilot, lambda: len(m.facts.hand) == len(hand), what="the take-back")
        assert table.state == state and m.facts.view == table.view(0)
        assert sorted(m.facts.hand, key=lambda c: c.idx) == sorted(hand, key=lambda c: c.idx)
        assert m.facts.log == log  # (told again from the deal's events: as before the play)
        assert app.cat.t("takeback.done") in notes
        await pilot.press("u")  # nothing left to take back
        await pilot.pause(0.2)
        assert app.cat.t("takeback.nothing") in notes


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_take_back_is_refused_at_a_hotseat_keyboard(lang: str) -> None:
    table = H.StaticTable(H.following_state(), humans=(0, 2))
    app = ShengjiApp(table, Hotseat((0, 2)), AppSetup(theme="shengji", lang=lang))
    notes = H.toasts(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause(0.2)
        assert app.cat.t("takeback.hotseat") in notes
        assert app.cat.t("takeback.palette") not in [
            c.title for c in app.get_system_commands(app.screen)
        ]


async def test_take_back_is_refused_over_ssh() -> None:
    table = H.StaticTable(H.following_state())
    app = RemoteShengjiApp(table, Remote(0), AppSetup(theme="shengji"))
    notes = H.toasts(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("s", "enter")
        await H.wait_until(pilot, lambda: table.submitted, what="the play")
        await pilot.press("u")
        await pilot.pause(0.2)
        assert app.cat.t("takeback.remote") in notes
        assert len(table.submitted) == 1
