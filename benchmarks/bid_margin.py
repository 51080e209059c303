"""Measure the auction presets' bid margin by duplicate sets, the play held fixed.

    .venv/bin/python benchmarks/bid_margin.py --preset eighty-points --margins 0 10 --deals 300

Bot A is the hard bot at a budget of 0 ms (no search: the playbook's play,
bury and declarations, exactly the normal bot's) with its bid margin
(`bid_margin`, and three players' `falling_bid_margin`) set to each margin in
turn (`--search-bids MS`: its calls played out at that budget, auction_search.py);
bot B is the normal bot (margin 5). So the figure of each
run is what that margin alone is worth against the playbook's (a margin of 5
gives +0.000 exactly: the same moves on the same cards). Prints one line per
margin (levels or match points per deal A − B with its 95% CI, the point
margin, the deals played); `--log DIR` keeps each run's sets
(`DIR/bid_margin_PRESET_M.jsonl`, read back with `shengji bench bots --from-log`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from shengji_tui.bench.bots_bench import headline, run_bench
from shengji_tui.bots.search import SearchBot


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="eighty-points")
    ap.add_argument("--margins", type=float, nargs="+", default=[0.0, 10.0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", type=Path, default=None, help="a folder for the sets' logs")
    ap.add_argument(
        "--search-bids",
        type=float,
        default=0.0,
        metavar="MS",
        help="A's bids played out at this budget (auction_search.py; 0: the estimate's)",
    )
    ap.add_argument(
        "--search-overturns",
        type=float,
        default=0.0,
        metavar="MS",
        help="three players: A's overturns played out at this budget (0: the playbook's)",
    )
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    SearchBot.search_bids = args.search_bids > 0
    SearchBot.search_overturns = args.search_overturns > 0
    SearchBot.auction_budget_ms = args.search_bids or args.search_overturns or None
    for m in args.margins:
        # the class's: every hard bot of this process, in both auctions
        SearchBot.bid_margin = m
        SearchBot.falling_bid_margin = m
        log = None
        if args.log is not None:
            tag = f"_search{args.search_bids:g}" if args.search_bids else ""
            tag += f"_overturn{args.search_overturns:g}" if args.search_overturns else ""
            log = args.log / f"bid_margin_{args.preset}_{m:g}{tag}.jsonl"
            log.unlink(missing_ok=True)
        r = run_bench(
            "hard",
            "normal",
            args.deals,
            [args.preset],
            seed=args.seed,
            options={"budget_ms": 0, "workers": 1, "guard": False},
            progress=False,
            log=log,
            jobs=args.jobs,
        )
        line = {"preset": args.preset, "margin": m, **headline(r)}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
