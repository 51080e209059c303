"""The rules layer is pure: importing it must not pull in the UI or network stacks;
and the rest of the package asks the rules through their public API only."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("textual", "rich", "asyncssh", "asyncio")


@pytest.mark.parametrize("module", ["shengji_tui.rules", "shengji_tui.engine"])
def test_pure_layer_imports_no_ui_or_network(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"{module} imported {out}"


PACKAGE = Path(__file__).resolve().parent.parent / "shengji_tui"
RULES_SUBMODULES = {p.stem for p in (PACKAGE / "rules").glob("*.py") if p.stem != "__init__"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imported(node: ast.ImportFrom, module: str, is_pkg: bool) -> str:
    """The absolute name a `from ... import` reads from."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_pkg else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _rules_internals(source: str, module: str, is_pkg: bool = False) -> list[str]:
    """Every way the source of `module` reaches into `shengji_tui.rules` past its `__init__`:
    importing a submodule (`from ..rules.units import x`, `from ..rules import
    trump`, `import shengji_tui.rules.cards`), or reading a name the package
    does not publish through an alias of it (`rules.trump.get_trump`)."""
    from shengji_tui import rules

    tree = ast.parse(source)
    found: list[str] = []
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            name = _imported(node, module, is_pkg)
            if name.startswith("shengji_tui.rules."):
                found.append(f"line {node.lineno}: imports {name}")
            for a in node.names:
                if name == "shengji_tui.rules" and a.name in RULES_SUBMODULES:
                    found.append(f"line {node.lineno}: imports {name}.{a.name}")
                if name == "shengji_tui" and a.name == "rules":
                    aliases.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("shengji_tui.rules."):
                    found.append(f"line {node.lineno}: imports {a.name}")
                elif a.name == "shengji_tui.rules" and a.asname:
                    aliases.add(a.asname)
    public = set(rules.__all__)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in public
        ):
            found.append(
                f"line {node.lineno}: {node.value.id}.{node.attr} is not rules' public API"
            )
    return found


def test_rules_are_asked_through_their_public_api_only() -> None:
    """Outside rules/, the rules are reached only through `shengji_tui.rules`
    itself and the names its `__all__` publishes (docs/architecture.md)."""
    bad: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "rules") in path.parents:
            continue
        src = path.read_text(encoding="utf-8")
        msgs = _rules_internals(src, _module_name(path), path.name == "__init__.py")
        bad += [f"{path.relative_to(PACKAGE.parent)} {msg}" for msg in msgs]
    assert bad == []


def test_the_scan_sees_each_kind_of_reach() -> None:
    """The scan above is not vacuous: each kind of reach into rules/ is found."""
    samples = {
        "from ..rules.units import columns": "imports shengji_tui.rules.units",
        "from ..rules import trump": "imports shengji_tui.rules.trump",
        "from . import units": "imports shengji_tui.rules.units",  # as a rules/ sibling would
        "import shengji_tui.rules.cards": "imports shengji_tui.rules.cards",
        "from shengji_tui.rules.trick import winner_index": "imports shengji_tui.rules.trick",
        "from .. import rules\nrules.trump.get_trump": "rules.trump is not",
        "from shengji_tui import rules as r\nr.best_decomposition": "r.best_decomposition is not",
    }
    for src, want in samples.items():
        module = (
            "shengji_tui.rules.probe" if src.startswith("from . ") else "shengji_tui.bots.probe"
        )
        msgs = _rules_internals(src + "\n", module)
        assert any(want in m for m in msgs), (src, msgs)
    ok = "from .. import rules\nfrom ..rules import Card, compiled\nrules.Order\n"
    assert _rules_internals(ok, "shengji_tui.bots.probe") == []
