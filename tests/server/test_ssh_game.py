"""Four real SSH clients at one table: each sees its own hand and the shared
trick, never another hand; drop and reconnect mid-trick; a client that stops
reading while the others play on."""

from __future__ import annotations

import asyncio

from shengji_tui.server import ShengjiServer

from .conftest import ALSO_WORKERS, out
from .game_helpers import (
    NAMES,
    act,
    card_counts,
    card_labels,
    connect_all,
    screen_hand,
    seat_four,
    seat_of,
    skip_dealing,
    until,
    watch_table,
)
from .split import assert_on_port, assert_spread, reconnect_port
from .sshclient import Client


@ALSO_WORKERS
async def test_four_clients_play_a_trick(server: ShengjiServer, clients: list[Client]) -> None:
    cs = await connect_all(server.port, NAMES, clients)
    room = await seat_four(server, cs)
    table = room.table
    assert table is not None
    by_seat = {seat_of(room, c.name): c for c in cs}
    assert sorted(by_seat) == [0, 1, 2, 3]
    assert_spread(server)
    await skip_dealing(room, cs[0])
    await until(lambda: table.state.phase in ("burying", "playing"), 30, "dealing to end")
    # From here on, on every frame every client receives: the hand rows show no other
    # seat's hand.
    leaks: list[str] = []
    checks = [0]
    for seat, c in by_seat.items():

        def watch(seat: int = seat, c: Client = c) -> None:
            shown = screen_hand(c)
            if not shown:
                return
            checks[0] += 1
            for other in range(4):
                if other != seat and shown == card_labels(table.state.hands[other]):
                    leaks.append(f"{c.name} shows seat {other}'s hand:\n{c.text()}")

        c.watchers.append(watch)
    if table.state.phase == "burying":
        await act(room, by_seat)
    await until(lambda: table.state.phase == "playing", 10, "play")
    played = []
    while table.state.trick_no == 0 and len(played) < 4:
        seat = await act(room, by_seat)
        played.append(seat)
        if len(played) < 4:
            # everyone sees the trick so far
            trick = table.state.trick
            for c in cs:
                for p in trick:
                    await c.wait_for(
                        lambda p=p, c=c: all(lbl in c.text() for lbl in _labels(p.cards)),
                        10,
                        f"trick on {c.name}",
                    )
        out([c.name for c in cs], played)
    await until(lambda: table.state.trick_no >= 1, 10, "the trick to end")
    # a spectator sees the table but no hand
    eve = Client("eve")
    clients.append(eve)
    await eve.connect(server.port)
    await eve.wait_for("playing")
    await watch_table(eve)
    await eve.wait_for(lambda: all(c.name in eve.text() for c in cs), 10, "the seats")
    assert not screen_hand(eve)
    sizes = sorted(len(h) for h in table.state.hands)
    await eve.wait_for(lambda: sorted(card_counts(eve)) == sizes, 10, "every seat's card count")
    last = table.state.last_trick
    await eve.press("t")  # the last trick, in the table app's dialog
    for p in last:
        for lbl in _labels(p.cards):
            await eve.wait_for(lbl, 10, "the last trick")
    await eve.press("escape")
    for seat, c in by_seat.items():
        hand = table.state.hands[seat]
        await c.wait_for(
            lambda c=c, hand=hand: screen_hand(c) == card_labels(hand), 10, f"{c.name}'s own hand"
        )
        for other in range(4):
            if other != seat:
                assert screen_hand(c) != card_labels(table.state.hands[other])
    assert not leaks, leaks[0]
    assert checks[0] > 20


def _labels(cards) -> list[str]:
    from shengji_tui.text import CardText, Catalogue

    ct = CardText(Catalogue("en"))
    return [ct.card(c) for c in cards]


async def start_playing(server: ShengjiServer, clients: list[Client], names=NAMES, **kw):
    cs = await connect_all(server.port, names, clients, **kw)
    room = await seat_four(server, cs)
    table = room.table
    assert table is not None
    by_seat = {seat_of(room, c.name): c for c in cs}
    await skip_dealing(room, cs[0])
    await until(lambda: table.state.phase in ("burying", "playing"), 30, "dealing to end")
    if table.state.phase == "burying":
        await act(room, by_seat)
    await until(lambda: table.state.phase == "playing", 10, "play")
    return cs, room, table, by_seat


@ALSO_WORKERS
async def test_drop_mid_trick_and_reconnect(server: ShengjiServer, clients: list[Client]) -> None:
    _, room, table, by_seat = await start_playing(server, clients)
    await act(room, by_seat)  # the lead
    seat = table.state.awaiting()
    victim = by_seat[seat]
    before = table.state
    port = reconnect_port(server, victim.name)  # (with front ends: the other one)
    victim.drop()  # the connection dies without a goodbye
    await until(lambda: not table.seats[seat].connected, 10, "the seat to be marked away")
    await asyncio.sleep(0.5)
    assert table.state.version == before.version, "the table waits for the absent player"
    assert table.bot_at(seat) is None
    # the others see the seat away in the lobby's eyes, the game itself waits
    again = Client(victim.name)
    clients.append(again)
    await again.connect(port)
    await again.wait_for(
        lambda: screen_hand(again) == card_labels(table.state.hands[seat]), 15, "the same hand"
    )
    for p in table.state.trick:
        for lbl in _labels(p.cards):
            assert lbl in again.text()
    assert table.seats[seat].connected
    assert_on_port(server, again.name, port)
    # take-back is refused over SSH (the others saw the move): a sentence, no move
    await again.press("u")
    await again.wait_for(lambda: "not offered over SSH" in again.toasts(), 10, "the refusal")
    assert table.state.version == before.version
    by_seat[seat] = again
    await act(room, by_seat)
    assert table.state.version > before.version


async def test_grace_then_a_bot_then_back(tmp_path, clients: list[Client]) -> None:
    from shengji_tui.table import Pacing, TableSettings

    from .conftest import start_server

    srv = await start_server(
        tmp_path / "d",
        options=TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=1.0)),
    )
    try:
        cs, _room, table, by_seat = await start_playing(srv, clients)
        seat = table.state.awaiting()
        v0 = table.state.version
        by_seat[seat].drop()
        await asyncio.sleep(0.6)
        assert table.state.version == v0  # within the grace period: waiting
        await until(lambda: table.bot_at(seat) is not None, 5, "a bot standing in")
        await until(lambda: table.state.version > v0, 5, "the bot to play")
        assert table.seats[seat].name == NAMES[[c.name for c in cs].index(by_seat[seat].name)]
        again = Client(by_seat[seat].name)
        clients.append(again)
        await again.connect(srv.port)
        await until(lambda: table.bot_at(seat) is None, 10, "the seat handed back")
        await again.wait_for(
            lambda: screen_hand(again) == card_labels(table.state.hands[seat]), 15, "the hand"
        )
    finally:
        await srv.close()


async def test_a_client_that_stops_reading(tmp_path, clients: list[Client]) -> None:
    from shengji_tui.server import Limits

    from .conftest import start_server

    cap = 64 * 1024
    srv = await start_server(tmp_path / "d", limits=Limits(output_cap=cap))
    try:
        _, room, table, by_seat = await start_playing(srv, clients, window=32 * 1024)
        slow_seat = (table.state.awaiting() + 1) % 4
        slow = by_seat[slow_seat]
        session = next(s for s in srv.sessions if s.identity.name == slow.name)
        slow.pause_reading()  # its SSH window (32 KiB) fills, then the server's queue
        # the others play on; the slow one still types its moves (it only stops
        # reading): each move is taken (act waits for the table to move on, a
        # table held up by the full queue would not), on a deal's worth of moves
        moves = 0
        while session.terminal.frames_dropped == 0 or moves < 8:
            if table.state.phase != "playing":
                break
            await act(room, by_seat)
            moves += 1
            assert session.chan is not None
            assert session.chan.get_write_buffer_size() <= cap + 256 * 1024
        t = session.terminal
        assert t is not None and t.frames_dropped > 0, "frames were dropped for the slow client"
        assert moves >= 8 and t.paused, "the others played on while its queue stayed full"
        slow.resume_reading()
        await until(lambda: not t.paused, 20, "the slow client to drain its queue")
        # after the full repaint its screen is the one a fresh client would see
        await slow.settle(0.5)

        def caught_up() -> bool:
            status = [ln for ln in slow.lines() if "deal 1" in ln]
            return (
                screen_hand(slow) == card_labels(table.state.hands[slow_seat])
                and bool(status)
                and f"trick {table.state.trick_no + 1}" in status[0]
            )

        # under load the last repaint may still be on its way: wait for it, do not race it
        await until(caught_up, 20, "the slow client's screen to show the current hand and trick")
    finally:
        await srv.close()
