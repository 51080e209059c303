"""When the server's garbage collector may look at everything.

With a hundred sessions the heap holds millions of objects (each session's
Textual app, its widgets and caches), and a full collection of CPython's oldest
generation took 0.3-0.7 s, several times a minute: every table stalled for it
(the 25-table benchmark's p99 was that pause). Reference counting frees almost
all garbage anyway; the collector is only needed for cycles.

So the objects that live long (the server, each session's app once it runs)
are frozen (`gc.freeze`: the collector ignores them) every `freeze_every`
seconds, and the young generations stay small. A frozen cycle that becomes
garbage (an app that ended) is not collected while frozen: after a quarter of
the live sessions' worth of apps have ended (4 to `full_after_ended`), or
`full_every` seconds, everything is
unfrozen and collected once, then frozen again - one pause, rarely, instead of
one every few seconds. Between waves of sessions starting or ending, the
young objects are also frozen at the event loop's calm moments, twice a
second (`CALM_EVERY`): a young pass would walk them in the middle of a burst
of plays and find next to nothing. The 500-connection churn benchmark checks
memory stays flat.

Many apps end at once when many players leave together (or a table's players
all go from the lobby to the table): each pass costs a walk of the whole heap
(~0.25 s with 25 tables) plus the freeing of what ended, so the pass waits
until the endings have stopped for `settle` seconds (at most `hold` after the
first of them): one pass per wave of departures instead of one per few apps
(measured with `shengji bench ssh --leave 25`: docs/performance.md, "SSH").

With the patches on (`released`), an ended app is taken apart at its end
(`tui.terminal.patches.release_app`) and reference counting frees it there and then: an
ended app leaves next to nothing frozen, so a wave of departures needs no pass
of its own; the pass waits for `full_after_released` ended apps or
`full_every`. (What little a playing table makes in cycles, a few hundred
objects a second at 25 tables, is frozen with the rest until then.)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger("shengji_tui.server")


# Allocations between two passes over the youngest generation (CPython's
# default 700). A play allocates thousands of short-lived objects per screen
# (texts, strips, segments) that reference counting frees at once; with 700 the
# collector also walked them, a pass every few screens. (docs/performance.md,
# "The collector's young passes")
YOUNG_THRESHOLD = 20_000

# Between waves of sessions starting or ending, everything is frozen at calm
# moments: every `CALM_TICK` seconds a ticker looks, and if it woke on time (no
# backlog of ready work: late by under `CALM_LAG`), `CALM_EVERY` seconds after
# the last freeze, and no session started or ended in the last `settle`
# seconds, it freezes. CPython counts allocations less frees, and a play frees
# as many old objects as it makes new ones: the count rarely reaches
# `YOUNG_THRESHOLD` while the young list grows by every screen's new lines
# (13-46 thousand objects in half a second in a front end at 24 tables), so
# the pass it finally starts walks all of them, 10-30 ms in the middle of a
# burst of updates, to find next to nothing. Frozen, they are never walked;
# the few cycles a playing table makes wait for the next full pass. A wave's
# mounts make thousands of cycles (Textual's styles of component classes):
# the young passes run as before until it has settled.
# (docs/performance.md, "Young passes out of the plays")
CALM_TICK = 0.05
CALM_LAG = 0.002
CALM_EVERY = 0.5


class Handle(Protocol):
    def cancel(self) -> None: ...


class Timer(Protocol):
    """The time the waits for a wave's end run in: the event loop's in the
    server, a fake one moved by hand in tests."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle: ...


class LoopTimer:
    """The running event loop's time."""

    def now(self) -> float:
        return time.monotonic()  # (the event loop's clock, and there without a loop)

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle:
        return asyncio.get_running_loop().call_later(delay, callback)


class GcPolicy:
    # the policies started in this process (a host and a front end share one in
    # tests), and the collector's thresholds before the first
    _running = 0
    _saved: tuple[int, ...] = ()

    def __init__(
        self,
        freeze_every: float = 5.0,
        full_every: float = 900.0,
        full_after_ended: int = 25,
        settle: float = 2.0,
        hold: float = 20.0,
        released: bool = False,
        full_after_released: int = 400,
        timer: Timer | None = None,
    ) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.full_after_ended = full_after_ended
        self.settle = settle  # seconds without an app ending before the pass
        self.hold = hold  # the longest a due pass waits for the endings to stop
        self.released = released  # ended apps are taken apart (patches on)
        self.full_after_released = full_after_released
        self.timer: Timer = timer or LoopTimer()
        self._pending: Handle | None = None
        self._due_since = 0.0
        self.ended = 0
        self.last_full = time.monotonic()
        self.full_passes = 0
        self._task: asyncio.Task[None] | None = None
        self._calm_task: asyncio.Task[None] | None = None
        self._started = False
        self.calm_freezes = 0
        self._frozen_at = 0.0  # the last freeze (the timer's time)
        self._wave_at = -1e9  # the last session started or ended (the timer's time)

    def start(self) -> None:
        if not self._started:
            self._started = True
            if GcPolicy._running == 0:
                GcPolicy._saved = gc.get_threshold()
                gc.set_threshold(YOUNG_THRESHOLD, *GcPolicy._saved[1:])
            GcPolicy._running += 1
        self.full()
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self._run())
        self._calm_task = loop.create_task(self._calm())

    async def stop(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        for task in (self._task, self._calm_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._calm_task = None
        if self._started:
            self._started = False
            GcPolicy._running -= 1
            if GcPolicy._running == 0:
                gc.set_threshold(*GcPolicy._saved)
        gc.unfreeze()

    def session_starting(self) -> None:
        """An app starts: its mounts make cycles for the young passes to find."""
        self._wave_at = self.timer.now()

    def session_started(self) -> None:
        self._wave_at = self.timer.now()
        self.freeze()

    def freeze(self) -> None:
        # (collecting the young generations first was tried: ~50 000 objects a
        # second at 25 tables, a 25-30 ms pause each time, for a few hundred
        # unreachable ones: docs/performance.md)
        gc.freeze()
        self._frozen_at = self.timer.now()

    def session_ended(self, live: int = 0) -> None:
        """An app ended (a session left, or went from the lobby to a table).
        The full pass comes sooner on a small server (it costs little there):
        after a quarter of the live sessions' worth of ended apps, 4 at least,
        `full_after_ended` at most."""
        self.ended += 1
        self._wave_at = self.timer.now()
        if self._task is None:
            return
        now = self.timer.now()
        if self._pending is not None:  # a pass is due: it waits for this wave to end
            self._pending.cancel()
            wait = min(self.settle, max(0.0, self._due_since + self.hold - now))
            self._pending = self.timer.call_later(wait, self._settled)
            return
        if self.released:
            threshold = self.full_after_released
        else:
            threshold = max(4, min(self.full_after_ended, live // 4))
        if self.ended >= threshold:
            # the ended apps' cycles are frozen garbage: collect them once they stop
            self._due_since = now
            self._pending = self.timer.call_later(self.settle, self._settled)

    def _settled(self) -> None:
        self._pending = None
        self.full()

    def full(self) -> None:
        """Unfreeze, collect everything once, freeze again."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        t0 = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        self.freeze()
        self.ended = 0
        self.last_full = time.monotonic()
        self.full_passes += 1
        ms = (time.perf_counter() - t0) * 1000
        # (a long one is a pause of every table: said at INFO, `bench ssh --leave` reads it)
        log.log(
            logging.INFO if ms >= 50 else logging.DEBUG,
            "gc: full pass, %d unreachable, %.0f ms",
            found,
            ms,
        )

    def due(self, now: float) -> bool:
        most = self.full_after_released if self.released else self.full_after_ended
        return self.ended >= most or now - self.last_full >= self.full_every

    def calm_tick(self, lag: float) -> bool:
        """The ticker woke `lag` seconds late: freeze if the loop is calm, the
        last freeze is `CALM_EVERY` old and no wave of sessions is under way
        (True: frozen). Only with the patches on (`released`): without them a
        playing table's screens make cycles of their own (Textual's caches,
        tui/terminal/patches.py), which the young passes must go on freeing."""
        now = self.timer.now()
        if (
            not self.released
            or lag >= CALM_LAG
            or now - self._frozen_at < CALM_EVERY
            or now - self._wave_at < self.settle
        ):
            return False
        self.freeze()
        self.calm_freezes += 1
        return True

    async def _calm(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            woke = loop.time() + CALM_TICK
            await asyncio.sleep(CALM_TICK)
            self.calm_tick(loop.time() - woke)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.freeze_every)
            if self.due(time.monotonic()):
                self.full()
            else:
                self.freeze()
