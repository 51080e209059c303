"""Tables of other sizes over SSH: six real clients at a six-player table (seat
moves by key, ready, a whole deal played, a drop and a reconnect, a spectator),
and the waiting room of a three-seat table (in-process)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from shengji_tui.server.lobby import LobbyApp, RoomScreen
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import Registry
from shengji_tui.server.server import identity_for_tests

from .conftest import FAST, out, start_server
from .game_helpers import (
    act,
    card_labels,
    connect_all,
    screen_hand,
    seat_of,
    skip_dealing,
    until,
    watch_table,
)
from .sshclient import Client

SIX = FAST.replace(rules="six-player", seats=())
NAMES6 = ("ann", "bob", "cat", "dan", "eve", "fay")


@pytest.mark.slow(23)
async def test_six_clients_play_a_deal(tmp_path: Path, clients: list[Client]) -> None:
    srv = await start_server(tmp_path / "d", options=SIX)
    try:
        cs = await connect_all(srv.port, NAMES6, clients)
        ann, bob = cs[0], cs[1]
        await ann.press("n")
        await ann.wait_for("New table")
        await ann.press("enter")
        await ann.wait_for("waiting for players")
        room = srv.registry.listing()[-1]
        assert room.players == 6 and room.preset == "six-player"
        await ann.wait_for("1-6 move to a seat")
        # bob sits down and moves to the sixth seat by its key
        await bob.wait_for("1/6")
        await bob.press("j")
        await bob.wait_for("waiting for players")
        await bob.press("6")
        await until(lambda: room.seat_of("user:bob") == 5, 10, "bob at seat 6")
        await ann.wait_for("Seat 6: bob", 10)
        # the others take the first free seats
        for c in cs[2:]:
            taken = len([s for s in room.slots if s.kind != "empty"])
            await c.wait_for(f"{taken}/6")
            await c.press("j")
            await c.wait_for("waiting for players")
        for c in cs:
            await c.press("r")
        await until(lambda: room.status == "playing", 20, "the table to start")
        table = room.table
        assert table is not None
        by_seat = {seat_of(room, c.name): c for c in cs}
        assert sorted(by_seat) == list(range(6)) and by_seat[5] is bob
        await skip_dealing(room, ann)
        await until(lambda: table.state.phase in ("burying", "playing"), 30, "dealing to end")
        # each screen: the five others by name around the table, and no other hand
        for c in cs:
            await c.wait_for(
                lambda c=c: all(o.name in c.text() for o in cs if o is not c), 15, "the others"
            )
        leaks: list[str] = []
        checks = [0]
        for seat, c in by_seat.items():

            def watch(seat: int = seat, c: Client = c) -> None:
                shown = screen_hand(c)
                if shown.total() < 10:  # (a few cards may match another's by chance)
                    return
                checks[0] += 1
                for other in range(6):
                    if other != seat and shown == card_labels(table.state.hands[other]):
                        leaks.append(f"{c.name} shows seat {other}'s hand:\n{c.text()}")

            c.watchers.append(watch)
        # a spectator: six seats, two teams
        gus = Client("gus")
        clients.append(gus)
        await gus.connect(srv.port)
        await gus.wait_for("playing")
        await watch_table(gus)
        await gus.wait_for(lambda: all(c.name in gus.text() for c in cs), 10, "the seats")
        assert not screen_hand(gus)
        # the two teams' levels by their names (a spectator has no "us" / "them")
        assert gus.lines()[0].count(" at ") == 2, gus.lines()[0]
        # the whole deal, by the six players' keys; one drops mid-deal and comes back
        moves = 0
        while table.state.phase in ("burying", "playing"):
            if moves == 20:
                seat = table.state.awaiting()
                assert seat is not None
                victim = by_seat[seat]
                victim.drop()
                await until(lambda s=seat: not table.seats[s].connected, 10, "the seat away")
                again = Client(victim.name)
                clients.append(again)
                await again.connect(srv.port)
                await again.wait_for(
                    lambda s=seat, a=again: screen_hand(a) == card_labels(table.state.hands[s]),
                    15,
                    "the same hand again",
                )
                assert table.seats[seat].connected and table.bot_at(seat) is None
                by_seat[seat] = again
            await act(room, by_seat, timeout=30)
            moves += 1
        out("six clients: moves", moves, "screens checked", checks[0])
        assert table.state.phase == "scoring" and table.state.deal_no == 0
        assert not any(table.state.hands)  # every card played: 26 tricks, fewer
        assert moves > 6 * 10  # when the suggested throws take several cards a seat
        for c in by_seat.values():
            await c.wait_for("Deal 1 is over", 15)
        assert not leaks, leaks[0]
        assert checks[0] > 60
    finally:
        await srv.close()


async def test_a_three_seat_waiting_room() -> None:
    """Three seats: keys 1-3 move, 4 is a sentence; bots fill the two others."""
    registry = Registry(None, None, default_options=FAST.replace(rules="three-player", seats=()))
    me = identity_for_tests("kim")
    app = LobbyApp(LobbyDesk(registry), me)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            other = identity_for_tests("meg")
            room = registry.create(registry.default_options, other.id, other.name)
            await pilot.pause()
            await pilot.press("j")
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)

            def text() -> str:
                return "\n".join(str(w.render()) for w in app.screen.query(Static))

            assert "1-3 move to a seat" in text()
            assert "Seat 3:" in text() and "Seat 4:" not in text()
            await pilot.press("3")
            await pilot.pause()
            assert room.seat_of(me.id) == 2
            await pilot.press("4")
            await pilot.pause()
            assert "there is no seat 4: this table has 3 seats" in text()
            assert room.seat_of(me.id) == 2
            await pilot.press("b")
            await pilot.pause()
            assert [s.kind for s in room.slots] == ["human", "bot", "human"]
    finally:
        await registry.close()
        await asyncio.sleep(0)
