"""The host link in one process: a `Host` (the house: registry, tables, store)
served on a unix socket, front ends' `HostClient`s with their proxies.

- The proxy keeps the table's contract: the same commands give the same
  views and events through the link as at a table in this process.
- Sessions of two front ends play one table.
- What crosses for a seat is that seat's own: no other hand, no kitty but its
  own, no seed, in any frame a front end receives.
- Refusals cross as what they are (a `WrongSeat` names whose turn it is, a
  `LobbyError` keeps its key, a `ChatRefused` its sentences).
"""

from __future__ import annotations

import asyncio
import gc
import json
import shutil
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from pydantic import TypeAdapter

from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    CardDealt,
    Event,
    KittyBuried,
    KittyTaken,
    Play,
    SeatView,
    WrongSeat,
)
from shengji_tui.server import proxies
from shengji_tui.server.auth import AuthPolicy
from shengji_tui.server.authguard import FailureLog
from shengji_tui.server.gcpolicy import YOUNG_THRESHOLD
from shengji_tui.server.host import Host
from shengji_tui.server.house import House
from shengji_tui.server.limits import Limits
from shengji_tui.server.lobbyapi import LobbyError
from shengji_tui.server.proxies import HostClient, LobbyProxy, TableProxy
from shengji_tui.server.server import ServerConfig, ShengjiServer
from shengji_tui.table import (
    ChatRefused,
    Pacing,
    Table,
    TableSettings,
    TableStatus,
    TakeBackRefused,
)

from .game_helpers import until
from .sshclient import Client

FAST = TableSettings(
    rules="one-deck",
    seed=17,
    pacing=Pacing(bot_delay=0.0, deal_delay=0.0, declare_window=0.05, grace=60.0),
)
NAMES = ("ann", "bob", "cat", "dan")


class Routes:
    """A front end's sessions, as the host reaches them (none kicked here)."""

    def __init__(self) -> None:
        self.kicked: list[tuple[str, str]] = []
        self.lost = 0

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        self.kicked.append((session_id, reason))

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        return False

    def kick_identity(self, identity: str, reason: str) -> None:
        pass

    def host_lost(self) -> None:
        self.lost += 1


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    sock_dir = Path(tempfile.mkdtemp(prefix="sj-"))  # (a unix socket's path is short)
    house = House(tmp_path / "data", table_options=FAST)
    (tmp_path / "data").mkdir()
    h = Host(house, sock_dir / "host.sock", FailureLog(10, 0.0, 0.0))
    await h.start()
    try:
        yield h
    finally:
        await h.close()
        shutil.rmtree(sock_dir, ignore_errors=True)


async def front(host: Host, name: str) -> tuple[HostClient, LobbyProxy, list[dict[str, Any]]]:
    """A front end linked to `host`, with every frame it receives kept."""
    client = HostClient(host.path, name, Routes())
    lobby = LobbyProxy(client)
    await client.start(timeout=10)
    received: list[dict[str, Any]] = []
    link = client.link
    assert link is not None
    original = link._dispatch

    def spy(msg: dict[str, Any]) -> None:
        received.append(json.loads(json.dumps(msg)))  # (as it came, before any handler)
        original(msg)

    link._dispatch = spy  # type: ignore[method-assign]
    return client, lobby, received


async def four_humans(lobby: LobbyProxy, sessions: list[tuple[LobbyProxy, str]]) -> str:
    """A table of four players (one session each, `sessions[k]` at seat k): made,
    filled, ready, started; its table id."""
    ann = lobby
    room = await ann.create(FAST, "user:ann", "ann")
    for k, name in enumerate(NAMES):
        who, sid = sessions[k]
        if k:
            assert await who.sit(room.table_id, k, "user:" + name, name) == k
        await who.attach(room.table_id, k, sid)
    for k, name in enumerate(NAMES):
        who, _ = sessions[k]
        await who.set_ready(room.table_id, "user:" + name, True)
    await until(lambda: lobby.room(room.table_id).status == "playing", 10, "the start")
    return room.table_id


Recorded = list[tuple[int, dict[str, Any], list[dict[str, Any]]]]


def recorder(seen: Recorded, seat: int) -> Callable[[SeatView, list[Event], TableStatus], None]:
    def cb(view: SeatView, events: list[Event], status: TableStatus) -> None:
        seen.append((seat, view.model_dump(), [e.model_dump() for e in events]))

    return cb


async def play_out(tables: dict[int, Any], moves: int) -> None:
    """Each awaited seat moves as a seeded random bot decides from its own view
    (the view its table hands out), `moves` times."""
    bots = {s: RandomBot(seed=100 + s) for s in tables}
    for _ in range(moves):
        await until(
            lambda: (
                any(tables[s].view(s).awaiting == s for s in tables)
                or tables[0].view(0).phase in ("scoring", "finished")
            ),
            10,
            "a seat to be awaited",
        )
        waiting = [s for s in tables if tables[s].view(s).awaiting == s]
        if not waiting:
            return
        s = waiting[0]
        await tables[s].submit(s, bots[s].decide(tables[s].view(s)))


async def test_the_proxy_gives_the_views_and_events_of_the_table_itself(host: Host) -> None:
    client, lobby, _ = await front(host, "f1")
    sessions = [(lobby, f"f1/{k}") for k in range(4)]
    table_id = await four_humans(lobby, sessions)
    # the same table, in this process: the same settings, the same seed
    real = host.house.registry.rooms[table_id].table
    assert real is not None
    twin = Table(real.settings.replace(meta={}))
    proxied = {s: await lobby.open_table(table_id, s, f"f1/{s}") for s in range(4)}
    assert all(isinstance(t, TableProxy) for t in proxied.values())
    via: Recorded = []
    here: Recorded = []
    for s in range(4):
        proxied[s].subscribe(s, recorder(via, s))
        twin.subscribe(s, recorder(here, s))
    await twin.start()
    # both deal and close the declarations by themselves; then each seat moves
    await until(lambda: proxied[0].view(0).phase not in ("dealing", "declaring"), 10, "dealt")
    await until(lambda: twin.view(0).phase not in ("dealing", "declaring"), 10, "twin dealt")
    await play_out(proxied, 40)
    await play_out({s: twin for s in range(4)}, 40)
    await until(lambda: len(here) >= len(via) > 60, 10, "the updates")
    # (the proxies subscribed once the table dealt a few cards: from there on)
    first = via[0][1]["version"]
    twin_from = [h for h in here if h[1]["version"] >= first]
    assert via == twin_from[: len(via)]
    for s in range(4):
        assert proxied[s].view(s) == twin.view(s)
        assert proxied[s].status().seats == twin.status().seats
    await twin.close()
    for t in proxied.values():
        t.release()
    await client.close()


async def test_two_front_ends_play_one_table(host: Host) -> None:
    one, lobby1, _ = await front(host, "f1")
    two, lobby2, _ = await front(host, "f2")
    sessions = [(lobby1, "f1/1"), (lobby2, "f2/1"), (lobby1, "f1/2"), (lobby2, "f2/2")]
    table_id = await four_humans(lobby1, sessions)
    tables = {
        s: await lobby.open_table(table_id, s, sid) for s, (lobby, sid) in enumerate(sessions)
    }
    heard: dict[int, list[int]] = {s: [] for s in tables}
    for s, t in tables.items():
        t.subscribe(s, lambda view, events, status, s=s: heard[s].append(view.version))
    await until(lambda: tables[0].view(0).phase == "burying", 10, "the bury")
    await play_out(tables, 12)
    # every seat, on either front end, saw every move the others made
    last = max(t.view(s).version for s, t in tables.items())
    await until(lambda: all(h and h[-1] == last for h in heard.values()), 10, "every seat")
    assert tables[1].view(1).trick_no == tables[2].view(2).trick_no >= 1
    # a session speaks for its own seat only
    with pytest.raises(LobbyError):
        await lobby2.open_table(table_id, 0, "f2/1")
    with pytest.raises(LobbyError):
        await lobby2.open_table(table_id, 0, "f1/1")  # (another front end's session)
    # a move out of turn is refused as the engine says it, whose turn included
    v = tables[0].view(0)
    off = next(s for s in tables if v.awaiting is not None and s != v.awaiting)
    hand = tables[off].view(off).hand
    with pytest.raises(WrongSeat) as wrong:
        await tables[off].submit(off, Play(seat=off, cards=(hand[0],)))
    assert wrong.value.turn == v.awaiting
    # a take-back at a table of humans: refused by the table, the refusal crosses
    with pytest.raises(TakeBackRefused):
        await tables[1].take_back(1)
    # chat through the link, refused too fast as the table says
    note = await tables[1].say(1, "bob", "hi all")
    assert note.text == "hi all" and note.seat == 1
    with pytest.raises(ChatRefused):
        for _ in range(10):
            await tables[1].say(1, "bob", "again")
    await one.close()
    await two.close()


async def test_no_other_hand_crosses_for_a_seat(host: Host) -> None:
    client, lobby, received = await front(host, "f1")
    sessions = [(lobby, f"f1/{k}") for k in range(4)]
    table_id = await four_humans(lobby, sessions)
    real = host.house.registry.rooms[table_id].table
    assert real is not None
    mine = await lobby.open_table(table_id, 0, "f1/0")
    mine.subscribe(0, lambda view, events, status: None)
    # the other three seats play through the house itself (no frame of theirs crosses)
    others = {s: real for s in (1, 2, 3)}
    bot = RandomBot(seed=5)
    for _ in range(60):
        await until(lambda: real.state.awaiting() is not None, 10, "a decision")
        s = real.state.awaiting()
        assert s is not None
        if s == 0:
            v = real.state.version
            await until(lambda v=v: mine.view(0).version == v, 10, "ann's view")
            await mine.submit(0, bot.decide(mine.view(0)))
        else:
            await others[s].submit(s, bot.decide(real.view(s)))
        if real.state.phase in ("scoring", "finished"):
            break
    await until(lambda: mine.view(0).version == real.state.version, 10, "the last update")
    state = real.state
    frames = [f for f in received if f.get("k") == "push" and f.get("op") == "update"]
    assert len(frames) > 30
    # (a frame carries the log's new entries: the log as the front end rebuilds it)
    log: tuple[Event, ...] = ()
    rules = None  # (the rules cross with the first view only: they do not change)
    assert "rules" in frames[0]["a"]["view"]
    assert not any("rules" in f["a"]["view"] for f in frames[1:])
    for f in frames:
        a = f["a"]
        log = log[: a["log_keep"]] + tuple(TypeAdapter(list[Event]).validate_python(a["log_new"]))
        rules = a["view"].get("rules", rules)
        view = SeatView.model_validate({**a["view"], "log": log, "rules": rules})
        assert view.rules == real.state.rules
        assert view.seat == 0
        if view.version == state.version:
            assert Counter(view.hand) == Counter(state.hands[0])
        events = TypeAdapter(list[Event]).validate_python(f["a"]["events"])
        for e in [*view.log, *events]:
            if isinstance(e, CardDealt):
                assert e.card is None or e.seat == 0, "a card dealt to another seat"
            if isinstance(e, (KittyTaken, KittyBuried)):
                assert not e.cards or e.seat == 0, "another seat's kitty"
    # a play sends what it added to the log, not the deal's whole log again
    # (whole again only when the log changed otherwise: the first, the declarations)
    whole = [f for f in frames if not f["a"]["log_keep"]]
    sent = sum(len(f["a"]["log_new"]) for f in frames)
    assert len(whole) <= 3 and sent <= 3 * len(log), (len(whole), sent, len(log))
    # nothing of the game's making crosses: no seed, no state, no store
    text = json.dumps(received)
    assert f'"seed": {state.seed}' not in text and f'"seed":{state.seed}' not in text
    assert '"hands"' not in text and "game.db" not in text
    mine.release()
    await client.close()


async def test_a_front_end_that_goes_leaves_its_players_away(host: Host) -> None:
    client, lobby, _ = await front(host, "f1")
    sessions = [(lobby, f"f1/{k}") for k in range(4)]
    table_id = await four_humans(lobby, sessions)
    room = host.house.registry.rooms[table_id]
    assert set(room.holders) == {0, 1, 2, 3}
    await client.close()
    await until(lambda: not room.holders, 10, "the presence to go")
    assert room.table is not None and not any(s.connected for s in room.table.seats)
    # another front end: the seats are theirs again when their sessions come back
    two, lobby2, _ = await front(host, "f2")
    await lobby2.attach(table_id, 2, "f2/9")
    assert room.holders == {2: "f2/9"} and room.table.seats[2].connected
    await two.close()


async def test_the_servers_limits_count_every_front_ends_connections(
    host: Host, tmp_path: Path
) -> None:
    """`--max-connections` is the whole server's: two front ends, two players
    in, the third is refused wherever it comes."""
    made: list[ShengjiServer] = []
    for name in ("fa", "fb"):
        config = ServerConfig(
            data_dir=tmp_path / "data",
            host="127.0.0.1",
            port=0,
            auth=AuthPolicy(open_mode=True),
            limits=Limits(max_connections=2),
            host_link=host.path,
            front_id=name,
        )
        srv = ShengjiServer(config)
        await srv.start()
        made.append(srv)
    a, b = made
    clients = [Client("ann"), Client("bob"), Client("cat")]
    try:
        await clients[0].connect(a.port)
        await clients[1].connect(b.port)
        await until(lambda: a.all_connections == b.all_connections == 2, 10, "the counts")
        with pytest.raises(asyncssh.DisconnectError, match="the server is full"):
            await clients[2].connect(a.port)
        await clients[1].close()
        await until(lambda: a.all_connections == 1, 10, "bob's to go")
        await clients[2].connect(a.port)  # (room again)
        await clients[2].wait_for("lobby", 20)
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        for srv in made:
            await srv.close()


async def _host_end_closes(host: Host) -> None:
    """The host's end of every link closes, as when the host process stops."""
    for link in list(host._links):
        await link.close()


async def test_a_host_lost_is_told_and_linked_again(
    host: Host, caplog: pytest.LogCaptureFixture
) -> None:
    client, _lobby, _ = await front(host, "f1")
    routes = client.routes
    assert isinstance(routes, Routes)
    generation = client.generation
    await _host_end_closes(host)
    await until(lambda: routes.lost == 1, 10, "the sessions told the host is gone")
    assert "the host is gone; reconnecting" in caplog.text
    await until(lambda: client.generation > generation and client.is_ready, 10, "linked again")
    await client.close()


async def test_a_front_end_stopping_with_its_host_reports_no_loss(
    host: Host, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole server stopped at once (`pkill`, systemd's SIGTERM to every
    process): the host's end may close just before the front end reads its own
    SIGTERM; that is no host lost, and nothing reconnects."""
    grace = 1.0  # (longer than the server's: a busy test machine stays inside it)
    monkeypatch.setattr(proxies, "STOP_GRACE", grace)
    client, _lobby, _ = await front(host, "f1")
    routes = client.routes
    assert isinstance(routes, Routes)
    generation = client.generation
    await _host_end_closes(host)
    await asyncio.sleep(0.05)  # (the link's end seen closed first)
    client.stopping()  # (the front end's SIGTERM, read a moment later)
    await asyncio.sleep(grace + 0.5)
    assert routes.lost == 0
    assert client.generation == generation
    assert "the host is gone" not in caplog.text
    await client.close()


async def test_the_host_keeps_the_servers_collector_policy(host: Host) -> None:
    """The host freezes its tables and walks its young objects rarely, as a
    front end does (server/gcpolicy.py): no full pass of its heap mid-game."""
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    await host.gc.stop()  # (what `close` does first)
    assert gc.get_threshold()[0] != YOUNG_THRESHOLD
