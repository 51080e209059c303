"""`Order`: the trump order of one ruleset and trump context, compiled once and
asked many times (`compiled(rs, ctx)`). The fast API for callers that judge
cards in loops (bots, simulators, benchmarks): it takes `Card` lists as they
are (no parsing) and answers from per-card tables.

Per card (`card.idx` indexes the tables, which callers may read directly in
hot loops; treat them as read-only):
  eff[i]    effective suit: 0-3 a printed suit (spades, hearts, diamonds,
            clubs) or, in the two-colour pack, 0 black / 1 red; `TRUMP` (4)
  pos[i]    place in that suit's order, consecutive (a tractor is consecutive
            places; equal cards such as off-suit level cards share one)
  ident[i]  identity: cards with the same identity make tuples
  npos[e]   how many places effective suit `e` has

Cards of one effective suit become *columns* (`Cols`): place -> identity ->
the cards held. Units, trick comparison and throw checks are packings of
shapes `(width, length)` into columns; `columns`, `placements`, `pack` and
`unit_beaten` publish that representation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .cards import Card
from .throws import unit_beaten
from .trick import lead_shapes, winner_index
from .trump import TRUMP, Trump, TrumpContext, get_trump
from .units import Cols, Placement, Shape, Unit, best_decomposition, columns, pack_in_order
from .units import placements as _placements

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["TRUMP", "Order", "compiled"]


class Order:
    """The trump order of one (ruleset, trump context); get one with `compiled`.

    Cheap to ask, shared between callers (cached by what it depends on), never
    changed after it is built.
    """

    __slots__ = (
        "compare",
        "ctx",
        "eff",
        "ident",
        "max_tuple",
        "npos",
        "pos",
        "substitute",
        "t",
        "two_color",
    )

    TRUMP = TRUMP

    def __init__(self, t: Trump, max_tuple: int, substitute: bool, compare: str) -> None:
        self.t = t
        self.ctx: TrumpContext = t.ctx  # the context with the ruleset's pack and constant rank
        self.eff: list[int] = t.eff
        self.pos: list[int] = t.pos
        self.ident: list[int] = t.ident
        self.npos: list[int] = t.npos
        self.two_color = t.two_color
        self.max_tuple = max_tuple  # widest tuple of the pack
        self.substitute = substitute  # four-deck: wider units may stand for a pair tractor
        self.compare = compare  # the ruleset's trick_compare

    def __repr__(self) -> str:
        return f"Order({self.ctx.describe()})"

    # ------------------------------------------------------------ one card
    def suit(self, card: Card) -> int:
        """The effective suit: 0-3 (or 0-1 in the two-colour pack), `TRUMP` for a trump."""
        return self.eff[card.idx]

    def is_trump(self, card: Card) -> bool:
        return self.eff[card.idx] == TRUMP

    def label(self, card: Card) -> str:
        """'T' for a trump, else the suit letter ('B'/'R' in the two-colour pack)."""
        return self.t.label(card)

    def suit_name(self, eff: int) -> str:
        """'trumps', 'spades' ... ('black' / 'red' in the two-colour pack)."""
        return self.t.suit_name(eff)

    def strength(self, card: Card) -> int:
        """A number that orders any two cards that can meet in a trick: within a
        suit by place, every trump above every side card."""
        i = card.idx
        return self.pos[i] + (100 if self.eff[i] == TRUMP else 0)

    def identity(self, card: Card) -> int:
        """Equal for cards that are identical for tuples (same suit or colour, same rank)."""
        return self.ident[card.idx]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: side suits grouped, trumps last, low to high."""
        return self.t.sort_key(card)

    def of_suit(self, cards: Iterable[Card], eff: int) -> list[Card]:
        """The cards of effective suit `eff`, in the given order."""
        e = self.eff
        return [c for c in cards if e[c.idx] == eff]

    # --------------------------------------------------------------- units
    def decompose(self, cards: Sequence[Card]) -> list[Unit]:
        """A lead's units, largest first, as `rules.decompose` (cards of one
        effective suit, else ValueError). The lists are the caller's to change."""
        return best_decomposition(self.t, cards, self.max_tuple)

    def lead_shapes(self, lead: Sequence[Card]) -> list[Shape]:
        """The shapes of a lead's multi-card units, biggest first."""
        return lead_shapes(self.decompose(lead))

    def columns(self, cards: Iterable[Card]) -> Cols:
        """The cards as columns: place -> identity -> cards (give one suit's cards)."""
        return columns(self.t, cards)

    def placements(self, cols: Cols, shape: Shape) -> Iterator[Placement]:
        """Every way to take a unit of exactly `shape` from `cols`, as
        (shape, bottom place, identity per place), bottom place ascending."""
        return _placements(cols, shape)

    def pack(
        self,
        cols: Cols,
        shapes: Sequence[Shape],
        key: Callable[[Placement], tuple[int, ...]] | None = None,
    ) -> list[Card] | None:
        """Take units of `shapes` from `cols` one after another, each the first
        placement (by `key`, highest first; default: placement order) that leaves
        the rest placeable (four-deck substitutes count). The cards taken (removed
        from `cols`), or None (and `cols` partly taken) when they do not all fit."""
        return pack_in_order(cols, shapes, self.substitute, key)

    # -------------------------------------------------------------- tricks
    def winner(self, plays: Sequence[list[Card]], units: list[Unit] | None = None) -> int:
        """Index of the winning play, as `rules.trick_winner`; `plays[0]` is the
        lead, `units` its decomposition when the caller already has it."""
        ps = plays if isinstance(plays, list) else list(plays)
        if units is None:
            units = [] if len(ps[0]) == 1 else self.decompose(ps[0])
        return winner_index(self.t, ps, units, self.substitute, self.compare)

    def beats_card(self, lead: Card, best: Card, new: Card) -> bool:
        """In a trick led by the single `lead`, whether the single `new` takes the
        trick from `best` (the card winning so far, `lead` itself or a later one):
        a higher card of the led suit, or a trump above any standing trump."""
        eff, pos = self.eff, self.pos
        ls = eff[lead.idx]
        b, c = best.idx, new.idx
        if eff[c] == ls:
            return eff[b] == ls and pos[c] > pos[b]
        if eff[c] == TRUMP:
            return eff[b] != TRUMP or pos[c] > pos[b]
        return False

    def beats(
        self, lead: list[Card], best: list[Card], new: list[Card], units: list[Unit] | None = None
    ) -> bool:
        """Whether the play `new` takes the trick from `best` (the play winning it
        so far, `lead` itself or a later one). `units`: the lead's decomposition
        when the caller already has it."""
        if len(lead) == 1:
            return self.beats_card(lead[0], best[0], new[0])
        if units is None:
            units = self.decompose(lead)
        plays = [lead, new] if best is lead else [lead, best, new]
        return winner_index(self.t, plays, units, self.substitute, self.compare) == len(plays) - 1

    def unit_beaten(self, hands: Sequence[Cols], unit: Unit) -> bool:
        """Whether any of `hands` (each as columns of the unit's suit) holds a
        unit of the same shape above `unit` (four-deck: or a wider unit of the
        same count for a pair tractor), i.e. would make a throw of it fail."""
        return unit_beaten(self.substitute, hands, unit)


_ORDERS: dict[tuple[object, ...], Order] = {}


def compiled(rs: RuleSet, ctx: TrumpContext) -> Order:
    """The trump order of `ctx` under the ruleset (its pack, constant rank, unit
    and trick-comparison options), built once per distinct combination."""
    key = (
        ctx.level,
        ctx.trump_suit,
        ctx.constant_rank or rs.constant_rank,
        ctx.two_color or rs.two_color,
        rs.max_tuple,
        rs.wide_units_substitute,
        rs.trick_compare,
    )
    o = _ORDERS.get(key)
    if o is None:
        if len(_ORDERS) > 512:
            _ORDERS.clear()
        o = _ORDERS[key] = Order(
            get_trump(rs, ctx), rs.max_tuple, rs.wide_units_substitute, rs.trick_compare
        )
    return o
