"""`Table`: one authoritative game for asyncio callers (TUI sessions, SSH, bots).

Made from a `TableSettings` (settings.py: the rules, the seed, who sits where,
the pacing), or, restored, from its stored log replayed (`restore`: persist.py
`resume`, then `Table(settings, resumed=...)`). `Table` is a `TableGame`
(game.py: the game, its seats, commands, take-back, notes, subscribers) and
its driver (here). Its parts, each in its module:

- who sits where: one immutable `Seats` record (seats.py; `seating`, `seats`),
  changed by one method per change and taken by `_reseat` alone; the bots
  that play follow it (`SeatBots`);
- every change goes through one `asyncio.Lock`: commands from all seats and
  the driver's own are applied one at a time, in order;
- durable: with a `Store`, `submit` returns only once the command and its
  events (and the summary of a deal it scores) are on disk (persist.py);
- subscribers (subscribers.py) get their seat's new view, the events as that
  seat may see them and the table's `TableStatus` after every change;
- the driver task (`start`) plays the table's own steps and the bots' moves
  as `plan.plan` says, at the pace of pace.py, and waits for humans, in the
  time of one injected `Ticker` (clock.py), which runs the turn clock too:
  when a human's runs out the stand-in bot makes the move; after
  `TurnClock.limit` timeouts in a row the seat is in 托管 (`on_auto`) until
  `reclaim(seat)` or a move of its own;
- a human may hold the deal (`hold_deal`): no card is dealt and the
  declarations stay open while anyone holds it (not stored);
- trouble (trouble.py): a store write of the driver's that fails is tried
  again; any other failure of the driver stops the table for good (set aside
  in the store, `DriverStopped`, commands refused: `TableStopped`);
- `channel` (notes.py): what is said beside the game and what the table says
  of its clock, told to `listen`ers and kept in the store's notes;
- `meta`: what the table's owner records beside the game in the store.

Bot-only tables are deterministic: the driver's choices are `plan.plan`, a
function of the state and the bots, and a bot decides from its seed and the
view only; a table rebuilt from its log continues exactly as the original.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import Unpack

from ..engine import GameState
from ..store import StoreError
from .game import DEALING, TableGame, TableOptions
from .notes import TimeoutNote
from .pace import Pace
from .persist import Resumed, result_of
from .plan import Step, bot_move, plan
from .seats import SeatInfo
from .settings import DEFAULT_DECLARE_WINDOW, TableSettings
from .subscribers import ClockStatus, TableStatus
from .trouble import RETRY_DELAYS, DriverStopped, StoreTrouble, TableStopped, store_trouble
from .views import ViewCache

log = logging.getLogger("shengji_tui.table")

__all__ = [
    "DEFAULT_DECLARE_WINDOW",
    "RETRY_DELAYS",
    "ClockStatus",
    "DriverStopped",
    "Resumed",
    "SeatInfo",
    "StoreTrouble",
    "Table",
    "TableStatus",
    "TableStopped",
    "result_of",
]


class Table(TableGame):
    """One authoritative game (`TableGame`, game.py) and its driver: the task
    (`start`) that plays the table's own steps (deal, close the declarations,
    the next deal of a table of bots) and the bots' moves as `plan.plan` says,
    at the pace of pace.py, waits for humans (and makes a timed-out human's
    move), rides out the store's failures and sets the table aside when it
    fails otherwise."""

    def __init__(self, settings: TableSettings, **options: Unpack[TableOptions]) -> None:
        """A table of `settings`, its driver not started (`TableGame.__init__`:
        `options` are its `TableOptions`)."""
        super().__init__(settings, **options)
        self._bot_views = ViewCache()  # for the driver's planning (its worker thread)
        self._task: asyncio.Task[None] | None = None
        self._error: BaseException | None = None
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._pace = Pace(self.seed)  # the driver's delays, the bots' reactions

    async def start(self) -> None:
        """Start the driver (deals, closes declaring, lets bots play). Idempotent."""
        if self._task is not None or self._closed:
            return
        if self.finished:
            self._done.set()
        self._refresh_clock()
        if self._clock is not None:  # (its subscribers learn it runs)
            self._notify([])
        self._task = asyncio.create_task(self._drive(), name=f"table-{self.table_id}")

    async def _drive(self) -> None:
        try:
            await self._drive_loop()
        except asyncio.CancelledError:
            raise
        except BaseException as e:
            log.exception("table %s: the driver stopped", self.table_id)
            self._error = e
            await self._set_aside(e)
            self._done.set()

    async def _pause(self, seconds: float) -> bool:
        """Wait `seconds` in the table's time (its ticker's; `math.inf`: until a
        change); True when a change (a move, a seat, a hold) ended it."""
        return await self._ticker.wait(self._changed, self._ticker.now() + seconds)

    async def _drive_loop(self) -> None:
        while not self._closed:
            self._changed.clear()
            st = self._state
            if st.phase == "finished":
                self._done.set()
                return
            gen = self._seats.gen
            all_bots = self._all_bots()
            if st.phase not in DEALING:
                self._holds.clear()
            react = not all_bots and self._settings.pacing.declare_delay > 0
            bots = self._bots.playing(self._seats)  # (seats in 托管 included)
            if bots:  # bots think in a worker thread, off the event loop
                step = await asyncio.to_thread(
                    plan,
                    st,
                    bots,
                    all_bots=all_bots,
                    views=self._bot_views,
                    react=react,
                )
            else:  # only the table's own steps (deal, close): cheap, and no thread hop
                step = plan(st, {}, all_bots=all_bots, views=self._bot_views)
            if step is None:
                self._pace.clear()
                if self._state is st and self._seats.gen == gen:
                    await self._wait_for_human(st, gen)
                continue
            pacing = self._settings.pacing
            step, react_in = self._pace.react(step, st, self._ticker.now(), pacing)
            delay = self._pace.delay(step, pacing, all_bots=all_bots, held=self.deal_held)
            wait = delay if react_in is None else min(delay, react_in)
            woken = wait > 0 and await self._pause(wait)
            if woken or wait < delay or self._state is not st or self._seats.gen != gen:
                continue  # a change (a move, a seat, a hold) or a bot's time to declare
            try:
                await self._shielded(self._act(step, st, gen))
            except (StoreError, OSError) as e:
                await self._store_failed(e)
            if step.kind == "declare" and step.seat is not None:
                self._pace.declared(step.seat)  # (another one is a new reaction)

    async def _act(self, step: Step, planned: GameState, gen: int) -> None:
        async with self._lock:
            if self._state is not planned or self._seats.gen != gen:
                return
            await self._commit(step.command, step.state, step.events)

    async def _wait_for_human(self, st: GameState, gen: int) -> None:
        """Wait for a change; at a table with a clock, until the clock of the
        human it waits for runs out, then the stand-in bot makes the move."""
        clock = self._clock
        if clock is None or clock.seat is None or clock.version != st.version:
            await self._pause(math.inf)
            return
        if await self._ticker.wait(self._changed, clock.deadline):
            return
        if self._state is not st or self._seats.gen != gen or self._clock is not clock:
            return
        try:
            await self._shielded(self._time_out(st, gen, clock.seat))
        except (StoreError, OSError) as e:
            await self._store_failed(e)

    async def _time_out(self, st: GameState, gen: int, seat: int) -> None:
        bot = self._bots.stand_in(self._seats, seat)
        step = await asyncio.to_thread(bot_move, st, seat, bot, self._bot_views)
        async with self._lock:
            if self._state is not st or self._seats.gen != gen:
                return  # the player moved meanwhile
            await self._commit(step.command, step.state, step.events)
        n = self._timeouts.get(seat, 0) + 1
        self._timeouts[seat] = n
        name = self._seats[seat].who.name
        log.info("table %s: %s's clock ran out (%d in a row)", self.table_id, name, n)
        self._tell(
            TimeoutNote(
                seat=seat,
                name=name,
                command=step.command.type,
                timeouts=n,
                version=self._state.version,
                at=time.time(),
            )
        )
        tc = self._settings.pacing.turn_clock
        if tc is not None and n >= tc.limit and not self._seats[seat].on_auto:
            self._set_on_auto(seat, True, n)

    async def _store_failed(self, e: Exception) -> None:
        """A write of the driver's failed (the state is unchanged): say so, pause
        (less than that if anything changes), then the loop plans the move again."""
        prev = self.trouble if isinstance(self.trouble, StoreTrouble) else None
        self.trouble = trouble = store_trouble(e, prev, self.retry_delays)
        attempts = trouble.attempts
        if prev is None:
            log.warning(
                "table %s: the store refused move %d (%s); trying again with back-off",
                self.table_id,
                self._state.version + 1,
                e,
            )
            self._trouble_subs.tell(trouble)
        elif attempts & (attempts - 1) == 0:  # 2, 4, 8...: the log does not fill the disk
            log.warning(
                "table %s: still cannot store (%d attempts): %s", self.table_id, attempts, e
            )
        await self._pause(trouble.retry_in)

    async def _set_aside(self, e: BaseException) -> None:
        """The driver failed: the table is set aside in the store (kept, never
        restored), the clock stops and every listener hears `DriverStopped`."""
        stopped = DriverStopped(str(e) or type(e).__name__, type(e).__name__)
        self.trouble = stopped
        self._clock = None
        store = self._store
        if store is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(
                    None, store.set_aside, self.table_id, stopped.error
                )
            except Exception as err:
                log.error("table %s: could not be marked set aside: %s", self.table_id, err)
            else:
                log.error(
                    "table %s: set aside at move %d: kept in the store as it is, not "
                    "restored (shengji replay %s shows it)",
                    self.table_id,
                    self._state.version,
                    self.table_id,
                )
        self._trouble_subs.tell(stopped)

    async def wait_finished(self) -> None:
        """Wait for the match to end (or the table to close); re-raises a driver failure."""
        await self._done.wait()
        if self._error is not None:
            raise self._error

    async def close(self) -> None:
        """Stop the driver and let subscribers take what was sent to them."""
        self._closed = True
        self._clock = None
        self.channel.persist = None
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        async with self._lock:  # a shielded commit in flight ends first
            pass
        if self._notes is not None:  # the notes said last are in the store too
            await self._notes.drain()
        await self._subs.close()
        self._trouble_subs.clear()
        self._done.set()
