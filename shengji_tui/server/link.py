"""`Link`: one connection between a front end and the host, both ways.

Either side may call the other (`call(op, **args)`: awaited, its value or
its refusal raised again, `wire.raise_refusal`), send a one-way message
(`push`), and serve what the other side sends (`serve`: a handler for calls,
another for pushes). Messages are `wire` frames, written in order on one
stream: a push written before a call's answer arrives before it (a table's
update before the `submit` that made it returns).

A link is its socket's protocol (`LinkProtocol`): the frames that arrive
are read in the loop's callback for the socket's bytes, and a push is
handed to its handler there. A task reading the stream would take them a
turn of the loop later, behind whatever else that turn runs: with two front
ends at 26 tables, the slowest 1 % of a front end's frames waited 13-22 ms
for that turn (docs/performance.md, "A link read as its bytes arrive").

When the stream ends, every call in flight fails with `HostLost` and the
link's `closed` event is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from .wire import HostLost, frame, raise_refusal, refusal, take_frames

log = logging.getLogger("shengji_tui.server")

CallHandler = Callable[[str, dict[str, Any]], Awaitable[Any]]
PushHandler = Callable[[str, dict[str, Any]], None]


class LinkProtocol(asyncio.Protocol):
    """The socket of one link: its bytes in, whole frames out to its `Link`
    (made with the connection: `link`, given to `on_link` if any)."""

    def __init__(self, on_link: Callable[[Link], None] | None = None) -> None:
        self.on_link = on_link
        self.link: Link | None = None
        self.buffer = bytearray()
        self.gone = asyncio.get_running_loop().create_future()  # (the socket closed)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.link = Link(transport, self.gone)
        if self.on_link is not None:
            self.on_link(self.link)

    def data_received(self, data: bytes) -> None:
        assert self.link is not None
        self.buffer += data
        self.link.take(self.buffer)

    def eof_received(self) -> bool:
        return False  # (the transport closes; `connection_lost` follows)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.gone.done():
            self.gone.set_result(None)
        if self.link is not None:
            self.link.lost()


async def connect(path: Path | str) -> Link:
    """A link to the host listening on the Unix socket `path`."""
    loop = asyncio.get_running_loop()
    _, protocol = await loop.create_unix_connection(LinkProtocol, str(path))
    assert protocol.link is not None
    return protocol.link


async def listen(path: Path | str, on_link: Callable[[Link], None]) -> asyncio.AbstractServer:
    """Links from the front ends that connect to the Unix socket `path`, each
    given to `on_link` as it is made."""
    loop = asyncio.get_running_loop()
    return await loop.create_unix_server(lambda: LinkProtocol(on_link), str(path))


class Link:
    def __init__(self, transport: asyncio.WriteTransport, gone: asyncio.Future[None]) -> None:
        self.transport = transport
        self._gone = gone
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.closed = asyncio.Event()
        self._handlers: tuple[CallHandler, PushHandler] | None = None
        self._held: list[dict[str, Any]] = []  # frames come before `serve`
        self._calls: set[asyncio.Task[None]] = set()
        self._pushes: list[bytes] = []  # frames of pushes not yet written (`push`)

    # ------------------------------------------------------------ sending
    def _send(self, message: dict[str, Any]) -> None:
        """`message` written now, after the pushes still held (their order kept)."""
        if self.closed.is_set() or self.transport.is_closing():
            raise HostLost("the link is closed")
        data = frame(message)
        if self._pushes:
            data = b"".join((*self._pushes, data))
            self._pushes.clear()
        self.transport.write(data)

    async def call(self, op: str, **args: Any) -> Any:
        """Ask the other side to do `op`; its answer (JSON-able data)."""
        n = next(self._ids)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[n] = fut
        try:
            self._send({"k": "call", "id": n, "op": op, "a": args})
            return await fut
        finally:
            self._waiting.pop(n, None)

    def push(self, op: str, **args: Any) -> bool:
        """Tell the other side `op` (no answer); False: the link is closed.

        Written with the other pushes of this turn of the event loop, in one
        write at its end (or with the next call or answer, whichever is first):
        a play's update goes to each of a table's seats, and a front end woken
        by its first seat's frame took the host's core before the host had
        written the others (one table: 2.3-2.75 ms from a play's first push to
        its last; docs/performance.md, "A play's pushes in one write")."""
        if self.closed.is_set() or self.transport.is_closing():
            return False
        data = frame({"k": "push", "op": op, "a": args})
        if not self._pushes:
            asyncio.get_running_loop().call_soon(self._write_pushes)
        self._pushes.append(data)
        return True

    def _write_pushes(self) -> None:
        if not self._pushes:
            return  # (written with a call or an answer meanwhile)
        data = b"".join(self._pushes)
        self._pushes.clear()
        if self.closed.is_set() or self.transport.is_closing():
            return
        with contextlib.suppress(ConnectionError):
            self.transport.write(data)

    # ------------------------------------------------------------ receiving
    def serve(self, on_call: CallHandler, on_push: PushHandler) -> None:
        """Serve the other side's messages (those that came before, first) until
        the stream ends (`closed`)."""
        self._handlers = (on_call, on_push)
        held, self._held = self._held, []
        for msg in held:
            self._dispatch(msg)

    def take(self, buffer: bytearray) -> None:
        """The whole frames at the start of `buffer` (the protocol's), each
        dispatched as it is read; a bad frame closes the link."""
        if self.closed.is_set():
            buffer.clear()
            return
        messages, bad = take_frames(buffer)
        for msg in messages:
            if self.closed.is_set():
                return  # (closed by a handler: the rest is not read)
            if self._handlers is None:
                self._held.append(msg)
            else:
                self._dispatch(msg)
        if bad is not None:
            log.error("link: a bad frame (%s): closed", bad)
            buffer.clear()
            self.lost()

    def _dispatch(self, msg: dict[str, Any]) -> None:
        assert self._handlers is not None
        on_call, on_push = self._handlers
        kind = msg.get("k")
        if kind == "ret" or kind == "err":
            fut = self._waiting.get(msg.get("id", -1))
            if fut is not None and not fut.done():
                if kind == "ret":
                    fut.set_result(msg.get("v"))
                else:
                    try:
                        raise_refusal(msg.get("e") or {})
                    except Exception as e:
                        fut.set_exception(e)
        elif kind == "call":
            task = asyncio.get_running_loop().create_task(self._answer(msg, on_call))
            self._calls.add(task)
            task.add_done_callback(self._calls.discard)
        elif kind == "push":
            try:
                on_push(str(msg.get("op")), msg.get("a") or {})
            except Exception:
                log.exception("link: a push (%s) failed", msg.get("op"))

    async def _answer(self, msg: dict[str, Any], on_call: CallHandler) -> None:
        n = msg.get("id")
        try:
            value = await on_call(str(msg.get("op")), msg.get("a") or {})
        except Exception as e:
            if not isinstance(e, (HostLost,)) and refusal(e).get("t") == "error":
                log.exception("link: %s failed", msg.get("op"))
            with contextlib.suppress(HostLost, ConnectionError):
                self._send({"k": "err", "id": n, "e": refusal(e)})
            return
        with contextlib.suppress(HostLost, ConnectionError):
            self._send({"k": "ret", "id": n, "v": value})

    def lost(self) -> None:
        """The link is over (its socket closed, a bad frame, `close`): calls in
        flight fail with `HostLost`, calls being answered are cancelled."""
        if self.closed.is_set():
            return
        self.closed.set()
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(HostLost("the link closed"))
        self._waiting.clear()
        for task in list(self._calls):
            task.cancel()
        with contextlib.suppress(Exception):
            self.transport.close()

    async def close(self) -> None:
        self._write_pushes()  # (what was pushed before the close still goes)
        self.lost()
        with contextlib.suppress(Exception):
            await self._gone
