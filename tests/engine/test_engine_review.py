"""A deal told again (`engine.review`): every hand as dealt, the kitty, each
trick's plays and winner, the result; and what a seat may review while the
deal is played (its own hand only, the kitty only if it took it)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    DealScored,
    GameState,
    Played,
    TrickWon,
    new_game,
    review_for,
    review_of,
    reviews_of,
)
from shengji_tui.rules import Card
from shengji_tui.table.plan import plan


def play(preset: str, seed: int, stop) -> tuple[GameState, list]:
    """Bots play from a new game until `stop(state)`; the full events on the way."""
    state = new_game(preset, seed)
    events = list(state.log)
    n = state.rules.players
    bots = {s: RandomBot(seed=seed * 8 + s, name=f"b{s}") for s in range(n)}
    for _ in range(20000):
        if stop(state):
            return state, events
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
        events.extend(step.events)
    raise AssertionError("did not stop")


def check_deal(review, state_rules) -> None:
    """What each seat was dealt, took and buried accounts for all it played."""
    played: list[Counter[Card]] = [Counter() for _ in range(state_rules.players)]
    for trick in review.tricks:
        for p in trick.plays:
            played[p.seat].update(p.cards)
    for seat, hand in enumerate(review.hands):
        assert hand is not None and len(hand) == state_rules.hand_size
        have = Counter(hand)
        for r in review.rounds:  # the dealer's take, then every theft or overturn
            if r.seat == seat:
                have += Counter(r.taken)
                have -= Counter(r.buried)
        if review.over:
            assert have == played[seat], f"seat {seat}"
    assert review.kitty is not None and len(review.kitty) == state_rules.kitty_size
    assert review.rounds and review.rounds[0].taken == review.kitty
    assert review.rounds[-1].buried == review.buried
    pack = Counter(c for h in review.hands for c in h) + Counter(review.kitty)
    assert pack == Counter(rules.full_deck(state_rules.decks))
    for trick in review.tricks:
        assert trick.points == rules.points(c for p in trick.plays for c in p.cards)
        assert trick.winner in {p.seat for p in trick.plays}


@pytest.mark.parametrize(
    "preset", ["classic", "one-deck", "four-deck", "find-friends", "three-player"]
)
def test_a_scored_deal_tells_every_hand_the_kitty_and_every_trick(preset: str) -> None:
    state, events = play(preset, 5, lambda s: s.result is not None)
    review = review_for(state, 1)
    assert review == review_of(state.rules, events)  # (the last deal of the events)
    assert review.over and review.scored is not None
    check_deal(review, state.rules)
    won = [e for e in state.log if isinstance(e, TrickWon)]
    assert [t.winner for t in review.tricks] == [e.seat for e in won]
    assert [t.no for t in review.tricks] == [e.trick_no for e in won]
    assert review.scored == next(e for e in state.log if isinstance(e, DealScored))
    leads = [e for e in state.log if isinstance(e, Played) and e.lead]
    assert [t.plays[0].cards for t in review.tricks] == [e.cards for e in leads]


def test_while_the_deal_is_played_a_seat_reviews_its_own_hand_only() -> None:
    state, _ = play("classic", 7, lambda s: s.phase == "playing" and s.trick_no >= 3)
    holder = state.kitty_holder
    assert holder is not None
    for seat in range(4):
        r = review_for(state, seat)
        assert not r.over and r.scored is None
        assert [h is not None for h in r.hands] == [s == seat for s in range(4)]
        if seat == holder:  # it took the kitty and buried it: it knows both
            assert r.kitty is not None and r.buried is not None
            assert Counter(r.buried) == Counter(state.kitty)
        else:
            assert r.kitty is None and r.buried is None
        assert len(r.tricks) >= 3  # the tricks are public
        assert r.tricks == review_for(state, holder).tricks


def test_a_game_is_cut_into_its_deals() -> None:
    state, events = play("one-deck", 9, lambda s: s.deal_no >= 2 and s.phase == "playing")
    deals = reviews_of(state.rules, events)
    assert [d.deal_no for d in deals] == [0, 1, 2]
    for d in deals[:2]:
        assert d.over
        check_deal(d, state.rules)
    assert not deals[2].over
    assert deals[1].dealer == deals[0].next_dealer


def test_a_review_of_no_seat_is_refused() -> None:
    with pytest.raises(ValueError):
        review_for(new_game("classic", 1), 4)
