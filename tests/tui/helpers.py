"""Helpers for the TUI tests: the fixed game states of `states` (built through
the engine), a static table (the Table interface without a driver, so
snapshots never race a bot), and a wait-until for Pilot tests."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from shengji_tui.engine import (
    Command,
    GameState,
    apply,
    events_for,
    review_for,
    view_for,
)
from shengji_tui.engine.events import Event
from shengji_tui.table import ClockStatus, SeatInfo, TableStatus
from shengji_tui.table.plan import plan
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from .states import (  # the states, as H.following_state () ...
    NAMES,
    SEAT_NAMES,
    bots,
    bury_cheap,
    burying_state,
    dealing_state,
    declare_options,
    failing_throw_state,
    finished_state,
    following_state,
    illegal_follow,
    play_cards,
    run_until,
    scored_state,
    scored_state_no_capture,
    theft_state,
    trick_state,
)

__all__ = [
    "NAMES",
    "SEAT_NAMES",
    "Seat",
    "StaticTable",
    "bots",
    "bury_cheap",
    "burying_state",
    "dealing_state",
    "declare_options",
    "failing_throw_state",
    "finished_state",
    "following_state",
    "illegal_follow",
    "play_cards",
    "run_until",
    "scored_state",
    "scored_state_no_capture",
    "static_app",
    "theft_state",
    "trick_state",
    "wait_until",
]


@dataclass
class Seat:
    kind: str
    name: str
    connected: bool = True
    on_auto: bool = False


class StaticTable:
    """The `Table` interface (`tui.contract.TableLike`) over a fixed state:
    commands apply, nothing else moves."""

    table_id = "static"
    declare_window: float | None = None
    trouble: Any = None
    clock: Any = None  # no turn clock (a `table.Clock`: its deadline this process's)
    card_counter = True
    deal_held = False  # (held or not, nothing deals here: a hold is only noted)

    def __init__(self, state: GameState, names: list[str] | None = None, humans=(0,)) -> None:
        self.state = state
        self.start_state = state
        players = state.rules.players
        names = names or (NAMES if players == 4 else SEAT_NAMES[:players])
        self.seats = [Seat("human" if s in humans else "bot", names[s]) for s in range(players)]
        self._subs: list[tuple[int | None, Callable[..., Any]]] = []
        self.submitted: list[Command] = []
        self.source: Any = None  # the coach's game (`coach.service.Source`; None: none)

    @property
    def finished(self) -> bool:
        return self.state.phase == "finished"

    def status(self) -> TableStatus:
        """The seats, the clock (seconds left now) and the hold, as a table tells."""
        c = self.clock
        clock = None
        if c is not None:
            clock = ClockStatus(c.seat, c.left(time.monotonic()), c.seconds, c.version)
        seats = tuple(SeatInfo(s.kind, s.name, s.connected, s.on_auto) for s in self.seats)
        return TableStatus(seats, clock, self.deal_held)

    async def tell(self) -> None:
        """Every subscriber hears the table's status now (its view, no events)."""
        for s, cb in list(self._subs):
            res = cb(self.view(s), [], self.status())
            if inspect.isawaitable(res):
                await res

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        if hold != self.deal_held:
            self.deal_held = hold
            await self.tell()

    def on_trouble(self, callback: Callable[[Any], Any]) -> Callable[[], None]:
        return lambda: None

    def listen(self, callback: Callable[[Any], Any]) -> Callable[[], None]:
        return lambda: None

    def recent_notes(self) -> list[Any]:
        return []

    async def say(self, seat: int | None, name: str, text: str, sender: str | None = None) -> Any:
        raise AssertionError("a static table has no chat")

    async def reclaim(self, seat: int) -> bool:
        return False

    def view(self, seat: int | None):
        return view_for(self.state, 0 if seat is None else seat)

    def review(self, seat: int):
        return review_for(self.state, seat)

    async def reviews(self, seat: int):
        return [review_for(self.state, seat)]

    def coach_source(self) -> Any:
        return self.source

    def subscribe(self, seat, callback):
        entry = (seat, callback)
        self._subs.append(entry)
        return lambda: self._subs.remove(entry) if entry in self._subs else None

    async def submit(self, seat: int, command: Command) -> list[Event]:
        self.state, events = apply(self.state, command)
        self.submitted.append(command)
        for s, cb in list(self._subs):
            seen = events_for(events, s if s is not None else 0, self.state)
            res = cb(self.view(s), seen, self.status())
            if inspect.isawaitable(res):
                await res
        return events_for(events, seat, self.state)

    async def jump(self, state: GameState) -> None:
        """The table is at `state` now: every subscriber is told its view (no events,
        as after a take-back)."""
        self.state = self.start_state = state
        self.submitted = []
        await self.tell()

    async def take_back(self, seat: int) -> int:
        """As `Table.take_back`, over the commands submitted here."""
        from shengji_tui.table import TakeBackRefused
        from shengji_tui.table.takeback import take_back_point

        if sum(s.kind == "human" for s in self.seats) > 1:
            raise TakeBackRefused("hotseat", "several humans")
        k = take_back_point(self.submitted, seat)
        if k is None:
            raise TakeBackRefused("nothing", "no move")
        self.submitted = self.submitted[:k]
        state = self.start_state
        for cmd in self.submitted:
            state, _ = apply(state, cmd)
        self.state = state
        await self.tell()
        return state.version

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass


def static_app(state: GameState, **kw: Any) -> tuple[ShengjiApp, StaticTable]:
    table = StaticTable(state)
    kw.setdefault("theme", "shengji")
    app = ShengjiApp(table, Solo(0), AppSetup(**kw))
    return app, table


# A wait's timeout catches a hang, not slowness: the suite under two busy loops
# (make test's flakiness check) takes up to three times as long to get there.
SLACK = 3


async def wait_until(
    pilot, cond: Callable[[], bool], timeout: float = 20.0, what: str = ""
) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout * SLACK
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or cond}")
        await pilot.pause(0.01)


def bot_steps(state: GameState, seed: int = 0) -> Iterator[tuple[GameState, list[Event]]]:
    """Each step of a deal played on from `state` by random bots (seat s seeded
    `seed * 8 + s`), as (the state after it, its events), up to the deal's end
    (the scoring's state not given: the result is another screen)."""
    from shengji_tui.bots import RandomBot

    bots = {s: RandomBot(seed=seed * 8 + s) for s in range(state.rules.players)}
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        if step is None or step.state.phase in ("scoring", "finished"):
            return
        state = step.state
        yield state, list(step.events)


def toasts(app: Any) -> list[str]:
    """What the app tells the player in toasts from now on (its `notify`)."""
    said: list[str] = []
    real = app.notify

    def notify(message: str, **kw: Any) -> None:
        said.append(message)
        real(message, **kw)

    app.notify = notify
    return said
