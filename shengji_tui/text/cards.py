"""Cards as text a player reads: suit glyphs (or ASCII letters), card labels,
the shape of a lead ("a tractor of 2 pairs") and the verb of a play ("ruffs").

No Textual and no Rich here: the TUI's presenter, the log's narrator and
`shengji replay` all write cards through `CardText`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import rules
from ..rules import Card, Rank, RuleSet, Suit, TrumpContext
from .i18n import Catalogue

_NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC](?:10|[2-9JQKA])|BJ|LJ)(?![A-Za-z0-9])")
GLYPHS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
LETTERS = {Suit.S: "S", Suit.H: "H", Suit.D: "D", Suit.C: "C"}

KEY_NAMES = (
    ("← →", "left/right"),
    ("←→", "left/right"),
    ("↑↓", "up/down"),
    ("⏎", "enter"),
    ("←", "left"),
    ("→", "right"),
    ("↑", "up"),
    ("↓", "down"),
)


def ascii_keys(text: str) -> str:
    """Arrow and return glyphs of a key hint as key names ("←→" is "left/right")."""
    for glyph, name in KEY_NAMES:
        text = text.replace(glyph, name)
    return text


class CardText:
    """How cards are written: `10♠` with glyphs, `S10` in ASCII mode."""

    def __init__(self, cat: Catalogue, ascii: bool = False) -> None:
        self.cat = cat
        self.ascii = ascii

    def suit(self, suit: Suit | None) -> str:
        if suit is None:
            return self.cat.t("suit.none")
        return LETTERS[suit] if self.ascii else GLYPHS[suit]

    def suit_name(self, suit: Suit | None) -> str:
        """'♥ hearts' / '♥ 红桃' (glyph and word: not colour alone)."""
        if suit is None:
            return self.cat.t("suit.no_trump")
        return f"{self.suit(suit)} {self.cat.t('suit.' + suit.value)}"

    def rank(self, card: Card) -> str:
        if card.rank is Rank.LJ:
            return self.cat.t("card.lj")
        if card.rank is Rank.BJ:
            return self.cat.t("card.bj")
        return card.rank.value

    def card(self, card: Card) -> str:
        if card.suit is None:
            return self.rank(card)
        if self.ascii:
            return card.suit.value + card.rank.value
        return card.rank.value + GLYPHS[card.suit]

    def keys(self, text: str) -> str:
        """A key hint ("←→ move"): with key names in ASCII mode ("left/right move")."""
        return ascii_keys(text) if self.ascii else text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-" if self.ascii else "—"

    def notation(self, text: str) -> str:
        """Card notation inside a sentence from the rules ("so you play D3") as glyphs."""
        if self.ascii:
            return text

        def sub(m: re.Match[str]) -> str:
            tok = m.group(0)
            if tok in ("BJ", "LJ"):
                return self.cat.t("card.bj" if tok == "BJ" else "card.lj")
            return tok[1:] + GLYPHS[Suit(tok[0])]

        return _NOTATION.sub(sub, text)


def shape_text(cat: Catalogue, width_: int, length: int) -> str:
    if length > 1:
        key = {2: "shape.tractor", 3: "shape.titanic"}.get(width_, "shape.tractor_wide")
        return cat.t(key, n=length, w=width_)
    return cat.t({1: "shape.single", 2: "shape.pair", 3: "shape.triple"}.get(width_, "shape.quad"))


def describe_lead(cat: Catalogue, rs: RuleSet, ctx: TrumpContext, cards: Sequence[Card]) -> str:
    """'a pair', 'a tractor of 2 pairs', 'a throw: a pair + a single'."""
    try:
        units = rules.decompose(rs, ctx, list(cards))
    except ValueError:
        return cat.t("shape.mixed")
    if len(units) == 1:
        return shape_text(cat, units[0].width, units[0].length)
    return cat.t("shape.throw", parts=lead_parts(cat, rs, ctx, cards))


def lead_parts(cat: Catalogue, rs: RuleSet, ctx: TrumpContext, cards: Sequence[Card]) -> str:
    """A lead's units: 'a pair + a single' (what a throw is made of)."""
    try:
        units = rules.decompose(rs, ctx, list(cards))
    except ValueError:
        return cat.t("shape.mixed")
    return cat.t("shape.plus").join(shape_text(cat, u.width, u.length) for u in units)


def eff_suit_name(cat: Catalogue, ct: CardText, rs: RuleSet, ctx: TrumpContext, card: Card) -> str:
    label = rules.effective_suit(rs, ctx, card)
    if label == "T":
        return cat.t("suit.trumps")
    if label in ("R", "B"):
        return cat.t("suit.red" if label == "R" else "suit.black")
    return ct.suit_name(Suit(label))


def play_verb(rs: RuleSet, ctx: TrumpContext, lead: Sequence[Card], play: Sequence[Card]) -> str:
    """'follows', 'ruffs' (all trumps of the lead's shape on a side lead:
    `rules.is_ruff`), 'discards' (none of the led suit, and no ruff: trumps
    that do not match a tuple lead are a discard, docs/rules.md §4) or 'mixed'
    (some of the led suit, the rest other cards). The log, the table, the
    review and `shengji replay` all say it with this one function."""
    if not lead or not play:
        return "follows"
    lead_eff = rules.effective_suit(rs, ctx, lead[0])
    effs = {rules.effective_suit(rs, ctx, c) for c in play}
    if effs == {lead_eff}:
        return "follows"
    if lead_eff not in effs:
        return "ruffs" if rules.is_ruff(rs, ctx, lead, play) else "discards"
    return "mixed"
