"""Card sense shared by the bots: per-card facts for one trump context, units a
hand holds, the strongest play a (possible) holding could make, and cheap
structural helpers. Every rule is asked of `shengji_tui.rules`: the per-card
facts and unit packings are those of the compiled order `rules.compiled`
publishes (effective suit, place in the suit's order, identity for tuples).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from .. import rules
from ..rules import TRUMP, Card, Cols, Order, RuleSet, Shape, TrumpContext, Unit

__all__ = ["TRUMP", "Sense"]


class Sense:
    """Facts about cards under one ruleset and trump context (cheap to build)."""

    __slots__ = (
        "ctx",
        "eff",
        "ident",
        "is_trump",
        "max_w",
        "npos",
        "order",
        "pos",
        "rs",
        "strength",
        "suit",
    )

    def __init__(self, rs: RuleSet, ctx: TrumpContext) -> None:
        self.rs = rs
        self.ctx = ctx
        self.order: Order = rules.compiled(rs, ctx)
        o = self.order
        self.eff = o.eff
        self.pos = o.pos
        self.ident = o.ident
        self.npos = o.npos
        self.max_w = rs.max_tuple
        # the order's own methods (bound once: these are called in the search's loops)
        self.suit: Callable[[Card], int] = o.suit
        self.is_trump: Callable[[Card], bool] = o.is_trump
        # orders any two cards that can meet: trumps above every side card
        self.strength: Callable[[Card], int] = o.strength

    # ------------------------------------------------------------ per card
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
        return self.order.decompose(cards)

    def units_of_hand(self, hand: Sequence[Card]) -> dict[int, list[Unit]]:
        """Each suit's best decomposition (tractors and tuples first)."""
        return {s: self.decompose(cs) for s, cs in self.by_suit(hand).items()}

    def lead_shapes(self, lead: Sequence[Card]) -> list[Shape]:
        return self.order.lead_shapes(lead)

    def cols(self, cards: Iterable[Card]) -> Cols:
        return self.order.columns(cards)

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
        out = self.order.pack(cols, shapes, key=lambda pl: (pl[1] + pl[0][1] - 1, pl[0][0]))
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
        return self.order.winner([list(p) for p in plays])


def sense_of(view_rules: RuleSet, level: str, trump_suit: object) -> Sense:
    return Sense(view_rules, TrumpContext(level, trump_suit))  # type: ignore[arg-type]
