"""Measure how eagerly to declare on the first deal (抢庄), the play held fixed.

    .venv/bin/python benchmarks/declare_grab.py --preset three-deck --grabs 0.08 0.16 --deals 300

On the first deal the declaration that stands makes the dealer. Bot A is the
hard bot at a budget of 0 ms (no search: the playbook's play and bury, exactly
the normal bot's) with its first-deal `grab` (how much lower the trump share a
declaration needs, `PlaybookBot.grab`) set to each value in turn; bot B is the
normal bot (`grab` 0); `--search-dealing MS`: A's declarations while the
cards are dealt are also searched at that budget (`declare_search.py`). So
each run's figure is what that eagerness (and that search) alone is worth
against the playbook's (a grab of 0 and no search give +0.000 exactly). `--match N`
plays whole matches of at most N deals instead (only the first deal's
declaring makes a dealer: a match says whether the first deal's gain lasts).
Prints one line per value; `--log DIR` keeps each run's sets
(`DIR/declare_grab_PRESET_G.jsonl`, read back with `shengji bench bots
--from-log`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from shengji_tui.bench.bots_bench import headline, run_bench
from shengji_tui.bots.search import SearchBot


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--grabs", type=float, nargs="+", default=[0.08, 0.16])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match", type=int, default=0, help="whole matches of at most N deals")
    ap.add_argument("--log", type=Path, default=None, help="a folder for the sets' logs")
    ap.add_argument(
        "--search-dealing",
        type=float,
        default=0.0,
        metavar="MS",
        help="A's declarations while dealing played out at this budget (declare_search.py)",
    )
    ap.add_argument("--dealing-z", type=float, default=None, help="(with --search-dealing)")
    ap.add_argument("--dealing-reach", type=float, default=0.0, help="(with --search-dealing)")
    ap.add_argument("--search-window", action="store_true", help="(with --search-dealing)")
    ap.add_argument(
        "--search-theft",
        type=float,
        default=0.0,
        metavar="MS",
        help="A's kitty theft (炒底) played out at this budget (declare_search.py)",
    )
    ap.add_argument(
        "--dealing-later-only",
        action="store_true",
        help="(with --search-dealing) not on a first deal: with --match, the later deals alone",
    )
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    SearchBot.search_dealing_first = not args.dealing_later_only
    SearchBot.search_theft = args.search_theft > 0
    SearchBot.search_window = args.search_window
    SearchBot.dealing_reach = args.dealing_reach
    if args.dealing_z is not None:
        SearchBot.dealing_z = args.dealing_z
    SearchBot.search_dealing = args.search_dealing > 0
    SearchBot.auction_budget_ms = args.search_dealing or args.search_theft or None
    for g in args.grabs:
        SearchBot.grab = g  # the class's: every hard bot of this process
        log = None
        if args.log is not None:
            tag = f"_match{args.match}" if args.match else ""
            tag += f"_dealing{args.search_dealing:g}" if args.search_dealing else ""
            tag += f"_z{args.dealing_z:g}" if args.dealing_z is not None else ""
            tag += f"_reach{args.dealing_reach:g}" if args.dealing_reach else ""
            tag += "_window" if args.search_window else ""
            tag += "_later" if args.dealing_later_only else ""
            tag += f"_theft{args.search_theft:g}" if args.search_theft else ""
            log = args.log / f"declare_grab_{args.preset}{tag}_{g:g}.jsonl"
            log.unlink(missing_ok=True)
        r = run_bench(
            "hard",
            "normal",
            args.deals,
            [args.preset],
            seed=args.seed,
            options={"budget_ms": 0, "workers": 1, "guard": False},
            progress=False,
            match=args.match,
            log=log,
            jobs=args.jobs,
        )
        line = {"preset": args.preset, "grab": g, **headline(r)}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
