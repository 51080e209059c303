"""Calibrate the hard bot's cut-off evaluation (shengji_tui/bots/evaluate.py) by self-play.

    .venv/bin/python benchmarks/calibrate_eval.py                  # 400 deals of each preset
    .venv/bin/python benchmarks/calibrate_eval.py --deals 800 --preset classic --jobs 2

For each deal (seeds 0, 1, ...) the normal bot plays every seat from the first
card to the end. At every trick boundary of the play (all hands known: this is
a test driver, not a bot) the features of `evaluate.features` are recorded with
what followed: the share of the points then in the hands that the attackers
took in the remaining tricks, and the kitty's bonus per kitty point (0 unless
they took the last trick). Ridge least squares on the first 80% of the deals
gives the weights; the last 20% measure them against guessing the mean. Prints
the weights as Python for `evaluate.SHARE_WEIGHTS` / `LAST_WEIGHTS`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from shengji_tui import rules
from shengji_tui.bots.evaluate import FEATURES, LAST_WEIGHTS, SHARE_WEIGHTS, features
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.sense import Sense
from shengji_tui.engine import GameState, new_game
from shengji_tui.rules import RuleSet, TrumpContext
from shengji_tui.table.plan import plan

Row = tuple[list[float], float, float, float, float]  # x, remaining, share, kitty, factor


def trick_points(state: GameState) -> int:
    return sum(rules.points(state.captured[s]) for s in state.attackers) + state.penalty_points


def one_deal(args: tuple[str, int]) -> list[Row]:
    preset, seed = args
    rs = RuleSet.preset(preset)
    state = new_game(rs, seed)
    bots = {s: PlaybookBot(seed=seed * 8 + s) for s in range(rs.players)}
    marks: list[tuple[list[float], int, int]] = []  # x, points in hands, attacker points then
    seen = -1
    while state.phase not in ("scoring", "finished"):
        if state.phase == "playing" and not state.trick and state.trick_no != seen:
            seen = state.trick_no
            sn = Sense(rs, TrumpContext(state.level, state.trump_suit))
            hands = [list(h) for h in state.hands]
            progress = 1.0 - len(hands[0]) / rs.hand_size  # (as the search counts it)
            x = features(sn, hands, set(state.attackers), state.turn or 0, progress)
            left = sum(rules.points(h) for h in hands)
            marks.append((x, left, trick_points(state)))
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    if state.attacker_points is None or state.rules.partnership == "find_friends":
        return []
    end = trick_points(state)
    bonus = state.attacker_points - end
    kitty = rules.points(state.kitty)
    out: list[Row] = []
    for x, left, then in marks:
        share = (end - then) / left if left else 0.5
        factor = bonus / kitty if kitty else 0.0
        out.append((x, float(left), share, float(kitty), factor))
    return out


def solve(xs: list[list[float]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Ridge least squares by Gaussian elimination (the bias is not shrunk)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for i in range(1, k):
        a[i][i] += ridge
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def error(w: Sequence[float], test: list[tuple[list[float], float, float]]) -> float:
    """Mean absolute error in points of the weights `w` on `test`."""
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x, _, _ in test]
    return statistics.fmean(abs(p - y) * k for p, (_, y, k) in zip(pred, test, strict=True))


def report(
    name: str,
    w: list[float],
    test: list[tuple[list[float], float, float]],
    current: Sequence[float],
) -> None:
    """`test`: (x, target, weight: the points the target is a share of); `current`:
    the weights evaluate.py has now, measured on the same positions."""
    err = error(w, test)
    mean = statistics.fmean(y for _, y, _ in test)
    base = statistics.fmean(abs(mean - y) * k for _, y, k in test)
    print(
        f"  {name}: held-out mean abs error {err:.1f} points (the mean share alone: "
        f"{base:.1f}; evaluate.py's weights now: {error(current, test):.1f})"
    )
    for f, v in zip(FEATURES, w, strict=True):
        print(f"    {f:18s} {v:8.3f}")
    print(f"  ({', '.join(f'{v:.3f}' for v in w)})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--preset", action="append")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    presets = args.preset or ["classic", "one-deck", "three-deck", "four-deck"]
    t0 = time.perf_counter()
    tasks = [(p, seed) for p in presets for seed in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as ex:
        deals = list(ex.map(one_deal, tasks, chunksize=4))
    cut = int(args.deals * 0.8)
    train = [r for i, d in enumerate(deals) if i % args.deals < cut for r in d]
    test = [r for i, d in enumerate(deals) if i % args.deals >= cut for r in d]
    print(
        f"{', '.join(presets)}: {len(tasks)} deals, {len(train) + len(test)} positions, "
        f"{time.perf_counter() - t0:.0f} s"
    )
    share = [(x, s, left) for x, left, s, _, _ in train if left > 0]
    w1 = solve([x for x, _, _ in share], [s for _, s, _ in share])
    report(
        "share of the points in the hands",
        w1,
        [(x, s, left) for x, left, s, _, _ in test if left > 0],
        SHARE_WEIGHTS,
    )
    kit = [(x, f, k) for x, _, _, k, f in train if k > 0]
    kit_test = [(x, f, k) for x, _, _, k, f in test if k > 0]
    if not kit or not kit_test:  # (the normal bot buries no points when it can)
        print("  kitty bonus: no deal with points in the kitty")
        return 0
    w2 = solve([x for x, _, _ in kit], [f for _, f, _ in kit])
    report("kitty bonus per kitty point", w2, kit_test, LAST_WEIGHTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
