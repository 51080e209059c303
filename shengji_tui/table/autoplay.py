"""`shengji autoplay`: a headless process that plays bot-only tables to the end.

It resumes every unfinished table it made itself (ids `auto-...`, rebuilt from
the log; any seat without a bot gets a random bot; a table that cannot be
rebuilt is said and left as it is), or, when there is none, creates `--tables`
new bot-only tables, their bots of `--bots` levels (one per seat, repeated
round the table; default random): games to analyse (`shengji analyse`). The
store may be shared with `shengji play` and the SSH server: their games
(humans' games) are never touched.
Every move is stored before the next one is made, so the process can be killed
at any moment (SIGKILL included) and started again: the matches continue to
the result they would have had uninterrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import uuid
from pathlib import Path

from ..bots import BotLevel, BotSpec, bot_level
from ..engine import SUPPORTED
from ..rules import RuleSet
from ..store import Store, StoreError, db_path, default_data_dir
from .settings import Pacing, TableSettings, bot_seed, bot_specs
from .table import Table

BOT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Fay")
AUTO_PREFIX = "auto-"  # the ids of autoplay's own tables


def bot_names(players: int) -> list[str]:
    """A name for every seat of a table of `players`."""
    return [BOT_NAMES[s] if s < len(BOT_NAMES) else f"bot {s + 1}" for s in range(players)]


def _say(text: str) -> None:
    print(text, flush=True)


def _describe(t: Table) -> str:
    st = t.state
    return (
        f"table {t.table_id}: {t.rules.name}, seed {t.seed}, move {st.version}, "
        f"deal {st.deal_no + 1}, levels {' '.join(st.levels)}"
    )


def _result(t: Table) -> str:
    st = t.state
    winners = " and ".join(t.seats[s].name for s in st.winners)
    if st.rules.match_deals is not None:  # eighty points: a match of deals, on match points
        scores = " ".join(str(v) for v in st.match_scores)
        return (
            f"table {t.table_id} finished: {winners} win on match points after "
            f"{st.deal_no + 1} deals and {st.version} moves; match scores {scores}"
        )
    return (
        f"table {t.table_id} finished: {winners} win at level {st.rules.levels[-1]} "
        f"after {st.deal_no + 1} deals and {st.version} moves; levels {' '.join(st.levels)}"
    )


def seat_levels(text: str, players: int) -> list[BotLevel]:
    """`--bots`: a level per seat (`hard,normal`: repeated round the table).
    ValueError with a sentence for an unknown level or more levels than seats."""
    levels = [bot_level(t.strip()) for t in text.split(",") if t.strip()]
    if not levels:
        raise ValueError("--bots needs at least one level")
    if len(levels) > players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} seats")
    return [levels[s % len(levels)] for s in range(players)]


async def autoplay(
    data_dir: Path,
    preset: str,
    seed: int | None,
    tables: int,
    bot_delay: float,
    deal_delay: float,
    bots: str = "random",
) -> int:
    store = Store(db_path(data_dir))
    running: list[Table] = []
    pacing = Pacing(bot_delay=bot_delay, deal_delay=deal_delay)
    skipped = 0
    try:
        unfinished = store.unfinished()
        ids = [tid for tid in unfinished if tid.startswith(AUTO_PREFIX)]
        if len(ids) < len(unfinished):
            left = len(unfinished) - len(ids)
            games = "1 unfinished game" if left == 1 else f"{left} unfinished games"
            _say(
                f"left {games} of shengji play or "
                "the SSH server as they are (autoplay resumes only its own tables)"
            )
        for tid in ids:
            try:
                t = Table.restore(store, tid, adjust=lambda st: st.replace(pacing=pacing))
            except StoreError as e:  # a damaged log, a bot of an unknown level
                _say(f"table {tid} cannot be resumed: {e}; it is left in the store as it is")
                skipped += 1
                continue
            for s, info in enumerate(t.seats):
                if info.kind != "bot":
                    t.set_bot(s, BotSpec(level="random", seed=bot_seed(t.seed, s), name=info.name))
            running.append(t)
            _say(f"resumed {_describe(t)}")
        if not ids:
            base = seed if seed is not None else random.randrange(2**31)
            rs = RuleSet.preset(preset)
            names = bot_names(rs.players)
            levels = seat_levels(bots, rs.players)
            for k in range(tables):
                s = base + k
                specs = {
                    seat: spec
                    for seat in range(rs.players)
                    for spec in bot_specs(s, [seat], levels[seat], names).values()
                }
                settings = TableSettings.build(rs, s, names=names, bots=specs, pacing=pacing)
                t = Table(
                    settings, table_id=f"{AUTO_PREFIX}{s}-{uuid.uuid4().hex[:6]}", store=store
                )
                running.append(t)
                _say(f"new {_describe(t)}")
        for t in running:
            await t.start()
        for t in running:
            await t.wait_finished()
            _say(_result(t))
        return 1 if skipped else 0
    finally:
        for t in running:
            await t.close()
        store.close()


def main(args: argparse.Namespace) -> int:
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    if args.preset not in SUPPORTED:
        print(f"shengji: the engine does not play {args.preset!r} yet", file=sys.stderr)
        return 2
    if args.tables < 1:
        print("shengji: --tables must be at least 1", file=sys.stderr)
        return 2
    bots = getattr(args, "bots", None) or "random"
    try:
        seat_levels(bots, RuleSet.preset(args.preset).players)
    except ValueError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(
            autoplay(
                data_dir,
                args.preset,
                args.seed,
                args.tables,
                max(0.0, args.bot_delay),
                max(0.0, args.deal_delay),
                bots,
            )
        )
    except StoreError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 2
