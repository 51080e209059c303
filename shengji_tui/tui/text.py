"""Cards and events as text a player reads: suit glyphs (or ASCII letters),
card labels for the hand, and one plain sentence per engine event.

Nothing here knows Textual; Rich `Text` is used for styled card runs. Widths
are always measured with `rich.cells.cell_len` (Chinese text and the suit
glyphs are not one byte per cell).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from .. import rules
from ..engine import (
    CardDealt,
    DealerChosen,
    DealerRotated,
    DealingDone,
    DealScored,
    DealStarted,
    DeclarationsRevealed,
    Declared,
    Event,
    JackRule,
    KittyBuried,
    KittyCaptured,
    KittyFlipped,
    KittyRevealed,
    KittyTaken,
    LevelUp,
    MatchOver,
    Played,
    PlayStarted,
    Redealt,
    StealPassed,
    StealTurn,
    ThrowFailed,
    TrickWon,
    TrumpSet,
)
from ..rules import Card, Rank, RuleSet, Suit, TrumpContext
from .i18n import Catalogue

_NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC](?:10|[2-9JQKA])|BJ|LJ)(?![A-Za-z0-9])")
GLYPHS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
LETTERS = {Suit.S: "S", Suit.H: "H", Suit.D: "D", Suit.C: "C"}

StyleFor = Callable[[Card], Style]


KEY_NAMES = (
    ("← →", "left/right"),
    ("←→", "left/right"),
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
        return " ".join(self.card(c) for c in cards) if cards else "—"

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

    def styled(self, cards: Sequence[Card], style_for: StyleFor | None) -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append(self.card(c), style_for(c) if style_for else None)
        return out


def width(text: str) -> int:
    return cell_len(text)


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
    parts = cat.t("shape.plus").join(shape_text(cat, u.width, u.length) for u in units)
    return cat.t("shape.throw", parts=parts)


def eff_suit_name(cat: Catalogue, ct: CardText, rs: RuleSet, ctx: TrumpContext, card: Card) -> str:
    label = rules.effective_suit(rs, ctx, card)
    if label == "T":
        return cat.t("suit.trumps")
    if label in ("R", "B"):
        return cat.t("suit.red" if label == "R" else "suit.black")
    return ct.suit_name(Suit(label))


def play_verb(rs: RuleSet, ctx: TrumpContext, lead: Sequence[Card], play: Sequence[Card]) -> str:
    """'follows', 'ruffs' (all trumps on a side lead), 'discards' (none of the led suit)
    or 'mixed' (some of the led suit, the rest other cards)."""
    if not lead or not play:
        return "follows"
    lead_eff = rules.effective_suit(rs, ctx, lead[0])
    effs = {rules.effective_suit(rs, ctx, c) for c in play}
    if effs == {lead_eff}:
        return "follows"
    if lead_eff not in effs:
        return "ruffs" if effs == {"T"} else "discards"
    return "mixed"


class Narrator:
    """One sentence per engine event (None for events not worth a line)."""

    def __init__(
        self,
        cat: Catalogue,
        ct: CardText,
        name: Callable[[int], str],
        team_name: Callable[[Sequence[int]], str],
        is_you: Callable[[int], bool] = lambda seat: False,
    ) -> None:
        self.cat = cat
        self.ct = ct
        self.name = name
        self.team_name = team_name
        self.is_you = is_you
        self._standing_seat: int | None = None
        self._lead: tuple[Card, ...] = ()

    def _t(self, key: str, seat: int | None, **kw: object) -> str:
        """`key`, or its second-person form `key_you` when `seat` is the player."""
        if seat is not None and self.is_you(seat) and self.cat.has(key + "_you"):
            key += "_you"
        return self.cat.t(key, **kw)

    def sentence(self, e: Event, rs: RuleSet, ctx: TrumpContext) -> str | None:
        t = self.cat.t
        ty = self._t
        cs = self.ct.cards
        if isinstance(e, DealStarted):
            self._standing_seat = None
            if e.dealer is None:
                return t("log.deal_started_first", n=e.deal_no + 1, level=e.level)
            return ty(
                "log.deal_started",
                e.dealer,
                n=e.deal_no + 1,
                dealer=self.name(e.dealer),
                level=e.level,
            )
        if isinstance(e, CardDealt):
            return None
        if isinstance(e, Redealt):
            return t("log.redealt")
        if isinstance(e, Declared):
            if e.steal:
                key = "log.stole"
            elif self._standing_seat is None:
                key = "log.declared"
            elif self._standing_seat == e.seat:
                key = "log.reinforced"
            else:
                key = "log.overturned"
            self._standing_seat = e.seat
            return ty(key, e.seat, name=self.name(e.seat), cards=cs(e.cards))
        if isinstance(e, DeclarationsRevealed):
            parts = [f"{self.name(s)} {cs(c)}" for s, c in zip(e.seats, e.cards, strict=False)]
            return t("log.declarations_revealed", list="; ".join(parts))
        if isinstance(e, DealingDone):
            return t("log.dealing_done")
        if isinstance(e, KittyFlipped):
            return t("log.kitty_flipped", cards=cs(e.cards))
        if isinstance(e, DealerChosen):
            return ty("log.dealer_chosen", e.seat, name=self.name(e.seat))
        if isinstance(e, TrumpSet):
            if e.trump_suit is None:
                return t("log.trump_set_nt", level=e.level)
            return t("log.trump_set", suit=self.ct.suit_name(e.trump_suit), level=e.level)
        if isinstance(e, KittyTaken):
            return ty("log.kitty_taken", e.seat, name=self.name(e.seat), count=e.count)
        if isinstance(e, KittyBuried):
            return ty("log.kitty_buried", e.seat, name=self.name(e.seat), count=e.count)
        if isinstance(e, StealTurn):
            return ty("log.steal_turn", e.seat, name=self.name(e.seat))
        if isinstance(e, StealPassed):
            return ty("log.steal_passed", e.seat, name=self.name(e.seat))
        if isinstance(e, PlayStarted):
            return ty("log.play_started", e.leader, name=self.name(e.leader))
        if isinstance(e, ThrowFailed):
            return t(
                "log.throw_failed",
                name=self.name(e.seat),
                tried=cs(e.tried),
                forced=cs(e.forced),
            )
        if isinstance(e, Played):
            if e.lead:
                self._lead = e.cards
                return ty(
                    "log.led",
                    e.seat,
                    name=self.name(e.seat),
                    cards=cs(e.cards),
                    shape=describe_lead(self.cat, rs, ctx, e.cards),
                )
            verb = play_verb(rs, ctx, self._lead, e.cards)
            return ty("log." + verb, e.seat, name=self.name(e.seat), cards=cs(e.cards))
        if isinstance(e, TrickWon):
            if e.points:
                return ty(
                    "log.trick_won_points",
                    e.seat,
                    name=self.name(e.seat),
                    n=e.trick_no,
                    points=e.points,
                )
            return ty("log.trick_won", e.seat, name=self.name(e.seat), n=e.trick_no)
        if isinstance(e, KittyRevealed):
            return t("log.kitty_revealed", cards=cs(e.cards), points=e.points)
        if isinstance(e, KittyCaptured):
            return ty(
                "log.kitty_captured",
                e.seat,
                name=self.name(e.seat),
                points=e.points,
                mult=e.multiplier,
                total=e.total,
            )
        if isinstance(e, DealScored):
            return t("log.deal_scored", points=e.attacker_points)
        if isinstance(e, LevelUp):
            return t(
                "log.level_up",
                names=self.team_name(e.seats),
                gain=e.gain,
                old=e.old_level,
                new=e.new_level,
            )
        if isinstance(e, JackRule):
            return t("log.jack_rule", names=self.team_name(e.seats), new=e.new_level)
        if isinstance(e, DealerRotated):
            key = "log.dealer_rotated_take_over" if e.take_over else "log.dealer_rotated"
            return ty(key, e.seat, name=self.name(e.seat))
        if isinstance(e, MatchOver):
            return t("log.match_over", names=self.team_name(e.winners), level=e.level)
        return None
