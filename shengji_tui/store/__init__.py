"""The SQLite game store: tables' settings, seeds, command/event logs and
per-deal summaries; rebuilding a table by replaying its log (`shengji replay`
tells a stored game with the catalogue's narrator:
`shengji_tui.text.narrate_game`)."""

from .db import (
    DB_NAME,
    SCHEMA_VERSION,
    LogEntry,
    Store,
    StoredTable,
    StoreError,
    TableSummary,
    TakeBack,
    UnknownTable,
    db_path,
    default_data_dir,
)
from .deals import DealSummary, deal_summary
from .record import GameRecord, game_record
from .replay import (
    EVENTS_ADAPTER,
    Replayed,
    ReplayMismatch,
    backfill_deals,
    command_json,
    events_from_json,
    events_json,
    replay,
)

__all__ = [
    "DB_NAME",
    "EVENTS_ADAPTER",
    "SCHEMA_VERSION",
    "DealSummary",
    "GameRecord",
    "LogEntry",
    "ReplayMismatch",
    "Replayed",
    "Store",
    "StoreError",
    "StoredTable",
    "TableSummary",
    "TakeBack",
    "UnknownTable",
    "backfill_deals",
    "command_json",
    "db_path",
    "deal_summary",
    "default_data_dir",
    "events_from_json",
    "events_json",
    "game_record",
    "replay",
]
