"""Computer players. Each sees only its seat's view (`engine.SeatView`) and asks
the rules API what it may do; see `base.Bot` for the protocol. A bot is made
from a `BotSpec` (level, seed, name, options): `BotSpec(level="normal", seed=3).make()`."""

from .advice import HINT_BUDGET_MS, Advice, Advisor
from .base import Bot
from .random_bot import RandomBot
from .spec import (
    LEVELS,
    BotLevel,
    BotOptions,
    BotSpec,
    BuiltinLevel,
    UnknownBotLevel,
    bot_level,
    is_external,
)

__all__ = [
    "HINT_BUDGET_MS",
    "LEVELS",
    "Advice",
    "Advisor",
    "Bot",
    "BotLevel",
    "BotOptions",
    "BotSpec",
    "BuiltinLevel",
    "RandomBot",
    "UnknownBotLevel",
    "bot_level",
    "is_external",
]
