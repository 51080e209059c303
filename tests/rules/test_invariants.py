"""Invariants of the rules API, checked with Hypothesis on random situations.

Hands are drawn from a narrow window of one effective suit (so tuples and
tractors are common) plus a few other cards; leads are, half of the time, one
unit of that suit and otherwise a random multiset of it (a throw). The
brute-force check of `legal_follows` against `check_follow` only runs on hands
of at most 10 cards. Whole random deals come from `bench.random_deal`.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from shengji_tui import rules
from shengji_tui.bench.random_deal import leadable_units, play_random_deal
from shengji_tui.rules import ALL_CARDS, Card, RuleSet, TrumpContext
from shengji_tui.rules.trump import TRUMP, get_trump
from shengji_tui.rules.units import shape_key

PRESETS = {name: RuleSet.preset(name) for name in rules.PRESET_NAMES}
FOUR_PLAYER = [n for n, rs in PRESETS.items() if rs.players == 4]
SUIT_CHOICES = [None, "S", "H", "D", "C"]

# SHENGJI_HYPOTHESIS_SCALE=20 runs twenty times more examples (bug hunting).
SCALE = int(os.environ.get("SHENGJI_HYPOTHESIS_SCALE", "1"))

FAST = settings(
    max_examples=300 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def fmt(cards: list[Card]) -> str:
    return rules.format_cards(cards)


def key(cards: list[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.idx for c in cards))


@st.composite
def contexts(draw: st.DrawFn) -> tuple[RuleSet, TrumpContext]:
    rs = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    level = draw(st.sampled_from(rs.levels))
    return rs, TrumpContext(level, draw(st.sampled_from(SUIT_CHOICES)))


@st.composite
def situations(
    draw: st.DrawFn, max_hand: int, max_lead: int = 4
) -> tuple[RuleSet, TrumpContext, list[Card], list[Card]]:
    """(rs, ctx, hand, lead): hand and lead fit in the pack together.

    The lead is half of the time one unit (tuples and tractors are likely: the
    cards come from a narrow window of one suit), else a random multiset of
    that suit (a throw); the hand holds at least as many cards as the lead
    when the pool allows it.
    """
    rs, ctx = draw(contexts())
    rnd = draw(st.randoms(use_true_random=False))
    t = get_trump(rs, ctx)
    suits = sorted({t.eff[c.idx] for c in ALL_CARDS})
    focus = draw(st.sampled_from(suits))
    in_suit = [c for c in ALL_CARDS if t.eff[c.idx] == focus]
    positions = sorted({t.pos[c.idx] for c in in_suit})
    width = draw(st.integers(2, 6))
    lo = rnd.randint(0, max(0, len(positions) - width))
    window = set(positions[lo : lo + width])
    pool = [c for c in in_suit if t.pos[c.idx] in window]
    extra = rnd.sample(ALL_CARDS, draw(st.integers(0, 4)))
    stock = [c for c in sorted(set(pool) | set(extra)) for _ in range(rs.decks)]
    lead_stock = [c for c in stock if t.eff[c.idx] == focus]
    if draw(st.booleans()):
        units = [u for u in leadable_units(rs, ctx, lead_stock) if len(u) <= max_lead]
        multi = [u for u in units if len(u) > 1]
        lead = list(rnd.choice(multi if multi and rnd.random() < 0.8 else units))
    else:
        n = rnd.randint(1, max(1, min(max_lead, len(lead_stock) - 1)))
        lead = rnd.sample(lead_stock, n)
    rest = list((Counter(stock) - Counter(lead)).elements())
    if not rest:
        rest = [c for c in ALL_CARDS if t.eff[c.idx] != focus][:1]
    lo_h = min(len(lead), len(rest), max_hand)
    h = rnd.randint(lo_h, min(max_hand, len(rest)))
    hand = sorted(rnd.sample(rest, h))
    return rs, ctx, hand, lead


# ----------------------------------------------------------------- decompose


@st.composite
def one_suit_leads(draw: st.DrawFn) -> tuple[RuleSet, TrumpContext, list[Card]]:
    rs, ctx = draw(contexts())
    t = get_trump(rs, ctx)
    focus = draw(st.sampled_from(sorted({t.eff[c.idx] for c in ALL_CARDS})))
    stock = [c for c in ALL_CARDS if t.eff[c.idx] == focus for _ in range(rs.decks)]
    perm = draw(st.permutations(stock))
    lead = list(perm[: draw(st.integers(1, min(12, len(perm))))])
    return rs, ctx, lead


@FAST
@given(one_suit_leads())
def test_decompose_reassembles_largest_first(
    case: tuple[RuleSet, TrumpContext, list[Card]],
) -> None:
    rs, ctx, lead = case
    units = rules.decompose(rs, ctx, lead)
    assert Counter(c for u in units for c in u.cards) == Counter(lead), fmt(lead)
    keys = [shape_key(u.shape) for u in units]
    assert keys == sorted(keys, reverse=True), f"{fmt(lead)}: units not largest first: {units}"
    for u in units:
        assert len(u.cards) == u.width * u.length
        if u.is_tractor:
            assert rules.is_tractor(rs, ctx, u.cards), f"{fmt(lead)}: {u} is not a tractor"
    # the largest unit is the biggest unit the lead holds at all (docs/rules.md §4)
    biggest = max(shape_key(_shape_of(rs, ctx, u)) for u in leadable_units(rs, ctx, lead))
    assert keys[0] == biggest, f"{fmt(lead)}: largest unit {units[0]} is not the biggest"


def _shape_of(rs: RuleSet, ctx: TrumpContext, cards: list[Card]) -> tuple[int, int]:
    t = get_trump(rs, ctx)
    n = len({t.pos[c.idx] for c in cards})
    return (len(cards) // n, n)


# --------------------------------------------------- legal_follows/check_follow


def _describe_case(
    rs: RuleSet, ctx: TrumpContext, hand: list[Card], lead: list[Card], follows: list[list[Card]]
) -> None:
    """Label the case for `--hypothesis-show-statistics`."""
    t = get_trump(rs, ctx)
    units = rules.decompose(rs, ctx, lead)
    kinds = "+".join(u.kind for u in units)
    in_suit = sum(1 for c in hand if t.eff[c.idx] == t.eff[lead[0].idx])
    event(f"lead {kinds if len(units) < 3 else 'throw of 3+ units'}")
    event("hand short in the suit" if in_suit < len(lead) else "hand can follow suit")
    event(f"follows: {'1' if len(follows) == 1 else '2-9' if len(follows) < 10 else '10+'}")


@settings(max_examples=1000 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(max_hand=10, max_lead=6))
def test_legal_follows_agrees_with_check_follow_brute_force(
    case: tuple[RuleSet, TrumpContext, list[Card], list[Card]],
) -> None:
    rs, ctx, hand, lead = case
    n = len(lead)
    if len(hand) < n:
        return
    follows = list(rules.legal_follows(rs, ctx, hand, lead))
    _describe_case(rs, ctx, hand, lead, follows)
    keys = [key(p) for p in follows]
    assert len(set(keys)) == len(keys), f"duplicates for {fmt(lead)} from {fmt(hand)}"
    for p in follows:
        v = rules.check_follow(rs, ctx, hand, lead, p)
        assert v.ok, (
            f"{rs.name} {ctx.describe()}: lead {fmt(lead)}, hand {fmt(hand)}: "
            f"enumerated {fmt(p)} but check_follow says {v.reason}"
        )
    enumerated = set(keys)
    for combo in {key(list(c)) for c in combinations(hand, n)}:
        play = [ALL_CARDS[i] for i in combo]
        v = rules.check_follow(rs, ctx, hand, lead, play)
        assert v.ok == (combo in enumerated), (
            f"{rs.name} {ctx.describe()}: lead {fmt(lead)}, hand {fmt(hand)}, play {fmt(play)}: "
            f"check_follow ok={v.ok} ({v.reason}) but enumerated={combo in enumerated}"
        )


@FAST
@given(situations(max_hand=25, max_lead=8))
def test_every_enumerated_follow_passes_check_follow(
    case: tuple[RuleSet, TrumpContext, list[Card], list[Card]],
) -> None:
    rs, ctx, hand, lead = case
    for k, p in enumerate(rules.legal_follows(rs, ctx, hand, lead)):
        assert rules.check_follow(rs, ctx, hand, lead, p).ok, f"{fmt(lead)} / {fmt(hand)}: {fmt(p)}"
        if k >= 200:
            break


@FAST
@given(situations(max_hand=25, max_lead=8))
def test_a_hand_at_least_as_big_as_the_lead_can_follow(
    case: tuple[RuleSet, TrumpContext, list[Card], list[Card]],
) -> None:
    rs, ctx, hand, lead = case
    if len(hand) < len(lead):
        return
    first = next(iter(rules.legal_follows(rs, ctx, hand, lead)), None)
    assert first is not None, (
        f"{rs.name} {ctx.describe()}: no follow to {fmt(lead)} from {fmt(hand)}"
    )


# ----------------------------------------------------------------- trick_winner


@FAST
@given(situations(max_hand=25, max_lead=6), st.randoms(use_true_random=False))
def test_trick_winner_ignores_the_order_of_discards(
    case: tuple[RuleSet, TrumpContext, list[Card], list[Card]], rnd: random.Random
) -> None:
    rs, ctx, pool, lead = case
    t = get_trump(rs, ctx)
    n = len(lead)
    # the other players' plays: random legal follows from random parts of the pool,
    # plus random off-suit plays so that discards are common
    plays = [lead]
    for _ in range(4):
        if len(pool) >= n and rnd.random() < 0.6:
            hand = rnd.sample(pool, min(len(pool), n + rnd.randint(0, 6)))
            plays.append(rnd.choice(list(rules.legal_follows(rs, ctx, hand, lead))))
        else:
            plays.append(rnd.sample(list(ALL_CARDS), n))
    lead_suit = t.eff[lead[0].idx]

    def is_discard(p: list[Card]) -> bool:
        effs = {t.eff[c.idx] for c in p}
        return effs != {lead_suit} and effs != {TRUMP}

    win = rules.trick_winner(rs, ctx, plays)
    assert not is_discard(plays[win]), f"a discard won: {[fmt(p) for p in plays]}"
    slots = [i for i in range(1, len(plays)) if is_discard(plays[i])]
    for perm in list(permutations(slots))[:24]:
        shuffled = list(plays)
        for src, dst in zip(slots, perm, strict=True):
            shuffled[dst] = plays[src]
        assert rules.trick_winner(rs, ctx, shuffled) == win, (
            f"{ctx.describe()}: reordering discards changed the winner: "
            f"{[fmt(p) for p in plays]} -> {[fmt(p) for p in shuffled]}"
        )


# ----------------------------------------------------------------- points


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_points_of_a_full_pack(decks: int) -> None:
    assert rules.points(rules.full_deck(decks)) == 100 * decks
    for name, rs in PRESETS.items():
        if rs.decks == decks:
            assert rs.total_points == 100 * decks, name


# ----------------------------------------------------------------- whole deals


DEAL_PRESETS = [*FOUR_PLAYER, "three-player"]
DEAL_EXAMPLES = {"four-deck": 50, "three-deck": 80}


@pytest.mark.parametrize("name", DEAL_PRESETS)
def test_random_deals_finish(name: str) -> None:
    rs = PRESETS[name]

    @settings(max_examples=DEAL_EXAMPLES.get(name, 150) * SCALE, deadline=None, database=None)
    @given(seed=st.integers(0, 2**32 - 1), level=st.sampled_from(rs.levels))
    def run(seed: int, level: str) -> None:
        log: list[str] = []
        timings: list[float] = []
        stats = play_random_deal(rs, random.Random(seed), level, timings, log, verify=True)
        assert stats.tricks * (rs.players - 1) == len(timings) == stats.legal_follow_calls
        assert sum(stats.points_by_seat) + stats.kitty_points == rs.total_points
        assert any(line.startswith("trick 1:") for line in log)
        if rs.bidding == "none":
            assert stats.result is not None

    run()
