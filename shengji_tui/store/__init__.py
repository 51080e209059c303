"""The SQLite game store: tables' settings, seeds and command/event logs;
rebuilding a table by replaying its log (`shengji replay` tells a stored game
with the catalogue's narrator: `shengji_tui.text.narrate_game`)."""

from .db import (
    DB_NAME,
    SCHEMA_VERSION,
    LogEntry,
    Store,
    StoredTable,
    StoreError,
    TableSummary,
    UnknownTable,
    db_path,
    default_data_dir,
)
from .replay import (
    EVENTS_ADAPTER,
    Replayed,
    ReplayMismatch,
    command_json,
    events_from_json,
    events_json,
    replay,
)

__all__ = [
    "DB_NAME",
    "EVENTS_ADAPTER",
    "SCHEMA_VERSION",
    "LogEntry",
    "ReplayMismatch",
    "Replayed",
    "Store",
    "StoreError",
    "StoredTable",
    "TableSummary",
    "UnknownTable",
    "command_json",
    "db_path",
    "default_data_dir",
    "events_from_json",
    "events_json",
    "replay",
]
