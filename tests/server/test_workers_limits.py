"""A real `shengji serve --workers 2` (a host and two front end processes on
one port, the kernel choosing the front end): the limits are the whole
server's, and hostile bytes end nowhere but in the session that sent them.

- `--max-connections` counts both front ends' players: the one past it is
  refused, whichever front end takes it.
- `--max-tables-per-client` counts in the host: a second name from the same
  address is refused a table, whichever front end runs it.
- Garbage bytes and an enormous paste to a session: the lobby answers after
  them, and the others play on.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from shengji_tui.server.process import free_port

from .conftest import ServerProcess
from .sshclient import Client
from .test_workers import fronts

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]
MAX = 3


class Running:
    def __init__(self, srv: ServerProcess, port: int, log: Path) -> None:
        self.srv, self.port, self.log = srv, port, log


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def workers(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Running]:
    tmp = tmp_path_factory.mktemp("workers")
    port = free_port()
    log = tmp / "server.log"
    srv = await ServerProcess(
        tmp / "data",
        port,
        "--open",
        "--workers",
        "2",
        "--max-connections",
        str(MAX),
        "--max-tables-per-client",
        "1",
        "--log-file",
        str(log),
    ).start()
    try:
        yield Running(srv, port, log)
    finally:
        await srv.stop()


async def in_lobby(port: int, *names: str) -> list[Client]:
    cs = [Client(n) for n in names]
    await asyncio.gather(*(c.connect(port) for c in cs))
    await asyncio.gather(*(c.wait_for("lobby", 30) for c in cs))
    return cs


async def test_garbage_bytes_end_in_their_session(workers: Running) -> None:
    (junk,) = await in_lobby(workers.port, "junk")
    try:
        rnd = bytes(b for b in os.urandom(8192) if b >= 0x80 or b == 0)
        junk.send(rnd)
        junk.send(b"\x1b[1;" * 200 + b"\x1bO" * 100 + b"\x1b[<0;1" + b"\x1b]52;c;" + b"A" * 10)
        junk.send(b"\x1b[" + b"9" * 5000 + b"m\x1b[<99999;99999;99999M\x1b]0;title\x07\xff\xfe")
        junk.send(b"\x1b[200~" + b"x" * 300_000 + b"\x1b[201~")
        junk.send(b"\x1b" * 1000)
        # another player, on whichever front end, is not held up
        (other,) = await in_lobby(workers.port, "calm")
        await other.press("n")
        await other.wait_for("New table", 20)
        await other.close()
        await asyncio.sleep(1.5)  # (the junk's input bucket refills)
        await junk.press("escape", "escape")
        await asyncio.sleep(0.3)
        await junk.press("n")
        await junk.wait_for("New table", 20)
        assert not junk.closed.is_set()
    finally:
        await junk.close()


async def test_tables_per_client_count_in_the_host(workers: Running) -> None:
    a1, a2 = await in_lobby(workers.port, "maker1", "maker2")
    try:
        await a1.press("n")
        await a1.wait_for("New table", 20)
        await a1.press("enter")
        await a1.wait_for("waiting for players", 20)
        # another name, the same address (127.0.0.1): its table is refused
        await a2.wait_for("maker1", 20, "the new table in the list")
        await a2.press("n")
        await a2.wait_for("you may have 1 table", 20, "the refusal")
        assert "New table" not in a2.text()
    finally:
        await asyncio.gather(a1.close(), a2.close(), return_exceptions=True)


async def test_the_connection_limit_counts_both_front_ends(workers: Running) -> None:
    await asyncio.sleep(1.0)  # (the tests before: their players' counts gone)
    cs = await in_lobby(workers.port, "ann", "bob", "cat")
    try:
        # the next one is refused, whichever front end the kernel gives it (each
        # front end learns the other's count through the host: a moment)
        refused = False
        for k in range(40):
            extra = Client(f"eve{k}")
            try:
                await extra.connect(workers.port)
            except asyncssh.DisconnectError as e:
                assert "the server is full" in str(e)
                refused = True
                break
            await extra.close()
            await asyncio.sleep(0.25)
        assert refused, "a fourth player got in"
        where = fronts(workers.log)
        # (both front ends refuse: the three were spread, or one front end took
        # them all and the other still counted them)
        assert {where[c.name] for c in cs} <= {"f1", "f2"}
        # one leaves: room again
        await cs[0].close()
        again = Client("dan")
        for _ in range(40):
            try:
                await again.connect(workers.port)
                break
            except asyncssh.DisconnectError:
                await asyncio.sleep(0.25)
        await again.wait_for("lobby", 30)
        cs.append(again)
    finally:
        await asyncio.gather(*(c.close() for c in cs), return_exceptions=True)
