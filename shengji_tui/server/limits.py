"""Server limits (the flags of `shengji serve`) and the per-session input bucket."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Limits:
    # connections (docs/security.md, "Authentication, connections and input")
    max_connections: int = 64  # logged-in SSH connections at once
    max_unauthenticated: int = 16  # connections not logged in yet, counted apart
    max_sessions: int = 2  # sessions (channels) per connection
    handshake_timeout: float = 5.0  # seconds from connect to the first login request
    login_timeout: float = 30.0  # seconds to authenticate (a human typing a password)
    session_open_timeout: float = 5.0  # seconds a logged-in connection may hold no session
    idle_timeout: float = 1800.0  # seconds without input before a session is closed (0: never)
    keepalive_interval: float = 30.0  # seconds of client silence before a keepalive (0: none)
    keepalive_count_max: int = 3  # unanswered keepalives before the connection is dropped
    # logins
    max_auth_tries: int = 6  # failed logins per connection (OpenSSH's MaxAuthTries)
    auth_failures_per_minute: int = 20  # failed passwords per source address per minute
    auth_delay: float = 0.25  # seconds before a refusal, doubled per recent failure...
    auth_delay_max: float = 4.0  # ...up to this
    auth_workers: int = 1  # threads that check passwords (scrypt), apart from the game's
    auth_queue: int = 8  # password checks waiting for a thread; more are refused at once
    # input and terminal
    input_rate: float = 4096.0  # bytes per second a session may send (sustained)
    input_burst: int = 16384  # bytes a session may send at once (a paste, a burst of keys)
    input_events: float = 60.0  # keys and mouse reports per second (sustained)...
    input_events_burst: int = 120  # ...and at once
    max_width: int = 500  # columns a terminal is rendered at, at most
    max_height: int = 200  # rows
    output_cap: int = 512 * 1024  # bytes queued for one client before frames are dropped


class TokenBucket:
    """`take(n)`: how many of `n` units may pass now (the caller drops the rest)."""

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


def clamp_size(width: int, height: int, limits: Limits) -> tuple[int, int]:
    """A client's terminal size as the server renders it: at least 1x1, at most
    `max_width` x `max_height` (a 10000x10000 request costs the whole server)."""
    return (
        min(max(1, width), max(1, limits.max_width)),
        min(max(1, height), max(1, limits.max_height)),
    )
