"""One authoritative game per table, for asyncio callers (see `table.Table`),
made from a typed `TableSettings` (settings.py)."""

from .chat import MAX_CHARS, SERVER_COUNT, ChatRefused, RateLimit, clean_text
from .clock import Clock, MonotonicTicker, Ticker
from .game import TableOptions
from .notes import AutoNote, ChatNote, Note, TableChannel, TimeoutNote
from .persist import Resumed
from .plan import HeadlessRun, Step, plan, random_bots, run_headless
from .rulesfile import rules_from_file, rules_from_text
from .seats import Seat, SeatInfo, Seats
from .settings import (
    DEFAULT_DECLARE_WINDOW,
    HUMAN_DEAL_DELAY,
    HUMAN_DECLARE_DELAY,
    Pacing,
    SeatSettings,
    SettingsError,
    TableSettings,
    TurnClock,
    bot_seed,
    bot_specs,
    seats_from,
)
from .table import (
    ClockStatus,
    DriverStopped,
    StoreTrouble,
    Table,
    TableStatus,
    TableStopped,
    result_of,
)
from .takeback import TakeBackRefused
from .views import SPECTATOR, ViewCache, spectator_view

__all__ = [
    "DEFAULT_DECLARE_WINDOW",
    "HUMAN_DEAL_DELAY",
    "HUMAN_DECLARE_DELAY",
    "MAX_CHARS",
    "SERVER_COUNT",
    "SPECTATOR",
    "AutoNote",
    "ChatNote",
    "ChatRefused",
    "Clock",
    "ClockStatus",
    "DriverStopped",
    "HeadlessRun",
    "MonotonicTicker",
    "Note",
    "Pacing",
    "RateLimit",
    "Resumed",
    "Seat",
    "SeatInfo",
    "SeatSettings",
    "Seats",
    "SettingsError",
    "Step",
    "StoreTrouble",
    "Table",
    "TableChannel",
    "TableOptions",
    "TableSettings",
    "TableStatus",
    "TableStopped",
    "TakeBackRefused",
    "Ticker",
    "TimeoutNote",
    "TurnClock",
    "ViewCache",
    "bot_seed",
    "bot_specs",
    "clean_text",
    "plan",
    "random_bots",
    "result_of",
    "rules_from_file",
    "rules_from_text",
    "run_headless",
    "seats_from",
    "spectator_view",
]
