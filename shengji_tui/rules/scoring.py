"""Kitty multiplier, deal scoring and level advancement (docs/rules.md §7-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from .auction import settle_eighty_points
from .cards import CardsLike, Rank, parse_cards, parse_rank
from .trump import TRUMP, TrumpContext, get_trump
from .units import best_decomposition, single_suit

if TYPE_CHECKING:
    from .ruleset import RuleSet


class DealResult(BaseModel):
    """What a deal's attacker points mean."""

    dealer_side_levels: int = 0
    attacker_levels: int = 0
    attackers_take_over: bool = False
    band_min_points: int = 0
    match_points: int = 0  # eighty-points: what each opponent pays the dealer (negative: receives)
    friend_levels: int = 0  # find-friends: the friend's gain (dealer_side_levels is the dealer's)

    @property
    def dealer_holds(self) -> bool:
        return not self.attackers_take_over


def kitty_multiplier(
    rs: RuleSet, ctx: TrumpContext, lead: CardsLike, winner: CardsLike | None = None
) -> int:
    """Multiplier for the kitty's points when the attackers win the last trick.

    `lead` is the last trick's lead (after a failed throw, its forced unit);
    `winner` the winning play, needed only where a side-suit win does not
    multiply (four-deck, `kitty_trump_only`); it defaults to the lead.
    """
    lead_c = parse_cards(lead)
    t = get_trump(rs, ctx)
    single_suit(t, lead_c)
    units = best_decomposition(t, lead_c, rs.max_tuple)
    if rs.kitty_trump_only:
        win_c = parse_cards(winner) if winner is not None else lead_c
        if not win_c or any(t.eff[c.idx] != TRUMP for c in win_c):
            return 1
    largest = units[0]
    if rs.kitty_multiplier == "tournament":
        if len(units) > 1:
            m = 2  # a throw counts as a single (seed 001)
        elif largest.length > 1:
            m = 8
        elif largest.width > 1:
            m = 4
        else:
            m = 2
    elif rs.kitty_multiplier == "times":
        m = 2 * largest.size
    else:
        m = 2**largest.size
    return min(m, rs.kitty_multiplier_cap)


def takeover_points(rs: RuleSet) -> int:
    """The attackers' points from which they take the deal over (the score
    table's first take-over band; docs/rules.md §7)."""
    over = [b.min_points for b in rs.bands() if b.take_over]
    return min(over) if over else 2 * rs.score_step


def deal_result(
    rs: RuleSet,
    attacker_points: int,
    bid: int | None = None,
    dealer_points: int | None = None,
    *,
    swept: bool = False,
) -> DealResult:
    """Levels from the attackers' points (tricks + kitty) by the preset's table.

    Auction presets need `bid`: three-player scores against the bid threshold;
    eighty-points settles on the dealer's own points (`dealer_points`; `swept`:
    the dealer won every trick).
    """
    if rs.bidding == "threshold_down":
        if bid is None or bid <= 0:
            raise ValueError("three-player scoring needs the winning bid")
        return _threshold_result(rs, attacker_points, bid)
    if rs.bidding == "points_up":
        if bid is None or dealer_points is None:
            raise ValueError("eighty-points is settled on the bid and the dealer's own points")
        mp = eighty_points_settlement(bid, dealer_points, swept=swept)
        return DealResult(attackers_take_over=dealer_points < bid, match_points=mp)
    s = max(0, attacker_points)
    bands = rs.bands()
    band = bands[0]
    for b in bands:
        if b.min_points <= s:
            band = b
    dealer, attackers = band.dealer_levels, band.attacker_levels
    if band is bands[-1] and rs.extra_step and (band.take_over or attackers):
        attackers += (s - band.min_points) // rs.extra_step
    if rs.level_cap is not None:
        dealer = min(dealer, rs.level_cap)
        attackers = min(attackers, rs.level_cap)
    return DealResult(
        dealer_side_levels=dealer,
        attacker_levels=attackers,
        attackers_take_over=band.take_over,
        band_min_points=band.min_points,
    )


def _threshold_result(rs: RuleSet, s: int, bid: int) -> DealResult:
    # seed 002 三人打法: reach the bid: attackers +1, +1 per half-bid more;
    # below: dealer +2, below half: +4, nothing: +6.
    half = bid / 2
    if s >= bid:
        lv = 1 + int((s - bid) // half)
        return DealResult(attacker_levels=lv, attackers_take_over=True, band_min_points=bid)
    if s <= 0:
        return DealResult(dealer_side_levels=6)
    if s < half:
        return DealResult(dealer_side_levels=4)
    return DealResult(dealer_side_levels=2)


def eighty_points_settlement(bid: int, dealer_points: int, *, swept: bool = False) -> int:
    """Seed 001 (80分斗地主): what each opponent pays the dealer (negative: the
    dealer pays each that much). Bid ≥ 100, a dealer score of 0 and a sweep (the
    dealer won every trick) each double it; `settle_eighty_points` gives the parts."""
    return settle_eighty_points(bid, dealer_points, swept=swept).each


def advance_level(rs: RuleSet, level: str | Rank, gain: int) -> str:
    """The level after gaining `gain` levels in the preset's sequence; a gain
    that would jump past a must-play level stops on it; A (the end) stays."""
    lv = parse_rank(level).value
    if lv not in rs.levels:
        raise ValueError(f"level {lv} is not in this preset's levels ({', '.join(rs.levels)})")
    if gain < 0:
        raise ValueError("a level gain cannot be negative")
    i = rs.levels.index(lv)
    last = len(rs.levels) - 1
    for _ in range(gain):
        if i == last:
            break
        i += 1
        if rs.levels[i] in rs.must_play:
            break
    return rs.levels[i]


def jack_rule_applies(rs: RuleSet, ctx: TrumpContext, winning_play: CardsLike) -> bool:
    """Tournament 抠底 with a J: the dealer side is at J and the attackers' winning
    last-trick play is decided by Js (its biggest unit is made of Js)."""
    if not rs.jack_rule or ctx.level != Rank.JACK:
        return False
    cards = parse_cards(winning_play)
    if not cards:
        return False
    t = get_trump(rs, ctx)
    single_suit(t, cards)
    units = best_decomposition(t, cards, rs.max_tuple)
    if units[0].width == 1:
        top = max(cards, key=lambda c: t.pos[c.idx])
        return top.rank == Rank.JACK
    return all(c.rank == Rank.JACK for c in units[0].cards)
