"""The host link reads its frames as their bytes arrive (`LinkProtocol`): a
push reaches its handler in the socket's own callback, not a turn of the
loop later; frames cut anywhere, or several in one read, come out whole and
in order; frames before `serve` wait for it; a bad frame (too long, not
JSON, not an object) closes the link and fails the calls in flight."""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import pytest

from shengji_tui.server import wire
from shengji_tui.server.link import Link, LinkProtocol
from shengji_tui.server.wire import HostLost, frame


class Transport(asyncio.Transport):
    """A transport that keeps what is written (no socket)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True


def made() -> tuple[LinkProtocol, Link, Transport]:
    protocol = LinkProtocol()
    transport = Transport()
    protocol.connection_made(transport)
    assert protocol.link is not None
    return protocol, protocol.link, transport


async def no_calls(op: str, a: dict[str, Any]) -> Any:
    return None


def pushes(n: int) -> bytes:
    return b"".join(frame({"k": "push", "op": "update", "a": {"n": i}}) for i in range(n))


async def test_a_push_is_handled_in_the_sockets_callback() -> None:
    protocol, link, _t = made()
    got: list[int] = []
    link.serve(no_calls, lambda op, a: got.append(a["n"]))
    protocol.data_received(pushes(1))
    assert got == [0]  # (no turn of the loop in between)


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 64])
async def test_frames_cut_anywhere_come_out_whole_and_in_order(size: int) -> None:
    protocol, link, _t = made()
    got: list[int] = []
    link.serve(no_calls, lambda op, a: got.append(a["n"]))
    data = pushes(6)
    for at in range(0, len(data), size):
        protocol.data_received(data[at : at + size])
    assert got == list(range(6))
    assert protocol.buffer == bytearray()  # (nothing left over)


async def test_frames_before_serve_wait_for_it() -> None:
    protocol, link, _t = made()
    protocol.data_received(pushes(3))
    got: list[int] = []
    link.serve(no_calls, lambda op, a: got.append(a["n"]))
    assert got == [0, 1, 2]


async def test_a_call_is_answered_and_an_answer_ends_its_call() -> None:
    protocol, link, transport = made()

    async def calls(op: str, a: dict[str, Any]) -> Any:
        return {"op": op, "x": a["x"] + 1}

    link.serve(calls, lambda op, a: None)
    protocol.data_received(frame({"k": "call", "id": 7, "op": "add", "a": {"x": 1}}))
    for _ in range(3):
        await asyncio.sleep(0)
    assert wire.take_frames(transport.written) == (
        [{"k": "ret", "id": 7, "v": {"op": "add", "x": 2}}],
        None,
    )
    asked = asyncio.create_task(link.call("submit", seat=1))
    await asyncio.sleep(0)
    (sent,), _ = wire.take_frames(transport.written)
    assert sent["op"] == "submit" and sent["a"] == {"seat": 1}
    protocol.data_received(frame({"k": "ret", "id": sent["id"], "v": "ok"}))
    assert await asked == "ok"


@pytest.mark.parametrize(
    "bad",
    [
        struct.pack(">I", wire.MAX_FRAME + 1),  # too long (said before its bytes come)
        struct.pack(">I", 4) + b"\xff\xfe{[",  # not JSON
        struct.pack(">I", 7) + b"[1,2,3]",  # not an object
    ],
)
async def test_a_bad_frame_closes_the_link_and_fails_the_calls(bad: bytes) -> None:
    protocol, link, transport = made()
    got: list[int] = []
    link.serve(no_calls, lambda op, a: got.append(a["n"]))
    asked = asyncio.create_task(link.call("submit"))
    await asyncio.sleep(0)
    protocol.data_received(pushes(1) + bad + pushes(2))
    assert got == [0]  # (the frame before it read; nothing after it)
    assert link.closed.is_set() and transport.closing
    with pytest.raises(HostLost):
        await asked
    protocol.data_received(pushes(1))  # (bytes after the close: dropped)
    assert got == [0] and protocol.buffer == bytearray()


async def test_the_end_of_the_stream_fails_the_calls_in_flight() -> None:
    protocol, link, _t = made()
    link.serve(no_calls, lambda op, a: None)
    asked = asyncio.create_task(link.call("submit"))
    await asyncio.sleep(0)
    protocol.connection_lost(None)
    assert link.closed.is_set()
    with pytest.raises(HostLost):
        await asked
    await link.close()  # (the socket already gone: returns)
    assert link.push("update") is False


def test_take_frames_leaves_the_start_of_the_next() -> None:
    data = bytearray(frame({"k": "push", "a": {"s": "中"}}) + frame({"k": "x"})[:5])
    assert wire.take_frames(data) == ([{"k": "push", "a": {"s": "中"}}], None)
    assert bytes(data) == frame({"k": "x"})[:5]
    data += frame({"k": "x"})[5:]
    assert wire.take_frames(data) == ([{"k": "x"}], None) and data == bytearray()
