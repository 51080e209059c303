"""The coach as a screen asks it: who may analyse which seat, what is kept,
and an analysis run (blocking: a screen runs it on a worker thread; its
searches run on a pool of processes, so the screen's event loop stays free).

`Source` is a game to analyse (a table's commands so far, or a stored game)
and the store it is kept in (None: a game kept in memory only; its analyses
are kept in this process for as long as it runs). `Analyst` answers for one
reader: over SSH a player analyses their own seat, any seat once the match
is over (`any_seat`); only a deal that is over is analysed. One analysis
runs at a time in a process (a server's players queue: each would take every
core).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..store import Store
from .analysis import Cancelled, DealAnalysis, GameLog, Progress, method_key
from .price import DEFAULT_BUDGET_MS
from .stored import MemoryShelf, Shelf, StoreShelf, analyse_kept

_ONE_AT_A_TIME = threading.Lock()
_MEMORY = MemoryShelf(32)  # (the analyses of games kept in memory only)


@dataclass(frozen=True)
class Source:
    game: GameLog
    store: Store | None

    def shelf(self) -> Shelf:
        """Where this game's analyses are kept."""
        return StoreShelf(self.store) if self.store is not None else _MEMORY


class Analyst:
    """The analyses one reader may ask of one game."""

    def __init__(
        self,
        source: Source,
        *,
        own: int | None = None,
        any_seat: bool = True,
        budget_ms: float = DEFAULT_BUDGET_MS,
        workers: int | None = None,
    ) -> None:
        self.source = source
        self.own = own
        self.any_seat = any_seat
        self.budget_ms = budget_ms
        self.workers = workers

    @property
    def seats(self) -> int:
        return self.source.game.rules.players

    def refusal(self, deal_no: int, seat: int, over: bool) -> str | None:
        """Why this reader may not analyse `seat` in deal `deal_no` (a key of the
        catalogue's [coach] section), or None."""
        if not over:
            return "refused_deal"
        if not self.any_seat and seat != self.own:
            return "refused_seat"
        return None

    def kept(self, deal_no: int, seat: int) -> DealAnalysis | None:
        """The analysis already made, if any (no search)."""
        key = method_key(self.budget_ms, 0)
        return self.source.shelf().get(self.source.game.table_id, deal_no, seat, key)

    def run(
        self,
        deal_no: int,
        seat: int,
        progress: Progress | None = None,
        cancel: threading.Event | None = None,
    ) -> DealAnalysis:
        """The analysis (searched, and kept, unless it is kept already);
        `analysis.Cancelled` when `cancel` is set first."""
        while not _ONE_AT_A_TIME.acquire(timeout=0.1):  # (another reader's runs)
            if cancel is not None and cancel.is_set():
                raise Cancelled
        try:
            a, _ = analyse_kept(
                self.source.shelf(),
                self.source.game,
                deal_no,
                seat,
                budget_ms=self.budget_ms,
                workers=self.workers,
                progress=progress,
                cancel=cancel,
            )
            return a
        finally:
            _ONE_AT_A_TIME.release()
