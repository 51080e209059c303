"""The lobby's new-table dialog on small terminals: whole at 80x24 (its Create
button in view) whatever the preset chosen, in both languages; at 60x20 it
may scroll, and every field is reached in view by tab."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from textual.containers import Vertical
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Select

from shengji_tui.engine import SUPPORTED
from shengji_tui.server.lobby import CreateScreen, LobbyApp
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import Registry
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings

FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


async def wait_until(pilot, cond: Callable[[], bool], what: str = "") -> None:
    """Pause until `cond` holds (a bound on pauses, not on time)."""
    for _ in range(200):
        if cond():
            return
        await pilot.pause()
    raise AssertionError(f"never: {what or cond}")


def in_view(screen: CreateScreen, w: Widget) -> bool:
    """`w` is on the screen whole, not clipped by the dialog."""
    geo = screen.find_widget(w)
    whole = Region(0, 0, *screen.app.size)
    return geo.visible_region == geo.region and whole.contains_region(geo.region)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_new_table_dialog_fits_80x24(lang: str) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await wait_until(pilot, lambda: isinstance(app.screen, CreateScreen))
            screen = app.screen
            assert isinstance(screen, CreateScreen)
            box = screen.query_one(Vertical)
            for preset in SUPPORTED:  # (each says what it is, on one line or two)
                screen.query_one("#preset", Select).value = preset
                await pilot.pause()
                await pilot.pause()
                assert Region(0, 0, 80, 24).contains_region(box.region), preset
                assert box.virtual_size.height <= box.content_size.height, preset  # no scroll
                assert in_view(screen, screen.query_one("#create", Button)), preset
            # the buttons whole and apart: touching, their tall borders made one
            # line across the dialog
            buttons = sorted(screen.query(Button).results(Button), key=lambda b: b.region.x)
            assert len(buttons) == 3 and all(in_view(screen, b) for b in buttons)
            for left, right in itertools.pairwise(buttons):
                assert right.region.x > left.region.right, (left.id, right.id)
    finally:
        await registry.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_every_field_of_the_new_table_dialog_is_reached_at_60x20(lang: str) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang=lang)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.press("n")
            await wait_until(pilot, lambda: isinstance(app.screen, CreateScreen))
            screen = app.screen
            assert isinstance(screen, CreateScreen)
            box = screen.query_one(Vertical)
            assert Region(0, 0, 60, 20).contains_region(box.region)
            # the longest description: the dialog may scroll
            screen.query_one("#preset", Select).value = "find-friends-5"
            fields = list(screen.focus_chain)
            assert len(fields) >= 9  # (six choices and the grace, three buttons)
            reached = set()
            for _ in range(len(fields)):
                await pilot.press("tab")
                await wait_until(
                    pilot,
                    lambda: app.focused is not None and in_view(screen, app.focused),
                    what=f"{app.focused} in view",
                )
                reached.add(app.focused)
            assert reached == set(fields)
    finally:
        await registry.close()
