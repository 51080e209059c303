"""Rules files a table may be made of (`shengji play --rules FILE`, the SSH
lobby's new-table dialog): a `RuleSet` read from a .toml or .json file, or
from its text, checked to be one the engine plays. A bad file is a
`ValueError` with a sentence saying what is wrong (the file, its syntax, an
option, or what the engine cannot play)."""

from __future__ import annotations

from pathlib import Path

from ..engine import new_game
from ..rules import RuleSet

MAX_TEXT = 64 * 1024  # a rules file is a few hundred bytes; a paste beyond this is not one


def playable(rs: RuleSet, where: str) -> RuleSet:
    """`rs` if the engine can deal it; ValueError with a sentence otherwise."""
    try:
        new_game(rs, 0)
    except ValueError as e:
        raise ValueError(f"{where} cannot be played: {e}") from None
    return rs


def rules_from_file(path: str | Path) -> RuleSet:
    p = Path(path).expanduser()
    if p.suffix.lower() not in (".toml", ".json"):
        raise ValueError(f"rules file {p} must be a .toml or .json file")
    return playable(RuleSet.load(p), f"the rules of {p}")


def rules_from_text(text: str) -> RuleSet:
    if not text.strip():
        raise ValueError("the rules are empty: paste a rules file (TOML or JSON)")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the rules are too long for a rules file ({len(text)} characters)")
    return playable(RuleSet.from_text(text), "these rules")
