"""Throws (甩牌, docs/rules.md §5): a multi-unit lead stands only if nobody holds a
higher unit of the same shape in that suit; otherwise the smallest beaten unit
is forced."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel

from .cards import Card, CardsLike, format_cards, parse_cards
from .follow import Verdict
from .trump import TrumpContext, get_trump
from .units import SUBSTITUTES, Cols, Unit, best_decomposition, columns, placements, single_suit

if TYPE_CHECKING:
    from .ruleset import RuleSet


class ThrowResult(BaseModel):
    """`ok`: the throw stands. Otherwise `forced` is what the leader must play
    instead and `beaten` lists every unit someone could beat."""

    ok: bool
    forced: list[Card] = []
    beaten: list[list[Card]] = []
    reason: str = ""
    reason_zh: str = ""


def unit_beaten(sub: bool, cols_list: Sequence[Cols], u: Unit) -> bool:
    """Whether any of the hands (as columns of the unit's suit) beats unit `u`
    (`sub`: the ruleset's `wide_units_substitute`)."""
    for cols in cols_list:
        if not cols:
            continue
        if u.width == 1:
            if max(cols) > u.top:
                return True
            continue
        for pl in placements(cols, u.shape, sub):
            shape, p, _ = pl
            if shape != u.shape:
                return True  # four-deck: a wider unit of the same count eats a pair tractor
            if p + shape[1] - 1 > u.top:
                return True
    return False


def check_throw(
    rs: RuleSet, ctx: TrumpContext, lead: CardsLike, other_hands: Sequence[CardsLike]
) -> ThrowResult:
    """Judge a lead against the other players' hands (ruffing is not considered)."""
    lead_c = parse_cards(lead)
    t = get_trump(rs, ctx)
    suit = single_suit(t, lead_c)
    units = best_decomposition(t, lead_c, rs.max_tuple)
    if len(units) <= 1:
        return ThrowResult(ok=True)
    e = t.eff
    cols_list = [columns(t, [c for c in parse_cards(h) if e[c.idx] == suit]) for h in other_hands]
    beaten = [u for u in units if unit_beaten(rs.wide_units_substitute, cols_list, u)]
    if not beaten:
        return ThrowResult(ok=True)
    forced = min(beaten, key=lambda u: (u.top, u.size))
    txt = format_cards(forced.cards)
    return ThrowResult(
        ok=False,
        forced=list(forced.cards),
        beaten=[list(u.cards) for u in beaten],
        reason=f"the throw fails: another player can beat part of it, so you play {txt}",
        reason_zh=f"甩牌失败：有人管得住，改出 {txt}",
    )


def throw_allowed(rs: RuleSet, trick_no: int, failed_throws: int) -> Verdict:
    """Whether a lead may be a throw at all now: three players throw only in the
    first `throw_trick_limit` (3) tricks (`trick_no`: tricks completed this deal);
    in eighty points nobody throws after `throw_failure_limit` (2) failed throws."""
    limit = rs.throw_trick_limit
    if limit is not None and trick_no >= limit:
        return Verdict(
            ok=False,
            reason=f"throws are allowed only in the first {limit} tricks; lead one unit",
            reason_zh=f"只有前 {limit} 轮可以甩牌",
            code="throw_late",
        )
    fails = rs.throw_failure_limit
    if fails is not None and failed_throws >= fails:
        return Verdict(
            ok=False,
            reason=f"{failed_throws} throws have failed this deal: nobody may throw again; "
            "lead one unit",
            reason_zh=f"本局已有 {failed_throws} 次甩牌失败，不能再甩牌",
            code="throw_failures",
        )
    return Verdict(ok=True)


__all__ = ["SUBSTITUTES", "ThrowResult", "check_throw", "throw_allowed"]
