"""The seeds a player may give (`--seed`, the start menu's box): whole numbers
from 0 to `MAX_SEED`, the range of the seeds made at random. A table's seed is
kept in the store's 64-bit column: `shengji play --seed` with 23 digits
stopped with a traceback, and a 5,000-digit seed typed in the menu is no
number Python reads."""

from __future__ import annotations

import argparse

MAX_SEED = 2**31 - 1


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
        shown = text if len(text) <= 24 else text[:23] + "…"
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {MAX_SEED}, not {shown!r}")
    return n
