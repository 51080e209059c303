"""One deal of a preset, walked by bots, kept at each of its moments as a
player sees them (no Textual here): the dealing, the declaring window or the
auction and its overturn, the bury, the friend's call, a lead and a follow,
the result; and the match's end, reached from a state near it (every seat at
the last level, or the last deal of a match of deals).

Each moment is a state and the seat whose screen shows it: the seat the game
waits for there (the burier, the caller, the bidder...), else seat 0.

A preset's walk is played once per test process (states are frozen values):
the screens' tests ask for the same walks in every language and size."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from shengji_tui.bots import BotSpec
from shengji_tui.engine import GameState, new_game
from shengji_tui.table.plan import plan
from shengji_tui.table.views import ViewCache

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
    views = ViewCache()  # (the bots' views as view_for makes them, a step at a time)
    yield state
    for _ in range(20000):
        if state.phase in stop:
            return
        step = plan(state, bots, all_bots=True, views=views)  # type: ignore[arg-type]
        if step is None:
            return
        state = step.state
        yield state
    raise AssertionError("the deal did not end")


def _awaited(state: GameState) -> int | None:
    return state.awaiting()


def _moments_of(preset: str, seed: int, out: dict[str, Moment]) -> None:
    """The moments of one deal in which seat 0 acts (or watches the cards come),
    each phase's first, into `out` (those it has already are kept)."""
    start = new_game(preset, seed)
    half = len(start.stock) // 2
    for s in _steps(start, seed, ("scoring", "finished")):
        phase = s.phase
        if phase == "dealing":
            if len(s.stock) <= half:
                out.setdefault("dealing", Moment("dealing", s, 0))
        elif phase == "declaring":  # every card dealt: the last chance to declare
            out.setdefault("declaring", Moment("declaring", s, 0))
        elif phase == "playing":
            if s.turn == 0 and s.trick_no >= 1:
                key = "lead" if not s.trick else "follow"
                out.setdefault(key, Moment(key, s, 0))
        elif phase in ("scoring", "finished"):
            out.setdefault("result", Moment("result", s, 0))
        elif _awaited(s) == 0:
            out.setdefault(phase, Moment(phase, s, 0))


PHASES = (
    "dealing",
    "declaring",
    "bidding",
    "naming_trump",
    "burying",
    "kitty_theft",
    "overturning",
    "calling",
    "lead",
    "follow",
    "result",
)


def deal_moments(preset: str, seed: int = 3, tries: int = 12) -> list[Moment]:
    """Every moment of a deal of `preset` as seat 0 meets it (its own bury, call,
    bid...), from the first deals (seeds from `seed`) that have it, in the
    order a deal goes."""
    return list(_deal_moments(preset, seed, tries))


@cache
def _deal_moments(preset: str, seed: int, tries: int) -> tuple[Moment, ...]:
    rs = new_game(preset, seed).rules
    want = {"burying", "lead", "follow", "result"}
    if rs.partnership == "find_friends":
        want.add("calling")
    if rs.overturn_swap:
        want.add("overturning")
    out: dict[str, Moment] = {}
    for k in range(tries):
        _moments_of(preset, seed + k, out)
        if want <= out.keys():
            break
    return tuple(out[p] for p in PHASES if p in out)


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


@cache
def match_end(preset: str, seed: int = 3) -> Moment:
    """The match's end, played by the bots from `near_the_end`."""
    for k in range(10):
        state = near_the_end(preset, seed + k)
        bots = _bots(state, seed + k)
        views = ViewCache()
        for _ in range(40000):
            if state.phase == "finished":
                return Moment("match_end", state, 0)
            step = plan(state, bots, all_bots=True, views=views)  # type: ignore[arg-type]
            if step is None:
                break
            state = step.state
    raise AssertionError(f"{preset}: no match end reached")
