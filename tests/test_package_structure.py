"""The package's shape, read from its source (AST, nothing imported):
- no import cycle between its files (an import inside a function counts; a
  package's `__init__` and its own children do not make a cycle);
- no cycle at import time either: the imports a module runs when it is
  imported (not those inside functions, nor under `if TYPE_CHECKING`), each
  also running the `__init__` of every package on its path, so a package's
  `__init__` that imports its children is part of the cycle through them (a
  feature's screen importing `screens.base` while `screens/__init__` imported
  `screens.table`, which imports that screen, failed when the feature's screen
  was imported first);
- only tui/terminal/patches.py imports Textual's private modules (`textual._x`,
  `textual.x._y`).
(tests/test_import_hygiene.py: the rules asked through their public API;
tests/test_tui_without_store.py: the TUI never imports the store.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import shengji_tui
from tests.imports import imported_by, named, package_of

PACKAGE = Path(shengji_tui.__file__).parent
PRIVATE_TEXTUAL_ALLOWED = {"tui/terminal/patches.py"}


def _modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _targets(module: str, path: Path) -> set[str]:
    """Every name `path` imports (relative imports resolved; `from a import b`
    gives `a` and `a.b`)."""
    return imported_by(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")


def _graph(root: Path) -> dict[str, set[str]]:
    mods = _modules(root)
    graph: dict[str, set[str]] = {}
    for m, path in mods.items():
        edges = {t for t in _targets(m, path) if t in mods and t != m}
        graph[m] = {
            t
            for t in edges
            if not (mods[t].name == "__init__.py" and m.startswith(t + "."))
            and not (path.name == "__init__.py" and t.startswith(m + "."))
        }
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan,
    iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_no_import_cycle_between_the_packages_files() -> None:
    graph = _graph(PACKAGE)
    assert len(graph) > 150 and sum(map(len, graph.values())) > 500  # (the scan sees them)
    assert _cycles(graph) == []


@pytest.mark.parametrize(
    ("graph", "cycles"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"a"}}, []),
        ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["a", "b"], ["c", "d"]]),
    ],
)
def test_the_cycle_finder(graph: dict[str, set[str]], cycles: list[list[str]]) -> None:
    assert sorted(_cycles(graph)) == cycles


def test_the_graph_resolves_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..c import x\n")
    (pkg / "c.py").write_text("from .sub import b\nx = 1\n")
    graph = _graph(pkg)
    assert graph["pkg.sub.b"] == {"pkg.c"} and "pkg.sub.b" in graph["pkg.c"]
    assert _cycles(graph) == [["pkg.c", "pkg.sub.b"]]


def _import_time_targets(module: str, path: Path) -> set[str]:
    """What importing `path` imports: its module-level imports, those of its
    classes' bodies and of its `if` / `try` blocks (not `if TYPE_CHECKING`)."""
    base = package_of(module, path.name == "__init__.py")
    out: set[str] = set()

    def run(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.update(named(node, base))
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    run(node.body)
                run(node.orelse)
            elif isinstance(node, ast.Try):
                run(node.body)
                for handler in node.handlers:
                    run(handler.body)
                run(node.orelse)
                run(node.finalbody)
            elif isinstance(node, ast.ClassDef):
                run(node.body)

    run(ast.parse(path.read_text(encoding="utf-8")).body)
    return out


def _import_time_graph(root: Path) -> dict[str, set[str]]:
    """Module -> what importing it runs first: each module it imports and the
    `__init__` of each package on that module's path (but not its own packages':
    those are being imported already)."""
    mods = _modules(root)
    graph: dict[str, set[str]] = {}
    for m, path in mods.items():
        edges: set[str] = set()
        for t in _import_time_targets(m, path):
            parts = t.split(".")
            for k in range(1, len(parts) + 1):
                p = ".".join(parts[:k])
                if p not in mods or p == m or m.startswith(p + "."):
                    continue
                if k < len(parts) and mods[p].name != "__init__.py":
                    continue  # (`from a.b import C`: C is a name, not a module)
                edges.add(p)
        graph[m] = edges
    return graph


def test_no_import_cycle_at_import_time() -> None:
    graph = _import_time_graph(PACKAGE)
    assert sum(map(len, graph.values())) > 500  # (the scan sees them)
    assert _cycles(graph) == []


def test_the_import_time_graph_goes_through_packages(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    for d in ("screens", "help"):
        (pkg / d).mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "screens" / "__init__.py").write_text("from .table import T\n")
    (pkg / "screens" / "base.py").write_text("class D: ...\n")
    (pkg / "screens" / "table.py").write_text("from ..help.screen import H\nT = 1\n")
    (pkg / "help" / "__init__.py").write_text("")
    (pkg / "help" / "screen.py").write_text(
        "from typing import TYPE_CHECKING\nfrom ..screens.base import D\n"
        "if TYPE_CHECKING:\n    from . import later\n"
        "def f():\n    from .. import other\nclass H(D): ...\n"
    )
    graph = _import_time_graph(pkg)
    assert graph["pkg.help.screen"] == {"pkg.screens", "pkg.screens.base"}
    assert _cycles(graph) == [["pkg.help.screen", "pkg.screens", "pkg.screens.table"]]
    (pkg / "screens" / "__init__.py").write_text("")  # (an __init__ that imports nothing)
    assert _cycles(_import_time_graph(pkg)) == []


def _private_textual(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "textual" and any(p.startswith("_") for p in parts[1:])


def test_only_the_patches_module_imports_textuals_private_parts() -> None:
    users = set()
    for m, path in _modules(PACKAGE).items():
        if any(_private_textual(t) for t in _targets(m, path)):
            users.add(str(path.relative_to(PACKAGE)))
    assert users == PRIVATE_TEXTUAL_ALLOWED
