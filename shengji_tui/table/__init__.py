"""One authoritative game per table, for asyncio callers (see `table.Table`)."""

from .plan import HeadlessRun, Step, bot_seed, plan, random_bots, run_headless
from .table import (
    BOT_FACTORIES,
    DEFAULT_DECLARE_WINDOW,
    SeatInfo,
    StoreTrouble,
    Table,
    bot_spec,
    result_of,
)
from .views import SPECTATOR, ViewCache, spectator_view

__all__ = [
    "BOT_FACTORIES",
    "DEFAULT_DECLARE_WINDOW",
    "SPECTATOR",
    "HeadlessRun",
    "SeatInfo",
    "Step",
    "StoreTrouble",
    "Table",
    "ViewCache",
    "bot_seed",
    "bot_spec",
    "plan",
    "random_bots",
    "result_of",
    "run_headless",
    "spectator_view",
]
