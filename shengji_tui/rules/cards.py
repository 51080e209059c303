"""Cards and the text notation of docs/rules.md (`S10 S10 HA LJ`).

Every distinct card (suit + rank, or a joker) exists once as an interned
`Card` object, so comparisons and hashing are cheap and `is` works.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, ClassVar

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


class Suit(StrEnum):
    """The four printed suits; jokers have no suit."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)


class Rank(StrEnum):
    """Ranks from low to high; the two jokers come last."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    LJ = "LJ"
    BJ = "BJ"

    @property
    def is_joker(self) -> bool:
        return self in (Rank.LJ, Rank.BJ)


SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)
_RANK_ALIASES = {"T": Rank.TEN, "1": None}


def parse_rank(text: str | Rank) -> Rank:
    """A level or rank given as text ("10", "T", "j") or a `Rank`."""
    if isinstance(text, Rank):
        return text
    t = str(text).strip().upper()
    if t in _RANK_ALIASES and _RANK_ALIASES[t] is not None:
        return _RANK_ALIASES[t]  # type: ignore[return-value]
    for r in Rank:
        if r.value == t:
            return r
    raise ValueError(f"{text!r} is not a rank (2-10, J, Q, K, A)")


def parse_suit(text: str | Suit) -> Suit:
    if isinstance(text, Suit):
        return text
    t = str(text).strip().upper()
    for s in SUITS:
        if s.value == t:
            return s
    raise ValueError(f"{text!r} is not a suit (S, H, D, C)")


class Card:
    """One card. Use `Card.of(...)` or `parse_cards`; instances are interned."""

    __slots__ = ("_text", "idx", "rank", "suit")
    suit: Suit | None
    rank: Rank
    idx: int
    _text: str

    _all: ClassVar[list[Card]] = []
    _by_key: ClassVar[dict[tuple[Suit | None, Rank], Card]] = {}

    def __init__(self, suit: Suit | None, rank: Rank, idx: int) -> None:
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "idx", idx)
        text = rank.value if suit is None else suit.value + rank.value
        object.__setattr__(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def of(cls, suit: Suit | str | None, rank: Rank | str) -> Card:
        r = parse_rank(rank)
        s = None if r.is_joker else parse_suit(suit) if suit is not None else None
        if s is None and not r.is_joker:
            raise ValueError(f"rank {r.value} needs a suit")
        return cls._by_key[(s, r)]

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def points(self) -> int:
        return _POINTS.get(self.rank, 0)

    def __repr__(self) -> str:
        return self._text

    __str__ = __repr__

    def __hash__(self) -> int:
        return self.idx

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.idx == other.idx
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        return self.idx < other.idx

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse_card, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        # Stored and sent as its notation ("S10"), read back from notation or a Card.
        return core_schema.no_info_plain_validator_function(
            _validate_card,
            serialization=core_schema.plain_serializer_function_ser_schema(str),
            json_schema_input_schema=core_schema.str_schema(),
        )


def _validate_card(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise ValueError(f"{value!r} is not a card")


_POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}

for _s in SUITS:
    for _r in NATURAL_RANKS:
        _c = Card(_s, _r, len(Card._all))
        Card._all.append(_c)
        Card._by_key[(_s, _r)] = _c
for _r in (Rank.LJ, Rank.BJ):
    _c = Card(None, _r, len(Card._all))
    Card._all.append(_c)
    Card._by_key[(None, _r)] = _c

ALL_CARDS: tuple[Card, ...] = tuple(Card._all)
# each card's points by its index (a rank is an Enum, whose hash is Python code)
_IDX_POINTS: tuple[int, ...] = tuple(_POINTS.get(c.rank, 0) for c in ALL_CARDS)
LJ = Card._by_key[(None, Rank.LJ)]
BJ = Card._by_key[(None, Rank.BJ)]


def parse_card(token: str) -> Card:
    """One card in notation: `S10`, `ST`, `h9`, `BJ`, `LJ`."""
    t = token.strip().upper()
    if t in ("BJ", "LJ"):
        return Card._by_key[(None, Rank(t))]
    if len(t) < 2 or t[0] not in "SHDC":
        raise ValueError(f"{token!r} is not a card")
    rank_text = t[1:]
    if rank_text == "T":
        rank_text = "10"
    try:
        rank = Rank(rank_text)
    except ValueError:
        raise ValueError(f"{token!r} is not a card") from None
    if rank.is_joker:
        raise ValueError(f"{token!r} is not a card")
    return Card._by_key[(Suit(t[0]), rank)]


CardsLike = str | Iterable["Card | str"]


def parse_cards(text: CardsLike) -> list[Card]:
    """Parse `"S9 S8 S8 S4 S4"` (spaces or commas) into cards.

    A bad token raises ValueError naming the token and its 1-based position.
    Lists of cards or of card strings are accepted too.
    """
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif type(text) is list and all(type(c) is Card for c in text):
        return list(text)
    else:
        out: list[Card] = []
        for i, item in enumerate(text, 1):
            if isinstance(item, Card):
                out.append(item)
                continue
            try:
                out.append(parse_card(str(item)))
            except ValueError:
                raise ValueError(
                    f"card {i}: {item!r} is not a card (write e.g. S10, HA, BJ, LJ)"
                ) from None
        return out
    cards = []
    for i, tok in enumerate(tokens, 1):
        try:
            cards.append(parse_card(tok))
        except ValueError:
            raise ValueError(
                f"card {i}: {tok!r} is not a card (write e.g. S10, HA, BJ, LJ)"
            ) from None
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of `parse_cards`: `"S10 S10 HA LJ"`."""
    return " ".join(c._text for c in cards)


def full_deck(decks: int = 1) -> list[Card]:
    """`decks` copies of the 54-card pack, in a fixed order."""
    return [c for _ in range(decks) for c in ALL_CARDS]


def points(cards: Iterable[Card] | str) -> int:
    """Point value: 5 = 5, 10 and K = 10."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return sum([_IDX_POINTS[c.idx] for c in cards])


def count_cards(cards: Iterable[Card]) -> Counter[Card]:
    return Counter(cards)


def contains(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether `cards` is a sub-multiset of `hand`."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def remove_cards(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """`hand` without `cards` (one copy each); ValueError if one is missing."""
    out = list(hand)
    for c in cards:
        try:
            out.remove(c)
        except ValueError:
            raise ValueError(f"{c} is not in the hand") from None
    return out
