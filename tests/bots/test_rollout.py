"""The hard bot's rollouts (bots/rollout.py) against the rules: every play the
fast policy makes is legal, and the trick goes where `rules.trick_winner` says
(its fast comparisons of singles and tuples included), on sampled deals of
every preset with fixed sides."""

from __future__ import annotations

import random

import pytest

from shengji_tui import rules
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.rollout import Sim, fast_follow, fast_lead
from shengji_tui.bots.tracker import sample_spec
from shengji_tui.engine import view_for

from .bot_helpers import walk

PRESETS = ("classic", "one-deck", "two-color", "three-deck", "four-deck", "six-player")


@pytest.mark.parametrize("preset", PRESETS)
def test_rollout_plays_are_legal_and_tricks_go_to_the_rules_winner(preset: str) -> None:
    checked = 0
    for k, state in enumerate(walk(preset, 13, ["normal"])):
        if state.phase != "playing" or k % 5:
            continue
        seat = state.awaiting()
        assert seat is not None
        view = view_for(state, seat)
        tr = PlaybookBot(seed=0).tracker(view)
        sn = tr.sense
        n = state.players
        hands_map, kitty = sample_spec(tr.spec(), sn, random.Random(k))
        hands = [list(view.hand) if s == seat else list(hands_map[s]) for s in range(n)]
        trick = [(p.seat, list(p.cards)) for p in view.trick]
        leader = trick[0][0] if trick else seat
        attackers = {s for s in range(n) if s not in view.dealer_side}
        sim = Sim(sn, hands, trick, leader, list(view.points_by_seat), attackers, kitty)
        while any(sim.hands):
            s = sim.turn()
            plays = [p for _, p in sim.trick]
            if plays:
                play = fast_follow(sim, s)
                verdict = rules.check_follow(view.rules, sn.ctx, sim.hands[s], plays[0], play)
                assert verdict.ok, (preset, plays, play, verdict.reason)
            else:
                play = fast_lead(sim, s)
                assert len(sn.decompose(play)) == 1  # one unit: always a legal lead
            seats = [x for x, _ in sim.trick] + [s]
            sim.apply(s, play)
            if not sim.trick:  # the trick is over: the rules' winner leads next
                w = rules.trick_winner(view.rules, sn.ctx, [*plays, play])
                assert sim.leader == seats[w]
            checked += 1
    assert checked > 100


def _sim_at_seat_2(hand: str, trick: list[tuple[int, str]]) -> Sim:
    """Classic, hearts trumps at 2; seats 0 and 2 defend, 1 and 3 attack; seat 2
    holds `hand` and is to follow `trick`."""
    from shengji_tui.bots.sense import Sense
    from shengji_tui.rules import RuleSet, TrumpContext, parse_cards

    sn = Sense(RuleSet.preset("classic"), TrumpContext("2", "H"))
    hands = [parse_cards("C3 C4"), parse_cards("C5 C6"), parse_cards(hand), parse_cards("D3 D4")]
    plays = [(s, parse_cards(p)) for s, p in trick]
    return Sim(sn, hands, plays, plays[0][0], [0, 0, 0, 0], {1, 3}, [])


def test_a_follow_feeds_its_partner_points_beyond_the_first_legal_follows() -> None:
    # 36 legal pairs of spades; the first twelve hold S4 or S5: the best of them
    # gives 15 points (S5 S10), the hand's best 20 (S10 SK)
    sim = _sim_at_seat_2("S4 S5 S7 S8 S9 S10 SJ SQ SK", [(0, "SA SA"), (1, "S3 S6")])
    assert sorted(map(str, fast_follow(sim, 2))) == ["S10", "SK"]


def test_a_losing_follow_keeps_its_level_card_beyond_the_first_legal_follows() -> None:
    # every one of the first twelve pairs of trumps holds S2 (a level card, first
    # in card order): the cheapest follow is H3 H4
    sim = _sim_at_seat_2("S2 H3 H4 H6 H7 H8 H9 HJ HQ HA D2 C2 LJ", [(1, "BJ BJ")])
    assert sim.turn() == 2
    assert sorted(map(str, fast_follow(sim, 2))) == ["H3", "H4"]
