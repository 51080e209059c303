"""Helpers for the table tests: recording subscribers and waiting for conditions."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from shengji_tui.engine import CardDealt, Event, GameState, KittyBuried, KittyTaken, SeatView
from shengji_tui.table import SPECTATOR, Table, TableStatus


@dataclass
class Recorder:
    """A subscriber that checks, at every call, that the view is the seat's own."""

    table: Table
    seat: int | None
    versions: list[int] = field(default_factory=list)
    calls: int = 0
    problems: list[str] = field(default_factory=list)

    def check(self, view: SeatView, events: list[Event]) -> None:
        state = self.table.state  # the state this view was made for (called inline)
        self.calls += 1
        self.versions.append(view.version)
        if view.version != state.version:
            self.problems.append(f"view version {view.version} != state {state.version}")
        me = SPECTATOR if self.seat is None else self.seat
        if view.seat != me:
            self.problems.append(f"view of seat {view.seat} sent to {me}")
        want = () if self.seat is None else state.hands[self.seat]
        if Counter(view.hand) != Counter(want):
            self.problems.append(f"version {view.version}: a hand that is not the seat's own")
        for e in [*events, *view.log]:
            if isinstance(e, CardDealt) and e.card is not None and e.seat != me:
                self.problems.append(f"saw the card dealt to seat {e.seat}")
            if isinstance(e, (KittyTaken, KittyBuried)) and e.cards and e.seat != me:
                self.problems.append(f"saw seat {e.seat}'s kitty")

    def __call__(self, view: SeatView, events: list[Event], status: TableStatus) -> None:
        self.check(view, events)


# A wait's timeout catches a hang, not slowness: the suite under two busy loops
# (make test's flakiness check) takes up to three times as long to get there.
SLACK = 3


async def wait_until(
    cond: Callable[[], bool], timeout: float = 20.0, what: str = "condition"
) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout * SLACK
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.002)


def same_game(a: GameState, b: GameState) -> bool:
    return a.model_dump() == b.model_dump()
