"""Store schema 3: the notes beside a game (chat, the clock's timeouts, 托管).
A store of schema 2 (before notes) is upgraded when opened and its games still
load and replay; a note of a kind this version does not know is skipped."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from shengji_tui.engine import DealNext
from shengji_tui.store import SCHEMA_VERSION, Store
from shengji_tui.store.db import APPLICATION_ID
from shengji_tui.table import ChatNote, Pacing, Table, TableSettings
from shengji_tui.table.notes import parse_note

# the schema of version 2, as the code before notes created it
SCHEMA_2 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (
    table_id TEXT PRIMARY KEY, rules_json TEXT NOT NULL, seed INTEGER NOT NULL,
    names_json TEXT NOT NULL, settings_json TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL, finished_at REAL, result_json TEXT,
    deals_kept INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE log (
    table_id TEXT NOT NULL REFERENCES tables(table_id), seq INTEGER NOT NULL,
    command_json TEXT NOT NULL, events_json TEXT NOT NULL, PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE INDEX tables_finished ON tables(finished_at);
CREATE TABLE deals (
    table_id TEXT NOT NULL REFERENCES tables(table_id), deal_no INTEGER NOT NULL,
    seq INTEGER NOT NULL, summary_json TEXT NOT NULL, PRIMARY KEY (table_id, deal_no)
) WITHOUT ROWID;
"""


def _version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def test_a_schema_2_store_is_upgraded_and_its_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    # a game written into a schema-3 store, then the file made schema 2 as the
    # code before wrote it (the same rows, no notes table)
    settings = TableSettings.build("classic", 5, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing())
    with Store(path) as store:
        t = Table(settings, table_id="old", store=store)
        for _ in range(6):
            await t.submit(0, DealNext())
        state = t.state
        await t.close()
    rows = {}
    with sqlite3.connect(path) as db:
        for name in ("tables", "log", "deals"):
            rows[name] = db.execute(f"SELECT * FROM {name}").fetchall()
    path.unlink()
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_2)
    db.execute("INSERT INTO meta VALUES ('schema', '2'), ('created_by', 'shengji-tui')")
    for name, rs in rows.items():
        for r in rs:
            db.execute(f"INSERT INTO {name} VALUES ({', '.join('?' * len(r))})", r)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()
    assert _version(path) == 2

    with Store(path) as store:
        assert _version(path) == SCHEMA_VERSION == 3
        assert store.notes("old") == []
        back = Table.restore(store, "old")
        assert back.state == state and back.recent_notes() == []
        note = back.say(0, "Ana", "still here")
        await back.submit(0, DealNext())
        await back.close()
    with Store(path) as store:
        kept = store.notes("old")
        assert [parse_note(j) for _, j in kept] == [note]
        again = Table.restore(store, "old")
        assert again.recent_notes() == [note] and again.state.version == state.version + 1
        store.delete_table("old")
        assert store.notes("old") == []


def test_a_note_of_an_unknown_kind_is_skipped(tmp_path: Path) -> None:
    settings = TableSettings.build("classic", 5, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing())
    with Store(tmp_path / "s.db") as store:
        t = Table(settings, table_id="t", store=store)
        store.add_note("t", 1, 0, "sticker", '{"kind": "sticker", "id": 7}', 0.0)
        store.add_note("t", 2, 0, "chat", "{not json", 0.0)
        good = ChatNote(seat=1, name="Bo", text="ok", version=0, at=1.0)
        store.add_note("t", 3, 0, "chat", good.model_dump_json(), 1.0)
        back = Table.restore(store, t.table_id)
        assert back.recent_notes() == [good]
