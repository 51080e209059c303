"""`shengji serve --workers N`: one host process, N front ends, and this
process watching over them.

- This process opens the SSH port, accepts its connections and hands each
  to the front end with the fewest open (handoff.py: a socket pair per front
  end), and makes the host key once; then it starts the host (`--role host`: the
  store, the players, every table and bot, host.py) and, once the host
  listens on its unix socket (in a private temporary directory), the front
  ends (`--role front`: SSH, the players' sessions, Textual, rendering).
- Each child is `shengji serve` itself with the same arguments and its role:
  nothing of the configuration is said twice.
- A child that dies is started again: a front end's players lose their
  connection and come back (their seats wait, as for any dropped
  connection); a host's front ends reconnect on their own and show their
  players their tables again (every acknowledged move is in the store).
- SIGINT or SIGTERM stops the front ends, then the host.

A child says it is ready on its standard output (`READY`); its other lines
(the host's restored tables) are this process's start-up output.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .handoff import Dealer
from .process import end_with_parent

log = logging.getLogger("shengji_tui.server")

READY = "READY"
RESTART_AFTER = 0.5  # seconds before a dead child is started again
HOST_SOCKET = "host.sock"


@dataclass
class Child:
    role: str  # "host", or "front"
    args: list[str]
    proc: asyncio.subprocess.Process | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    said: list[str] = field(default_factory=list)  # its start-up lines
    starts: int = 0

    @property
    def name(self) -> str:
        return self.role if self.role == "host" else self.args[-1]

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid


class Workers:
    """The host and the front ends, started and kept running (module docstring)."""

    def __init__(self, argv: Sequence[str], workers: int, host: str, port: int) -> None:
        self.argv = [a for a in argv]  # `serve`'s own arguments, as given
        self.workers = workers
        self.host = host
        self.port = port
        self.sock: socket.socket | None = None
        self.dealer: Dealer | None = None
        self.dir: Path | None = None
        self.children: list[Child] = []
        self._stopping = False
        self._keepers: list[asyncio.Task[None]] = []

    @property
    def host_link(self) -> Path:
        assert self.dir is not None
        return self.dir / HOST_SOCKET

    def listen(self) -> int:
        """The SSH port's listening socket (this process accepts); its port."""
        self.sock = socket.create_server((self.host, self.port), backlog=128)
        return int(self.sock.getsockname()[1])

    async def start(self, timeout: float = 120.0) -> None:
        """The host, then the front ends, each ready (else RuntimeError)."""
        assert self.sock is not None
        self.dir = Path(tempfile.mkdtemp(prefix="shengji-"))  # 0700: the link is private
        base = [*self.argv, "--host-link", str(self.host_link)]
        host = Child("host", [*base, "--role", "host"])
        self.children.append(host)
        await self._spawn(host)
        await self._ready(host, timeout)
        self.dealer = Dealer(self.sock)
        for k in range(self.workers):
            front = Child("front", [*base, "--role", "front", "--front-id", f"f{k + 1}"])
            self.children.append(front)
            await self._spawn(front)
        for c in self.children[1:]:
            await self._ready(c, timeout)
        self.dealer.start()

    async def _ready(self, child: Child, timeout: float) -> None:
        try:
            await asyncio.wait_for(child.ready.wait(), timeout)
        except TimeoutError:
            raise RuntimeError(f"the {child.name} did not start (see the log)") from None

    async def _spawn(self, child: Child) -> None:
        child.ready.clear()
        child.starts += 1
        args, theirs = child.args, None
        if child.role == "front":  # (a new socket pair each start: the old one died with it)
            assert self.dealer is not None
            theirs = self.dealer.pair(child.name)
            args = [*args, "--handoff-fd", str(theirs.fileno())]
        try:
            child.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "shengji_tui.cli",
                "serve",
                *args,
                stdout=asyncio.subprocess.PIPE,
                stdin=asyncio.subprocess.DEVNULL,
                pass_fds=() if theirs is None else (theirs.fileno(),),
                preexec_fn=end_with_parent(),  # (elsewhere the child watches: `orphaned`)
            )
        finally:
            if theirs is not None:
                theirs.close()  # (the child's now: its end of the pair closes with it)
        self._keepers.append(asyncio.get_running_loop().create_task(self._keep(child)))

    async def _keep(self, child: Child) -> None:
        """Its output read (READY, its start-up lines); when it ends, started again."""
        proc = child.proc
        assert proc is not None and proc.stdout is not None
        while True:
            line = await proc.stdout.readline()
            if not line:
                break
            text = line.decode(errors="replace").rstrip()
            if text == READY:
                child.ready.set()
                if child.role == "front" and self.dealer is not None:
                    self.dealer.ready(child.name)
            elif not child.ready.is_set() and child.starts == 1:
                child.said.append(text)
        code = await proc.wait()
        if self._stopping:
            return
        log.warning("%s (pid %d) ended (%s): starting it again", child.name, proc.pid, _ended(code))
        await asyncio.sleep(RESTART_AFTER)
        if not self._stopping:
            await self._spawn(child)

    async def stop(self) -> None:
        self._stopping = True
        if self.dealer is not None:  # (no new connection)
            await self.dealer.stop()
        for group in (self.children[1:], self.children[:1]):  # front ends, then the host
            procs = [c.proc for c in group if c.proc is not None and c.proc.returncode is None]
            for p in procs:
                with contextlib.suppress(ProcessLookupError):
                    p.send_signal(signal.SIGTERM)
            for p in procs:
                try:
                    await asyncio.wait_for(p.wait(), 30)
                except TimeoutError:
                    with contextlib.suppress(ProcessLookupError):
                        p.kill()
                    await p.wait()
        for t in self._keepers:
            t.cancel()
        if self.sock is not None:
            self.sock.close()
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)

    def pids(self) -> dict[str, int]:
        """Each child's process id by name ("host", "f1", "f2"...)."""
        return {c.name: c.pid for c in self.children if c.pid is not None}


def _ended(code: int) -> str:
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"signal {signal.Signals(-code).name}"
    return f"exit status {code}"


def serve_argv(argv: Sequence[str]) -> list[str]:
    """`serve`'s arguments without `--workers` (each child is one process)."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--workers":
            skip = True
            continue
        if a.startswith("--workers="):
            continue
        out.append(a)
    return out


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


async def orphaned(every: float = 0.5) -> None:
    """Returns when the workers' process is gone (a child never outlives it:
    the port and the store would stay held)."""
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(every)


def say_ready() -> None:
    """A child tells the workers' process it is ready."""
    out = sys.__stdout__
    if out is not None:
        out.write(READY + "\n")
        out.flush()


__all__ = ["READY", "Workers", "cores", "orphaned", "say_ready", "serve_argv"]
