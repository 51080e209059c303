"""`shengji serve` as a child process on a loopback port: what the SSH load
benchmark and the server tests that kill or restart it (or talk to it with
OpenSSH) start. Returns once the server prints its "players connect with" line."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path


def free_port() -> int:
    """A loopback TCP port nobody listens on (right now)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def end_with_parent() -> Callable[[], None] | None:
    """A child's `preexec_fn` that makes the child get SIGTERM when this
    process dies, however it dies (SIGKILL too: a benchmark killed by a
    timeout leaves no server behind). Linux only (PR_SET_PDEATHSIG), else
    None. `prctl` is looked up here, before the fork: the child runs nothing
    but the call and, should this process have died already, its own end."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def in_the_child() -> None:
        with contextlib.suppress(Exception):
            prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # (died between the fork and the call)
            os._exit(1)

    return in_the_child


class ServerProcess:
    """`shengji serve --host 127.0.0.1 --port PORT --data-dir DIR *args`, one
    process (`--workers 1`) unless `args` name `--workers` or `workers` is
    None (an older install without the flag: its own default)."""

    ready_within = 30.0  # seconds for each line of its start-up output
    stop_within = 15.0  # seconds for it to end at SIGTERM

    def __init__(
        self,
        data_dir: Path,
        port: int,
        *args: str,
        env: dict[str, str] | None = None,
        python: str | None = None,
        workers: int | None = 1,
    ) -> None:
        self.python = python or sys.executable  # another one runs another install
        self.data_dir = data_dir
        self.port = port
        named = any(a == "--workers" or a.startswith("--workers=") for a in args)
        self.args = args if named or workers is None else (*args, "--workers", str(workers))
        self.env = env
        self.proc: asyncio.subprocess.Process | None = None
        self.banner = ""  # what the server printed up to "players connect with"

    async def start(self) -> ServerProcess:
        self.proc = await asyncio.create_subprocess_exec(
            self.python,
            "-m",
            "shengji_tui.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            *self.args,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            stdin=asyncio.subprocess.DEVNULL,
            env=self.env if self.env is not None else dict(os.environ),
            # `-m` puts the working directory first on the path: another
            # interpreter must not find this checkout's package there
            cwd=None if self.python == sys.executable else str(Path.home()),
            # the server ends with this process (a killed benchmark or test
            # leaves no `shengji serve` running)
            preexec_fn=end_with_parent(),
        )
        assert self.proc.stdout is not None
        lines: list[str] = []
        while True:
            line = await asyncio.wait_for(self.proc.stdout.readline(), self.ready_within)
            if not line:
                raise RuntimeError("the server exited: " + "".join(lines))
            lines.append(line.decode())
            if b"players connect with" in line:
                break
        self.banner = "".join(lines)
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def kill(self) -> None:
        """SIGKILL: no shutdown, nothing flushed (the crash the store must survive)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def wait(self) -> None:
        if self.proc is not None:
            await asyncio.wait_for(self.proc.wait(), 10)

    async def stop(self) -> None:
        """SIGTERM, then SIGKILL if it has not ended within `stop_within` seconds
        (SIGUSR1 first: the server writes every thread's stack to its log, to
        see why)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), self.stop_within)
            except TimeoutError:
                self.proc.send_signal(signal.SIGUSR1)
                await asyncio.sleep(1)
                self.kill()
                await self.proc.wait()
