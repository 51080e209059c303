"""`shengji play --rules FILE`: a game of a rules file's rules, stored and
resumed with them, offered first in the start menu; a bad file is a sentence
(no app), as is `--rules` with `--resume`."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from textual.widgets import Select

from shengji_tui.cli import build_parser
from shengji_tui.cli import main as cli_main
from shengji_tui.play_cli import build_app
from shengji_tui.text import Catalogue
from shengji_tui.tui.screens.start import RULES_FILE, StartScreen
from shengji_tui.tui.screens.table import TableScreen

from . import helpers as H


def play_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *argv])


def rules_file(tmp_path: Path, text: str, name: str = "r.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "name", "why"),
    [
        ("decks = [", "r.toml", "is not valid TOML"),
        ('{"decks": 9}', "r.json", "decks must be 1 to 4, not 9"),
        ('preset = "classic"\nkitty_size = 6\n', "r.toml", "do not deal evenly"),
        ('preset = "nope"\n', "r.toml", "no preset 'nope'"),
        ("players = 4\n", "r.txt", "must be a .toml or .json file"),
    ],
)
def test_a_bad_rules_file_is_a_sentence(tmp_path: Path, text: str, name: str, why: str) -> None:
    app, _, said = build_app(play_args("--rules", rules_file(tmp_path, text, name), "--no-save"))
    assert app is None and why in said


def test_a_missing_file_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "gone.toml")
    assert cli_main(["play", "--rules", missing, "--no-save"]) == 2
    assert "cannot read rules file" in capsys.readouterr().err
    good = rules_file(tmp_path, 'preset = "classic"\nkitty_size = 12\n')
    app, _, said = build_app(play_args("--rules", good, "--resume"))
    assert app is None and "--resume" in said


async def test_a_game_of_a_rules_file_is_played_stored_and_resumed(tmp_path: Path) -> None:
    good = rules_file(tmp_path, 'preset = "classic"\nname = "big-kitty"\nkitty_size = 12\n')
    args = play_args("--rules", good, "--menu", "--data-dir", str(tmp_path / "d"), "--seed", "4")
    app, saves, said = build_app(args)
    assert app is not None and saves is not None, said
    assert app.options.rules is not None and app.options.rules.kitty_size == 12
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert app.screen.query_one("#preset", Select).value == RULES_FILE
            await pilot.press("ctrl+s")
            await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
            assert app.table is not None and app.model is not None
            assert app.model.facts.view is not None and app.model.facts.view.rules.kitty_size == 12
            tid = app.table.table_id
        again, _, _ = saves.restore(tid, app.options, Catalogue("en"))
        assert again.rules.kitty_size == 12 and again.rules.name == "big-kitty"
    finally:
        saves.close()


async def test_choosing_a_preset_in_the_menu_leaves_the_files_rules(tmp_path: Path) -> None:
    good = rules_file(tmp_path, 'preset = "classic"\nkitty_size = 12\n')
    app, _, _ = build_app(play_args("--rules", good, "--menu", "--no-save"))
    assert app is not None
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.query_one("#preset", Select).value = "one-deck"
        await pilot.pause()
        choices = screen.choices()
        assert choices.rules is None and choices.preset == "one-deck"
