"""`shengji play`: a game against bots (or hotseat), in this terminal, kept in
the store of the data directory so that it can be resumed (`--resume`, or the
start menu); `--no-save` keeps it in memory only.

The command opens the store (`saves.Saves` over `store.Store`) and hands the
app its table factory and the saved games; nothing under `tui/` opens or
imports the store itself (tests/test_tui_without_store.py)."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from pathlib import Path

from .bots import bot_level
from .players.settings import PlayerSettings
from .rules import RuleSet
from .saves import DEFAULT_BOT_LEVEL, Saves, hotseat_problem, hotseat_seats, new_table
from .store import Store, StoreError, default_data_dir
from .table import rules_from_file
from .text import Catalogue, detect_lang
from .tui.app import AppSetup, ShengjiApp
from .tui.contract import GameOptions, TableLike
from .tui.options import add_play_arguments

__all__ = [
    "add_play_arguments",
    "build_app",
    "data_dir_of",
    "hotseat_seats",
    "make_table",
    "open_saves",
    "run_play",
]


def make_table(
    options: GameOptions, cat: Catalogue, store: Store | None = None
) -> tuple[TableLike, list[int]]:
    """A new table for `options` (kept in `store` when given)."""
    return new_table(options, cat, store)


def data_dir_of(args: argparse.Namespace) -> Path:
    """`--data-dir`, else `$SHENGJI_DATA_DIR`, else `~/.local/share/shengji-tui`."""
    given = getattr(args, "data_dir", None)
    return Path(given).expanduser() if given else default_data_dir()


def open_saves(args: argparse.Namespace) -> Saves | None:
    """The store of the data directory; None with `--no-save`. Raises StoreError."""
    if getattr(args, "no_save", False):
        return None
    return Saves.open(data_dir_of(args))


def build_app(args: argparse.Namespace) -> tuple[ShengjiApp | None, Saves | None, str]:
    """The app `shengji play` runs and the store it uses, or (None, None, why not)."""
    from .engine.state import SUPPORTED

    resume = getattr(args, "resume", None)
    rules: RuleSet | None = None
    if getattr(args, "rules", None):
        if resume is not None:
            return None, None, "--rules makes a new game: it cannot be used with --resume"
        try:
            rules = rules_from_file(args.rules)
        except ValueError as e:
            return None, None, str(e)
    elif resume is None and args.preset not in SUPPORTED:
        return (
            None,
            None,
            f"the {args.preset!r} preset cannot be played yet; "
            f"choose one of: {', '.join(SUPPORTED)}",
        )
    hotseat = getattr(args, "hotseat", None)
    if resume is None and hotseat is not None:
        problem = hotseat_problem(hotseat, rules or RuleSet.preset(args.preset))
        if problem:
            return None, None, problem
    if resume is not None and getattr(args, "no_save", False):
        return None, None, "--resume reads the store: it cannot be used with --no-save"
    try:
        saves = open_saves(args)
    except StoreError as e:
        return None, None, f"{e} (--no-save plays without the store)"
    resume_id: str | None = None
    if resume is not None:
        assert saves is not None
        try:
            resume_id = saves.resolve(resume or None)
        except StoreError as e:
            saves.close()
            return None, None, str(e)
    # the player's own settings (their record in the store: the menu's and the
    # palette's choices); a flag given now wins for this game
    mine = saves.settings() if saves is not None else PlayerSettings()
    lang = args.lang or mine.lang or detect_lang(os.environ)
    pace = GameOptions()  # (the defaults: a pace people can follow)
    deal_delay = getattr(args, "deal_delay", None)
    declare_delay = getattr(args, "declare_delay", None)
    options = GameOptions(
        preset=rules.name if rules is not None else args.preset,
        rules=rules,
        seed=args.seed,
        humans=hotseat or 1,
        bot_delay=args.bot_delay,
        deal_delay=pace.deal_delay if deal_delay is None else deal_delay,
        declare_delay=pace.declare_delay if declare_delay is None else declare_delay,
        bots=bot_level(getattr(args, "bots", None) or DEFAULT_BOT_LEVEL),
        card_counter=mine.card_counter,
        bell=bool(getattr(args, "bell", False)) or mine.bell,
        estimate=not getattr(args, "no_estimate", False) and mine.estimate,
        auto_declare=bool(getattr(args, "auto_declare", False)) or mine.auto_declare,
        auto_forced=bool(getattr(args, "auto_play_forced", False)) or mine.auto_forced,
    )
    factory = make_table if saves is None else functools.partial(make_table, store=saves.store)
    setup = AppSetup(
        lang=lang,
        ascii=args.ascii or mine.ascii,
        theme=args.theme or mine.theme,
        menu=args.menu,
        table_factory=factory,
        options=options,
        saves=saves,
        resume=resume_id,
        settings=mine,
        keep_settings=saves.keep_settings if saves is not None else None,
    )
    app = ShengjiApp(setup=setup)  # (each game seated as it starts: solo or hotseat)
    return app, saves, ""


def run_play(args: argparse.Namespace) -> int:
    app, saves, why = build_app(args)
    if app is None:
        print(f"shengji: {why}", file=sys.stderr)
        return 2 if getattr(args, "resume", None) is None else 1
    if sys.__stdin__ is not None and sys.__stdin__.isatty():
        app.watch_terminal(sys.__stdin__.fileno())
    try:
        app.run()
    finally:
        left = app.left_game
        if saves is not None:
            saves.close()
    if left:
        more = f" --data-dir {args.data_dir}" if getattr(args, "data_dir", None) else ""
        print(f"The game is saved: `shengji play --resume {left}{more}` continues it.")
    return app.return_code or 0  # (an app that failed: Textual's 1, its traceback shown)
