"""Play chosen duplicate sets again, as `shengji bench bots` would, into a log.

    .venv/bin/python benchmarks/replay_seeds.py --preset three-deck --seeds-file S.txt \\
        --budget-ms 300 --no-guard --jobs 2 --log NEW.jsonl
    .venv/bin/python benchmarks/replay_seeds.py --merge OLD1.jsonl OLD2.jsonl --log NEW.jsonl \\
        --out MERGED.jsonl

The first form plays the sets of the seeds listed in the file (one per line,
as `benchmarks/grab_changed.py` prints them), `--a` (hard) against `--b`
(normal), each set a line of the log in the bench's format. The second writes
the old logs' sets with those of the new log in place of the old ones of the
same seed: with the seeds a change leaves alone played the same move for move,
that is the new bot's log over every seed (read it with `shengji bench bots
--from-log MERGED.jsonl`).

`--b-plain-off`: B's bots play without the plain-mistake guards
(`bots/plain.py`), A's with them: against a log where both played without,
what the guards do to A alone (docs/bots.md, "How strong they are").
`--plain-off`: both sides without them (the bots before the guards), to pair
new seeds with a log played with them.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from shengji_tui.bench import bots_bench
from shengji_tui.bench.bots_bench import _set_job, log_text
from shengji_tui.bots import Bot
from shengji_tui.bots.search import watch_parent


def _plain_off(parent: int, both: bool) -> None:
    """A job process's start with `--b-plain-off` (`both`: `--plain-off`):
    each set's B bots (and A's) made without the guards (an attribute of the
    bot, so the other side's search is untouched)."""
    watch_parent(parent)
    made = bots_bench.make_bots

    def make_bots(
        level_a: str, level_b: str, seed: int, a_seats: tuple[int, ...], n: int, options: Any
    ) -> dict[int, Bot]:
        bots = made(level_a, level_b, seed, a_seats, n, options)
        for s, bot in bots.items():
            if both or s not in a_seats:
                bot.avoid_plain = False  # type: ignore[attr-defined]
        return bots

    bots_bench.make_bots = make_bots


def play(args: argparse.Namespace) -> None:
    seeds = [int(x) for x in args.seeds_file.read_text().split()]
    opts: dict[str, Any] = {"budget_ms": args.budget_ms}
    if args.no_guard:
        opts["guard"] = False
    done = set()
    if args.log.exists():  # (go on where a stopped run ended)
        for line in log_text(args.log).splitlines():
            done.add(json.loads(line)[0]["seed"])
    tasks = [(args.preset, s, args.a, args.b, opts, 0) for s in seeds if s not in done]
    off = args.b_plain_off or args.plain_off
    init: Callable[..., None] = _plain_off if off else watch_parent
    initargs: tuple[Any, ...] = (os.getpid(), args.plain_off) if off else (os.getpid(),)
    with (
        args.log.open("a", encoding="utf-8") as out,
        ProcessPoolExecutor(max_workers=args.jobs, initializer=init, initargs=initargs) as ex,
    ):
        for runs in ex.map(_set_job, tasks, chunksize=1):
            out.write(json.dumps([asdict(r) for r in runs]) + "\n")
            out.flush()


def merge(args: argparse.Namespace) -> None:
    new: dict[int, str] = {}
    for line in log_text(args.log).splitlines():
        if line.strip():
            new[json.loads(line)[0]["seed"]] = line
    with args.out.open("w", encoding="utf-8") as out:
        for path in args.merge:
            for line in log_text(path).splitlines():  # (old logs may be .jsonl.gz)
                if line.strip():
                    seed = json.loads(line)[0]["seed"]
                    out.write(new.pop(seed, line) + "\n")
    if new:
        raise SystemExit(f"seeds in the new log but in no old one: {sorted(new)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--seeds-file", type=Path)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="normal")
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--no-guard", action="store_true")
    ap.add_argument("--b-plain-off", action="store_true", help="B without the plain-mistake guards")
    ap.add_argument("--plain-off", action="store_true", help="A and B without the guards")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", type=Path, required=True)
    ap.add_argument("--merge", type=Path, nargs="+", help="old logs to merge the new one into")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if args.merge:
        if args.out is None:
            ap.error("--merge needs --out")
        merge(args)
    else:
        if args.seeds_file is None:
            ap.error("--seeds-file is needed to play")
        play(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
