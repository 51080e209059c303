"""`shengji bench engine`: full matches (2 to A) per minute with random players,
per preset, and the store's durable appends (events) per second.

- Engine: bot-only matches played headless (`plan.run_headless`: the engine,
  a `RandomBot` at every seat and the table's own pacing commands, no asyncio, no store),
  for about `--seconds` per preset, at least one match each.
- Store: the moves of a recorded match appended one by one, each its own
  transaction with `synchronous=FULL` (fsync of the WAL at every commit), to a
  fresh store in a temporary directory; reported as appends and events per second.
- Table: one bot-only match through `Table` with a store and no delays, as
  `shengji autoplay` plays it (moves per second, seconds per match).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import tempfile
import time
from typing import Any

from ..engine import SUPPORTED
from ..rules import RuleSet
from ..store import Store, command_json, db_path, events_json
from .plan import run_headless
from .settings import Pacing, TableSettings, bot_specs
from .table import Table

STORE_PRESET = "one-deck"
TABLE_PRESET = "one-deck"


def bench_matches(name: str, seconds: float, seed: int) -> dict[str, Any]:
    matches = moves = deals = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        run = run_headless(name, seed + matches)
        matches += 1
        moves += run.state.version
        deals += run.state.deal_no + 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "matches_per_min": round(matches * 60 / elapsed, 2),
        "moves_per_s": round(moves / elapsed, 1),
        "deals_per_match": round(deals / matches, 1),
        "moves_per_match": round(moves / matches, 1),
        "matches": matches,
        "seconds": round(elapsed, 2),
    }


def bench_store(seconds: float, seed: int) -> dict[str, Any]:
    run = run_headless(STORE_PRESET, seed)
    rows = [
        (command_json(c), events_json(e), len(e))
        for c, e in zip(run.commands, run.events, strict=True)
    ]
    names = [f"p{s + 1}" for s in range(run.state.players)]
    appends = events = 0
    with tempfile.TemporaryDirectory(prefix="shengji-bench-") as tmp:
        store = Store(db_path(tmp))
        try:
            table_no = 0
            start = time.perf_counter()
            deadline = start + seconds
            done = False
            while not done:
                tid = f"bench-{table_no}"
                table_no += 1
                store.create_table(tid, run.state.rules, seed, names)
                for seq, (cj, ej, n) in enumerate(rows, start=1):
                    store.append(tid, seq, cj, ej)
                    appends += 1
                    events += n
                    if appends % 50 == 0 and time.perf_counter() >= deadline:
                        done = True
                        break
            elapsed = time.perf_counter() - start
        finally:
            store.close()
    return {
        "appends_per_s": round(appends / elapsed, 1),
        "events_per_s": round(events / elapsed, 1),
        "events_per_append": round(events / appends, 2),
        "append_ms": round(elapsed * 1000 / appends, 3),
        "appends": appends,
        "synchronous": "FULL",
        "journal": "WAL",
    }


async def _table_match(store: Store, seed: int) -> Table:
    settings = TableSettings.build(
        TABLE_PRESET,
        seed,
        bots=bot_specs(seed, range(RuleSet.preset(TABLE_PRESET).players)),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    return t


def bench_table(seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="shengji-bench-") as tmp:
        store = Store(db_path(tmp))
        try:
            start = time.perf_counter()
            t = asyncio.run(_table_match(store, seed))
            elapsed = time.perf_counter() - start
        finally:
            store.close()
    moves = t.state.version
    return {
        "preset": TABLE_PRESET,
        "moves": moves,
        "seconds_per_match": round(elapsed, 2),
        "moves_per_s": round(moves / elapsed, 1),
    }


def run(presets: list[str], seconds: float, seed: int) -> dict[str, Any]:
    engine = {p: bench_matches(p, seconds, seed + k) for k, p in enumerate(presets)}
    return {
        "python": platform.python_version(),
        "seconds_per_preset": seconds,
        "seed": seed,
        "engine": engine,
        "store": bench_store(min(max(seconds, 1.0), 5.0), seed),
        "table": bench_table(seed),
    }


def format_text(r: dict[str, Any]) -> str:
    lines = [
        f"engine benchmark: bot-only matches (2 to A) with random players, "
        f"~{r['seconds_per_preset']:g} s per preset, seed {r['seed']}, one core "
        f"(Python {r['python']})",
        "",
        f"{'preset':<12}{'matches':>8}{'matches/min':>13}{'moves/s':>10}"
        f"{'deals/match':>13}{'moves/match':>13}",
    ]
    for name, e in r["engine"].items():
        lines.append(
            f"{name:<12}{e['matches']:>8}{e['matches_per_min']:>13.1f}{e['moves_per_s']:>10.0f}"
            f"{e['deals_per_match']:>13.1f}{e['moves_per_match']:>13.0f}"
        )
    s = r["store"]
    lines += [
        "",
        f"store (SQLite WAL, synchronous=FULL, one transaction per move): "
        f"{s['appends_per_s']:.0f} appends/s, {s['events_per_s']:.0f} events/s "
        f"({s['append_ms']:.2f} ms per append, {s['events_per_append']:.2f} events each)",
    ]
    t = r["table"]
    lines.append(
        f"table ({t['preset']}, bot-only, stored, no delays): {t['moves']} moves in "
        f"{t['seconds_per_match']:.2f} s ({t['moves_per_s']:.0f} moves/s)"
    )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    chosen: list[str] = list(args.preset) if args.preset else list(SUPPORTED)
    presets = list(dict.fromkeys(chosen))
    bad = [p for p in presets if p not in SUPPORTED]
    if bad:
        print(f"shengji: the engine does not play {', '.join(bad)} yet", file=sys.stderr)
        return 2
    seconds = float(args.seconds)
    if seconds <= 0:
        print("shengji: --seconds must be positive", file=sys.stderr)
        return 2
    result = run(presets, seconds, int(args.seed))
    if args.json:
        print(json.dumps(result))
    else:
        print(format_text(result))
    return 0
