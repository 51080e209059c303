"""Server limits (the flags of `shengji serve`) and the per-session input bucket."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def _flag(default: Any, flag: str, help: str, least: float, most: float) -> Any:
    """A limit that `shengji serve` takes as `flag`, from `least` to `most`
    (server/cli.py makes the flags from these: the name, the type and the
    default are the field's; a value out of range is refused with a sentence)."""
    return field(
        default=default, metadata={"flag": flag, "help": help, "least": least, "most": most}
    )


@dataclass
class Limits:
    # connections (docs/security.md, "Authentication, connections and input")
    # (0: every login refused, a server being drained)
    max_connections: int = _flag(64, "--max-connections", "logged-in connections", 0, 100_000)
    max_unauthenticated: int = _flag(
        16,
        "--max-unauthenticated",
        "connections not logged in yet, counted apart",
        0,
        100_000,
    )
    max_sessions: int = _flag(2, "--max-sessions", "sessions per connection", 1, 100)
    handshake_timeout: float = _flag(
        5.0,
        "--handshake-timeout",
        "seconds from connecting to the first login request",
        1,
        3600,
    )
    login_timeout: float = _flag(30.0, "--login-timeout", "seconds to log in", 1, 3600)
    session_open_timeout: float = 5.0  # seconds a logged-in connection may hold no session
    idle_timeout: float = _flag(
        1800.0, "--idle-timeout", "seconds without a key (0: never)", 0, 7 * 86400
    )
    keepalive_interval: float = _flag(30.0, "--keepalive", "seconds (0: none)", 0, 3600)
    keepalive_count_max: int = _flag(
        3,
        "--keepalive-count",
        "unanswered keepalives before the connection is dropped",
        1,
        100,
    )
    # logins
    max_auth_tries: int = _flag(
        6,
        "--max-auth-tries",
        "failed logins per connection before it is closed",
        1,
        100,
    )
    auth_failures_per_minute: int = _flag(
        20,
        "--auth-failures-per-minute",
        "failed passwords per source address per minute before it is refused",
        1,
        10_000,
    )
    auth_delay: float = 0.25  # seconds before a refusal, doubled per recent failure...
    auth_delay_max: float = 4.0  # ...up to this
    auth_workers: int = 1  # threads that check passwords (scrypt), apart from the game's
    auth_queue: int = 8  # password checks waiting for a thread; more are refused at once
    # input and terminal
    input_rate: float = _flag(4096.0, "--input-rate", "bytes/s per session", 1, 1 << 30)
    input_burst: int = _flag(16384, "--input-burst", "bytes per session", 1, 1 << 24)
    input_events: float = _flag(
        60.0,
        "--input-events",
        "keys and mouse reports per second per session",
        1,
        10_000,
    )
    input_events_burst: int = 120  # ...and at once (the flag: twice --input-events)
    max_width: int = 500  # columns a terminal is rendered at, at most (--max-size WxH)
    max_height: int = 200  # rows
    output_cap: int = _flag(
        512 * 1024, "--output-cap", "bytes queued per slow client", 1024, 1 << 30
    )


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
