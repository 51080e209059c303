"""Calibrate the bots' auction estimate (shengji_tui/bots/bidding.py) by self-play.

    .venv/bin/python benchmarks/calibrate_bidding.py                 # both presets
    .venv/bin/python benchmarks/calibrate_bidding.py --deals 800 --preset three-player

For each deal (seeds 0, 1, ...): the cards are dealt; the opener wins the
auction at the opening bid (eighty points 70, three players 150; the bid does
not change how the normal bot plays) and names the trump the playbook's
`trump_value` likes best for its hand (a choice independent of the weights
being fitted); the normal bot then plays the deal out at every seat (burying,
overturning, the tricks). The outcome is the dealer's own points (eighty
points) or the attackers' points (three players); the features are those of
the opener's hand before the kitty (three players: with the three shown kitty
cards, which the dealer will hold). A ridge least-squares fit on the first
80% of the deals gives the weights; the last 20% measure them (mean absolute
error and spread, against guessing the mean). Prints the weights as Python for
`bidding.WEIGHTS` and the figures for docs/bots.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

# (the same ridge fit as the evaluation's: this directory is on the path when run)
from calibrate_eval import solve

from shengji_tui import rules
from shengji_tui.bots.bidding import FEATURES, features, trump_choices
from shengji_tui.bots.playbook import PlaybookBot, trump_value
from shengji_tui.engine import Bid, DealAll, GameState, NameTrump, PassBid, apply, new_game
from shengji_tui.rules import RuleSet
from shengji_tui.table.plan import plan


def one_deal(preset: str, seed: int) -> tuple[list[float], float]:
    rs = RuleSet.preset(preset)
    state, _ = apply(new_game(rs, seed), DealAll())
    opener = state.awaiting()
    assert opener is not None
    hand = list(state.hands[opener]) + list(state.shown_kitty)
    level = state.levels[opener]
    suit = max(trump_choices(rs), key=lambda s: trump_value(rs, level, s, hand))
    x = features(rs, level, suit, hand)
    state, _ = apply(state, Bid(seat=opener, points=rs.bid_start))
    while state.phase == "bidding":
        seat = state.awaiting()
        assert seat is not None
        state, _ = apply(state, PassBid(seat=seat))
    state, _ = apply(state, NameTrump(seat=opener, suit=suit))
    bots = {s: PlaybookBot(seed=seed * 8 + s) for s in range(rs.players)}
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    return x, float(outcome(state, opener))


def outcome(state: GameState, dealer: int) -> int:
    if state.rules.bidding == "points_up":
        return rules.points(state.captured[dealer])
    assert state.attacker_points is not None
    return state.attacker_points


def calibrate(preset: str, deals: int) -> None:
    t0 = time.perf_counter()
    rows = [one_deal(preset, seed) for seed in range(deals)]
    cut = int(len(rows) * 0.8)
    train, test = rows[:cut], rows[cut:]
    w = solve([x for x, _ in train], [y for _, y in train])
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x, _ in test]
    errs = [p - y for p, (_, y) in zip(pred, test, strict=True)]
    ys = [y for _, y in test]
    mean = statistics.fmean(ys)
    base_mae = statistics.fmean(abs(y - mean) for y in ys)
    print(f"{preset}: {deals} deals in {time.perf_counter() - t0:.0f} s")
    print(
        f"  outcome: mean {statistics.fmean(y for _, y in rows):.1f}, "
        f"sd {statistics.pstdev([y for _, y in rows]):.1f}"
    )
    print(
        f"  held out ({len(test)}): mean abs error {statistics.fmean(map(abs, errs)):.1f} "
        f"(the mean alone: {base_mae:.1f}), spread {statistics.pstdev(errs):.1f}"
    )
    for name, v in zip(FEATURES, w, strict=True):
        print(f"    {name:12s} {v:8.2f}")
    print(f'  "{RuleSet.preset(preset).bidding}": ({", ".join(f"{v:.2f}" for v in w)}),')


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--preset", action="append", choices=["eighty-points", "three-player"])
    args = ap.parse_args(argv)
    for preset in args.preset or ["eighty-points", "three-player"]:
        calibrate(preset, args.deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
