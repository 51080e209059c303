"""Trump context: which cards are trumps, effective suits and the order of docs/rules.md §2.

Every card gets, for a given context, three small integers (`Trump.info`):
  eff   effective suit (0-3 printed suit or colour, 4 = trump),
  pos   its place in that suit's order, consecutive, so adjacency is pos + 1
        (equal cards, e.g. off-suit level cards, share a pos),
  ident which cards are identical for tuples (same suit/colour and rank).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, field_validator

from .cards import ALL_CARDS, NATURAL_RANKS, SUITS, Card, Rank, Suit, parse_rank, parse_suit

if TYPE_CHECKING:
    from .ruleset import RuleSet

TRUMP = 4
SUIT_LABELS = ("S", "H", "D", "C")
COLOR_LABELS = ("B", "R")  # two-colour pack: black (S, C), red (H, D)


class TrumpContext(BaseModel):
    """The level being played and the trump suit (None = no-trump 无主).

    `constant_rank` and `two_color` are normally taken from the RuleSet; set them
    here only to use the context on its own.
    """

    model_config = ConfigDict(frozen=True)

    level: Rank
    trump_suit: Suit | None = None
    constant_rank: Rank | None = None
    two_color: bool = False

    def __init__(
        self,
        level: Rank | str = Rank.TWO,
        trump_suit: Suit | str | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(level=level, trump_suit=trump_suit, **kw)

    @field_validator("level", "constant_rank", mode="before")
    @classmethod
    def _rank(cls, v: Any) -> Any:
        if v is None:
            return None
        r = parse_rank(v)
        if r.is_joker:
            raise ValueError("a level is a rank 2-A, not a joker")
        return r

    @field_validator("trump_suit", mode="before")
    @classmethod
    def _suit(cls, v: Any) -> Any:
        if v is None or (isinstance(v, str) and v.strip().upper() in ("", "NT", "NONE", "N")):
            return None
        return parse_suit(v)

    @property
    def no_trump(self) -> bool:
        return self.trump_suit is None

    def merged(self, rs: RuleSet | None) -> TrumpContext:
        """This context with the ruleset's constant rank and pack."""
        if rs is None:
            return self
        const = self.constant_rank or rs.constant
        two = self.two_color or rs.two_color
        if const == self.constant_rank and two == self.two_color:
            return self
        return TrumpContext(self.level, self.trump_suit, constant_rank=const, two_color=two)

    # Convenience queries (they use this context's own fields).
    def is_trump(self, card: Card) -> bool:
        return trump_of(self).eff[card.idx] == TRUMP

    def effective_suit(self, card: Card) -> str:
        """'T' for a trump, else the suit letter ('R'/'B' colour in the two-colour pack)."""
        return trump_of(self).label(card)

    def describe(self) -> str:
        suit = "no-trump" if self.trump_suit is None else f"trump {self.trump_suit.value}"
        return f"level {self.level.value}, {suit}"


class Trump:
    """Precomputed card facts for one context (cached; treat as read-only)."""

    __slots__ = (
        "const",
        "ctx",
        "eff",
        "ident",
        "level",
        "memo",
        "npos",
        "pos",
        "tsuit",
        "two_color",
    )

    def __init__(self, ctx: TrumpContext) -> None:
        self.ctx = ctx
        self.two_color = ctx.two_color
        self.level = ctx.level
        self.const = None if ctx.constant_rank == ctx.level else ctx.constant_rank
        self.tsuit = ctx.trump_suit
        self.memo: dict[object, object] = {}  # per-context caches (lead decompositions)
        n = len(ALL_CARDS)
        self.eff = [0] * n
        self.pos = [0] * n
        self.ident = [0] * n
        self.npos = [0] * 5

        def skey(s: Suit) -> int:
            if self.two_color:
                return 1 if s.is_red else 0
            return SUITS.index(s)

        tkey = None if self.tsuit is None else skey(self.tsuit)
        plain = [r for r in NATURAL_RANKS if r != self.level and r != self.const]
        for c in ALL_CARDS:
            i = c.idx
            if c.suit is None:
                self.ident[i] = i
                continue
            k = skey(c.suit)
            # identical cards: same rank and same suit (or colour in the two-colour pack)
            self.ident[i] = Card.of(
                Suit.H if (self.two_color and k == 1) else Suit.S if self.two_color else c.suit,
                c.rank,
            ).idx
        top = len(plain)  # trump positions above the plain trump-suit ranks
        const_off = const_on = lvl_off = lvl_on = 0
        if self.const is not None:
            const_off = top
            const_on = top + 1 if tkey is not None else top
            top = const_on + 1
        lvl_off = top
        lvl_on = top + 1 if tkey is not None else top
        lj = lvl_on + 1
        bj = lj + 1
        for c in ALL_CARDS:
            i = c.idx
            if c.rank is Rank.LJ:
                self.eff[i], self.pos[i] = TRUMP, lj
            elif c.rank is Rank.BJ:
                self.eff[i], self.pos[i] = TRUMP, bj
            else:
                assert c.suit is not None
                k = skey(c.suit)
                on = k == tkey
                if c.rank == self.level:
                    self.eff[i], self.pos[i] = TRUMP, (lvl_on if on else lvl_off)
                elif c.rank == self.const:
                    self.eff[i], self.pos[i] = TRUMP, (const_on if on else const_off)
                else:
                    self.eff[i] = TRUMP if on else k
                    self.pos[i] = plain.index(c.rank)
        self.npos = [len(plain)] * 4 + [bj + 1]

    def label(self, card: Card) -> str:
        e = self.eff[card.idx]
        if e == TRUMP:
            return "T"
        return COLOR_LABELS[e] if self.two_color else SUIT_LABELS[e]

    def suit_name(self, eff: int) -> str:
        if eff == TRUMP:
            return "trumps"
        if self.two_color:
            return ("black", "red")[eff]
        return ("spades", "hearts", "diamonds", "clubs")[eff]

    def strength(self, card: Card) -> int:
        """A number that orders cards that can meet in a trick: trumps above side suits."""
        i = card.idx
        return self.pos[i] + (100 if self.eff[i] == TRUMP else 0)

    def of_suit(self, cards: Iterable[Card], eff: int) -> list[Card]:
        e = self.eff
        return [c for c in cards if e[c.idx] == eff]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: side suits grouped (alternating colours), trumps last, low to high."""
        i = card.idx
        e = self.eff[i]
        group = 9 if e == TRUMP else _DISPLAY_GROUP[e] if not self.two_color else e
        return (group, self.pos[i], i)


_DISPLAY_GROUP = {0: 0, 1: 1, 3: 2, 2: 3}  # spades, hearts, clubs, diamonds


@lru_cache(maxsize=512)
def trump_of(ctx: TrumpContext) -> Trump:
    return Trump(ctx)


_BY_KEY: dict[tuple[object, ...], Trump] = {}


def get_trump(rs: RuleSet | None, ctx: TrumpContext) -> Trump:
    """The precomputed facts for `ctx` under the ruleset's pack and constant rank."""
    if rs is None:
        key: tuple[object, ...] = (ctx.level, ctx.trump_suit, ctx.constant_rank, ctx.two_color)
    else:
        key = (
            ctx.level,
            ctx.trump_suit,
            ctx.constant_rank or rs.constant,
            ctx.two_color or rs.two_color,
        )
    t = _BY_KEY.get(key)
    if t is None:
        if len(_BY_KEY) > 512:
            _BY_KEY.clear()
        t = _BY_KEY[key] = trump_of(ctx.merged(rs))
    return t


def sort_hand(rs: RuleSet, ctx: TrumpContext, cards: Sequence[Card]) -> list[Card]:
    """A hand in display order: side suits, then trumps in trump order, low to high."""
    t = get_trump(rs, ctx)
    return sorted(cards, key=t.sort_key)


def is_trump(rs: RuleSet, ctx: TrumpContext, card: Card) -> bool:
    return get_trump(rs, ctx).eff[card.idx] == TRUMP


def effective_suit(rs: RuleSet, ctx: TrumpContext, card: Card) -> str:
    return get_trump(rs, ctx).label(card)
