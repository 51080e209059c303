"""A table whose driver fails is never a zombie, through a real server on
loopback and real SSH clients: the driver meets an error that is not the
store's (forced here by making the planning of the table's next step raise,
in this process only), its seated player and a watcher read a sentence in
their languages (nothing of the server's error text), the table is set aside
in the store (kept, logged, never restored at a later start) and it leaves
the lobby, freed from the server's and its maker's table limits."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.server.registry import TableLimits
from shengji_tui.store import Store, db_path
from shengji_tui.table import table as table_module

from .conftest import start_server
from .game_helpers import connect_all, until
from .sshclient import Client
from .test_ssh_faults import bot_table

SECRET = "a bot lost its mind at /srv/secret/path"  # (the server's detail: never shown)


async def test_a_failed_driver_sets_the_table_aside_and_frees_its_limits(
    tmp_path: Path,
    clients: list[Client],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    data = tmp_path / "data"
    server = await start_server(data)
    server.registry.limits = TableLimits(max_tables=1, max_per_client=1)
    boom = {"on": False, "raised": 0}
    real_plan = table_module.plan

    def plan(*args: Any, **kw: Any) -> Any:
        if boom["on"]:
            boom["raised"] += 1
            raise RuntimeError(SECRET)
        return real_plan(*args, **kw)

    monkeypatch.setattr(table_module, "plan", plan)
    try:
        (ann,) = await connect_all(server.port, ["ann"], clients)
        lin = Client("lin")
        clients.append(lin)
        await lin.connect(server.port, env={"LANG": "zh_CN.UTF-8"})
        await lin.wait_for("大厅", 20)
        room = await bot_table(server, ann)
        table = room.table
        assert table is not None
        await lin.press("w")
        await lin.wait_for("旁观中", 20, "the watcher's table screen")
        await until(lambda: table.state.version > 5, what="a few moves")
        boom["on"] = True
        await until(lambda: table.stopped, 20, "the driver to fail")
        # the players are told, each in their language, and nothing of the error's text
        await ann.wait_for(lambda: "This table has stopped" in ann.toasts(), 20, "the toast")
        assert "RuntimeError" in ann.toasts()
        await lin.wait_for(lambda: "这一桌已经停止" in lin.toasts(), 20, "the zh toast")
        for c in (ann, lin):
            assert "secret" not in c.text() and "lost its mind" not in c.text()
        # set aside: out of the lobby, kept in the store, logged
        await until(lambda: room.table_id not in server.registry.rooms, 10, "the release")
        assert server.registry.listing() == []
        store = server.store
        assert store is not None
        assert room.table_id not in store.unfinished()
        assert [tid for tid, _ in store.set_aside_tables()] == [room.table_id]
        assert len(store.load(room.table_id).log) == table.state.version  # (kept whole)
        logged = caplog.text
        assert "the driver stopped" in logged and "set aside" in logged
        assert f"table {room.table_id} stopped" in logged
        # a move is refused with a sentence, and the driver is not restarted
        raised = boom["raised"]
        # leaving: the question says the table stopped; back to the lobby
        await ann.press("q")
        await ann.wait_for("It has stopped", 10)
        await ann.press("y")
        await ann.wait_for("lobby", 20)
        assert boom["raised"] == raised
        # freed from the server's one table and ann's one table: a new one plays
        boom["on"] = False
        again = await bot_table(server, ann)
        assert again.table is not None and again.table_id != room.table_id
        await until(lambda: again.table is not None and again.table.state.version > 3)
    finally:
        boom["on"] = False
        await server.close()
    # a later start does not restore it (nor play it again), and says so
    caplog.clear()
    restarted = await start_server(data)
    try:
        assert room.table_id not in restarted.registry.rooms
        assert any("set aside" in line and room.table_id in line for line in restarted.messages)
    finally:
        await restarted.close()
    with Store(db_path(data)) as store:
        assert room.table_id not in store.unfinished()
        assert store.load(room.table_id).finished_at is None
