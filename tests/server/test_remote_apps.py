"""The apps a remote player runs (the lobby, the table) act on nothing of the
server's machine: no screenshot or file written to its disk, no browser opened
there, no suspend (`server/remote.py`). Run in-process, without SSH; the SSH
path is in test_ssh_basics. And the server package imports without a cycle
(the session is handed a `SessionContext`, not the server)."""

from __future__ import annotations

import ast
import io
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from shengji_tui.server.lobby import LobbyApp
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import Registry
from shengji_tui.server.remote import RemoteApp, RemoteShengjiApp
from shengji_tui.server.server import identity_for_tests

SERVER = Path(__file__).resolve().parents[2] / "shengji_tui" / "server"


def lobby() -> App[Any]:
    return LobbyApp(LobbyDesk(Registry(None, None)), identity_for_tests("rae"))


def table() -> App[Any]:
    return RemoteShengjiApp()


@pytest.mark.parametrize("make", [lobby, table], ids=["lobby", "table"])
async def test_remote_apps_act_on_nothing_of_the_server(
    make: Callable[[], App[Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.chdir(out)
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url))
    app = make()
    assert isinstance(app, RemoteApp)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.action_screenshot(path=str(out))
        assert app.deliver_screenshot(path=str(out)) is None
        assert app.save_screenshot(path=str(out)) == ""
        assert app.deliver_binary(io.BytesIO(b"x"), save_directory=out, save_filename="b") is None
        assert app.deliver_text(io.StringIO("x"), save_directory=out, save_filename="t") is None
        app.open_url("http://example.invalid/")
        app.action_suspend_process()
        await pilot.pause(0.2)
        assert app.is_running
        # Textual's own method, on the same app, would have written the file
        control = tmp_path / "control"
        control.mkdir()
        App.save_screenshot(app, path=str(control))
        assert len(list(control.iterdir())) == 1
    assert list(out.iterdir()) == []
    assert opened == []


def _server_imports(path: Path) -> set[str]:
    """The `server/` modules that `path` imports (relative imports, any depth)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [a.name for a in node.names]
            found |= {n.split(".")[0] for n in names if (SERVER / f"{n}.py").exists()}
    return found


def test_the_server_package_has_no_import_cycle() -> None:
    graph = {p.stem: _server_imports(p) for p in SERVER.glob("*.py") if p.stem != "__init__"}
    assert graph["server"] and "session" in graph["server"]  # the check sees imports

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, set()) - seen:
            if nxt == goal or reaches(nxt, goal, seen | {nxt}):
                return True
        return False

    in_a_cycle = sorted(m for m in graph if reaches(m, m, set()))
    assert not in_a_cycle, f"server/ modules in an import cycle: {in_a_cycle}"
