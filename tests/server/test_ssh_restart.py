"""SIGKILL the server process mid-trick, start it again: every player who
reconnects is back at the same table, same hand, same trick, and play goes on."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import pytest

from shengji_tui.engine import GameState
from shengji_tui.server.process import free_port
from shengji_tui.store import Store, db_path, replay

from .conftest import ServerProcess
from .game_helpers import NAMES, card_labels, screen_hand, until
from .sshclient import Client

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def read_game(data: Path) -> tuple[GameState | None, dict[str, int]]:
    """The stored game (as another process sees it) and who sits where."""
    lobby = json.loads((data / "lobby.json").read_text())
    rooms = lobby["rooms"]
    if not rooms:
        return None, {}
    room = rooms[0]
    seats = {
        s["identity"].removeprefix("user:"): k for k, s in enumerate(room["slots"]) if s["identity"]
    }
    store = Store(db_path(data))
    try:
        if not store.has_table(room["table_id"]):
            return None, seats
        return replay(store.load(room["table_id"]), check=False).state, seats
    finally:
        store.close()


async def seat_four_remote(cs: list[Client]) -> None:
    first = cs[0]
    await first.press("n")
    await first.wait_for("New table")
    await first.press("enter")
    await first.wait_for("waiting for players")
    for k, c in enumerate(cs[1:], start=1):
        await c.wait_for(f"{k}/4")
        await c.press("j")
        await c.wait_for("waiting for players")
    for c in cs:
        await c.press("r")
    for c in cs:
        await c.wait_for("deal 1", 20)


async def act_remote(data: Path, by_name: dict[str, Client]) -> int:
    state, seats = read_game(data)
    assert state is not None
    seat = state.awaiting()
    name = next(n for n, s in seats.items() if s == seat)
    v0 = state.version
    for _ in range(4):
        await by_name[name].press("s", "enter")
        try:
            await until(lambda: read_game(data)[0].version != v0, 3)
            return seat
        except AssertionError:
            continue
    raise AssertionError(f"{name} could not play:\n{by_name[name].text()}")


async def test_sigkill_mid_trick_and_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    srv = await ServerProcess(data, port, "--open").start()
    clients: list[Client] = []
    try:
        cs = [Client(n) for n in NAMES]
        clients.extend(cs)
        await asyncio.gather(*(c.connect(port) for c in cs))
        await asyncio.gather(*(c.wait_for("lobby") for c in cs))
        await seat_four_remote(cs)
        by_name = {c.name: c for c in cs}
        # deal the rest at once, wait for the kitty and the play
        for _ in range(40):
            st, _ = read_game(data)
            if st is not None and st.phase not in ("dealing",):
                break
            await cs[0].press("f")
            await asyncio.sleep(0.3)
        await until(lambda: read_game(data)[0].phase in ("burying", "playing"), 20)
        if read_game(data)[0].phase == "burying":
            await act_remote(data, by_name)
        await until(lambda: read_game(data)[0].phase == "playing", 10)
        await act_remote(data, by_name)
        await act_remote(data, by_name)
        before, seats = read_game(data)
        assert before is not None and len(before.trick) == 2
        srv.kill()  # SIGKILL mid-trick
        await srv.wait()
        await asyncio.gather(*(asyncio.wait_for(c.closed.wait(), 10) for c in cs))

        srv = await ServerProcess(data, port, "--open").start()
        assert "restored table 1" in srv.banner
        after, seats2 = read_game(data)
        assert after is not None and after.version == before.version and seats2 == seats
        again = [Client(n) for n in NAMES]
        clients.extend(again)
        await asyncio.gather(*(c.connect(port) for c in again))
        from shengji_tui.text import CardText, Catalogue

        ct = CardText(Catalogue("en"))
        for c in again:
            seat = seats[c.name]
            await c.wait_for(
                lambda c=c, seat=seat: screen_hand(c) == card_labels(before.hands[seat]),
                20,
                f"{c.name}'s hand after the restart",
            )
            for p in before.trick:
                for card in p.cards:
                    assert ct.card(card) in c.text()
        by_name = {c.name: c for c in again}
        await act_remote(data, by_name)
        await act_remote(data, by_name)
        done, _ = read_game(data)
        assert done is not None and done.trick_no == before.trick_no + 1
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await srv.stop()
