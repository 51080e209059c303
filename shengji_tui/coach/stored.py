"""Analyses of stored games, kept in the store: a deal analysed once for a
seat (at a budget) is read back, not searched again."""

from __future__ import annotations

import threading
from typing import Any

from pydantic import ValidationError

from ..store import Store, replay
from .analysis import DealAnalysis, GameLog, Progress, analyse, method_key
from .price import DEFAULT_BUDGET_MS


def game_log(store: Store, table_id: str) -> GameLog:
    """A stored game's rules, seed and commands (replayed and checked)."""
    stored = store.load(table_id)
    return GameLog(table_id, stored.rules, stored.seed, replay(stored).commands)


def kept(
    store: Store,
    table_id: str,
    deal_no: int,
    seat: int,
    budget_ms: float = DEFAULT_BUDGET_MS,
    horizon: int = 0,
) -> DealAnalysis | None:
    """The analysis the store keeps, if any (one it cannot read is done again)."""
    text = store.analysis(table_id, deal_no, seat, method_key(budget_ms, horizon))
    if text is None:
        return None
    try:
        return DealAnalysis.model_validate_json(text)
    except ValidationError:
        return None


def keep(store: Store, a: DealAnalysis) -> None:
    store.keep_analysis(
        a.table_id, a.deal_no, a.seat, method_key(a.budget_ms, a.horizon), a.model_dump_json()
    )


def analyse_stored(
    store: Store,
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
    """The deal's analysis for `seat` and whether the store had it: kept there
    once it is whole (`Cancelled`, an error: nothing is written)."""
    have = kept(store, game.table_id, deal_no, seat, budget_ms, horizon)
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
    keep(store, a)
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
