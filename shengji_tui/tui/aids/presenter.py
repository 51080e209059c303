"""What a player may look at beside the table, as props: the card counter
(`count.count_cards`) and the kitty the seat buried.

Pure, as the presenter (no Textual, no Rich): a `Model` in, frozen props out,
words in the model's catalogue and cards as the presenter's chips. Only what
the shown seat's view holds is read: the buried kitty is in the view of its
burier alone (and of everyone once the deal is over), so no other seat's
screen can show it.
"""

from __future__ import annotations

from typing import NamedTuple

from ... import rules
from ...rules import Card, Suit
from ..model import Model
from ..presenter import Presenter, words
from ..props import Cards, Chip, Line, Piece, Words
from ..review.presenter import label
from .count import CardCount, SuitCount, count_cards


class CounterProps(NamedTuple):
    """The card counter (its side panel and its dialog)."""

    lines: tuple[Line, ...]
    stage: object = None  # (the deal: the panel's height only grows within one)


class KittyProps(NamedTuple):
    """The kitty the seat buried, or why it cannot be seen (`cards` None)."""

    title: str
    lines: tuple[Line, ...]
    cards: tuple[Card, ...] | None


def kitty_refusal(m: Model) -> str | None:
    """Why the shown seat cannot look at the kitty now (None: it can)."""
    v = m.facts.view
    t = m.prefs.cat.t
    if v is None:
        return t("aids.kitty_none")
    if v.kitty is not None:
        return None
    if v.kitty_holder == m.me and v.phase in ("burying", "dealing", "declaring"):
        return t("aids.kitty_not_yet")
    return t("aids.kitty_not_yours")


def counter_refusal(m: Model) -> str | None:
    """Why the counter cannot be opened now (None: it can)."""
    if not m.facts.card_counter:
        return m.prefs.cat.t("aids.counter_off")
    if m.facts.view is None:
        return m.prefs.cat.t("aids.counter_nothing")
    return None


class AidsPresenter:
    """Counter and kitty props of a model (memoised by what they are made of)."""

    def __init__(self, presenter: Presenter | None = None) -> None:
        self.p = presenter or Presenter()
        self._counter: tuple[object, CounterProps] | None = None

    # ------------------------------------------------------------ the counter
    def counter(self, m: Model) -> CounterProps:
        refusal = counter_refusal(m)
        if refusal is not None:
            return CounterProps((words(refusal, "seat--dim"),))
        v = m.facts.view
        assert v is not None
        # the deal's log only grows: its length says which events were counted
        key = (self.p.look(m), v.deal_no, v.seat, len(v.log), v.hand, v.kitty, v.rules, m.ctx)
        if self._counter is not None and self._counter[0] == key:
            return self._counter[1]
        props = self._counter_props(m, count_cards(v, m.ctx))
        self._counter = (key, props)
        return props

    def _counter_props(self, m: Model, count: CardCount) -> CounterProps:
        t = m.prefs.cat.t
        out: list[Line] = [
            words(t("aids.counter_title"), "bold"),
            words(t("aids.counter_out", cards=count.cards_out, points=count.points_out)),
        ]
        for s in count.suits:
            out.extend(self._suit_lines(m, s))
        if count.kitty:
            key = (
                "aids.counter_kitty_end"
                if m.facts.view and m.facts.view.result
                else "aids.counter_kitty"
            )
            kitty = self.p.cards(m, m.sorted_cards(count.kitty))
            out.append(Line((Words(label(t(key)), "seat--dim"), kitty)))
        return CounterProps(tuple(out), m.facts.view.deal_no if m.facts.view else None)

    def _suit_lines(self, m: Model, s: SuitCount) -> list[Line]:
        t = m.prefs.cat.t
        sep = f" {self.p.glyphs(m)['sep']} "
        name = self.suit_name(m, s.suit)
        head: list[Piece] = [
            Words(name, "card--trump-header" if s.suit == "T" else "seat--name"),
            Words(" " + t("aids.counter_suit", n=len(s.out), points=s.points)),
        ]
        if s.void:
            names = t("team.list_sep").join(m.name(seat) for seat in s.void)
            head.append(Words(sep + t("aids.counter_void", names=names), "centre--alert"))
        lines = [Line(tuple(head))]
        if s.out:
            lines.append(Line((Cards(tuple(self._chip(m, c, s.suit) for c in s.out)),)))
        else:
            lines.append(words(t("aids.counter_none_out"), "seat--dim"))
        return lines

    def _chip(self, m: Model, card: Card, label: str) -> Chip:
        """A card of the count: its rank alone where the line's suit says the rest
        (a plain card of a side suit)."""
        chip = self.p.chip(m, card)
        if label != "T" and card.suit is not None and card.suit.value == label:
            return chip._replace(label=card.rank.value)
        return chip

    @staticmethod
    def suit_name(m: Model, label: str) -> str:
        t = m.prefs.cat.t
        if label == "T":
            return t("aids.counter_trumps")
        if label in ("R", "B"):
            return t("suit.red" if label == "R" else "suit.black")
        return m.prefs.ct.suit_name(Suit(label))

    # ------------------------------------------------------------ the kitty
    def kitty(self, m: Model) -> KittyProps:
        t = m.prefs.cat.t
        title = t("aids.kitty_title")
        refusal = kitty_refusal(m)
        v = m.facts.view
        if refusal is not None or v is None or v.kitty is None:
            return KittyProps(title, (words(refusal or "", "seat--dim"),), None)
        cards = m.sorted_cards(v.kitty)
        said = "aids.kitty_end" if v.result is not None else "aids.kitty_yours"
        lines = [
            words(t(said, n=len(cards), points=rules.points(cards))),
            Line((self.p.cards(m, cards),)),
        ]
        return KittyProps(title, tuple(lines), tuple(cards))
