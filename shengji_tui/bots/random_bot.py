"""`RandomBot`: uniformly random legal choices, asked of the rules API.

Its choice is a function of (its seed, the seat, the view's version) only: the
bot keeps no state between calls, so a table rebuilt from its log after a crash
gets the very same moves as one that never stopped.

- dealing / declaring: with a small probability per chance, a random one of
  `engine.declare_options` (the declarations that would stand);
- burying: as many random cards of its hand as it must bury (`bury_count`);
- kitty theft and three players' overturn: sometimes a random valid
  overturning declaration, else pass;
- auctions: sometimes one of the three nearest allowed bids, else pass; a
  random trump to name (no-trump where allowed);
- calling (find friends): a random card of the pack and a random copy the
  rule takes;
- leading: a random unit it holds (a single, a tuple, or a unit of the suit's
  `rules.decompose`), now and then a random throw of one suit (the engine
  judges the throw and plays the forced unit if it fails);
- following: uniform over `rules.legal_follows` (the first `FOLLOW_CAP`).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

from .. import rules
from ..engine import (
    Bid,
    Bury,
    Command,
    Declare,
    NameTrump,
    PassBid,
    PassSteal,
    Play,
    SeatView,
    Steal,
    declare_options,
)
from ..rules import Card, RuleSet, TrumpContext
from .friends import random_call

DECLARE_P = 0.08  # per chance (every card dealt while it holds a valid declaration)
STEAL_P = 0.3
BID_P = 0.4
NO_TRUMP_P = 0.15
THROW_P = 0.08
FOLLOW_CAP = 256  # legal_follows can enumerate many plays with four decks


class RandomBot:
    """A player that picks uniformly among legal moves; deterministic for a seed."""

    def __init__(self, seed: int = 0, name: str = "bot") -> None:
        self.seed = seed
        self.name = name

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r}, name={self.name!r})"

    def rng(self, view: SeatView) -> random.Random:
        return random.Random(f"random-bot/{self.seed}/{view.seat}/{view.version}")

    def decide(self, view: SeatView) -> Command | None:
        phase = view.phase
        seat = view.seat
        if phase in ("dealing", "declaring"):
            if view.rules.bidding != "none":
                return None  # an auction preset: nobody declares
            return self._declare(view, self.rng(view))
        if view.awaiting != seat:
            return None
        rng = self.rng(view)
        if phase == "bidding":
            assert view.auction is not None
            bids = rules.bid_options(view.rules, view.auction, seat)
            if bids and rng.random() < BID_P:
                return Bid(seat=seat, points=rng.choice(bids[:3]))
            return PassBid(seat=seat)
        if phase == "naming_trump":
            if view.rules.name_no_trump and rng.random() < NO_TRUMP_P:
                return NameTrump(seat=seat, suit=None)
            return NameTrump(seat=seat, suit=rng.choice(rules.SUITS))
        if phase == "burying":
            cards = rng.sample(list(view.hand), view.bury_count)
            return Bury(seat=seat, cards=tuple(cards))
        if phase == "kitty_theft":
            return self._steal(view, rng)
        if phase == "overturning":
            opts = declare_options(view)
            if opts and rng.random() < STEAL_P:
                return Steal(seat=seat, cards=tuple(rng.choice(opts)))
            return PassSteal(seat=seat)
        if phase == "calling":
            return random_call(view, rng)
        if phase == "playing":
            return Play(seat=seat, cards=tuple(self.play_cards(view, rng)))
        return None

    # ------------------------------------------------------------ declaring

    @staticmethod
    def declaration_options(view: SeatView) -> list[list[Card]]:
        return declare_options(view)

    def _declare(self, view: SeatView, rng: random.Random) -> Command | None:
        if rng.random() >= DECLARE_P:
            return None
        options = self.declaration_options(view)
        if not options:
            return None
        return Declare(seat=view.seat, cards=tuple(rng.choice(options)))

    def _steal(self, view: SeatView, rng: random.Random) -> Command:
        options = self.declaration_options(view) if view.standing is not None else []
        if options and rng.random() < STEAL_P:
            return Steal(seat=view.seat, cards=tuple(rng.choice(options)))
        return PassSteal(seat=view.seat)

    # -------------------------------------------------------------- playing

    def play_cards(self, view: SeatView, rng: random.Random) -> list[Card]:
        rs = view.rules
        ctx = TrumpContext(view.level, view.trump_suit)
        hand = list(view.hand)
        if view.trick:
            lead = list(view.trick[0].cards)
            options = list(islice(rules.legal_follows(rs, ctx, hand, lead), FOLLOW_CAP))
            if not options:  # cannot happen with a correct rules module
                raise RuntimeError(f"no legal follow to {rules.format_cards(lead)}")
            return rng.choice(options)
        if throws_allowed(view) and rng.random() < THROW_P:
            throw = random_throw(rs, ctx, hand, rng)
            if throw is not None:
                return throw
        return rng.choice(lead_options(rs, ctx, hand))


def throws_allowed(view: SeatView) -> bool:
    """Whether a lead may be a throw now (asked of the rules)."""
    return rules.throw_allowed(view.rules, view.trick_no, view.failed_throws).ok


def _by_suit(rs: RuleSet, ctx: TrumpContext, hand: list[Card]) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    for c in hand:
        out.setdefault(rules.effective_suit(rs, ctx, c), []).append(c)
    return out


def lead_options(rs: RuleSet, ctx: TrumpContext, hand: list[Card]) -> list[list[Card]]:
    """Distinct single units the hand can lead: singles, tuples of identical cards,
    and the units of each suit's decomposition (which finds the tractors)."""
    seen: set[tuple[int, ...]] = set()
    out: list[list[Card]] = []

    def add(cards: list[Card]) -> None:
        key = tuple(sorted(c.idx for c in cards))
        if key not in seen:
            seen.add(key)
            out.append(cards)

    for c in sorted(set(hand)):
        add([c])
    for card, n in sorted(Counter(hand).items()):
        for k in range(2, min(n, rs.max_tuple) + 1):
            add([card] * k)
    for _, cards in sorted(_by_suit(rs, ctx, hand).items()):
        if len(cards) >= 2:
            for unit in rules.decompose(rs, ctx, cards):
                add(list(unit.cards))
    return out


def random_throw(
    rs: RuleSet, ctx: TrumpContext, hand: list[Card], rng: random.Random
) -> list[Card] | None:
    """2 to 6 random cards of one suit (the engine decides whether the throw stands)."""
    suits = [cs for _, cs in sorted(_by_suit(rs, ctx, hand).items()) if len(cs) >= 2]
    if not suits:
        return None
    cards = rng.choice(suits)
    return rng.sample(cards, rng.randint(2, min(6, len(cards))))
