"""Bots never try an illegal command, over random deals of every preset."""

from __future__ import annotations

import pytest

from shengji_tui.bots import Bot
from shengji_tui.bots.levels import LEVELS, make_bot

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
def test_make_bot_gives_a_bot(level: str) -> None:
    bot = make_bot(level, seed=3, name="x")
    assert isinstance(bot, Bot)
    assert bot.name == "x"


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no bot level"):
        make_bot("grandmaster", 1, "x")
