"""The games of `shengji play` kept in the store, so that a game quit (or
killed) can be resumed: new solo / hotseat tables of `TableSettings`, the
unfinished games (the start menu, `--resume`), resuming one. No Textual.

Module: games (`Saves`, `SavedGame`, `PlayerSettings`, `table_settings`,
`new_table`, `hotseat_seats`, `hotseat_problem`).
"""

from .games import (
    DEFAULT_BOT_LEVEL,
    LEVELS,
    PLAY_PREFIX,
    PlayerSettings,
    SavedGame,
    Saves,
    hotseat_problem,
    hotseat_seats,
    human_name,
    new_table,
    table_settings,
)

__all__ = [
    "DEFAULT_BOT_LEVEL",
    "LEVELS",
    "PLAY_PREFIX",
    "PlayerSettings",
    "SavedGame",
    "Saves",
    "hotseat_problem",
    "hotseat_seats",
    "human_name",
    "new_table",
    "table_settings",
]
