"""Nothing on a screen is read as markup: a player's name, a rules file's name or
a chat line with `[` in it is shown as typed (Rich or Textual markup would
refuse `[@a=(]y[/]` with an exception, or act on `[link=...]`). The project
uses no markup on purpose, so every Static, Label and toast is made with
`markup=False`; a DataTable's cells are `Text` (a str cell is read as markup),
which the hostile-text tests render (tests/server/test_hostile_text.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import shengji_tui

PACKAGE = Path(shengji_tui.__file__).parent
CHECKED = {"Static", "Label", "notify"}


def _uses_textual(tree: ast.Module) -> bool:
    """The module imports Textual (only such a module makes widgets and toasts)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            return True
        if isinstance(node, ast.Import) and any(a.name.startswith("textual") for a in node.names):
            return True
    return False


def _calls_without_plain_text() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not _uses_textual(tree):
            continue  # (a `notify` there is not a toast: the table's subscribers')
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
            if name not in CHECKED:
                continue
            markup = next((k.value for k in node.keywords if k.arg == "markup"), None)
            if not (isinstance(markup, ast.Constant) and markup.value is False):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}(...)")
    return found


def test_every_static_label_and_toast_is_plain_text() -> None:
    assert _calls_without_plain_text() == []


def test_the_check_sees_the_calls() -> None:
    # (a scan that found nothing to check would pass with the feature broken)
    seen = 0
    for path in PACKAGE.rglob("*.py"):
        seen += sum(path.read_text(encoding="utf-8").count(f"{n}(") for n in CHECKED)
    assert seen > 50


@pytest.mark.parametrize("text", ["[@a=(]y[/]", "[@a=[]y[/]", "[link=https://x]x[/link]"])
def test_markup_a_player_might_send_is_what_would_break(text: str) -> None:
    # what the check guards against: markup parsing refuses or acts on these
    from rich.errors import MarkupError
    from textual.content import Content
    from textual.markup import MarkupError as TextualMarkupError

    try:
        parsed = Content.from_markup(text)
    except (MarkupError, TextualMarkupError, ValueError):
        return
    assert parsed.plain != text
