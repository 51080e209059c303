"""A real SSH client for the server tests: asyncssh with a PTY, its output fed
into a `pyte` screen, so a test reads exactly what a player would see."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from typing import Any

import asyncssh
import pyte
from pyte import charsets
from pyte import modes as mo
from wcwidth import wcwidth

# Colours and attributes (SGR: ESC [ ... m) are dropped before pyte: a test reads
# the screen's text only (`raw` keeps every byte), and pyte parses an escape
# sequence a character at a time (the SGRs were most of its work). A sequence cut
# between two reads goes to pyte as it comes: its parser carries it over.
_SGR = re.compile(rb"\x1b\[[0-9;:]*m")

# A wait's timeout catches a hang, not slowness: the suite under two busy loops
# (make test's flakiness check) takes up to three times as long to get there.
SLACK = 3

KEYS = {
    "enter": b"\r",
    "escape": b"\x1b",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "space": b" ",
    "left": b"\x1b[D",
    "right": b"\x1b[C",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "ctrl+s": b"\x13",
    "ctrl+q": b"\x11",
}


def _row(line: Any, columns: int) -> str:
    """One row as `pyte.Screen.display` renders it, faster (ASCII is one column)."""
    text = "".join([line[x].data for x in range(columns)])
    if text.isascii():  # (no wide character: no stub column to leave out)
        return text
    out: list[str] = []
    wide = False
    for x in range(columns):
        if wide:  # (the stub after a wide character)
            wide = False
            continue
        data = line[x].data
        out.append(data)
        wide = not data.isascii() and wcwidth(data[0]) == 2
    return "".join(out)


_WIDTHS: dict[str, int] = {}


class _Screen(pyte.Screen):
    """`pyte.Screen` with `draw` made faster for what a Textual app writes:
    printable characters of one or two columns, in the Latin-1 set, not in
    insert mode. Each character's cell (the cursor's attributes with that
    character) is made once per set of attributes, not once per character
    drawn; each cell, the wrapping at the right edge and the cursor's moves
    are `pyte.Screen.draw`'s. Anything else (a zero-width or unprintable
    character, another character set, insert mode) is drawn by pyte's own."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self._cells: dict[str, Any] = {}
        self._cells_of: Any = None  # the attributes `_cells` were made with

    def draw(self, data: str) -> None:
        if self.charset or self.g0_charset is not charsets.LAT1_MAP or mo.IRM in self.mode:
            super().draw(data)
            return
        cursor, columns, buffer = self.cursor, self.columns, self.buffer
        attrs = cursor.attrs
        if self._cells_of is not attrs:
            self._cells, self._cells_of = {}, attrs
        cells = self._cells
        for i, char in enumerate(data):
            width = _WIDTHS.get(char)
            if width is None:
                width = _WIDTHS[char] = wcwidth(char)
            if width not in (1, 2):
                super().draw(data[i:])  # (LAT1_MAP: the same text once translated)
                return
            if cursor.x == columns:
                if mo.DECAWM in self.mode:
                    self.dirty.add(cursor.y)
                    self.carriage_return()
                    self.linefeed()
                else:
                    cursor.x -= width
            line = buffer[cursor.y]
            cell = cells.get(char)
            if cell is None:
                cell = cells[char] = attrs._replace(data=char)
            line[cursor.x] = cell
            if width == 2 and cursor.x + 1 < columns:
                stub = cells.get("")
                if stub is None:
                    stub = cells[""] = attrs._replace(data="")
                line[cursor.x + 1] = stub
            cursor.x = min(cursor.x + width, columns)
        self.dirty.add(cursor.y)


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: Client) -> None:
        self.client = client

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.client._feed(data, datatype)

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._lost(exc)

    def exit_status_received(self, status: int) -> None:
        self.client.exit_status = status


class Client:
    def __init__(self, name: str, size: tuple[int, int] = (100, 32)) -> None:
        self.name = name
        self.size = size
        self.screen = _Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None
        self.raw = bytearray()  # everything received (stdout)
        self.stderr = bytearray()
        self.keep_raw = True
        self.last_change = time.monotonic()
        self.watchers: list[Callable[[], None]] = []
        self._shown: list[str] | None = None  # the screen's lines, until the next change

    # -------------------------------------------------------------- connect
    async def connect(
        self,
        port: int,
        *,
        username: str | None = None,
        client_keys: Any = (),
        password: str | None = None,
        term: str | None = "xterm-256color",
        env: dict[str, str] | None = None,
        command: str | None = None,
        subsystem: str | None = None,
        window: int | None = None,
    ) -> Client:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=username or self.name,
            known_hosts=None,
            client_keys=list(client_keys) if client_keys is not None else None,
            password=password if password is not None else "x",
            agent_path=None,
            preferred_auth="publickey,keyboard-interactive,password",
        )
        kw: dict[str, Any] = {"encoding": None}
        if term is not None:
            kw["term_type"] = term
            kw["term_size"] = self.size
        if env:
            kw["env"] = env
        if command is not None:
            kw["command"] = command
        if subsystem is not None:
            kw["subsystem"] = subsystem
        if window is not None:
            kw["window"] = window
        self.chan, _ = await self.conn.create_session(lambda: _Session(self), **kw)
        return self

    def _feed(self, data: bytes, datatype: Any) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr += data
            return
        if self.keep_raw:
            self.raw += data
        self.stream.feed(_SGR.sub(b"", data))
        self._shown = None
        self.last_change = time.monotonic()
        self.changed.set()
        for w in list(self.watchers):
            w()

    def _lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    # -------------------------------------------------------------- screen
    def text(self) -> str:
        return "\n".join(self.display())

    def lines(self) -> list[str]:
        return list(self.display())

    def display(self) -> list[str]:
        """The screen's lines as `pyte.Screen.display` makes them (a wide
        character's stub column left out), made once per change: the tests
        read the screen after every chunk the server sends."""
        if self._shown is None:
            self._shown = [
                _row(self.screen.buffer[y], self.screen.columns) for y in range(self.screen.lines)
            ]
        return self._shown

    def toasts(self) -> str:
        """The toasts' words, their wrapped lines joined (each line of a toast
        starts at its edge, "▌")."""
        parts = [line.rsplit("▌", 1)[1] for line in self.display() if "▌" in line]
        return " ".join(" ".join(parts).split())

    async def wait_for(
        self, cond: str | Callable[[], bool], timeout: float = 15.0, what: str = ""
    ) -> None:
        check: Callable[[], bool]
        if isinstance(cond, str):
            needle = cond
            check = lambda: needle in self.text()  # noqa: E731
        else:
            check = cond
        end = time.monotonic() + timeout * SLACK
        while not check():
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"{self.name}: timed out waiting for {what or cond!r}; screen:\n{self.text()}"
                )
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.25))

    async def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until nothing arrived for `quiet` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if time.monotonic() - self.last_change >= quiet:
                return
            await asyncio.sleep(quiet / 3)

    # -------------------------------------------------------------- input
    async def press(self, *keys: str, gap: float = 0.05) -> None:
        assert self.chan is not None
        for k in keys:
            self.chan.write(KEYS.get(k, k.encode()))
            await asyncio.sleep(gap)

    async def press_until(self, text: str, *keys: str, each: float = 2.0, tries: int = 15) -> None:
        """Press `keys` until `text` shows, `each` seconds apart at most (after a
        flood a budget refills: the first keys may be dropped)."""
        for _ in range(tries):
            await self.press(*keys)
            with contextlib.suppress(AssertionError):
                await self.wait_for(text, each / SLACK)  # (each try `each` seconds)
                return
        raise AssertionError(f"{self.name}: {keys} never showed {text!r}:\n{self.text()}")

    def send(self, data: bytes) -> None:
        assert self.chan is not None
        self.chan.write(data)

    def resize(self, w: int, h: int) -> None:
        assert self.chan is not None
        self.size = (w, h)
        self.screen.resize(h, w)
        self._shown = None
        self.chan.change_terminal_size(w, h)

    def pause_reading(self) -> None:
        assert self.chan is not None
        self.chan.pause_reading()

    def resume_reading(self) -> None:
        assert self.chan is not None
        self.chan.resume_reading()

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)

    def drop(self) -> None:
        """Cut the connection abruptly (no clean SSH close)."""
        if self.conn is not None:
            self.conn.abort()
