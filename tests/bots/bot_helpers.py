"""Drive the engine with bots for tests: only `view_for` reaches a bot."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from shengji_tui.bench.bots_bench import RunResult, play_deal
from shengji_tui.bots import BotOptions, BotSpec, bot_level
from shengji_tui.bots.base import Bot
from shengji_tui.engine import SUPPORTED

PRESETS = SUPPORTED


def bots_for(levels: list[str], seed: int, **opts: object) -> dict[int, Bot]:
    out: dict[int, Bot] = {}
    for s, lv in enumerate(levels):
        o = BotOptions.model_validate(opts if lv == "hard" else {})
        spec = BotSpec(level=bot_level(lv), seed=seed * 8 + s, name=f"{lv}-{s}", options=o)
        out[s] = spec.make()
    return out


def run(preset: str, seed: int, levels: list[str], **opts: object) -> RunResult:
    bots = bots_for(levels, seed, **opts)
    return play_deal(preset, seed, bots, (0, 2))


Hook = Callable[..., None]


def walk(preset: str, seed: int, levels: list[str]):  # type: ignore[no-untyped-def]
    """Play the first deal of `new_game(preset, seed)` and yield the state before
    every awaited decision (the test may read it; the bots see only their views)."""
    from shengji_tui.engine import (
        CardDealt,
        DealNext,
        Declare,
        RuleError,
        apply,
        new_game,
        view_for,
    )

    bots = bots_for(levels, seed)
    state = new_game(preset, seed)
    n = state.players
    while state.phase not in ("scoring", "finished"):
        if state.phase == "dealing":
            state, evs = apply(state, DealNext())
            for e in evs:
                if isinstance(e, CardDealt):
                    cmd = bots[e.seat].decide(view_for(state, e.seat))
                    if isinstance(cmd, Declare):
                        with contextlib.suppress(RuleError):
                            state, _ = apply(state, cmd)
            continue
        if state.phase == "declaring":
            for seat in range(n):
                cmd = bots[seat].decide(view_for(state, seat))
                if isinstance(cmd, Declare):
                    with contextlib.suppress(RuleError):
                        state, _ = apply(state, cmd)
            state, _ = apply(state, DealNext())
            continue
        yield state
        seat = state.awaiting()
        assert seat is not None
        cmd = bots[seat].decide(view_for(state, seat))
        assert cmd is not None
        state, _ = apply(state, cmd)
    yield state
