"""`LobbyDesk`: the registry's side of `lobbyapi.LobbyLike`, in its process.

Every call names a table by id and gets snapshots (`RoomView`) back; the live
`Room`, its `Table`, its timers and chat channel stay in the `Registry`.
Change notices carry the listing they are about, made once per change for
every listener. The table apps are given the table as `TableLike` (a seat's:
the `Table` itself in this process) or a `WatchedTable` (a spectator's).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..bots import bot_level
from ..table import TableSettings
from ..table.notes import Note
from ..tui.contract import TableLike
from .lobbyapi import Listing, ListingCallback, LobbyLike, NoticeCallback, RoomView, WatchedLike
from .registry import LobbyError, Registry, Room
from .watching import WatchedTable


class LobbyDesk:
    """The lobby's tables by id, for the sessions (see the module docstring)."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._listeners: list[ListingCallback] = []
        self._unsubscribe: Callable[[], None] | None = None

    # ------------------------------------------------------------ reading
    @property
    def bot_levels(self) -> tuple[str, ...]:
        return self.registry.bot_levels

    @property
    def default_options(self) -> TableSettings:
        return self.registry.default_options

    def listing(self) -> Listing:
        return tuple(r.view() for r in self.registry.listing())

    def room(self, table_id: str) -> RoomView:
        return self._room(table_id).view()

    def find_seat(self, identity: str) -> tuple[RoomView, int] | None:
        found = self.registry.find_seat(identity)
        return None if found is None else (found[0].view(), found[1])

    def _room(self, table_id: str) -> Room:
        return self.registry.room(table_id)  # (LobbyError "gone")

    def subscribe(self, callback: ListingCallback) -> Callable[[], None]:
        """`callback(listing)` after every change of the lobby."""
        self._listeners.append(callback)
        if self._unsubscribe is None:
            self._unsubscribe = self.registry.subscribe(self._changed)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(callback)

        return unsubscribe

    def _changed(self) -> None:
        if not self._listeners:
            return
        listing = self.listing()  # (once for every listener)
        for cb in list(self._listeners):
            cb(listing)

    def subscribe_notices(self, identity: str, callback: NoticeCallback) -> Callable[[], None]:
        return self.registry.subscribe_notices(identity, callback)

    def listen(self, table_id: str, callback: Callable[[Note], object]) -> Callable[[], None]:
        """`callback(note)` for what is said at the room (its waiting room, its table)."""
        try:
            room = self._room(table_id)
        except LobbyError:
            return lambda: None
        return room.channel.listen(callback)

    async def recent_notes(self, table_id: str) -> Sequence[Note]:
        try:
            return self._room(table_id).channel.recent()
        except LobbyError:
            return []

    # ------------------------------------------------------------ changing
    async def check_limits(self, identity: str, origin: str | None = None) -> None:
        self.registry.check_limits(identity, origin)

    async def check_watch(self, table_id: str) -> None:
        room = self._room(table_id)
        if room.table is None:
            raise LobbyError("only a table that plays can be watched", "not_playing")
        self.registry.check_watch(room)

    async def create(
        self, settings: TableSettings, identity: str, name: str, origin: str | None = None
    ) -> RoomView:
        return self.registry.create(settings, identity, name, origin).view()

    async def sit(self, table_id: str, seat: int | None, identity: str, name: str) -> int:
        return self.registry.sit(self._room(table_id), seat, identity, name)

    async def leave(self, identity: str) -> None:
        self.registry.leave(identity)

    async def add_bots(self, table_id: str, level: str) -> None:
        if level not in self.registry.bot_levels:
            raise LobbyError("this server offers no such bot", "unknown_bot")
        self.registry.add_bots(self._room(table_id), bot_level(level))

    async def set_ready(self, table_id: str, identity: str, ready: bool) -> None:
        self.registry.set_ready(self._room(table_id), identity, ready)

    async def set_show_hand(self, table_id: str, identity: str, on: bool) -> None:
        self.registry.set_show_hand(self._room(table_id), identity, on)

    async def say(
        self, table_id: str, identity: str, name: str, seat: int | None, text: str
    ) -> Note:
        """`name` says `text` at the room (ChatRefused with its sentences)."""
        room = self._room(table_id)
        version = room.table.state.version if room.table is not None else 0
        return room.channel.say(
            identity, name, seat, text, now=time.monotonic(), at=time.time(), version=version
        )

    # ------------------------------------------------------------ sessions
    async def attach(self, table_id: str, seat: int, session_id: str) -> None:
        self.registry.attach(self._room(table_id), seat, session_id)

    async def detach(
        self, table_id: str, seat: int, session_id: str, *, left: bool = False
    ) -> None:
        room = self.registry.rooms.get(table_id)  # (a finished one too: its seat goes)
        if room is not None:
            self.registry.detach(room, seat, session_id, left=left)

    async def open_table(self, table_id: str, seat: int, session_id: str) -> TableLike:
        room = self._room(table_id)
        if room.table is None or room.status != "playing":
            raise LobbyError("that table is not playing", "not_playing")
        if room.holders.get(seat) != session_id:  # (a seat's table is its session's only)
            raise LobbyError("that table is gone", "gone")
        return room.table

    async def watch_table(
        self, table_id: str, name: str, identity: str, session_id: str
    ) -> WatchedLike:
        room = self._room(table_id)
        if room.table is None:
            raise LobbyError("only a table that plays can be watched", "not_playing")
        self.registry.count_spectator(room, 1)  # (LobbyError past the table's spectators)
        registry = self.registry

        def gone() -> None:
            registry.count_spectator(room, -1)

        return WatchedTable(room, registry, name, identity, on_release=gone)


if TYPE_CHECKING:  # mypy checks the desk is what a session is given

    def _conforms(d: LobbyDesk) -> LobbyLike:
        return d
