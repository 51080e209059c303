"""The seeds whose first-deal declarations a change of `grab` changes.

    .venv/bin/python benchmarks/grab_changed.py --preset three-deck --grab 0.1 --seeds 1 924

A duplicate set of `shengji bench bots --a hard --b normal --no-guard` is
played the same, move for move, by two versions of the hard bot that make the
same decisions: its search depends on the work count and on what it has seen
only. A first-deal `grab` (docs/bots.md, "Grabbing the first deal") changes
the hard bot's declarations only, so where the hard seats' declarations come
out the same with and without it, in every run of the set, the whole set does
too, and its logged result stands. This plays the dealing of each set with
both (no search is needed: the hard bot declares as the playbook does) and
prints the seeds where they differ, one per line: only those need playing
again (`benchmarks/replay_seeds.py`).
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from shengji_tui.bench.bots_bench import RunResult, arrangements, drive, make_bots
from shengji_tui.bots.search import SearchBot
from shengji_tui.engine import SeatView, new_game


class _Dealt(Exception):
    """The dealing and its declarations are over."""


def declarations(preset: str, seed: int, a: tuple[int, ...], grab: float) -> list[Any]:
    """Every hard seat's answer while the cards are dealt, in order (with `grab`)."""
    state = new_game(preset, seed)
    bots = make_bots("hard", "normal", seed, a, state.players, {"budget_ms": 0, "workers": 1})
    said: list[Any] = []
    for s in a:
        bot = bots[s]
        assert isinstance(bot, SearchBot)
        bot.grab = grab
        decide = bot.decide

        def watch(view: SeatView, decide: Any = decide) -> Any:
            if view.phase not in ("dealing", "declaring"):
                raise _Dealt
            cmd = decide(view)
            said.append(None if cmd is None else cmd.model_dump())
            return cmd

        bot.decide = watch  # type: ignore[method-assign]
    res = RunResult(preset=preset, seed=seed, a_seats=a)
    with contextlib.suppress(_Dealt):
        drive(state, bots, res, fallback={})
    return said


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--grab", type=float, default=0.1)
    ap.add_argument("--seeds", type=int, nargs=2, default=[1, 924], metavar=("FIRST", "LAST"))
    args = ap.parse_args()
    first, last = args.seeds
    for seed in range(first, last + 1):
        teams = list(new_game(args.preset, seed).teams)
        if any(
            declarations(args.preset, seed, a, 0.0) != declarations(args.preset, seed, a, args.grab)
            for a in arrangements(teams)
        ):
            print(seed, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
