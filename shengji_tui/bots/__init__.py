"""Computer players. Each sees only its seat's view (`engine.SeatView`) and asks
the rules API what it may do; see `base.Bot` for the protocol."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
