"""The turn clock and 托管 through real SSH clients: a player who does not move
sees the clock count down, gets the stand-in bot's move when it runs out, and
after two timeouts in a row the bot plays the seat (托管) until a key takes it
back; the other player sees all of it (the clock, the seat panel's mark, the
log)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shengji_tui.table import AutoNote, Note, Pacing, TableSettings, TimeoutNote, TurnClock

from .conftest import out, start_server
from .game_helpers import seat_four, seat_of, skip_dealing, until
from .sshclient import Client

CLOCK = TurnClock(seconds=4, single=4, bury=6, limit=2)
OPTIONS = TableSettings(
    pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0, declare_window=1.0, turn_clock=CLOCK)
)


@pytest.mark.slow(19)
@pytest.mark.parametrize("workers", [1, 2], ids=["one", "workers2"])
async def test_a_player_who_does_not_move_times_out_then_goes_on_auto_and_takes_it_back(
    tmp_path: Path, clients: list[Client], workers: int
) -> None:
    server = await start_server(tmp_path / "data", options=OPTIONS, workers=workers)
    try:
        # wide enough for the log beside the table (every note is in it), not for
        # the card counter (from 120 columns)
        ann, bob = Client("ann", (112, 40)), Client("bob", (112, 40))
        clients.extend((ann, bob))
        for c in (ann, bob):
            await c.connect(server.port)
            await c.wait_for("lobby")
        room = await seat_four(server, [ann, bob], bots=True)
        table = room.table
        assert table is not None
        assert table.settings.pacing.turn_clock == CLOCK
        a, b = seat_of(room, "ann"), seat_of(room, "bob")
        notes: list[Note] = []
        table.listen(notes.append)
        await skip_dealing(room, ann)

        def timeouts(seat: int) -> list[TimeoutNote]:
            return [n for n in notes if isinstance(n, TimeoutNote) and n.seat == seat]

        # ann's clock counts down on her screen, and on bob's with her name
        await until(lambda: table.clock is not None and table.clock.seat == a, 60, "ann's clock")
        await ann.wait_for(lambda: re.search(r"your move: \d+ s", ann.text()) is not None)
        await bob.wait_for(lambda: re.search(r"ann: \d+ s", bob.text()) is not None)
        first = int(re.search(r"your move: (\d+) s", ann.text()).group(1))  # type: ignore[union-attr]
        await ann.wait_for(
            lambda: (
                (m := re.search(r"your move: (\d+) s", ann.text())) is not None
                and int(m.group(1)) < first
            ),
            10,
            "the clock to count down",
        )
        # nobody presses anything: the stand-in moves for her, twice, then 托管
        await until(lambda: len(timeouts(a)) >= 1, 30, "ann's first timeout")
        await ann.wait_for("You ran out of time", 10)
        await bob.wait_for("ann ran out of time", 10)
        await until(lambda: a in table.on_auto, 60, "ann in 托管")
        assert [n.timeouts for n in timeouts(a)][:2] == [1, 2]
        await ann.wait_for("any key takes your seat back", 10)
        await bob.wait_for(
            lambda: any("ann" in ln and "[auto]" in ln for ln in bob.lines()),
            10,
            "ann's seat panel marked 托管 on bob's screen",
        )
        out("ann on_auto at move", table.state.version)
        # the bot plays her seat: her turns pass without her clock
        plays_before = table.state.version
        await until(
            lambda: table.state.version > plays_before + 4 or table.state.phase == "scoring",
            60,
            "托管 to play on",
        )
        assert len(timeouts(a)) == 2
        # a key: the seat is hers again (the key does nothing else)
        version = table.state.version
        await ann.press("x")
        await until(lambda: a not in table.on_auto, 10, "ann takes her seat back")
        off = [n for n in notes if isinstance(n, AutoNote) and n.seat == a and not n.on]
        assert off
        await ann.wait_for(lambda: "any key takes your seat back" not in ann.text(), 10)
        await bob.wait_for("ann is back from auto-play", 10)
        assert table.state.version >= version
        # her next decision waits on her clock again
        if table.state.phase != "scoring":
            await until(
                lambda: (
                    (table.clock is not None and table.clock.seat == a)
                    or table.state.phase == "scoring"
                ),
                60,
                "ann's turn again",
            )
            if table.clock is not None and table.clock.seat == a:
                await ann.wait_for(lambda: re.search(r"your move: \d+ s", ann.text()) is not None)
        assert b in table.on_auto or timeouts(b), "bob did not move either"
    finally:
        await server.close()
