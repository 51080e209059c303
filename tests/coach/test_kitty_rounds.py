"""The kitty round the coach plays after a bury that is not the last word on
the kitty: kitty theft (four-deck) and three players' overturn, each seat as
the playbook decides, in the engine's order; and the buries of those presets
priced from the burier's view."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui.bots.sense import Sense
from shengji_tui.coach.analysis import plan
from shengji_tui.coach.price import Job, KittyDeal, overturn_round, price, theft_round
from shengji_tui.rules import Card, RuleSet, Suit, TrumpContext, parse_cards

from .coach_helpers import one_deal


def _sense(rs: RuleSet, level: str):  # type: ignore[no-untyped-def]
    return lambda trump: Sense(rs, TrumpContext(level, trump))


def _all(deal: KittyDeal) -> Counter[Card]:
    return sum((Counter(h) for h in deal.hands), Counter(deal.kitty))


JUNK = "C3 C4 C5 C6 C7 C8 C9 D3 D4 D5 D6 D7"
HEARTS = "H2 H2 H2 HA HA HK HK HQ HJ H10 H9 H8"
SPADES = "S2 S2 SA SK SQ SJ S10 S9 S8 S7 S6 S5"
KITTY = "D8 D9 C10 CJ D10 DJ CQ DQ"


@pytest.mark.parametrize(
    ("hands", "thief"),
    [
        # seat 2 holds three hearts 2s and hearts: it steals over the spades pair
        ([JUNK, SPADES, HEARTS, JUNK], 2),
        # nobody holds a stronger declaration: every other seat passes
        ([JUNK, SPADES, JUNK, JUNK], None),
    ],
)
def test_a_theft_round(hands: list[str], thief: int | None) -> None:
    rs = RuleSet.preset("four-deck")
    held = [parse_cards(h) for h in hands]
    before = sum((Counter(h) for h in held), Counter(parse_cards(KITTY)))
    deal = theft_round(
        rs,
        "2",
        held,
        parse_cards(KITTY),
        (1, parse_cards("S2 S2")),
        Suit.S,
        1,
        1,
        True,
        _sense(rs, "2"),
    )
    assert _all(deal) == before and len(deal.kitty) == 8
    assert [len(h) for h in deal.hands] == [12] * 4
    if thief is None:
        assert deal.trump is Suit.S and deal.dealer == 1 and deal.checks == 3
        assert Counter(deal.kitty) == Counter(parse_cards(KITTY))
    else:
        # the thief takes the trump, the deal (the first deal) and the kitty,
        # and buries its cheapest cards: no heart among them
        assert deal.trump is Suit.H and deal.dealer == thief
        assert not any(c.suit is Suit.H or c.rank.value == "2" for c in deal.kitty)
        # then a new round after it: every other seat passes once more
        assert deal.checks >= 1 + 3


def test_an_overturn_round() -> None:
    """Three players: seat 1 holds a hearts 2 pair and hearts, so it overturns
    the dealer's spades naming (no cards shown); it draws 6 of the kitty and
    buries 6; seat 2 has nothing to overturn with; the dealer stays."""
    import random

    rs = RuleSet.preset("three-player")
    held = [parse_cards(SPADES), parse_cards(HEARTS), parse_cards(JUNK)]
    kitty = parse_cards("D8 D9 C10 CJ D10 DJ CQ DQ CK")
    before = sum((Counter(h) for h in held), Counter(kitty))
    deal = overturn_round(
        rs, "2", held, kitty, (0, []), Suit.S, 0, 0, random.Random(1), _sense(rs, "2")
    )
    assert deal.trump is Suit.H and deal.dealer == 0 and deal.checks == 2
    assert _all(deal) == before and len(deal.kitty) == 9
    assert [len(h) for h in deal.hands] == [12, 12, 12]
    assert deal.hands[0] == parse_cards(SPADES) and deal.hands[2] == parse_cards(JUNK)


@pytest.mark.parametrize("preset", ["four-deck", "three-player"])
def test_their_buries_are_priced(preset: str) -> None:
    game = one_deal(preset, 2)
    buries = [
        m for s in range(game.rules.players) for m in plan(game, 0, s).moments if m.kind == "bury"
    ]
    assert buries
    for m in buries:
        p = price(Job(m, 20))
        assert not p.unpriced and p.samples > 0 and len(p.choices) >= 1
