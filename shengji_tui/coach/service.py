"""The coach as a screen asks it: who may analyse which seat, what is kept,
and an analysis run (blocking: a screen runs it on a worker thread; its
searches run on a pool of processes, so the screen's event loop stays free).

`Source` is a game to analyse (a table's commands so far, or a stored game)
and the store it is kept in (None: a game kept in memory only; its analyses
are kept in this process for as long as it runs): a table's `CoachLike`.
`Analyst` (an `AnalystLike`) answers for one reader: over SSH a player
analyses their own seat, any seat once the match is over (`any_seat`); only a
deal that is over is analysed. One analysis runs at a time in a process (a
server's players queue: each would take every core). A front end of
`shengji serve --workers N` asks the host (`server/proxies.RemoteAnalyst`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Protocol

from ..store import Store
from .analysis import Cancelled, DealAnalysis, GameLog, Progress, method_key
from .price import DEFAULT_BUDGET_MS
from .stored import MemoryShelf, Shelf, StoreShelf, analyse_kept

_ONE_AT_A_TIME = threading.Lock()
_MEMORY = MemoryShelf(32)  # (the analyses of games kept in memory only)


class AnalystLike(Protocol):
    """What a screen asks of the coach for one reader (`Analyst` here; a front
    end of `shengji serve --workers N` asks the host: `proxies.RemoteAnalyst`)."""

    any_seat: bool
    budget_ms: float
    workers: int | None

    @property
    def seats(self) -> int: ...

    def refusal(self, deal_no: int, seat: int, over: bool) -> str | None: ...

    def kept(self, deal_no: int, seat: int) -> DealAnalysis | None: ...

    def run(
        self,
        deal_no: int,
        seat: int,
        progress: Progress | None = None,
        cancel: threading.Event | None = None,
    ) -> DealAnalysis: ...


class CoachLike(Protocol):
    """What a table offers the coach (`TableLike.coach_source`): an analyst for
    a reader seated at `own`, who may analyse any seat or only their own."""

    def analyst(self, own: int, any_seat: bool) -> AnalystLike: ...


def refusal(own: int | None, any_seat: bool, seat: int, over: bool) -> str | None:
    """Why a reader seated at `own` may not analyse `seat` in a deal (`over`: the
    deal is over) (a key of the catalogue's [coach] section), or None."""
    if not over:
        return "refused_deal"
    if not any_seat and seat != own:
        return "refused_seat"
    return None


@dataclass(frozen=True)
class Source:
    game: GameLog
    store: Store | None

    def shelf(self) -> Shelf:
        """Where this game's analyses are kept."""
        return StoreShelf(self.store) if self.store is not None else _MEMORY

    def analyst(self, own: int, any_seat: bool) -> Analyst:
        return Analyst(self, own=own, any_seat=any_seat)


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
        """Why this reader may not analyse `seat` in deal `deal_no` (`refusal`)."""
        return refusal(self.own, self.any_seat, seat, over)

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
