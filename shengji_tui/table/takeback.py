"""Take-back (solo games against bots): a player goes back to before its
previous decision. The table replays its commands up to before that one (the
engine is deterministic, and so are the bots: they make the same moves again
until the player decides otherwise); the store keeps the moves taken back in
its `takebacks` record, never as lost moves (`Store.take_back`).

Only at a table of one human (in hotseat another human would see what was
taken back); the TUI also refuses it over SSH."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import PACING, Command, DealReview, GameState, apply, new_game, review_of
from ..rules import RuleSet


class TakeBackRefused(Exception):
    """No take-back: `key` names the sentence (the catalogue's `takeback.<key>`),
    `str(e)` says it in English."""

    def __init__(self, key: str, sentence: str) -> None:
        super().__init__(sentence)
        self.key = key


def decision_of(command: Command, seat: int) -> bool:
    """A decision of `seat`'s own: a move it sent, not the table's pacing."""
    return getattr(command, "seat", None) == seat and command.type not in PACING


def take_back_point(commands: Sequence[Command], seat: int) -> int | None:
    """How many of `commands` stay when `seat` takes back its last decision (the
    state version gone back to); None: it made none."""
    for i in range(len(commands) - 1, -1, -1):
        if decision_of(commands[i], seat):
            return i
    return None


def past_review(old: GameState, new: GameState) -> DealReview | None:
    """The review of the deal `old` finished, when `new` starts the next one."""
    if old.result is None or new.deal_no == old.deal_no:
        return None
    return review_of(old.rules, old.log, levels=old.levels)


def replayed_to(
    rules: RuleSet, seed: int, kept: Sequence[Command]
) -> tuple[GameState, list[DealReview]]:
    """The game of `rules` and `seed` after the commands `kept` (the state a
    take-back goes back to), and the reviews of the deals they finished."""
    state = new_game(rules, seed)
    past: list[DealReview] = []
    for cmd in kept:
        new, _ = apply(state, cmd)
        done = past_review(state, new)
        if done is not None:
            past.append(done)
        state = new
    return state, past
