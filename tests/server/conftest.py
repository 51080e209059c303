"""Fixtures for the SSH server tests: a real server on a loopback port (in this
process, or as a `shengji serve` subprocess) and real SSH clients."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.server import AuthPolicy, Limits, ServerConfig, ShengjiServer, TableOptions

from .sshclient import Client

FAST = TableOptions(bot_delay=0.05, deal_delay=0.0, grace=60.0)


def out(*args: Any) -> None:
    """print() is captured by Textual while an app runs in this process."""
    sys.__stderr__.write(" ".join(str(a) for a in args) + "\n")
    sys.__stderr__.flush()


async def start_server(
    data_dir: Path,
    *,
    auth: AuthPolicy | None = None,
    limits: Limits | None = None,
    options: TableOptions | None = None,
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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`shengji serve` as a separate process (for SIGKILL and OpenSSH tests)."""

    def __init__(self, data_dir: Path, port: int, *args: str) -> None:
        self.data_dir = data_dir
        self.port = port
        self.args = args
        self.proc: asyncio.subprocess.Process | None = None
        self.banner = ""

    async def start(self) -> ServerProcess:
        import os

        env = dict(os.environ)
        env.pop("COLORTERM", None)
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "shengji_tui.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--bot-delay",
            "0.05",
            "--deal-delay",
            "0",
            *self.args,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            stdin=asyncio.subprocess.DEVNULL,
            env=env,
        )
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = await asyncio.wait_for(self.proc.stdout.readline(), 30)
            if not line:
                raise AssertionError("the server exited: " + "".join(lines))
            lines.append(line.decode())
            if b"players connect with" in line:
                break
        self.banner = "".join(lines)
        return self

    def kill(self) -> None:
        import signal

        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def wait(self) -> None:
        if self.proc is not None:
            await asyncio.wait_for(self.proc.wait(), 10)

    async def stop(self) -> None:
        import signal

        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.kill()
                await self.proc.wait()
