"""What a module imports, read from its source: the one reading the package's
structure checks share (tests/test_package_structure.py: cycles;
tests/test_tui_without_store.py: no store under tui/)."""

from __future__ import annotations

import ast


def package_of(module: str, is_package: bool) -> list[str]:
    """The package a relative import in `module` starts from."""
    return module.split(".") if is_package else module.split(".")[:-1]


def named(node: ast.Import | ast.ImportFrom, package: list[str]) -> set[str]:
    """The dotted names one import statement names, relative ones resolved
    against `package`; `from a import b` names both `a` and `a.b`."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    if node.level:
        base = package[: len(package) - (node.level - 1)]
        mod = ".".join([*base, node.module] if node.module else base)
    else:
        mod = node.module or ""
    return {mod} | {f"{mod}.{a.name}" for a in node.names}


def imported_by(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every name `source` (the text of `module`) imports, anywhere in it (at
    the top or inside a function)."""
    package = package_of(module, is_package)
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found |= named(node, package)
    return found
