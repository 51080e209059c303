"""A ticker the test moves by hand: a table's turn clock runs out, a card is
dealt or a bot moves when the test says, never because the machine was slow."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable


class FakeTicker:
    def __init__(self, start: float = 1000.0) -> None:
        self.t = start
        self._waiters: list[tuple[float, asyncio.Future[None], asyncio.Event]] = []

    def now(self) -> float:
        return self.t

    @property
    def waiting(self) -> int:
        """How many waits are pending (neither over nor woken by their event)."""
        return len(self.deadlines)

    @property
    def deadlines(self) -> list[float]:
        """The deadlines of the pending waits (`math.inf`: until a change only)."""
        return sorted(d for d, f, e in self._waiters if not f.done() and not e.is_set())

    async def wait(self, event: asyncio.Event, deadline: float) -> bool:
        if event.is_set():
            return True
        if deadline <= self.t:
            return False
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (deadline, fut, event)
        self._waiters.append(entry)
        ev = asyncio.ensure_future(event.wait())
        try:
            done, _ = await asyncio.wait({fut, ev}, return_when=asyncio.FIRST_COMPLETED)
            return ev in done
        finally:
            ev.cancel()
            if entry in self._waiters:
                self._waiters.remove(entry)

    def advance(self, seconds: float) -> None:
        self.t += seconds
        for deadline, fut, _ in list(self._waiters):
            if deadline <= self.t and not fut.done():
                fut.set_result(None)

    async def parked(self, what: str = "the table to wait", timeout: float = 20.0) -> None:
        """Until a wait is pending: the table's driver has done what it could
        do now and waits for a time or a change."""
        await _until(lambda: self.waiting > 0, what, timeout)

    async def run_until(self, cond: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
        """Move the time from one pending deadline to the next (each card, each
        bot's move, each reaction when it is due) until `cond` holds."""
        while True:
            await _until(lambda: cond() or self.waiting > 0, what, timeout)
            if cond():
                return
            timed = [d for d in self.deadlines if not math.isinf(d)]
            assert timed, f"the table waits for a change only, not for {what}"
            self.advance(timed[0] - self.t)


async def _until(cond: Callable[[], bool], what: str, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.002)
