"""`shengji` alone opens the game's start menu (the parser's side:
tests/test_cli_manners.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from shengji_tui import cli, play_cli
from shengji_tui.tui.screens.start import StartScreen

from . import helpers as H


async def test_shengji_alone_shows_the_menu(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran: list[argparse.Namespace] = []
    monkeypatch.setattr(play_cli, "run_play", lambda args: ran.append(args) or 0)
    monkeypatch.setenv("SHENGJI_DATA_DIR", str(tmp_path))
    cli.main([])
    app, saves, why = play_cli.build_app(ran[0])
    assert app is not None and saves is not None, why
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await H.wait_until(pilot, lambda: isinstance(app.screen, StartScreen), what="menu")
    finally:
        saves.close()
