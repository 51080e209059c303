"""Server limits (the flags of `shengji serve`) and the per-session input bucket."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Limits:
    max_connections: int = 64  # SSH connections at once (authenticated or not)
    max_sessions: int = 2  # sessions (channels) per connection
    login_timeout: float = 30.0  # seconds to authenticate
    idle_timeout: float = 1800.0  # seconds without input before a session is closed (0: never)
    keepalive_interval: float = 30.0  # seconds of client silence before a keepalive (0: none)
    keepalive_count_max: int = 3  # unanswered keepalives before the connection is dropped
    input_rate: float = 4096.0  # bytes per second a session may send (sustained)
    input_burst: int = 16384  # bytes a session may send at once (a paste, a burst of keys)
    output_cap: int = 512 * 1024  # bytes queued for one client before frames are dropped


class TokenBucket:
    """`take(n)`: how many of `n` bytes may pass now (the caller drops the rest)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] | None = None) -> None:
        self.rate = max(0.0, rate)
        self.burst = max(1, burst)
        self._clock = clock or time.monotonic
        self._tokens = float(self.burst)
        self._last = self._clock()
        self.dropped = 0

    def take(self, n: int) -> int:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        allowed = min(n, int(self._tokens))
        self._tokens -= allowed
        self.dropped += n - allowed
        return allowed
