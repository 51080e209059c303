"""What a session asks of the lobby's tables, by table id, and what it is told.

The registry (registry.py) keeps live rooms, tables and timers; nothing of
them leaves it. A session (its lobby app, its table app, the session itself)
reaches it only through `LobbyLike`:

- reads are of immutable snapshots: `RoomView` (a room as the lobby shows it:
  its seats as `SlotView`s, who is here, who is in 托管, its game's
  `Progress`), made when asked or when something changed;
- a change notice carries the listing it is about (`subscribe`), a notice
  for a player carries its sentence's key and fields (`subscribe_notices`);
- what changes something is awaited and refused with a `LobbyError` (its
  catalogue key and fields), a chat line with a `ChatRefused`;
- a session is here by its id (`attach`, `detach`): the registry tells a
  session to go or shows it a notice through `SessionRoutes`, never by
  holding the session itself;
- a table is reached by id too: `open_table` (a seat's: the `TableLike` the
  table app is given) and `watch_table` (a spectator's: what that spectator
  may see, and nothing else).

`LobbyDesk` (lobbydesk.py) is the registry's own; everything here is plain
data (dataclasses of str, int, bool) so that a session in another process
can be given the same by a proxy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ..table import TableSettings
from ..table.notes import Note
from ..tui.contract import TableLike, WatchLike

RoomStatus = Literal["waiting", "playing", "finished"]
SlotKind = Literal["empty", "human", "bot"]


@dataclass(frozen=True)
class SlotView:
    """A seat of a room as the lobby shows it."""

    kind: SlotKind = "empty"
    name: str = ""
    identity: str | None = None  # a human's
    level: str | None = None  # a bot's
    ready: bool = False
    show_hand: bool = False  # the player lets spectators see their hand
    here: bool = False  # a session of the seat's player is here now
    on_auto: bool = False  # in 托管 at the playing table


@dataclass(frozen=True)
class Progress:
    """A playing table's game, as far as the lobby tells it."""

    phase: str
    deal_no: int
    trick_no: int
    version: int  # the moves made


@dataclass(frozen=True)
class RoomView:
    """A room (a table of the lobby) at one moment: never changes."""

    table_id: str
    number: int
    preset: str  # the rules' name (a preset's, or a rules file's own)
    players: int
    status: RoomStatus
    slots: tuple[SlotView, ...]
    spectators: int = 0
    progress: Progress | None = None  # while playing

    def seat_of(self, identity: str) -> int | None:
        for s, slot in enumerate(self.slots):
            if slot.kind == "human" and slot.identity == identity:
                return s
        return None

    def free_seats(self) -> list[int]:
        return [s for s, slot in enumerate(self.slots) if slot.kind == "empty"]

    @property
    def taken(self) -> int:
        return sum(1 for s in self.slots if s.kind != "empty")


class LobbyError(Exception):
    """A lobby request that cannot be done now; `str(e)` is a sentence (English).

    `key` names the sentence in the text catalogue (`lobby.error.<key>`, with
    `fields` as its placeholders) so the lobby can say it in the player's language."""

    def __init__(self, text: str, key: str = "", **fields: object) -> None:
        super().__init__(text)
        self.key = key
        self.fields = fields


Listing = tuple[RoomView, ...]
ListingCallback = Callable[[Listing], None]
NoticeCallback = Callable[[str, dict[str, object]], None]


class SessionRoutes(Protocol):
    """How the registry reaches a session it knows by id (the server's)."""

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        """The session goes (`reason`: its `[session]` sentence's key)."""

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        """Show the session the `[notice]` sentence `key`; False: no such session."""


class NoRoutes:
    """A registry with no sessions to reach (tests, tools)."""

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        pass

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        return False


class LobbyLike(Protocol):
    """What a session needs of the lobby's tables (see the module docstring)."""

    @property
    def bot_levels(self) -> tuple[str, ...]: ...  # the bots this server offers

    @property
    def default_options(self) -> TableSettings: ...  # what the new-table dialog starts from

    # ------------------------------------------------------------ reading
    def listing(self) -> Listing: ...  # the unfinished rooms, by number

    def room(self, table_id: str) -> RoomView: ...  # LobbyError "gone" when it is not there

    def find_seat(self, identity: str) -> tuple[RoomView, int] | None: ...

    def subscribe(self, callback: ListingCallback) -> Callable[[], None]: ...

    def subscribe_notices(self, identity: str, callback: NoticeCallback) -> Callable[[], None]: ...

    def listen(self, table_id: str, callback: Callable[[Note], object]) -> Callable[[], None]: ...

    async def recent_notes(self, table_id: str) -> Sequence[Note]: ...

    # ------------------------------------------------------------ changing (LobbyError)
    async def check_limits(self, identity: str, origin: str | None = None) -> None: ...

    async def check_watch(self, table_id: str) -> None: ...

    async def create(
        self, settings: TableSettings, identity: str, name: str, origin: str | None = None
    ) -> RoomView: ...

    async def sit(self, table_id: str, seat: int | None, identity: str, name: str) -> int: ...

    async def leave(self, identity: str) -> None: ...

    async def add_bots(self, table_id: str, level: str) -> None: ...

    async def set_ready(self, table_id: str, identity: str, ready: bool) -> None: ...

    async def set_show_hand(self, table_id: str, identity: str, on: bool) -> None: ...

    # a chat line in a room (`version`: the game's move, 0 in a waiting room)
    async def say(
        self, table_id: str, identity: str, name: str, seat: int | None, text: str
    ) -> Note: ...

    # ------------------------------------------------------------ sessions
    async def attach(self, table_id: str, seat: int, session_id: str) -> None: ...

    async def detach(
        self, table_id: str, seat: int, session_id: str, *, left: bool = False
    ) -> None: ...

    # the table of `seat`, for the session attached there (LobbyError otherwise)
    async def open_table(self, table_id: str, seat: int, session_id: str) -> TableLike: ...

    # a spectator's seat at a playing table (LobbyError: gone, or as many
    # spectators as it may have); counted among its spectators until released
    async def watch_table(
        self, table_id: str, name: str, identity: str, session_id: str
    ) -> WatchedLike: ...


class WatchedLike(TableLike, WatchLike, Protocol):
    """A spectator's seat: the table app's table and its `WatchLike` in one;
    `release()` when the spectator leaves (nothing of it stays subscribed)."""

    def release(self) -> None: ...
