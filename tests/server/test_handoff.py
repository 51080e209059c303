"""The workers' process hands each connection to the front end with the fewest
open (server/handoff.py): a `Dealer` and two `Intake`s in one process, real
sockets."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest

from shengji_tui.server.handoff import Dealer, Intake

from .game_helpers import until


class Front:
    """A front end's intake that keeps every connection it gets open."""

    def __init__(self, dealer: Dealer, name: str) -> None:
        self.name = name
        theirs = dealer.pair(name)
        self.intake = Intake(theirs.detach(), self.serve)
        self.conns: list[socket.socket] = []
        dealer.ready(name)

    async def serve(self, conn: socket.socket) -> None:
        self.conns.append(conn)
        self.intake.counted(len(self.conns))

    def drop(self, n: int) -> None:
        for c in self.conns[:n]:
            c.close()
        del self.conns[:n]
        self.intake.counted(len(self.conns))


@pytest.fixture
async def dealer() -> AsyncIterator[Dealer]:
    d = Dealer(socket.create_server(("127.0.0.1", 0)))
    d.start()
    try:
        yield d
    finally:
        await d.stop()
        d.listener.close()


async def connect(dealer: Dealer, n: int, fronts: list[Front]) -> list[socket.socket]:
    """`n` clients, one after the other (each taken before the next)."""
    port = dealer.listener.getsockname()[1]
    out = []
    for _ in range(n):
        before = sum(len(f.conns) for f in fronts)
        c = socket.create_connection(("127.0.0.1", port))
        out.append(c)
        await until(lambda b=before: sum(len(f.conns) for f in fronts) > b, 10, "taken")
    return out


async def test_connections_are_spread_evenly(dealer: Dealer) -> None:
    fronts = [Front(dealer, "f1"), Front(dealer, "f2")]
    clients = await connect(dealer, 10, fronts)
    assert [len(f.conns) for f in fronts] == [5, 5]
    # a burst (all at once, before any front end says its counts) too
    port = dealer.listener.getsockname()[1]
    burst = [socket.create_connection(("127.0.0.1", port)) for _ in range(8)]
    await until(lambda: sum(len(f.conns) for f in fronts) == 18, 10, "the burst taken")
    assert [len(f.conns) for f in fronts] == [9, 9]
    for c in clients + burst:
        c.close()


async def test_the_front_end_with_fewer_open_takes_the_new_ones(dealer: Dealer) -> None:
    fronts = [Front(dealer, "f1"), Front(dealer, "f2")]
    clients = await connect(dealer, 8, fronts)
    fronts[0].drop(4)  # f1's players left: 0 against 4
    await until(lambda: dealer.outlets["f1"].load == 0, 10, "f1's counts")
    clients += await connect(dealer, 4, fronts)
    assert [len(f.conns) for f in fronts] == [4, 4]
    for c in clients:
        c.close()


async def test_a_front_end_gone_takes_nothing_and_its_restart_does(dealer: Dealer) -> None:
    f1, f2 = Front(dealer, "f1"), Front(dealer, "f2")
    await f1.intake.close()  # (its process died: its end of the pair is closed)
    await until(lambda: dealer.outlets["f1"].closed, 10, "f1 seen gone")
    clients = await connect(dealer, 3, [f1, f2])
    assert (len(f1.conns), len(f2.conns)) == (0, 3)
    again = Front(dealer, "f1")  # started again: a new pair
    clients += await connect(dealer, 3, [again, f2])
    assert (len(again.conns), len(f2.conns)) == (3, 3)
    for c in clients:
        c.close()


async def test_what_a_front_end_says_beyond_its_counts_is_ignored(dealer: Dealer) -> None:
    fronts = [Front(dealer, "f1"), Front(dealer, "f2")]
    for junk in (b"x y", b"1 2 3", b"-1 5", b"\xff" * 60, b"99999999999999999999 0"):
        fronts[0].intake.sock.send(junk)
    clients = await connect(dealer, 4, fronts)
    # (the received count never passes what was handed: a lie cannot hide load)
    assert dealer.outlets["f1"].received <= dealer.outlets["f1"].handed
    assert sorted(len(f.conns) for f in fronts) == [2, 2]
    for c in clients:
        c.close()


async def test_no_front_end_ready_holds_a_connection_until_one_is() -> None:
    d = Dealer(socket.create_server(("127.0.0.1", 0)))
    d.start()
    try:
        port = d.listener.getsockname()[1]
        c = socket.create_connection(("127.0.0.1", port))
        await asyncio.sleep(0.2)  # (accepted, waiting for a front end)
        f1 = Front(d, "f1")
        await until(lambda: len(f1.conns) == 1, 10, "the waiting connection handed")
        c.close()
    finally:
        await d.stop()
        d.listener.close()


async def test_a_front_end_too_busy_to_read_is_passed_over_not_dropped(dealer: Dealer) -> None:
    theirs = dealer.pair("f1")  # (a front end whose loop never reads its socket)
    dealer.ready("f1")
    f2 = Front(dealer, "f2")
    f1 = dealer.outlets["f1"]
    while True:  # its socket's buffer full
        try:
            f1.sock.send(b"x" * 1024)
        except BlockingIOError:
            break
    clients = await connect(dealer, 3, [f2])
    assert len(f2.conns) == 3 and f1.handed == 0
    assert not f1.closed and f1.ready  # (busy, not gone: it gets connections again later)
    theirs.close()
    for c in clients:
        c.close()
