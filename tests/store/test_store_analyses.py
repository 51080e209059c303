"""Store schema 6: the deals analysed (the coach). A store of schema 5 (before
analyses) is upgraded when opened and its games still load; an analysis is
kept whole, per deal, seat and method, and goes with its table."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from shengji_tui.engine import DealNext
from shengji_tui.store import SCHEMA_VERSION, Store
from shengji_tui.table import Pacing, Table, TableSettings


def _version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def test_a_schema_5_store_is_upgraded_and_keeps_analyses(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    settings = TableSettings.build("classic", 5, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing())
    with Store(path) as store:
        t = Table(settings, table_id="old", store=store)
        for _ in range(3):
            await t.submit(0, DealNext())
        state = t.state
        await t.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE analyses")
    db.execute("UPDATE meta SET value = '5' WHERE key = 'schema'")
    db.execute("PRAGMA user_version=5")
    db.commit()
    db.close()

    with Store(path) as store:
        assert _version(path) == SCHEMA_VERSION == 6
        assert Table.restore(store, "old").state == state
        assert store.analysis("old", 0, 1, "m") is None and store.analyses("old") == 0
        store.keep_analysis("old", 0, 1, "m", '{"x": 1}')
        store.keep_analysis("old", 0, 1, "m", '{"x": 2}')  # (a newer one replaces it)
        store.keep_analysis("old", 0, 2, "m", '{"x": 3}')
    with Store(path) as store:
        assert store.analysis("old", 0, 1, "m") == '{"x": 2}'
        assert store.analysis("old", 0, 1, "other") is None
        assert store.analyses("old") == 2
        store.delete_table("old")
        assert store.analyses("old") == 0
