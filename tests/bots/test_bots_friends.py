"""Bots at find friends (docs/rules.md §10): every level plays whole matches with
only legal commands; the dealer's call leaves the friend something to do; the
sides a bot counts on before the reveal are only the ones it can know."""

from __future__ import annotations

import logging
from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.bots import BotOptions, BotSpec, bot_level
from shengji_tui.bots.base import side_of, sides_settled
from shengji_tui.bots.friends import (
    best_call,
    call_options,
    easy_call,
    friend_candidates,
    known_partners,
    random_call,
)
from shengji_tui.bots.tracker import Tracker
from shengji_tui.engine import CallFriend, GameState, Play, apply, view_for
from shengji_tui.engine.events import FriendCalled
from shengji_tui.rules import RuleSet
from shengji_tui.table import run_headless

from .bot_helpers import bots_for, walk
from .friends_states import calling

FF = RuleSet.preset("find-friends")
FF5 = RuleSet.preset("find-friends-5")
NTH = FF.model_copy(update={"friend_rule": "nth_played"})
NTH5 = FF5.model_copy(update={"friend_rule": "nth_played"})
FIVE_2 = RuleSet.from_dict({"preset": "find-friends", "players": 5})


@pytest.mark.parametrize(
    "rs", [FF, FF5, NTH, NTH5, FIVE_2], ids=["ff", "ff-5", "nth", "nth-5", "five-2-decks"]
)
def test_every_level_plays_whole_matches_legally(
    rs: RuleSet, caplog: pytest.LogCaptureFixture
) -> None:
    levels = ["random", "easy", "normal", "hard", "normal"]
    fast = BotOptions(budget_ms=4, workers=1)
    bots = {
        s: BotSpec(
            level=bot_level(lv),
            seed=40 + s,
            name=lv,
            options=fast if lv == "hard" else BotOptions(),
        ).make()
        for s, lv in enumerate(levels[: rs.players])
    }
    with caplog.at_level(logging.WARNING, logger="shengji_tui.table"):
        run = run_headless(rs, 6, bots)
    assert run.state.phase == "finished"
    assert not [r.getMessage() for r in caplog.records], "a bot was refused or failed"
    calls = [e for evs in run.events for e in evs if isinstance(e, FriendCalled)]
    assert len(calls) == run.state.deal_no + 1


def calls_made(rs: RuleSet, levels: list[str], seeds: range) -> list[tuple[GameState, CallFriend]]:
    out = []
    for seed in seeds:
        bots = bots_for(levels, seed, rs.players)
        for state in walk(rs, seed, levels):
            if state.phase == "calling":
                assert state.dealer is not None
                cmd = bots[state.dealer].decide(view_for(state, state.dealer))
                assert isinstance(cmd, CallFriend)
                out.append((state, cmd))
                break  # the first deal's call is all these tests need
    return out


@pytest.mark.parametrize("rs", [FF, FF5, NTH, NTH5], ids=["ff", "ff-5", "nth", "nth-5"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_call_leaves_the_friend_something_to_do(rs: RuleSet, level: str) -> None:
    made = calls_made(rs, [level] * rs.players, range(6))
    assert len(made) == 6
    tops = 0
    for state, cmd in made:
        assert rules.check_friend_call(rs, cmd.card, cmd.nth).ok
        dealer = state.dealer
        assert dealer is not None
        card = rules.parse_card(cmd.card)
        held = state.hands[dealer].count(card)
        buried = state.kitty.count(card)
        assert held + buried < rs.decks, "a call the dealer holds every copy of"
        if rs.friend_rule == "nth_played":
            assert cmd.nth == held + 1 and cmd.nth <= rs.decks - buried
        # and it is a boss card: an ace of a side suit, or a top trump
        o = rules.compiled(rs, state.ctx)
        tops += o.pos[card.idx] == o.npos[o.eff[card.idx]] - 1
        ok, _ = apply(state, cmd)
        assert ok.phase == "playing"
    assert tops >= len(made) - 1


def test_the_normal_call_prefers_the_other_copy_of_an_ace_it_holds() -> None:
    for state, cmd in calls_made(FF, ["normal"] * 4, range(8)):
        dealer = state.dealer
        assert dealer is not None
        view = view_for(state, dealer)
        best = call_options(view)[0]
        assert cmd == best_call(view) and cmd.card == str(best[1])
        hand = Counter(state.hands[dealer])
        held_aces = [
            c
            for c, k in hand.items()
            if k == 1 and c.rank.value == "A" and not rules.is_trump(FF, state.ctx, c)
        ]
        if held_aces and state.level != "A":
            assert hand[rules.parse_card(cmd.card)] == 1, (held_aces, cmd)


def test_random_and_easy_calls_are_legal() -> None:
    import random

    for state, _ in calls_made(NTH5, ["easy"] * 5, range(3)):
        assert state.dealer is not None
        view = view_for(state, state.dealer)
        for k in range(20):
            rc = random_call(view, random.Random(k))
            assert rules.check_friend_call(NTH5, rc.card, rc.nth).ok
            ec = easy_call(view, random.Random(k))
            assert rules.check_friend_call(NTH5, ec.card, ec.nth).ok


# ------------------------------------------------------ sides before the reveal


@pytest.fixture
def holder_state() -> GameState:
    s = calling(FF, {0: "HA H3 S9", 1: "H4 C5 C6", 2: "HA H6 C7", 3: "D8 D9 C8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    return s


def test_before_the_reveal_the_friend_knows_only_what_its_hand_proves(
    holder_state: GameState,
) -> None:
    s = holder_state
    views = [view_for(s, seat) for seat in range(4)]
    assert not any(sides_settled(v) for v in views)
    assert side_of(views[0], 0) == {0}
    # seat 2 holds HA, but seat 1 (between the dealer and it) may hold the other
    assert side_of(views[2], 2) == {2}
    assert friend_candidates(views[2], Tracker(views[2])) == {1, 2}
    assert known_partners(views[2], Tracker(views[2]), side_of(views[2], 2)) == {2}
    assert side_of(views[1], 1) == {1} and side_of(views[3], 3) == {3}
    # the dealer cannot tell 1, 2 and 3 apart yet
    assert friend_candidates(views[0], Tracker(views[0])) == {1, 2, 3}


def test_the_tracker_narrows_the_friend_down(holder_state: GameState) -> None:
    s = holder_state
    for seat, cards in [(0, "H3"), (1, "H4"), (2, "H6"), (3, "D8")]:
        s, _ = apply(s, Play(seat=seat, cards=cards))
    v1 = view_for(s, 1)
    tr1 = Tracker(v1)
    # seat 3 showed it has no heart: it is not the friend, so it attacks with seat 1
    assert friend_candidates(v1, tr1) == {2}
    assert known_partners(v1, tr1, side_of(v1, 1)) == {1, 3}
    v0 = view_for(s, 0)
    tr0 = Tracker(v0)
    assert friend_candidates(v0, tr0) == {1, 2}
    assert known_partners(v0, tr0, side_of(v0, 0)) == {0}
    # seat 1 followed hearts: seat 2 still cannot tell whether it holds the other HA
    v2 = view_for(s, 2)
    assert friend_candidates(v2, Tracker(v2)) == {1, 2} and side_of(v2, 2) == {2}


def test_a_farther_holder_counts_itself_among_the_candidates() -> None:
    # dealer 0 holds none: seat 1 is the friend (it sits first: it knows); seat 3
    # holds a copy and cannot tell whether seat 1 or 2 holds the other
    s = calling(FF, {0: "H3 S9", 1: "HA C5", 2: "H6 C7", 3: "HA D8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    v3 = view_for(s, 3)
    assert friend_candidates(v3, Tracker(v3)) == {1, 2, 3}
    assert known_partners(v3, Tracker(v3), side_of(v3, 3)) == {3}
    assert side_of(view_for(s, 1), 1) == {0, 1}


def test_after_the_reveal_the_sides_are_the_revealed_ones(holder_state: GameState) -> None:
    s = holder_state
    for seat, cards in [(0, "H3"), (1, "H4"), (2, "HA"), (3, "D8")]:
        s, _ = apply(s, Play(seat=seat, cards=cards))
    for seat in range(4):
        v = view_for(s, seat)
        assert sides_settled(v)
        assert side_of(v, seat) == ({0, 2} if seat in (0, 2) else {1, 3})
        assert known_partners(v, Tracker(v), side_of(v, seat)) == side_of(v, seat)
