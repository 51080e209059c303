"""A deal told again (`engine.review`): every hand as dealt, the kitty, each
trick's plays and winner, the result; and what a seat may review while the
deal is played (its own hand only, the kitty only if it took it)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    DealScored,
    FriendCalled,
    FriendRevealed,
    GameState,
    Played,
    TrickWon,
    TrumpNamed,
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
    assert review == review_of(state.rules, events, levels=state.levels)  # (the last deal)
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


# ------------------------------------------- how the deal was set up


@pytest.mark.parametrize(("preset", "seed"), [("eighty-points", 3), ("three-player", 4)])
def test_an_auction_deal_tells_its_auction_naming_and_overturns(preset: str, seed: int) -> None:
    state, events = play(preset, seed, lambda s: s.result is not None)
    review = review_for(state, 0)
    deal = events[max(i for i, e in enumerate(events) if isinstance(e, AuctionStarted)) :]
    won = next(e for e in deal if isinstance(e, AuctionWon))
    named = next(e for e in deal if isinstance(e, TrumpNamed))
    # the dealer and trump are the auction's, not "dealer ?, trump not set"
    assert review.dealer == won.seat == state.dealer
    assert review.trump_set and review.level == named.level
    a = review.auction
    assert a is not None and a.winner == won.seat and a.bid == won.points == state.bid
    calls = [
        (e.seat, e.points if isinstance(e, BidMade) else None)
        for e in deal
        if isinstance(e, (BidMade, BidPassed))
    ]
    assert [(c.seat, c.points) for c in a.calls] == calls
    assert a.opener == next(e for e in deal if isinstance(e, AuctionStarted)).opener
    assert review.naming is not None and review.naming.seat == won.seat
    assert review.naming.suit == named.suit and review.naming.cards == named.cards
    if preset == "three-player":
        assert review.shown_kitty == state.shown_kitty and len(review.shown_kitty) == 3
        # every attacker had its chance to overturn, in play order from the dealer
        assert [o.seat for o in review.overturns][: state.players - 1] == [
            (won.seat + k) % state.players for k in range(1, state.players)
        ][: len(review.overturns)]
        assert review.trump_suit == state.trump_suit
    else:
        assert review.overturns == () and review.shown_kitty == ()
        assert review.trump_suit == named.suit
    assert review.dealer_side == (won.seat,)
    assert review.levels == state.levels
    kinds = [type(e).__name__ for e in review.ending]
    assert "DealScored" in kinds and "KittyRevealed" in kinds
    assert ("DealSettled" in kinds) == (preset == "eighty-points")


def test_a_falling_auction_nobody_bid_in_counts_its_redeals() -> None:
    for seed in range(40):
        state, _ = play("three-player", seed, lambda s: s.phase == "naming_trump")
        if state.attempt:
            review = review_for(state, 0)
            assert review.auction is not None and review.auction.redeals == state.attempt
            return
    raise AssertionError("no redeal in 40 seeds")


def test_a_find_friends_deal_tells_the_call_and_its_reveal() -> None:
    state, _ = play("find-friends", 5, lambda s: s.result is not None)
    review = review_for(state, 2)
    call = next(e for e in state.log if isinstance(e, FriendCalled))
    shown = next(e for e in state.log if isinstance(e, FriendRevealed))
    f = review.friend
    assert f is not None and (f.seat, f.card, f.nth) == (call.seat, call.card, call.nth)
    assert f.alone == shown.alone and f.friend == (None if shown.alone else shown.seat)
    assert review.dealer_side == state.dealer_side
    if f.trick is not None:  # the trick it was shown in holds its copy of the card
        trick = review.tricks[f.trick - 1]
        seat = call.seat if f.alone else f.friend
        assert any(p.seat == seat and call.card in p.cards for p in trick.plays)
