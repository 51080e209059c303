"""Computer players. Each sees only its seat's view (`engine.SeatView`) and asks
the rules API what it may do; see `base.Bot` for the protocol. A bot is made
from a `BotSpec` (level, seed, name, options): `BotSpec(level="normal", seed=3).make()`.
`hand_worth` / `best_worth`: the bots' auction estimate of a hand, per trump
choice (what the TUI's bidding panel tells a player)."""

from .advice import HINT_BUDGET_MS, Advice, Advisor
from .base import Bot
from .bidding import TrumpWorth, best_worth, hand_worth
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
    "TrumpWorth",
    "UnknownBotLevel",
    "best_worth",
    "bot_level",
    "hand_worth",
    "is_external",
]
