"""When a table cannot go on as it should, and who hears of it.

A store write of the driver's that fails (the disk is full, the file is
locked) does not stop it: the state stays as it was, the driver tries again
after a growing pause (`RETRY_DELAYS`), and the trouble listeners hear of it
(a `StoreTrouble`, then None once a write succeeds again), so the players can
be told. Any other failure of the driver stops the table for good
(`DriverStopped`): a command is refused from then on (`TableStopped`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import RuleError

log = logging.getLogger("shengji_tui.table")

__all__ = [
    "RETRY_DELAYS",
    "DriverStopped",
    "StoreTrouble",
    "TableStopped",
    "Trouble",
    "TroubleCallback",
    "TroubleListeners",
    "store_trouble",
]

# pauses between attempts at a store write that failed (the last one repeats)
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass(frozen=True)
class StoreTrouble:
    """The table cannot store its moves: `error` is the store's sentence (for the
    log), `reason` its last clause (what to show players: no server path); the
    driver tries again in `retry_in` seconds (attempt number `attempts`)."""

    error: str
    retry_in: float
    attempts: int
    reason: str = ""
    stopped: bool = False  # (the table waits and tries again: see DriverStopped)


@dataclass(frozen=True)
class DriverStopped:
    """The table's driver failed with an error that is not the store's: the game
    cannot go on. `error` is the whole error (for the log), `reason` its kind
    (what players are told: nothing of the server's)."""

    error: str
    reason: str
    stopped: bool = True


Trouble = StoreTrouble | DriverStopped
TroubleCallback = Callable[[Trouble | None], None]


class TableStopped(RuleError):
    """A command at a table whose driver failed (`DriverStopped`)."""

    code = "stopped"


def store_trouble(
    e: Exception, prev: StoreTrouble | None, delays: tuple[float, ...]
) -> StoreTrouble:
    """The trouble a failed store write `e` makes, after `prev` (None: the first
    failure since the last write that worked): its attempt number, the pause
    before the next (`delays`, the last one repeating), its reason."""
    attempts = 1 if prev is None else prev.attempts + 1
    delays = delays or RETRY_DELAYS
    delay = delays[min(attempts, len(delays)) - 1]
    error = str(e) or type(e).__name__
    reason = e.strerror if isinstance(e, OSError) and e.strerror else error
    reason = reason.rsplit(": ", 1)[-1]  # "the game store /x could not ...: disk is full"
    return StoreTrouble(error, delay, attempts, reason)


class TroubleListeners(list[TroubleCallback]):
    """A table's trouble listeners, in the order they came."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id

    def add(self, callback: TroubleCallback) -> Callable[[], None]:
        """Tell `callback` of each trouble; returns the unsubscriber."""
        self.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self.remove(callback)

        return unsubscribe

    def tell(self, trouble: Trouble | None) -> None:
        for cb in list(self):
            try:
                cb(trouble)
            except Exception:
                log.exception("table %s: a trouble listener failed", self.table_id)
