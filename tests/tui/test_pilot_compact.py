"""The compact table, from 60x20 (a phone's SSH client in portrait) to 79x23:
playable by keys, fewer and shorter words (a side seat's role, level and
cards on lines of their own, no hint lines, the declarations in the centre's
box), every seat on screen; at 80x24 the full table again."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.screens.enlarge import EnlargeScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.widgets import CentreBox, HandView, KeyBar, SeatPanel

from . import helpers as H
from .test_pilot_hotseat import Checker


def inside(w: Widget, size: tuple[int, int]) -> bool:
    r = w.region
    return r.width > 0 and r.height > 0 and r.right <= size[0] and r.bottom <= size[1]


@pytest.mark.parametrize("size", [(60, 20), (70, 22), (79, 23)])
async def test_the_compact_table_is_playable(size: tuple[int, int]) -> None:
    app, table = H.static_app(H.following_state())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.has_class("-compact")
        m = app.model
        assert m is not None and m.prefs.compact
        for w in [*screen.query(SeatPanel), screen.query_one(CentreBox)]:
            assert inside(w, size) and any(line.strip() for line in Checker.painted(w))
        hand = screen.query_one(HandView)
        assert inside(hand, size) and inside(screen.query_one(KeyBar), size)
        for sp in screen.props.seats:  # a side seat's role on a line of its own
            if sp.position in ("left", "right"):
                assert plain(sp.lines[1]) == f"({app.cat.t('seat.opponent')})"
                assert app.cat.t("seat.opponent") not in plain(sp.lines[0])
        await pilot.press("s", "enter")
        await H.wait_until(pilot, lambda: table.submitted, what="the play")
        await pilot.resize_terminal(80, 24)
        await H.wait_until(pilot, lambda: not m.prefs.compact, what="the full table")
        assert not screen.has_class("-compact")
        text = " ".join(plain(line) for sp in screen.props.seats for line in sp.lines)
        assert app.cat.t("seat.opponent") in text


async def test_compact_props_say_less_and_the_same_game() -> None:
    m_state = H.dealing_state()
    app, _ = H.static_app(m_state)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        m = app.model
        assert m is not None and m.prefs.compact
        p = Presenter().present(m, 0.0)
        centre = " ".join(map(plain, p.centre.lines))
        assert app.cat.t("centre.first_deal_rule") not in centre
        # the declarations in the centre's box (no second box's border), without their keys
        assert not p.declare.shown
        assert any(plain(line).startswith(app.cat.t("declare.can")) for line in p.centre.lines)
        assert m.prefs.ct.keys(app.cat.t("declare.keys")) not in centre
        left = next(sp for sp in p.seats if sp.position == "left")
        assert "\n" in plain(left.lines[2])  # its role, then its level and cards on two lines
        m.set_compact(False)
        full = Presenter().present(m, 0.0)
        assert app.cat.t("centre.first_deal_rule") in " ".join(map(plain, full.centre.lines))
        assert full.declare.shown and full.declare.lines[:2] == p.centre.lines[-2:]
        assert full.hand == p.hand and full.status == p.status


async def test_below_60x20_asks_to_enlarge_in_both_languages() -> None:
    for lang, word in (("en", "60×20"), ("zh", "60×20")):
        app, _ = H.static_app(H.following_state(), lang=lang)
        async with app.run_test(size=(59, 19)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EnlargeScreen)
            assert word in app.screen.text
