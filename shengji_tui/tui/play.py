"""`shengji play`: a game against bots (or hotseat), in this terminal."""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

from ..rules import RuleSet
from .app import GameOptions, ShengjiApp, TableLike
from .i18n import Catalogue, detect_lang
from .options import add_play_arguments

__all__ = ["add_play_arguments", "make_table", "run_play"]


def hotseat_seats(humans: int, players: int) -> list[int]:
    """Where the humans sit: alone at the bottom; two humans as partners; more in turn."""
    humans = max(1, min(humans, players))
    if humans == 1:
        return [0]
    if humans == 2 and players == 4:
        return [0, 2]
    return list(range(humans))


def make_table(options: GameOptions, cat: Catalogue) -> tuple[TableLike, list[int]]:
    from ..bots import RandomBot
    from ..table import Table

    rs = RuleSet.preset(options.preset)
    seed = options.seed if options.seed is not None else random.randrange(2**31)
    humans = hotseat_seats(options.humans, rs.players)
    bot_names = [n.strip() for n in cat.t("names.bots").split(",")]
    names: list[str] = []
    bots: dict[int, Any] = {}
    b = 0
    for s in range(rs.players):
        if s in humans:
            if len(humans) == 1:
                names.append(cat.t("names.you"))
            else:
                names.append(cat.t("names.player", n=humans.index(s) + 1))
        else:
            name = bot_names[b % len(bot_names)]
            b += 1
            names.append(name)
            bots[s] = RandomBot(seed=seed * 8 + s, name=name)
    table = Table(
        rs,
        seed,
        names=names,
        bots=bots,
        bot_delay=options.bot_delay,
        deal_delay=options.deal_delay,
        declare_window=options.declare_window,
    )
    return table, humans


def run_play(args: argparse.Namespace) -> int:
    from ..engine.state import SUPPORTED

    if args.preset not in SUPPORTED:
        print(
            f"shengji: the {args.preset!r} preset cannot be played yet; "
            f"choose one of: {', '.join(SUPPORTED)}",
            file=sys.stderr,
        )
        return 2
    lang = args.lang or detect_lang(os.environ)
    options = GameOptions(
        preset=args.preset,
        seed=args.seed,
        humans=args.hotseat or 1,
        bot_delay=args.bot_delay,
        deal_delay=args.deal_delay,
    )
    app = ShengjiApp(
        lang=lang,
        ascii=args.ascii,
        theme=args.theme,
        menu=args.menu,
        table_factory=make_table,
        options=options,
    )
    app.run()
    return 0
