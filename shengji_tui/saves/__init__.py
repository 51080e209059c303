"""The games of `shengji play` kept in the store, so that a game quit (or
killed) can be resumed: new solo / hotseat tables with levelled bots, the
unfinished games (the start menu, `--resume`), resuming one. No Textual.

Module: games (`Saves`, `SavedGame`, `new_table`, `hotseat_seats`, the bot levels).
"""

from .games import (
    PLAY_PREFIX,
    LevelBot,
    SavedGame,
    Saves,
    bot_levels,
    default_bot_level,
    hotseat_seats,
    new_bot,
    new_table,
)

__all__ = [
    "PLAY_PREFIX",
    "LevelBot",
    "SavedGame",
    "Saves",
    "bot_levels",
    "default_bot_level",
    "hotseat_seats",
    "new_bot",
    "new_table",
]
