"""Rules files a table may be made of (`shengji play --rules FILE`, the SSH
lobby's new-table dialog): a `RuleSet` read from a .toml or .json file, or
from its text, checked to be one the engine plays. A bad file is a
`rules.RulesError` (a `ValueError`) with a sentence in English and in Chinese
(`e.zh`) saying what is wrong (the file, its length, its syntax, an option, or
what the engine cannot play)."""

from __future__ import annotations

from pathlib import Path

from ..engine import new_game
from ..rules import MAX_RULES_BYTES, RulesError, RuleSet

MAX_TEXT = MAX_RULES_BYTES  # a rules file is a few hundred bytes; a paste beyond this is not one


def playable(rs: RuleSet, where: str) -> RuleSet:
    """`rs` if the engine can deal it; RulesError with a sentence otherwise."""
    try:
        new_game(rs, 0)
    except ValueError as e:
        raise RulesError(
            f"{where} cannot be played: {e}", f"这些规则无法开局：{getattr(e, 'zh', e)}"
        ) from None
    return rs


def rules_from_file(path: str | Path) -> RuleSet:
    p = Path(path).expanduser()
    if p.suffix.lower() not in (".toml", ".json"):
        raise RulesError(
            f"rules file {p} must be a .toml or .json file",
            f"规则文件 {p} 必须是 .toml 或 .json 文件",
        )
    return playable(RuleSet.load(p), f"the rules of {p}")


def rules_from_text(text: str) -> RuleSet:
    """The rules a player pasted (TOML or JSON, at most `MAX_TEXT` bytes)."""
    if not text.strip():
        raise RulesError(
            "the rules are empty: paste a rules file (TOML or JSON)",
            "规则是空的：请粘贴规则文件（TOML 或 JSON）",
        )
    return playable(RuleSet.from_text(text), "these rules")
