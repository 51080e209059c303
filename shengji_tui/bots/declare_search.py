"""The hard bot's declaration in the declaring window (every card dealt, the
last chance to declare or overturn) and its kitty theft (炒底): each choice —
pass, or one of the declarations the rules allow — is played out over the same
sampled deals.

A sample deals the cards this seat cannot see to the others' hands and the
kitty (the tracker's sampling: known declaration cards stay where they are).
For a choice the trump is its suit (pass: the standing declaration's), the
dealer is the declarer on the first deal (pass: the standing declarer) or the
match's dealer later; the dealer takes the kitty and buries its cheapest cards
(trumps, pairs and each suit's top card kept, as the playbook values them),
and the deal is played by the rollout policy with the cut-off evaluation.
Nobody declares after this seat in the model: it asks what its choice is
worth if it stands.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

from ..engine import SeatView
from ..rules import Card, RuleSet, TrumpContext
from .playbook import declared_suit
from .rollout import Sim
from .sense import Sense
from .tracker import Tracker, sample_spec

# a rollout's set-up here (the dealer's hand and kitty, the bury) in rollout steps of time
ROLLOUT_STEPS = 40


def quick_bury(sn: Sense, hand: list[Card], k: int) -> list[Card]:
    """The `k` cards a dealer would bury first: low side cards, no trumps, pairs
    or top cards where it can help it (the playbook's keep values, no search)."""
    ids = sn.ident_counts(hand)

    def keep(c: Card) -> float:
        v = 1.5 * sn.rel(c) + 0.35 * c.points
        if sn.is_trump(c):
            v += 10.0
        if ids[sn.ident[c.idx]] >= 2:
            v += 3.0
        if sn.pos[c.idx] == sn.npos[sn.eff[c.idx]] - 1:
            v += 3.0
        return v

    return sorted(hand, key=lambda c: (keep(c), c.idx))[:k]


def choose_declaration(
    view: SeatView,
    tracker: Tracker,
    options: list[list[Card] | None],
    seed: str,
    max_steps: int,
    deadline: float,
    horizon: int,
    utility: Callable[[RuleSet, int, bool], float],
    choose: Callable[[list[list[float]], int], int],
    theft: bool = False,
) -> tuple[int, list[list[float]], int]:
    """The index of the best of `options` (None: pass), the rows of sampled
    outcomes (one row per sample, one value per option) and the steps spent; `utility` scores a
    deal's attacker points for a side, `choose` picks from the rows (the
    search's own, passed in). `theft`: kitty theft (炒底) — a steal takes the
    (sampled) kitty to bury under the new trump, and on the first deal makes
    this seat the dealer; a pass leaves trump, dealer and kitty as they are."""
    rs = view.rules
    n = rs.players
    me = view.seat
    hand = list(view.hand)
    st = view.standing
    spec = tracker.spec()
    senses: list[Sense] = []
    dealers: list[int] = []
    takers: list[int | None] = []  # who takes the kitty and buries (None: nobody now)
    for opt in options:
        if opt is None:
            assert st is not None
            suit = declared_suit(rs, view.level, list(st.cards))
            declarer = st.seat
        else:
            suit = declared_suit(rs, view.level, opt)
            declarer = me
        senses.append(Sense(rs, TrumpContext(view.level, suit)))  # type: ignore[arg-type]
        if theft:
            first = view.deal_no == 0 and opt is not None
            assert view.dealer is not None
            dealers.append(me if first else view.dealer)
            takers.append(None if opt is None else me)
        else:
            dealer = view.dealer if view.dealer is not None else declarer
            dealers.append(dealer)
            takers.append(dealer)
    rows: list[list[float]] = []
    steps = 0
    i = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{i}")
        i += 1
        try:
            others, kitty = sample_spec(spec, tracker.sense, rng)
        except RuntimeError:
            break
        row: list[float] = []
        for sn, dealer, taker in zip(senses, dealers, takers, strict=True):
            hands = [list(hand) if s == me else list(others[s]) for s in range(n)]
            bury = list(kitty)
            if taker is not None:
                full = hands[taker] + kitty
                bury = quick_bury(sn, full, len(kitty))
                hands[taker] = list((Counter(full) - Counter(bury)).elements())
            team = view.teams[dealer]
            attackers = {s for s in range(n) if view.teams[s] != team}
            sim = Sim(sn, hands, [], dealer, [0] * n, attackers, bury)
            sim.run(0.0, horizon)
            steps += sim.steps + ROLLOUT_STEPS
            if sim.finished():
                pts = float(sim.attacker_points(0))
                spread = 0.0
            else:
                pts, spread = sim.expected_attacker_points(0, rs.hand_size)
            me_attacks = me in attackers
            total = 0.0
            for d in (-spread, 0.0, spread):
                total += utility(rs, max(0, round(pts + d)), me_attacks)
            row.append(total / 3.0)
        rows.append(row)
    if len(rows) < 2:
        return 0, rows, steps
    return choose(rows, len(options)), rows, steps
