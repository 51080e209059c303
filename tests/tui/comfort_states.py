"""Game states for the shortcut keys' tests (no Textual): seat 0 about to
follow a lead of a given kind, found by playing seeded deals with bots."""

from __future__ import annotations

from collections.abc import Callable

from shengji_tui import rules
from shengji_tui.engine import GameState
from shengji_tui.table.plan import plan

from . import states as S


def follows(state: GameState) -> list[list[rules.Card]]:
    return list(
        rules.legal_follows(
            state.rules, state.ctx, list(state.hands[0]), list(state.trick[0].cards)
        )
    )


def led_suit(state: GameState) -> str:
    return rules.effective_suit(state.rules, state.ctx, state.trick[0].cards[0])


def held_of(state: GameState, suit: str) -> list[rules.Card]:
    return [c for c in state.hands[0] if rules.effective_suit(state.rules, state.ctx, c) == suit]


def find_follow(pred: Callable[[GameState], bool], preset: str = "classic") -> GameState:
    """Seat 0 to follow, where `pred(state)` holds (the bots play everyone's cards)."""
    base = S.bury_cheap(S.burying_state(preset))
    for seed in range(1, 60):
        s = base
        b = S.bots(seed, (0, 1, 2, 3))
        while s.phase == "playing":
            if s.turn == 0 and s.trick and pred(s):
                return s
            s = plan(s, b, all_bots=True).state  # type: ignore[union-attr]
    raise AssertionError("no such state")


def single_follow(state: GameState) -> bool:
    """A single led, seat 0 holding 3 or more different cards of its suit (not the first)."""
    lead = state.trick[0].cards
    held = held_of(state, led_suit(state))
    return len(lead) == 1 and len(set(held)) >= 3 and led_suit(state) != "T"


def pair_follow(state: GameState) -> bool:
    """A pair led, seat 0 holding two pairs of its suit or more."""
    lead = state.trick[0].cards
    if len(lead) != 2 or lead[0] != lead[1]:
        return False
    held = held_of(state, led_suit(state))
    return sum(1 for c in set(held) if held.count(c) >= 2) >= 2


def forced_follow(state: GameState) -> bool:
    """Exactly one follow is legal (seat 0 holds the led suit: not a void)."""
    return len(follows(state)) == 1 and bool(held_of(state, led_suit(state)))


def void_follow(state: GameState) -> bool:
    return not held_of(state, led_suit(state))
