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
one every few seconds. The 500-connection churn benchmark checks memory stays
flat.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("shengji_tui.server")


class GcPolicy:
    def __init__(
        self,
        freeze_every: float = 5.0,
        full_every: float = 900.0,
        full_after_ended: int = 25,
    ) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.full_after_ended = full_after_ended
        self.ended = 0
        self.last_full = time.monotonic()
        self.full_passes = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.full()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        gc.unfreeze()

    def session_started(self) -> None:
        gc.freeze()

    def session_ended(self, live: int = 0) -> None:
        """An app ended (a session left, or went from the lobby to a table).
        The full pass comes sooner on a small server (it costs little there):
        after a quarter of the live sessions' worth of ended apps, 4 at least,
        `full_after_ended` at most."""
        self.ended += 1
        threshold = max(4, min(self.full_after_ended, live // 4))
        if self.ended >= threshold and self._task is not None:
            # the ended apps' cycles are frozen garbage: collect them soon
            self.ended = 0
            asyncio.get_running_loop().call_soon(self.full)

    def full(self) -> None:
        """Unfreeze, collect everything once, freeze again."""
        t0 = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
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
        return self.ended >= self.full_after_ended or now - self.last_full >= self.full_every

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.freeze_every)
            if self.due(time.monotonic()):
                self.full()
            else:
                gc.freeze()
