"""`Store`: every table's settings, seed and ordered command/event log in one
SQLite file (stdlib `sqlite3`, WAL, `synchronous=FULL`).

An `append` that returned is on disk: each one is its own transaction, and with
WAL and `synchronous=FULL` SQLite syncs the WAL at every commit. A process
killed at any point loses only appends that had not returned.

Schema (version 6, kept in `PRAGMA user_version`; `PRAGMA application_id`
marks the file as ours so a foreign SQLite file is refused, not modified):

    meta(key, value)                          -- 'schema', 'created_by'
    tables(table_id, rules_json, seed, names_json, settings_json,
           created_at, finished_at, result_json, deals_kept)
    log(table_id, seq, command_json, events_json)   -- seq = state version after it
    deals(table_id, deal_no, seq, summary_json)     -- a `DealSummary` per scored deal
    takebacks(table_id, n, seat, back_to, moves_json, created_at)
        -- a take-back (solo games): the log went back to move `back_to`; the
        -- moves taken back are kept here, in order, never lost
    notes(table_id, n, seq, kind, note_json, at)    -- what is said beside the game
    players, invites, results, ratings              -- who plays (`schema_players.py`)
    analyses(table_id, deal_no, seat, method, result_json, created_at)
        -- a deal analysed for one seat (`coach.DealAnalysis`), per method

`settings_json` is the table's own record (`table.TableSettings`: seats, bots,
pacing); the store keeps it as given. Version 1 (no `deals`) is upgraded when
opened: its tables have `deals_kept` = 0 until a replay fills their summaries in
(`replay.backfill_deals`, or restoring the table); version 2 gets `takebacks`,
version 3 `notes` (its tables simply have none), version 4 the players'
tables (empty: the players are remembered from their next login on, and the
finished games' results are filled in by `players.record.backfill`), version
5 `analyses`.

A table *set aside* (its driver failed: `set_aside`) keeps `finished_at` NULL
and gets a `result_json` of `{"set_aside": why, "at": time}`: it is neither
finished nor `unfinished()` (nothing restores it or plays it on), and
`set_aside_tables()` lists it; its log stays as it was (`shengji replay`).

`analyses` keeps what the coach made of a seat's decisions in a deal (its
`method`: the analysis's version, budget and horizon), so that analysing
again is instant; each is written whole in one statement, never in part.

`notes` are the table's own record beside the game (`table.notes`: chat, the
turn clock's timeouts, seats in 托管), numbered `n` by the table in the order
said, `seq` the game's move when said. They are no part of the game: a replay
never reads them, and a write of one is not synced with the moves.

Every method may raise `StoreError` with a sentence (a malformed, foreign or
newer file; a gap in a table's log; the disk refusing a write).

The file and its WAL and shared-memory files are 0600, in a directory made
0700 (`files.py`): the seeds and logs are every hand of every game.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules import RuleSet
from .deals import DealSummary
from .files import private_dir, private_file, tighten
from .schema_players import PLAYER_TABLES, PLAYERS_SCHEMA

SCHEMA_VERSION = 6
APPLICATION_ID = 0x53484A54  # "SHJT"
SQLITE_MAGIC = b"SQLite format 3\x00"
DB_NAME = "shengji.db"

# The schema, written once: version 1 and each version's step from the one
# before it. A new store is made by them all in turn, an older one by the steps
# it lacks: both end with the same tables.
_SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (
    table_id TEXT PRIMARY KEY,
    rules_json TEXT NOT NULL,
    seed INTEGER NOT NULL,
    names_json TEXT NOT NULL,
    settings_json TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL,
    finished_at REAL,
    result_json TEXT
);
CREATE TABLE log (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seq INTEGER NOT NULL,
    command_json TEXT NOT NULL,
    events_json TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE INDEX tables_finished ON tables(finished_at);
"""

_UPGRADES: tuple[tuple[int, str], ...] = (
    # 2: the deal summaries
    (
        2,
        """
ALTER TABLE tables ADD COLUMN deals_kept INTEGER NOT NULL DEFAULT 0;
CREATE TABLE deals (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    deal_no INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    summary_json TEXT NOT NULL,
    PRIMARY KEY (table_id, deal_no)
) WITHOUT ROWID;
""",
    ),
    # 3: the take-backs
    (
        3,
        """
CREATE TABLE takebacks (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    back_to INTEGER NOT NULL,
    moves_json TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
""",
    ),
    # 4: the notes beside the game
    (
        4,
        """
CREATE TABLE IF NOT EXISTS notes (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    n INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    note_json TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
""",
    ),
    # 5: the players (invites, settings, results, ratings)
    (5, PLAYERS_SCHEMA),
    # 6: the deals analysed (the coach)
    (
        6,
        """
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    method TEXT NOT NULL,
    result_json TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, deal_no, seat, method)
) WITHOUT ROWID;
""",
    ),
)


def _run_script(db: sqlite3.Connection, script: str) -> None:
    for stmt in script.split(";"):
        if stmt.strip():
            db.execute(stmt)


class StoreError(Exception):
    """The store cannot do what was asked; `str(e)` is a sentence for the user."""


class UnknownTable(StoreError):
    pass


@dataclass(frozen=True)
class LogEntry:
    seq: int  # the state version after this command (1, 2, ...)
    command_json: str
    events_json: str


@dataclass(frozen=True)
class TakeBack:
    """One take-back: `seat` took its move back; the log went back to move
    `back_to` and these moves (after it, in order) were taken back."""

    n: int  # 1, 2, ... per table
    seat: int
    back_to: int
    moves: list[LogEntry]
    created_at: float


@dataclass(frozen=True)
class TableSummary:
    table_id: str
    preset: str  # the ruleset's name
    seed: int
    names: list[str]
    created_at: float
    finished_at: float | None
    result: dict[str, Any] | None
    commands: int
    rules: RuleSet | None = None  # None: damaged
    settings: dict[str, Any] = field(default_factory=dict)
    last_deal: DealSummary | None = None  # the latest scored deal
    deals_kept: bool = True  # False: the summaries are still to be filled in

    @property
    def set_aside(self) -> str | None:
        """Why the table was set aside (its driver failed), or None."""
        if self.finished_at is not None or not isinstance(self.result, dict):
            return None
        why = self.result.get("set_aside")
        return None if why is None else str(why)


@dataclass(frozen=True)
class StoredTable:
    table_id: str
    rules: RuleSet
    seed: int
    names: list[str]
    settings: dict[str, Any]
    created_at: float
    finished_at: float | None
    result: dict[str, Any] | None
    log: list[LogEntry] = field(default_factory=list)
    deals_kept: bool = True  # False: its deal summaries are still to be filled in


def default_data_dir() -> Path:
    """`$SHENGJI_DATA_DIR`, else `~/.local/share/shengji-tui`."""
    env = os.environ.get("SHENGJI_DATA_DIR")
    if env:
        return Path(env).expanduser()
    return Path.home() / ".local" / "share" / "shengji-tui"


def db_path(data_dir: str | Path) -> Path:
    return Path(data_dir) / DB_NAME


class Store:
    """One SQLite file; safe to share between threads (calls are serialised)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._last_seq: dict[str, int] = {}
        self._check_header()
        try:
            private_dir(self.path.parent)
            # SQLite gives the WAL and shared-memory files the database file's mode
            private_file(self.path)
            for extra in ("-wal", "-shm"):
                tighten(self.path.with_name(self.path.name + extra))
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=10.0
            )
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot open the game store {self.path}: {e}") from None
        try:
            self._open()
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise StoreError(
                f"{self.path} is not a readable shengji-tui game store ({e}); "
                "move it away or choose another data directory"
            ) from None
        except StoreError:
            self._db.close()
            raise

    # ------------------------------------------------------------ opening

    def _check_header(self) -> None:
        try:
            with self.path.open("rb") as f:
                head = f.read(len(SQLITE_MAGIC))
        except FileNotFoundError:
            return
        except IsADirectoryError:
            raise StoreError(f"{self.path} is a directory, not a game store file") from None
        except OSError as e:
            raise StoreError(f"cannot read the game store {self.path}: {e}") from None
        if head and head != SQLITE_MAGIC:
            raise StoreError(
                f"{self.path} is not a shengji-tui game store (it is not an SQLite database); "
                "move it away or choose another data directory"
            )

    def _open(self) -> None:
        db = self._db
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id == 0 and version == 0 and objects == 0:
            self._create_schema()
        elif app_id != APPLICATION_ID:
            raise StoreError(
                f"{self.path} is an SQLite database of another program, not a shengji-tui "
                "game store; it was left untouched"
            )
        elif version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer shengji-tui (store schema {version}; "
                f"this version reads schema {SCHEMA_VERSION}): upgrade shengji-tui"
            )
        elif version < 1:
            raise StoreError(f"{self.path} is an incomplete shengji-tui game store")
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"{self.path}: SQLite refused write-ahead logging (mode {mode})")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            self._upgrade()
        have = {"meta", "tables", "log", "deals", "takebacks", "notes", "analyses"}
        missing = {*have, *PLAYER_TABLES} - {
            r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if missing:
            raise StoreError(
                f"{self.path} is a damaged shengji-tui game store "
                f"(missing {', '.join(sorted(missing))})"
            )

    def _create_schema(self) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            _run_script(db, _SCHEMA_1)
            for _, script in _UPGRADES:
                _run_script(db, script)
            db.execute(
                "INSERT INTO meta(key, value) VALUES ('schema', ?), ('created_by', ?)",
                (str(SCHEMA_VERSION), "shengji-tui"),
            )
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _upgrade(self) -> None:
        """Bring a store of an older schema to this version (one transaction; another
        process may be doing the same: the version is read again inside it)."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                for version, script in _UPGRADES:
                    if db.execute("PRAGMA user_version").fetchone()[0] < version:
                        _run_script(db, script)
                        db.execute(f"UPDATE meta SET value = '{version}' WHERE key = 'schema'")
                        db.execute(f"PRAGMA user_version={version}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            raise StoreError(
                f"the game store {self.path} could not be upgraded to schema {SCHEMA_VERSION}: {e}"
            ) from None

    def sql(self, what: str) -> AbstractContextManager[sqlite3.Connection]:
        """The connection, for another module of the store's file (the players'
        tables): calls serialised with the store's own, an SQLite error a
        `StoreError` saying it could not `what`, an open transaction rolled back."""
        return self._guard(what)

    @contextmanager
    def _guard(self, what: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as e:
                self._rollback()
                raise StoreError(f"the game store {self.path} could not {what}: {e}") from None
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------- tables

    def create_table(
        self,
        table_id: str,
        rules: RuleSet,
        seed: int,
        names: list[str],
        settings: dict[str, Any] | None = None,
    ) -> None:
        with self._guard("create a table") as db:
            try:
                db.execute(
                    "INSERT INTO tables(table_id, rules_json, seed, names_json, settings_json,"
                    " created_at, deals_kept) VALUES (?, ?, ?, ?, ?, ?, 1)",
                    (
                        table_id,
                        rules.model_dump_json(),
                        seed,
                        json.dumps(names, ensure_ascii=False),
                        json.dumps(settings or {}, ensure_ascii=False),
                        time.time(),
                    ),
                )
            except sqlite3.IntegrityError:
                raise StoreError(f"there is already a table {table_id!r} in the store") from None
            self._last_seq[table_id] = 0

    def has_table(self, table_id: str) -> bool:
        with self._guard("look up a table") as db:
            row = db.execute("SELECT 1 FROM tables WHERE table_id = ?", (table_id,)).fetchone()
            return row is not None

    def update_settings(self, table_id: str, settings: dict[str, Any]) -> None:
        with self._guard("save a table's settings") as db:
            db.execute(
                "UPDATE tables SET settings_json = ? WHERE table_id = ?",
                (json.dumps(settings, ensure_ascii=False), table_id),
            )

    def append(
        self,
        table_id: str,
        seq: int,
        command_json: str,
        events_json: str,
        *,
        finished: dict[str, Any] | None = None,
        deal: DealSummary | None = None,
    ) -> None:
        """Add one command and its events; on disk when this returns. `seq` must be
        the table's next one (1 for the first command). `finished`: the match
        ended with this command; `deal`: it scored a deal. Both are recorded in
        the same transaction."""
        with self._guard("record a move") as db:
            last = self._last_seq.get(table_id)
            if last is None:
                row = db.execute(
                    "SELECT (SELECT 1 FROM tables WHERE table_id = ?),"
                    " (SELECT max(seq) FROM log WHERE table_id = ?)",
                    (table_id, table_id),
                ).fetchone()
                if row[0] is None:
                    raise UnknownTable(f"there is no table {table_id!r} in the store")
                last = int(row[1] or 0)
            if seq != last + 1:
                raise StoreError(
                    f"table {table_id!r}: move {seq} cannot follow move {last} in the log"
                )
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO log(table_id, seq, command_json, events_json) VALUES (?, ?, ?, ?)",
                (table_id, seq, command_json, events_json),
            )
            if deal is not None:
                db.execute(
                    "INSERT OR REPLACE INTO deals(table_id, deal_no, seq, summary_json)"
                    " VALUES (?, ?, ?, ?)",
                    (table_id, deal.deal_no, seq, deal.model_dump_json()),
                )
            if finished is not None:
                db.execute(
                    "UPDATE tables SET finished_at = ?, result_json = ? WHERE table_id = ?",
                    (time.time(), json.dumps(finished, ensure_ascii=False), table_id),
                )
            db.execute("COMMIT")
            if finished is None:
                self._last_seq[table_id] = seq
            else:  # no move follows the last one: forget the table (a long-lived server)
                self._last_seq.pop(table_id, None)

    def take_back(self, table_id: str, back_to: int, seat: int) -> TakeBack:
        """`seat` takes its moves back: the log goes back to move `back_to` (the
        summaries of deals scored after it go too), and the moves taken back are
        kept in `takebacks` (one transaction). On disk when this returns."""
        with self._guard("record a take-back") as db:
            db.execute("BEGIN IMMEDIATE")
            rows = db.execute(
                "SELECT seq, command_json, events_json FROM log WHERE table_id = ? AND seq > ?"
                " ORDER BY seq",
                (table_id, back_to),
            ).fetchall()
            if not rows:
                db.execute("ROLLBACK")
                raise StoreError(
                    f"table {table_id!r}: there is no move after {back_to} to take back"
                )
            moves = [LogEntry(int(s), str(c), str(e)) for s, c, e in rows]
            n = db.execute(
                "SELECT coalesce(max(n), 0) + 1 FROM takebacks WHERE table_id = ?", (table_id,)
            ).fetchone()[0]
            now = time.time()
            record = json.dumps(
                [{"seq": m.seq, "command": m.command_json, "events": m.events_json} for m in moves],
                ensure_ascii=False,
            )
            db.execute(
                "INSERT INTO takebacks(table_id, n, seat, back_to, moves_json, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, n, seat, back_to, record, now),
            )
            db.execute("DELETE FROM log WHERE table_id = ? AND seq > ?", (table_id, back_to))
            db.execute("DELETE FROM deals WHERE table_id = ? AND seq > ?", (table_id, back_to))
            db.execute("COMMIT")
            self._last_seq[table_id] = back_to
        return TakeBack(int(n), seat, back_to, moves, now)

    def takebacks(self, table_id: str) -> list[TakeBack]:
        """The table's take-backs, in order."""
        with self._guard("read a table's take-backs") as db:
            rows = db.execute(
                "SELECT n, seat, back_to, moves_json, created_at FROM takebacks"
                " WHERE table_id = ? ORDER BY n",
                (table_id,),
            ).fetchall()
        out = []
        for n, seat, back_to, moves_json, created in rows:
            try:
                moves = [
                    LogEntry(int(m["seq"]), str(m["command"]), str(m["events"]))
                    for m in json.loads(moves_json)
                ]
            except (ValueError, KeyError, TypeError) as e:
                raise StoreError(f"table {table_id!r}: take-back {n} is damaged ({e})") from None
            out.append(TakeBack(int(n), int(seat), int(back_to), moves, float(created)))
        return out

    def set_aside(self, table_id: str, reason: str) -> None:
        """Set an unfinished table aside (its driver failed): kept as it is, no
        longer among `unfinished()` (so never restored), among `set_aside_tables()`."""
        record = json.dumps({"set_aside": reason[:500], "at": time.time()}, ensure_ascii=False)
        with self._guard("set a table aside") as db:
            db.execute(
                "UPDATE tables SET result_json = ? WHERE table_id = ? AND finished_at IS NULL",
                (record, table_id),
            )

    def set_aside_tables(self) -> list[tuple[str, str]]:
        """The tables set aside, oldest first: (id, why)."""
        with self._guard("list tables") as db:
            rows = db.execute(
                "SELECT table_id, result_json FROM tables WHERE finished_at IS NULL"
                " AND result_json IS NOT NULL ORDER BY created_at, rowid"
            ).fetchall()
        out = []
        for tid, raw in rows:
            try:
                why = str(json.loads(raw).get("set_aside", ""))
            except (ValueError, AttributeError):
                why = ""
            out.append((str(tid), why))
        return out

    def mark_finished(self, table_id: str, result: dict[str, Any] | None = None) -> None:
        with self._guard("mark a table finished") as db:
            db.execute(
                "UPDATE tables SET finished_at = ?, result_json = ? WHERE table_id = ?",
                (time.time(), json.dumps(result or {}, ensure_ascii=False), table_id),
            )

    def delete_table(self, table_id: str) -> None:
        with self._guard("delete a table") as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM log WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM deals WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM takebacks WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM notes WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM analyses WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM tables WHERE table_id = ?", (table_id,))
            db.execute("COMMIT")
            self._last_seq.pop(table_id, None)

    # ------------------------------------------------------------ reading

    def load(self, table_id: str) -> StoredTable:
        """A table's settings and its whole log, in order (StoreError if it has gaps)."""
        with self._guard("read a table") as db:
            row = db.execute(
                "SELECT rules_json, seed, names_json, settings_json, created_at, finished_at,"
                " result_json, deals_kept FROM tables WHERE table_id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                raise UnknownTable(f"there is no table {table_id!r} in the store")
            rows = db.execute(
                "SELECT seq, command_json, events_json FROM log WHERE table_id = ? ORDER BY seq",
                (table_id,),
            ).fetchall()
        try:
            rules = RuleSet.model_validate_json(row[0])
            names = json.loads(row[2])
            settings = json.loads(row[3])
            result = json.loads(row[6]) if row[6] is not None else None
        except ValueError as e:
            raise StoreError(f"table {table_id!r}: its stored settings are damaged ({e})") from None
        log = [LogEntry(int(s), str(c), str(e)) for s, c, e in rows]
        for k, entry in enumerate(log, start=1):
            if entry.seq != k:
                raise StoreError(
                    f"table {table_id!r}: the log jumps from move {k - 1} to move {entry.seq}"
                )
        with self._lock:
            self._last_seq[table_id] = len(log)
        return StoredTable(
            table_id=table_id,
            rules=rules,
            seed=int(row[1]),
            names=list(names),
            settings=dict(settings),
            created_at=float(row[4]),
            finished_at=None if row[5] is None else float(row[5]),
            result=result,
            log=log,
            deals_kept=bool(row[7]),
        )

    # -------------------------------------------------------------- deals

    def deals(self, table_id: str) -> list[DealSummary]:
        """The summaries of the table's scored deals, in order (see `deals_kept`)."""
        with self._guard("read a table's deals") as db:
            rows = db.execute(
                "SELECT summary_json FROM deals WHERE table_id = ? ORDER BY deal_no",
                (table_id,),
            ).fetchall()
        return [self._deal(table_id, r[0]) for r in rows]

    def _deal(self, table_id: str, text: str) -> DealSummary:
        try:
            return DealSummary.model_validate_json(text)
        except ValidationError as e:
            raise StoreError(
                f"table {table_id!r}: a stored deal summary is damaged ({e})"
            ) from None

    def keep_deals(self, table_id: str, deals: list[DealSummary]) -> None:
        """Make `deals` the table's summaries (every deal it scored) and mark them
        kept: what filling in an older store's summaries ends with."""
        with self._guard("keep a table's deals") as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM deals WHERE table_id = ?", (table_id,))
            db.executemany(
                "INSERT INTO deals(table_id, deal_no, seq, summary_json) VALUES (?, ?, ?, ?)",
                [(table_id, d.deal_no, d.seq, d.model_dump_json()) for d in deals],
            )
            db.execute("UPDATE tables SET deals_kept = 1 WHERE table_id = ?", (table_id,))
            db.execute("COMMIT")

    # -------------------------------------------------------------- notes

    def add_note(
        self, table_id: str, n: int, seq: int, kind: str, note_json: str, at: float
    ) -> None:
        """Keep note number `n` of a table (said at move `seq`)."""
        with self._guard("keep a table note") as db:
            db.execute(
                "INSERT OR REPLACE INTO notes(table_id, n, seq, kind, note_json, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, n, seq, kind, note_json, at),
            )

    def notes(self, table_id: str, last: int = 50) -> list[tuple[int, str]]:
        """The table's last `last` notes as (n, note_json), oldest first."""
        with self._guard("read a table's notes") as db:
            rows = db.execute(
                "SELECT n, note_json FROM notes WHERE table_id = ? ORDER BY n DESC LIMIT ?",
                (table_id, last),
            ).fetchall()
        return [(int(n), str(j)) for n, j in reversed(rows)]

    # ----------------------------------------------------------- analyses

    def keep_analysis(
        self, table_id: str, deal_no: int, seat: int, method: str, result_json: str
    ) -> None:
        """Keep a deal's analysis for one seat (one statement: whole or not at all)."""
        with self._guard("keep an analysis") as db:
            db.execute(
                "INSERT OR REPLACE INTO analyses(table_id, deal_no, seat, method, result_json,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, deal_no, seat, method, result_json, time.time()),
            )

    def analysis(self, table_id: str, deal_no: int, seat: int, method: str) -> str | None:
        """A kept analysis (its JSON), or None."""
        with self._guard("read an analysis") as db:
            row = db.execute(
                "SELECT result_json FROM analyses WHERE table_id = ? AND deal_no = ?"
                " AND seat = ? AND method = ?",
                (table_id, deal_no, seat, method),
            ).fetchone()
        return None if row is None else str(row[0])

    def analyses(self, table_id: str) -> int:
        """How many analyses the store keeps of the table."""
        with self._guard("count analyses") as db:
            row = db.execute(
                "SELECT count(*) FROM analyses WHERE table_id = ?", (table_id,)
            ).fetchone()
        return int(row[0])

    def unfinished(self) -> list[str]:
        """Ids of the tables whose match has not ended (and that are not set
        aside), oldest first."""
        with self._guard("list tables") as db:
            rows = db.execute(
                "SELECT table_id FROM tables WHERE finished_at IS NULL AND result_json IS NULL"
                " ORDER BY created_at, rowid"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def finished(self) -> list[TableSummary]:
        """The finished matches, oldest first."""
        return self._summaries("WHERE t.finished_at IS NOT NULL")

    def tables(self) -> list[TableSummary]:
        """Every table, oldest first."""
        return self._summaries("")

    def _summaries(self, where: str) -> list[TableSummary]:
        with self._guard("list tables") as db:
            rows = db.execute(
                "SELECT t.table_id, t.rules_json, t.seed, t.names_json, t.created_at,"
                " t.finished_at, t.result_json,"
                " (SELECT max(seq) FROM log l WHERE l.table_id = t.table_id),"
                " t.settings_json, t.deals_kept,"
                " (SELECT d.summary_json FROM deals d WHERE d.table_id = t.table_id"
                "  ORDER BY d.deal_no DESC LIMIT 1)"
                f" FROM tables t {where} ORDER BY t.created_at, t.rowid"
            ).fetchall()
        out = []
        for tid, rules_json, seed, names, created, fin, result, n, sj, kept, last in rows:
            rules: RuleSet | None
            try:
                rules = RuleSet.model_validate_json(rules_json)
            except ValueError:
                rules = None
            try:
                preset = str(json.loads(rules_json).get("name", "?"))
                names_l = list(json.loads(names))
                res = json.loads(result) if result is not None else None
                settings = json.loads(sj)
            except (ValueError, AttributeError):
                preset, names_l, res, settings = "?", [], None, {}
            try:
                deal = None if last is None else DealSummary.model_validate_json(last)
            except ValueError:
                deal = None
            out.append(
                TableSummary(
                    table_id=str(tid),
                    preset=preset,
                    seed=int(seed),
                    names=names_l,
                    created_at=float(created),
                    finished_at=None if fin is None else float(fin),
                    result=res,
                    commands=int(n or 0),
                    rules=rules,
                    settings=settings if isinstance(settings, dict) else {},
                    last_deal=deal,
                    deals_kept=bool(kept),
                )
            )
        return out
