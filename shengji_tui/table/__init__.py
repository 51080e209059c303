"""One authoritative game per table, for asyncio callers (see `table.Table`),
made from a typed `TableSettings` (settings.py)."""

from .plan import HeadlessRun, Step, plan, random_bots, run_headless
from .rulesfile import rules_from_file, rules_from_text
from .settings import (
    DEFAULT_DECLARE_WINDOW,
    Pacing,
    SeatSettings,
    SettingsError,
    TableSettings,
    bot_seed,
    bot_specs,
    seats_from,
)
from .table import SeatInfo, StoreTrouble, Table, result_of
from .takeback import TakeBackRefused
from .views import SPECTATOR, ViewCache, spectator_view

__all__ = [
    "DEFAULT_DECLARE_WINDOW",
    "SPECTATOR",
    "HeadlessRun",
    "Pacing",
    "SeatInfo",
    "SeatSettings",
    "SettingsError",
    "Step",
    "StoreTrouble",
    "Table",
    "TableSettings",
    "TakeBackRefused",
    "ViewCache",
    "bot_seed",
    "bot_specs",
    "plan",
    "random_bots",
    "result_of",
    "rules_from_file",
    "rules_from_text",
    "run_headless",
    "seats_from",
    "spectator_view",
]
