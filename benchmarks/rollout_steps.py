"""The hard bot's rollout cost: microseconds of CPU per rollout step.

    .venv/bin/python benchmarks/rollout_steps.py --preset three-deck
    PYTHONPATH=/tmp/old .venv/bin/python benchmarks/rollout_steps.py   # an old commit

The first deals of `--deals` seeds are declared and buried by the playbook;
from each first lead the fast policy (`rollout.Sim`) plays the whole deal out
`--repeats` times on the true hands (the search plays it on sampled ones, with
the same code per step). A step is one play of one seat, the unit of the
search's work count, so a slower step means fewer samples within a budget. The
CPU time (`process_time`) counts, not the wall clock: run the old and the new
commit alternately, a few times each, and compare the medians (as in
benchmarks/results/HISTORY.md: the rollout-policy rows).
"""

from __future__ import annotations

import argparse
import time

from shengji_tui.bots.base import Bot
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.rollout import Sim
from shengji_tui.bots.sense import Sense
from shengji_tui.engine import GameState, new_game
from shengji_tui.rules import RuleSet, TrumpContext
from shengji_tui.table.plan import plan


def first_lead(rs: RuleSet, seed: int) -> GameState:
    st = new_game(rs, seed)
    bots: dict[int, Bot] = {s: PlaybookBot(seed * 8 + s) for s in range(rs.players)}
    while st.phase != "playing":
        step = plan(st, bots, all_bots=True)
        assert step is not None
        st = step.state
    return st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=30)
    a = ap.parse_args()
    rs = RuleSet.preset(a.preset)
    starts = [first_lead(rs, seed) for seed in range(1, a.deals + 1)]
    steps = 0
    t0 = time.process_time()
    for st in starts:
        assert st.dealer is not None
        sn = Sense(st.rules, TrumpContext(st.level, st.trump_suit))
        attackers = {s for s in range(rs.players) if s not in st.dealer_side}
        for _ in range(a.repeats):
            hands = [list(h) for h in st.hands]
            sim = Sim(sn, hands, [], st.dealer, [0] * rs.players, attackers, list(st.kitty))
            sim.run(0.0, 0)
            steps += sim.steps
    dt = time.process_time() - t0
    print(f"{a.preset}: {dt / steps * 1e6:.2f} µs/step ({steps} steps, {dt:.2f} s CPU)")


if __name__ == "__main__":
    main()
