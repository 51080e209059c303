"""The store's take-backs: the log goes back, the moves taken back are kept in
`takebacks` (with the deal summaries scored after it removed), in one
transaction; a store of schema 2 gets the table when opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from shengji_tui.engine import DealNext, apply, new_game
from shengji_tui.store import SCHEMA_VERSION, Store, StoreError, command_json, events_json


def fill(store: Store, tid: str, moves: int) -> None:
    state = new_game("classic", 1)
    store.create_table(tid, state.rules, 1, ["a", "b", "c", "d"])
    for _ in range(moves):
        state, events = apply(state, DealNext())
        store.append(tid, state.version, command_json(DealNext()), events_json(events))


def test_a_take_back_keeps_the_moves_it_takes_back(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        fill(store, "t", 10)
        before = store.load("t").log
        tb = store.take_back("t", 6, seat=0)
        assert (tb.n, tb.seat, tb.back_to) == (1, 0, 6)
        assert tb.moves == before[6:]
        assert store.load("t").log == before[:6]
        assert store.takebacks("t") == [tb]
        with pytest.raises(StoreError, match="no move after 6"):
            store.take_back("t", 6, seat=0)
        # the log goes on from move 6
        state = new_game("classic", 1)
        for _ in range(7):
            state, events = apply(state, DealNext())
        store.append("t", 7, command_json(DealNext()), events_json(events))
        assert [e.seq for e in store.load("t").log] == list(range(1, 8))
        assert store.take_back("t", 2, seat=0).n == 2
        store.delete_table("t")
        assert store.takebacks("t") == []


def test_a_store_of_schema_2_gets_take_backs(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with Store(path) as store:
        fill(store, "t", 3)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE takebacks")
    db.execute("DROP TABLE notes")  # (schema 4's)
    db.execute("PRAGMA user_version=2")
    db.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
    db.commit()
    db.close()
    with Store(path) as store:
        assert len(store.load("t").log) == 3
        store.take_back("t", 1, seat=0)
        assert len(store.takebacks("t")) == 1
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
