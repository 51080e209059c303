"""Tables of 3 to 6 seats (docs/rules.md §2, §8, §9): whole random matches at each
seat count, who deals next, who wins, and what each seat's view holds."""

from __future__ import annotations

import pytest
from engine_helpers import SEAT_RULES, custom, run_match

from shengji_tui.engine import (
    DealerChosen,
    DealerRotated,
    DealScored,
    DealStarted,
    LevelUp,
    MatchOver,
    new_game,
    view_for,
)
from shengji_tui.engine.events import Event


def expected_next_dealer(n: int, fixed: bool, dealer: int, take_over: bool) -> int:
    """docs/rules.md §8: the dealer side held → the next seat of the dealer's team
    (fixed teams sit on alternate seats; a solo dealer deals again); the attackers
    took over → the seat after the old dealer."""
    if take_over:
        return (dealer + 1) % n
    return (dealer + 2) % n if fixed else dealer


@pytest.mark.parametrize("n", sorted(SEAT_RULES))
def test_a_random_match_at_every_seat_count(n: int) -> None:
    rs = SEAT_RULES[n]
    fixed = rs.partnership == "fixed"
    events: list[Event] = []
    state = run_match(rs, 5, max_deals=300, events=events)
    assert state.phase == "finished" and state.players == n
    assert len(state.levels) == len(state.hands) == len(state.match_scores) == n
    dealer: int | None = None
    nxt: int | None = None
    rotations = deals = 0
    for e in events:
        if isinstance(e, DealStarted):
            if e.deal_no > 0:
                assert e.dealer == nxt
            dealer = e.dealer
        elif isinstance(e, DealerChosen):
            dealer = e.seat
        elif isinstance(e, DealScored):
            deals += 1
        elif isinstance(e, DealerRotated):
            assert dealer is not None
            nxt = expected_next_dealer(n, fixed, dealer, e.take_over)
            assert e.seat == nxt
            rotations += 1
        elif isinstance(e, LevelUp):
            # one side goes up: the dealer's team (a solo dealer alone) or the attackers
            assert dealer is not None
            side = set(state.side_of(dealer))
            others = set(range(n)) - side
            assert set(e.seats) <= side or set(e.seats) <= others
            if fixed:  # partners share a level, so the whole team moves as one
                assert set(e.seats) in (side, others)
        elif isinstance(e, MatchOver):
            assert e.winners == state.winners
    assert deals == state.deal_no + 1 and rotations == deals - 1
    if fixed:
        assert state.winners == state.side_of(state.winners[0])
        assert len(state.winners) == n // 2
        for s in range(n):
            assert state.levels[s] == state.levels[s % 2]
    else:
        assert len(state.winners) == 1
    assert all(state.levels[s] == rs.levels[-1] for s in state.winners)


def test_six_player_seats_two_teams_of_three() -> None:
    state = new_game("six-player", 3)
    assert state.teams == (0, 1, 0, 1, 0, 1)
    assert state.side_of(2) == (0, 2, 4) and state.side_of(5) == (1, 3, 5)
    assert [state.partner_after(s) for s in range(6)] == [2, 3, 4, 5, 0, 1]
    assert len(state.stock) == 6 * 26 and len(state.kitty) == 6


def test_solo_table_has_one_dealer_against_the_rest() -> None:
    rs = SEAT_RULES[5]
    state = run_match(rs, 2, max_deals=300, check=False)
    assert state.teams == (0, 1, 2, 3, 4)
    assert state.dealer is not None and state.dealer_side == (state.dealer,)
    assert set(state.attackers) == set(range(5)) - {state.dealer}


@pytest.mark.parametrize("n", sorted(SEAT_RULES))
def test_views_at_every_seat_count(n: int) -> None:
    state = new_game(SEAT_RULES[n], 9)
    for seat in range(n):
        v = view_for(state, seat)
        assert len(v.hand_sizes) == len(v.levels) == len(v.teams) == n
    with pytest.raises(ValueError, match="no seat"):
        view_for(state, n)


def test_an_auction_at_any_table_size() -> None:
    """A falling auction on a custom five-seat table plays like three players'."""
    rs = custom(
        "bid-5",
        "three-deck",
        players=5,
        kitty_size=7,
        partnership="solo",
        bidding="threshold_down",
        bid_start=300,
    )
    state = run_match(rs, 2, max_deals=400)
    assert state.phase == "finished" and len(state.winners) == 1
