"""Numbers a player or a host enters (flags, the start menu's box): each
bounded, anything else refused with a sentence.

Seeds: whole numbers from 0 to `MAX_SEED`, the range of the seeds made at
random. A table's seed is kept in the store's 64-bit column: `shengji play
--seed` with 23 digits stopped with a traceback, and a 5,000-digit seed typed
in the menu is no number Python reads.

Seconds (a pace, a wait): finite, from 0 to a most: `--bot-delay nan` stopped
the app with a validation traceback, and `inf` let the bots never move.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

MAX_SEED = 2**31 - 1
# the most seconds of each pace (a bot's move, a card dealt, a bot's declaring,
# a dropped player's seat kept, a turn)
MOST_BOT_DELAY = 60.0
MOST_DEAL_DELAY = 10.0
MOST_DECLARE_DELAY = 60.0
MOST_GRACE = 3600.0  # (as the lobby's new-table dialog)
MOST_TURN_CLOCK = 3600.0


def _shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:23] + "…")


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def read_seed(text: str) -> int | None:
    """The seed `text` says (spaces around it allowed), or None."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_SEED)):
        return None
    n = int(digits)
    return n if n <= MAX_SEED else None


def seed_arg(text: str) -> int:
    """`argparse`'s type for a seed: its sentence for anything else."""
    n = read_seed(text)
    if n is None:
        raise argparse.ArgumentTypeError(
            f"expected a seed from 0 to {MAX_SEED}, not {_shown(text)}"
        )
    return n


def number_arg(
    kind: type[int] | type[float], least: float, most: float, what: str = "a number"
) -> Callable[[str], Any]:
    """`argparse`'s type for `what` (an int or a float `kind`), finite, from
    `least` to `most`."""

    def number(text: str) -> Any:
        try:
            value: float = kind(text)
        except ValueError:  # (and an int of more digits than Python reads)
            value = math.nan
        if not (math.isfinite(value) and least <= value <= most):
            raise argparse.ArgumentTypeError(
                f"expected {what} from {_num(least)} to {_num(most)}, not {_shown(text)}"
            )
        return value

    number.__name__ = kind.__name__  # (argparse names the type in its own messages)
    return number


def seconds_arg(most: float) -> Callable[[str], float]:
    """`argparse`'s type for seconds from 0 to `most`."""
    return number_arg(float, 0, most, "seconds")
