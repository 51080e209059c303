"""One deal of a preset, walked by bots, kept at each of its moments as a
player sees them (no Textual here): the dealing, the declaring window or the
auction and its overturn, the bury, the friend's call, a lead and a follow,
the result; and the match's end, reached from a state near it (every seat at
the last level, or the last deal of a match of deals).

Each moment is a state and the seat whose screen shows it: the seat the game
waits for there (the burier, the caller, the bidder...), else seat 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from shengji_tui.bots import BotSpec
from shengji_tui.engine import GameState, new_game
from shengji_tui.table.plan import plan

PRESETS = (
    "classic",
    "tournament",
    "find-friends",
    "find-friends-5",
    "one-deck",
    "two-color",
    "three-deck",
    "six-player",
    "four-deck",
    "eighty-points",
    "three-player",
)


class Moment(NamedTuple):
    name: str  # the phase (and "lead" / "follow" while playing)
    state: GameState
    seat: int  # whose screen


def _bots(state: GameState, seed: int) -> dict[int, object]:
    return {
        s: BotSpec(level="random", seed=seed * 8 + s).make() for s in range(state.rules.players)
    }


def _steps(state: GameState, seed: int, stop: tuple[str, ...]) -> Iterator[GameState]:
    bots = _bots(state, seed)
    yield state
    for _ in range(20000):
        if state.phase in stop:
            return
        step = plan(state, bots, all_bots=True)  # type: ignore[arg-type]
        if step is None:
            return
        state = step.state
        yield state
    raise AssertionError("the deal did not end")


def _awaited(state: GameState) -> int | None:
    return state.awaiting()


def deal_moments(preset: str, seed: int = 3) -> list[Moment]:
    """The moments of the first deal, each phase once (the first time a seat is
    awaited in it), in the order played."""
    out: dict[str, Moment] = {}
    start = new_game(preset, seed)
    half = len(start.stock) // 2
    for s in _steps(start, seed, ("scoring", "finished")):
        phase = s.phase
        if phase == "dealing":
            if "dealing" not in out and len(s.stock) <= half:
                out["dealing"] = Moment("dealing", s, 0)
            continue
        if phase == "declaring":  # every card dealt: the last chance to declare
            out.setdefault("declaring", Moment("declaring", s, 0))
            continue
        if phase == "playing":
            seat = s.turn if s.turn is not None else 0
            key = "lead" if not s.trick else "follow"
            if s.trick_no >= 1 and key not in out:
                out[key] = Moment(key, s, seat)
            continue
        if phase in ("scoring", "finished"):
            out.setdefault("result", Moment("result", s, s.dealer or 0))
            continue
        seat = _awaited(s)
        if phase not in out and seat is not None:
            out[phase] = Moment(phase, s, seat)
    return list(out.values())


def near_the_end(preset: str, seed: int = 3) -> GameState:
    """A new match one deal from its end: every seat at the last level (the
    dealer side that holds, or the side that takes over, passes it), or the last
    deal of a match of deals."""
    state = new_game(preset, seed)
    rs = state.rules
    if rs.match_deals is not None:
        return state.model_copy(update={"deal_no": rs.match_deals - 1})
    last = rs.levels[-1]
    return state.model_copy(update={"levels": (last,) * rs.players, "level": last})


def match_end(preset: str, seed: int = 3) -> Moment:
    """The match's end, played by the bots from `near_the_end`."""
    for k in range(10):
        state = near_the_end(preset, seed + k)
        bots = _bots(state, seed + k)
        for _ in range(40000):
            if state.phase == "finished":
                return Moment("match_end", state, 0)
            step = plan(state, bots, all_bots=True)  # type: ignore[arg-type]
            if step is None:
                break
            state = step.state
    raise AssertionError(f"{preset}: no match end reached")
