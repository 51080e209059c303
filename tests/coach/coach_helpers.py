"""Games for the coach's tests: one deal played by bots of chosen levels,
kept as a `GameLog` or in a store."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from shengji_tui.bots import BotOptions, BotSpec
from shengji_tui.coach import GameLog
from shengji_tui.engine import GameState, apply, new_game
from shengji_tui.rules import RuleSet
from shengji_tui.store import Store, command_json, events_json
from shengji_tui.table.plan import plan

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Fay")
HARD = BotOptions(budget_ms=60, workers=1, guard=False)  # a quick hard bot, its moves repeatable


def one_deal(preset: str | RuleSet, seed: int, levels: Sequence[str] = ("normal",)) -> GameLog:
    """The first deal of `new_game(preset, seed)` played to its score by bots
    (`levels`: per seat, repeated round the table)."""
    state = new_game(preset, seed)
    n = state.players
    bots = {}
    for s in range(n):
        level = levels[s % len(levels)]
        spec = BotSpec(level=level, seed=seed * 10 + s, name=NAMES[s])
        if level == "hard":
            spec = spec.model_copy(update={"options": HARD})
        bots[s] = spec.make()
    commands = []
    while state.result is None:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        commands.append(step.command)
        state = step.state
    return GameLog(f"game-{state.rules.name}-{seed}", state.rules, seed, commands)


def final_state(game: GameLog) -> GameState:
    state = new_game(game.rules, game.seed)
    for c in game.commands:
        state, _ = apply(state, c)
    return state


def store_game(path: Path, game: GameLog) -> None:
    """Keep `game` in the store at `path` as a table keeps its moves."""
    with Store(path) as store:
        names = list(NAMES[: game.rules.players])
        store.create_table(game.table_id, game.rules, game.seed, names, {})
        state = new_game(game.rules, game.seed)
        for i, c in enumerate(game.commands, 1):
            state, evs = apply(state, c)
            store.append(game.table_id, i, command_json(c), events_json(evs))
