"""A ticker the test moves by hand: a table's turn clock runs out when the test
says, never because the machine was slow."""

from __future__ import annotations

import asyncio


class FakeTicker:
    def __init__(self, start: float = 1000.0) -> None:
        self.t = start
        self._waiters: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.t

    @property
    def waiting(self) -> int:
        """How many waits are pending (the table waits for a clock)."""
        return sum(1 for _, f in self._waiters if not f.done())

    async def wait(self, event: asyncio.Event, deadline: float) -> bool:
        if event.is_set():
            return True
        if deadline <= self.t:
            return False
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (deadline, fut)
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
        for deadline, fut in list(self._waiters):
            if deadline <= self.t and not fut.done():
                fut.set_result(None)
