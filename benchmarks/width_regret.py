"""How many candidate plays the hard bot should search: the model's own regret.

    .venv/bin/python benchmarks/width_regret.py --preset three-deck --positions 60

Positions come from normal-against-normal deals (seeds from `--seed`), every
play the hard bot would search that offers more than `--narrow` kinds of play
(`SearchBot.pick_top` up to `--wide`). For each, a big search (`--big-ms` of
work on one worker, the `--wide` candidates) gives each candidate's worth; two
searches at the bot's usual work (`--ms`, other samples), one among the first
`--narrow` candidates and one among all `--wide`, choose; the regret of a
choice is the big search's best mean minus its mean for the chosen play
(levels per decision). This is the search's model judging itself (its biases
are not in it): a screen before the duplicate pairs, not a measure of
strength (benchmarks/results/HISTORY.md: the width it chose).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui.bots.search import SearchBot
from shengji_tui.engine import view_for
from tests.bots.bot_helpers import walk


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=101, help="first deal's seed")
    ap.add_argument("--narrow", type=int, default=8)
    ap.add_argument("--wide", type=int, default=16)
    ap.add_argument("--ms", type=float, default=600.0, help="the usual work (2 workers x 300)")
    ap.add_argument("--big-ms", type=float, default=1800.0)
    a = ap.parse_args()
    pick = SearchBot(seed=1, budget_ms=0, workers=1, top_k=a.wide)
    big = SearchBot(seed=7, budget_ms=a.big_ms, workers=1, guard=False, top_k=a.wide)
    narrow = SearchBot(seed=3, budget_ms=a.ms, workers=1, guard=False, top_k=a.narrow)
    wide = SearchBot(seed=3, budget_ms=a.ms, workers=1, guard=False, top_k=a.wide)
    r_narrow = r_wide = 0.0
    n = beyond = searched = 0
    seed = a.seed
    while n < a.positions:
        for st in walk(a.preset, seed, ["normal"]):
            if n >= a.positions:
                break
            if st.phase != "playing":
                continue
            seat = st.awaiting()
            assert seat is not None
            v = view_for(st, seat)
            cands = pick.candidates(v)
            if len(cands) == 1 or len(v.hand) == len(cands[0][1]):
                continue
            top = pick.sure_losses_out(v, pick.pick_top(v, cands))
            searched += len(top) > 1
            if len(top) <= a.narrow:
                continue
            big.search(v, top, time.perf_counter())
            means: list[float] = big.last_info["means"]
            i = narrow.search(v, top[: a.narrow], time.perf_counter())
            j = wide.search(v, top, time.perf_counter())
            best = max(means)
            r_narrow += best - means[i]
            r_wide += best - means[j]
            beyond += means.index(best) >= a.narrow
            n += 1
            print(
                f"{n}: seed {seed}, {len(top)} kinds, the big search's best #{means.index(best)}; "
                f"regret {a.narrow}: {best - means[i]:.3f}, {a.wide}: {best - means[j]:.3f}",
                flush=True,
            )
        seed += 1
    print(f"{n} of {searched} searched plays offer more than {a.narrow} kinds")
    print(
        f"{n} positions: mean regret with {a.narrow} candidates {r_narrow / n:.4f}, "
        f"with {a.wide} {r_wide / n:.4f} levels/decision; the best beyond the first "
        f"{a.narrow} in {beyond}"
    )


if __name__ == "__main__":
    main()
