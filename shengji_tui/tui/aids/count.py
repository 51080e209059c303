"""The card counter (记牌器): what one seat may know of the cards still out.

Pure: a `SeatView` (its hand, its deal's public log, the kitty it buried) and
the trump context in, a frozen `CardCount` out; no Textual. Per effective suit
of that context (the trumps as one suit, as `rules.compiled` orders them):

- the cards still out: the pack less the seat's own hand, every card played
  this deal, and the kitty when this seat buried it (it knows where those are);
- the points among them;
- the seats that showed they hold none of the suit: they did not follow it
  when it was led (following is compulsory, so a card of another suit in a
  follow says the seat had no more).

Everyone may open it (a memory aid outside the game would favour whoever has
one), unless the table turned it off (`TableSettings.card_counter`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ... import rules
from ...engine import Played, SeatView
from ...rules import Card, Order, TrumpContext


@dataclass(frozen=True, slots=True)
class SuitCount:
    """One effective suit of the count."""

    suit: str  # 'S', 'H', 'D', 'C' ('B' / 'R' in the two-colour pack), 'T' for the trumps
    out: tuple[Card, ...]  # still out, the strongest first
    points: int  # the points among them
    void: tuple[int, ...]  # the seats that showed they hold none of it


@dataclass(frozen=True, slots=True)
class CardCount:
    seat: int  # whose count it is
    suits: tuple[SuitCount, ...]  # the side suits in the hand's order, the trumps last
    cards_out: int
    points_out: int
    kitty: tuple[Card, ...]  # the kitty this seat buried (not out: it knows where it is)
    played: int  # cards played this deal

    def suit(self, label: str) -> SuitCount | None:
        return next((s for s in self.suits if s.suit == label), None)

    def voids_of(self, seat: int) -> tuple[str, ...]:
        """The suits `seat` showed it holds none of."""
        return tuple(s.suit for s in self.suits if seat in s.void)


def tricks_of(log: Iterable[object]) -> list[list[Played]]:
    """The deal's plays grouped by trick (a lead starts one)."""
    tricks: list[list[Played]] = []
    for e in log:
        if isinstance(e, Played):
            if e.lead or not tricks:
                tricks.append([])
            tricks[-1].append(e)
    return tricks


def shown_voids(order: Order, tricks: Sequence[Sequence[Played]]) -> dict[str, set[int]]:
    """Per effective suit (`order.label`), the seats that played another suit
    when it was led."""
    out: dict[str, set[int]] = {}
    for trick in tricks:
        if not trick or not trick[0].cards:
            continue
        led = order.label(trick[0].cards[0])
        for p in trick[1:]:
            if any(order.label(c) != led for c in p.cards):
                out.setdefault(led, set()).add(p.seat)
    return out


def suit_labels(order: Order) -> list[str]:
    """The effective suits of the context, as the hand shows them (the side suits
    it leaves, then the trumps)."""
    first: dict[str, tuple[int, int, int]] = {}
    for c in rules.ALL_CARDS:
        label = order.label(c)
        key = order.sort_key(c)
        if label not in first or key < first[label]:
            first[label] = key
    return sorted(first, key=first.__getitem__)


def count_cards(view: SeatView, ctx: TrumpContext) -> CardCount:
    """What `view`'s seat may know of the cards still out, in the context `ctx`."""
    rs = view.rules
    order = rules.compiled(rs, ctx)
    tricks = tricks_of(view.log)
    seen: Counter[Card] = Counter(view.hand)
    played = 0
    for trick in tricks:
        for p in trick:
            seen.update(p.cards)
            played += len(p.cards)
    # The view holds the buried kitty for its burier alone, and for all once the
    # deal is over: either way this seat knows those cards are not out.
    kitty: tuple[Card, ...] = view.kitty or ()
    seen.update(kitty)
    out: dict[str, list[Card]] = {}
    for card in rules.full_deck(rs.decks):
        if seen[card] > 0:
            seen[card] -= 1
            continue
        out.setdefault(order.label(card), []).append(card)
    voids = shown_voids(order, tricks)
    suits: list[SuitCount] = []
    for label in suit_labels(order):
        # strongest first; cards of one strength (the off-suit level cards) by
        # suit, so that copies stand together: 2♠ 2♠ 2♦ 2♦, not 2♠ 2♦ 2♠ 2♦
        cards = sorted(out.get(label, ()), key=lambda c: (-order.strength(c), order.sort_key(c)))
        suits.append(
            SuitCount(
                suit=label,
                out=tuple(cards),
                points=rules.points(cards),
                void=tuple(sorted(voids.get(label, ()))),
            )
        )
    return CardCount(
        seat=view.seat,
        suits=tuple(suits),
        cards_out=sum(len(s.out) for s in suits),
        points_out=sum(s.points for s in suits),
        kitty=kitty,
        played=played,
    )
