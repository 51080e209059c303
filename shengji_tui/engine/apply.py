"""`apply(state, command) -> (state, events)`: the one entry point that changes a game.

A refused command raises a `RuleError` (with a sentence) and, the state being
immutable, leaves the given state exactly as it was. An accepted one returns a
new state (version + 1, the events appended to this deal's log) and the full
events; show a seat only `views.events_for(events, seat, new_state)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import auction
from .calling import call_friend
from .commands import (
    Bury,
    CallFriend,
    DealAll,
    DealNext,
    Declare,
    NextDeal,
    PassSteal,
    Play,
    Steal,
)
from .deal import deal_all, deal_next, declare
from .errors import BadCommand, RuleError, StaleVersion, WrongPhase, WrongSeat
from .events import Event
from .kitty import bury, pass_steal, steal
from .play import play
from .scoring import next_deal
from .state import GameState

Handler = Callable[[GameState, Any], tuple[GameState, list[Event]]]

HANDLERS: dict[type, Handler] = {
    DealNext: deal_next,
    DealAll: deal_all,
    Declare: declare,
    Bury: bury,
    Steal: steal,
    PassSteal: pass_steal,
    CallFriend: call_friend,
    Play: play,
    NextDeal: next_deal,
    **auction.HANDLERS,
}


def apply(state: GameState, command: object) -> tuple[GameState, list[Event]]:
    """Validate `command` for its seat and the state; return the new state and events."""
    handler = auction.overrides(state.rules).get(type(command)) or HANDLERS.get(type(command))
    if handler is None:
        raise BadCommand(f"{type(command).__name__} is not a command of this game")
    version: int | None = getattr(command, "version", None)
    if version is not None and version != state.version:
        raise StaleVersion(
            f"this was decided on an older view of the game (version {version}, now "
            f"{state.version}); look at the table again and retry",
            "牌局已更新，请重新查看后再操作",
        )
    seat: int | None = getattr(command, "seat", None)
    n = state.players
    if seat is not None and not 0 <= seat < n:
        raise WrongSeat(
            f"there is no seat {seat} at this table (seats 0 to {n - 1})", f"没有 {seat} 号座位"
        )
    if state.phase == "finished":
        raise WrongPhase("the match is over", "比赛已结束")
    try:
        new, events = handler(state, command)
    except RuleError:
        raise
    except ValueError as e:  # a rules-API refusal not caught above: still a sentence
        raise RuleError(str(e) or "that is not allowed now") from None
    new = new.model_copy(update={"version": state.version + 1, "log": new.log + tuple(events)})
    return new, events


def apply_all(state: GameState, commands: list[object]) -> tuple[GameState, list[Event]]:
    """Apply several commands in order (stops at the first refusal, which raises)."""
    out: list[Event] = []
    for c in commands:
        state, evs = apply(state, c)
        out.extend(evs)
    return state, out
