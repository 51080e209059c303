"""The TUI never opens the store: `shengji play` and `shengji replay --review`
open it (shengji_tui/play_cli.py, shengji_tui/replay_cli.py) and hand the app a
table factory and the saved games, or a game's record. So no module under
shengji_tui/tui/ imports shengji_tui.store, absolutely or relatively, at the
top or inside a function."""

from __future__ import annotations

from pathlib import Path

import pytest

import shengji_tui
from tests.imports import imported_by

PACKAGE = Path(shengji_tui.__file__).parent


def _store_imports(folder: Path) -> list[str]:
    hits = []
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        for mod in sorted(imported_by(path.read_text(encoding="utf-8"), module, is_package)):
            if mod == "shengji_tui.store" or mod.startswith("shengji_tui.store."):
                hits.append(f"{path.relative_to(PACKAGE)}: {mod}")
    return hits


def test_no_module_under_tui_imports_the_store() -> None:
    assert _store_imports(PACKAGE / "tui") == []


def test_the_check_sees_the_store_imports_there_are() -> None:
    # (a scan that could not see an import would pass with the rule broken):
    # the command layer and the saves do import the store, and the scan says so
    found = _store_imports(PACKAGE)
    assert "play_cli.py: shengji_tui.store" in found
    assert any(h.startswith("saves/") for h in found)


@pytest.mark.parametrize(
    ("source", "module", "is_package", "imports_store"),
    [
        ("from ..store import Store", "shengji_tui.tui.play", False, True),
        ("from ...store.db import Store", "shengji_tui.tui.screens.start", False, True),
        ("from ... import store", "shengji_tui.tui.screens.start", False, True),
        ("from .. import store", "shengji_tui.tui", True, True),
        ("def f():\n    import shengji_tui.store.db", "shengji_tui.tui.app", False, True),
        ("from ..saves import Saves", "shengji_tui.tui.app", False, False),
        ("from .store_view import X", "shengji_tui.tui.app", False, False),
        ("from ..storefront import X", "shengji_tui.tui.app", False, False),
    ],
)
def test_the_scan_resolves_relative_imports(
    source: str, module: str, is_package: bool, imports_store: bool
) -> None:
    found = imported_by(source, module, is_package)
    hit = any(m == "shengji_tui.store" or m.startswith("shengji_tui.store.") for m in found)
    assert hit is imports_store, sorted(found)
