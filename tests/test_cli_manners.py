"""The `shengji` command's manners: `--version`; `shengji` alone opens the
game's start menu; `shengji COMMAND --help` lists every flag in a titled
group, each with its help and, where it has one, its default."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from shengji_tui import cli, play_cli
from shengji_tui.bench import ssh_attack, ssh_load
from shengji_tui.clihelp import HelpFormatter, version
from shengji_tui.entered import MAX_SEED

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
UNGROUPED = {"options", "positional arguments"}  # argparse's own two groups


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser by its name (`bench ssh` and `bench attack` have
    their own), aliases once."""
    top = cli.build_parser()
    found: dict[str, argparse.ArgumentParser] = {}
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, parser in action.choices.items():
                if id(parser) not in seen:
                    seen.add(id(parser))
                    found[name] = parser
    found["bench ssh"] = ssh_load.build_parser()
    found["bench attack"] = ssh_attack.build_parser()
    return found


COMMANDS = _commands()


def _flags(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The actions `--help` shows (not -h itself, not the hidden ones)."""
    return [
        a
        for a in parser._actions
        if a.help is not argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)
    ]


def _help_line(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    return parser._get_formatter()._expand_help(action)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "shengji_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )


def test_version_is_the_projects() -> None:
    done = _run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"shengji {VERSION}"
    assert version() == VERSION


def test_the_commands_are_all_there() -> None:
    # (a walk that found no command would pass every check below)
    assert {"play", "bench", "replay", "analyse", "autoplay", "serve", "rules"} <= set(COMMANDS)
    assert {"invite", "players", "stats", "backup", "bench ssh", "bench attack"} <= set(COMMANDS)
    assert sum(len(_flags(p)) for p in COMMANDS.values()) > 100


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_flag_has_help_in_a_titled_group(name: str) -> None:
    parser = COMMANDS[name]
    assert parser.formatter_class is HelpFormatter
    assert parser.description, f"`{name} --help` says what the command does"
    ungrouped, helpless = [], []
    for group in parser._action_groups:
        for action in group._group_actions:
            if action.help is argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
                continue
            if not action.help:
                helpless.append(action.dest)
            if action.option_strings and group.title in UNGROUPED:
                ungrouped.append(action.option_strings[-1])
    assert ungrouped == [], f"flags outside a group in `{name} --help`"
    assert helpless == [], f"no help in `{name} --help`"
    titled = [g for g in parser._action_groups if g.title not in UNGROUPED and g._group_actions]
    assert titled, name


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_default_is_shown(name: str) -> None:
    parser = COMMANDS[name]
    missing = []
    for action in _flags(parser):
        default = action.default
        if default is None or default is False or default in ([], "") or not action.option_strings:
            continue  # off, or worked out at run time (each such help says how)
        line = _help_line(parser, action)
        shown = "x".join(map(str, default)) if isinstance(default, tuple) else str(default)
        if "default" not in line or (shown not in line and "(default)" not in line):
            missing.append(f"{action.option_strings[-1]}: {line!r} (default {default!r})")
    assert missing == []


def test_the_formatter_says_a_default_once() -> None:
    p = argparse.ArgumentParser(formatter_class=HelpFormatter)
    p.add_argument("--port", type=int, default=2222, help="port")
    p.add_argument("--turn-clock", type=float, default=0.0, help="seconds (0: none)")
    p.add_argument("--lang", default=None, help="language (default: from LANG)")
    p.add_argument("--ascii", action="store_true", help="no glyphs")
    p.add_argument("--size", default=(200, 60), help="largest")
    text = " ".join(p.format_help().split())
    assert "port (default: 2222)" in text
    assert "seconds (0: none) (default: 0.0)" in text  # 0 is a default, not "off"
    assert "language (default: from LANG)" in text and text.count("default") == 4
    assert "no glyphs --size" in text  # a flag that is off says nothing more
    assert "largest (default: 200x60)" in text


def test_help_of_play_lists_its_groups() -> None:
    done = _run("play", "--help")
    assert done.returncode == 0, done.stderr
    for title in ("the game:", "stored games:", "the screen:", "pace:", "help with the play:"):
        assert f"\n{title}\n" in done.stdout
    assert "(default: classic)" in done.stdout and "(default: 0.6)" in done.stdout


def test_shengji_alone_opens_the_start_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[argparse.Namespace] = []
    monkeypatch.setattr(play_cli, "run_play", lambda args: ran.append(args) or 0)
    assert cli.main([]) == 0
    (args,) = ran
    expected = cli.build_parser().parse_args(["play", "--menu"])
    assert vars(args) == vars(expected)
    assert args.menu is True and args.resume is None and args.no_save is False


def test_a_game_whose_app_failed_exits_with_its_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """(An app that stopped on an error, its traceback printed, exited 0.)"""

    class Failed:
        return_code = 1  # (Textual's, after an unhandled error)
        left_game = None

        def run(self) -> None:
            pass

    monkeypatch.setattr(play_cli, "build_app", lambda args: (Failed(), None, ""))
    assert play_cli.run_play(cli.build_parser().parse_args(["play", "--no-save"])) == 1
    Failed.return_code = 0
    assert play_cli.run_play(cli.build_parser().parse_args(["play", "--no-save"])) == 0


def test_no_command_but_a_flag_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["--nope"])
    assert e.value.code == 2
    assert "unrecognized arguments: --nope" in capsys.readouterr().err


def test_no_help_says_an_empty_default() -> None:
    """A flag whose default is empty (off) says no '(default: )'."""
    import argparse

    from shengji_tui.clihelp import HelpFormatter

    p = argparse.ArgumentParser(formatter_class=HelpFormatter)
    p.add_argument("--capacity", default="", help="table counts")
    p.add_argument("--limit", default=100.0, help="ms")
    text = p.format_help()
    assert "(default: )" not in text and "(default: 100.0)" in text


def test_serve_runs_a_front_end_per_core_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    from shengji_tui.server.process import ServerProcess
    from shengji_tui.server.workers import cores

    serve = COMMANDS["serve"]
    assert serve.parse_args([]).workers == cores()
    assert serve.parse_args(["--workers", "1"]).workers == 1
    for bad in ("0", "-1", "65", "two"):
        with pytest.raises(SystemExit):
            serve.parse_args(["--workers", bad])
    # the benchmark's seeds: a number the store's seed column holds, said so if not
    assert serve.parse_args(["--bench-seed", "1000"]).bench_seed == 1000
    for bad in ("-1", str(2**31), "10" * 40, "x"):
        with pytest.raises(SystemExit):
            serve.parse_args(["--bench-seed", bad])
        err = capsys.readouterr().err
        assert "expected a seed from 0 to 2147483647" in err and "Traceback" not in err
    # the tests' and benchmarks' servers: one process unless they ask for more
    assert ServerProcess(ROOT, 1).args[-2:] == ("--workers", "1")
    assert ServerProcess(ROOT, 1, "--workers", "2").args == ("--workers", "2")
    assert ServerProcess(ROOT, 1, "--open", workers=None).args == ("--open",)


def test_the_server_starts_without_third_party_warnings() -> None:
    # (asyncssh names cryptography's deprecated DSA types at import: silenced
    # for asyncssh's own modules, in shengji_tui/__init__.py; warnings shown)
    code = "import shengji_tui.server.server, shengji_tui.bench.ssh_load"
    run = subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "Warning" not in run.stderr, run.stderr


def test_the_commands_refuse_a_seed_out_of_range_with_a_sentence(capsys) -> None:  # type: ignore[no-untyped-def]
    """(`shengji play --seed` with 23 digits stopped with a traceback: the
    store's column holds 64 bits.)"""
    for argv in (
        ["play", "--seed", "9" * 23],
        ["play", "--seed", "-5"],
        ["autoplay", "--seed", "9" * 5000],
        ["bench", "rules", "--seed", "x"],
    ):
        with pytest.raises(SystemExit) as ended:
            cli.build_parser().parse_args(argv)
        assert ended.value.code == 2
        err = capsys.readouterr().err
        assert f"expected a seed from 0 to {MAX_SEED}" in err and len(err) < 1000


@pytest.mark.parametrize(
    ("argv", "most"),
    [(["play", "--bot-delay"], 60), (["play", "--deal-delay"], 10),
     (["play", "--declare-delay"], 60), (["autoplay", "--bot-delay"], 60),
     (["serve", "--grace"], 3600), (["serve", "--turn-clock"], 3600),
     (["serve", "--bot-delay"], 60)],
)  # fmt: skip
def test_seconds_are_finite_and_bounded_with_a_sentence(capsys, argv: list[str], most: int) -> None:  # type: ignore[no-untyped-def]
    """(`--bot-delay nan` stopped the app with a validation traceback; `inf`
    let the bots never move.)"""
    for bad in ("nan", "inf", "-1", str(most + 1), "soon"):
        with pytest.raises(SystemExit) as ended:
            cli.build_parser().parse_args([*argv, bad])
        assert ended.value.code == 2
        assert f"expected seconds from 0 to {most}, not {bad!r}" in capsys.readouterr().err
    assert (
        getattr(cli.build_parser().parse_args([*argv, str(most)]), argv[1][2:].replace("-", "_"))
        == most
    )


@pytest.mark.parametrize(
    ("flag", "bad"),
    [("--input-rate", "nan"), ("--max-connections", "-1"), ("--idle-timeout", "inf"),
     ("--output-cap", "0"), ("--max-sessions", "0"), ("--input-burst", "9" * 30),
     ("--keepalive", "-2"), ("--login-timeout", "never")],
)  # fmt: skip
def test_the_servers_limits_are_bounded_with_a_sentence(capsys, flag: str, bad: str) -> None:  # type: ignore[no-untyped-def]
    """(Each started a server that refused every key, every login or nothing.)"""
    with pytest.raises(SystemExit) as ended:
        cli.build_parser().parse_args(["serve", flag, bad])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: expected a number from " in err and "e+" not in err
    assert cli.build_parser().parse_args(["serve"]).max_connections == 64  # (the defaults pass)
