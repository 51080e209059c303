"""The end of a deal (docs/rules.md §7-8): kitty capture, the deal's result, levels,
the jack rule, who deals next, and the end of the match.

- Attacker points = points in the attackers' tricks + the captured kitty
  (× `kitty_multiplier`) + failed-throw penalty points; `deal_result` scores them.
- The winning side gains levels with `advance_level` (must-play levels stop it).
- Jack rule (`jack_rule_applies`): the dealer side goes back to the first level.
- Next dealer: the dealer side held → the dealer's partner (the next seat of
  the dealer's team); the attackers took over → the seat after the old dealer.
- The match ends when the dealer side holds a deal played at the last level.
- Find friends (`friends.py`): the sides are settled (revealed) first, the
  result is by seat (the five-player table and split), the next dealer is the
  next dealer-side seat or the first attacker after the dealer, and the match
  is won by the dealer alone.
"""

from __future__ import annotations

from ..rules import advance_level, deal_result, jack_rule_applies, kitty_multiplier, points
from . import friends
from .commands import NextDeal
from .deal import start_deal
from .events import (
    DealerRotated,
    DealScored,
    Event,
    JackRule,
    KittyCaptured,
    KittyRevealed,
    LevelUp,
    MatchOver,
)
from .phases import require_phase
from .state import GameState

Step = tuple[GameState, list[Event]]


def _raise_levels(
    state: GameState, levels: list[str], seats: tuple[int, ...], gain: int
) -> list[Event]:
    events: list[Event] = []
    if gain <= 0:
        return events
    by_old: dict[str, list[int]] = {}
    for s in seats:
        by_old.setdefault(levels[s], []).append(s)
    for old, group in by_old.items():
        new = advance_level(state.rules, old, gain)
        for s in group:
            levels[s] = new
        if new != old:
            events.append(LevelUp(seats=tuple(group), old_level=old, new_level=new, gain=gain))
    return events


def kitty_capture(state: GameState, win_idx: int, kitty_pts: int) -> tuple[int, list[Event]]:
    """The kitty's points the attackers take (its points times the last trick's
    multiplier) when one of them won the last trick, and the event that says so;
    else 0 and no event. `win_idx` indexes the last trick's winning play."""
    last = state.last_trick
    winner = last[win_idx].seat
    if winner not in state.attackers:
        return 0, []
    lead, win_play = list(last[0].cards), list(last[win_idx].cards)
    mult = kitty_multiplier(state.rules, state.ctx, lead, win_play)
    total = kitty_pts * mult
    return total, [KittyCaptured(seat=winner, points=kitty_pts, multiplier=mult, total=total)]


def end_deal(state: GameState, win_idx: int) -> Step:
    """Score the deal just finished; `win_idx` indexes the last trick's winning play."""
    rs, ctx = state.rules, state.ctx
    last = state.last_trick
    winner = last[win_idx].seat
    kitty_pts = points(state.kitty)
    events: list[Event] = [
        KittyRevealed(seat=state.kitty_holder, cards=state.kitty, points=kitty_pts)
    ]
    ff = friends.finds_friends(state)
    if ff:  # the sides are public now (docs/rules.md §10)
        state, evs = friends.settle_sides(state)
        events += evs
    attackers = state.attackers
    trick_pts = sum(points(state.captured[s]) for s in attackers)
    kitty_total, evs = kitty_capture(state, win_idx, kitty_pts)
    events += evs
    jack = bool(evs) and jack_rule_applies(rs, ctx, list(last[win_idx].cards))
    total = trick_pts + kitty_total + state.penalty_points
    result = friends.deal_result(state, total, winner) if ff else deal_result(rs, total)
    events.append(
        DealScored(
            attacker_points=total,
            trick_points=trick_pts,
            kitty_points=kitty_total,
            penalty_points=state.penalty_points,
            result=result,
        )
    )
    levels = list(state.levels)
    take_over = result.attackers_take_over
    if ff:  # levels by seat: the dealer's and the friend's shares differ at five seats
        for seats, gain in friends.gains(state, result):
            events += _raise_levels(state, levels, seats, gain)
    elif take_over:
        events += _raise_levels(state, levels, attackers, result.attacker_levels)
    else:
        events += _raise_levels(state, levels, state.dealer_side, result.dealer_side_levels)
    if jack:
        back = rs.levels[0]
        old = levels[state.dealer_side[0]]
        for s in state.dealer_side:
            levels[s] = back
        events.append(JackRule(seats=state.dealer_side, old_level=old, new_level=back))
    update: dict[str, object] = {
        "levels": tuple(levels),
        "result": result,
        "attacker_points": total,
    }
    dealer = state.dealer
    assert dealer is not None
    if not take_over and state.level == rs.levels[-1]:
        # find friends: the seat that held the deal as dealer wins (levels are per seat)
        winners = (dealer,) if ff else state.dealer_side
        update |= {"phase": "finished", "winners": winners, "turn": None}
        events.append(MatchOver(winners=winners, level=state.level))
        return state.model_copy(update=update), events
    if ff:
        nxt = friends.next_dealer(state, take_over)
    else:
        nxt = state.next_seat(dealer) if take_over else state.partner_after(dealer)
    update |= {"phase": "scoring", "next_dealer": nxt, "turn": None}
    events.append(DealerRotated(seat=nxt, take_over=take_over))
    return state.model_copy(update=update), events


def next_deal(state: GameState, cmd: NextDeal) -> Step:
    require_phase(state, "start the next deal", "scoring")
    dealer = state.next_dealer
    assert dealer is not None
    return start_deal(state, state.deal_no + 1, 0, dealer, dealer)
