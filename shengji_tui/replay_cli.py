"""`shengji replay --list` and `shengji replay ID`: stored games as text (a game
is told by the narrator of the TUI's log, `shengji_tui.text.narrate_game`, in
the language of `--lang` or the locale, cards in ASCII notation); `--json`:
the game as one `GameRecord` (every deal: the hands as dealt, the kitty, the
tricks, the result); `--review`: the deals stepped through in the terminal.
The command opens the store and hands the review app its record (nothing
under tui/ opens the store)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from .engine import new_game
from .store import Store, StoreError, TableSummary, UnknownTable, db_path, default_data_dir
from .store.record import GameRecord, game_record
from .store.replay import replay
from .text import Catalogue, detect_lang, narrate_game


def _when(t: float | None) -> str:
    return "-" if t is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def _winners(s: TableSummary) -> str:
    res = s.result or {}
    winners = res.get("winners") or []
    names = [s.names[w] if 0 <= w < len(s.names) else f"seat {w + 1}" for w in winners]
    return " and ".join(names) if names else "?"


def _games(n: int, which: str) -> str:
    return f"1 {which} game" if n == 1 else f"{n} {which} games"


def list_games(store: Store) -> str:
    done = store.finished()
    open_ids = store.unfinished()
    lines: list[str] = []
    if not done:
        lines.append(f"no finished games in {store.path}")
    else:
        lines.append(f"{_games(len(done), 'finished')} in {store.path}:")
        width = max(len(s.table_id) for s in done)
        for s in done:
            deals = (s.result or {}).get("deals", "?")
            dealt = "1 deal" if deals == 1 else f"{deals} deals"
            lines.append(
                f"  {s.table_id.ljust(width)}  {_when(s.finished_at)}  {s.preset:<10}  "
                f"seed {s.seed:<10}  {dealt}  won by {_winners(s)}"
            )
    if open_ids:
        lines.append(f"({_games(len(open_ids), 'unfinished')}: {', '.join(open_ids)})")
    aside = [tid for tid, _ in store.set_aside_tables()]
    if aside:
        lines.append(
            f"({_games(len(aside), 'set-aside')}, stopped by an error: {', '.join(aside)})"
        )
    return "\n".join(lines) + "\n"


def resolve_id(store: Store, wanted: str) -> str:
    """An exact table id, or the one id that starts with `wanted`."""
    ids = [s.table_id for s in store.tables()]
    if wanted in ids:
        return wanted
    matches = [i for i in ids if i.startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UnknownTable(f"{wanted!r} names several games: {', '.join(matches)}")
    raise UnknownTable(f"there is no game {wanted!r} in {store.path} (see: shengji replay --list)")


def game_text(store: Store, table_id: str, cat: Catalogue | None = None) -> str:
    cat = cat or Catalogue("en")
    t = cat.t
    stored = store.load(resolve_id(store, table_id))
    rebuilt = replay(stored)
    names = stored.names
    seats = t("team.list_sep").join(t("replay.seat", name=n, n=k + 1) for k, n in enumerate(names))
    state = t("replay.finished" if stored.finished_at is not None else "replay.unfinished")
    title = [
        t(
            "replay.title",
            id=stored.table_id,
            preset=stored.rules.name,
            seed=stored.seed,
            moves=len(stored.log),
            state=state,
        ),
        t("replay.players", list=seats),
        "",
    ]
    # the first deal starts with the game (its events are not a move's)
    events = [*new_game(stored.rules, stored.seed).log, *(e for evs in rebuilt.events for e in evs)]
    return "\n".join(title + narrate_game(stored.rules, names, events, cat)) + "\n"


def review(record: GameRecord, lang: str, ascii: bool, store: Store | None = None) -> int:
    """Step through the game's deals in the terminal (a Textual app); with its
    `store`, `a` analyses any seat's decisions there (the coach)."""
    if not record.deals:
        print(Catalogue(lang).t("review.no_deals", id=record.table_id))
        return 1
    from .coach.service import Analyst, Source
    from .coach.stored import game_log, seat_of
    from .tui.review.app import ReviewApp

    analyst, seat = None, 0
    if store is not None:
        analyst = Analyst(Source(game_log(store, record.table_id), store))
        stored = store.load(record.table_id)
        seat = seat_of(None, stored.names, stored.settings)
    ReviewApp(record, lang=lang, ascii=ascii, analyst=analyst, seat=seat).run()
    return 0


def main(args: argparse.Namespace) -> int:
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    path = db_path(data_dir)
    if not args.list and not args.id:
        print("shengji: name a game to replay, or use --list", file=sys.stderr)
        return 2
    if not path.exists():
        print(f"no games are stored in {data_dir} yet")
        return 0 if args.list else 1
    lang = getattr(args, "lang", None) or detect_lang(os.environ)
    try:
        with Store(path) as store:
            if getattr(args, "review", False) and not args.list:
                record = game_record(store.load(resolve_id(store, args.id)))
                return review(record, lang, bool(getattr(args, "ascii", False)), store)
            if args.list:
                text = list_games(store)
            elif getattr(args, "json", False):
                record = game_record(store.load(resolve_id(store, args.id)))
                text = record.model_dump_json(indent=2) + "\n"
            else:
                text = game_text(store, args.id, Catalogue(lang))
    except StoreError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0
