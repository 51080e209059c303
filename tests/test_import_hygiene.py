"""The rules layer is pure: importing it must not pull in the UI or network stacks."""

import subprocess
import sys

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
