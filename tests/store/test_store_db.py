"""The SQLite store: round trips, refusals with a sentence, foreign and damaged files."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_tui.rules import RuleSet
from shengji_tui.store import (
    SCHEMA_VERSION,
    Store,
    StoreError,
    UnknownTable,
    db_path,
    default_data_dir,
)

RS = RuleSet.preset("classic")


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "dir" / "s.db"
    with Store(path) as store:
        store.create_table("t1", RS, 7, ["Ana", "Bo", "Cy", "Di"], {"seats": []})
        store.create_table("t2", RS, 8, ["a", "b", "c", "d"])
        store.append("t1", 1, '{"type":"deal_next"}', "[]")
        store.append("t1", 2, '{"type":"deal_next"}', '[{"x":1}]')
        assert store.unfinished() == ["t1", "t2"]
        assert store.finished() == []
        store.append("t2", 1, "{}", "[]", finished={"winners": [0, 2]})
        assert store.unfinished() == ["t1"]
    with Store(path) as store:  # reopened: everything is there
        t1 = store.load("t1")
        assert (t1.seed, t1.names, t1.rules, t1.settings) == (
            7,
            ["Ana", "Bo", "Cy", "Di"],
            RS,
            {"seats": []},
        )
        assert [(e.seq, e.events_json) for e in t1.log] == [(1, "[]"), (2, '[{"x":1}]')]
        done = store.finished()
        assert [d.table_id for d in done] == ["t2"]
        assert done[0].result == {"winners": [0, 2]} and done[0].commands == 1
        assert done[0].preset == "classic"
        store.mark_finished("t1", {"winners": [1, 3]})
        assert store.unfinished() == []
        mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_refusals_are_sentences(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        store.create_table("t", RS, 1, ["a", "b", "c", "d"])
        with pytest.raises(StoreError, match="already a table"):
            store.create_table("t", RS, 1, ["a", "b", "c", "d"])
        with pytest.raises(StoreError, match="cannot follow"):
            store.append("t", 2, "{}", "[]")
        store.append("t", 1, "{}", "[]")
        with pytest.raises(StoreError, match="cannot follow"):
            store.append("t", 1, "{}", "[]")
        with pytest.raises(UnknownTable, match="no table"):
            store.append("nope", 1, "{}", "[]")
        with pytest.raises(UnknownTable):
            store.load("nope")
        assert len(store.load("t").log) == 1


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_text("these are my holiday notes, not a database\n" * 20)
    with pytest.raises(StoreError) as info:
        Store(path)
    assert "not a shengji-tui game store" in str(info.value)
    assert path.read_text().startswith("these are my holiday notes")  # untouched


def test_a_damaged_database(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.create_table("t", RS, 1, ["a", "b", "c", "d"])
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # keep the magic, break the rest
    path.write_bytes(bytes(data))
    for name in ("s.db-wal", "s.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    with pytest.raises(StoreError, match=r"readable shengji-tui game store|not a shengji"):
        Store(path)


def test_another_programs_sqlite_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="another program"):
        Store(path)
    names = [r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")]
    assert names == ["recipes"]


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer shengji-tui"):
        Store(path)


def test_cli_says_a_sentence_for_a_malformed_file(tmp_path: Path) -> None:
    (tmp_path / "shengji.db").write_bytes(b"\x00garbage" * 100)
    out = subprocess.run(
        [sys.executable, "-m", "shengji_tui", "replay", "--list", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 1
    assert "not a shengji-tui game store" in out.stderr
    assert "Traceback" not in out.stderr + out.stdout


def test_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHENGJI_DATA_DIR", str(tmp_path))
    assert default_data_dir() == tmp_path
    monkeypatch.delenv("SHENGJI_DATA_DIR")
    assert default_data_dir().parts[-3:] == (".local", "share", "shengji-tui")
    assert db_path(tmp_path).name == "shengji.db"


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_store_and_its_directory_are_private(tmp_path: Path) -> None:
    """Issue 17 (weak): the store was 0644 in a 0755 directory, so any local user
    could read every seed and log (every hand). A new data directory is 0700 and
    the database, its WAL and its shared-memory files are 0600, whatever the
    umask; an old store with wide modes is tightened when opened."""
    import os

    from shengji_tui.saves import Saves

    old = os.umask(0o022)
    try:
        data = tmp_path / "new" / "data"
        with Store(db_path(data)) as store:
            store.create_table("t1", RS, 7, ["Ana", "Bo", "Cy", "Di"])
            store.append("t1", 1, "{}", "[]")
            files = sorted(p.name for p in data.iterdir())
            assert files == ["shengji.db", "shengji.db-shm", "shengji.db-wal"]
            assert _mode(data) == 0o700
            for name in files:
                assert _mode(data / name) == 0o600, name
        # `shengji play`'s store (and its last-played file) in its own directory
        play = tmp_path / "play"
        saves = Saves.open(play)
        saves.touch("play-x", force=True)
        saves.close()
        assert _mode(play) == 0o700
        modes = {p.name: _mode(p) for p in play.iterdir()}
        assert "play.json" in modes and "shengji.db" in modes
        assert modes == dict.fromkeys(modes, 0o600)
        # a store made by an older version, world-readable: tightened at open
        for p in data.iterdir():
            os.chmod(p, 0o644)
        with Store(db_path(data)):
            pass
        for p in data.iterdir():
            assert _mode(p) == 0o600, p.name
    finally:
        os.umask(old)


def _shape(path: Path) -> dict[str, object]:
    """Each table's columns (name, type, not null, default, key) and indexes."""
    db = sqlite3.connect(path)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        shape: dict[str, object] = {
            name: (
                [tuple(c[1:]) for c in db.execute(f"PRAGMA table_info({name})")],
                sorted(tuple(i[1:]) for i in db.execute(f"PRAGMA index_list({name})")),
            )
            for name in names
        }
        shape["user_version"] = db.execute("PRAGMA user_version").fetchone()[0]
        return shape
    finally:
        db.close()


def test_a_new_store_and_an_upgraded_one_have_the_same_tables(tmp_path: Path) -> None:
    """The schema is written once (version 1 and each step after it): a store
    of schema 1 upgraded and a new one end alike."""
    old = tmp_path / "old" / "shengji.db"
    old.parent.mkdir()
    old.write_bytes(
        (Path(__file__).parents[1] / "fixtures" / "store_v1" / "shengji.db").read_bytes()
    )
    Store(old).close()
    Store(tmp_path / "new.db").close()
    upgraded, new = _shape(old), _shape(tmp_path / "new.db")
    assert upgraded["user_version"] == SCHEMA_VERSION
    assert upgraded == new
    assert {"tables", "log", "deals", "takebacks", "notes", "players", "analyses"} <= set(new)
