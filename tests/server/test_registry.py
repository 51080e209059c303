"""The lobby's registry without SSH: finished tables leave it (and memory),
names are compared as people read them, a failed save is told to the table's
maker, lobby.json is replaced atomically."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import tracemalloc
import weakref
from pathlib import Path
from typing import Any

from shengji_tui.rules import RuleSet
from shengji_tui.server.names import name_key, unique_name, visible
from shengji_tui.server.registry import Registry
from shengji_tui.store import Store, db_path
from shengji_tui.table import Pacing, Table, TableSettings

from .conftest import out
from .game_helpers import until

QUICK = TableSettings(rules="one-deck", pacing=Pacing(bot_delay=0.0, deal_delay=0.0, grace=0.0))
# matches of one level (a deal or two)
SHORT = QUICK.replace(rules=RuleSet.preset("one-deck").model_copy(update={"levels": ["A"]}))


async def _play_bot_tables(reg: Registry, first: int, count: int) -> list[weakref.ref[Any]]:
    """`count` tables made, filled with bots and left by their makers: they play
    to the end by themselves. Returns weak references to their tables."""
    refs = []
    for k in range(first, first + count):
        who = f"user:p{k}"
        room = reg.create(reg.default_options, who, f"p{k}")
        reg.add_bots(room, "random")
        reg.set_ready(room, who, True)
        assert room.table is not None
        refs.append(weakref.ref(room.table))
        reg.leave(who)  # a bot takes the seat: four bots

    def ended() -> bool:
        tables = [r() for r in refs]
        return all(t is None or t.finished for t in tables)

    await until(ended, 180, "the tables to finish")
    with contextlib.suppress(AssertionError):  # the registry hears of each end
        await until(lambda: not reg.rooms and not reg._end_waits, 10)
    return refs


async def test_finished_tables_leave_the_registry_and_memory() -> None:
    """Issue 17 (weak): finished tables stayed in `rooms` (and their watcher tasks)
    for the server's life. Now a finished table is released: after twelve matches
    the registry holds nothing, the tables are garbage, and the memory they took
    is back (traced allocations grow by less than one table's worth). Twelve, not
    more: tracing every allocation slows the play some threefold."""
    reg = Registry(None, None, default_options=SHORT)
    reg.limits.max_tables = 0
    reg.limits.max_per_client = 0
    await _play_bot_tables(reg, 0, 4)  # warm up (caches, imports)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        refs = await _play_bot_tables(reg, 4, 12)
        await asyncio.sleep(0)
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    assert reg.rooms == {} and reg._end_waits == {} and reg.listing() == []
    assert all(r() is None for r in refs), "a finished table is still referenced"
    # The rules' bounded caches (trump contexts, lru_cache of 512, each memo cleared
    # past 4096 entries) fill as games are played: not the registry's to release.
    rules_caches = tracemalloc.Filter(False, "*/shengji_tui/rules/*")
    diff = after.filter_traces([rules_caches]).compare_to(
        before.filter_traces([rules_caches]), "filename"
    )
    grown = sum(s.size_diff for s in diff)
    # one live table (state, views, bots) is well over 100 KB; 12 kept would be MBs
    assert grown < 256 * 1024, f"{grown} bytes more after 12 finished tables"
    out(f"12 finished tables: registry empty, {grown} bytes traced growth")
    await reg.close()


def test_names_compare_as_people_read_them() -> None:
    same = ["alice", "ALICE", "alice\u200b", "al\u0456ce", "ａｌｉｃｅ", "a\u0301lice", " alice "]
    assert {name_key(n) for n in same} == {"alice"}
    assert name_key("\u0391\u039d\u039d") == name_key("ANN")  # Greek capitals
    assert name_key("b\u043e\u0431") != name_key("bob")  # б is no Latin letter
    assert name_key("ann\u2800") == "ann" and name_key("a\u3164nn") == "ann"
    assert name_key("Ana") != name_key("Ann")
    assert visible("alice\u200b\u200e") == "alice"
    taken: list[str] = []
    for n in ["alice", "alice\u200b", "al\u0456ce", "ALICE", "bob"]:
        taken.append(unique_name(n, taken))
    assert taken == ["alice", "alice (2)", "al\u0456ce (3)", "ALICE (4)", "bob"]
    assert unique_name("alice (2)", ["alice", "alice (2)"]) == "alice (2) (2)"


async def test_bots_do_not_take_a_players_name() -> None:
    reg = Registry(None, None)
    room = reg.create(TableSettings(), "user:ana", "\u0430na")  # Cyrillic а
    reg.add_bots(room, "random")
    names = [s.name for s in room.slots]
    assert len({name_key(n) for n in names}) == 4 and "Ana" not in names
    await reg.close()


async def test_a_session_moves_with_its_seat() -> None:
    """Moving seats in a waiting room left the session filed under the old seat:
    the next player to sit there was taken for the mover's newer session and
    the mover's session was closed ("connected again from elsewhere")."""
    reg = Registry(None, None)
    routes = Routes()
    reg.routes = routes
    room = reg.create(TableSettings(rules="six-player"), "user:ann", "ann")
    reg.attach(room, 0, "s-ann")
    seat = reg.sit(room, None, "user:bob", "bob")
    reg.attach(room, seat, "s-bob")
    assert reg.sit(room, 5, "user:bob", "bob") == 5
    assert room.holders[5] == "s-bob" and 1 not in room.holders
    seat = reg.sit(room, None, "user:cat", "cat")
    assert seat == 1
    reg.attach(room, seat, "s-cat")
    assert not routes.kicked
    await reg.close()


class Routes:
    """The sessions the registry reaches, by id (`lobbyapi.SessionRoutes`)."""

    def __init__(self, here: tuple[str, ...] = ()) -> None:
        self.here = set(here)
        self.kicked: list[tuple[str, str]] = []
        self.told: list[tuple[str, str, dict[str, object]]] = []

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        self.kicked.append((session_id, reason))

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        if session_id not in self.here:
            return False
        self.told.append((session_id, key, fields))
        return True


async def test_sessions_are_known_by_id_and_reached_by_routed_messages() -> None:
    """The registry holds no session: a seat's session is an id, told to go or
    shown a notice through the server's routes."""
    reg = Registry(None, None)
    routes = Routes(here=("s1", "s2"))
    reg.routes = routes
    room = reg.create(TableSettings(), "user:ann", "ann")
    reg.attach(room, 0, "s1")
    assert room.holders == {0: "s1"} and room.view().slots[0].here
    reg.attach(room, 0, "s1")  # (the same session again: nobody goes)
    assert routes.kicked == []
    reg.attach(room, 0, "s2")  # ann connected again: the older session goes
    assert routes.kicked == [("s1", "elsewhere")] and room.holders == {0: "s2"}
    assert reg.tell("user:ann", "lobby_save_failed", error="disk full")
    assert routes.told == [("s2", "lobby_save_failed", {"error": "disk full"})]
    assert not reg.tell("user:bob", "lobby_save_failed", error="x")  # (nowhere to be told)
    reg.detach(room, 0, "s1")  # (not the seat's session: nothing)
    assert room.holders == {0: "s2"}
    reg.detach(room, 0, "s2")  # the waiting room's seat goes with its session
    assert reg.listing() == []
    await reg.close()


async def test_a_failed_save_is_told_to_the_maker_once(tmp_path: Path) -> None:
    """A lobby.json that cannot be written: the table's maker is told (once while
    saving fails), and again after saving worked and failed anew."""
    data = tmp_path / "data"
    data.mkdir()
    reg = Registry(None, data)
    heard: list[tuple[str, dict[str, object]]] = []
    reg.subscribe_notices("user:ann", lambda key, fields: heard.append((key, fields)))
    reg.data_dir = tmp_path / "missing"
    room = reg.create(TableSettings(), "user:ann", "ann")
    reg.sit(room, 2, "user:ann", "ann")
    assert [k for k, _ in heard] == ["lobby_save_failed"]
    assert heard[0][1]["error"]
    reg.data_dir = data
    reg.sit(room, 1, "user:ann", "ann")
    assert reg.save_error is None and json.loads((data / "lobby.json").read_text())["rooms"]
    reg.data_dir = tmp_path / "missing"
    reg.sit(room, 3, "user:ann", "ann")
    assert len(heard) == 2
    await reg.close()


async def test_lobby_json_is_replaced_atomically_and_private(tmp_path: Path) -> None:
    """The old file stays whole when the new one cannot be written, no temporary
    file is left behind, and the file is 0600."""
    data = tmp_path / "data"
    data.mkdir()
    reg = Registry(None, data)
    room = reg.create(TableSettings(), "user:ann", "ann")
    path = data / "lobby.json"
    good = path.read_bytes()
    assert os.stat(path).st_mode & 0o777 == 0o600

    def broken_write(fd: int, data: Any) -> int:
        raise OSError(28, "No space left on device")

    real = os.write
    os.write = broken_write  # type: ignore[assignment]
    try:
        reg.sit(room, 1, "user:ann", "ann")
    finally:
        os.write = real
    assert reg.save_error == "No space left on device"
    assert path.read_bytes() == good
    assert sorted(p.name for p in data.iterdir()) == ["lobby.json"]
    await reg.close()


async def test_a_store_table_of_another_command_is_left_alone(tmp_path: Path) -> None:
    """The store of `shengji play` and `autoplay` may be the server's: their
    tables are not the lobby's and are not restored as lobby tables."""
    data = tmp_path / "data"
    store = Store(db_path(data))
    settings = TableSettings.build("classic", 1, names=["me", "", "", ""])
    t = Table(settings, table_id="play-0123456789", store=store)
    await t.close()
    reg = Registry(store, data)
    said = reg.load()
    assert reg.rooms == {} and not any("play-0123456789" in s for s in said)
    await reg.close()
    store.close()


async def test_a_benchmarks_tables_are_dealt_from_its_seed() -> None:
    """`serve --bench-seed N` (`shengji bench ssh`): the n-th table made has seed
    N + n, so that two runs play the same cards; a table's own seed stays; and
    without it each table has a seed of its own."""
    reg = Registry(None, None, seed_base=1000)
    seeds = [reg.create(TableSettings(), f"user:p{k}", f"p{k}").settings.seed for k in range(3)]
    assert seeds == [1001, 1002, 1003]
    own = reg.create(TableSettings(seed=7), "user:q", "q")
    assert own.settings.seed == 7
    await reg.close()
    top = Registry(None, None, seed_base=2**31 - 1)  # (the highest `--bench-seed`)
    assert top.create(TableSettings(), "user:r", "r").settings.seed == 0
    await top.close()
    plain = Registry(None, None)
    a = plain.create(TableSettings(), "user:a", "a").settings.seed
    b = plain.create(TableSettings(), "user:b", "b").settings.seed
    assert a is not None and b is not None and a != b
    await plain.close()
