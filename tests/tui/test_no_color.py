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

from shengji_tui.server.driver import Terminal
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.screens import TableScreen

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


async def wait_for(cond: Callable[[], bool], what: str) -> None:
    for _ in range(400):
        try:
            if cond():
                return
        except Exception:  # (no screen yet)
            pass
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def table_app(no_color: bool) -> Callable[[Terminal], App[Any]]:
    def make(term: Terminal) -> App[Any]:
        table = H.StaticTable(H.following_state())
        return ShengjiApp(
            table,
            0,
            console=term.console(),
            no_color=no_color,
            driver_class=term.driver_class(),
            theme="shengji",
        )

    return make


async def through_the_table(app: App[Any], term: Terminal) -> None:
    await wait_for(lambda: isinstance(app.screen, TableScreen), "the table")
    await asyncio.sleep(0.5)
    for key in (b"s", b"c", b"\x1b", b"t", b"\x1b", b"k", b"\x1b", b"?"):
        term.feed(key)
        await asyncio.sleep(0.4)


@pytest.mark.parametrize("no_color", [True, False])
async def test_the_table_sends_no_colour_with_no_color(no_color: bool) -> None:
    env = {"COLORTERM": "truecolor", **({"NO_COLOR": "1"} if no_color else {})}
    out = await run(table_app(no_color), env, through_the_table)
    assert len(out) > 5000
    if no_color:
        assert colours(out) == set(), "a colour went out"
        assert {1, 4, 7} <= attributes(out)  # trumps bold, points underlined, the cursor
    else:
        assert {38, 48} <= colours(out)  # (the check sees colours when they are there)


async def test_the_lobby_sends_no_colour_with_no_color() -> None:
    from shengji_tui.server.lobby import LobbyApp
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

    async def steps(app: App[Any], term: Terminal) -> None:
        await asyncio.sleep(1.0)
        term.feed(b"n")  # the new-table dialog
        await asyncio.sleep(0.8)

    try:
        out = await run(make, {"NO_COLOR": "1", "COLORTERM": "truecolor"}, steps, (80, 24))
    finally:
        await registry.close()
    assert len(out) > 2000
    assert colours(out) == set()
