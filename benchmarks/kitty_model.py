"""How well the hard bot's samples model the buried kitty and the dealer's hand.

    .venv/bin/python benchmarks/kitty_model.py --preset three-deck --deals 60
    .venv/bin/python benchmarks/kitty_model.py --preset classic --deals 100 --hard-bury

For each deal (seeds 0, 1, ...) the normal bot plays every seat up to the
first lead (`--hard-bury`: the hard bot, 300 ms, buries). An attacker's
tracker then samples the hidden cards (`--samples` times, as the search does)
and the script prints, beside the true deal (which only this test driver
reads), the mean over deals of: the kitty's points, its trumps and its high
side cards (in the top 30% of their suit), and the dealer's trumps and points.
A model that fits gives the same figures on both sides (docs/bots.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence

from shengji_tui import rules
from shengji_tui.bots.base import Bot
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.search import SearchBot
from shengji_tui.bots.sense import TRUMP, Sense
from shengji_tui.bots.tracker import Tracker, sample_spec
from shengji_tui.engine import new_game, view_for
from shengji_tui.rules import Card, RuleSet, TrumpContext
from shengji_tui.table.plan import plan

ROWS = ("kitty points", "kitty trumps", "kitty high cards", "dealer trumps", "dealer points")


def figures(sn: Sense, kitty: Sequence[Card], dealer: Sequence[Card]) -> list[float]:
    high = sum(1 for c in kitty if sn.eff[c.idx] != TRUMP and sn.rel(c) > 0.7)
    return [
        float(rules.points(kitty)),
        float(sum(sn.is_trump(c) for c in kitty)),
        float(high),
        float(sum(sn.is_trump(c) for c in dealer)),
        float(rules.points(dealer)),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--hard-bury", action="store_true")
    a = ap.parse_args()
    rs = RuleSet.preset(a.preset)
    true_rows: list[list[float]] = []
    sampled_rows: list[list[float]] = []
    for seed in range(a.deals):
        state = new_game(rs, seed)
        bots: dict[int, Bot] = {s: PlaybookBot(seed=seed * 8 + s) for s in range(rs.players)}
        bury_bots = bots
        if a.hard_bury:
            bury_bots = {
                s: SearchBot(seed=seed * 8 + s, budget_ms=300, guard=False)
                for s in range(rs.players)
            }
        while not (state.phase == "playing" and state.trick_no == 0 and not state.trick):
            step = plan(state, bury_bots if state.phase == "burying" else bots, all_bots=True)
            assert step is not None
            state = step.state
        dealer = state.kitty_holder
        assert dealer is not None
        sn = Sense(rs, TrumpContext(state.level, state.trump_suit))
        watcher = min(state.attackers)
        spec = Tracker(view_for(state, watcher)).spec()
        rng = random.Random(seed)
        true_rows.append(figures(sn, state.kitty, state.hands[dealer]))
        per: list[list[float]] = []
        for _ in range(a.samples):
            hands, kitty = sample_spec(spec, sn, rng)
            per.append(figures(sn, kitty, hands[dealer]))
        sampled_rows.append([statistics.mean(col) for col in zip(*per, strict=True)])
    print(f"{a.preset}, {a.deals} deals ({'hard' if a.hard_bury else 'normal'} bury)")
    print(f"{'':18s} {'true':>7s} {'sampled':>8s}")
    for i, name in enumerate(ROWS):
        t = statistics.mean(r[i] for r in true_rows)
        s = statistics.mean(r[i] for r in sampled_rows)
        print(f"{name:18s} {t:7.2f} {s:8.2f}")


if __name__ == "__main__":
    main()
