"""Drive the engine with bots for tests: only `view_for` reaches a bot."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from shengji_tui.bench.bots_bench import RunResult, play_deal
from shengji_tui.bots import BotOptions, BotSpec, bot_level
from shengji_tui.bots.base import Bot
from shengji_tui.engine import SUPPORTED
from shengji_tui.rules import RuleSet

PRESETS = SUPPORTED


def custom(name: str, base: str = "classic", **options: object) -> RuleSet:
    return RuleSet.model_validate({**RuleSet.preset(base).model_dump(), "name": name, **options})


# the odd seat counts, as tests/engine plays them: a solo dealer against the rest
SOLO_3 = custom("solo-3", players=3, kitty_size=9, partnership="solo", score_step=70)
SOLO_5 = custom("solo-5", "three-deck", players=5, kitty_size=7, partnership="solo", score_step=125)


def bots_for(levels: list[str], seed: int, n: int | None = None, **opts: object) -> dict[int, Bot]:
    """A bot at each of `n` seats (default: one per level), `levels` repeated round them."""
    out: dict[int, Bot] = {}
    for s in range(len(levels) if n is None else n):
        lv = levels[s % len(levels)]
        o = BotOptions.model_validate(opts if lv == "hard" else {})
        spec = BotSpec(level=bot_level(lv), seed=seed * 8 + s, name=f"{lv}-{s}", options=o)
        out[s] = spec.make()
    return out


def players_of(preset: str | RuleSet) -> int:
    return (RuleSet.preset(preset) if isinstance(preset, str) else preset).players


def run(preset: str | RuleSet, seed: int, levels: list[str], **opts: object) -> RunResult:
    """One deal, `levels` round the table; "a" counts the even seats' bots."""
    n = players_of(preset)
    bots = bots_for(levels, seed, n, **opts)
    return play_deal(preset, seed, bots, tuple(range(0, n, 2)))


Hook = Callable[..., None]


def walk(preset: str | RuleSet, seed: int, levels: list[str]):  # type: ignore[no-untyped-def]
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

    state = new_game(preset, seed)
    n = state.players
    bots = bots_for(levels, seed, n)
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
        awaited = state.awaiting()
        assert awaited is not None
        cmd = bots[awaited].decide(view_for(state, awaited))
        assert cmd is not None
        state, _ = apply(state, cmd)
    yield state
