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
from collections import OrderedDict
from dataclasses import dataclass

from ..store import Store
from .analysis import Cancelled, DealAnalysis, GameLog, Progress, analyse, method_key
from .price import DEFAULT_BUDGET_MS
from .stored import analyse_stored, kept

_ONE_AT_A_TIME = threading.Lock()
_MEMORY: OrderedDict[tuple[str, int, int, str], DealAnalysis] = OrderedDict()
_MEMORY_SIZE = 32
_MEMORY_LOCK = threading.Lock()


@dataclass(frozen=True)
class Source:
    game: GameLog
    store: Store | None


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

    def _key(self, deal_no: int, seat: int) -> tuple[str, int, int, str]:
        return (self.source.game.table_id, deal_no, seat, method_key(self.budget_ms, 0))

    def kept(self, deal_no: int, seat: int) -> DealAnalysis | None:
        """The analysis already made, if any (no search)."""
        store = self.source.store
        if store is not None:
            return kept(store, self.source.game.table_id, deal_no, seat, self.budget_ms)
        with _MEMORY_LOCK:
            return _MEMORY.get(self._key(deal_no, seat))

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
            have = self.kept(deal_no, seat)
            if have is not None:
                return have
            src = self.source
            if src.store is not None:
                a, _ = analyse_stored(
                    src.store,
                    src.game,
                    deal_no,
                    seat,
                    budget_ms=self.budget_ms,
                    workers=self.workers,
                    progress=progress,
                    cancel=cancel,
                )
                return a
            a = analyse(
                src.game,
                deal_no,
                seat,
                budget_ms=self.budget_ms,
                workers=self.workers,
                progress=progress,
                cancel=cancel,
            )
            with _MEMORY_LOCK:
                _MEMORY[self._key(deal_no, seat)] = a
                while len(_MEMORY) > _MEMORY_SIZE:
                    _MEMORY.popitem(last=False)
            return a
        finally:
            _ONE_AT_A_TIME.release()
