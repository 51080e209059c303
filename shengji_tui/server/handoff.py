"""Connections handed by the workers' process to its front ends.

`shengji serve --workers N`: the workers' process accepts on the SSH port and
hands each connection (its file descriptor, over a unix socket pair per front
end, `SCM_RIGHTS`, one message each: `SOCK_SEQPACKET`) to the front end with
the fewest connections open. Front ends that shared one listening socket
took connections in bursts: asyncio accepts up to its backlog at each
wake-up, so the front end that woke first took a whole burst (54 sessions
against 26 at 20 tables), and its loop was twice as busy as the other's.

Each front end tells the workers' process, on the same socket pair, a
message "RECEIVED OPEN" whenever either count changes: the connections it received so
far and those open now. A connection handed but not yet received counts as
open (`Outlet.load`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger("shengji_tui.server")

WAIT_FOR_FRONT = 10.0  # seconds a connection waits for a front end to take it, at most
ACCEPT_PAUSE = 0.05  # seconds before accepting or handing again after a failure
_MESSAGE_MAX = 64  # bytes of a front end's counts, at most


class Outlet:
    """The workers' process's end of one front end's socket pair."""

    def __init__(self, name: str, sock: socket.socket) -> None:
        self.name = name
        self.sock = sock
        self.sock.setblocking(False)
        self.handed = 0  # connections sent
        self.received = 0  # ... of which the front end said it received
        self.open = 0  # the front end's open connections, as it last said
        self.ready = False  # it serves (said READY): connections go to it
        self.closed = False

    @property
    def load(self) -> int:
        return self.open + self.handed - self.received

    def hand(self, conn: socket.socket) -> bool:
        """Send `conn`'s descriptor to the front end (False: it cannot take it
        now; a front end that is gone is closed, one too busy to read is not)."""
        try:
            socket.send_fds(self.sock, [b"c"], [conn.fileno()])
        except (BlockingIOError, InterruptedError):
            return False
        except OSError as e:
            log.warning("front end %s does not take connections: %s", self.name, e)
            self.close()
            return False
        self.handed += 1
        return True

    def read_counts(self) -> None:
        """What the front end said (non-blocking; EOF: it is gone)."""
        while True:
            try:
                data = self.sock.recv(_MESSAGE_MAX)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data = b""
            if not data:
                self.close()
                return
            parts = data.split()
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                self.received, self.open = min(int(parts[0]), self.handed), int(parts[1])

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.ready = False
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()


class Dealer:
    """The workers' process's side: accepts on `listener`, hands out."""

    def __init__(self, listener: socket.socket) -> None:
        self.listener = listener
        self.listener.setblocking(False)
        self.outlets: dict[str, Outlet] = {}
        self._turn = 0
        self._someone = asyncio.Event()  # some front end is ready
        self._task: asyncio.Task[None] | None = None

    def pair(self, name: str) -> socket.socket:
        """A new socket pair for front end `name` (a restart's replaces the
        old one): its end to pass to the child (inheritable); the child says
        it is ready with `ready`."""
        old = self.outlets.pop(name, None)
        if old is not None:
            old.close()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        theirs.set_inheritable(True)
        outlet = Outlet(name, mine)
        self.outlets[name] = outlet
        asyncio.get_running_loop().add_reader(mine.fileno(), outlet.read_counts)
        return theirs

    def ready(self, name: str) -> None:
        outlet = self.outlets.get(name)
        if outlet is not None and not outlet.closed:
            outlet.ready = True
            self._someone.set()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._accept(), name="handoff")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for outlet in self.outlets.values():
            outlet.close()

    def choose(self) -> list[Outlet]:
        """The ready front ends, the fewest connections first (ties: in turn)."""
        ready = [o for o in self.outlets.values() if o.ready]  # (closing unreadies)
        if not ready:
            self._someone.clear()
            return []
        self._turn += 1
        k = self._turn % len(ready)
        return sorted(ready[k:] + ready[:k], key=lambda o: o.load)  # (stable: the turn kept)

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, _ = await loop.sock_accept(self.listener)
            except OSError as e:  # (out of descriptors, a reset before the accept...)
                log.warning("could not accept a connection: %s", e)
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            try:
                await self._hand(conn)
            finally:
                conn.close()  # (the front end has its own copy)

    async def _hand(self, conn: socket.socket) -> None:
        end = asyncio.get_running_loop().time() + WAIT_FOR_FRONT
        while True:
            outlets = self.choose()
            if any(o.hand(conn) for o in outlets):
                return
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                log.warning("no front end took a connection for %.0f s", WAIT_FOR_FRONT)
                return
            if not outlets:  # every front end is (re)starting: wait for one
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._someone.wait(), left)
            else:  # (each too busy to read its socket, or gone: another try shortly)
                await asyncio.sleep(ACCEPT_PAUSE)


Serve = Callable[[socket.socket], Coroutine[Any, Any, None]]


class Intake:
    """A front end's side: the connections its socket pair brings, each served
    by `serve`; the counts said back (`counted`)."""

    def __init__(self, fd: int, serve: Serve) -> None:
        self.sock = socket.socket(fileno=fd)
        self.sock.setblocking(False)
        self.serve = serve
        self.received = 0
        self.closed = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._said: tuple[int, int] | None = None
        asyncio.get_running_loop().add_reader(self.sock.fileno(), self._readable)

    def _readable(self) -> None:
        while not self.closed:
            try:
                data, fds, _flags, _addr = socket.recv_fds(self.sock, 64, 16)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data, fds = b"", []
            for fd in fds:  # (one a message)
                self.received += 1
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                task = asyncio.get_running_loop().create_task(self._serve(conn))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            if not data and not fds:  # the workers' process is gone (`orphaned` ends us)
                self._shut()
                return

    async def _serve(self, conn: socket.socket) -> None:
        try:
            await self.serve(conn)
        except Exception as e:  # (a client that never logged in: its own log line)
            log.debug("a handed connection ended before its login: %s", e)
            with contextlib.suppress(OSError):
                conn.close()

    def counted(self, open_now: int) -> None:
        """Tell the workers' process the counts (when they changed)."""
        said = (self.received, open_now)
        if self.closed or said == self._said:
            return
        try:
            self.sock.send(f"{said[0]} {said[1]}".encode())
        except OSError:
            return  # (said with the next change)
        self._said = said

    def _shut(self) -> None:
        """No more connections come (the connections served go on)."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
        self.sock.close()

    async def close(self) -> None:
        """No more connections, and those not logged in yet are dropped."""
        self._shut()
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)


__all__ = ["Dealer", "Intake", "Outlet"]
