"""NO_COLOR (no-color.org): no foreground or background colour goes out at all
(bold, underline and reverse stay), read from the bytes the app writes to a
terminal (the SSH server's driver: one session's NO_COLOR, not the
process's), for the table, its dialogs and the SSH lobby."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.app import App
from textual.command import CommandPalette
from textual.containers import VerticalScroll

from shengji_tui.server.driver import Terminal
from shengji_tui.tui.aids.counter_screen import CounterScreen
from shengji_tui.tui.aids.kitty_screen import KittyScreen
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.screens.last_trick import LastTrickScreen
from shengji_tui.tui.screens.log import LogScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import helpers as H

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
COLOUR = frozenset({*range(30, 38), 38, *range(40, 48), 48, *range(90, 98), *range(100, 108)})


def colours(out: bytes) -> set[int]:
    """The colour parameters of every SGR sequence written (38 and 48 with the
    colour that follows them)."""
    found: set[int] = set()
    for m in SGR.finditer(out):
        params = [int(p) if p else 0 for p in re.split(rb"[;:]", m.group(1))]
        i = 0
        while i < len(params):
            p = params[i]
            if p in (38, 48):  # 5;n or 2;r;g;b follow
                found.add(p)
                i += 3 if i + 1 < len(params) and params[i + 1] == 5 else 5
                continue
            if p in COLOUR:
                found.add(p)
            i += 1
    return found


def attributes(out: bytes) -> set[int]:
    found: set[int] = set()
    for m in SGR.finditer(out):
        found |= {int(p) for p in re.split(rb"[;:]", m.group(1)) if p} & {1, 4, 7}
    return found


async def run(
    make: Callable[[Terminal], App[Any]],
    env: dict[str, str],
    steps: Callable[[App[Any], Terminal], Awaitable[None]],
    size: tuple[int, int] = (100, 32),
    out: bytearray | None = None,
) -> bytes:
    """Run the app made by `make` on a terminal driver through `steps`; the bytes
    written (into `out` as they go, when given)."""
    out = bytearray() if out is None else out
    term = Terminal(out.extend, size, term="xterm-256color", env=env)
    app = make(term)
    task = asyncio.create_task(app.run_async(size=term.size))
    try:
        await steps(app, term)
    finally:
        app.exit()
        await asyncio.wait_for(task, 30)
    return bytes(out)


# A wait's timeout catches a hang, not slowness: the suite under two busy loops
# (make test's flakiness check) takes up to three times as long to get there.
SLACK = 3


async def wait_for(cond: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout * SLACK
    while loop.time() < end:
        try:
            if cond():
                return
        except Exception:  # (no screen yet)
            pass
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def painted(out: bytearray, text: str) -> Callable[[], bool]:
    """A condition: `text` went out (escape sequences aside) after this call."""
    start = len(out)
    return lambda: text in plain(bytes(out[start:]))


def plain(out: bytes) -> str:
    """What a terminal shows of `out`, its escape sequences left out."""
    return ESCAPES.sub("", out.decode("utf-8", "replace"))


ESCAPES = re.compile(  # CSI, OSC, charset and two-byte escapes
    r"\x1b(?:\[[0-9;:?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Z]|.)"
)


async def press(term: Terminal, key: bytes, until: Callable[[], bool], what: str) -> None:
    """Feed `key` and wait until what it does is done (`until`)."""
    term.feed(key)
    await wait_for(until, what)


def table_app(no_color: bool) -> Callable[[Terminal], App[Any]]:
    def make(term: Terminal) -> App[Any]:
        table = H.StaticTable(H.following_state())
        return ShengjiApp(
            table,
            Solo(0),
            AppSetup(
                console=term.console(),
                no_color=no_color,
                driver_class=term.driver_class(),
                theme="shengji",
            ),
        )

    return make


def both(*conds: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: all(c() for c in conds)


def on(app: App[Any], kind: type[object]) -> Callable[[], bool]:
    return lambda: isinstance(app.screen, kind)


async def through_the_table(app: App[Any], term: Terminal, out: bytearray) -> None:
    """On a terminal narrower than the side panels (no log nor counter beside the
    table): suggest, then each dialog opened by its key, shown, and closed
    (the card counter, the last trick, the kitty or why not, the log, the help
    scrolled, the command palette). Each step waits until it is done: a key
    that does nothing fails here."""
    assert app.size.width < 110, "the log and the counter are dialogs below 110 columns"
    t = app.cat.t  # type: ignore[attr-defined]
    await wait_for(on(app, TableScreen), "the table")
    table = app.screen
    assert isinstance(table, TableScreen)
    closes = t("dialog.close_keys")
    await wait_for(lambda: t("keys.suggest") in plain(bytes(out)), "the table painted")
    await press(term, b"s", lambda: bool(table.model.cursor.selected), "a suggestion")
    for key, kind in ((b"m", CounterScreen), (b"t", LastTrickScreen)):
        await press(term, key, both(on(app, kind), painted(out, closes)), kind.__name__)
        await press(term, b"\x1b", on(app, TableScreen), "back at the table")
    if table.model.facts.view is not None and table.model.facts.view.kitty is not None:
        await press(term, b"k", both(on(app, KittyScreen), painted(out, closes)), "the kitty")
        await press(term, b"\x1b", on(app, TableScreen), "back at the table")
    else:  # (not the one who buried it: a toast says so)
        await press(term, b"k", painted(out, t("aids.kitty_not_yours")), "why not the kitty")
    await press(term, b"g", both(on(app, LogScreen), painted(out, t("log.title"))), "the log")
    await press(term, b"\x1b", on(app, TableScreen), "back at the table")
    await press(term, b"?", both(on(app, HelpScreen), painted(out, closes)), "the help")
    help_text = app.screen.query_one(VerticalScroll)
    for _ in range(2):
        y = help_text.scroll_y
        await press(term, b"\x1b[6~", lambda y=y: help_text.scroll_y > y, "the help scrolled")
    await press(term, b"\x1b", on(app, TableScreen), "back at the table")
    await press(term, b"\x10", on(app, CommandPalette), "the palette")
    await press(term, b"\x1b", on(app, TableScreen), "back at the table")


@pytest.mark.parametrize("no_color", [True, False])
async def test_the_table_sends_no_colour_with_no_color(no_color: bool) -> None:
    env = {"COLORTERM": "truecolor", **({"NO_COLOR": "1"} if no_color else {})}
    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await through_the_table(app, term, written)

    out = await run(table_app(no_color), env, steps, (100, 32), written)
    assert len(out) > 5000
    if no_color:
        assert colours(out) == set(), "a colour went out"
        assert {1, 4, 7} <= attributes(out)  # trumps bold, points underlined, the cursor
    else:
        assert {38, 48} <= colours(out)  # (the check sees colours when they are there)


async def test_the_lobby_sends_no_colour_with_no_color() -> None:
    from shengji_tui.server.lobby import CreateScreen, LobbyApp, LobbyScreen
    from shengji_tui.server.lobbydesk import LobbyDesk
    from shengji_tui.server.registry import Registry
    from shengji_tui.server.server import identity_for_tests

    registry = Registry(None, None)

    def make(term: Terminal) -> App[Any]:
        return LobbyApp(
            LobbyDesk(registry),
            identity_for_tests("kim"),
            console=term.console(),
            no_color=True,
            driver_class=term.driver_class(),
        )

    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(on(app, LobbyScreen), "the lobby")
        await wait_for(lambda: len(written) > 2000, "the lobby painted")
        title = app.cat.t("lobby.create.title")  # type: ignore[attr-defined]
        await press(term, b"n", both(on(app, CreateScreen), painted(written, title)), "new table")

    try:
        out = await run(make, {"NO_COLOR": "1", "COLORTERM": "truecolor"}, steps, (80, 24), written)
    finally:
        await registry.close()
    assert len(out) > 2000
    assert colours(out) == set()
