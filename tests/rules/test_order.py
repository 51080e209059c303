"""`rules.compiled(rs, ctx)` -> `rules.Order`: the fast per-context API answers as
the card-by-card public functions do, on random positions of every preset."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

import pytest

from shengji_tui import rules
from shengji_tui.bench.random_deal import leadable_units
from shengji_tui.rules import TRUMP, Card, RuleSet, TrumpContext, parse_cards

PRESETS = [n for n in rules.PRESET_NAMES if RuleSet.preset(n).players == 4]


def positions(
    preset: str, seed: int, count: int
) -> list[tuple[RuleSet, TrumpContext, list[list[Card]], list[list[Card]]]]:
    """(rs, ctx, hands, trick) with the trick's plays legal from the hands."""
    rs = RuleSet.preset(preset)
    rng = random.Random(f"{preset}/{seed}")
    out: list[tuple[RuleSet, TrumpContext, list[list[Card]], list[list[Card]]]] = []
    while len(out) < count:
        ctx = TrumpContext(rng.choice(rs.levels), rng.choice([None, "S", "H", "D", "C"]))
        pack = rules.full_deck(rs.decks)
        rng.shuffle(pack)
        n = rs.hand_size
        hands = [pack[k * n : (k + 1) * n] for k in range(4)]
        lead = rng.choice(leadable_units(rs, ctx, hands[0]))
        trick = [lead]
        for h in hands[1:]:
            opts = list(islice(rules.legal_follows(rs, ctx, h, lead), 200))
            trick.append(rng.choice(opts))
        out.append((rs, ctx, hands, trick))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_per_card_facts_are_the_public_ones(preset: str) -> None:
    rs = RuleSet.preset(preset)
    for level in rs.levels:
        for suit in (None, "S", "H", "D", "C"):
            ctx = TrumpContext(level, suit)
            o = rules.compiled(rs, ctx)
            for c in rules.ALL_CARDS:
                assert o.is_trump(c) == rules.is_trump(rs, ctx, c)
                assert o.label(c) == rules.effective_suit(rs, ctx, c)
                assert (o.suit(c) == TRUMP) == o.is_trump(c)
                assert o.eff[c.idx] == o.suit(c) and o.identity(c) == o.ident[c.idx]
            hand = rules.full_deck(1)
            assert sorted(hand, key=o.sort_key) == rules.sort_hand(rs, ctx, hand)


@pytest.mark.parametrize("preset", PRESETS)
def test_units_and_winners_are_the_public_ones(preset: str) -> None:
    for rs, ctx, _, trick in positions(preset, 1, 60):
        o = rules.compiled(rs, ctx)
        lead = trick[0]
        assert o.decompose(lead) == rules.decompose(rs, ctx, lead)
        assert o.winner(trick) == rules.trick_winner(rs, ctx, trick)
        units = o.decompose(lead)
        assert o.winner(trick, units) == rules.trick_winner(rs, ctx, trick)
        # the trick played one card at a time: `beats` keeps the winner as it goes
        win = 0
        for k in range(1, len(trick)):
            took = o.beats(lead, trick[win], trick[k], units if k % 2 else None)
            if took:
                win = k
            assert win == rules.trick_winner(rs, ctx, trick[: k + 1])
        assert o.lead_shapes(lead) == sorted(
            (u.shape for u in units if u.width > 1),
            key=lambda s: (s[0] * s[1], s[1] > 1, s[0]),
            reverse=True,
        )


@pytest.mark.parametrize("preset", PRESETS)
def test_single_cards_compare_by_strength(preset: str) -> None:
    """A single takes the trick from a standing single of the led suit or of
    trumps exactly when it is of the led suit or a trump, and stronger."""
    rs = RuleSet.preset(preset)
    rng = random.Random(preset)
    for _ in range(400):
        o = rules.compiled(rs, TrumpContext(rng.choice(rs.levels), rng.choice([None, "H", "C"])))
        lead, other, new = rng.sample(rules.ALL_CARDS, 3)
        ls = o.suit(lead)
        for best in (lead, other):
            if best is other and not o.beats_card(lead, lead, other):
                continue  # `best` stands for the play winning so far
            want = o.suit(new) in (ls, TRUMP) and o.strength(new) > o.strength(best)
            assert o.beats_card(lead, best, new) == want
            assert o.beats([lead], [best], [new]) == want
            trick = [[lead], [new]] if best is lead else [[lead], [best], [new]]
            assert want == (rules.trick_winner(rs, ctx_of(o), trick) == len(trick) - 1)


def ctx_of(o: rules.Order) -> TrumpContext:
    return o.ctx


@pytest.mark.parametrize("preset", PRESETS)
def test_unit_beaten_is_what_makes_a_throw_fail(preset: str) -> None:
    for rs, ctx, hands, _ in positions(preset, 2, 40):
        o = rules.compiled(rs, ctx)
        by_suit: dict[int, list[Card]] = {}
        for c in hands[0]:
            by_suit.setdefault(o.suit(c), []).append(c)
        for suit, cards in by_suit.items():
            units = o.decompose(cards)
            others = [o.columns(o.of_suit(h, suit)) for h in hands[1:]]
            beaten = [u.cards for u in units if o.unit_beaten(others, u)]
            res = rules.check_throw(rs, ctx, cards, hands[1:])
            if len(units) > 1:
                assert res.beaten == beaten
                assert res.ok == (not beaten)


def test_columns_placements_and_pack() -> None:
    rs = RuleSet.preset("classic")
    o = rules.compiled(rs, TrumpContext("2", "H"))
    cards = parse_cards("S3 S3 S4 S4 S9 S9 SA")
    cols = o.columns(cards)
    assert sum(len(cs) for d in cols.values() for cs in d.values()) == 7
    tractors = list(o.placements(cols, (2, 2)))
    assert len(tractors) == 1 and tractors[0][0] == (2, 2)
    assert len(list(o.placements(cols, (2, 1)))) == 3
    assert list(o.placements(cols, (2, 3))) == []
    got = o.pack(cols, [(2, 2), (2, 1)])
    assert got is not None and Counter(got) == Counter(parse_cards("S3 S3 S4 S4 S9 S9"))
    assert [c for d in cols.values() for cs in d.values() for c in cs] == parse_cards("SA")
    assert o.pack(o.columns(cards), [(2, 3)]) is None
    assert o.lead_shapes(parse_cards("S3 S3 S4 S4 S9")) == [(2, 2)]


def test_four_deck_substitutes_count_in_pack_and_unit_beaten() -> None:
    rs = RuleSet.preset("four-deck")
    o = rules.compiled(rs, TrumpContext("2", "H"))
    assert o.substitute
    quad = o.columns(parse_cards("S9 S9 S9 S9"))
    assert o.pack(quad, [(2, 2)]) is not None  # a quad stands for a two-pair tractor
    tractor = o.decompose(parse_cards("S3 S3 S4 S4"))[0]
    assert o.unit_beaten([o.columns(parse_cards("S5 S5 S5 S5"))], tractor)
    assert not o.unit_beaten([o.columns(parse_cards("S5 S5 S8 S8"))], tractor)


def test_compiled_is_shared_and_keyed_by_what_it_depends_on() -> None:
    classic = RuleSet.preset("classic")
    ctx = TrumpContext("5", "S")
    o = rules.compiled(classic, ctx)
    assert rules.compiled(classic, TrumpContext("5", "S")) is o
    assert rules.compiled(classic.model_copy(update={"name": "x"}), ctx) is o
    highest = classic.model_copy(update={"trick_compare": "highest"})
    assert rules.compiled(highest, ctx) is not o
    assert rules.compiled(highest, ctx).compare == "highest"
    two = rules.compiled(RuleSet.preset("two-color"), ctx)
    assert two.two_color and two.max_tuple == 2 and two.ctx.two_color
    assert o.max_tuple == 2 and not o.substitute and repr(o) == "Order(level 5, trump S)"
    assert o.suit_name(TRUMP) == "trumps" and two.suit_name(1) == "red"
