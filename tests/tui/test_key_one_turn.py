"""A table key runs its binding where the app first reads it.

Textual sends a key that no widget has focused to the screen, which sends it
back up to the app, which then runs the bindings: two more turns of the event
loop, each behind every other screen's work in a busy SSH server. The app
runs a table key's row at once (`ShengjiApp.on_event`, `TableScreen.take_key`)
and leaves every other key to Textual; these tests hold that the key does
what it did before, in 托管 too, and that a key the table does not take
still reaches the screen."""

from __future__ import annotations

import pytest
from textual import events

from shengji_tui.tui.app import AppSetup, ShengjiApp
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.screens.table_keys import TABLE_KEYS
from shengji_tui.tui.seating import Solo

from . import helpers as H
from .test_clock_tui import ClockTable


def _count_keys(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys that reach the table screen's own key handler (the way back
    up to the app goes through it)."""
    seen: list[str] = []
    original = TableScreen.on_key

    def counted(self: TableScreen, event: events.Key) -> None:
        seen.append(event.key)
        original(self, event)

    monkeypatch.setattr(TableScreen, "on_key", counted)
    return seen


async def test_a_table_key_moves_without_reaching_the_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _count_keys(monkeypatch)
    app, _table = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        m = app.model
        assert m is not None and isinstance(app.screen, TableScreen)
        assert app.focused is None
        start = m.cursor.at
        await pilot.press("right")
        await H.wait_until(pilot, lambda: m.cursor.at != start, what="the cursor moved")
        await pilot.press("left")
        await H.wait_until(pilot, lambda: m.cursor.at == start, what="the cursor back")
        assert seen == [], "the keys went round through the screen"


async def test_the_play_key_plays_in_one_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _count_keys(monkeypatch)
    app, table = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")  # the hint selects a legal play
        await pilot.pause()
        await pilot.press("enter")
        await H.wait_until(pilot, lambda: len(table.submitted) == 1, what="the play sent")
        assert seen == []


@pytest.mark.parametrize(
    ("key", "table_key"),
    [
        pytest.param("x", False, id="a key the table does not have"),
        pytest.param("p", True, id="pass: a table key that does nothing while following"),
    ],
)
async def test_a_key_the_table_does_not_take_now_goes_textuals_way(
    monkeypatch: pytest.MonkeyPatch, key: str, table_key: bool
) -> None:
    """As before, it goes to the screen and back, and nothing is sent."""
    seen = _count_keys(monkeypatch)
    app, table = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert (key in TABLE_KEYS.key_names) is table_key
        assert TABLE_KEYS.resolve(screen.key_state(), key) is None
        await pilot.press(key)
        await H.wait_until(pilot, lambda: seen == [key], what=f"{key} reaching the screen")
        assert table.submitted == []


async def test_on_auto_a_table_key_takes_the_seat_back_in_one_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _count_keys(monkeypatch)
    table = ClockTable(H.following_state())
    table.seats[0].on_auto = True
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(100, 32)) as pilot:
        m = app.model
        assert m is not None and m.facts.on_auto == frozenset({0})
        cursor = m.cursor.at
        await pilot.press("enter")  # "I am back", not the play
        await H.wait_until(pilot, lambda: table.taken_back == [0], what="take back")
        assert m.cursor.at == cursor and table.submitted == []
        assert seen == []


async def test_with_a_screen_on_top_the_keys_are_that_screens() -> None:
    """Help open over the table: s and enter are the help screen's, and nothing
    is played."""
    app, table = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("question_mark")
        await H.wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help")
        await pilot.press("s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and table.submitted == []
