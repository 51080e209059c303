"""An older data directory under a server that remembers its players: the
store is upgraded with its games intact (the store_v1 fixture's tables come
back; a key redeems an invite on it), and a match that finished before the
players were kept gets its results when the server starts."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import asyncssh

from shengji_tui.players.book import PlayerBook
from shengji_tui.players.results import ratings_of, recorded, stats
from shengji_tui.rules import RuleSet
from shengji_tui.server import AuthPolicy
from shengji_tui.store import SCHEMA_VERSION, Store, db_path
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.table.autoplay import bot_names

from .conftest import start_server
from .game_helpers import until
from .test_ssh_invites import connect_key, new_code, type_code

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "store_v1"


def version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def test_a_store_of_schema_1_keeps_its_games_under_invites(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    for name in ("shengji.db", "lobby.json", "play.json"):
        shutil.copy(FIXTURE / name, data / name)
    before = Store(db_path(data))  # (the upgrade; what it holds, read back)
    tables = {t.table_id: t.commands for t in before.tables()}
    before.close()
    server = await start_server(data, auth=AuthPolicy(invites=True))
    try:
        assert version(db_path(data)) == SCHEMA_VERSION
        restored = sorted(r.table_id for r in server.registry.listing())
        assert len(restored) == 2 and all(tid in tables for tid in restored)
        key = asyncssh.generate_private_key("ssh-ed25519")
        c = await connect_key(server.port, "ann2", key)
        try:
            await type_code(c, new_code(data))
            await c.wait_for("you are ann2", 15)
            await c.wait_for("One deck", 10)  # the restored tables in the list
        finally:
            await c.close()
    finally:
        await server.close()
    after = Store(db_path(data))
    try:
        # no game lost a move (the restored ones played on only while served)
        assert {t.table_id for t in after.tables()} == set(tables)
        assert all(t.commands >= tables[t.table_id] for t in after.tables())
        assert PlayerBook(after).by_name("ann2") is not None
    finally:
        after.close()


async def test_a_match_finished_before_the_players_were_kept_is_recorded(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    store = Store(db_path(data))
    rules = RuleSet.preset("one-deck")
    levels = rules.levels[-2:]
    rules = rules.model_copy(update={"levels": levels, "must_play": []})
    names = ["ann", *bot_names(4)[1:]]
    record = {
        "table_id": "t1-0000abcd",
        "seed": 17,
        "players": 4,
        "slots": [
            {"kind": "human", "name": "ann", "identity": "key:SHA256:ann"},
            *({"kind": "bot", "name": n, "level": "random"} for n in names[1:]),
        ],
    }
    settings = TableSettings.build(
        rules,
        17,
        names=names,
        bots=bot_specs(17, range(4), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    ).replace(meta={"lobby": record})
    t = Table(settings, table_id="t1-0000abcd", store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    store.close()
    # back to schema 4: no players' tables
    db = sqlite3.connect(db_path(data))
    for name in ("players", "invites", "results", "ratings"):
        db.execute(f"DROP TABLE {name}")
    db.execute("PRAGMA user_version=4")
    db.commit()
    db.close()
    server = await start_server(data, auth=AuthPolicy(invites=True))
    try:
        store = Store(db_path(data))
        await until(lambda: recorded(store, "t1-0000abcd"), 20, "the old match's results")
        [mine] = stats(store, "key:SHA256:ann")
        assert (mine.preset, mine.matches) == ("one-deck", 1)
        assert ratings_of(store, "key:SHA256:ann")["partners"].matches == 1
        store.close()
    finally:
        await server.close()


async def test_a_player_removed_while_the_server_was_down_loses_their_seat(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    server = await start_server(data, auth=AuthPolicy(invites=True))
    try:
        assert server.players is not None
        book = server.players.book
        book.arrive("key:SHA256:max", "max", "keys")
        reg = server.registry
        room = reg.create(TableSettings(rules="classic", seed=3), "key:SHA256:max", "max")
        reg.add_bots(room, "random")
        reg.set_ready(room, "key:SHA256:max", True)
        assert room.status == "playing"
        tid = room.table_id
    finally:
        await server.close()
    with Store(db_path(data)) as store:
        PlayerBook(store).remove("max")
    server = await start_server(data, auth=AuthPolicy(invites=True))
    try:
        room = server.registry.room(tid)
        await until(lambda: room.slots[0].kind == "bot", 10, "max's seat to go to a bot")
        assert server.registry.find_seat("key:SHA256:max") is None
    finally:
        await server.close()
