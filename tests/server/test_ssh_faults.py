"""Issue 17, the lobby's, the store's and the table's faults, each through a real
server on loopback and real SSH clients: a damaged or missing lobby.json, a
table whose log cannot be replayed, a full disk under the table's own moves, a
spectator's screen, look-alike names, how many tables one client may start,
and a lobby save that fails."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.engine import DealNext
from shengji_tui.server import ShengjiServer
from shengji_tui.server.names import name_key
from shengji_tui.server.process import free_port
from shengji_tui.server.registry import Room, TableLimits
from shengji_tui.store import Store, StoreError, db_path
from shengji_tui.table import Table, TableSettings

from .conftest import ServerProcess, start_server
from .game_helpers import card_counts, connect_all, until, watch_table
from .sshclient import Client


async def bot_table(server: ShengjiServer, c: Client) -> Room:
    """`c` makes a table, fills it with bots and presses ready: it plays, `c` at it."""
    await c.press("n")
    await c.wait_for("New table")
    await c.press("enter")
    await c.wait_for("waiting for players")
    room = next(r for r in server.registry.listing() if r.seat_of("user:" + c.name) is not None)
    await c.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    await c.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    return room


async def leave_to_bots(c: Client) -> None:
    """`c` leaves its table (a bot takes the seat at once) for the lobby."""
    await c.wait_for("cards", 20)
    await c.press("q")
    await c.wait_for("A bot plays your seat until you sit down again", 10)
    await c.press("y")
    await c.wait_for("lobby", 20)


# ------------------------------------------------------------ lobby.json


async def make_playing_table(data: Path, clients: list[Client]) -> str:
    """A server whose one table plays (ann and three bots), then stopped as
    `shengji serve` stops; returns the table's id."""
    server = await start_server(data)
    try:
        (ann,) = await connect_all(server.port, ["ann"], clients)
        room = await bot_table(server, ann)
        table = room.table
        assert table is not None
        await until(lambda: table.state.version > 3, what="a few moves")
        await ann.close()
        clients.remove(ann)
        return room.table_id
    finally:
        await server.close()


DAMAGE: dict[str, Any] = {
    "missing": None,
    "empty": b"",
    "half-written": lambda raw: raw[: len(raw) // 2],
    "garbage": b"\x00\xff\xfe not json at all",
    "a list": b"[]",
    "rooms null": b'{"version": 1, "number": 1, "rooms": null}',
    "grace abc": lambda raw: _edit_entry(raw, lambda e: e["options"].update(grace="abc")),
    "unknown field": lambda raw: _edit_entry(raw, lambda e: e["options"].update(colour="blue")),
}


def _edit_entry(raw: bytes, change: Any) -> bytes:
    data = json.loads(raw)
    change(data["rooms"][0])
    return json.dumps(data).encode()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A data directory whose one table plays, its server stopped (made once for
    the module: each damage below is done to a copy)."""
    data = tmp_path_factory.mktemp("played") / "data"
    made: list[Client] = []

    async def make() -> str:
        try:
            return await make_playing_table(data, made)
        finally:
            for c in made:
                await c.close()

    return data, asyncio.run(make())


@pytest.mark.parametrize("damage", list(DAMAGE))
async def test_a_damaged_lobby_file_orphans_no_game(
    tmp_path: Path,
    clients: list[Client],
    damage: str,
    caplog: pytest.LogCaptureFixture,
    played: tuple[Path, str],
) -> None:
    """Broken 3: a missing, empty, half-written, garbage or wrongly typed lobby.json
    (or one entry with a field this version does not know) used to start the server
    with no tables (or a traceback) while the store held the game. Now the table is
    rebuilt from the store, the damaged file is kept aside and the log says so, and
    its player reconnects to the same seat."""
    data = tmp_path / "data"
    shutil.copytree(played[0], data)
    tid = played[1]
    lobby = data / "lobby.json"
    raw = lobby.read_bytes()
    how = DAMAGE[damage]
    if how is None:
        lobby.unlink()
    else:
        lobby.write_bytes(how(raw) if callable(how) else how)
    caplog.set_level(logging.INFO, "shengji_tui")
    server = await start_server(data)
    try:
        rooms = server.registry.listing()
        assert [r.table_id for r in rooms] == [tid], server.messages
        room = rooms[0]
        assert room.seat_of("user:ann") == 0 and room.status == "playing"
        assert any(f"restored table 1 ({tid}" in m for m in server.messages)
        warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        aside = sorted(p.name for p in data.glob("lobby.json.damaged-*"))
        if damage == "missing":
            assert aside == [] and any("no lobby file" in w for w in warnings), warnings
        else:
            assert len(aside) == 1, aside
            assert (data / aside[0]).read_bytes() == (how(raw) if callable(how) else how)
            assert any("kept aside as " + aside[0] in w for w in warnings), warnings
        # lobby.json is whole again, and the player is back at the same seat
        again = json.loads(lobby.read_text())
        assert [r["table_id"] for r in again["rooms"]] == [tid]
        ann = Client("ann")
        clients.append(ann)
        await ann.connect(server.port)
        await until(lambda: room.connected(0), 20, "ann back at her seat")
        await ann.wait_for("Deal", 20)
    finally:
        await server.close()


async def test_a_table_that_cannot_be_replayed_is_set_aside(tmp_path: Path) -> None:
    """Broken 3: one table whose log cannot be replayed is set aside with a log line;
    the server starts (no traceback, exit status 0 at SIGTERM) and serves the others.
    A real `shengji serve` process, its log in --log-file (0600 in a 0700 data
    directory, lobby.json 0600)."""
    data = tmp_path / "data"
    clients: list[Client] = []
    good = await make_playing_table(data, clients)
    # a second server table, whose log is then damaged
    store = Store(db_path(data))
    bad = "t7-0123abcd"
    settings = TableSettings.build("classic", 5, names=["bob", "Ana", "Bo", "Cy"])
    t = Table(settings, table_id=bad, store=store)
    for k in range(3):
        await t.submit(k % 4, DealNext())
    await t.close()
    store.close()
    with sqlite3.connect(db_path(data)) as db:
        db.execute(
            'UPDATE log SET command_json = \'{"type": "no such command"}\' '
            "WHERE table_id = ? AND seq = 2",
            (bad,),
        )
    (data / "lobby.json").write_bytes(b"[]")
    log_file = tmp_path / "server.log"
    port = free_port()
    srv = await ServerProcess(data, port, "--open", "--log-file", str(log_file)).start()
    try:
        assert f"restored table 1 ({good}" in srv.banner
        assert f"table {bad} cannot be replayed" in srv.banner
        ann = Client("ann")
        clients.append(ann)
        await ann.connect(port)
        await ann.wait_for("Deal", 20)
    finally:
        for c in clients:
            await c.close()
        await srv.stop()
    text = log_file.read_text()
    assert srv.proc is not None and srv.proc.returncode == 0, text[-4000:]
    assert "Traceback" not in text, text
    assert f"table {bad} cannot be replayed" in text and "set aside" in text
    assert "kept aside as lobby.json.damaged-" in text
    assert os.stat(log_file).st_mode & 0o777 == 0o600
    assert os.stat(data).st_mode & 0o777 == 0o700
    for name in ("lobby.json", "shengji.db"):
        assert os.stat(data / name).st_mode & 0o777 == 0o600, name
    # the damaged table is still in the store, untouched
    with Store(db_path(data)) as store:
        assert bad in store.unfinished()


async def test_a_log_file_inside_a_new_data_directory(tmp_path: Path) -> None:
    """`--log-file` inside a `--data-dir` that does not exist yet: both made
    (0700, the log 0600), the server starts and logs (it used to stop at once:
    "cannot write the log file")."""
    data = tmp_path / "new" / "data"
    log_file = data / "logs" / "server.log"
    port = free_port()
    srv = await ServerProcess(data, port, "--open", "--log-file", str(log_file)).start()
    try:
        ann = Client("ann")
        await ann.connect(port)
        await ann.wait_for("lobby", 20)
        await ann.close()
    finally:
        await srv.stop()
    assert srv.proc is not None and srv.proc.returncode == 0
    assert log_file.read_text()
    assert os.stat(log_file).st_mode & 0o777 == 0o600
    assert os.stat(log_file.parent).st_mode & 0o777 == 0o700
    assert os.stat(data).st_mode & 0o777 == 0o700


# ------------------------------------------------------------ disk full


async def test_a_full_disk_under_the_bots_moves_is_told_and_ridden_out(
    tmp_path: Path, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Broken 4: a write that fails while the table deals or a bot plays used to
    stop the table's driver for good, silently. Now the seated player reads a
    sentence, the table tries again by itself, and plays on once space is freed."""
    server = await start_server(tmp_path / "data")
    full = {"on": True, "refused": 0}
    try:
        store = server.store
        assert store is not None
        real = store.append

        def append(*args: Any, **kw: Any) -> None:
            if full["on"]:
                full["refused"] += 1
                raise StoreError(
                    f"the game store {store.path} could not record a move: database or disk is full"
                )
            real(*args, **kw)

        monkeypatch.setattr(store, "append", append)
        (ann,) = await connect_all(server.port, ["ann"], clients)
        room = await bot_table(server, ann)
        table = room.table
        assert table is not None
        await until(lambda: full["refused"] >= 2, 20, "the table to try to deal")
        await ann.wait_for(lambda: "cannot save the game" in ann.toasts(), 20, "the toast")
        assert "disk is full" in ann.toasts()
        assert str(store.path) not in ann.text()  # no path of the server's shown
        assert table.state.version == 0
        full["on"] = False  # space is freed
        await until(lambda: table.state.version > 10, 30, "the table to deal again")
        await ann.wait_for(lambda: "saved again" in ann.toasts(), 20, "saved again")
        assert "cannot save" not in ann.text()
    finally:
        full["on"] = False  # (a failed check above must not leave the close retrying for good)
        await server.close()


# ------------------------------------------------------------ watching


async def test_a_spectator_sees_the_table_play(tmp_path: Path, clients: list[Client]) -> None:
    """Broken 5: a spectator's screen stayed on its first frame (the table's callback
    posted to the app of whoever made the move). Now it follows the game."""
    server = await start_server(tmp_path / "data")
    try:
        ann, eve = await connect_all(server.port, ["ann", "eve"], clients)
        room = await bot_table(server, ann)
        await leave_to_bots(ann)  # four bots now: the table plays by itself
        table = room.table
        assert table is not None
        await eve.wait_for("playing")
        await watch_table(eve)
        await until(lambda: len(card_counts(eve)) == 4, 10, "the seats")
        first = card_counts(eve)
        v0 = table.state.version
        await until(lambda: table.state.version > v0 + 8, 30, "the table to play on")
        await eve.wait_for(lambda: card_counts(eve) != first, 20, "the spectator's screen to move")
        # and it shows the table as it is now, not as it was
        v = table.view(None)
        await eve.wait_for(
            lambda: f"deal {v.deal_no + 1}" in eve.text() or table.view(None).deal_no != v.deal_no,
            20,
        )
    finally:
        await server.close()


# ------------------------------------------------------------ names


async def test_look_alike_names_are_made_unique_at_a_table(
    tmp_path: Path, clients: list[Client]
) -> None:
    """Issue 17 (weak): four "alice"s sat at one table (another key, `alice` with a
    zero-width space, a Cyrillic і, capitals). Now each name there reads
    differently: the later ones get a suffix."""
    server = await start_server(tmp_path / "data")
    try:
        names = ["alice", "alice\u200b", "al\u0456ce", "ALICE"]
        cs = []
        for name in names:  # one after another: the server names them in that order
            cs += await connect_all(server.port, [name], clients)
        first = cs[0]
        await first.press("n")
        await first.wait_for("New table")
        await first.press("enter")
        await first.wait_for("waiting for players")
        room = server.registry.listing()[-1]
        for k, c in enumerate(cs[1:], start=1):
            await c.wait_for(f"{k}/4")
            await c.press("j")
            await c.wait_for("waiting for players")
        shown = [s.name for s in room.slots]
        assert len({name_key(n) for n in shown}) == 4, shown
        assert shown[0] == "alice" and shown[1:] == ["alice (2)", "al\u0456ce (3)", "ALICE (4)"]
        for c in cs:
            await c.wait_for("alice (2)", 10)
    finally:
        await server.close()


# ------------------------------------------------------------ table limits


@pytest.mark.parametrize("workers", [1, 2], ids=["one", "workers2"])
async def test_one_client_cannot_start_bot_tables_without_end(
    tmp_path: Path, clients: list[Client], workers: int
) -> None:
    """Issue 17 (weak): with --open one client started 12 self-playing bot tables in
    46 s (a new user name for each: a new identity). Now a client (its identity or
    its address) may have `max_per_client` unfinished tables of its making and the
    server `max_tables`; past either, a sentence and no table."""
    server = await start_server(tmp_path / "data", workers=workers)
    server.registry.limits = TableLimits(max_tables=0, max_per_client=2)
    try:
        a1, a2, a3 = await connect_all(server.port, ["a1", "a2", "a3"], clients)
        for c in (a1, a2):  # each makes a table, leaves it to the bots
            await bot_table(server, c)
            await leave_to_bots(c)
        assert all(r.origin == "127.0.0.1" for r in server.registry.listing())
        await a3.press("n")
        await a3.wait_for("you may have 2 tables of your making at once", 10)
        assert "New table" not in a3.text()
        assert len(server.registry.listing()) == 2
        # the server's own cap, whoever asks
        server.registry.limits = TableLimits(max_tables=2, max_per_client=0)
        await a3.press("n")
        await a3.wait_for("the server holds 2 tables", 10)
        assert len(server.registry.listing()) == 2
        server.registry.limits = TableLimits(max_tables=3, max_per_client=0)
        await bot_table(server, a3)
        assert len(server.registry.listing()) == 3
    finally:
        await server.close()


# ------------------------------------------------------------ a failed save


async def test_a_failed_lobby_save_is_told_to_the_tables_maker(
    tmp_path: Path, clients: list[Client]
) -> None:
    """Issue 17 (weak): a lobby.json that could not be written was only logged. Now
    the player who made the table reads it on their screen."""
    server = await start_server(tmp_path / "data")
    try:
        (ann,) = await connect_all(server.port, ["ann"], clients)
        server.registry.data_dir = tmp_path / "gone" / "away"  # every write fails
        await ann.press("n")
        await ann.wait_for("New table")
        await ann.press("enter")
        await ann.wait_for("waiting for players")
        await ann.wait_for("could not record your table", 10)
        assert server.registry.save_error
    finally:
        await server.close()
