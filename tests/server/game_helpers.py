"""Driving a table through real SSH clients: join, ready, scripted keys."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence

from shengji_tui.rules import Card, Rank
from shengji_tui.server import ShengjiServer
from shengji_tui.server.registry import Room
from shengji_tui.text import Catalogue

from .sshclient import SLACK, Client

NAMES = ("ann", "bob", "cat", "dan")
WATCHING = "watching (旁观)"  # a spectator's table screen says it (its own line)
GLYPHS = "♠♥♣♦"


async def until(
    cond: Callable[[], bool],
    timeout: float = 20.0,
    what: str | Callable[[], str] = "",
) -> None:
    """Wait for `cond`; `what` (or what it returns at the end) names it in the failure."""
    end = time.monotonic() + timeout * SLACK
    while not cond():
        if time.monotonic() > end:
            said = what() if callable(what) else what
            raise AssertionError(f"timed out waiting for {said or cond}")
        await asyncio.sleep(0.02)


def table_state(room: Room) -> str:
    """Where a table stands, for a failure's message: what a stalled test needs."""
    t = room.table
    if t is None:
        return f"room {room.status}, no table"
    st = t.state
    seats = ", ".join(
        f"{i}:{s.name}({s.kind}{', away' if not s.connected else ''}"
        f"{', auto' if s.on_auto else ''})"
        for i, s in enumerate(t.seats)
    )
    moves = ""
    store = getattr(t, "_store", None)
    if store is not None:  # (the last moves: how it came there)
        with contextlib.suppress(Exception):
            log = store.load(t.table_id).log[-30:]
            moves = "; last moves: " + " | ".join(e.command_json[:90] for e in log)
    return (
        f"{st.rules.name} deal {st.deal_no}, hands {[len(h) for h in st.hands]}, "
        f"phase {st.phase}, version {st.version}, awaiting {st.awaiting()}, "
        f"trick {len(st.trick)} plays, held {t.deal_held}, trouble {t.trouble!r}, "
        f"driver {'running' if t._task and not t._task.done() else 'stopped'}, seats {seats}"
        f"{moves}"
    )


async def connect_all(port: int, names: Sequence[str], clients: list[Client], **kw) -> list[Client]:
    made = [Client(n) for n in names]
    clients.extend(made)
    await asyncio.gather(*(c.connect(port, **kw) for c in made))
    await asyncio.gather(*(c.wait_for("lobby") for c in made))
    return made


async def seat_four(server: ShengjiServer, cs: Sequence[Client], bots: bool = False) -> Room:
    """cs[0] creates a table, the others take seats in order (or bots fill them),
    everyone presses ready; returns the room once it plays."""
    return await seat_table(server, cs, 4, bots)


async def seat_table(
    server: ShengjiServer, cs: Sequence[Client], players: int, bots: bool = False
) -> Room:
    """`seat_four` at a table of `players` seats (the server's default preset's)."""
    first = cs[0]
    await first.press("n")
    await first.wait_for("New table")
    await first.press("enter")
    await first.wait_for("waiting for players")
    room = server.registry.listing()[-1]
    assert room.players == players, room.preset
    for c in cs[1:]:
        taken = len([s for s in room.slots if s.kind != "empty"])
        await c.wait_for(f"{taken}/{players}")
        await c.press("j")
        await c.wait_for("waiting for players")
    if bots:
        await first.press("b")
        await until(lambda: not room.free_seats(), what="bots")
    for c in cs:
        await c.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    return room


async def skip_dealing(room: Room, c: Client) -> None:
    """Press f (deal the rest at once) until the dealing is over."""
    table = room.table
    assert table is not None
    for _ in range(50):
        if table.state.phase != "dealing":
            return
        await c.press("f")
        with contextlib.suppress(AssertionError):
            await until(lambda: table.state.phase != "dealing", 0.3)
    raise AssertionError("the dealing did not end")


async def watch_table(c: Client) -> None:
    """From the lobby, `w` on the chosen (playing) table: the table app, watching."""
    await c.press("w")
    await c.wait_for(WATCHING, 20, "the spectator's table screen")


def card_counts(c: Client) -> list[int]:
    """Every "N cards" the screen shows (the seats' panels and the bottom line)."""
    return [int(n) for n in re.findall(r"(\d+) cards", c.text())]


def seat_of(room: Room, name: str) -> int:
    seat = room.seat_of("user:" + name)
    assert seat is not None
    return seat


async def act(
    room: Room,
    by_seat: dict[int, Client],
    keys: Sequence[str] = ("s", "enter"),
    timeout: float = 20.0,
) -> int:
    """The awaited human presses `keys` (suggest, confirm); returns the seat that acted."""
    table = room.table
    assert table is not None
    await until(
        lambda: table.state.awaiting() in by_seat and table.state.phase in ("burying", "playing"),
        timeout,
        lambda: f"a human's turn ({table_state(room)})",
    )
    st = table.state
    seat = st.awaiting()
    assert seat is not None
    v0 = st.version
    c = by_seat[seat]
    for _ in range(3):
        await c.press(*keys)
        try:
            await until(lambda: table.state.version != v0, 3.0)
            return seat
        except AssertionError:
            continue  # the screen was not ready for the keys yet: press again
    raise AssertionError(f"seat {seat} could not act; screen:\n{c.text()}")


# ------------------------------------------------------------ reading hands


def card_labels(cards: Sequence[Card]) -> Counter[str]:
    """What identifies each card on screen whatever its grouping: its rank (a
    joker: its label)."""
    cat = Catalogue("en")
    out: Counter[str] = Counter()
    for c in cards:
        if c.rank is Rank.LJ:
            out[cat.t("card.lj")] += 1
        elif c.rank is Rank.BJ:
            out[cat.t("card.bj")] += 1
        else:
            out[c.rank.value] += 1
    return out


def hand_rows(c: Client) -> list[str]:
    """The hand's rows: under the "You …" line, above the footer."""
    lines = c.lines()
    start = None
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith(" You ") or lines[i].startswith(" 你 "):
            start = i + 1
            break
    if start is None:
        return []
    return [ln for ln in lines[start:-1] if ln.strip()]


def screen_hand(c: Client) -> Counter[str]:
    """The rank labels shown in the hand rows (selection marks and suit headers dropped)."""
    cat = Catalogue("en")
    jokers = {cat.t("card.lj"), cat.t("card.bj")}
    out: Counter[str] = Counter()
    ranks = {r.value for r in Rank}
    for row in hand_rows(c):
        for tok in row.split():
            bare = tok.strip(GLYPHS)
            if tok in jokers:
                out[tok] += 1
            elif bare in ranks and bare not in jokers:
                out[bare] += 1
    return out
