"""The TUI's tests press the suggestion key to make a legal move: there the
normal bot suggests (the hard bot's search, at its 150 ms of work a press,
would be half of those tests' time). The hard bot's advice is tested in
test_hint.py, and through the app by the tests marked `hint_search`."""

from __future__ import annotations

import pytest

from shengji_tui.tui.app import ShengjiApp


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "hint_search: the app's hint key searches (hard bot)")


@pytest.fixture(autouse=True)
def _normal_bot_hints(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("hint_search") is None:
        monkeypatch.setattr(ShengjiApp, "hint_budget_ms", 0.0)
