"""The coach's figures (docs/bots.md, "The coach"): the time to analyse one
seat's deal, and the mean estimated cost per deal of each bot level as the
coach prices it.

    .venv/bin/python benchmarks/coach_figures.py time --deals 10
    .venv/bin/python benchmarks/coach_figures.py cost --deals 12 --budget-ms 1200

`time`: first deals of classic (seeds from `--seed`) played by normal bots;
seat 0's decisions analysed at the default budget on `--workers` processes
(default: one per core), nothing kept; the wall time per deal (median, mean,
most) and the decisions per deal.

`cost`: for each level (easy, normal, hard at 300 ms of work without the
clock guard, and the hint: `bots.Advisor` at its 150 ms), the same deals with
that level at seat 0 and normal bots at the other seats; seat 0's decisions
priced by the coach at `--budget-ms`; the mean cost per deal in levels and
points (with a 95% interval over the deals) and the decisions classed
mistake or blunder per deal; `--kinds declare,bury`: of those decisions
only (all are priced: the time is the whole analysis's).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui.bots import Advisor, BotOptions, BotSpec
from shengji_tui.coach import DealAnalysis, GameLog, analyse
from shengji_tui.coach import plan as coach_plan
from shengji_tui.engine import Bury, Command, Play, SeatView, new_game
from shengji_tui.table.plan import plan


class Hint:
    """The hint as a seat: its advice for plays and buries, the normal bot's
    choice for the rest (the hint advises only those)."""

    def __init__(self, seed: int) -> None:
        self.advisor = Advisor(seed=seed)
        self.normal = BotSpec(level="normal", seed=seed, name="hint").make()

    def decide(self, view: SeatView) -> Command | None:
        advice = self.advisor.advise(view)
        if advice is None:
            return self.normal.decide(view)
        if view.phase == "burying":
            return Bury(seat=view.seat, cards=advice.cards)
        return Play(seat=view.seat, cards=advice.cards)


def deal(seed: int, level: str) -> GameLog:
    """The first deal of classic `seed`, `level` at seat 0, normal elsewhere."""
    state = new_game("classic", seed)
    bots: dict[int, Any] = {
        s: BotSpec(level="normal", seed=seed * 10 + s, name=f"s{s}").make() for s in range(1, 4)
    }
    if level == "hint":
        bots[0] = Hint(seed)
    else:
        opts = BotOptions(budget_ms=300, workers=1, guard=False) if level == "hard" else None
        spec = BotSpec(level=level, seed=seed * 10, name="s0")
        if opts is not None:
            spec = spec.model_copy(update={"options": opts})
        bots[0] = spec.make()
    commands = []
    while state.result is None:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        commands.append(step.command)
        state = step.state
    return GameLog(f"classic-{seed}-{level}", state.rules, seed, commands)


def keep_worst(path: Path, game: GameLog, res: DealAnalysis, level: str) -> None:
    """The deal's plays the coach classed a blunder, surely (3 standard errors),
    with the view they were made from: test positions' candidates."""
    moments = {m.move: m for m in coach_plan(game, res.deal_no, res.seat).moments}
    with path.open("a") as f:
        for v in res.verdicts:
            p = v.priced
            if v.kind != "play" or v.cls != "blunder" or p.cost_levels < 3 * p.stderr_levels:
                continue
            m = moments[v.move]
            row = {
                "name": f"{game.table_id}_{v.move}",
                "note": f"{level} played {v.played} at trick {v.trick}; the coach's best "
                f"{v.best}, {p.cost_levels:.2f} levels ({p.cost_points:.0f} points) better",
                "level": level,
                "bad": [v.played.split()],
                "best": v.best,
                "cost_levels": round(p.cost_levels, 3),
                "view": json.loads(m.view.model_dump_json()),
            }
            f.write(json.dumps(row) + "\n")


def ci95(xs: list[float]) -> list[float]:
    if len(xs) < 2:
        return [xs[0], xs[0]] if xs else [0.0, 0.0]
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return [round(m - h, 3), round(m + h, 3)]


def timing(a: argparse.Namespace) -> dict[str, Any]:
    times, decisions = [], []
    for seed in range(a.seed, a.seed + a.deals):
        game = deal(seed, "normal")
        t = time.perf_counter()
        res = analyse(game, 0, 0, workers=a.workers)
        times.append(time.perf_counter() - t)
        decisions.append(len(res.verdicts))
        print(f"seed {seed}: {times[-1]:.1f} s, {decisions[-1]} decisions", file=sys.stderr)
    return {
        "deals": a.deals,
        "seconds_median": round(statistics.median(times), 2),
        "seconds_mean": round(statistics.fmean(times), 2),
        "seconds_max": round(max(times), 2),
        "decisions_mean": round(statistics.fmean(decisions), 1),
    }


def costs(a: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"deals": a.deals, "budget_ms": a.budget_ms}
    if a.kinds:
        out["kinds"] = a.kinds
    for level in a.levels.split(","):
        lv, pts, bad = [], [], []
        for seed in range(a.seed, a.seed + a.deals):
            game = deal(seed, level)
            res = analyse(game, 0, 0, budget_ms=a.budget_ms, workers=a.workers)
            if a.kinds:  # (the decisions of those kinds only)
                kinds = set(a.kinds.split(","))
                res = res.model_copy(
                    update={"verdicts": tuple(v for v in res.verdicts if v.kind in kinds)}
                )
            s = res.summary()
            if a.worst is not None:
                keep_worst(a.worst, game, res, level)
            lv.append(s.cost_levels)
            pts.append(s.cost_points)
            bad.append(s.counts["mistake"] + s.counts["blunder"])
            print(f"{level} seed {seed}: {s.cost_levels:+.2f} levels", file=sys.stderr)
        out[level] = {
            "cost_levels": round(statistics.fmean(lv), 3),
            "cost_levels_ci": ci95(lv),
            "cost_points": round(statistics.fmean(pts), 1),
            "cost_points_ci": ci95(pts),
            "mistakes_and_blunders": round(statistics.fmean(bad), 2),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["time", "cost"])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--budget-ms", type=float, default=1200.0, help="(cost) the coach's budget")
    ap.add_argument("--levels", default="easy,normal,hard,hint", help="(cost) the levels")
    ap.add_argument("--worst", type=Path, default=None, help="(cost) keep the blunders here")
    ap.add_argument("--kinds", default="", help="(cost) only decisions of these kinds")
    a = ap.parse_args()
    res = timing(a) if a.what == "time" else costs(a)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
