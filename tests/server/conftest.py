"""Fixtures for the SSH server tests: a real server on a loopback port (in this
process, or as a `shengji serve` subprocess) and real SSH clients."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.server import AuthPolicy, Limits, ServerConfig, ShengjiServer
from shengji_tui.server.gcpolicy import GcPolicy
from shengji_tui.server.process import ServerProcess as _ServerProcess
from shengji_tui.server.registry import TableLimits
from shengji_tui.table import Pacing, TableSettings

from .split import Split
from .sshclient import Client

FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


# a test with the `server` fixture run twice: one server, and a host with two
# front ends (`shengji serve --workers 2`'s parts: split.py)
ALSO_WORKERS = pytest.mark.parametrize("server", [1, 2], indirect=True, ids=["one", "workers2"])


def out(*args: Any) -> None:
    """print() is captured by Textual while an app runs in this process."""
    sys.__stderr__.write(" ".join(str(a) for a in args) + "\n")
    sys.__stderr__.flush()


async def start_server(
    data_dir: Path,
    *,
    auth: AuthPolicy | None = None,
    limits: Limits | None = None,
    options: TableSettings | None = None,
    table_limits: TableLimits | None = None,
    workers: int = 1,
) -> ShengjiServer:
    """One server (`workers` 1), or a host and `workers` front ends in this
    process (split.py: `shengji serve --workers N`'s parts, one port)."""
    if workers > 1:
        split = Split(
            data_dir,
            auth=auth or AuthPolicy(open_mode=True),
            limits=limits or Limits(),
            options=options or FAST,
            table_limits=table_limits,
            fronts=workers,
        )
        return await split.start()  # type: ignore[return-value]  # (read as a server)
    server = ShengjiServer(
        ServerConfig(
            data_dir=data_dir,
            host="127.0.0.1",
            port=0,
            auth=auth or AuthPolicy(open_mode=True),
            limits=limits or Limits(),
            table_options=options or FAST,
            table_limits=table_limits or TableLimits(),
        )
    )
    await server.start()
    return server


@pytest.fixture(autouse=True)
def _no_full_collection_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server started here skips the collector's full pass of its start (the
    start-up garbage collected before the heap is frozen, GcPolicy.start): in a
    test process that pass goes over the whole suite's heap, ~0.1 s of CPU a
    server (a host and two front ends: three), a fifth of tests/server's CPU.
    The passes after sessions end are kept; the policy itself: test_gcpolicy.py."""
    start = GcPolicy.start

    def start_without_the_first_pass(self: GcPolicy) -> None:
        self.full = lambda: None  # type: ignore[method-assign]  # (this call only)
        try:
            start(self)
        finally:
            del self.full

    monkeypatch.setattr(GcPolicy, "start", start_without_the_first_pass)


@pytest.fixture
async def server(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ShengjiServer]:
    """One server; `@pytest.mark.parametrize("server", [1, 2], indirect=True)`:
    also a host and two front ends (`--workers 2`)."""
    srv = await start_server(tmp_path / "data", workers=getattr(request, "param", 1))
    try:
        yield srv
    finally:
        await srv.close()


@pytest.fixture
async def clients() -> AsyncIterator[list[Client]]:
    made: list[Client] = []
    try:
        yield made
    finally:
        await asyncio.gather(*(c.close() for c in made), return_exceptions=True)


class ServerProcess(_ServerProcess):
    """`shengji serve` as a separate process (for SIGKILL and OpenSSH tests): fast
    bots, no dealing delay, and not the test runner's COLORTERM. It may take
    long to start and to stop on a loaded machine (the tests that check its
    exit status: a stop cut short by SIGKILL is a failure): each is a wait
    for the process's own word, with generous bounds."""

    ready_within = 90.0
    stop_within = 60.0

    def __init__(self, data_dir: Path, port: int, *args: str) -> None:
        env = dict(os.environ)
        env.pop("COLORTERM", None)
        super().__init__(data_dir, port, "--bot-delay", "0.05", "--deal-delay", "0", *args, env=env)

    async def start(self) -> ServerProcess:
        """A server that did not come up in time is killed, not left running
        (its test fails; its front ends end with it)."""
        try:
            await super().start()
        except BaseException:
            self.kill()
            await self.wait()
            raise
        return self
