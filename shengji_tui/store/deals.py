"""`DealSummary`: one finished deal in a few facts, stored beside the log.

The table stores one with the move that scores a deal (same transaction), so a
list of games (the start menu's saved games) reads the levels and the deal
number without replaying or searching the log. `deal_summary` is the one place
a summary is made: from the state right after the scoring move, both by the
table and by a replay that fills in the summaries of an older store.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..engine import GameState
from ..engine.events import DealScored, Event
from ..rules import DealResult, Suit


class DealSummary(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    deal_no: int  # 0 for the first deal (as the engine counts)
    seq: int  # the move that scored it (the state version after it)
    dealer: int | None
    dealer_side: tuple[int, ...]
    level: str  # the level played
    trump_suit: Suit | None  # None: no trump
    attacker_points: int
    result: DealResult
    levels: tuple[str, ...]  # each seat's level after the deal
    next_dealer: int | None
    winners: tuple[int, ...] = ()  # the match's winners, if it ended with this deal


def deal_summary(state: GameState, events: Sequence[Event]) -> DealSummary | None:
    """The summary of the deal `events` scored (`state`: the state after them), or
    None when they scored none."""
    scored = next((e for e in events if isinstance(e, DealScored)), None)
    if scored is None:
        return None
    return DealSummary(
        deal_no=state.deal_no,
        seq=state.version,
        dealer=state.dealer,
        dealer_side=state.dealer_side,
        level=state.level,
        trump_suit=state.trump_suit,
        attacker_points=scored.attacker_points,
        result=scored.result,
        levels=state.levels,
        next_dealer=state.next_dealer,
        winners=state.winners,
    )
