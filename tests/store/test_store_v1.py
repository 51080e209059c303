"""A data directory written by the code before typed settings (store schema 1,
`tests/fixtures/store_v1/`, made by its `make_store_v1.py`) loads and resumes:
the games of `shengji play`, the SSH server's tables and `shengji autoplay`'s
come back with the same bots (level, seed, name), which make the same moves as
the bots they were; the saved-games list reads deal summaries filled in from
the old logs; a bot of a level this version lacks is a sentence, not a bot.
After a change of the bots' play made on purpose, `continuations.json`'s moves
are recorded again by `tests/fixtures/store_v1/rerecord.py`."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.engine import apply, parse_command
from shengji_tui.saves import Saves
from shengji_tui.server.registry import Registry
from shengji_tui.store import SCHEMA_VERSION, Store, command_json, db_path, replay
from shengji_tui.table import SettingsError, Table, plan
from shengji_tui.table.autoplay import autoplay
from shengji_tui.text import Catalogue
from shengji_tui.tui.contract import GameOptions

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store_v1"
RECORD: dict[str, Any] = json.loads((FIXTURE / "continuations.json").read_text())
PLAY = sorted(t for t in RECORD if t.startswith("play-"))
SERVER = sorted(t for t in RECORD if t.startswith("t"))
AUTO = next(t for t in RECORD if t.startswith("auto-"))


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the fixture's data directory (opening a store upgrades it)."""
    out = tmp_path / "data"
    out.mkdir(mode=0o700)
    for name in ("shengji.db", "lobby.json", "play.json"):
        shutil.copy(FIXTURE / name, out / name)
    return out


def _version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


def _same_bots(table: Table, tid: str) -> None:
    """The table's bots are the ones the fixture recorded: class, level, seed, name."""
    want = RECORD[tid]["bots"]
    seated = {s: table.bot_at(s) for s in range(table.rules.players)}
    assert sorted(str(s) for s, b in seated.items() if b is not None) == sorted(want), tid
    for seat, rec in want.items():
        s = int(seat)
        bot, spec = seated[s], table.settings.seats[s].bot
        assert bot is not None and spec is not None
        assert type(bot).__name__ == rec["class"], (tid, s)
        assert (spec.level, spec.seed, spec.name) == (rec["level"], rec["seed"], rec["name"])
        assert (getattr(bot, "seed", None), bot.name) == (rec["seed"], rec["name"])


def _same_moves(table: Table, tid: str) -> int:
    """The restored bots make the moves the fixture's bots would have made next
    (the humans' recorded moves in between). Returns how many were compared."""
    rec = RECORD[tid]
    state = table.state
    assert state.version == rec["version"], tid
    bots = {s: b for s in range(table.rules.players) if (b := table.bot_at(s)) is not None}
    for want in rec["commands"]:
        if want["by"] == "human":
            cmd = parse_command(json.dumps(want["command"]))
        else:
            step = plan(state, bots, all_bots=rec["all_bots"])
            assert step is not None, (tid, state.version)
            cmd = step.command
            got = json.loads(command_json(cmd))
            assert (step.kind, step.seat, got) == (want["by"], want["seat"], want["command"]), (
                f"{tid}: move {state.version + 1}"
            )
        state, _ = apply(state, cmd)
    return len(rec["commands"])


def test_the_fixture_is_of_schema_1() -> None:
    assert _version(FIXTURE / "shengji.db") == 1 and SCHEMA_VERSION >= 5
    assert len(PLAY) == 3 and len(SERVER) == 2
    levels = {b["level"] for rec in RECORD.values() for b in rec["bots"].values()}
    assert levels == {"random", "easy", "normal", "hard"}
    assert sum(len(rec["commands"]) for rec in RECORD.values()) > 800


def test_the_saved_games_of_shengji_play_are_listed_and_resume(data: Path) -> None:
    saves = Saves.open(data)
    try:
        assert _version(db_path(data)) == SCHEMA_VERSION  # upgraded when opened
        assert {s.table_id: s.deals_kept for s in saves.store.tables()} == dict.fromkeys(
            RECORD, False
        )
        games = {g.table_id: g for g in saves.games()}
        assert sorted(games) == PLAY
        # levels and deal numbers from the deal summaries, filled in by one replay
        by_bots = {g.bots: g for g in games.values()}
        assert sorted(by_bots) == ["hard", "normal", "random"]
        one_deck = by_bots["random"]
        assert (one_deck.preset, one_deck.deal, one_deck.levels) == ("one-deck", 3, ("4", "5"))
        assert (by_bots["normal"].deal, by_bots["normal"].levels) == (1, ("2", "2"))
        assert by_bots["hard"].humans == (0, 2)
        for tid in PLAY:
            stored = saves.store.load(tid)
            assert stored.deals_kept
            assert saves.store.deals(tid) == replay(stored).deals
        assert len(saves.store.deals(one_deck.table_id)) == 2

        cat = Catalogue("en")
        for tid in PLAY:
            table, humans, names = saves.restore(tid, GameOptions(bot_delay=0), cat)
            assert humans == RECORD[tid]["humans"]
            assert names == (["You"] if len(humans) == 1 else ["Player 1", "Player 2"])
            assert all(table.seats[s].kind == "human" for s in humans)
            _same_bots(table, tid)
            assert _same_moves(table, tid) > 30
            # the settings are kept in the new form, with the new pacing
            again = saves.store.load(tid).settings
            assert again["version"] == 2 and again["pacing"]["bot_delay"] == 0
    finally:
        saves.close()


async def _stored_moves(store: Store, table: Table, tid: str, count: int) -> None:
    """The table, running, stores the moves the fixture says come next."""
    rec = RECORD[tid]
    start = rec["version"]
    deadline = asyncio.get_running_loop().time() + 120
    while table.state.version < start + count:
        assert asyncio.get_running_loop().time() < deadline, f"{tid} stalled"
        await asyncio.sleep(0.02)
    log = store.load(tid).log[start : start + count]
    assert [json.loads(e.command_json) for e in log] == [
        c["command"] for c in rec["commands"][:count]
    ]


async def test_the_servers_tables_come_back_as_they_were(data: Path) -> None:
    store = Store(db_path(data))
    reg = Registry(store, data)
    said = reg.load()  # the tables' drivers start at the next await
    try:
        assert sorted(reg.rooms) == SERVER, said
        ann, bob = (reg.rooms[t] for t in SERVER)
        # the lobby's record: who held which seat, the table options
        assert [s.kind for s in ann.slots] == ["human", "bot", "bot", "bot"]
        assert ann.slots[0].identity == "user:ann" and ann.creator == "user:ann"
        assert [s.level for s in ann.slots[1:]] == ["random", "easy", "normal"]
        assert (ann.settings.pacing.grace, ann.settings.stand_in) == (0.0, "hard")
        assert (bob.settings.pacing.grace, bob.settings.stand_in) == (600.0, "normal")
        # the table's own settings now keep them too (version 1 kept them in the record)
        for room in (ann, bob):
            assert room.table is not None and room.settings == room.table.settings.replace(meta={})
            kept = store.load(room.table_id).settings
            assert kept["version"] == 2 and kept["stand_in"] == room.settings.stand_in
        assert [s.level for s in bob.slots] == ["normal", "easy", "easy", "easy"]
        for room in (ann, bob):
            assert room.table is not None
            assert room.settings.rules == room.table.rules and room.seed == room.table.seed
            _same_bots(room.table, room.table_id)
            assert _same_moves(room.table, room.table_id) > 70
        # the stand-ins play for ann (away) and bob (gone), as before the restart
        assert ann.table is not None and bob.table is not None
        assert ann.table.settings.seats[0].stand_in_for == "ann"
        assert ann.table.seats[0].name == "ann" and not ann.table.seats[0].connected
        assert bob.table.settings.seats[0].stand_in_for == "bob"
        # and the tables play on by themselves, storing those very moves
        await _stored_moves(store, ann.table, ann.table_id, 40)
        await _stored_moves(store, bob.table, bob.table_id, 120)
    finally:
        await reg.close()
        store.close()


async def test_autoplays_table_comes_back(data: Path) -> None:
    store = Store(db_path(data))
    table = Table.restore(store, AUTO)
    try:
        _same_bots(table, AUTO)
        assert _same_moves(table, AUTO) == 200
        assert table.settings.pacing.bot_delay == 0.0
        await table.start()
        await _stored_moves(store, table, AUTO, 200)
        assert store.load(AUTO).deals_kept
        assert store.deals(AUTO) == replay(store.load(AUTO)).deals  # kept as it plays
    finally:
        await table.close()
        store.close()


def _set_bot(path: Path, tid: str, seat: int, bot: dict[str, Any]) -> None:
    with sqlite3.connect(path) as db:
        (text,) = db.execute(
            "SELECT settings_json FROM tables WHERE table_id = ?", (tid,)
        ).fetchone()
        settings = json.loads(text)
        settings["seats"][seat]["bot"] = bot
        db.execute(
            "UPDATE tables SET settings_json = ? WHERE table_id = ?", (json.dumps(settings), tid)
        )


UNKNOWN = (
    "the bot at seat 3 is of level 'grandmaster', which this version of shengji-tui does not have"
)


async def test_a_bot_of_an_unknown_level_is_a_sentence(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play, server = PLAY[0], SERVER[1]
    path = db_path(data)
    _set_bot(path, play, 2, {"type": "level", "level": "grandmaster", "seed": 1, "name": "X"})
    _set_bot(path, server, 2, {"type": "grandmaster", "seed": 1, "name": "X"})

    # shengji play: not listed, and resuming it says why
    saves = Saves.open(data)
    try:
        assert play not in [g.table_id for g in saves.games()]
        assert saves.resolve(play) == play
        with pytest.raises(SettingsError, match=UNKNOWN):
            saves.restore(play, GameOptions(), Catalogue("en"))
    finally:
        saves.close()

    # the server: that table is set aside with the sentence, the other one plays
    store = Store(path)
    reg = Registry(store, data)
    said = reg.load()
    try:
        assert sorted(reg.rooms) == [SERVER[0]]
        [line] = [s for s in said if server in s]
        assert f"table {server} cannot be restored" in line and UNKNOWN in line
        assert "set aside" in line
    finally:
        await reg.close()

    # autoplay: the same sentence for one of its own tables, left as it is (exit
    # status 1); the humans' games (play, server) are not autoplay's to resume
    store.close()
    _set_bot(path, AUTO, 2, {"type": "grandmaster", "seed": 1, "name": "X"})
    store = Store(path)
    before = {tid: store.load(tid).log for tid in [AUTO, *PLAY, *SERVER]}
    store.close()
    assert await autoplay(data, "one-deck", 1, 1, 0.0, 0.0) == 1
    out = capsys.readouterr().out
    assert f"table {AUTO} cannot be resumed" in out and UNKNOWN in out
    left = len(PLAY) + len(SERVER)
    assert f"left {left} unfinished games of shengji play or the SSH server as they are" in out
    with Store(path) as store:
        for tid, log in before.items():
            assert store.load(tid).log == log, tid
