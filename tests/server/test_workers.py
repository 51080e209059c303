"""`shengji serve --workers 2`: a host process and two front ends, through
real SSH clients.

- Players whose sessions run on different front ends play one table.
- SIGKILL of a front end mid-trick: its players' connections drop, the
  front end is started again, they connect again and are back at the same
  table, same hand, same trick; the other front end's players never left.
- SIGKILL of the host mid-trick: nobody's connection drops; the host is
  started again from the store (nothing acknowledged is lost) and every
  player sees the same table again, and play goes on.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from shengji_tui.server.process import free_port
from shengji_tui.text import CardText, Catalogue

from .conftest import ServerProcess
from .game_helpers import NAMES, card_labels, screen_hand, until
from .sshclient import Client
from .test_ssh_restart import act_remote, read_game, seat_four_remote

WORKERS = ("--open", "--workers", "2")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def pids(banner: str) -> dict[str, int]:
    """The children's process ids the workers' process printed."""
    found = re.search(r"processes: (.*)", banner)
    assert found, banner
    out = {}
    for part in found.group(1).split(", "):
        name, pid = part.rsplit(" ", 1)
        out[name] = int(pid)
    return out


def fronts(log: Path) -> dict[str, str]:
    """Each player's front end, from the log's "session f1/s3" lines (the last)."""
    out: dict[str, str] = {}
    for line in log.read_text().splitlines():
        m = re.search(r"user:(\w+): session (f\d+)/", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


async def spread(port: int, log: Path, clients: list[Client]) -> list[Client]:
    """The four players connected, on both front ends (one reconnects until
    its session lands on the other)."""
    cs = [Client(n) for n in NAMES]
    clients.extend(cs)
    await asyncio.gather(*(c.connect(port) for c in cs))
    await asyncio.gather(*(c.wait_for("lobby", 30) for c in cs))
    for _ in range(20):
        where = fronts(log)
        if len({where.get(n) for n in NAMES}) == 2:
            return cs
        # all on one front end: the last one tries again
        last = cs[-1]
        await last.close()
        again = Client(last.name)
        clients.append(again)
        cs[-1] = again
        await again.connect(port)
        await again.wait_for("lobby", 30)
    raise AssertionError(f"every session on one front end: {fronts(log)}")


async def to_the_play(data: Path, cs: list[Client]) -> dict[str, Client]:
    """Seated, dealt (the rest at once), buried: two cards of a trick played."""
    await seat_four_remote(cs)
    by_name = {c.name: c for c in cs}
    for _ in range(40):
        st, _ = read_game(data)
        if st is not None and st.phase not in ("dealing",):
            break
        await cs[0].press("f")
        await asyncio.sleep(0.3)
    await until(lambda: read_game(data)[0].phase in ("burying", "playing"), 30)
    if read_game(data)[0].phase == "burying":
        await act_remote(data, by_name)
    await until(lambda: read_game(data)[0].phase == "playing", 20)
    await act_remote(data, by_name)
    await act_remote(data, by_name)
    return by_name


async def same_table(cs: list[Client], data: Path) -> None:
    """Each player's screen shows their own hand as stored, and the trick."""
    state, seats = read_game(data)
    assert state is not None
    ct = CardText(Catalogue("en"))
    for c in cs:
        seat = seats[c.name]
        await c.wait_for(
            lambda c=c, seat=seat: screen_hand(c) == card_labels(state.hands[seat]),
            40,
            f"{c.name}'s hand",
        )
        for p in state.trick:
            for card in p.cards:
                assert ct.card(card) in c.text()


@pytest.mark.slow(8)
async def test_two_front_ends_one_table_and_a_front_end_killed(tmp_path: Path) -> None:
    data, log = tmp_path / "data", tmp_path / "server.log"
    port = free_port()
    srv = await ServerProcess(
        data, port, "--open", "--workers", "2", "--log-file", str(log)
    ).start()
    clients: list[Client] = []
    try:
        procs = pids(srv.banner)
        assert set(procs) == {"host", "f1", "f2"}
        cs = await spread(port, log, clients)
        by_name = await to_the_play(data, cs)
        before, seats = read_game(data)
        assert before is not None and len(before.trick) == 2
        where = fronts(log)
        victim = "f1"
        gone = [c for c in cs if where[c.name] == victim]
        stay = [c for c in cs if where[c.name] != victim]
        assert gone and stay
        os.kill(procs[victim], signal.SIGKILL)  # mid-trick
        await asyncio.gather(*(asyncio.wait_for(c.closed.wait(), 20) for c in gone))
        assert not any(c.closed.is_set() for c in stay), "the other front end's players stayed"
        # its players connect again (to whichever front end): the same table
        again = [Client(c.name) for c in gone]
        clients.extend(again)
        await asyncio.gather(*(c.connect(port) for c in again))
        after, seats2 = read_game(data)
        assert after is not None and after.version == before.version and seats2 == seats
        await same_table([*stay, *again], data)
        by_name.update({c.name: c for c in again})
        await act_remote(data, by_name)
        await act_remote(data, by_name)
        done, _ = read_game(data)
        assert done is not None and done.trick_no == before.trick_no + 1
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await srv.stop()


@pytest.mark.slow(10)
async def test_the_host_killed_mid_trick_comes_back_with_every_table(tmp_path: Path) -> None:
    data, log = tmp_path / "data", tmp_path / "server.log"
    port = free_port()
    srv = await ServerProcess(
        data, port, "--open", "--workers", "2", "--log-file", str(log)
    ).start()
    clients: list[Client] = []
    try:
        procs = pids(srv.banner)
        cs = await spread(port, log, clients)
        by_name = await to_the_play(data, cs)
        before, seats = read_game(data)
        assert before is not None and len(before.trick) == 2
        os.kill(procs["host"], signal.SIGKILL)  # mid-trick: every table with it
        await asyncio.gather(*(c.wait_for("restarting", 30, "the word") for c in cs))
        assert not any(c.closed.is_set() for c in cs), "nobody's connection dropped"
        await same_table(cs, data)
        after, seats2 = read_game(data)
        assert after is not None and after.version == before.version and seats2 == seats
        await act_remote(data, by_name)
        await act_remote(data, by_name)
        done, _ = read_game(data)
        assert done is not None and done.trick_no == before.trick_no + 1
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await srv.stop()
