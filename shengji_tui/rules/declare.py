"""Declaring trump (亮主 / 反主, docs/rules.md §6): the ladder and what a hand may declare.

A declaration is k copies of one level card (one suit; one colour in the
two-colour pack) or k identical jokers (k >= 2, no-trump). Strength orders by
k first, then jokers above level cards, then BJ above LJ. That gives the
seeds' ladders: 2 decks single < pair < LJ pair < BJ pair; 3 decks adds
triple < three jokers; 4 decks adds quad < four jokers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from .cards import (
    SUITS,
    Card,
    CardsLike,
    Rank,
    Suit,
    contains,
    format_cards,
    parse_cards,
    parse_rank,
)
from .follow import Verdict

if TYPE_CHECKING:
    from .ruleset import RuleSet


class Declaration(BaseModel):
    """A parsed declaration: its trump suit (None = no-trump) and strength."""

    cards: list[Card]
    trump_suit: Suit | None
    count: int
    joker: Rank | None = None

    @property
    def strength(self) -> tuple[int, int, int]:
        return (self.count, 1 if self.joker else 0, 1 if self.joker == Rank.BJ else 0)

    @property
    def kind(self) -> tuple[str, str]:
        """What is being declared: ('suit', 'H') or ('joker', 'BJ')."""
        if self.joker is not None:
            return ("joker", self.joker.value)
        assert self.trump_suit is not None
        return ("suit", self.trump_suit.value)

    def same_kind(self, other: Declaration, two_color: bool) -> bool:
        if self.joker is not None or other.joker is not None:
            return self.joker == other.joker
        assert self.trump_suit is not None and other.trump_suit is not None
        if two_color:
            return self.trump_suit.is_red == other.trump_suit.is_red
        return self.trump_suit == other.trump_suit


def _colour_key(s: Suit, two_color: bool) -> object:
    return s.is_red if two_color else s


def parse_declaration(rs: RuleSet, level: str | Rank, cards: CardsLike) -> Declaration:
    """Read a declaration's cards; ValueError with a sentence if they are not one."""
    lv = parse_rank(level)
    cs = parse_cards(cards)
    if not cs:
        raise ValueError("a declaration needs at least one card")
    if len(cs) > rs.max_tuple:
        raise ValueError(f"at most {rs.max_tuple} cards can be declared together")
    first = cs[0]
    if first.is_joker:
        if any(c != first for c in cs):
            raise ValueError("jokers are declared as identical jokers (all LJ or all BJ)")
        if len(cs) < 2:
            raise ValueError("a single joker cannot be declared: jokers go in pairs or more")
        return Declaration(cards=cs, trump_suit=None, count=len(cs), joker=first.rank)
    if any(c.rank != lv for c in cs):
        raise ValueError(f"only level cards ({lv.value}) or jokers can be declared")
    assert first.suit is not None
    key = _colour_key(first.suit, rs.two_color)
    if any(c.suit is None or _colour_key(c.suit, rs.two_color) != key for c in cs):
        raise ValueError("declared level cards must all be of one suit")
    return Declaration(cards=cs, trump_suit=first.suit, count=len(cs))


def can_declare(rs: RuleSet, standing: Declaration | None, mine: bool, new: Declaration) -> bool:
    if standing is None:
        return True
    if mine and new.same_kind(standing, rs.two_color):
        return new.count > standing.count  # 加固: strengthen your own declaration
    if mine and not rs.self_overturn:
        return False  # 自反 not allowed in this preset
    return new.strength > standing.strength


def valid_declarations(
    rs: RuleSet,
    level: str | Rank,
    hand: CardsLike,
    standing: CardsLike | None = None,
    mine: bool = False,
) -> list[list[Card]]:
    """The card sets this hand may declare with now, weakest first.

    `standing` is the standing declaration's cards (None if none); `mine` says
    it is this player's own (then reinforcing is allowed, and overturning it
    with another suit only where the preset allows 自反).
    """
    lv = parse_rank(level)
    cs = parse_cards(hand)
    st = None
    if standing is not None:
        st_cards = parse_cards(standing)
        st = parse_declaration(rs, lv, st_cards) if st_cards else None
    options: list[Declaration] = []
    groups: dict[object, list[Card]] = {}
    for c in cs:
        if c.is_joker:
            groups.setdefault(c.rank, []).append(c)
        elif c.rank == lv:
            assert c.suit is not None
            groups.setdefault(_colour_key(c.suit, rs.two_color), []).append(c)
    for key, group in groups.items():
        group.sort(key=lambda c: SUITS.index(c.suit) if c.suit else 9)
        joker = key if isinstance(key, Rank) else None
        lo = 2 if joker else 1
        for k in range(lo, min(len(group), rs.max_tuple) + 1):
            picked = group[:k]
            d = Declaration(
                cards=picked,
                trump_suit=None if joker else picked[0].suit,
                count=k,
                joker=joker,
            )
            if can_declare(rs, st, mine, d):
                options.append(d)
    options.sort(
        key=lambda d: (
            d.strength,
            SUITS.index(d.trump_suit) if d.trump_suit is not None else 9,
        )
    )
    return [d.cards for d in options]


def describe_declaration(d: Declaration) -> str:
    return format_cards(d.cards)


def strongest(decls: Sequence[Declaration]) -> Declaration | None:
    return max(decls, key=lambda d: d.strength, default=None)


def check_declaration(
    rs: RuleSet,
    level: str | Rank,
    hand: CardsLike,
    cards: CardsLike,
    standing: CardsLike | None = None,
    mine: bool = False,
) -> Verdict:
    """Whether `hand` may declare `cards` now, with the reason if not (English and Chinese)."""
    cs = parse_cards(cards)
    if not cs:
        return Verdict(
            ok=False,
            reason="a declaration needs at least one card",
            reason_zh="亮主至少要一张牌",
            code="declare_empty",
        )
    if not contains(parse_cards(hand), cs):
        shown = format_cards(cs)
        return Verdict(
            ok=False,
            reason=f"you do not hold {shown}",
            reason_zh=f"你手里没有 {shown}",
            code="not_in_hand",
        )
    try:
        new = parse_declaration(rs, level, cs)
    except ValueError as e:
        return Verdict(
            ok=False, reason=str(e), reason_zh=_zh_parse_error(str(e)), code="declare_cards"
        )
    if standing is None or not parse_cards(standing):
        return Verdict(ok=True)
    st = parse_declaration(rs, level, standing)
    if can_declare(rs, st, mine, new):
        return Verdict(ok=True)
    shown = format_cards(st.cards)
    new_txt = format_cards(new.cards)
    if mine and new.same_kind(st, rs.two_color):
        return Verdict(
            ok=False,
            reason=f"you already declared {shown}: strengthen it only with more cards of that suit",
            reason_zh=f"你已亮 {shown}：只能用更多同花色的级牌加固",
            code="declare_reinforce",
        )
    if mine and not rs.self_overturn:
        return Verdict(
            ok=False,
            reason=f"you declared {shown} yourself, and these rules do not let you overturn "
            "your own declaration (自反); you may only strengthen it",
            reason_zh=f"你已亮 {shown}，本规则不能自反，只能加固",
            code="declare_self_overturn",
        )
    return Verdict(
        ok=False,
        reason=f"{new_txt} is not stronger than the standing declaration {shown}",
        reason_zh=f"{new_txt} 不比已亮的 {shown} 大",
        code="declare_weaker",
    )


def _zh_parse_error(en: str) -> str:
    if "single joker" in en:
        return "单张王不能亮主：王要成对"
    if "identical jokers" in en:
        return "亮王必须是同样的王"
    if "one suit" in en:
        return "亮的级牌必须同一花色"
    if "at most" in en:
        return "亮主的牌太多了"
    return "只能用级牌或成对的王亮主"


def winning_declaration(
    rs: RuleSet, level: str | Rank, declarations: Sequence[tuple[int, CardsLike]]
) -> int | None:
    """Index of the declaration standing after `declarations` ((seat, cards) in the
    order made) are replayed by the overturn rules; None if there are none."""
    best: int | None = None
    st: Declaration | None = None
    st_seat = -1
    for i, (seat, cards) in enumerate(declarations):
        d = parse_declaration(rs, level, cards)
        if st is None or can_declare(rs, st, seat == st_seat, d):
            best, st, st_seat = i, d, seat
    return best


class KittyFlip(BaseModel):
    """Nobody declared and the kitty is flipped (`no_declaration = flip_kitty`)."""

    card: Card
    trump_suit: Suit | None  # None: a joker was turned, no-trump
    count: int  # the card's count (A 1 ... K 13, LJ 14, BJ 15) that names the first dealer

    def dealer(self, first_seat: int, players: int) -> int:
        """On the first deal, counting from the seat dealt first names the dealer."""
        return (first_seat + self.count - 1) % players


_FLIP_COUNT = {Rank.ACE: 1, Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.LJ: 14, Rank.BJ: 15}


def flip_kitty(kitty: CardsLike) -> KittyFlip:
    """docs/rules.md §6 / seed 001 七: the kitty's first card gives the trump suit, a joker
    means no-trump; on the first deal its count from the first seat names the dealer."""
    cs = parse_cards(kitty)
    if not cs:
        raise ValueError("there is no kitty to flip")
    first = cs[0]
    count = _FLIP_COUNT.get(first.rank) or int(first.rank.value)
    return KittyFlip(card=first, trump_suit=first.suit, count=count)


class DeclaringClosed(BaseModel):
    """How the declaring closes (docs/rules.md §4, §6): the trump and how it was
    set, and the dealer; `redeal`: nobody declared and the cards are dealt again."""

    redeal: bool = False
    reason: Literal["declaration", "flip", "spades", "no_trump", "redeal"]
    trump_suit: Suit | None = None
    dealer: int | None = None  # (None with a redeal)
    dealer_named: bool = False  # this close names the dealer (the first deal)
    flip: KittyFlip | None = None


def close_declaring(
    rs: RuleSet,
    level: str | Rank,
    standing: tuple[int, CardsLike] | None,
    kitty: CardsLike,
    first_seat: int,
    dealer: int | None,
) -> DeclaringClosed:
    """The declaring's end with `standing` (seat, cards; None: nobody declared)
    and `dealer` (None: the first deal, whose dealer this names)."""
    named = dealer is None
    if standing is not None:
        suit = parse_declaration(rs, level, standing[1]).trump_suit
        seat = standing[0] if named else dealer
        return DeclaringClosed(
            reason="declaration", trump_suit=suit, dealer=seat, dealer_named=named
        )
    if rs.no_declaration == "redeal":
        return DeclaringClosed(redeal=True, reason="redeal")
    cards = parse_cards(kitty)
    if rs.no_declaration == "flip_kitty" and cards:
        flip = flip_kitty(cards)
        seat = flip.dealer(first_seat, rs.players) if named else dealer
        return DeclaringClosed(
            reason="flip", trump_suit=flip.trump_suit, dealer=seat, dealer_named=named, flip=flip
        )
    spades = rs.no_declaration == "spades"
    return DeclaringClosed(
        reason="spades" if spades else "no_trump",
        trump_suit=Suit.S if spades else None,
        dealer=first_seat if named else dealer,
        dealer_named=named,
    )
