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
from shengji_tui.bots.sense import Sense
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


# The policy's own choices (classic, level 2, hearts trump; seats 0 and 2
# attack, 1 and 3 hold the deal): a hand-made position, the play expected.
def sim_of(hands: list[str], trick: list[tuple[int, str]], leader: int) -> Sim:
    rs = rules.RuleSet.preset("classic")
    sn = Sense(rs, rules.TrumpContext("2", "H"))
    return Sim(
        sn,
        [rules.parse_cards(h) if h else [] for h in hands],
        [(s, rules.parse_cards(p)) for s, p in trick],
        leader,
        [0, 0, 0, 0],
        {0, 2},
        [],
    )


POLICY_FOLLOWS = [
    # (why, hands of seats 0-3, the trick so far, the seat, its play)
    (
        "follows low under an opponent still to play with the ace",
        ["SK S3 C4", "S9 C5", "SQ S4 C6", "SA C7"],
        [(1, "S9")],
        0,
        "S3",
    ),
    (
        "feeds points to a partner nobody after it can beat",
        ["SK S3 C4", "S9 C5", "SA C6", "S4 C7"],
        [(2, "SA"), (3, "S4")],
        0,
        "SK",
    ),
    (
        "takes a trick holding points when nobody after it can beat it",
        ["SA S3 C4", "S10 C5", "S6 C6", "SK C7"],
        [(1, "S10")],
        0,
        "SA",
    ),
    (
        "ruffs a trick holding ten points with its lowest trump",
        ["C4 H5 HA", "S10 C5", "S6 C6", "S7 C7"],
        [(1, "S10")],
        0,
        "H5",
    ),
]


@pytest.mark.parametrize(
    ("why", "hands", "trick", "seat", "play"), POLICY_FOLLOWS, ids=[c[0] for c in POLICY_FOLLOWS]
)
def test_rollout_follow_policy(
    why: str, hands: list[str], trick: list[tuple[int, str]], seat: int, play: str
) -> None:
    sim = sim_of(hands, trick, trick[0][0])
    assert fast_follow(sim, seat) == rules.parse_cards(play), why
