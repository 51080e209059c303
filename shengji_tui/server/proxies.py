"""A front end's side of the host link: the lobby, a table and the players as
the sessions of this process see them, each asked of the host.

- `HostClient`: the link (a unix socket), kept open: when the host goes (a
  restart, a SIGKILL) every call in flight fails with `HostLost`, the front
  end's sessions are told (`on_lost`), and the client connects again until
  the host is back (`ready`).
- `LobbyProxy` (`lobbyapi.LobbyLike`): the listing the host pushes (on every
  change, and once a second while tables play) is what `listing`, `room` and
  `find_seat` read; everything else is a call.
- `TableProxy` (`contract.TableLike`) and `WatchProxy` (also `WatchLike`):
  a table opened by handle for one seat (a session attached there) or one
  spectator; what it was when opened (its views, status, notes, trouble) and
  what the host pushes since (each update, as that seat or spectator may see
  it) is all it holds. Its coach (`RemoteCoach`, a seat's only) asks the
  host, which analyses (the coach needs every hand).
- `PlayersProxy`: the players' records, on the host's store.

Subscriptions are numbered here, before they are asked for, so a push that
comes before the answer finds its subscriber.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from .. import trace
from ..coach import Cancelled, DealAnalysis
from ..coach.analysis import Progress
from ..coach.price import DEFAULT_BUDGET_MS
from ..coach.service import refusal
from ..engine import Command, DealReview, Event, SeatView
from ..players.book import Player, Via
from ..players.settings import PlayerSettings
from ..table import TableSettings, TableStatus
from ..table.notes import Note
from ..tui.contract import NoteCallback, TroubleCallback, UpdateCallback
from .authguard import FailureLog
from .link import Link, connect
from .lobbyapi import Listing, ListingCallback, LobbyError, NoticeCallback, RoomView
from .players import CodeCheck, Status
from .updates import UpdateReader
from .wire import HostLost, TroubleInfo, dump, load

log = logging.getLogger("shengji_tui.server")

RECONNECT_EVERY = 0.25  # seconds between attempts to reach the host again
# seconds a link's end waits before it counts as the host lost: a whole
# server stopped at once (`pkill`, systemd's SIGTERM to every process of the
# service) closes the host's end before a front end has read its own SIGTERM
STOP_GRACE = 0.2

Handler = Callable[[dict[str, Any]], None]


class FrontRoutes(Protocol):
    """What the host asks of this front end's sessions (kick, tell)."""

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None: ...

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool: ...

    def kick_identity(self, identity: str, reason: str) -> None: ...

    def host_lost(self) -> None: ...


class HostClient:
    """This front end's link to the host (see the module docstring)."""

    def __init__(self, path: Path, front_id: str, routes: FrontRoutes) -> None:
        self.path = path
        self.front_id = front_id
        self.routes = routes
        self.link: Link | None = None
        self.hello: dict[str, Any] = {}
        self.handlers: dict[int, Handler] = {}
        self._ids = itertools.count(1)
        self._ready = asyncio.Event()
        self._keeper: asyncio.Task[None] | None = None
        self._closed = False
        self.on_listing: Callable[[dict[str, Any]], None] | None = None
        # the other front ends' connections (logged in, not yet), as the host tells
        self.on_elsewhere: Callable[[int, int], None] | None = None
        self.failures: FailureLog | None = None  # a failed login elsewhere counts here
        self.on_linked: Callable[[], None] | None = None  # (linked again: tell the host)
        self.generation = 0  # links made so far (a proxy of an older one is dead)

    def next_id(self) -> int:
        return next(self._ids)

    async def start(self, timeout: float = 30.0) -> None:
        """Connect (waiting up to `timeout` for the host to listen), then keep
        the link: reconnect whenever it goes."""
        await asyncio.wait_for(self._connect_until(), timeout)
        self._keeper = asyncio.get_running_loop().create_task(self._keep())

    async def _connect_until(self) -> None:
        while True:
            try:
                await self._connect()
                return
            except (OSError, HostLost):
                await asyncio.sleep(RECONNECT_EVERY)

    async def _connect(self) -> None:
        link = await connect(self.path)
        link.serve(self._call, self._push)
        self.link = link
        self.generation += 1
        self.hello = await link.call("hello", front=self.front_id)
        if self.on_listing is not None:
            self.on_listing(self.hello["listing"])
        self._ready.set()
        if self.on_linked is not None:
            self.on_linked()
        log.info("front end %s: linked to the host", self.front_id)

    async def _keep(self) -> None:
        while not self._closed:
            link = self.link
            if link is not None:
                await link.closed.wait()
            if self._closed:
                return
            await asyncio.sleep(STOP_GRACE)
            if self._closed:  # (this front end is stopping too: nothing lost)
                return
            self._ready.clear()
            self.handlers.clear()  # (a new host knows none of them)
            log.warning("front end %s: the host is gone; reconnecting", self.front_id)
            try:
                self.routes.host_lost()
            except Exception:
                log.exception("front end: telling the sessions the host is gone")
            await self._connect_until()

    async def ready(self) -> None:
        """Until the host is linked (again)."""
        await self._ready.wait()

    @property
    def is_ready(self) -> bool:
        return self._ready.is_set()

    def stopping(self) -> None:
        """This front end is stopping (its SIGTERM): the host's end closing now
        is no loss to report and no reason to reconnect."""
        self._closed = True

    async def close(self) -> None:
        self._closed = True
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        if self.link is not None:
            await self.link.close()

    async def call(self, op: str, **args: Any) -> Any:
        link = self.link
        if link is None or (not self._ready.is_set() and op != "hello"):
            raise HostLost("the host is not linked")
        return await link.call(op, **args)

    def push(self, op: str, **args: Any) -> None:
        link = self.link
        if link is not None:
            link.push(op, **args)

    # ------------------------------------------------------------ from the host
    async def _call(self, op: str, args: dict[str, Any]) -> Any:
        raise LobbyError(f"a front end serves no {op[:40]}", "gone")

    def _push(self, op: str, a: dict[str, Any]) -> None:
        if op == "listing":
            if self.on_listing is not None:
                self.on_listing(a["listing"])
        elif op in ("update", "trouble", "notice", "coach_progress"):
            h = self.handlers.get(int(a.get("sub", -1)))
            if h is not None:
                h(a)
        elif op == "note":
            h = self.handlers.get(int(a.get("listen", -1)))
            if h is not None:
                h(a)
        elif op == "kick":
            self.routes.kick(str(a["session"]), str(a["reason"]), dict(a.get("fields") or {}))
        elif op == "tell":
            self.routes.tell(str(a["session"]), str(a["key"]), dict(a.get("fields") or {}))
        elif op == "kick_identity":
            self.routes.kick_identity(str(a["identity"]), str(a["reason"]))
        elif op == "elsewhere" and self.on_elsewhere is not None:
            self.on_elsewhere(int(a["c"]), int(a["u"]))
        elif op == "failure" and self.failures is not None:
            self.failures.record(str(a["addr"]), here=False)

    def subscribe(self, op: str, handler: Handler, **args: Any) -> Callable[[], None]:
        """Ask the host for `op`'s pushes (numbered here), handled by `handler`;
        returns the unsubscriber."""
        n = self.next_id()
        self.handlers[n] = handler
        generation = self.generation

        async def ask() -> None:
            try:
                await self.call(op, sub=n, **args)
            except Exception as e:
                self.handlers.pop(n, None)
                if not isinstance(e, HostLost):
                    log.warning("front end: %s refused: %s", op, e)

        task = asyncio.get_running_loop().create_task(ask())

        def unsubscribe() -> None:
            task.cancel()
            if self.handlers.pop(n, None) is not None and generation == self.generation:
                self.push("unsubscribe_one", sub=n)

        return unsubscribe


# ====================================================================== the lobby


class LobbyProxy:
    """`LobbyLike` over the host link (see the module docstring)."""

    def __init__(self, client: HostClient) -> None:
        self.client = client
        self._listing: Listing = ()
        self._listeners: list[ListingCallback] = []
        client.on_listing = self._listed

    def _listed(self, data: Any) -> None:
        self._listing = load(Listing, data)
        for cb in list(self._listeners):
            try:
                cb(self._listing)
            except Exception:
                log.exception("a lobby listener failed")

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return tuple(self.client.hello.get("bot_levels", ()))

    @property
    def default_options(self) -> TableSettings:
        data = self.client.hello.get("default_options")
        return TableSettings() if data is None else load(TableSettings, data)

    def listing(self) -> Listing:
        return self._listing

    def room(self, table_id: str) -> RoomView:
        for r in self._listing:
            if r.table_id == table_id:
                return r
        raise LobbyError("that table is gone", "gone")

    def find_seat(self, identity: str) -> tuple[RoomView, int] | None:
        for r in self._listing:
            seat = r.seat_of(identity)
            if seat is not None:
                return r, seat
        return None

    def subscribe(self, callback: ListingCallback) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(callback)

        return unsubscribe

    def subscribe_notices(self, identity: str, callback: NoticeCallback) -> Callable[[], None]:
        def notice(a: dict[str, Any]) -> None:
            callback(str(a["key"]), dict(a.get("fields") or {}))

        return self.client.subscribe("lobby.notices", notice, identity=identity)

    def listen(self, table_id: str, callback: Callable[[Note], object]) -> Callable[[], None]:
        def heard(a: dict[str, Any]) -> None:
            callback(load(Note, a["note"]))

        return self.client.subscribe("lobby.listen", heard, table_id=table_id)

    async def recent_notes(self, table_id: str) -> Sequence[Note]:
        notes: list[Note] = load(
            list[Note], await self.client.call("lobby.recent_notes", table_id=table_id)
        )
        return notes

    async def check_limits(self, identity: str, origin: str | None = None) -> None:
        await self.client.call("lobby.check_limits", identity=identity, origin=origin)

    async def check_watch(self, table_id: str) -> None:
        await self.client.call("lobby.check_watch", table_id=table_id)

    async def create(
        self, settings: TableSettings, identity: str, name: str, origin: str | None = None
    ) -> RoomView:
        data = await self.client.call(
            "lobby.create",
            settings=dump(TableSettings, settings),
            identity=identity,
            name=name,
            origin=origin,
        )
        room: RoomView = load(RoomView, data)
        return room

    async def sit(self, table_id: str, seat: int | None, identity: str, name: str) -> int:
        got = await self.client.call(
            "lobby.sit", table_id=table_id, seat=seat, identity=identity, name=name
        )
        return int(got)

    async def leave(self, identity: str) -> None:
        await self.client.call("lobby.leave", identity=identity)

    async def add_bots(self, table_id: str, level: str) -> None:
        await self.client.call("lobby.add_bots", table_id=table_id, level=level)

    async def set_ready(self, table_id: str, identity: str, ready: bool) -> None:
        await self.client.call("lobby.set_ready", table_id=table_id, identity=identity, ready=ready)

    async def set_show_hand(self, table_id: str, identity: str, on: bool) -> None:
        await self.client.call("lobby.set_show_hand", table_id=table_id, identity=identity, on=on)

    async def say(
        self, table_id: str, identity: str, name: str, seat: int | None, text: str
    ) -> Note:
        data = await self.client.call(
            "lobby.say", table_id=table_id, identity=identity, name=name, seat=seat, text=text
        )
        note: Note = load(Note, data)
        return note

    async def attach(self, table_id: str, seat: int, session_id: str) -> None:
        await self.client.call("lobby.attach", table_id=table_id, seat=seat, session_id=session_id)

    async def detach(
        self, table_id: str, seat: int, session_id: str, *, left: bool = False
    ) -> None:
        with contextlib.suppress(HostLost):  # (a host that is gone knows no one is here)
            await self.client.call(
                "lobby.detach", table_id=table_id, seat=seat, session_id=session_id, left=left
            )

    async def open_table(self, table_id: str, seat: int, session_id: str) -> TableProxy:
        opening = await self.client.call(
            "table.open", table_id=table_id, seat=seat, session_id=session_id
        )
        return TableProxy(self.client, opening, seat)

    async def watch_table(
        self, table_id: str, name: str, identity: str, session_id: str
    ) -> WatchProxy:
        opening = await self.client.call(
            "table.watch", table_id=table_id, name=name, identity=identity, session_id=session_id
        )
        return WatchProxy(self.client, opening, name, self, table_id)


# ====================================================================== a table


class TableProxy:
    """A table opened for one seat (`contract.TableLike`; module docstring)."""

    def __init__(self, client: HostClient, opening: dict[str, Any], seat: int | None) -> None:
        self.client = client
        self.handle = int(opening["handle"])
        self.seat = seat
        self.generation = client.generation
        self._table_id = str(opening["table_id"])
        window = opening.get("declare_window")
        self._declare_window = None if window is None else float(window)
        self._card_counter = bool(opening.get("card_counter", True))
        t = opening.get("trouble")
        self._trouble: TroubleInfo | None = None if t is None else load(TroubleInfo, t)
        self._status: TableStatus = load(TableStatus, opening["status"])
        self._views: dict[int | None, SeatView] = {
            int(s): load(SeatView, v) for s, v in opening["views"].items()
        }
        if opening.get("public") is not None:
            self._views[None] = load(SeatView, opening["public"])
        self._notes: list[Note] = load(list[Note], opening.get("notes") or [])
        self._unsubs: list[Callable[[], None]] = []
        self._closed = False

    # ------------------------------------------------------------ reading
    @property
    def table_id(self) -> str:
        return self._table_id

    @property
    def declare_window(self) -> float | None:
        return self._declare_window

    @property
    def trouble(self) -> TroubleInfo | None:
        return self._trouble

    @property
    def card_counter(self) -> bool:
        return self._card_counter

    def status(self) -> TableStatus:
        return self._status

    def view(self, seat: int | None) -> SeatView:
        """The last view told of `seat` (the one opened for, or the public one)."""
        v = self._views.get(seat)
        if v is None:
            v = self._views.get(self.seat) or next(iter(self._views.values()))
        return v

    def recent_notes(self) -> Sequence[Note]:
        return list(self._notes)

    def coach_source(self) -> RemoteCoach | None:
        """The host's coach (it needs every hand, which never leaves the host)."""
        return RemoteCoach(self)

    # ------------------------------------------------------------ pushes
    def subscribe(self, seat: int | None, callback: UpdateCallback) -> Callable[[], None]:
        reader = UpdateReader()  # (what crossed: only what changed, server/updates.py)

        def update(a: dict[str, Any]) -> None:
            if trace.ON:
                trace.rec("recv", tb=self._table_id, st=seat, v=a["view"].get("version"))
            view, events, status = reader.read(a)
            self._views[seat] = view
            self._status = status
            callback(view, events, status)

        return self._keep(
            self.client.subscribe("table.subscribe", update, handle=self.handle, seat=seat)
        )

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]:
        def trouble(a: dict[str, Any]) -> None:
            t = a.get("trouble")
            self._trouble = None if t is None else load(TroubleInfo, t)
            callback(self._trouble)

        return self._keep(self.client.subscribe("table.on_trouble", trouble, handle=self.handle))

    def listen(self, callback: NoteCallback) -> Callable[[], None]:
        def heard(a: dict[str, Any]) -> None:
            note = load(Note, a["note"])
            self._notes = [*self._notes[-49:], note]
            callback(note)

        return self._keep(self.client.subscribe("table.listen", heard, handle=self.handle))

    def _keep(self, unsub: Callable[[], None]) -> Callable[[], None]:
        self._unsubs.append(unsub)
        return unsub

    # ------------------------------------------------------------ asking
    async def _call(self, op: str, **args: Any) -> Any:
        if self.generation != self.client.generation:
            raise HostLost("this table was opened on a link that is gone")
        return await self.client.call(op, handle=self.handle, **args)

    async def say(self, seat: int | None, name: str, text: str, sender: str | None = None) -> Note:
        said: Note = load(Note, await self._call("table.say", name=name, text=text))
        return said

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        await self._call("table.hold_deal", hold=hold)

    async def reclaim(self, seat: int) -> bool:
        return bool(await self._call("table.reclaim"))

    async def submit(self, seat: int, command: Command) -> list[Event]:
        data = await self._call("table.submit", command=dump(Command, command))
        events: list[Event] = load(list[Event], data)
        return events

    async def take_back(self, seat: int) -> int:
        return int(await self._call("table.take_back"))

    async def reviews(self, seat: int) -> Sequence[DealReview]:
        reviews: list[DealReview] = load(list[DealReview], await self._call("table.reviews"))
        return reviews

    async def start(self) -> None:
        """The table runs on the host already."""

    async def close(self) -> None:
        self.release()

    def release(self) -> None:
        """Nothing of this table stays subscribed; the host lets its handle go."""
        if self._closed:
            return
        self._closed = True
        for unsub in self._unsubs:
            unsub()
        self._unsubs.clear()
        if self.generation == self.client.generation:
            self.client.push("table_close", handle=self.handle)


class RemoteCoach:
    """The coach of a table opened for a seat (`coach.service.CoachLike`): the
    host analyses."""

    def __init__(self, table: TableProxy) -> None:
        self.table = table

    def analyst(self, own: int, any_seat: bool) -> RemoteAnalyst:
        return RemoteAnalyst(self.table, own, any_seat)


class RemoteAnalyst:
    """`coach.service.AnalystLike` for a seat at a table on the host: the host
    runs the analysis (`table.analyse`: the coach needs every hand) and decides
    what this seat may analyse; its progress comes as pushes, its result whole,
    and is kept here for the review's verdicts beside the tricks. Made on the
    event loop; `run` is called on a screen's worker thread."""

    def __init__(self, table: TableProxy, own: int, any_seat: bool) -> None:
        self.table = table
        self.own = own
        self.any_seat = any_seat
        self.budget_ms = DEFAULT_BUDGET_MS  # (the host's: what it analyses at)
        self.workers: int | None = None
        self._loop = asyncio.get_running_loop()
        self._kept: dict[tuple[int, int], DealAnalysis] = {}

    @property
    def seats(self) -> int:
        return self.table.view(self.own).rules.players

    def refusal(self, deal_no: int, seat: int, over: bool) -> str | None:
        return refusal(self.own, self.any_seat, seat, over)

    def kept(self, deal_no: int, seat: int) -> DealAnalysis | None:
        """An analysis the host gave this reader already (no call)."""
        return self._kept.get((deal_no, seat))

    def run(
        self,
        deal_no: int,
        seat: int,
        progress: Progress | None = None,
        cancel: threading.Event | None = None,
    ) -> DealAnalysis:
        have = self.kept(deal_no, seat)
        if have is not None:
            return have
        client, loop = self.table.client, self._loop
        told: queue.SimpleQueue[tuple[int, int]] = queue.SimpleQueue()
        n = client.next_id()

        def heard(a: dict[str, Any]) -> None:
            told.put((int(a["done"]), int(a["total"])))

        loop.call_soon_threadsafe(client.handlers.__setitem__, n, heard)
        asked = self.table._call("table.analyse", deal=deal_no, seat=seat, sub=n)
        answer = asyncio.run_coroutine_threadsafe(asked, loop)
        try:
            while not answer.done():
                if cancel is not None and cancel.is_set():
                    stop = self.table._call("table.analysis_stop", sub=n)
                    asyncio.run_coroutine_threadsafe(stop, loop)
                    raise Cancelled
                with contextlib.suppress(queue.Empty):
                    done, total = told.get(timeout=0.05)
                    if progress is not None:
                        progress(done, total)
            got = answer.result()
        finally:
            loop.call_soon_threadsafe(client.handlers.pop, n, None)
        if got.get("stopped"):
            raise Cancelled
        if got.get("refused"):
            raise LobbyError(f"the host refused: {got['refused']}", "gone")
        a = DealAnalysis.model_validate_json(got["analysis"])
        self._kept[(deal_no, seat)] = a
        return a


class WatchProxy(TableProxy):
    """A spectator's seat on the host (`WatchedTable` there; module docstring)."""

    def __init__(
        self,
        client: HostClient,
        opening: dict[str, Any],
        name: str,
        lobby: LobbyProxy,
        table_id: str,
    ) -> None:
        super().__init__(client, opening, 0)
        self._name = name
        self._lobby = lobby
        self._following: int | None = None

    @property
    def name(self) -> str:
        return self._name

    @property
    def following(self) -> int | None:
        return self._following

    def coach_source(self) -> None:
        """None: a spectator analyses nobody's decisions."""
        return None

    def may_follow(self, seat: int) -> bool:
        """As `Registry.shows_hand` says, read from the lobby's listing."""
        try:
            room = self._lobby.room(self.table_id)
        except LobbyError:
            return False
        if room.status != "playing" or not 0 <= seat < len(room.slots):
            return False
        slot = room.slots[seat]
        if slot.kind == "human":
            return slot.show_hand
        return slot.kind == "bot" and all(s.kind == "bot" for s in room.slots)

    def follow(self, seat: int | None) -> str | None:
        if seat is not None and not self.may_follow(seat):
            return "watch.not_allowed"
        self._following = seat

        async def ask() -> None:
            with contextlib.suppress(Exception):  # (the host checks again, and says nothing)
                await self._call("table.follow", seat=seat)

        asyncio.get_running_loop().create_task(ask())
        return None


# ====================================================================== the players


class PlayersProxy:
    """The players' records on the host's store (`PlayerDesk`'s calls)."""

    def __init__(self, client: HostClient, failures: FailureLog) -> None:
        self.client = client
        self.failures = failures  # (failed codes are counted by address here)

    async def status(self, identity: str) -> Status:
        got = await self.client.call("players.status", identity=identity)
        return "active" if got == "active" else "removed" if got == "removed" else "unknown"

    async def arrive(self, identity: str, name: str, via: Via) -> Player | None:
        data = await self.client.call("players.arrive", identity=identity, name=name, via=via)
        return None if data is None else load(Player, data)

    async def password_of(self, identity: str) -> str | None:
        got = await self.client.call("players.password_of", identity=identity)
        return None if got is None else str(got)

    async def name_free(self, name: str, identity: str) -> bool:
        return bool(await self.client.call("players.name_free", name=name, identity=identity))

    async def code_usable(self, code: str) -> str | None:
        got = await self.client.call("players.code_usable", code=code)
        return None if got is None else str(got)

    async def redeem(
        self, code: str, identity: str, name: str, password: str | None = None
    ) -> Player | str:
        got = await self.client.call(
            "players.redeem", code=code, identity=identity, name=name, password=password
        )
        if got.get("player") is not None:
            player: Player = load(Player, got["player"])
            return player
        return str(got.get("refused", "unknown"))

    async def failed_code(self, addr: str, user: str, why: str) -> None:
        recent = self.failures.record(addr)
        log.warning(
            "failed login: user %s from %s by invite code (%s; %d from this address "
            "in the last minute)",
            repr(user[:64]),
            addr,
            why,
            recent,
        )
        await asyncio.sleep(self.failures.delay(recent))

    def keep_settings(self, identity: str, settings: PlayerSettings) -> None:
        self.client.push(
            "players_keep_settings", identity=identity, settings=dump(PlayerSettings, settings)
        )

    async def profile(self, identity: str, *, public: bool = False) -> dict[str, Any] | None:
        got = await self.client.call("players.profile", identity=identity, public=public)
        return got if isinstance(got, dict) else None

    async def leaderboard(self, family: str, top: int = 20) -> list[dict[str, Any]]:
        got = await self.client.call("players.leaderboard", family=family, top=top)
        return list(got) if isinstance(got, list) else []


__all__ = ["CodeCheck", "HostClient", "LobbyProxy", "PlayersProxy", "TableProxy", "WatchProxy"]
