"""Store schema 4: the notes beside a game (chat, the clock's timeouts, 托管).
A store of schema 3 (before notes) is upgraded when opened and its games still
load and replay (tests/store/test_store_v1.py opens one of schema 1); a note of
a kind this version does not know is skipped."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from shengji_tui.engine import DealNext
from shengji_tui.store import SCHEMA_VERSION, Store
from shengji_tui.table import ChatNote, Pacing, Table, TableSettings
from shengji_tui.table.notes import parse_note


def _version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def test_a_schema_3_store_is_upgraded_and_its_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    # a game written by this version, then the file made schema 3 as the code
    # before wrote it (the same tables but `notes`)
    settings = TableSettings.build("classic", 5, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing())
    with Store(path) as store:
        t = Table(settings, table_id="old", store=store)
        for _ in range(6):
            await t.submit(0, DealNext())
        state = t.state
        await t.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE notes")
    db.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()
    assert _version(path) == 3

    with Store(path) as store:
        assert _version(path) == SCHEMA_VERSION
        assert store.notes("old") == []
        back = Table.restore(store, "old")
        assert back.state == state and back.recent_notes() == []
        note = await back.say(0, "Ana", "still here")
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
