"""Who a table tells of its changes, and what it tells them.

After every change (a move, a seat, a hold, a take-back) each subscriber gets
its seat's new view, the events as that seat may see them, and the table's
`TableStatus` (its seats, its turn clock in seconds left, whether the deal is
held), so that whoever shows the table needs to ask it nothing between
updates (a session in another process included). A plain callback is called
in order, inline; one that returns an awaitable has its awaitables awaited in
order by a task of its own, so a slow subscriber never holds up the table or
the other subscribers. Trouble listeners (`on_trouble`) hear of the table's
store failing and of its driver stopping (trouble.py).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..engine import GameState, SeatView, events_for
from ..engine.events import Event
from .seats import SeatInfo
from .views import SPECTATOR, ViewCache

log = logging.getLogger("shengji_tui.table")

__all__ = ["Callback", "ClockStatus", "Subscribers", "TableStatus"]

Callback = Callable[[SeatView, list[Event], "TableStatus"], Awaitable[None] | None]


@dataclass(frozen=True)
class ClockStatus:
    """The running turn clock as a subscriber is told it: `seat`'s decision
    (None: the declaring window) has `left` seconds to go when told (not a
    deadline: the table's time is not the reader's), of `seconds`, in state
    `version`."""

    seat: int | None
    left: float
    seconds: float
    version: int


@dataclass(frozen=True)
class TableStatus:
    """What the table says of itself with every update, beside the view: each
    seat as the players see it, the turn clock (None: none runs), whether
    someone holds the deal."""

    seats: tuple[SeatInfo, ...]
    clock: ClockStatus | None = None
    deal_held: bool = False


class _Subscriber:
    def __init__(self, seat: int | None, callback: Callback) -> None:
        self.seat = seat
        self.callback = callback
        self.queue: asyncio.Queue[Awaitable[None] | None] | None = None
        self.task: asyncio.Task[None] | None = None


class Subscribers(list[_Subscriber]):
    """A table's subscribers, in the order they came (a list: its length is how
    many there are)."""

    def __init__(self, table_id: str, views: ViewCache) -> None:
        super().__init__()
        self.table_id = table_id
        self.views = views  # the table's cache of its seats' views

    def add(self, seat: int | None, callback: Callback) -> Callable[[], None]:
        """Call `callback(view, events, status)` after every change; returns the
        unsubscriber."""
        sub = _Subscriber(seat, callback)
        self.append(sub)

        def unsubscribe() -> None:
            if sub in self:
                self.remove(sub)
            if sub.queue is not None:
                sub.queue.put_nowait(None)

        return unsubscribe

    def prepare(self, state: GameState) -> None:
        """Work out every subscriber's view of `state` now (before it is adopted)."""
        for sub in list(self):
            self.views.get(state, sub.seat)

    def notify(self, state: GameState, events: list[Event], status: TableStatus) -> None:
        """Tell everyone `state` (each its seat's view), `events` (as each may see
        them) and `status`."""
        for sub in list(self):
            view = self.views.get(state, sub.seat)
            seen = events_for(events, SPECTATOR if sub.seat is None else sub.seat, state)
            self._deliver(sub, view, seen, status)

    def _deliver(
        self, sub: _Subscriber, view: SeatView, events: list[Event], status: TableStatus
    ) -> None:
        try:
            result = sub.callback(view, events, status)
        except Exception:
            log.exception("table %s: a subscriber of seat %s failed", self.table_id, sub.seat)
            return
        if result is None or not inspect.isawaitable(result):
            return
        if sub.queue is None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                log.warning("table %s: an async subscriber outside an event loop", self.table_id)
                if inspect.iscoroutine(result):
                    result.close()
                return
            sub.queue = asyncio.Queue()
            sub.task = asyncio.create_task(self._pump(sub), name=f"table-{self.table_id}-sub")
        sub.queue.put_nowait(result)

    async def _pump(self, sub: _Subscriber) -> None:
        assert sub.queue is not None
        while True:
            item = await sub.queue.get()
            if item is None:
                return
            try:
                await item
            except Exception:
                log.exception("table %s: a subscriber of seat %s failed", self.table_id, sub.seat)

    async def close(self) -> None:
        """Let each subscriber take what was sent to it (2 s at most), then drop
        them all."""
        for sub in list(self):
            if sub.queue is not None and sub.task is not None:
                sub.queue.put_nowait(None)
                try:
                    await asyncio.wait_for(asyncio.shield(sub.task), 2.0)
                except TimeoutError:
                    sub.task.cancel()
        self.clear()
