"""The `shengji play` command's arguments (no Textual import here: the CLI
builds its parser for every command)."""

from __future__ import annotations

import argparse

from ..entered import (
    MAX_SEED,
    MOST_BOT_DELAY,
    MOST_DEAL_DELAY,
    MOST_DECLARE_DELAY,
    seconds_arg,
    seed_arg,
)

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
    game = p.add_argument_group("the game")
    game.add_argument(
        "--preset",
        default="classic",
        choices=presets,
        help="the rules (`shengji rules PRESET` prints them)",
    )
    game.add_argument(
        "--rules",
        default=None,
        metavar="FILE",
        help="play the rules of a .toml or .json file (see `shengji rules`) instead of a preset",
    )
    game.add_argument(
        "--seed", type=seed_arg, default=None, help=f"deal the same cards again (0 to {MAX_SEED})"
    )
    game.add_argument(
        "--hotseat",
        type=int,
        nargs="?",
        const=2,
        default=None,
        metavar="N",
        help="N humans (2 up to the preset's seats, default 2) share this keyboard; "
        "bots take the other seats",
    )
    game.add_argument(
        "--bots",
        type=bot_choice,
        default=None,
        help="the bots' level: random, easy, normal, hard, or external:COMMAND (a program "
        "playing by docs/bot-protocol.md; default: normal)",
    )
    stored = p.add_argument_group("stored games")
    stored.add_argument(
        "--menu", action="store_true", help="start at the menu (new game or resume a stored one)"
    )
    stored.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="resume a stored unfinished game (its id or the start of it; "
        "no ID: the one played last)",
    )
    stored.add_argument(
        "--data-dir",
        default=None,
        help="where games are stored (default: $SHENGJI_DATA_DIR or ~/.local/share/shengji-tui)",
    )
    stored.add_argument(
        "--no-save",
        action="store_true",
        help="keep the game in memory only (it cannot be resumed)",
    )
    screen = p.add_argument_group("the screen")
    screen.add_argument(
        "--lang", choices=["en", "zh"], default=None, help="language (default: from LANG)"
    )
    screen.add_argument("--ascii", action="store_true", help="S H D C instead of suit glyphs")
    screen.add_argument("--theme", default=None, help="a Textual theme name (default: shengji)")
    screen.add_argument("--bell", action="store_true", help="ring the terminal's bell on your turn")
    screen.add_argument(
        "--no-estimate",
        action="store_true",
        help="auctions: the bidding panel does not tell what your hand is worth",
    )
    pace = p.add_argument_group("pace")
    pace.add_argument(
        "--bot-delay", type=seconds_arg(MOST_BOT_DELAY), default=0.6, help="seconds a bot waits"
    )
    pace.add_argument(
        "--deal-delay",
        type=seconds_arg(MOST_DEAL_DELAY),
        default=None,
        help="seconds between cards (default: 0.2, a pace a person can follow; "
        "space holds the deal, f deals the rest)",
    )
    pace.add_argument(
        "--declare-delay",
        type=seconds_arg(MOST_DECLARE_DELAY),
        default=None,
        help="seconds a bot takes to declare once it can (default: 1.5, as a person; 0: at once)",
    )
    helps = p.add_argument_group("help with the play")
    helps.add_argument(
        "--auto-declare",
        action="store_true",
        help="declare for me when it is worth it, as a good player would",
    )
    helps.add_argument(
        "--auto-play-forced",
        action="store_true",
        help="play my follow at once when only one is legal",
    )
