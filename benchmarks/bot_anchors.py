"""The bot levels' fixed ratings (`shengji_tui/players/anchors.py`), measured
from the bot bench's whole matches.

    .venv/bin/python benchmarks/bot_anchors.py --family partners --matches 30 \\
        --hard-matches 4 --log runs_partners.jsonl
    .venv/bin/python benchmarks/bot_anchors.py --from-log runs_partners.jsonl

Per family (classic for fixed partners, find-friends, eighty-points) it plays
duplicate sets of whole matches (`bots_bench.play_set(..., match=40)`: the
same cards once per seat arrangement) between neighbouring levels: easy
against random, normal against easy, hard against normal (`--hard-matches`
sets, its search at `--hard-budget-ms` by work count on one process). Every
run (the levels, A's seats, who won) goes to `--log` as a JSON line, so the
figures can be made again without playing (`--from-log`).

The fit is the rating model's own comparison of two players (Plackett-Luce
for two sides is Bradley-Terry: P(A before B) = 1 / (1 + e^(-(μA - μB)/c)),
c = sqrt(σA² + σB² + 2β²), σ the anchors' 1, β 25/6). With fixed partners a
run is one comparison of the two teams (a team's μ is its two players'
sum); otherwise every seat is a side of its own, and a run compares A's seat
with each seat of B that finished otherwise (one among the winners, the other
not). Per pair of levels: p = (A's wins + 1) / (comparisons + 2) (one win and
one loss added: a pair that always ends one way is still a finite gap), the
gap = c · ln(p / (1 - p)) per player. `normal` is μ 25; the others are
chained from it. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shengji_tui.bench.bots_bench import log_text, play_set
from shengji_tui.players.anchors import ANCHOR_SIGMA
from shengji_tui.players.ratings import MU, sides
from shengji_tui.rules import RuleSet

FAMILY_PRESET = {"partners": "classic", "friends": "find-friends", "auction": "eighty-points"}
PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))
BETA = 25.0 / 6


def _job(args: tuple[str, int, str, str, dict[str, Any]]) -> list[dict[str, Any]]:
    preset, seed, a, b, options = args
    return [
        {
            "preset": preset,
            "seed": seed,
            "a": a,
            "b": b,
            "a_seats": list(r.a_seats),
            "won": list(r.seat_won),
        }
        for r in play_set(preset, seed, a, b, options, match=40)
    ]


def play(
    family: str, matches: int, hard: int, jobs: int, options: dict[str, Any], seed0: int, log: Path
) -> list[dict[str, Any]]:
    preset = FAMILY_PRESET[family]
    work = [
        (preset, seed0 + k, a, b, options if "hard" in (a, b) else {})
        for a, b in PAIRS
        for k in range(hard if "hard" in (a, b) else matches)
    ]
    runs: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max(1, jobs)) as pool, log.open("a") as out:
        for got in pool.map(_job, work):
            for r in got:
                out.write(json.dumps(r) + "\n")
                out.flush()
            runs.extend(got)
    return runs


def fit(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The levels' μ from the runs of one family (see the module docstring)."""
    rules = RuleSet.preset(runs[0]["preset"])
    seat_sides = sides(rules)
    team = len(set(seat_sides)) == 2
    size = rules.players // 2 if team else 1
    # c for two sides of `size` players at σ 1 each
    c = math.sqrt(2 * (size * ANCHOR_SIGMA**2 + BETA**2))
    tally: dict[str, list[int]] = {}
    for r in runs:
        key = f"{r['a']}-{r['b']}"
        w = tally.setdefault(key, [0, 0])
        a_seats, won = r["a_seats"], r["won"]
        if team:
            a_won = won[a_seats[0]]
            b_won = any(won[s] for s in range(len(won)) if s not in a_seats)
            if a_won != b_won:
                w[0] += int(a_won)
                w[1] += 1
            continue
        for s in range(len(won)):
            if s in a_seats or won[s] == won[a_seats[0]]:
                continue
            w[0] += int(won[a_seats[0]])
            w[1] += 1
    gaps = {}
    for key, (wins, n) in tally.items():
        p = (wins + 1) / (n + 2)
        gaps[key] = c * math.log(p / (1 - p)) / size
    mu = {"normal": MU}
    if "normal-easy" in gaps:
        mu["easy"] = MU - gaps["normal-easy"]
        if "easy-random" in gaps:
            mu["random"] = mu["easy"] - gaps["easy-random"]
    if "hard-normal" in gaps:
        mu["hard"] = MU + gaps["hard-normal"]
    return {
        "preset": rules.name,
        "runs": len(runs),
        "comparisons": {k: {"won_by_first": v[0], "of": v[1]} for k, v in tally.items()},
        "gap_per_player": {k: round(g, 2) for k, g in gaps.items()},
        "mu": {k: round(v, 1) for k, v in sorted(mu.items())},
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--family", choices=sorted(FAMILY_PRESET), default="partners")
    p.add_argument("--matches", type=int, default=30, help="duplicate sets per pair (not hard)")
    p.add_argument("--hard-matches", type=int, default=4, help="sets of hard against normal")
    p.add_argument("--hard-budget-ms", type=float, default=60.0, help="(work count, no guard)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--log", type=Path, help="append every run here (JSON lines)")
    p.add_argument("--from-log", type=Path, nargs="+", help="fit these logs, play nothing")
    args = p.parse_args()
    if args.from_log:
        runs = [json.loads(ln) for f in args.from_log for ln in log_text(f).splitlines() if ln]
        print(json.dumps(fit(runs), indent=1))
        return 0
    t0 = time.monotonic()
    options = {"budget_ms": args.hard_budget_ms, "guard": False, "workers": 1}
    log = args.log or Path(f"bot_anchors_{args.family}.jsonl")
    runs = play(args.family, args.matches, args.hard_matches, args.jobs, options, args.seed, log)
    out = fit(runs)
    out["seconds"] = round(time.monotonic() - t0, 1)
    out["log"] = str(log)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
