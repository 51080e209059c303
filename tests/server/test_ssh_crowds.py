"""Many people at one table, through a real server and real SSH clients: the
watchers of a table share one chat budget (in `--open` every new name is a new
sender), a table takes at most `--max-watchers` spectators, and the lobby's
list follows a table's play (deal, trick) without anyone touching the lobby."""

from __future__ import annotations

import pytest

from shengji_tui.server.lobby import describe_status
from shengji_tui.server.registry import TableLimits
from shengji_tui.server.server import ShengjiServer
from shengji_tui.table.chat import SPECTATORS_COUNT, RateLimit
from shengji_tui.table.notes import ChatNote
from shengji_tui.text import Catalogue

from .conftest import FAST, start_server
from .game_helpers import connect_all, until, watch_table
from .sshclient import Client


async def _server(tmp_path, max_watchers: int, workers: int = 1) -> ShengjiServer:
    return await start_server(
        tmp_path / "data",
        options=FAST.replace(pacing=FAST.pacing.replace(bot_delay=0.3, deal_delay=0.02, grace=0.0)),
        table_limits=TableLimits(max_watchers=max_watchers),
        workers=workers,
    )


async def _bot_table(c: Client, server: ShengjiServer):
    await c.press("n")
    await c.wait_for("New table")
    await c.press("enter")
    await c.wait_for("waiting for players")
    room = server.registry.listing()[-1]
    await c.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    await c.press("r")
    await until(lambda: room.status == "playing", what="the table to play")
    c.drop()  # its player gone: a stand-in plays the seat at once (no grace)
    return room


async def _say(c: Client, text: str) -> None:
    await c.press("c")
    await c.wait_for("Say something to the table")
    c.send(b"\x1b[200~" + text.encode() + b"\x1b[201~")
    await c.press("enter")


@pytest.mark.parametrize("workers", [1, 2], ids=["one", "workers2"])
async def test_watchers_share_a_budget_and_a_table_takes_so_many(
    tmp_path, clients, workers
) -> None:
    server = await _server(tmp_path, max_watchers=SPECTATORS_COUNT + 1, workers=workers)
    try:
        (maker,) = await connect_all(server.port, ["maker"], clients)
        room = await _bot_table(maker, server)
        names = [f"w{k}" for k in range(SPECTATORS_COUNT + 2)]
        crowd = await connect_all(server.port, names, clients)
        for c in crowd[:-1]:
            await c.wait_for("playing")
            await watch_table(c)
        await until(lambda: room.spectators == SPECTATORS_COUNT + 1, what="the watchers")
        # one more is refused, with the sentence, and stays in the lobby
        last = crowd[-1]
        await last.wait_for("playing")
        await last.press("w")
        await last.wait_for("as many as it may", what="the refusal")
        assert room.spectators == SPECTATORS_COUNT + 1
        # every watcher is a new sender, each within its own 4 per 10 s; together
        # they are one voice of SPECTATORS_COUNT per window: one more is told the
        # chat is busy, and not said (the window's length itself, 10 s, is
        # tests/table/test_chat.py's: here an hour, so that however slowly the
        # messages come, they fall in one window)
        table = room.table
        assert table is not None
        table.channel.budget.spectators = RateLimit(SPECTATORS_COUNT, 3600.0)
        said = lambda: [n for n in table.recent_notes() if isinstance(n, ChatNote)]  # noqa: E731
        watchers = crowd[:-1]
        sent = 0
        for k, c in enumerate(watchers):
            await _say(c, f"hello {k}")
            sent += 1
        await until(lambda: any("busy" in c.toasts() for c in watchers), what="the busy sentence")
        assert len(said()) < sent, "every watcher's message was said"
    finally:
        await server.close()


async def test_the_lobby_follows_the_play(tmp_path, clients) -> None:
    server = await _server(tmp_path, max_watchers=16)
    try:
        maker, looker = await connect_all(server.port, ["maker", "looker"], clients)
        room = await _bot_table(maker, server)
        table = room.table
        assert table is not None
        await looker.wait_for("dealing", what="the list at the start")
        # nothing in the registry changes while the bots play: only the table moves
        await until(lambda: table.state.phase != "dealing", 60, "the dealing's end")
        cat = Catalogue("en")
        await looker.wait_for(
            lambda: (
                table.state.phase != "dealing"
                and describe_status(cat, room.view()) in looker.text()
            ),
            10,
            "the list to show the table's phase now",
        )
        assert "dealing" not in describe_status(cat, room.view())
    finally:
        await server.close()
