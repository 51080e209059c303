"""`shengji analyse GAME [--deal N] [--seat S] [--budget-ms MS] [--json]`: a
stored game's deal analysed for one seat (every decision priced by the
search), with a progress bar on stderr while it runs; Ctrl-C stops it and
keeps nothing. An analysis is kept in the store: asked again, it is read
back at once."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..entered import number_arg
from ..store import Store, StoreError, db_path, default_data_dir
from ..text import CardText, Catalogue, detect_lang
from .analysis import Cancelled, DealAnalysis, scored_deals
from .price import DEFAULT_BUDGET_MS
from .stored import StoreShelf, analyse_kept, game_log, seat_of
from .words import choice_text, class_text, cost_text, kind_text, reason_text, summary_lines

MOST_BUDGET_MS = 60_000.0  # a minute of the search's work a decision


def add_arguments(p: argparse.ArgumentParser) -> None:
    which = p.add_argument_group("which decisions")
    which.add_argument("id", help="the game's id (or the start of it; see: shengji replay --list)")
    which.add_argument(
        "--deal", type=int, default=None, help="the deal (1, 2, ...; default the last)"
    )
    which.add_argument(
        "--seat",
        default=None,
        help="the seat (1, 2, ... or a player's name; default the first human's, else 1)",
    )
    which.add_argument(
        "--data-dir",
        help="where games are stored (default: $SHENGJI_DATA_DIR or ~/.local/share/shengji-tui)",
    )
    search = p.add_argument_group("the search")
    search.add_argument(
        "--budget-ms",
        type=number_arg(float, 1, MOST_BUDGET_MS, "milliseconds"),
        default=DEFAULT_BUDGET_MS,
        help="the search's work per decision, in milliseconds of counted steps",
    )
    search.add_argument(
        "--workers", type=int, default=None, help="processes (default: one per core)"
    )
    out = p.add_argument_group("output")
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument(
        "--lang", choices=["en", "zh"], default=None, help="language (default: from LANG)"
    )


def analysis_json(
    a: DealAnalysis, cat: Catalogue, ct: CardText, names: list[str], cached: bool
) -> dict[str, Any]:
    """The command's JSON: every decision, then the summary."""

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else f"seat {s + 1}"

    decisions = []
    for v in a.verdicts:
        p = v.priced
        decisions.append(
            {
                "kind": v.kind,
                "played": v.played,
                "best": v.best,
                "cost_points": round(p.cost_points, 2),
                "cost_levels": round(p.cost_levels, 4),
                "stderr_points": round(p.stderr_points, 2),
                "stderr_levels": round(p.stderr_levels, 4),
                "class": v.cls,
                "reason": reason_text(v, cat, ct, name),
                "trick": v.trick,
                "move": v.move,
                "samples": p.samples,
                "priced": not p.unpriced,
            }
        )
    s = a.summary()
    return {
        "game": a.table_id,
        "deal": a.deal_no + 1,
        "seat": a.seat + 1,
        "name": name(a.seat),
        "budget_ms": a.budget_ms,
        "cached": cached,
        "decisions": decisions,
        "summary": {
            "decisions": s.decisions,
            "priced": s.priced,
            "cost_points": round(s.cost_points, 2),
            "cost_levels": round(s.cost_levels, 4),
            "counts": s.counts,
            "worst": [
                {"index": i, "kind": decisions[i]["kind"], "played": decisions[i]["played"]}
                for i in s.worst
            ],
        },
    }


def analysis_text(
    a: DealAnalysis, cat: Catalogue, ct: CardText, names: list[str], cached: bool
) -> str:
    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else f"seat {s + 1}"

    out = [cat.t("coach.title", name=name(a.seat), deal=a.deal_no + 1)]
    if cached:
        out.append(cat.t("coach.cached"))
    out.append("")
    for v in a.verdicts:
        head = f"{kind_text(v, cat)}: {choice_text(v.played, cat, ct, v.kind)}"
        if v.cls != "fine":
            head += f"  [{class_text(v.cls, cat)}: {cost_text(v, cat)}]"
        out.append(head)
        out.append("    " + reason_text(v, cat, ct, name))
    out.append("")
    out.extend(summary_lines(a, cat, ct, name))
    return "\n".join(out) + "\n"


def main(args: argparse.Namespace) -> int:
    from ..replay_cli import resolve_id

    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    path = db_path(data_dir)
    if not path.exists():
        print(f"no games are stored in {data_dir} yet", file=sys.stderr)
        return 1
    lang = args.lang or detect_lang(os.environ)
    cat = Catalogue(lang)
    ct = CardText(cat, ascii=True)
    try:
        with Store(path) as store:
            tid = resolve_id(store, args.id)
            stored = store.load(tid)
            game = game_log(store, tid)
            deals = scored_deals(game)
            if deals == 0:
                print(f"shengji: no deal of {tid} is over yet", file=sys.stderr)
                return 1
            deal = deals if args.deal is None else args.deal
            if not 1 <= deal <= deals:
                why = "is not over" if deal > deals else "does not exist (deals count from 1)"
                print(
                    f"shengji: deal {deal} of {tid} {why} (deals 1-{deals} are over)",
                    file=sys.stderr,
                )
                return 2
            try:
                seat = seat_of(args.seat, stored.names, stored.settings)
            except ValueError as e:
                print(f"shengji: {e}", file=sys.stderr)
                return 2
            names = stored.names
            who = names[seat] if seat < len(names) else f"seat {seat + 1}"
            a, cached = _run(
                store, game, deal - 1, seat, args, cat.t("coach.progress", name=who, deal=deal)
            )
    except StoreError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 1
    except Cancelled:
        print(cat.t("coach.stopped"), file=sys.stderr)
        return 130
    if args.json:
        text = json.dumps(analysis_json(a, cat, ct, names, cached), ensure_ascii=False, indent=2)
        sys.stdout.write(text + "\n")
    else:
        sys.stdout.write(analysis_text(a, cat, ct, names, cached))
    return 0


def _run(
    store: Store, game: Any, deal_no: int, seat: int, args: argparse.Namespace, label: str
) -> tuple[DealAnalysis, bool]:
    """The analysis with a Rich progress bar on stderr (Ctrl-C: `Cancelled`)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(
        TextColumn("{task.description}", markup=False),  # (a player's name: never markup)
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task(label, total=None)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    try:
        with bar:
            return analyse_kept(
                StoreShelf(store),
                game,
                deal_no,
                seat,
                budget_ms=args.budget_ms,
                workers=args.workers,
                progress=progress,
            )
    except KeyboardInterrupt:
        raise Cancelled from None
