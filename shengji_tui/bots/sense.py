"""Card sense shared by the bots: per-card facts for one trump context, units a
hand holds, the strongest play a (possible) holding could make, and cheap
structural helpers. Every rule is still asked of `shengji_tui.rules`; this
module only reads the per-card facts `rules.trump.get_trump` publishes
(effective suit, position in the suit's order, identity for tuples).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import rules
from ..rules import Card, RuleSet, TrumpContext
from ..rules.trump import TRUMP, Trump, get_trump
from ..rules.units import Cols, Shape, Unit, columns, pack_in_order, shape_key

__all__ = ["TRUMP", "Sense"]


class Sense:
    """Facts about cards under one ruleset and trump context (cheap to build)."""

    __slots__ = ("ctx", "eff", "ident", "max_w", "npos", "pos", "rs", "sub", "t")

    def __init__(self, rs: RuleSet, ctx: TrumpContext) -> None:
        self.rs = rs
        self.ctx = ctx
        self.t: Trump = get_trump(rs, ctx)
        self.eff = self.t.eff
        self.pos = self.t.pos
        self.ident = self.t.ident
        self.npos = self.t.npos
        self.max_w = rs.max_tuple
        self.sub = rs.wide_units_substitute

    # ------------------------------------------------------------ per card
    def suit(self, c: Card) -> int:
        return self.eff[c.idx]

    def is_trump(self, c: Card) -> bool:
        return self.eff[c.idx] == TRUMP

    def strength(self, c: Card) -> int:
        """Orders any two cards that can meet: trumps above every side card."""
        i = c.idx
        return self.pos[i] + (100 if self.eff[i] == TRUMP else 0)

    def rel(self, c: Card) -> float:
        """Position within its suit, 0 (lowest) .. 1 (highest)."""
        i = c.idx
        return self.pos[i] / max(1, self.npos[self.eff[i]] - 1)

    def by_suit(self, cards: Iterable[Card]) -> dict[int, list[Card]]:
        out: dict[int, list[Card]] = {}
        for c in cards:
            out.setdefault(self.eff[c.idx], []).append(c)
        for v in out.values():
            v.sort(key=lambda c: (self.pos[c.idx], c.idx))
        return out

    def ident_counts(self, cards: Iterable[Card]) -> Counter[int]:
        return Counter(self.ident[c.idx] for c in cards)

    # --------------------------------------------------------------- units
    def decompose(self, cards: Sequence[Card]) -> list[Unit]:
        return rules.decompose(self.rs, self.ctx, list(cards))

    def units_of_hand(self, hand: Sequence[Card]) -> dict[int, list[Unit]]:
        """Each suit's best decomposition (tractors and tuples first)."""
        return {s: self.decompose(cs) for s, cs in self.by_suit(hand).items()}

    def lead_shapes(self, lead: Sequence[Card]) -> list[Shape]:
        units = self.decompose(lead)
        return sorted((u.shape for u in units if u.width > 1), key=shape_key, reverse=True)

    def cols(self, cards: Iterable[Card]) -> Cols:
        return columns(self.t, cards)

    def strongest_play(
        self, held: Counter[Card], suit: int, lead: Sequence[Card]
    ) -> list[Card] | None:
        """The strongest play of `len(lead)` cards of `suit` that `held` (a
        multiset) could make with the lead's structure: each multi-card unit the
        highest placement that leaves the rest placeable, then the highest
        singles. None if `held` cannot match the structure in that suit."""
        n = len(lead)
        cards = [c for c, k in held.items() if self.eff[c.idx] == suit for _ in range(k)]
        if len(cards) < n:
            return None
        shapes = self.lead_shapes(lead)
        cols = self.cols(cards)
        out = pack_in_order(cols, shapes, self.sub, key=lambda pl: (pl[1] + pl[0][1] - 1, pl[0][0]))
        if out is None:
            return None
        rest = sorted(
            (c for d in cols.values() for cs in d.values() for c in cs),
            key=lambda c: self.pos[c.idx],
            reverse=True,
        )
        out.extend(rest[: n - len(out)])
        if len(out) != n:
            return None
        return out

    def winner(self, plays: Sequence[Sequence[Card]]) -> int:
        return rules.trick_winner(self.rs, self.ctx, [list(p) for p in plays])


def sense_of(view_rules: RuleSet, level: str, trump_suit: object) -> Sense:
    return Sense(view_rules, TrumpContext(level, trump_suit))  # type: ignore[arg-type]
