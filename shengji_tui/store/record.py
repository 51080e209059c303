"""A stored game as one record: who played, the rules, and every deal told
again (`engine.DealReview`: every hand as dealt, the kitty, each trick's plays
and winner, the result). What `shengji replay ID --json` prints, and what its
review (`--review`) steps through."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..engine import DealReview, new_game, reviews_of
from ..rules import RuleSet
from .db import StoredTable
from .replay import replay


class GameRecord(BaseModel):
    """`shengji replay ID --json` (docs/architecture.md, "store"). Cards are
    written in the rules' notation ("S10", "HA", "BJ"), seats numbered from 0."""

    model_config = ConfigDict(frozen=True)

    table_id: str
    preset: str  # the ruleset's name
    rules: RuleSet
    seed: int
    names: tuple[str, ...]  # per seat
    finished: bool  # the match was played to its end
    moves: int  # commands in the log
    deals: tuple[DealReview, ...]  # in order; the last one may be in play (`over` False)


def game_record(stored: StoredTable) -> GameRecord:
    """The record of `stored` (its log replayed: `ReplayMismatch` if it does not)."""
    rebuilt = replay(stored)
    # the first deal starts with the game (its events are not a move's)
    events = [*new_game(stored.rules, stored.seed).log, *(e for evs in rebuilt.events for e in evs)]
    return GameRecord(
        table_id=stored.table_id,
        preset=stored.rules.name,
        rules=stored.rules,
        seed=stored.seed,
        names=tuple(stored.names),
        finished=stored.finished_at is not None,
        moves=len(stored.log),
        deals=tuple(reviews_of(stored.rules, events)),
    )
