"""Analyses kept: a deal analysed once for a seat (at a budget) is read back,
not searched again. A `Shelf` keeps them: the store's `analyses` table
(`StoreShelf`), or this process's memory for a game that is not stored
(`MemoryShelf`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Protocol

from pydantic import ValidationError

from ..store import Store, replay
from .analysis import DealAnalysis, GameLog, Progress, analyse, method_key
from .price import DEFAULT_BUDGET_MS


def game_log(store: Store, table_id: str) -> GameLog:
    """A stored game's rules, seed and commands (replayed and checked)."""
    stored = store.load(table_id)
    return GameLog(table_id, stored.rules, stored.seed, replay(stored).commands)


class Shelf(Protocol):
    """Where analyses are kept, by table, deal, seat and method (`method_key`)."""

    def get(self, table_id: str, deal_no: int, seat: int, method: str) -> DealAnalysis | None: ...

    def put(self, a: DealAnalysis) -> None: ...


class StoreShelf:
    """The store's `analyses` table (one it cannot read is done again)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, table_id: str, deal_no: int, seat: int, method: str) -> DealAnalysis | None:
        text = self.store.analysis(table_id, deal_no, seat, method)
        if text is None:
            return None
        try:
            return DealAnalysis.model_validate_json(text)
        except ValidationError:
            return None

    def put(self, a: DealAnalysis) -> None:
        key = method_key(a.budget_ms, a.horizon)
        self.store.keep_analysis(a.table_id, a.deal_no, a.seat, key, a.model_dump_json())


class MemoryShelf:
    """This process's, for games kept in memory only: the last `size` analyses."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int, int, str], DealAnalysis] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, deal_no: int, seat: int, method: str) -> DealAnalysis | None:
        with self._lock:
            return self._kept.get((table_id, deal_no, seat, method))

    def put(self, a: DealAnalysis) -> None:
        key = (a.table_id, a.deal_no, a.seat, method_key(a.budget_ms, a.horizon))
        with self._lock:
            self._kept[key] = a
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


def kept(
    store: Store,
    table_id: str,
    deal_no: int,
    seat: int,
    budget_ms: float = DEFAULT_BUDGET_MS,
    horizon: int = 0,
) -> DealAnalysis | None:
    """The analysis the store keeps, if any."""
    return StoreShelf(store).get(table_id, deal_no, seat, method_key(budget_ms, horizon))


def analyse_kept(
    shelf: Shelf,
    game: GameLog,
    deal_no: int,
    seat: int,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    horizon: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> tuple[DealAnalysis, bool]:
    """The deal's analysis for `seat` and whether `shelf` had it: put there
    once it is whole (`Cancelled`, an error: nothing is written)."""
    key = method_key(budget_ms, horizon)
    have = shelf.get(game.table_id, deal_no, seat, key)
    if have is not None:
        return have, True
    a = analyse(
        game,
        deal_no,
        seat,
        budget_ms=budget_ms,
        horizon=horizon,
        workers=workers,
        progress=progress,
        cancel=cancel,
    )
    shelf.put(a)
    return a, False


def seat_of(text: str | None, names: list[str], settings: dict[str, Any]) -> int:
    """The seat asked for: a number from 1, a player's name, or the default
    (the first human's seat, else the first)."""
    n = len(names)
    if text is None:
        seats = settings.get("seats")
        if isinstance(seats, list):
            for s, info in enumerate(seats):
                if isinstance(info, dict) and info.get("kind") == "human" and s < n:
                    return s
        return 0
    if text.isdigit() and 1 <= int(text) <= n:
        return int(text) - 1
    for s, nm in enumerate(names):
        if nm == text:
            return s
    raise ValueError(f"there is no seat {text!r} (seats 1-{n}: {', '.join(names)})")
