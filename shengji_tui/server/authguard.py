"""What keeps password guessing from costing the games anything.

- `PasswordPool`: the password checks (scrypt: ~50 ms of one core each, on
  purpose) run on the server's own small pool of threads, never on asyncio's
  default executor, where the store's appends and the bots' planning run: a
  flood of guesses used to queue in front of every table's next move. At most
  `workers` checks run and `queue` wait; past that a guess is refused at once.
- `FailureLog`: failed passwords per source address over the last minute.
  Past `per_minute` the address is refused (its guesses are not even checked,
  its new connections are turned away); before that each refusal waits a
  delay that doubles with every recent failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

WINDOW = 60.0  # seconds the failures of an address are remembered
MAX_ADDRESSES = 4096  # addresses remembered at once (the oldest are forgotten)


class PasswordPool:
    def __init__(self, workers: int, queue: int) -> None:
        self.workers = max(1, workers)
        self.limit = self.workers + max(0, queue)
        self.pending = 0  # checks running or waiting for a thread
        self.refused = 0  # guesses refused because the pool was full
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="shengji-password")

    async def run(self, fn: Callable[..., T], *args: object) -> T | None:
        """`fn(*args)` on a password thread; None at once when the pool is full.
        A cancelled caller (the client sent its next request) takes its check
        out of the queue if it has not started."""
        if self.pending >= self.limit:
            self.refused += 1
            return None
        future: Future[T] = self._pool.submit(fn, *args)
        self.pending += 1
        loop = asyncio.get_running_loop()

        def done(_f: Future[T]) -> None:
            # counted down on the loop, when the thread is done or the check withdrawn
            with contextlib.suppress(RuntimeError):  # a closed loop: the server stopped
                loop.call_soon_threadsafe(self._done)

        future.add_done_callback(done)
        return await asyncio.wrap_future(future)

    def _done(self) -> None:
        self.pending -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class FailureLog:
    def __init__(
        self,
        per_minute: int,
        delay: float,
        delay_max: float,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.per_minute = per_minute
        self.delay_base = delay
        self.delay_max = delay_max
        self._clock = clock or time.monotonic
        self._by_addr: OrderedDict[str, deque[float]] = OrderedDict()
        # told of each failure recorded here (a front end of `--workers`: the host,
        # which tells the other front ends: an address is counted server-wide)
        self.on_record: Callable[[str], None] | None = None

    def _recent(self, addr: str) -> deque[float] | None:
        times = self._by_addr.get(addr)
        if times is None:
            return None
        cutoff = self._clock() - WINDOW
        while times and times[0] < cutoff:
            times.popleft()
        if not times:
            del self._by_addr[addr]
            return None
        return times

    def count(self, addr: str) -> int:
        times = self._recent(addr)
        return 0 if times is None else len(times)

    def blocked(self, addr: str) -> bool:
        return self.per_minute > 0 and self.count(addr) >= self.per_minute

    def record(self, addr: str, *, here: bool = True) -> int:
        """One more failure from `addr`; returns its failures in the window.
        `here`: failed on this process (else told by another: not told on)."""
        if here and self.on_record is not None:
            self.on_record(addr)
        times = self._recent(addr)
        if times is None:
            times = self._by_addr[addr] = deque()
            while len(self._by_addr) > MAX_ADDRESSES:
                self._by_addr.popitem(last=False)
        else:
            self._by_addr.move_to_end(addr)
        times.append(self._clock())
        # only the newest per_minute matter (blocked or not): memory stays bounded
        while self.per_minute > 0 and len(times) > self.per_minute:
            times.popleft()
        return len(times)

    def delay(self, failures: int) -> float:
        """Seconds to wait before telling `failures`-th failure so."""
        if failures <= 0 or self.delay_base <= 0:
            return 0.0
        return min(self.delay_max, self.delay_base * 2.0 ** min(failures - 1, 16))
