"""The `shengji play` command's arguments (no Textual import here: the CLI
builds its parser for every command)."""

from __future__ import annotations

import argparse

# `bots.LEVELS`, written out: importing the bots would slow every command down
# (tests/tui/test_pilot_saved.py checks the two agree)
BOT_LEVELS = ("random", "easy", "normal", "hard")


def bot_choice(text: str) -> str:
    """A built-in level, or `external:COMMAND` (bots.bot_level checks it again)."""
    if text.strip().lower() in BOT_LEVELS:
        return text.strip().lower()
    if text.strip().lower().startswith("external:") and text.split(":", 1)[1].strip():
        return text.strip()
    raise argparse.ArgumentTypeError(
        f"{text!r}: the levels are {', '.join(BOT_LEVELS)} and external:COMMAND"
    )


def add_play_arguments(p: argparse.ArgumentParser, presets: tuple[str, ...]) -> None:
    p.add_argument("--preset", default="classic", choices=presets)
    p.add_argument(
        "--rules",
        default=None,
        metavar="FILE",
        help="play the rules of a .toml or .json file (see `shengji rules`) instead of a preset",
    )
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
        help="N humans (2 up to the preset's seats, default 2) share this keyboard; "
        "bots take the other seats",
    )
    p.add_argument(
        "--bots",
        type=bot_choice,
        default=None,
        help="the bots' level: random, easy, normal, hard, or external:COMMAND (a program "
        "playing by docs/bot-protocol.md; default: normal)",
    )
    p.add_argument(
        "--menu", action="store_true", help="start at the menu (new game or resume a stored one)"
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="resume a stored unfinished game (its id or the start of it; "
        "no ID: the one played last)",
    )
    p.add_argument(
        "--data-dir",
        default=None,
        help="where games are stored (default: $SHENGJI_DATA_DIR or ~/.local/share/shengji-tui)",
    )
    p.add_argument(
        "--no-save",
        action="store_true",
        help="keep the game in memory only (it cannot be resumed)",
    )
    p.add_argument(
        "--no-estimate",
        action="store_true",
        help="auctions: the bidding panel does not tell what your hand is worth",
    )
    p.add_argument("--theme", default=None, help="a Textual theme name (default: shengji)")
    p.add_argument("--bell", action="store_true", help="ring the terminal's bell on your turn")
    p.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits")
    p.add_argument("--deal-delay", type=float, default=0.05, help="seconds between cards")
