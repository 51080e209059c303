"""The `shengji` command: play, bench, rules."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


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
    print(f"shengji: unknown benchmark {args.what!r}", file=sys.stderr)
    return 2


def _cmd_play(args: argparse.Namespace) -> int:
    from .bench.random_deal import demo

    return demo(args)


def build_parser() -> argparse.ArgumentParser:
    from .rules import PRESET_NAMES

    p = argparse.ArgumentParser(prog="shengji", description="升级 / 拖拉机 in the terminal")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game")
    play.add_argument("--preset", default="classic", choices=PRESET_NAMES)
    play.add_argument("--seed", type=int, default=None)
    play.set_defaults(func=_cmd_play)

    bench = sub.add_parser("bench", help="benchmarks")
    bench.add_argument("what", choices=["rules"])
    bench.add_argument(
        "--preset",
        action="append",
        choices=PRESET_NAMES,
        help="preset(s) to measure (default: all with four players)",
    )
    bench.add_argument("--seconds", type=float, default=3.0, help="time per preset")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.set_defaults(func=_cmd_bench)

    rules = sub.add_parser("rules", help="print a preset's rule options")
    rules.add_argument("preset", nargs="?", default="classic", choices=PRESET_NAMES)
    rules.add_argument("--file", help="read a ruleset from a .toml or .json file instead")
    rules.add_argument("--format", choices=["toml", "json"], default="toml")
    rules.set_defaults(func=_cmd_rules)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
