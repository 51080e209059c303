"""A spectator's seat at a table: what the one table app shows a spectator (旁观).

`WatchedTable` is given to `ShengjiApp` as its table (`contract.TableLike`)
and as its spectator's seat (`contract.WatchLike`); the app has no other way
to the `Table`, so what it hands out is all a spectator can ever see:

- the public table (`Table.view(None)`: no hand, no face-down declaration, the
  kitty only once the deal is scored; the three players' shown kitty is
  public), and the public feed for the log;
- one seat's own view (its hand; the kitty while that seat holds it) while the
  spectator follows that seat and its player lets spectators see their hand
  (`Registry.shows_hand`): kibitzing, behind a friend's shoulder. Every view
  of the seat is checked against the permission as it is delivered, and when
  the player takes it back (or leaves the seat to a bot) the public view is
  delivered at once, in the same call that changed it;
- nothing it may send: `submit`, `take_back`, `hold_deal` and `reclaim` refuse
  or do nothing (the app's keys are off too). It may talk: `say` signs the
  words as a spectator's (`ChatNote.seat` None).

`release()` drops every subscription (the table itself plays on).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..coach.service import Source
from ..engine import Command, DealReview, Event, RuleError, SeatView, events_for, review_of
from ..table import (
    SPECTATOR,
    DriverStopped,
    StoreTrouble,
    Table,
    TableStatus,
    TakeBackRefused,
)
from ..table.notes import Note
from .registry import Registry, Room

if TYPE_CHECKING:
    from ..tui.contract import TableLike, WatchLike

Callback = Callable[[SeatView, list[Event], TableStatus], Any]


class WatchRefused(RuleError):
    """A spectator's move: never taken."""


class WatchedTable:
    """A spectator's seat at `room`'s table (see the module docstring)."""

    def __init__(
        self,
        room: Room,
        registry: Registry,
        name: str,
        identity: str,
        *,
        on_release: Callable[[], None] | None = None,
    ) -> None:
        table = room.table
        if table is None:
            raise ValueError("a table that is not playing cannot be watched")
        self.room = room
        self.registry = registry
        self.table: Table = table
        self._name = name
        self._sender = "watch:" + identity  # (the chat's rate is counted per spectator)
        self._following: int | None = None
        self._shown: list[Callback] = []  # the app's callbacks for the view shown
        self._public_sub: Callable[[], None] | None = None
        self._seat_sub: Callable[[], None] | None = None
        self._unregister: Callable[[], None] | None = registry.subscribe(self._changed)
        self._released = False
        self._on_release = on_release  # (once: the spectator is no longer counted)

    # ------------------------------------------------------------ WatchLike
    @property
    def name(self) -> str:
        return self._name

    @property
    def following(self) -> int | None:
        """The seat followed now (None: the public table)."""
        return self._following

    def may_follow(self, seat: int) -> bool:
        return self.registry.shows_hand(self.room, seat)

    def follow(self, seat: int | None) -> str | None:
        """Follow `seat`'s own view (None: the public table only); the view is
        delivered to the app's callbacks now. A refusal's catalogue key when the
        seat's player does not let spectators see their hand."""
        if seat is not None and not self.may_follow(seat):
            return "watch.not_allowed"
        if seat == self._following:
            return None
        self._drop_seat()
        self._following = seat
        if seat is not None and self._shown:
            self._seat_sub = self.table.subscribe(seat, self._on_seat)
        self._tell_shown(self.view(0), [], self.table.status())
        return None

    def _shown_seat(self) -> int | None:
        """The seat whose own view is shown now (checked every time it is asked)."""
        f = self._following
        return f if f is not None and self.may_follow(f) else None

    def _changed(self) -> None:
        """The lobby changed (a player's choice, a seat given to a bot): a seat
        followed that may no longer be seen is dropped, and the public view shown."""
        if self._following is not None and not self.may_follow(self._following):
            self._drop_seat()
            self._following = None
            self._tell_shown(self.table.view(None), [], self.table.status())

    def _drop_seat(self) -> None:
        if self._seat_sub is not None:
            self._seat_sub()
            self._seat_sub = None

    def _tell_shown(self, view: SeatView, events: list[Event], status: TableStatus) -> None:
        for cb in list(self._shown):
            cb(view, events, status)

    def _on_public(self, view: SeatView, events: list[Event], status: TableStatus) -> None:
        if self._shown_seat() is None:
            self._tell_shown(view, events, status)

    def _on_seat(self, view: SeatView, events: list[Event], status: TableStatus) -> None:
        f = self._shown_seat()
        if f is not None and view.seat == f:
            self._tell_shown(view, events, status)

    def release(self) -> None:
        """The spectator leaves: nothing of it stays subscribed."""
        self._released = True
        on_release, self._on_release = self._on_release, None
        if on_release is not None:
            on_release()
        self._drop_seat()
        self._shown.clear()
        if self._public_sub is not None:
            self._public_sub()
            self._public_sub = None
        if self._unregister is not None:
            self._unregister()
            self._unregister = None

    # ------------------------------------------------------------ TableLike: reading
    @property
    def table_id(self) -> str:
        return self.table.table_id

    def status(self) -> TableStatus:
        return self.table.status()

    @property
    def declare_window(self) -> float | None:
        return self.table.declare_window

    @property
    def trouble(self) -> StoreTrouble | DriverStopped | None:
        return self.table.trouble

    @property
    def card_counter(self) -> bool:
        return self.table.card_counter

    def view(self, seat: int | None) -> SeatView:
        """None: the public table (the log's feed); a seat: the view shown (the
        seat followed, while its player lets spectators see it, else the public one)."""
        shown = None if seat is None else self._shown_seat()
        return self.table.view(shown)

    def review(self, seat: int) -> DealReview:
        """The deal in play as the spectator may review it: the seat followed's
        own review, every hand once the deal is scored, else the tricks alone."""
        shown = self._shown_seat()
        if shown is not None:
            return self.table.review(shown)
        state = self.table.state
        if state.result is not None:
            return self.table.review(0)  # (scored: nothing of the deal is hidden)
        return review_of(state.rules, events_for(state.log, SPECTATOR, state), SPECTATOR)

    async def reviews(self, seat: int) -> list[DealReview]:
        """The match's finished deals (nothing of them is hidden any more), then
        the deal in play as `review` gives it."""
        return [*self.table.reviews_now(0)[:-1], self.review(seat)]

    def coach_source(self) -> Source | None:
        """None: a spectator analyses nobody's decisions."""
        return None

    def subscribe(self, seat: int | None, callback: Callback) -> Callable[[], None]:
        """None: the public feed. A seat: the view shown, whichever it is now."""
        if seat is None:
            return self.table.subscribe(None, callback)
        if self._released:
            return lambda: None
        self._shown.append(callback)
        if self._public_sub is None:
            self._public_sub = self.table.subscribe(None, self._on_public)
        if self._following is not None and self._seat_sub is None:
            self._seat_sub = self.table.subscribe(self._following, self._on_seat)

        def unsubscribe() -> None:
            if callback in self._shown:
                self._shown.remove(callback)

        return unsubscribe

    def on_trouble(
        self, callback: Callable[[StoreTrouble | DriverStopped | None], Any]
    ) -> Callable[[], None]:
        return self.table.on_trouble(callback)

    def listen(self, callback: Callable[[Note], Any]) -> Callable[[], None]:
        return self.table.listen(callback)

    def recent_notes(self) -> Sequence[Note]:
        return self.table.recent_notes()

    # ------------------------------------------------------------ what a spectator may do
    async def say(self, seat: int | None, name: str, text: str, sender: str | None = None) -> Note:
        """Said as a spectator, signed with its name (whatever is asked)."""
        return await self.table.say(None, self._name, text, sender=self._sender)

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        """A spectator holds no deal."""

    async def reclaim(self, seat: int) -> bool:
        return False  # (no seat of its own to take back)

    async def submit(self, seat: int, command: Command) -> list[Event]:
        raise WatchRefused("A spectator makes no move.", "旁观者不能行动。")

    async def take_back(self, seat: int) -> int:
        raise TakeBackRefused("remote", "a spectator takes nothing back")

    async def start(self) -> None:
        """The table runs already (its registry started it)."""

    async def close(self) -> None:
        """The app is done with it: the table plays on, the spectator leaves."""
        self.release()


if TYPE_CHECKING:  # mypy checks the spectator's seat is what the app needs

    def _conforms(w: WatchedTable) -> tuple[TableLike, WatchLike]:
        return w, w
