"""The card counter without Textual: a seat's view in, the count out
(`tui.aids.count.count_cards`). Checked against the engine's whole state on
whole deals of several presets: what is out is exactly the other hands (and
the kitty, to a seat that did not bury it), and every void shown is real."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.engine import GameState, Played, TrumpSet, new_game, view_for
from shengji_tui.rules import Card, TrumpContext
from shengji_tui.table.plan import plan
from shengji_tui.tui.aids.count import count_cards, shown_voids, suit_labels, tricks_of

from . import states as S


def ctx_of(state: GameState) -> TrumpContext:
    return TrumpContext(state.level, state.trump_suit)


def unseen(state: GameState, seat: int) -> Counter[Card]:
    """What the seat cannot see: the other hands, the stock, and the kitty unless
    it buried it (or the deal is over)."""
    out: Counter[Card] = Counter()
    for s, hand in enumerate(state.hands):
        if s != seat:
            out.update(hand)
    out.update(state.stock)
    v = view_for(state, seat)
    if v.kitty is None:
        out.update(state.kitty)
    return out


def check_count(state: GameState, seat: int) -> None:
    view = view_for(state, seat)
    ctx = ctx_of(state)
    count = count_cards(view, ctx)
    order = rules.compiled(state.rules, ctx)
    got: Counter[Card] = Counter(c for s in count.suits for c in s.out)
    assert got == unseen(state, seat)
    assert count.cards_out == sum(got.values())
    assert count.points_out == rules.points(list(got.elements()))
    for s in count.suits:
        assert all(order.label(c) == s.suit for c in s.out)
        strengths = [order.strength(c) for c in s.out]
        assert strengths == sorted(strengths, reverse=True)
        assert s.points == rules.points(s.out)
        for void_seat in s.void:  # a void shown is a void: the seat holds none of it now
            assert not any(order.label(c) == s.suit for c in state.hands[void_seat])
    assert count.suits[-1].suit == "T"


@pytest.mark.parametrize("preset", ["classic", "two-color", "four-deck", "find-friends"])
def test_the_count_is_what_the_seat_cannot_see_through_a_whole_deal(preset: str) -> None:
    state = new_game(preset, 4)
    players = state.rules.players
    b = S.bots(3, tuple(range(players)))
    seen_void = False
    for _ in range(5000):
        if state.trump_set:
            for seat in range(players):
                check_count(state, seat)
            count = count_cards(view_for(state, 0), ctx_of(state))
            seen_void = seen_void or any(s.void for s in count.suits)
        if state.phase in ("scoring", "finished"):
            break
        step = plan(state, b, all_bots=True)
        assert step is not None
        state = step.state
    assert state.phase in ("scoring", "finished")
    assert seen_void  # (random bots run out of suits over a whole deal)


def test_a_void_is_the_seat_that_did_not_follow_the_led_suit() -> None:
    state = S.scored_state()
    ctx = ctx_of(state)
    order = rules.compiled(state.rules, ctx)
    tricks = tricks_of(view_for(state, 0).log)
    assert len(tricks) == state.trick_no
    expected: dict[str, set[int]] = {}
    for trick in tricks:
        led = order.label(trick[0].cards[0])
        for p in trick[1:]:
            if {order.label(c) for c in p.cards} != {led}:
                expected.setdefault(led, set()).add(p.seat)
    assert shown_voids(order, tricks) == expected
    count = count_cards(view_for(state, 1), ctx)
    for label, seats in expected.items():
        got = count.suit(label)
        assert got is not None and set(got.void) == seats
        for s in seats:
            assert label in count.voids_of(s)


def test_the_burier_knows_the_kitty_and_the_others_do_not() -> None:
    state = S.following_state()
    holder = state.kitty_holder
    assert holder == 0
    ctx = ctx_of(state)
    mine = count_cards(view_for(state, 0), ctx)
    theirs = count_cards(view_for(state, 1), ctx)
    assert Counter(mine.kitty) == Counter(state.kitty)
    assert theirs.kitty == ()
    out_1: Counter[Card] = Counter(c for s in theirs.suits for c in s.out)
    # seat 1 counts the kitty as out (it may be anywhere it cannot see)
    assert all(out_1[c] >= n for c, n in Counter(state.kitty).items())


def test_trumps_are_one_suit_in_the_current_context() -> None:
    state = S.following_state()
    ctx = ctx_of(state)
    count = count_cards(view_for(state, 0), ctx)
    labels = [s.suit for s in count.suits]
    assert labels == suit_labels(rules.compiled(state.rules, ctx))
    assert labels[-1] == "T" and len(labels) == len(set(labels))
    trumps = count.suit("T")
    assert trumps is not None
    assert all(rules.is_trump(state.rules, ctx, c) for c in trumps.out)
    if state.trump_suit is not None:  # the trump suit's side group is gone
        assert state.trump_suit.value not in labels
    # the jokers are out unless the seat holds them (or they were played)
    jokers = [c for c in trumps.out if c.suit is None]
    assert len(jokers) + sum(1 for c in state.hands[0] if c.suit is None) <= 2 * state.rules.decks


def test_no_trump_has_four_side_suits_and_the_trumps() -> None:
    state = S.following_state()
    ctx = TrumpContext(state.level, None)
    labels = [s.suit for s in count_cards(view_for(state, 0), ctx).suits]
    assert labels == ["S", "H", "C", "D", "T"]


def test_the_count_reads_the_public_log_only() -> None:
    # nothing else of the view is asked: two views with the same hand, log and
    # kitty give the same count whatever the other fields say
    state = S.following_state()
    view = view_for(state, 2)
    ctx = ctx_of(state)
    blank = view.model_copy(update={"trick": (), "last_trick": (), "points_by_seat": (0,) * 4})
    assert count_cards(blank, ctx) == count_cards(view, ctx)
    plays = sum(len(e.cards) for e in view.log if isinstance(e, Played))
    assert count_cards(view, ctx).played == plays
    assert any(isinstance(e, TrumpSet) for e in view.log)
