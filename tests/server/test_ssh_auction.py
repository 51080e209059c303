"""The auction presets over SSH, through real clients: a table of each preset
made from the new-table dialog by keys; a human bids (and names trump, buries)
by keys; a spectator sees every call and the shown kitty, never a hand; the
server SIGKILLed in the middle of an auction comes back with the same calls,
and the human whose call it is bids."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from shengji_tui import rules
from shengji_tui.engine import SUPPORTED
from shengji_tui.server import ShengjiServer
from shengji_tui.server.lobby import game_name
from shengji_tui.server.process import free_port
from shengji_tui.server.registry import Room
from shengji_tui.text import Catalogue

from .conftest import ServerProcess
from .game_helpers import screen_hand, skip_dealing, until, watch_table
from .sshclient import Client
from .test_ssh_restart import read_game


async def new_table(c: Client, preset: str) -> None:
    """The new-table dialog by keys: from the Create button back over the turn
    clock's two rows, the card counter, the stand-in and the grace to the
    preset's select, its list (enter, down to the preset, enter), forward to
    Create (enter)."""
    await c.press("n")
    await c.wait_for("New table")
    await c.settle()
    await c.press(*["shift+tab"] * 6, "enter")
    await c.settle()
    await c.press(*["down"] * SUPPORTED.index(preset), "enter")
    name = game_name(Catalogue("en"), preset)  # (the dialog names the preset in words)
    await c.wait_for(
        lambda: any("Preset" in ln and f" {name} " in ln for ln in c.lines()),
        10,
        f"{preset} chosen",
    )
    await c.press(*["tab"] * 6, "enter")
    await c.wait_for("waiting for players")


async def bot_table(server: ShengjiServer, c: Client, preset: str, players: int) -> Room:
    await new_table(c, preset)
    room = next(r for r in server.registry.listing() if r.seat_of("user:" + c.name) is not None)
    assert room.preset == preset and room.players == players
    await c.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    await c.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    return room


async def test_a_human_bids_over_ssh_and_a_spectator_sees_the_calls(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """Three players: ann bids with a digit when her call comes (the shown
    kitty on her screen), names trump and buries if she wins; eve watches."""
    ann = Client("ann")
    clients.append(ann)
    await ann.connect(server.port)
    await ann.wait_for("lobby")
    room = await bot_table(server, ann, "three-player", 3)
    table = room.table
    assert table is not None
    seat = room.seat_of("user:ann")
    assert seat is not None
    await skip_dealing(room, ann)
    await until(lambda: table.state.phase != "dealing", 20, "the auction")
    # eve watches: the calls and the shown kitty, no hand
    eve = Client("eve")
    clients.append(eve)
    await eve.connect(server.port)
    await eve.wait_for("playing")
    await watch_table(eve)
    bid_made = False
    for _ in range(200):
        st = table.state
        if st.phase not in ("bidding", "naming_trump", "burying", "overturning"):
            break
        if st.awaiting() != seat:
            await asyncio.sleep(0.05)
            continue
        v0 = st.version
        if st.phase == "bidding":
            await ann.wait_for("Your call", 10)
            assert "Kitty shown:" in ann.text()
            if not bid_made:
                want = rules.bid_options(st.rules, st.auction, seat)[1]  # the digit 2
                await ann.press("2")
                await until(lambda v0=v0: table.state.version != v0, 10, "ann's bid")
                calls = table.state.auction.calls  # type: ignore[union-attr]
                assert calls[-1].seat == seat and calls[-1].points == want
                bid_made = True
                await eve.wait_for(f"ann {want}", 10, "the bid on the spectator's screen")
                # the auction's panel, as the players have it: the calls, the shown kitty
                assert "Calls:" in eve.text() and "Kitty shown:" in eve.text(), eve.text()
                continue
            await ann.press("p")
        elif st.phase == "naming_trump":
            await ann.wait_for("Name trump", 10)
            await ann.press("enter")
        elif st.phase == "burying":
            await ann.press("s", "enter")
        else:
            await ann.press("p")
        await until(lambda v0=v0: table.state.version != v0, 10, f"ann's {st.phase} move")
    assert bid_made
    assert not screen_hand(eve)


pytestmark_kill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@pytestmark_kill
async def test_sigkill_mid_auction_and_restart(tmp_path: Path) -> None:
    """Eighty points, ann and three bots: the server is killed while the auction
    waits for ann's call; started again, ann's screen shows the same calls and
    her call, and she bids by keys."""
    data = tmp_path / "data"
    port = free_port()
    srv = await ServerProcess(data, port, "--open").start()
    clients: list[Client] = []
    try:
        ann = Client("ann")
        clients.append(ann)
        await ann.connect(port)
        await ann.wait_for("lobby")
        await new_table(ann, "eighty-points")
        await ann.press("b")
        await ann.wait_for(lambda: ann.text().count("(bot, ") == 3, 10, "three bots")
        await ann.press("r")
        await ann.wait_for("deal 1", 20)
        for _ in range(40):
            st, _ = read_game(data)
            if st is not None and st.phase != "dealing":
                break
            await ann.press("f")
            await asyncio.sleep(0.3)
        await until(lambda: read_game(data)[0].phase == "bidding", 20, "the auction")
        state, seats = read_game(data)
        assert state is not None
        seat = seats["ann"]
        await until(lambda: read_game(data)[0].awaiting() == seat, 20, "ann's call")
        await ann.wait_for("Your call", 10)
        v0 = read_game(data)[0].version
        await ann.press("right", "enter")  # the second value up
        await until(lambda: read_game(data)[0].version != v0, 10, "ann's bid")
        # the bots call round: the game waits for ann again (her call, or naming
        # trump: at once when the others had all passed, one move after hers)
        await until(
            lambda: read_game(data)[0].version > v0 and read_game(data)[0].awaiting() == seat,
            60,  # (three bots' calls, each after its delay, on a busy machine)
            "ann's turn again",
        )
        before, _ = read_game(data)
        assert before is not None and before.phase in ("bidding", "naming_trump")
        srv.kill()  # SIGKILL in the middle of the auction
        await srv.wait()
        await asyncio.wait_for(ann.closed.wait(), 10)

        srv = await ServerProcess(data, port, "--open").start()
        assert "restored table 1" in srv.banner
        after, _ = read_game(data)
        assert after is not None and after.version == before.version
        assert after.auction == before.auction and after.phase == before.phase
        again = Client("ann")
        clients.append(again)
        await again.connect(port)
        assert before.auction is not None
        ours = [c.points for c in before.auction.calls if c.seat == seat]
        if before.phase == "bidding":
            await again.wait_for("Your call", 20)
            assert f"You {ours[-1]}" in again.text() or "You pass" in again.text()
            await again.press("p")
        else:
            await again.wait_for("Name trump", 20)
            await again.press("enter")
        await until(lambda: read_game(data)[0].version != before.version, 10, "ann's move")
        done, _ = read_game(data)
        assert done is not None
        if before.phase == "bidding":
            assert done.auction is not None
            assert done.auction.calls[len(before.auction.calls)] == rules.AuctionCall(seat=seat)
        else:
            assert done.trump_set and done.phase == "burying"
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        await srv.stop()
