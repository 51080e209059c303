"""Same seed, same decisions."""

from __future__ import annotations

import pytest

from shengji_tui.bench.bots_bench import play_deal
from shengji_tui.engine import Command, GameState

from .bot_helpers import bots_for


def _record(preset: str, seed: int, levels: list[str], **opts: object) -> list[str]:
    bots = bots_for(levels, seed, **opts)
    seen: list[str] = []
    for s, b in bots.items():
        orig = b.decide

        def spy(view, _orig=orig, _s=s):  # type: ignore[no-untyped-def]
            cmd: Command | None = _orig(view)
            seen.append(f"{_s}:{view.version}:{cmd!r}")
            return cmd

        b.decide = spy  # type: ignore[method-assign]
    play_deal(preset, seed, bots, (0, 2))
    return seen


@pytest.mark.parametrize("preset", ["classic", "three-deck"])
def test_normal_and_easy_are_deterministic(preset: str) -> None:
    levels = ["normal", "easy", "normal", "easy"]
    assert _record(preset, 5, levels) == _record(preset, 5, levels)


def test_hard_is_deterministic_without_the_clock_guard() -> None:
    levels = ["hard", "normal", "normal", "normal"]
    a = _record("one-deck", 9, levels, budget_ms=20, workers=1, guard=False)
    b = _record("one-deck", 9, levels, budget_ms=20, workers=1, guard=False)
    assert a == b


def test_different_seeds_can_differ() -> None:
    levels = ["normal"] * 4
    assert _record("classic", 1, levels) != _record("classic", 2, levels)


_ = GameState
