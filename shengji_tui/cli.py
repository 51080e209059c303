"""The `shengji` command: play, bench, rules, replay, analyse, autoplay, serve,
and the host's invite, players, stats, backup."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .entered import MOST_BOT_DELAY, MOST_DEAL_DELAY, seconds_arg, seed_arg


def _cmd_rules(args: argparse.Namespace) -> int:
    from .rules import RuleSet

    try:
        rs = RuleSet.preset(args.preset) if args.file is None else RuleSet.load(args.file)
    except ValueError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(rs.model_dump_json(indent=2))
    else:
        print(rs.to_toml(), end="")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "rules":
        from .bench.rules_bench import main as bench_rules

        return bench_rules(args)
    if args.what == "engine":
        from .table.bench import main as bench_engine

        return bench_engine(args)
    if args.what == "bots":
        from .bench.bots_bench import main as bench_bots

        return bench_bots(args)
    print(f"shengji: unknown benchmark {args.what!r}", file=sys.stderr)
    return 2


def _cmd_play(args: argparse.Namespace) -> int:
    from .play_cli import run_play
    from .tui.terminal import patches

    patches.install()
    return run_play(args)


def _cmd_replay(args: argparse.Namespace) -> int:
    from .replay_cli import main as replay_main

    return replay_main(args)


def _cmd_analyse(args: argparse.Namespace) -> int:
    from .coach.cli import main as analyse_main

    return analyse_main(args)


def _cmd_autoplay(args: argparse.Namespace) -> int:
    from .table.autoplay import main as autoplay_main

    return autoplay_main(args)


def _cmd_serve(args: argparse.Namespace) -> int:
    from .server.cli import main as serve_main
    from .tui.terminal import patches

    patches.install(server=True)
    return serve_main(args)


def build_parser() -> argparse.ArgumentParser:
    from .clihelp import HelpFormatter, use_everywhere, version
    from .rules import PRESET_NAMES

    p = argparse.ArgumentParser(
        prog="shengji",
        description="升级 / 拖拉机 in the terminal. Without a command: the game's start menu "
        "(`shengji play --menu`).",
        formatter_class=HelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="play a game against bots (or hotseat) in this terminal")
    from .tui.options import add_play_arguments

    add_play_arguments(play, PRESET_NAMES)
    play.set_defaults(func=_cmd_play)

    bench = sub.add_parser("bench", help="benchmarks")
    bench.add_argument(
        "what",
        choices=["rules", "engine", "bots", "ssh", "attack"],
        help="ssh: `shengji bench ssh --help` (T tables of 4 SSH clients against a server); "
        "attack: `shengji bench attack --help` (floods against a server)",
    )
    every = bench.add_argument_group("every benchmark")
    every.add_argument(
        "--preset",
        action="append",
        choices=PRESET_NAMES,
        help="preset(s) to measure (default: every preset)",
    )
    every.add_argument(
        "--seed",
        type=seed_arg,
        default=1,
        help="the random seed (bench bots: set i deals the cards of seed + i)",
    )
    every.add_argument("--json", action="store_true", help="print one JSON object")
    timed = bench.add_argument_group("bench rules, bench engine")
    timed.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    from .bench.bots_bench import add_arguments as add_bots_bench_arguments

    add_bots_bench_arguments(bench)
    bench.set_defaults(func=_cmd_bench)

    data_help = "where games are stored (default: $SHENGJI_DATA_DIR or ~/.local/share/shengji-tui)"
    replay = sub.add_parser("replay", help="list stored games, or tell one move by move")
    which = replay.add_argument_group("which game")
    which.add_argument("id", nargs="?", help="the game's id (or the start of it)")
    which.add_argument("--list", action="store_true", help="list the finished games")
    which.add_argument("--data-dir", help=data_help)
    how = replay.add_argument_group("how it is told")
    how.add_argument(
        "--lang", choices=["en", "zh"], default=None, help="language (default: from LANG)"
    )
    how.add_argument(
        "--json",
        action="store_true",
        help="the game as JSON: every deal's hands as dealt, kitty, tricks and result",
    )
    how.add_argument(
        "--review",
        action="store_true",
        help="step through every deal in the terminal: the hands as dealt, the kitty, each trick",
    )
    how.add_argument("--ascii", action="store_true", help="(--review) S H D C, no glyphs")
    replay.set_defaults(func=_cmd_replay)

    analyse = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="a stored game's deal analysed for one seat: every decision priced by the search",
    )
    from .coach.cli import add_arguments as add_analyse_arguments

    add_analyse_arguments(analyse)
    analyse.set_defaults(func=_cmd_analyse)

    auto = sub.add_parser(
        "autoplay",
        help="play bot-only tables headless to the end, resuming unfinished ones",
    )
    tables = auto.add_argument_group("the tables")
    tables.add_argument("--data-dir", help=data_help)
    tables.add_argument(
        "--preset", default="classic", choices=PRESET_NAMES, help="the rules of new tables"
    )
    tables.add_argument("--seed", type=seed_arg, default=None, help="seed of the first new table")
    tables.add_argument("--tables", type=int, default=1, help="new tables to create")
    tables.add_argument(
        "--bots",
        default="random",
        help="the bots' levels, one per seat (random, easy, normal, hard; 'hard,normal' "
        "repeats round the table)",
    )
    pace = auto.add_argument_group("pace")
    pace.add_argument(
        "--bot-delay",
        type=seconds_arg(MOST_BOT_DELAY),
        default=0.0,
        help="seconds between bot moves",
    )
    pace.add_argument(
        "--deal-delay", type=seconds_arg(MOST_DEAL_DELAY), default=0.0, help="seconds between cards"
    )
    auto.set_defaults(func=_cmd_autoplay)

    serve = sub.add_parser("serve", help="the SSH server: four friends, one table each")
    from .server.cli import add_serve_arguments

    add_serve_arguments(serve)
    serve.set_defaults(func=_cmd_serve)

    from .players.cli import add_arguments as add_player_commands

    add_player_commands(sub)  # invite, players, stats, backup

    rules = sub.add_parser("rules", help="print a preset's rule options")
    rules.add_argument(
        "preset", nargs="?", default="classic", choices=PRESET_NAMES, help="the preset to print"
    )
    out = rules.add_argument_group("source and format")
    out.add_argument("--file", help="read a ruleset from a .toml or .json file instead")
    out.add_argument("--format", choices=["toml", "json"], default="toml", help="how it is written")
    rules.set_defaults(func=_cmd_rules)
    use_everywhere(p)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    rest = list(sys.argv[1:] if argv is None else argv)
    if not rest:  # `shengji` alone: the game's start menu
        rest = argv = ["play", "--menu"]
    if rest[:2] == ["bench", "ssh"]:  # its own options (tables, clients, churn)
        from .bench.ssh_load import main as bench_ssh

        return bench_ssh(rest[2:])
    if rest[:2] == ["bench", "attack"]:  # attacks on a server (docs/security.md)
        from .bench.ssh_attack import main as bench_attack

        return bench_attack(rest[2:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:  # (every command sets one)
        parser.print_usage(sys.stderr)
        return 2
    if rest[:1] == ["serve"]:  # (`--workers` starts `serve` again with these)
        args.serve_argv = rest[1:]
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the pipe's reader left (`shengji bench ... | head`)
        # (stdout to /dev/null: Python's own flush at exit would raise again)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
