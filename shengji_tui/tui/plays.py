"""What the hand's shortcut keys reach, asked of the rules API (no Textual, no
rule of its own): the suits of the sorted hand (↑ ↓ Home End Tab), the unit
under the cursor (`a`: a tuple or tractor), the legal plays of a follow (the
digits, `enter` alone when one play is legal, forced follows played for you).

Every function takes the hand as the model keeps it (`rules.sort_hand` order)
and answers with indices into it, so the k-th copy of a card stays the k-th.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import islice

from .. import rules
from ..rules import Card, RuleSet, TrumpContext

PLAYS_SHOWN = 9  # the digits 1-9: more legal plays than that are not listed


def suit_runs(rs: RuleSet, ctx: TrumpContext, hand: Sequence[Card]) -> list[tuple[int, int]]:
    """The hand's suits as (first, last) indices, in hand order (trumps last)."""
    runs: list[tuple[int, int]] = []
    prev: str | None = None
    for i, c in enumerate(hand):
        suit = rules.effective_suit(rs, ctx, c)
        if suit != prev:
            runs.append((i, i))
            prev = suit
        else:
            runs[-1] = (runs[-1][0], i)
    return runs


def run_of(runs: Sequence[tuple[int, int]], index: int) -> int:
    """Which run holds `index` (0 when none does)."""
    for k, (a, b) in enumerate(runs):
        if a <= index <= b:
            return k
    return 0


def indices_of(hand: Sequence[Card], cards: Sequence[Card]) -> list[int]:
    """Where `cards` (a multiset) sit in `hand`: the first copies free, in hand order."""
    want = Counter(cards)
    out: list[int] = []
    for i, c in enumerate(hand):
        if want[c] > 0:
            want[c] -= 1
            out.append(i)
    return out


def led_suit_start(
    rs: RuleSet, ctx: TrumpContext, hand: Sequence[Card], lead: Sequence[Card]
) -> int | None:
    """The first card of the led suit in the hand (None: the hand is void of it)."""
    if not lead:
        return None
    suit = rules.effective_suit(rs, ctx, lead[0])
    for i, c in enumerate(hand):
        if rules.effective_suit(rs, ctx, c) == suit:
            return i
    return None


def legal_plays(
    rs: RuleSet,
    ctx: TrumpContext,
    hand: Sequence[Card],
    lead: Sequence[Card],
    limit: int = PLAYS_SHOWN + 1,
) -> list[tuple[Card, ...]]:
    """The first `limit` legal follows of `lead` (`rules.legal_follows`), in the
    order of the hand (the lowest cards first, as the hand reads)."""
    if not lead or len(hand) < len(lead):
        return []
    found = list(islice(rules.legal_follows(rs, ctx, list(hand), list(lead)), limit))
    found.sort(key=lambda play: indices_of(hand, play))
    return [tuple(rules.sort_hand(rs, ctx, play)) for play in found]


def unit_at(
    rs: RuleSet,
    ctx: TrumpContext,
    hand: Sequence[Card],
    index: int,
    lead: Sequence[Card] = (),
) -> list[int]:
    """The cards `a` takes at `index`: following, the legal play holding that card
    nearest to it (the pair or tractor the lead asks for); else the unit of its
    suit holding it (`rules.decompose`: a tuple or tractor, or the card alone)."""
    if not 0 <= index < len(hand):
        return []
    card = hand[index]
    if lead:
        plays = [
            p
            for p in islice(rules.legal_follows(rs, ctx, list(hand), list(lead)), 400)
            if card in p
        ]
        if not plays:
            return [index]
        best = min(plays, key=lambda p: _spread(hand, p, index))
        return _around(hand, best, index)
    suit = rules.effective_suit(rs, ctx, card)
    same = [c for c in hand if rules.effective_suit(rs, ctx, c) == suit]
    for unit in rules.decompose(rs, ctx, same):
        if card in unit.cards:
            return _around(hand, unit.cards, index)
    return [index]


def _around(hand: Sequence[Card], cards: Sequence[Card], index: int) -> list[int]:
    """Indices of `cards` in `hand`, the card at `index` among them (copies of a
    card nearest to it)."""
    want = Counter(cards)
    out: list[int] = []
    by_distance = sorted(range(len(hand)), key=lambda i: (abs(i - index), i))
    for i in by_distance:
        if want[hand[i]] > 0:
            want[hand[i]] -= 1
            out.append(i)
    return sorted(out)


def _spread(hand: Sequence[Card], play: Sequence[Card], index: int) -> tuple[int, int]:
    idx = _around(hand, play, index)
    return (max(abs(i - index) for i in idx), sum(abs(i - index) for i in idx))
