"""The `shengji` command's manners, shared by every command's parser: the help
formatter (each flag's default shown after its help) and the version.
No heavy imports: the CLI builds every command's parser at each start."""

from __future__ import annotations

import argparse
import tomllib
from importlib import metadata
from pathlib import Path

DIST = "shengji-tui"


class HelpFormatter(argparse.HelpFormatter):
    """Help with each flag's default: `(default: X)` after the help, unless the
    help already says its default or there is none to say (None, False, an
    empty list or string: a flag that is off, or a value worked out at run time)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or default is None
            or default is False
            or default == argparse.SUPPRESS
            or default == []
            or default == ""
            or not (action.option_strings or action.nargs in ("?", "*"))
        ):
            return action.help
        shown = "x".join(map(str, default)) if isinstance(default, tuple) else "%(default)s"
        return f"{text} (default: {shown})" if text else f"(default: {shown})"


def version() -> str:
    """The version of the source tree this runs from (its pyproject.toml), else
    of the installed distribution."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        project = {}
    if project.get("name") == DIST and isinstance(project.get("version"), str):
        return str(project["version"])
    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        return "unknown (neither a source tree nor installed)"


def use_everywhere(parser: argparse.ArgumentParser) -> None:
    """`HelpFormatter` for `parser` and every subcommand's parser under it, each
    subcommand described by its line in the list of commands."""
    parser.formatter_class = HelpFormatter
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            said = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                if sub.description is None and said.get(name):  # `COMMAND --help` says it too
                    sub.description = said[name]
                use_everywhere(sub)
