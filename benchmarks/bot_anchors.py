"""The bot levels' fixed ratings (`shengji_tui/players/anchors.py`), measured
by the bot bench's whole matches and rated as the server rates a match.

    .venv/bin/python benchmarks/bot_anchors.py --matches 60 --hard-matches 12 --jobs 1

Per family (classic for fixed partners, find-friends, eighty-points) it plays
duplicate sets of whole matches (`bots_bench.play_set(..., match=40)`: the
same cards once per seat arrangement) between neighbouring levels: random
against easy, easy against normal, hard against normal (`--hard-matches`
sets, its search at `--hard-budget-ms` by work count on one process).
The matches, shuffled, are rated one after another by `players.ratings.rate`
with `normal` held fixed at μ 25 (the scale's anchor) and the other levels
learnt from it, as players' ratings are; the levels' μ after every match of
every pair is what `anchors.py` records (rounded to 0.1), with the command and
the number of matches beside it. Prints JSON (also the win rates per pair).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shengji_tui.bench.bots_bench import RunResult, play_set
from shengji_tui.players.ratings import MU, Rating, rate, sides
from shengji_tui.rules import RuleSet

FAMILY_PRESET = {"partners": "classic", "friends": "find-friends", "auction": "eighty-points"}


def _job(args: tuple[str, int, str, str, dict[str, Any]]) -> tuple[str, str, list[RunResult]]:
    preset, seed, a, b, options = args
    return a, b, list(play_set(preset, seed, a, b, options, match=40))


def measure(
    family: str,
    matches: int,
    jobs: int,
    hard: int,
    options: dict[str, Any],
    seed0: int,
) -> dict[str, Any]:
    preset = FAMILY_PRESET[family]
    rules = RuleSet.preset(preset)
    pairs = [("easy", "random"), ("normal", "easy")] + ([("hard", "normal")] if hard else [])
    work = [
        (preset, seed0 + k, a, b, options if "hard" in (a, b) else {})
        for a, b in pairs
        for k in range(hard if "hard" in (a, b) else matches)
    ]
    t0 = time.monotonic()
    played: list[tuple[str, str, RunResult]] = []
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        for a, b, runs in pool.map(_job, work):
            played.extend((a, b, r) for r in runs)
    random.Random(seed0).shuffle(played)
    levels = {lv for p in pairs for lv in p}
    ratings = {lv: Rating() for lv in levels}
    ratings["normal"] = Rating(MU, 1.0)
    wins: dict[str, list[int]] = {f"{a}-{b}": [0, 0] for a, b in pairs}
    seat_sides = sides(rules)
    for a, b, run in played:
        seat_levels = [a if s in run.a_seats else b for s in range(rules.players)]
        winners = [s for s, w in enumerate(run.seat_won) if w]
        before = [ratings[lv] for lv in seat_levels]
        fixed = [lv == "normal" for lv in seat_levels]
        after = rate(before, seat_sides, winners, fixed)
        # a level at several seats: the mean of its seats' new ratings
        for lv in set(seat_levels):
            if lv == "normal":
                continue
            got = [after[s] for s in range(rules.players) if seat_levels[s] == lv]
            ratings[lv] = Rating(
                sum(r.mu for r in got) / len(got),
                sum(r.sigma for r in got) / len(got),
                ratings[lv].matches + 1,
            )
        w = wins[f"{a}-{b}"]
        w[0] += int(run.a_won)
        w[1] += 1
    return {
        "family": family,
        "preset": preset,
        "sets_per_pair": {f"{a}-{b}": hard if "hard" in (a, b) else matches for a, b in pairs},
        "runs": len(played),
        "seconds": round(time.monotonic() - t0, 1),
        "mu": {lv: round(r.mu, 1) for lv, r in sorted(ratings.items())},
        "sigma": {lv: round(r.sigma, 2) for lv, r in sorted(ratings.items())},
        "win_rate_of_first": {k: round(v[0] / max(1, v[1]), 3) for k, v in wins.items()},
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--matches", type=int, default=60, help="duplicate sets per pair of levels")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument(
        "--hard-matches",
        type=int,
        default=12,
        help="duplicate sets of hard against normal (0: none)",
    )
    p.add_argument("--hard-budget-ms", type=float, default=60.0, help="(work count, no guard)")
    p.add_argument("--family", action="append", choices=sorted(FAMILY_PRESET))
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    options = {"budget_ms": args.hard_budget_ms, "guard": False, "workers": 1}
    out = [
        measure(f, args.matches, args.jobs, args.hard_matches, options, args.seed)
        for f in (args.family or list(FAMILY_PRESET))
    ]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
