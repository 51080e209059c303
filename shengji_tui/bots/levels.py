"""`make_bot(level, seed, name)`: the bots by level ("random", "easy", "normal", "hard")."""

from __future__ import annotations

from .base import Bot

LEVELS = ("random", "easy", "normal", "hard")


def make_bot(level: str, seed: int = 0, name: str | None = None, **options: object) -> Bot:
    """A bot of `level`; `options` go to the hard bot (`budget_ms`, `workers`, ...)."""
    key = level.strip().lower()
    label = name if name is not None else key
    if key == "random":
        from .random_bot import RandomBot

        return RandomBot(seed=seed, name=label)
    if key == "easy":
        from .easy import EasyBot

        return EasyBot(seed=seed, name=label)
    if key == "normal":
        from .playbook import PlaybookBot

        return PlaybookBot(seed=seed, name=label)
    if key == "hard":
        from .search import SearchBot

        return SearchBot(seed=seed, name=label, **options)  # type: ignore[arg-type]
    raise ValueError(f"no bot level {level!r}; choose one of: {', '.join(LEVELS)}")
