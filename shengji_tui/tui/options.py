"""The `shengji play` command's arguments (no Textual import here: the CLI
builds its parser for every command)."""

from __future__ import annotations

import argparse


def add_play_arguments(p: argparse.ArgumentParser, presets: tuple[str, ...]) -> None:
    p.add_argument("--preset", default="classic", choices=presets)
    p.add_argument("--seed", type=int, default=None, help="deal the same cards again")
    p.add_argument(
        "--lang", choices=["en", "zh"], default=None, help="language (default: from LANG)"
    )
    p.add_argument("--ascii", action="store_true", help="S H D C instead of suit glyphs")
    p.add_argument(
        "--hotseat",
        type=int,
        nargs="?",
        const=2,
        default=None,
        metavar="N",
        help="N humans (2-4, default 2) share this keyboard; bots take the other seats",
    )
    p.add_argument("--menu", action="store_true", help="start at the new-game menu")
    p.add_argument("--theme", default=None, help="a Textual theme name (default: shengji)")
    p.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits")
    p.add_argument("--deal-delay", type=float, default=0.05, help="seconds between cards")
