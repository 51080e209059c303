"""The host link writes a turn's pushes together, in order: a play's updates
to a table's seats leave in one write at the end of the turn, and a call or
an answer written meanwhile carries the pushes before it (a table's update
still arrives before the `submit` that made it returns)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

from shengji_tui.server.link import Link, LinkProtocol


class CountedWrites:
    """A transport's stand-in around the real one: counts the writes."""

    def __init__(self, transport: asyncio.WriteTransport) -> None:
        self.transport = transport
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        self.transport.write(data)

    def is_closing(self) -> bool:
        return self.transport.is_closing()

    def close(self) -> None:
        self.transport.close()


async def linked(sock: socket.socket) -> Link:
    """A link over one end of a socket pair."""
    loop = asyncio.get_running_loop()
    _, protocol = await loop.create_connection(LinkProtocol, sock=sock)
    assert protocol.link is not None
    return protocol.link


@contextlib.asynccontextmanager
async def _pair() -> AsyncIterator[tuple[Link, Link, CountedWrites]]:
    """A host's end of a link (its writes counted) and a front end's."""
    a, b = socket.socketpair()
    host, front = await linked(a), await linked(b)
    counted = CountedWrites(host.transport)
    host.transport = counted  # type: ignore[assignment]
    try:
        yield host, front, counted
    finally:
        await host.close()
        await front.close()


async def no_calls(op: str, a: dict[str, Any]) -> Any:
    return None


async def _until(cond: Any) -> None:
    for _ in range(300):
        if cond():
            return
        await asyncio.sleep(0.01)


async def test_a_turns_pushes_leave_in_one_write_in_order() -> None:
    async with _pair() as (host, front, writes):
        got: list[tuple[str, dict[str, Any]]] = []
        front.serve(no_calls, lambda op, a: got.append((op, a)))
        for seat in range(4):
            assert host.push("update", seat=seat)
        assert writes.writes == []  # (held to the turn's end)
        await asyncio.sleep(0)
        assert len(writes.writes) == 1
        await _until(lambda: len(got) == 4)
        assert [a["seat"] for _op, a in got] == [0, 1, 2, 3]


async def test_a_call_carries_the_pushes_before_it() -> None:
    """Pushes, then a call's answer, in one turn: they arrive in that order."""
    async with _pair() as (host, front, writes):
        seen: list[str] = []

        async def host_calls(op: str, a: dict[str, Any]) -> Any:
            host.push("update", n=1)
            host.push("update", n=2)
            return "done"  # (the answer is written in this turn, after the pushes)

        host.serve(host_calls, lambda op, a: None)
        front.serve(no_calls, lambda op, a: seen.append(f"push {a['n']}"))
        answer = await front.call("submit")
        seen.append(f"answer {answer}")
        assert seen == ["push 1", "push 2", "answer done"]
        assert len(writes.writes) == 1


async def test_pushes_made_before_a_close_still_go() -> None:
    async with _pair() as (host, front, _writes):
        got: list[int] = []
        front.serve(no_calls, lambda op, a: got.append(a["n"]))
        host.push("table_close", n=1)
        await host.close()
        await _until(lambda: bool(got))
        assert got == [1]


async def test_a_push_to_a_closed_link_says_so() -> None:
    async with _pair() as (host, _front, _writes):
        await host.close()
        assert host.push("update", seat=0) is False
