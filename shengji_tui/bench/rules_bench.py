"""`shengji bench rules`: how fast the rules module plays random deals.

For each preset, random deals (`random_deal.play_random_deal`, level drawn
from the preset's level sequence each deal) are played for about `--seconds`
of wall time on one core. Reported: deals per second, the median and 99th
percentile of one `legal_follows` call (µs), and the number of deals
(`--json` prints just these); the table adds the tails: the slowest call, the
median and slowest deal, and how many calls were stopped at
`random_deal.FOLLOW_CAP` plays (a follower short in the led suit may add any
cards, so `legal_follows` can yield millions of plays).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import time
from collections.abc import Sequence
from typing import Any

from ..rules import PRESET_NAMES, RuleSet
from .random_deal import FOLLOW_CAP, play_random_deal

# Targets on one core (docs/performance.md).
TARGETS: dict[str, float] = {"classic": 200.0, "four-deck": 40.0}


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return float(sorted_values[k])


def bench_preset(name: str, seconds: float, seed: int) -> dict[str, Any]:
    """Play random deals of one preset for about `seconds`; the figures."""
    rs = RuleSet.preset(name)
    rng = random.Random(seed)
    timings: list[float] = []
    deal_times: list[float] = []
    deals = capped = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while True:
        level = rng.choice(rs.levels)
        stats = play_random_deal(rs, rng, level, timings)
        capped += stats.capped_follow_calls
        deals += 1
        before, now = now, time.perf_counter()
        deal_times.append(now - before)
        if now >= deadline:
            break
    elapsed = now - start
    timings.sort()
    deal_times.sort()
    return {
        "deals_per_s": round(deals / elapsed, 2),
        "legal_follows_p50_us": round(percentile(timings, 0.50), 2),
        "legal_follows_p99_us": round(percentile(timings, 0.99), 2),
        "deals": deals,
        # table only (not in --json): the tail that the mean hides
        "legal_follows_max_us": round(timings[-1] if timings else 0.0, 2),
        "deal_p50_ms": round(percentile(deal_times, 0.50) * 1000, 3),
        "deal_max_ms": round(deal_times[-1] * 1000, 3),
        "capped_calls": capped,
    }


JSON_KEYS = ("deals_per_s", "legal_follows_p50_us", "legal_follows_p99_us", "deals")


def format_table(results: dict[str, dict[str, Any]], seconds: float, seed: int) -> str:
    head = (
        "preset",
        "deals",
        "deals/s",
        "lf p50 µs",
        "lf p99 µs",
        "lf max ms",
        "deal p50 ms",
        "deal max ms",
        "capped",
        "target",
    )
    rows: list[tuple[str, ...]] = []
    for name, r in results.items():
        target = TARGETS.get(name)
        mark = ""
        if target is not None:
            ok = r["deals_per_s"] >= target
            mark = f"≥{target:g}/s {'met' if ok else 'NOT met'}"
        rows.append(
            (
                name,
                str(r["deals"]),
                f"{r['deals_per_s']:.1f}",
                f"{r['legal_follows_p50_us']:.1f}",
                f"{r['legal_follows_p99_us']:.1f}",
                f"{r['legal_follows_max_us'] / 1000:.1f}",
                f"{r['deal_p50_ms']:.2f}",
                f"{r['deal_max_ms']:.0f}",
                str(r["capped_calls"]),
                mark,
            )
        )
    widths = [max(len(x[i]) for x in [head, *rows]) for i in range(len(head))]
    last = len(head) - 1

    def line(cells: tuple[str, ...]) -> str:
        out = [cells[0].ljust(widths[0])]
        out += [c.rjust(w) for c, w in zip(cells[1:last], widths[1:last], strict=True)]
        out.append(cells[last])
        return "  ".join(out).rstrip()

    title = (
        f"rules benchmark: random deals, ~{seconds:g} s per preset, seed {seed}, one core "
        f"(Python {platform.python_version()}); lf = one legal_follows call; capped = calls "
        f"stopped after {FOLLOW_CAP} plays"
    )
    sep = "  ".join("-" * w for w in widths)
    return "\n".join([title, "", line(head), sep, *(line(r) for r in rows)])


def main(args: argparse.Namespace) -> int:
    presets: list[str] = list(args.preset) if args.preset else list(PRESET_NAMES)
    seconds = float(args.seconds)
    if seconds <= 0:
        print("shengji: --seconds must be positive")
        return 2
    seed = int(args.seed)
    results: dict[str, dict[str, Any]] = {}
    for k, name in enumerate(presets):
        if name in results:
            continue
        results[name] = bench_preset(name, seconds, seed + k)
    if args.json:
        print(json.dumps({n: {k: r[k] for k in JSON_KEYS} for n, r in results.items()}))
    else:
        print(format_table(results, seconds, seed))
    return 0
