"""Computer players. Each sees only its seat's view (`engine.SeatView`) and asks
the rules API what it may do; see `base.Bot` for the protocol. A bot is made
from a `BotSpec` (level, seed, name, options): `BotSpec(level="normal", seed=3).make()`.
`hand_worth` / `best_worth`: the bots' auction estimate of a hand, per trump
choice (what the TUI's bidding panel tells a player)."""

from .base import Bot
from .bidding import TrumpWorth, best_worth, hand_worth
from .random_bot import RandomBot
from .spec import LEVELS, BotLevel, BotOptions, BotSpec, UnknownBotLevel, bot_level

__all__ = [
    "LEVELS",
    "Bot",
    "BotLevel",
    "BotOptions",
    "BotSpec",
    "RandomBot",
    "TrumpWorth",
    "UnknownBotLevel",
    "best_worth",
    "bot_level",
    "hand_worth",
]
