"""How true the tracker's soft inference is (docs/bots.md, "The tracker").

    .venv/bin/python benchmarks/soft_calibration.py --deals 100

Plays classic first deals with four normal bots (seeds 1..N); at every play
decision, for every other seat the inference marks, counts the marked cards of
the unseen pool and how many of them that seat really holds (only this script
reads the hands), against how often the search's samples give it them,
uniform (weight 1) and weighted (`SOFT_WEIGHT`).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

from shengji_tui.bench import bots_bench
from shengji_tui.bots import tracker as tracker_mod
from shengji_tui.bots.base import Bot
from shengji_tui.bots.tracker import Tracker, sample_spec
from shengji_tui.engine import Command, GameState, SeatView, new_game

SAMPLES = 10  # per decision and weight


class Counts:
    def __init__(self) -> None:
        self.deals = 0
        self.decisions = 0
        self.marks = 0
        self.cards = 0
        self.held = 0
        self.sampled: dict[float, list[int]] = {}

    def decision(self, view: SeatView, state: GameState, key: str) -> bool:
        tr = Tracker(view)
        spec = tr.spec()
        sn = tr.sense
        self.decisions += 1
        for seat, ids in spec.soft.items():
            self.marks += 1
            hand = Counter(state.hands[seat])
            marked = [c for c in spec.pool if c.idx in ids]
            self.cards += len(marked)
            self.held += sum(1 for c in marked if hand[c] > 0)
            for w in (1.0, tracker_mod.SOFT_WEIGHT):
                old = tracker_mod.SOFT_WEIGHT
                tracker_mod.SOFT_WEIGHT = w
                rng = random.Random(f"{key}/{seat}/{w}")
                acc = self.sampled.setdefault(w, [0, 0])
                for _ in range(SAMPLES):
                    got = Counter(sample_spec(spec, sn, rng)[0][seat])
                    acc[0] += len(marked)
                    acc[1] += sum(1 for c in marked if got[c] > 0)
                tracker_mod.SOFT_WEIGHT = old
        return bool(spec.soft)


class Watched:
    """A bot that lets `Counts` look at each of its play decisions first."""

    def __init__(self, inner: Bot, counts: Counts, now: list[GameState], seed: int) -> None:
        self.name = inner.name
        self.inner, self.counts, self.now, self.deal_seed = inner, counts, now, seed
        self.hit = False

    def decide(self, view: SeatView) -> Command | None:
        if view.phase == "playing" and view.awaiting == view.seat:
            key = f"{self.deal_seed}/{view.seat}/{view.version}"
            self.hit |= self.counts.decision(view, self.now[0], key)
        return self.inner.decide(view)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    counts = Counts()
    applied = bots_bench.apply  # type: ignore[attr-defined]
    now: list[GameState] = []

    def track(state: GameState, cmd: object) -> Any:
        out = applied(state, cmd)
        now[0] = out[0]
        return out

    bots_bench.apply = track  # type: ignore[attr-defined,assignment]
    for seed in range(1, args.deals + 1):
        now[:] = [new_game("classic", seed)]
        made = bots_bench.make_bots("normal", "normal", seed, (0, 2), 4, {})
        watched = {s: Watched(b, counts, now, seed) for s, b in made.items()}
        bots: dict[int, Bot] = dict(watched)
        res = bots_bench.RunResult(preset="classic", seed=seed, a_seats=(0, 2))
        fallback = {s: bots_bench.fallback_bot(seed, s) for s in range(4)}  # type: ignore[attr-defined]
        bots_bench.drive(now[0], bots, res, fallback)
        counts.deals += any(b.hit for b in watched.values())
    bots_bench.apply = applied  # type: ignore[attr-defined]

    print(f"deals {args.deals}, with a mark {counts.deals}", end="; ")
    print(f"decisions {counts.decisions}, marks {counts.marks}")
    share = counts.held / max(1, counts.cards)
    print(f"marked cards {counts.cards}: held by the marked seat {share:.3f}")
    for w, (n, k) in sorted(counts.sampled.items(), reverse=True):
        print(f"  in its samples at weight {w}: {k / max(1, n):.3f}")


if __name__ == "__main__":
    main()
