"""The cost of one arrow key in the auction's bidding panel, and of a bot's
bid, as a falling auction's `bid_start` grows (docs/security.md).

    .venv/bin/python benchmarks/auction_keys.py                 # bid_start 150, 200
    .venv/bin/python benchmarks/auction_keys.py --start 200 --start 100000 --unbounded

A three-player game (two decks, a falling auction) is dealt and the auction
comes to seat 0's first call. A key is what the TUI does for ← or →: the
model moves the highlighted bid (`Model.pick_auction_choice`) and the presenter builds
the table's props (the bidding panel lists the next bids and the keys); the
median of `--keys` presses is given. A bot's bid is `decide(view)` at that
call, for the normal, easy and random bots (the median of `--bids`).

`--unbounded` lets `bid_start` go past the rules' range (docs/rules.md: at
most the pack's points), to show the work per key does not grow with it;
run it against an older checkout (PYTHONPATH=...) for the figures before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from shengji_tui.bots import BotSpec
from shengji_tui.engine import DealAll, GameState, apply, new_game, view_for
from shengji_tui.rules import RuleSet
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.records import Prefs, TableFacts


def unbound() -> None:
    """Let a ruleset out of the rules' ranges (for the measurement only)."""
    try:
        from shengji_tui.rules import bounds
    except ImportError:  # (an older checkout has no ranges)
        return
    bounds.check = lambda rs: None


def at_first_call(start: int, seed: int) -> GameState:
    base = RuleSet.preset("three-player")
    rs = RuleSet.model_validate({**base.model_dump(), "bid_start": start})
    state, _ = apply(new_game(rs, seed), DealAll())
    assert state.phase == "bidding"
    return state


def key_ms(state: GameState, keys: int) -> float:
    seat = state.awaiting()
    assert seat is not None
    cat = Catalogue("en")
    m = Model(
        Prefs(cat, CardText(cat, False)), TableFacts(["You", "Ana", "Bo"], seat, humans=[seat])
    )
    m.take_seat(seat, view_for(state, seat))
    presenter = Presenter()
    presenter.present(m, 0.0)
    times = []
    for k in range(keys):
        t = time.perf_counter()
        m.pick_auction_choice(1 if k % 4 < 2 else -1)
        presenter.present(m, 0.0)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times) if times else float("nan")


def bid_ms(state: GameState, level: str, bids: int) -> float:
    seat = state.awaiting()
    assert seat is not None
    view = view_for(state, seat)
    times = []
    for k in range(bids):
        bot = BotSpec(level=level, seed=k, name="bot").make()
        t = time.perf_counter()
        bot.decide(view)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--start", type=int, action="append", help="bid_start (repeat)")
    ap.add_argument("--keys", type=int, default=20)
    ap.add_argument("--bids", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--unbounded", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.unbounded:
        unbound()
    out = []
    for start in args.start or [150, 200]:
        state = at_first_call(start, args.seed)
        row = {"bid_start": start, "key_ms": round(key_ms(state, args.keys), 3)}
        for level in ("normal", "easy", "random"):
            row[f"{level}_bid_ms"] = round(bid_ms(state, level, args.bids), 3)
        out.append(row)
        if not args.json:
            print(
                f"bid_start {start:>10}: a key {row['key_ms']:9.3f} ms; a bid: normal "
                f"{row['normal_bid_ms']:.3f} ms, easy {row['easy_bid_ms']:.3f} ms, random "
                f"{row['random_bid_ms']:.3f} ms",
                flush=True,
            )
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
