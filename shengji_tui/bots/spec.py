"""`BotSpec`: which bot plays a seat (level, seed, name, options), and the one
way to make one (`spec.make()`).

A spec is what a table records of its bots: a bot decides from its seed and the
view only, so the bot a stored spec makes plays exactly as the one it records.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .base import Bot

BuiltinLevel = Literal["random", "easy", "normal", "hard"]
LEVELS: tuple[BuiltinLevel, ...] = get_args(BuiltinLevel)
# a built-in level, or "external:CMD": the program CMD plays (bots/external.py)
BotLevel = str
EXTERNAL = "external:"


class UnknownBotLevel(ValueError):
    """A level this version has no bot of; `str(e)` is a sentence."""


def bot_level(level: object) -> BotLevel:
    """`level` as a `BotLevel` (case and spaces aside; an external bot's command
    as given); UnknownBotLevel otherwise."""
    if isinstance(level, str) and level.strip().lower().startswith(EXTERNAL):
        cmd = level.strip()[len(EXTERNAL) :].strip()
        if not cmd:
            raise UnknownBotLevel("an external bot needs its program: external:COMMAND")
        return EXTERNAL + cmd
    key = level.strip().lower() if isinstance(level, str) else level
    for known in LEVELS:
        if key == known:
            return known
    raise UnknownBotLevel(
        f"there is no bot level {level!r}; the levels are {', '.join(LEVELS)} and external:COMMAND"
    )


def is_external(level: str) -> bool:
    return level.startswith(EXTERNAL)


class BotOptions(BaseModel):
    """The hard bot's search settings; None leaves the bot's default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    budget_ms: float | None = Field(None, ge=0)  # thinking time per play
    workers: int | None = Field(None, ge=1)  # processes searching (default: up to 2)
    top_k: int | None = Field(None, ge=1)  # plays searched (3; from 200 ms 8, long hands 16)
    guard: bool | None = None  # stop at the budget whatever the work count says
    horizon: int | None = Field(None, ge=0)  # tricks played out before the evaluation (0: all)
    play_k: int | None = Field(None, ge=1)  # plays searched in every deal (default: as top_k)

    def given(self) -> dict[str, float | int | bool]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


class BotSpec(BaseModel):
    """A bot of `level` seeded with `seed`, shown as `name` (default: the level)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    level: BotLevel  # validated by bot_level
    seed: int = 0
    name: str = ""
    options: BotOptions = BotOptions()

    @field_validator("level", mode="before")
    @classmethod
    def _level(cls, v: object) -> BotLevel:
        return bot_level(v)

    @model_validator(mode="after")
    def _options_for_hard(self) -> BotSpec:
        given = set(self.options.given())
        if is_external(self.level):
            given.discard("budget_ms")  # an external bot's time per decision
        if self.level != "hard" and given:
            raise ValueError(f"the {self.level} bot takes no options (only the hard bot does)")
        return self

    @property
    def label(self) -> str:
        return self.name or self.level

    def make(self) -> Bot:
        """A new bot of this spec (bots keep per-deal memory: one per seat)."""
        if self.level == "random":
            from .random_bot import RandomBot

            return RandomBot(seed=self.seed, name=self.label)
        if self.level == "easy":
            from .easy import EasyBot

            return EasyBot(seed=self.seed, name=self.label)
        if self.level == "normal":
            from .playbook import PlaybookBot

            return PlaybookBot(seed=self.seed, name=self.label)
        if is_external(self.level):
            from .external import DEFAULT_BUDGET_MS as EXTERNAL_MS
            from .external import ExternalBot

            ms = self.options.budget_ms
            command = self.level[len(EXTERNAL) :]
            return ExternalBot(command, self.seed, self.label, EXTERNAL_MS if ms is None else ms)
        from .search import DEFAULT_BUDGET_MS, SearchBot

        o = self.options
        return SearchBot(
            seed=self.seed,
            name=self.label,
            budget_ms=DEFAULT_BUDGET_MS if o.budget_ms is None else o.budget_ms,
            workers=o.workers,
            top_k=o.top_k,
            guard=True if o.guard is None else o.guard,
            horizon=o.horizon,
            play_k=o.play_k,
        )
