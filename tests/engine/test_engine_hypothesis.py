"""Hypothesis: for every preset the engine plays (and the solo tables of 3 and 5
seats, and find friends at five seats on two decks), a match of random legal
commands runs to its end with every card in exactly one place after every
command, and every deal's points adding up:
100 per deck between the tricks and the kitty, and the attackers' score being
their tricks plus the captured kitty plus the throw penalties. The match ends
as its rules say: the winners are one team that won a deal as dealer at the
last level (find friends: the dealer alone), or eighty points' match of deals
is over with its match points adding to zero; one `match_over`, the last
event, and one `deal_scored` a deal; partners always share a level."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PRESETS, SEAT_RULES, check_invariants, legal_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_tui import rules
from shengji_tui.engine import DealScored, KittyCaptured, MatchOver, apply, new_game
from shengji_tui.engine.events import Event
from shengji_tui.rules import RuleSet

# the presets include find-friends and find-friends-5; five players on two decks too
FIVE_TWO_DECKS = RuleSet.from_dict({"preset": "find-friends", "players": 5, "name": "ff-5-2"})
TABLES: list[str | RuleSet] = [*PRESETS, SEAT_RULES[3], SEAT_RULES[5], FIVE_TWO_DECKS]
MAX_COMMANDS = 150_000


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p if isinstance(p, str) else p.name)
@settings(
    max_examples=2,  # (whole matches, each checked for all of the above)
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_random_match_conserves_cards_and_points(
    table: str | RuleSet, seed: int, moves: int
) -> None:
    rng = random.Random(moves)
    state = new_game(table, seed)
    rs = state.rules
    check_invariants(state)
    over = 0
    seen: list[Event] = []
    for _ in range(MAX_COMMANDS):
        if state.phase == "finished":
            break
        before = state
        state, events = apply(state, legal_command(state, rng))
        assert state.version == before.version + 1
        check_invariants(state)
        seen.extend(events)
        for e in events:
            if isinstance(e, MatchOver):
                over += 1
            if not isinstance(e, DealScored):
                continue
            caught = [k for k in events if isinstance(k, KittyCaptured)]
            attackers = state.attackers
            trick_points = sum(rules.points(state.captured[s]) for s in attackers)
            every_trick = sum(rules.points(c) for c in state.captured)
            assert every_trick + rules.points(state.kitty) == rs.total_points == 100 * rs.decks
            assert e.trick_points == trick_points
            assert e.kitty_points == sum(k.total for k in caught)
            assert e.penalty_points == before.penalty_points == state.penalty_points
            assert e.attacker_points == trick_points + e.kitty_points + e.penalty_points
            assert state.result == e.result and state.attacker_points == e.attacker_points
    assert state.phase == "finished", f"no end in {MAX_COMMANDS} commands"
    assert over == 1 and state.winners
    assert seen[-1].type == "match_over"
    assert len([e for e in seen if e.type == "deal_scored"]) == state.deal_no + 1
    if rs.match_deals is not None:  # eighty points: a match of deals, on match points
        assert state.deal_no + 1 == rs.match_deals and sum(state.match_scores) == 0
        best = max(state.match_scores)
        assert state.winners == tuple(s for s, v in enumerate(state.match_scores) if v == best)
    else:
        # the winners won a deal as dealer at the last level, and they are one team
        # (find friends: the dealer alone wins)
        assert len({state.teams[s] for s in state.winners}) == 1
        assert all(state.levels[s] == rs.levels[-1] for s in state.winners)
    if rs.partnership == "find_friends":
        assert state.winners == (state.dealer,)
    # partners always share a level (find friends: levels are per seat)
    for s in range(rs.players if rs.partnership == "fixed" else 0):
        assert state.levels[s] == state.levels[state.partner_after(s)]
