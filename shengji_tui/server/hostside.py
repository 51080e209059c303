"""The host's side of the links: what front ends may ask of the lobby, the
tables and the players, served from the registry (`LobbyDesk`), the tables and
the `PlayerDesk` of this process.

One `Front` per connected front end keeps what it opened: its tables (by
handle: a seat's, for a session attached at that seat; a spectator's
`WatchedTable`), its subscriptions, what it listens to. A table is handed out
only as a handle: the front end gets views, events, notes and trouble pushed
for what it subscribed, each as that seat or that spectator may see it, and
nothing else of the table crosses (no state, no store, no coach source: the
coach runs here, `table.analyse`, and only its analysis of the seat it may
analyse crosses).

Sessions are known by id; an id is its front end's id, "/", and a number, so
the host reaches a session (`kick`, `tell`: `HostRoutes`) through its front
end. A front end that goes takes its sessions' presence with it (each seat's
player is away then, as after a dropped connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .. import trace
from ..coach import Cancelled
from ..engine import Command, DealReview, Event, SeatView
from ..players.book import Player
from ..players.settings import PlayerSettings
from ..table import TableSettings, TableStatus
from ..table.notes import Note
from ..tui.contract import TableLike, TroubleLike, WatchLike
from .lobbyapi import Listing, LobbyError, RoomView
from .lobbydesk import LobbyDesk
from .players import PlayerDesk
from .updates import UpdateWriter
from .wire import TroubleInfo, dump, load, plain_fields

log = logging.getLogger("shengji_tui.server")

LISTING_EVERY = 1.0  # seconds between looks at the tables' play for the lobbies


def front_of(session_id: str) -> str:
    """The front end a session id belongs to ("" for an id of this process)."""
    return session_id.split("/", 1)[0] if "/" in session_id else ""


def trouble_info(t: TroubleLike | None) -> dict[str, Any] | None:
    return None if t is None else dump(TroubleInfo, TroubleInfo(t.reason, bool(t.stopped)))


@dataclass
class Handle:
    """A table a front end opened: a seat's (`seat`) or a spectator's (None)."""

    table: TableLike
    seat: int | None
    session_id: str
    table_id: str
    unsubs: list[Callable[[], None]] = field(default_factory=list)
    release: Callable[[], None] | None = None  # a spectator's: no longer counted
    watch: WatchLike | None = None  # a spectator's seat: whom it follows


class Front:
    """One front end's link, what it opened and what it listens to."""

    def __init__(self, host: HostService, link: Any, front_id: str) -> None:
        self.host = host
        self.link = link
        self.id = front_id
        self.handles: dict[int, Handle] = {}
        self.subs: dict[int, Callable[[], None]] = {}
        self.sessions: set[str] = set()  # attached somewhere (presence to undo when it goes)
        self.attached: dict[str, tuple[str, int]] = {}  # session id -> (table id, seat)
        self.counts = (0, 0)  # its connections: (logged in, not yet)
        self.analyses: dict[int, threading.Event] = {}  # the coach's runs for it, to stop
        self._n = itertools.count(1)  # handles
        self.wants_listing = False

    def next(self) -> int:
        return next(self._n)

    def close(self) -> None:
        """The front end is gone: everything it opened is let go, its sessions
        are away (their players' grace starts, as after a dropped connection)."""
        for stop in list(self.analyses.values()):
            stop.set()
        self.analyses.clear()
        for h in list(self.handles.values()):
            self._drop(h)
        self.handles.clear()
        for unsub in list(self.subs.values()):
            with contextlib.suppress(Exception):
                unsub()
        self.subs.clear()
        for sid, (table_id, seat) in list(self.attached.items()):
            room = self.host.registry.rooms.get(table_id)
            if room is not None:
                self.host.registry.detach(room, seat, sid)
        self.attached.clear()

    def _drop(self, h: Handle) -> None:
        for unsub in h.unsubs:
            with contextlib.suppress(Exception):
                unsub()
        h.unsubs.clear()
        release, h.release = h.release, None
        if release is not None:
            release()


Op = Callable[[Front, dict[str, Any]], Awaitable[Any]]


class HostService:
    """What the front ends may ask (see the module docstring)."""

    def __init__(self, desk: LobbyDesk, players: PlayerDesk | None) -> None:
        self.desk = desk
        self.registry = desk.registry
        self.players = players
        self.fronts: dict[str, Front] = {}
        self._listing: Any = None  # the listing last pushed (as sent)
        self._unlisting: Callable[[], None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.ops: dict[str, Op] = {
            name[3:].replace("__", "."): getattr(self, name)
            for name in dir(self)
            if name.startswith("op_")
        }

    # ------------------------------------------------------------ fronts
    def add_front(self, link: Any, front_id: str) -> Front:
        old = self.fronts.pop(front_id, None)
        if old is not None:
            old.close()
        front = Front(self, link, front_id)
        self.fronts[front_id] = front
        if self._unlisting is None:
            self._unlisting = self.desk.subscribe(self._changed)
            self._ticker = asyncio.get_running_loop().create_task(self._tick())
        return front

    def remove_front(self, front: Front) -> None:
        front.close()
        if self.fronts.get(front.id) is front:
            del self.fronts[front.id]
        self._tell_counts()

    def _tell_counts(self) -> None:
        """Each front end hears the others' connections (the server's limits)."""
        for front in list(self.fronts.values()):
            others = [f.counts for f in self.fronts.values() if f is not front]
            front.link.push("elsewhere", c=sum(c for c, _ in others), u=sum(u for _, u in others))

    async def close(self) -> None:
        for front in list(self.fronts.values()):
            self.remove_front(front)
        if self._unlisting is not None:
            self._unlisting()
            self._unlisting = None
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker

    def pushed(self, front: Front, op: str, a: dict[str, Any]) -> None:
        """What a front end tells without waiting for an answer."""
        if op == "unsubscribe_one":
            unsub = front.subs.pop(int(a["sub"]), None)
            if unsub is not None:
                unsub()
        elif op == "table_close":
            h = front.handles.pop(int(a["handle"]), None)
            if h is not None:
                front._drop(h)
        elif op == "counts":
            front.counts = (int(a["c"]), int(a["u"]))
            self._tell_counts()
        elif op == "failure":  # (a failed login: counted by every front end)
            for other in list(self.fronts.values()):
                if other is not front:
                    other.link.push("failure", addr=str(a["addr"]))
        elif op == "players_keep_settings" and self.players is not None:
            self.players.keep_settings(str(a["identity"]), load(PlayerSettings, a["settings"]))

    async def serve(self, front: Front, op: str, args: dict[str, Any]) -> Any:
        handler = self.ops.get(op)
        if handler is None:
            raise LobbyError(f"no such request: {op[:40]}", "gone")
        return await handler(front, args)

    # ------------------------------------------------------------ the listing
    def _changed(self, listing: Listing) -> None:
        self._push_listing(listing)

    def _push_listing(self, listing: Listing, force: bool = False) -> None:
        data = dump(Listing, listing)
        if data == self._listing and not force:
            return
        self._listing = data
        for front in list(self.fronts.values()):
            if front.wants_listing:
                front.link.push("listing", listing=data)

    async def _tick(self) -> None:
        """The tables play on without telling the lobby of each move: their
        progress is looked at once a second and pushed when it moved."""
        while True:
            await asyncio.sleep(LISTING_EVERY)
            try:
                self._push_listing(self.desk.listing())
            except Exception:
                log.exception("host: the lobby's listing")

    # ------------------------------------------------------------ routes
    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        front = self.fronts.get(front_of(session_id))
        if front is not None:
            front.link.push("kick", session=session_id, reason=reason, fields=plain_fields(fields))

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        front = self.fronts.get(front_of(session_id))
        if front is None:
            return False
        return bool(
            front.link.push("tell", session=session_id, key=key, fields=plain_fields(fields))
        )

    def kick_identity(self, identity: str, reason: str) -> None:
        """Every session of `identity`, on every front end, goes."""
        for front in list(self.fronts.values()):
            front.link.push("kick_identity", identity=identity, reason=reason)

    # ------------------------------------------------------------ lobby ops
    async def op_hello(self, front: Front, a: dict[str, Any]) -> Any:
        front.wants_listing = True
        listing = self.desk.listing()
        return {
            "listing": dump(Listing, listing),
            "bot_levels": list(self.desk.bot_levels),
            "default_options": dump(TableSettings, self.desk.default_options),
            "players": self.players is not None,
        }

    async def op_lobby__check_limits(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.check_limits(str(a["identity"]), _opt_str(a.get("origin")))

    async def op_lobby__check_watch(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.check_watch(str(a["table_id"]))

    async def op_lobby__create(self, front: Front, a: dict[str, Any]) -> Any:
        settings = load(TableSettings, a["settings"])
        room = await self.desk.create(
            settings, str(a["identity"]), str(a["name"]), _opt_str(a.get("origin"))
        )
        self._push_listing(self.desk.listing())
        return dump(RoomView, room)

    async def op_lobby__sit(self, front: Front, a: dict[str, Any]) -> Any:
        seat = a.get("seat")
        return await self.desk.sit(
            str(a["table_id"]),
            seat if isinstance(seat, int) else None,
            str(a["identity"]),
            str(a["name"]),
        )

    async def op_lobby__leave(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.leave(str(a["identity"]))

    async def op_lobby__add_bots(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.add_bots(str(a["table_id"]), str(a["level"]))

    async def op_lobby__set_ready(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.set_ready(str(a["table_id"]), str(a["identity"]), bool(a["ready"]))

    async def op_lobby__set_show_hand(self, front: Front, a: dict[str, Any]) -> Any:
        await self.desk.set_show_hand(str(a["table_id"]), str(a["identity"]), bool(a["on"]))

    async def op_lobby__say(self, front: Front, a: dict[str, Any]) -> Any:
        seat = a.get("seat")
        note = await self.desk.say(
            str(a["table_id"]),
            str(a["identity"]),
            str(a["name"]),
            seat if isinstance(seat, int) else None,
            str(a["text"]),
        )
        return dump(Note, note)

    async def op_lobby__recent_notes(self, front: Front, a: dict[str, Any]) -> Any:
        return dump(list[Note], list(await self.desk.recent_notes(str(a["table_id"]))))

    async def op_lobby__listen(self, front: Front, a: dict[str, Any]) -> Any:
        n = int(a["sub"])  # (the front end's number: its pushes may come before the answer)
        link = front.link

        def heard(note: Note) -> None:
            link.push("note", listen=n, note=dump(Note, note))

        front.subs[n] = self.desk.listen(str(a["table_id"]), heard)
        return n

    async def op_lobby__notices(self, front: Front, a: dict[str, Any]) -> Any:
        n = int(a["sub"])  # (the front end's number: its pushes may come before the answer)
        link = front.link

        def notice(key: str, fields: dict[str, object]) -> None:
            link.push("notice", sub=n, key=key, fields=plain_fields(fields))

        front.subs[n] = self.desk.subscribe_notices(str(a["identity"]), notice)
        return n

    async def op_unsubscribe(self, front: Front, a: dict[str, Any]) -> Any:
        unsub = front.subs.pop(int(a["sub"]), None)
        if unsub is not None:
            unsub()

    async def op_lobby__attach(self, front: Front, a: dict[str, Any]) -> Any:
        sid = self._own(front, str(a["session_id"]))
        table_id, seat = str(a["table_id"]), int(a["seat"])
        await self.desk.attach(table_id, seat, sid)
        front.attached[sid] = (table_id, seat)

    async def op_lobby__detach(self, front: Front, a: dict[str, Any]) -> Any:
        sid = self._own(front, str(a["session_id"]))
        table_id, seat = str(a["table_id"]), int(a["seat"])
        if front.attached.get(sid) == (table_id, seat):
            del front.attached[sid]
        await self.desk.detach(table_id, seat, sid, left=bool(a.get("left")))

    def _own(self, front: Front, session_id: str) -> str:
        """`session_id` is this front end's (a front end speaks for its own only)."""
        if front_of(session_id) != front.id:
            raise LobbyError("not a session of this front end", "gone")
        return session_id

    # ------------------------------------------------------------ tables
    async def op_table__open(self, front: Front, a: dict[str, Any]) -> Any:
        """A seat's table, for a session attached at that seat (no other)."""
        sid = self._own(front, str(a["session_id"]))
        table_id, seat = str(a["table_id"]), int(a["seat"])
        table = await self.desk.open_table(table_id, seat, sid)
        return self._opened(front, Handle(table, seat, sid, table_id), [seat])

    async def op_table__watch(self, front: Front, a: dict[str, Any]) -> Any:
        """A spectator's seat (`WatchedTable`): counted among the spectators."""
        sid = self._own(front, str(a["session_id"]))
        table_id = str(a["table_id"])
        watched = await self.desk.watch_table(table_id, str(a["name"]), str(a["identity"]), sid)
        h = Handle(watched, None, sid, table_id, release=watched.release, watch=watched)
        return self._opened(front, h, [0], public=True)

    def _opened(
        self, front: Front, h: Handle, seats: list[int], public: bool = False
    ) -> dict[str, Any]:
        n = front.next()
        front.handles[n] = h
        t = h.table
        views = {str(s): dump(SeatView, t.view(s)) for s in seats}
        return {
            "handle": n,
            "table_id": t.table_id,
            "declare_window": t.declare_window,
            "card_counter": t.card_counter,
            "trouble": trouble_info(t.trouble),
            "status": dump(TableStatus, t.status()),
            "views": views,
            "public": dump(SeatView, t.view(None)) if public else None,
            "notes": dump(list[Note], list(t.recent_notes())),
        }

    def _handle(self, front: Front, a: dict[str, Any]) -> Handle:
        h = front.handles.get(int(a["handle"]))
        if h is None:
            raise LobbyError("that table is gone", "gone")
        return h

    def _seat(self, h: Handle, a: dict[str, Any]) -> int:
        """The seat a request acts for: the handle's own (a spectator's: 0, which
        its `WatchedTable` never acts for)."""
        return h.seat if h.seat is not None else 0

    async def op_table__subscribe(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        want = a.get("seat")
        seat: int | None = want if isinstance(want, int) else None
        if h.seat is not None and seat not in (h.seat, None):
            raise LobbyError("a seat sees its own view only", "gone")
        n = int(a["sub"])  # (the front end's number: its pushes may come before the answer)
        link = front.link

        writer = UpdateWriter()  # (what crosses: only what changed, server/updates.py)

        def update(view: SeatView, events: list[Event], status: TableStatus) -> None:
            began = time.monotonic() if trace.ON else 0.0
            link.push("update", sub=n, **writer.message(view, events, status))
            if trace.ON:  # (from before the encoding: the front end may read it first)
                trace.span("push", began, tb=h.table_id, st=seat, v=view.version, f=front.id)

        unsub = h.table.subscribe(seat, update)
        h.unsubs.append(unsub)
        front.subs[n] = unsub
        return n

    async def op_table__on_trouble(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        n = int(a["sub"])  # (the front end's number: its pushes may come before the answer)
        link = front.link

        def trouble(t: TroubleLike | None) -> None:
            link.push("trouble", sub=n, trouble=trouble_info(t))

        unsub = h.table.on_trouble(trouble)
        h.unsubs.append(unsub)
        front.subs[n] = unsub
        return n

    async def op_table__listen(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        n = int(a["sub"])  # (the front end's number: its pushes may come before the answer)
        link = front.link

        def heard(note: Note) -> None:
            link.push("note", listen=n, note=dump(Note, note))

        unsub = h.table.listen(heard)
        h.unsubs.append(unsub)
        front.subs[n] = unsub
        return n

    async def op_table__say(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        note = await h.table.say(h.seat, str(a["name"]), str(a["text"]))
        return dump(Note, note)

    async def op_table__hold_deal(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        await h.table.hold_deal(self._seat(h, a), bool(a["hold"]))

    async def op_table__reclaim(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        return await h.table.reclaim(self._seat(h, a))

    async def op_table__submit(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        if trace.ON:
            trace.rec("hrecv", tb=h.table_id, st=h.seat, f=front.id)
        command = load(Command, a["command"])
        events = await h.table.submit(self._seat(h, a), command)
        return dump(list[Event], events)

    async def op_table__take_back(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        return await h.table.take_back(self._seat(h, a))

    async def op_table__reviews(self, front: Front, a: dict[str, Any]) -> Any:
        h = self._handle(front, a)
        return dump(list[DealReview], list(await h.table.reviews(self._seat(h, a))))

    async def op_table__follow(self, front: Front, a: dict[str, Any]) -> Any:
        """A spectator follows a seat's own view (its `WatchedTable` checks that
        the seat's player lets spectators see it), or the public table again."""
        h = self._handle(front, a)
        if h.watch is None:
            raise LobbyError("only a spectator follows a seat", "gone")
        seat = a.get("seat")
        return h.watch.follow(seat if isinstance(seat, int) else None)

    async def op_table__analyse(self, front: Front, a: dict[str, Any]) -> Any:
        """The coach, for a session seated at this handle's seat: its own seat's
        decisions in a deal that is over, any seat's once the match is over (the
        front end asks what its screen allows; the host decides). The analysis
        runs here (the coach needs every hand, which stays here), its progress
        pushed (`coach_progress`, numbered by the front end), and crosses whole;
        `table.analysis_stop` stops it (nothing is kept)."""
        h = self._handle(front, a)
        source = h.table.coach_source()
        if h.seat is None or source is None:
            raise LobbyError("nobody's decisions are analysed here", "gone")
        deal, seat, n = int(a["deal"]), int(a["seat"]), int(a["sub"])
        view = h.table.view(h.seat)
        over = deal < view.deal_no or view.phase in ("scoring", "finished")
        analyst = source.analyst(h.seat, view.phase == "finished")
        refused = analyst.refusal(deal, seat, over)
        if refused is not None:
            return {"refused": refused}
        stop = front.analyses[n] = threading.Event()
        loop = asyncio.get_running_loop()
        link = front.link

        def progress(done: int, total: int) -> None:  # (on the analysis's thread)
            told = functools.partial(link.push, "coach_progress", sub=n, done=done, total=total)
            loop.call_soon_threadsafe(told)

        try:
            got = await asyncio.to_thread(analyst.run, deal, seat, progress, stop)
        except Cancelled:
            return {"stopped": True}
        finally:
            front.analyses.pop(n, None)
        return {"analysis": got.model_dump_json()}

    async def op_table__analysis_stop(self, front: Front, a: dict[str, Any]) -> Any:
        stop = front.analyses.get(int(a["sub"]))
        if stop is not None:
            stop.set()

    async def op_table__close(self, front: Front, a: dict[str, Any]) -> Any:
        h = front.handles.pop(int(a["handle"]), None)
        if h is not None:
            front._drop(h)

    # ------------------------------------------------------------ players
    def _players(self) -> PlayerDesk:
        if self.players is None:
            raise LobbyError("this server remembers no players", "gone")
        return self.players

    async def op_players__status(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().status(str(a["identity"]))

    async def op_players__arrive(self, front: Front, a: dict[str, Any]) -> Any:
        p = await self._players().arrive(str(a["identity"]), str(a["name"]), a["via"])
        return None if p is None else dump(Player, p)

    async def op_players__password_of(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().password_of(str(a["identity"]))

    async def op_players__name_free(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().name_free(str(a["name"]), str(a["identity"]))

    async def op_players__code_usable(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().code_usable(str(a["code"]))

    async def op_players__redeem(self, front: Front, a: dict[str, Any]) -> Any:
        got = await self._players().redeem(
            str(a["code"]), str(a["identity"]), str(a["name"]), _opt_str(a.get("password"))
        )
        return {"player": dump(Player, got)} if isinstance(got, Player) else {"refused": got}

    async def op_players__failed_code(self, front: Front, a: dict[str, Any]) -> Any:
        await self._players().failed_code(str(a["addr"]), str(a["user"]), str(a["why"]))

    async def op_players__keep_settings(self, front: Front, a: dict[str, Any]) -> Any:
        self._players().keep_settings(str(a["identity"]), load(PlayerSettings, a["settings"]))

    async def op_players__profile(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().profile(str(a["identity"]), public=bool(a.get("public")))

    async def op_players__leaderboard(self, front: Front, a: dict[str, Any]) -> Any:
        return await self._players().leaderboard(str(a["family"]), int(a.get("top", 20)))


def _opt_str(v: object) -> str | None:
    return None if v is None else str(v)


def _plain(fields: dict[str, object]) -> dict[str, Any]:
    """A sentence's fields as they cross (numbers and words as they are)."""
    return {
        k: v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
        for k, v in fields.items()
    }
