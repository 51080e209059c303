"""The tracker's inferences: each one true of the real hands (which only the
test reads), the specific ones the issue names, and sampling that respects them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.bots.sense import TRUMP
from shengji_tui.bots.tracker import Tracker
from shengji_tui.engine import Played, view_for
from shengji_tui.rules import RuleSet, parse_cards

from .bot_helpers import SOLO_3, SOLO_5, walk


def _check_sound(state, tr: Tracker) -> None:  # type: ignore[no-untyped-def]
    sn = tr.sense
    for s in range(state.players):
        if s == tr.seat:
            continue
        hand = Counter(state.hands[s])
        for suit in tr.void[s]:
            assert not any(sn.eff[c.idx] == suit for c in hand), (s, suit, hand)
        ids = Counter(sn.ident[c.idx] for c in hand.elements())
        for ident, cap in tr.cap[s].items():
            assert ids[ident] <= cap, (s, ident, cap)
        assert not (tr.known[s] - hand), (s, tr.known[s], hand)
    # the unseen pool is exactly the other hands plus the (unknown) kitty
    pool = Counter()
    for s in range(state.players):
        if s != tr.seat:
            pool.update(state.hands[s])
    if not tr.my_kitty and state.phase == "playing":
        pool.update(state.kitty)
    assert pool == tr.unseen


@pytest.mark.parametrize(
    "preset,seed",
    [
        ("classic", 3),
        ("classic", 4),
        ("three-deck", 5),
        ("two-color", 6),
        ("four-deck", 7),
        ("six-player", 8),
        (SOLO_3, 9),
        (SOLO_5, 10),
    ],
    ids=lambda p: p if isinstance(p, (str, int)) else p.name,
)
def test_every_inference_holds_for_the_real_hands(preset: str | RuleSet, seed: int) -> None:
    trackers: dict[int, Tracker] = {}
    checked = 0
    for state in walk(preset, seed, ["normal", "easy", "normal", "easy"]):
        if state.phase != "playing":
            continue
        for s in range(state.players):
            v = view_for(state, s)
            tr = trackers.get(s)
            if tr is None or not tr.matches(v):
                tr = trackers[s] = Tracker(v)
            else:
                tr.update(v)
            _check_sound(state, tr)
            checked += 1
    assert checked > 20


def _find(preset: str, seeds: range, pred):  # type: ignore[no-untyped-def]
    for seed in seeds:
        prev = None
        for state in walk(preset, seed, ["easy", "easy", "easy", "easy"]):
            if prev is not None and state.log:
                hit = pred(prev, state)
                if hit is not None:
                    return state, hit
            prev = state
    raise AssertionError("no such moment in the games tried")


def test_a_failed_pair_follow_means_no_pair_left() -> None:
    def pred(prev, state):  # type: ignore[no-untyped-def]
        if len(prev.trick) == 0 or prev.phase != "playing":
            return None
        lead = list(prev.trick[0].cards)
        if len(lead) != 2 or lead[0] != lead[1]:
            return None
        seat = prev.turn
        played = [e for e in state.log[len(prev.log) :] if isinstance(e, Played)]
        if not played:
            return None
        cards = list(played[0].cards)
        sn = Tracker(view_for(prev, (seat + 1) % 4)).sense
        suit = sn.eff[lead[0].idx]
        in_suit = [c for c in prev.hands[seat] if sn.eff[c.idx] == suit]
        if len(in_suit) >= 3 and cards[0] != cards[1]:
            return seat, suit
        return None

    state, (seat, suit) = _find("classic", range(40, 80), pred)
    watcher = (seat + 1) % 4
    tr = Tracker(view_for(state, watcher))
    sn = tr.sense
    idents = {sn.ident[c.idx] for c in rules.full_deck(1) if sn.eff[c.idx] == suit}
    assert all(tr.max_copies(seat, i) <= 1 for i in idents)
    # and nothing in the sampled hands breaks it
    rng = random.Random(1)
    for _ in range(20):
        hands, _ = tr.sample(rng)
        got = Counter(sn.ident[c.idx] for c in hands[seat] if sn.eff[c.idx] == suit)
        assert all(k <= 1 for k in got.values())


def test_a_void_is_recorded_and_samples_respect_every_void() -> None:
    def pred(prev, state):  # type: ignore[no-untyped-def]
        if len(prev.trick) == 0 or prev.phase != "playing":
            return None
        seat = prev.turn
        lead = list(prev.trick[0].cards)
        sn = Tracker(view_for(prev, (seat + 1) % 4)).sense
        suit = sn.eff[lead[0].idx]
        if suit == TRUMP:
            return None
        n_suit = sum(1 for c in prev.hands[seat] if sn.eff[c.idx] == suit)
        if n_suit < len(lead):
            return seat, suit
        return None

    state, (seat, suit) = _find("classic", range(100, 130), pred)
    for watcher in range(4):
        if watcher == seat:
            continue
        tr = Tracker(view_for(state, watcher))
        assert suit in tr.void[seat]
        rng = random.Random(watcher)
        for _ in range(30):
            hands, kitty = tr.sample(rng)
            for s, h in hands.items():
                assert len(h) == len(state.hands[s])
                assert not any(tr.sense.eff[c.idx] in tr.void[s] for c in h)
            total = Counter(kitty)
            for h in hands.values():
                total.update(h)
            assert total == tr.unseen


def test_a_throw_that_stood_caps_the_others() -> None:
    rs = rules.RuleSet.preset("classic")
    ctx = rules.TrumpContext("2", "H")
    units = rules.decompose(rs, ctx, parse_cards("SA SK SK"))
    assert len(units) == 2  # a pair and a single: a throw
    from shengji_tui.bots.sense import Sense

    sn = Sense(rs, ctx)
    tr = Tracker.__new__(Tracker)
    tr.rs, tr.ctx, tr.sense, tr.seat, tr.n = rs, ctx, sn, 1, 4
    tr.cap = [{} for _ in range(4)]
    tr._throw_stood(0, parse_cards("SA SK SK"))
    sa = parse_cards("SA")[0]
    # SA is the top of spades; nobody may hold a spade pair above SK: only SA qualifies
    for s in (2, 3):
        assert tr.cap[s].get(sn.ident[sa.idx]) == 1
    assert tr.cap[1] == {} and tr.cap[0] == {}


def test_the_burier_knows_the_kitty() -> None:
    for state in walk("classic", 8, ["normal"] * 4):
        if state.phase == "playing":
            holder = state.kitty_holder
            assert holder is not None
            tr = Tracker(view_for(state, holder))
            assert tr.my_kitty == Counter(state.kitty)
            assert tr.kitty_unknown() == 0
            other = Tracker(view_for(state, (holder + 1) % 4))
            assert other.kitty_unknown() == len(state.kitty)
            return
    raise AssertionError("no play phase")
