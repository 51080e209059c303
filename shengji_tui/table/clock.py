"""The turn clock: how long the awaited human has for a decision, and the time
it is measured in.

A table with a `TurnClock` (settings.py) runs one `Clock` at a time: for the
human seat the game awaits (a play, a bid, naming trump, burying, calling a
friend, a kitty theft or overturn), or for the declaring window after the last
card (`seat` None: anyone may declare). It starts when the state starts
waiting (or the seat is taken back from 托管) and its deadline does not move
when nothing but a connection changes. Screens show `deadline - now` counting
down; the driver makes the stand-in bot's move when it is reached.

`Ticker` is the time the table runs in, its clock and its pace alike (the
delays between bots' moves and dealt cards, a bot's time to react, the pause
after a store failure): `MonotonicTicker` (the event loop's `time.monotonic`,
the same the screens count with) in play, a fake one in tests (advanced by
hand, so a timeout or a card happens when the test says).
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass
from itertools import islice
from typing import Protocol

from .. import rules
from ..engine import GameState, SeatView
from ..rules import TrumpContext
from .seats import Seats
from .settings import Pacing, TurnClock
from .views import ViewCache


@dataclass(frozen=True)
class Clock:
    """A running clock: `seat`'s decision (None: the declaring window) ends at
    `deadline` (the ticker's time), `seconds` after it started, in state
    `version`."""

    seat: int | None
    deadline: float
    seconds: float
    version: int

    def left(self, now: float) -> float:
        return max(0.0, self.deadline - now)


class Ticker(Protocol):
    """The time a table's clock runs in."""

    def now(self) -> float: ...

    async def wait(self, event: asyncio.Event, deadline: float) -> bool:
        """Wait until `event` is set (True) or `deadline` passes (False; an
        infinite deadline never does)."""
        ...


class MonotonicTicker:
    """`time.monotonic()`, waited for on the running event loop."""

    def now(self) -> float:
        return time.monotonic()

    async def wait(self, event: asyncio.Event, deadline: float) -> bool:
        left = deadline - time.monotonic()
        if event.is_set():
            return True
        if left <= 0:
            return False
        # (not asyncio.wait_for: on Python 3.11 it swallows a cancellation that
        # comes as the event is set, and the table's driver would not stop)
        waiter = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait({waiter}, timeout=None if math.isinf(left) else left)
        finally:
            waiter.cancel()
        return event.is_set()


def single_play(view: SeatView) -> bool:
    """The awaited seat has one legal play only (a forced follow, its last card)."""
    if view.phase != "playing" or view.awaiting != view.seat:
        return False
    hand = list(view.hand)
    if len(hand) <= 1:
        return True
    if not view.trick:
        return False  # a lead: any card of the hand
    lead = list(view.trick[0].cards)
    ctx = TrumpContext(view.level, view.trump_suit)
    try:
        options = list(islice(rules.legal_follows(view.rules, ctx, hand, lead), 2))
    except ValueError:
        return False
    return len(options) == 1


def decision_seconds(clock: TurnClock, state: GameState, view: SeatView) -> float:
    """How long the awaited seat has for the decision `state` waits for."""
    if state.phase == "burying":
        return clock.bury
    if single_play(view):
        return clock.single
    return clock.seconds


def clock_for(
    pacing: Pacing,
    state: GameState,
    seats: Seats,
    old: Clock | None,
    ticker: Ticker,
    views: ViewCache,
    *,
    held: bool,
) -> Clock | None:
    """The clock for what `state` waits for (None: no turn clock, nobody human
    to wait for): the same one (`old`) while it waits for the same decision (a
    connection that comes or goes moves nothing), a new one for a new decision
    or a seat taken back from 托管; the declaring window after the last card
    where humans sit, unless the deal is `held`."""
    tc = pacing.turn_clock
    if tc is None:
        return None
    seat = state.awaiting()
    if seat is not None:
        if not seats.human(seat):
            return None
        if old is not None and (old.seat, old.version) == (seat, state.version):
            return old
        secs = decision_seconds(tc, state, views.get(state, seat))
        return Clock(seat, ticker.now() + secs, secs, state.version)
    if state.phase == "declaring" and not seats.all_bots() and not held:
        if old is not None and (old.seat, old.version) == (None, state.version):
            return old
        secs = pacing.window
        return Clock(None, ticker.now() + secs, secs, state.version)
    return None
