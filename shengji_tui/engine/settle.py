"""The end of an auction deal (docs/rules.md §11-12) and the next one.

- Eighty points (`points_up`): the dealer's points are the point cards of the
  tricks the dealer won; the kitty counts for nobody (扣底的分数就作废). The
  dealer settles with each other seat (`rules.settle_eighty_points`: the bid,
  the points over or under it, the doublings for a bid of 100 or more, a
  score of 0 and a dealer who won every trick) in match points
  (`DealSettled`). The match is `match_deals` deals; the highest match score
  wins (a tie: every seat on it).
- Three players (`threshold_down`): the attackers' points (their tricks, the
  kitty × multiplier if they won the last trick, throw penalties) are held
  against the bid (`rules.deal_result(..., bid=)`): each attacker, or the
  dealer, goes up its own level. The match ends when a dealer playing the
  last level (A) holds; there is no holding or losing the deal, every deal is
  auctioned anew.
- The next deal: the next seat opens the auction (the seat dealt first).
"""

from __future__ import annotations

from ..rules import deal_result, points, settle_eighty_points
from .commands import NextDeal
from .deal import Step, start_deal
from .events import (
    AuctionOpenerNext,
    DealScored,
    DealSettled,
    Event,
    KittyRevealed,
    MatchOver,
)
from .phases import require_phase
from .scoring import _raise_levels, kitty_capture
from .state import GameState


def _match_over(state: GameState, scores: tuple[int, ...], levels: list[str]) -> tuple[int, ...]:
    """A match of `match_deals` deals: the winners, once its last deal is played."""
    rs = state.rules
    if rs.match_deals is None or state.deal_no + 1 < rs.match_deals:
        return ()
    if rs.bidding == "points_up":
        best = max(scores)
        return tuple(s for s in range(state.players) if scores[s] == best)
    top = max(rs.levels.index(lv) for lv in levels)
    return tuple(s for s in range(state.players) if rs.levels.index(levels[s]) == top)


def end_auction_deal(state: GameState, win_idx: int) -> Step:
    """Score the auction deal just finished; `win_idx` indexes the last trick's winning play."""
    rs = state.rules
    dealer, bid = state.dealer, state.bid
    assert dealer is not None and bid is not None
    kitty_pts = points(state.kitty)
    events: list[Event] = [
        KittyRevealed(seat=state.kitty_holder, cards=state.kitty, points=kitty_pts)
    ]
    attackers = state.attackers
    trick_pts = sum(points(state.captured[s]) for s in attackers)
    levels = list(state.levels)
    scores = state.match_scores
    update: dict[str, object] = {"turn": None}
    if rs.bidding == "points_up":
        dealer_pts = points(state.captured[dealer])
        swept = not any(state.captured[s] for s in attackers)
        result = deal_result(rs, trick_pts, bid, dealer_pts, swept=swept)
        settlement = settle_eighty_points(bid, dealer_pts, swept=swept)
        deltas = settlement.deltas(dealer, state.players)
        scores = tuple(a + b for a, b in zip(scores, deltas, strict=True))
        total = trick_pts
        events.append(
            DealScored(
                attacker_points=total,
                trick_points=trick_pts,
                kitty_points=0,
                penalty_points=state.penalty_points,
                result=result,
            )
        )
        events.append(
            DealSettled(dealer=dealer, settlement=settlement, deltas=deltas, scores=scores)
        )
        update["match_scores"] = scores
        winners = _match_over(state, scores, levels)
    else:
        kitty_total, evs = kitty_capture(state, win_idx, kitty_pts)
        events += evs
        total = trick_pts + kitty_total + state.penalty_points
        result = deal_result(rs, total, bid=bid)
        events.append(
            DealScored(
                attacker_points=total,
                trick_points=trick_pts,
                kitty_points=kitty_total,
                penalty_points=state.penalty_points,
                result=result,
            )
        )
        if result.attackers_take_over:
            events += _raise_levels(state, levels, attackers, result.attacker_levels)
        else:
            events += _raise_levels(state, levels, state.dealer_side, result.dealer_side_levels)
        winners = _match_over(state, scores, levels)
        if not winners and not result.attackers_take_over and state.level == rs.levels[-1]:
            winners = state.dealer_side
    update |= {"levels": tuple(levels), "result": result, "attacker_points": total}
    if winners:
        update |= {"phase": "finished", "winners": winners}
        events.append(MatchOver(winners=winners, level=state.level))
    else:
        update |= {"phase": "scoring", "next_dealer": None}
        events.append(AuctionOpenerNext(seat=next_opener(state)))
    return state.model_copy(update=update), events


def next_opener(state: GameState) -> int:
    """The next deal's auction opens with the seat after this deal's first card."""
    return state.next_seat(state.first_seat)


def next_auction_deal(state: GameState, cmd: NextDeal) -> Step:
    require_phase(state, "start the next deal", "scoring")
    return start_deal(state, state.deal_no + 1, 0, None, next_opener(state))
