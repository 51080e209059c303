"""What taking the deal over is worth, in levels, from bench logs.

    .venv/bin/shengji bench bots --a normal --b normal --preset three-deck \\
        --seed 1 --deals 600 --log /tmp/nn.jsonl
    .venv/bin/python benchmarks/takeover_value.py /tmp/nn.jsonl

Over a match, a side that deals gains g levels a deal more than the other side
(the dealer side's levels minus the attackers', per deal) and keeps the deal
with chance p. Holding the deal is worth D = g + p·D − (1 − p)·D to it (the
other side's worth being −D), so D = g / (2 (1 − p)), and a take-over, from −D
to +D, is worth 2D = g / (1 − p) levels. The hard bot's search counts that
(`search.take_over_value`) on top of the levels the attackers gain.
The log's deals are each set's first deal (the dealer from the declaring), so
this is the first deal's edge standing in for a match's.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from shengji_tui.bench.bots_bench import log_text


def deals(paths: list[Path]) -> list[tuple[int, bool]]:
    """Per deal: the dealer side's levels minus the attackers', and whether it held."""
    out = []
    for path in paths:
        for line in log_text(path).splitlines():
            if not line.strip():
                continue
            for d in json.loads(line):
                lv = int(d["seat_levels"][d["dealer_side"][0]])
                out.append((lv, lv > 0))
    return out


def value(rows: list[tuple[int, bool]]) -> tuple[float, float, float]:
    g = sum(lv for lv, _ in rows) / len(rows)
    p = sum(1 for _, h in rows if h) / len(rows)
    return g, p, g / (1.0 - p) if p < 1.0 else float("inf")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", type=Path, nargs="+")
    ap.add_argument("--boot", type=int, default=2000, help="bootstrap resamples")
    a = ap.parse_args()
    rows = deals(a.logs)
    if not rows:
        raise SystemExit("no deals in the logs")
    g, p, v = value(rows)
    rng = random.Random(0)
    boots = sorted(value([rng.choice(rows) for _ in rows])[2] for _ in range(a.boot))
    lo, hi = boots[int(0.025 * a.boot)], boots[int(0.975 * a.boot) - 1]
    print(f"{len(rows)} deals: dealer's edge g = {g:+.3f} levels/deal, holds p = {p:.3f}")
    print(f"take-over worth g / (1 - p) = {v:+.3f} levels [{lo:+.3f}, {hi:+.3f}]")


if __name__ == "__main__":
    main()
