"""The host link writes a turn's pushes together, in order: a play's updates
to a table's seats leave in one write at the end of the turn, and a call or
an answer written meanwhile carries the pushes before it (a table's update
still arrives before the `submit` that made it returns)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from shengji_tui.server.link import Link


class CountedWrites:
    """A stream writer's stand-in around the real one: counts the writes."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        self.writer.write(data)

    def is_closing(self) -> bool:
        return self.writer.is_closing()

    def close(self) -> None:
        self.writer.close()

    async def wait_closed(self) -> None:
        await self.writer.wait_closed()


async def _pair() -> tuple[Link, Link, CountedWrites]:
    a, b = socket.socketpair()
    ra, wa = await asyncio.open_connection(sock=a)
    rb, wb = await asyncio.open_connection(sock=b)
    counted = CountedWrites(wa)
    return Link(ra, counted), Link(rb, wb), counted  # type: ignore[arg-type]


async def test_a_turns_pushes_leave_in_one_write_in_order() -> None:
    host, front, writes = await _pair()
    got: list[tuple[str, dict[str, Any]]] = []

    async def on_call(op: str, a: dict[str, Any]) -> Any:
        return None

    front.serve(on_call, lambda op, a: got.append((op, a)))
    try:
        for seat in range(4):
            assert host.push("update", seat=seat)
        assert writes.writes == []  # (held to the turn's end)
        await asyncio.sleep(0)
        assert len(writes.writes) == 1
        for _ in range(100):
            if len(got) == 4:
                break
            await asyncio.sleep(0.01)
        assert [a["seat"] for _op, a in got] == [0, 1, 2, 3]
    finally:
        await host.close()
        await front.close()


async def test_a_call_carries_the_pushes_before_it() -> None:
    """Pushes, then a call's answer, in one turn: they arrive in that order."""
    host, front, writes = await _pair()
    seen: list[str] = []

    async def front_calls(op: str, a: dict[str, Any]) -> Any:
        return None

    async def host_calls(op: str, a: dict[str, Any]) -> Any:
        host.push("update", n=1)
        host.push("update", n=2)
        return "done"  # (the answer is written in this turn, after the pushes)

    host.serve(host_calls, lambda op, a: None)
    front.serve(front_calls, lambda op, a: seen.append(f"push {a['n']}"))
    try:
        answer = await front.call("submit")
        seen.append(f"answer {answer}")
        assert seen == ["push 1", "push 2", "answer done"]
        assert len(writes.writes) == 1
    finally:
        await host.close()
        await front.close()


async def test_pushes_made_before_a_close_still_go() -> None:
    host, front, _writes = await _pair()
    got: list[int] = []

    async def on_call(op: str, a: dict[str, Any]) -> Any:
        return None

    front.serve(on_call, lambda op, a: got.append(a["n"]))
    host.push("table_close", n=1)
    await host.close()
    for _ in range(100):
        if got:
            break
        await asyncio.sleep(0.01)
    assert got == [1]
    await front.close()


async def test_a_push_to_a_closed_link_says_so() -> None:
    host, front, _writes = await _pair()
    await host.close()
    assert host.push("update", seat=0) is False
    await front.close()
