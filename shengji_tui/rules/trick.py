"""Who wins a trick (docs/rules.md §4): structure-matching follows and ruffs only,
compared by `trick_compare`; equal plays go to the earlier one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card, CardsLike, parse_cards
from .trump import TRUMP, Trump, TrumpContext, get_trump
from .units import (
    Cols,
    Shape,
    Unit,
    best_decomposition,
    columns,
    feasible,
    give,
    placements,
    shape_key,
    take,
)

if TYPE_CHECKING:
    from .ruleset import RuleSet

Slot = tuple[int, int]  # (width used, top position): bigger is better


def grouping(cols: Cols, shapes: list[Shape], sub: bool) -> list[Slot] | None:
    """The play's best grouping into the lead's multi-card `shapes` (sorted
    biggest first): unit by unit the highest that still lets the rest fit.
    None if the play cannot be grouped so (it does not match the structure)."""
    if not feasible(cols, shapes, sub):
        return None
    out: list[Slot] = []
    for k, s in enumerate(shapes):
        cands = sorted(
            placements(cols, s, sub),
            key=lambda pl: (pl[0][0], pl[1] + pl[0][1] - 1),
            reverse=True,
        )
        for pl in cands:
            got = take(cols, pl)
            if feasible(cols, shapes[k + 1 :], sub):
                out.append((pl[0][0], pl[1] + pl[0][1] - 1))
                break
            give(cols, pl, got)
    return out


class _Contender:
    __slots__ = ("high", "klass", "singles", "slots")

    def __init__(self, klass: int, slots: list[Slot], singles: list[int], high: int) -> None:
        self.klass = klass
        self.slots = slots
        self.singles = singles
        self.high = high


def _contender(
    t: Trump, lead_suit: int, shapes: list[Shape], play: Sequence[Card], sub: bool
) -> _Contender | None:
    e = t.eff
    if not play:
        return None
    suit = e[play[0].idx]
    if any(e[c.idx] != suit for c in play):
        return None
    if suit == lead_suit:
        klass = 0
    elif suit == TRUMP:
        klass = 1  # a ruff of a side-suit lead
    else:
        return None
    cols = columns(t, play)
    slots = grouping(cols, shapes, sub)
    if slots is None:
        return None
    singles = sorted((p for p, d in cols.items() for cs in d.values() for _ in cs), reverse=True)
    high = max(t.pos[c.idx] for c in play)
    return _Contender(klass, slots, singles, high)


def _beats(mode: str, a: _Contender, b: _Contender, has_multi: bool) -> bool:
    """Whether challenger `a` strictly beats the standing winner `b`."""
    if a.klass != b.klass:
        return a.klass > b.klass
    if mode == "highest":
        return a.high > b.high
    if mode == "all":
        pairs = list(zip(a.slots, b.slots, strict=True)) + [
            ((1, x), (1, y)) for x, y in zip(a.singles, b.singles, strict=False)
        ]
        return all(x > y for x, y in pairs)
    if not has_multi:
        return a.high > b.high
    for x, y in zip(a.slots, b.slots, strict=True):
        if x != y:
            return x > y
    return False


def lead_shapes(units: list[Unit]) -> list[Shape]:
    return sorted((u.shape for u in units if u.width > 1), key=shape_key, reverse=True)


def trick_winner(rs: RuleSet, ctx: TrumpContext, plays: Sequence[CardsLike]) -> int:
    """Index of the winning play; `plays[0]` is the lead (after a failed throw,
    the forced unit actually played)."""
    cards = [parse_cards(p) for p in plays]
    if not cards or not cards[0]:
        raise ValueError("a trick needs a lead")
    t = get_trump(rs, ctx)
    units = best_decomposition(t, cards[0], rs.max_tuple)
    return winner_index(t, cards, units, rs.wide_units_substitute, rs.trick_compare)


def winner_index(
    t: Trump, plays: list[list[Card]], units: list[Unit], sub: bool, compare: str
) -> int:
    """Index of the winning play; `units`: the lead's decomposition (unused for
    a single), `sub` / `compare` the ruleset's options."""
    lead_suit = t.eff[plays[0][0].idx]
    if len(plays[0]) == 1:
        # a single: the highest card of the led suit, or the highest trump
        eff, pos = t.eff, t.pos
        win, best_key = 0, (0, pos[plays[0][0].idx])
        for i in range(1, len(plays)):
            if len(plays[i]) != 1:
                continue
            ci = plays[i][0].idx
            if eff[ci] == lead_suit:
                key = (0, pos[ci])
            elif eff[ci] == TRUMP:
                key = (1, pos[ci])
            else:
                continue
            if key > best_key:
                win, best_key = i, key
        return win
    shapes = lead_shapes(units)
    best = _contender(t, lead_suit, shapes, plays[0], sub)
    assert best is not None
    win = 0
    has_multi = bool(shapes)
    for i in range(1, len(plays)):
        if len(plays[i]) != len(plays[0]):
            continue
        c = _contender(t, lead_suit, shapes, plays[i], sub)
        if c is not None and _beats(compare, c, best, has_multi):
            best, win = c, i
    return win


def is_ruff(rs: RuleSet, ctx: TrumpContext, lead: CardsLike, play: CardsLike) -> bool:
    """Whether `play` ruffs (毙) the side-suit `lead` (docs/rules.md §4): every
    card a trump, and the lead's shape (its tractors and tuples) made of them,
    so that it can win the trick. All trumps without the shape is a discard."""
    lead_cards, play_cards = parse_cards(lead), parse_cards(play)
    if not lead_cards or len(play_cards) != len(lead_cards):
        return False
    t = get_trump(rs, ctx)
    e = t.eff
    if e[lead_cards[0].idx] == TRUMP or any(e[c.idx] != TRUMP for c in play_cards):
        return False
    shapes = lead_shapes(best_decomposition(t, lead_cards, rs.max_tuple))
    return feasible(columns(t, play_cards), shapes, rs.wide_units_substitute)


def can_ruff(rs: RuleSet, ctx: TrumpContext, hand: CardsLike, lead: CardsLike) -> bool:
    """Whether `hand` may ruff the `lead` now: the lead is of a side suit the hand
    holds none of, and the hand's trumps make the lead's shape (a pair lead
    needs a trump pair, a tractor a trump tractor; a single any trump)."""
    lead_cards, held = parse_cards(lead), parse_cards(hand)
    if not lead_cards:
        return False
    t = get_trump(rs, ctx)
    e = t.eff
    led = e[lead_cards[0].idx]
    if led == TRUMP or any(e[c.idx] == led for c in held):
        return False
    trumps = [c for c in held if e[c.idx] == TRUMP]
    if len(trumps) < len(lead_cards):
        return False
    shapes = lead_shapes(best_decomposition(t, lead_cards, rs.max_tuple))
    return feasible(columns(t, trumps), shapes, rs.wide_units_substitute)
