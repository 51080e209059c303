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
from shengji_tui.server.process import ServerProcess as _ServerProcess
from shengji_tui.table import Pacing, TableSettings

from .sshclient import Client

FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


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
) -> ShengjiServer:
    server = ShengjiServer(
        ServerConfig(
            data_dir=data_dir,
            host="127.0.0.1",
            port=0,
            auth=auth or AuthPolicy(open_mode=True),
            limits=limits or Limits(),
            table_options=options or FAST,
        )
    )
    await server.start()
    return server


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[ShengjiServer]:
    srv = await start_server(tmp_path / "data")
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
    bots, no dealing delay, and not the test runner's COLORTERM."""

    def __init__(self, data_dir: Path, port: int, *args: str) -> None:
        env = dict(os.environ)
        env.pop("COLORTERM", None)
        super().__init__(data_dir, port, "--bot-delay", "0.05", "--deal-delay", "0", *args, env=env)
