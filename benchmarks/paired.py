"""Two bench logs of the same seeds compared seed by seed (a change's A/B).

    .venv/bin/python benchmarks/paired.py --new NEW.jsonl --old OLD1.jsonl OLD2.jsonl

Each log is `shengji bench bots --log` output (A against B, one duplicate set a
line). For every seed in both, the new set's edge minus the old one's (levels
per deal and point margin, as `shengji bench bots` computes them for a set),
then the mean with a 95% bootstrap interval, how many sets changed, and the
same split by the role A's seats had (attacking or holding the deal). The
same cards are dealt on both sides, so most of a deal's luck cancels: a change
shows in far fewer sets than two separate runs would need (docs/bots.md).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from shengji_tui.bench.bots_bench import RunResult, bootstrap_ci, log_sets, seat_edge


def load(paths: Sequence[Path]) -> dict[int, list[RunResult]]:
    out: dict[int, list[RunResult]] = {}
    for path in paths:
        for runs in log_sets(path):
            out[runs[0].seed] = runs
    return out


def role_points(runs: Sequence[RunResult], attacking: bool) -> float:
    """A's attackers' points in the runs where A attacked (attacking) or B's
    attackers' points against A (not attacking), per run."""
    vals = []
    for r in runs:
        a_attacks = not set(r.a_seats) & set(r.dealer_side)
        if a_attacks == attacking:
            vals.append(float(r.attacker_points))
    return sum(vals) / len(vals) if vals else 0.0


def outcome(runs: Sequence[RunResult]) -> list[tuple[int, int, int]]:
    return [(r.a_levels, r.b_levels, r.attacker_points) for r in runs]


def line(name: str, diffs: Sequence[float]) -> str:
    lo, hi = bootstrap_ci(diffs)
    mean = sum(diffs) / max(1, len(diffs))
    changed = sum(1 for d in diffs if abs(d) > 1e-9)
    return f"{name}: {mean:+.4f} [{lo:+.4f}, {hi:+.4f}] ({changed} of {len(diffs)} sets changed)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--new", type=Path, nargs="+", required=True)
    ap.add_argument("--old", type=Path, nargs="+", required=True)
    ap.add_argument(
        "--changed",
        action="store_true",
        help="print only the seeds whose set came out otherwise (levels or points), "
        "one a line: the sets another change of the same bots may change "
        "(benchmarks/replay_seeds.py --seeds-file)",
    )
    a = ap.parse_args()
    new, old = load(a.new), load(a.old)
    seeds = sorted(set(new) & set(old))
    if not seeds:
        raise SystemExit("no seed is in both logs")
    if a.changed:
        for s in seeds:
            if outcome(new[s]) != outcome(old[s]):
                print(s)
        return
    print(f"{len(seeds)} seeds in both ({seeds[0]}-{seeds[-1]})")
    for name, field in (("levels/deal", "seat_levels"), ("point margin", "seat_margin")):

        def edge(runs: Sequence[RunResult], f: str = field) -> float:
            return seat_edge(runs, lambda r: getattr(r, f))

        print(line(name, [edge(new[s]) - edge(old[s]) for s in seeds]))
    for name, attacking in (
        ("A attacking, its points", True),
        ("A holding, the others' points", False),
    ):
        diffs = [role_points(new[s], attacking) - role_points(old[s], attacking) for s in seeds]
        print(line(name, diffs))


if __name__ == "__main__":
    main()
