"""Bots never try an illegal command, over random deals of every preset."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from shengji_tui.bots import LEVELS, Bot, BotOptions, BotSpec, UnknownBotLevel, bot_level

from .bot_helpers import PRESETS, run


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [11, 12])
def test_easy_and_normal_play_only_legal_moves(preset: str, seed: int) -> None:
    res = run(preset, seed, ["normal", "easy", "normal", "easy"])
    assert res.illegal == {"a": 0, "b": 0}, res.illegal_notes
    assert res.dealer_side


@pytest.mark.parametrize("preset", PRESETS)
def test_hard_plays_only_legal_moves(preset: str) -> None:
    res = run(preset, 21, ["hard", "normal", "hard", "normal"], budget_ms=15, workers=1)
    assert res.illegal == {"a": 0, "b": 0}, res.illegal_notes


@pytest.mark.parametrize("level", LEVELS)
def test_a_spec_makes_its_bot(level: str) -> None:
    spec = BotSpec(level=level, seed=3, name="x")
    bot = spec.make()
    assert isinstance(bot, Bot)
    assert bot.name == "x" and getattr(bot, "seed", None) == 3
    assert getattr(bot, "level", "random") == level
    assert spec.make() is not bot  # a new bot each time (bots keep per-deal memory)
    assert BotSpec(level=level).make().name == level  # unnamed: the level
    # the spec is a frozen value that survives JSON
    assert BotSpec.model_validate_json(spec.model_dump_json()) == spec
    assert hash(spec) == hash(BotSpec(level=level, seed=3, name="x"))
    with pytest.raises(ValidationError):
        spec.seed = 4  # type: ignore[misc]


def test_the_hard_bot_takes_its_options() -> None:
    spec = BotSpec(level="HARD ", seed=1, options={"budget_ms": 20, "workers": 1, "guard": False})
    assert spec.level == "hard"
    bot = spec.make()
    assert (bot.budget_ms, bot.workers, bot.guard) == (20.0, 1, False)  # type: ignore[attr-defined]
    assert spec.options == BotOptions(budget_ms=20, workers=1, guard=False)
    default = BotSpec(level="hard", options={"workers": 1}).make()
    assert default.budget_ms == 300.0  # type: ignore[attr-defined]
    with pytest.raises(ValidationError, match="takes no options"):
        BotSpec(level="easy", options={"budget_ms": 20})
    with pytest.raises(ValidationError):
        BotSpec(level="hard", options={"budget": 20})  # not an option


def test_unknown_level_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValidationError, match="there is no bot level 'grandmaster'"):
        BotSpec(level="grandmaster", seed=1, name="x")
    with pytest.raises(UnknownBotLevel, match="the levels are random, easy, normal, hard"):
        bot_level("grandmaster")
