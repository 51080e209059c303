"""`Link`: one connection between a front end and the host, both ways.

Either side may call the other (`call(op, **args)`: awaited, its value or
its refusal raised again, `wire.raise_refusal`), send a one-way message
(`push`), and serve what the other side sends (`serve`: a handler for calls,
another for pushes). Messages are `wire` frames, written in order on one
stream: a push written before a call's answer arrives before it (a table's
update before the `submit` that made it returns).

When the stream ends, every call in flight fails with `HostLost` and the
link's `closed` event is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .wire import HostError, HostLost, frame, raise_refusal, read_frame, refusal

log = logging.getLogger("shengji_tui.server")

CallHandler = Callable[[str, dict[str, Any]], Awaitable[Any]]
PushHandler = Callable[[str, dict[str, Any]], None]


class Link:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.closed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._calls: set[asyncio.Task[None]] = set()
        self._pushes: list[bytes] = []  # frames of pushes not yet written (`push`)

    # ------------------------------------------------------------ sending
    def _send(self, message: dict[str, Any]) -> None:
        """`message` written now, after the pushes still held (their order kept)."""
        if self.closed.is_set() or self.writer.is_closing():
            raise HostLost("the link is closed")
        data = frame(message)
        if self._pushes:
            data = b"".join((*self._pushes, data))
            self._pushes.clear()
        self.writer.write(data)

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
        if self.closed.is_set() or self.writer.is_closing():
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
        if self.closed.is_set() or self.writer.is_closing():
            return
        with contextlib.suppress(ConnectionError):
            self.writer.write(data)

    # ------------------------------------------------------------ receiving
    def serve(self, on_call: CallHandler, on_push: PushHandler) -> asyncio.Task[None]:
        """Read the other side's messages until the stream ends."""
        self._task = asyncio.get_running_loop().create_task(self._read(on_call, on_push))
        return self._task

    async def _read(self, on_call: CallHandler, on_push: PushHandler) -> None:
        try:
            while True:
                try:
                    msg = await read_frame(self.reader)
                except (HostError, ValueError) as e:
                    log.error("link: a bad frame (%s): closed", e)
                    break
                if msg is None:
                    break
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
        finally:
            self._lost()

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

    def _lost(self) -> None:
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
            self.writer.close()

    async def close(self) -> None:
        self._write_pushes()  # (what was pushed before the close still goes)
        self._lost()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()
