"""The bell on your turn: off by default; when chosen (`--bell`, the start
menu, the palette: per session over SSH too) the terminal gets a BEL when it
becomes the player's turn, once, read from the bytes the SSH driver writes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from shengji_tui.cli import build_parser
from shengji_tui.engine import GameState
from shengji_tui.play_cli import build_app
from shengji_tui.saves import PlayerSettings
from shengji_tui.server.driver import Terminal
from shengji_tui.table.plan import plan
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import helpers as H
from . import states as S
from .test_no_color import press, run, wait_for

OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def bells(out: bytearray) -> int:
    return OSC.sub(b"", bytes(out)).count(b"\x07")


def before_my_turn() -> GameState:
    """Playing, seat 3 (the seat before mine) to play, mine next in the trick."""
    state = S.bury_cheap(S.burying_state())
    b = S.bots(7, (0, 1, 2, 3))
    while not (state.phase == "playing" and state.turn == 3 and 0 < len(state.trick) < 3):
        state = plan(state, b, all_bots=True).state
    return state


@pytest.mark.parametrize("bell", [True, False])
async def test_the_bell_rings_when_it_becomes_my_turn(bell: bool) -> None:
    state = before_my_turn()
    table = H.StaticTable(state)
    counts: list[int] = []

    def make(term: Terminal) -> App[Any]:
        return ShengjiApp(
            table,
            Solo(0),
            AppSetup(
                console=term.console(),
                driver_class=term.driver_class(),
                options=GameOptions(bell=bell),
                theme="shengji",
            ),
        )

    out = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, TableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        model = screen.model
        await wait_for(lambda: model.facts.view is not None and len(out) > 0, "the table shown")
        assert not model.my_turn()
        counts.append(bells(out))
        step = plan(table.state, S.bots(7, (3,)), all_bots=False)
        assert step is not None and getattr(step.command, "seat", None) == 3
        await table.submit(3, step.command)
        # (the bell goes out as the view that makes it my turn is taken in)
        await wait_for(model.my_turn, "my turn")
        counts.append(bells(out))
        await press(term, b"s", lambda: bool(model.cursor.selected), "my own move")  # (rings not)
        counts.append(bells(out))

    await run(make, {}, steps, out=out)
    assert counts == ([0, 1, 1] if bell else [0, 0, 0])


async def test_the_palette_turns_it_on_for_this_session() -> None:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert app.cat.t("bell.palette_on") in titles and not app.options.bell
        app.toggle_bell()
        assert app.options.bell
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert app.cat.t("bell.palette_off") in titles


def test_bell_is_off_unless_asked() -> None:
    parse = build_parser().parse_args
    assert GameOptions().bell is False
    app, _, _ = build_app(parse(["play", "--no-save"]))
    assert app is not None and not app.options.bell
    app, _, _ = build_app(parse(["play", "--no-save", "--bell"]))
    assert app is not None and app.options.bell


async def test_the_bell_is_kept_for_the_next_games(tmp_path: Path) -> None:
    """Chosen in the palette (or the menu), the bell is the player's setting:
    kept in the local player's record in the store, the next `shengji play`
    rings too; a damaged record is the defaults; an older version's
    settings.json is taken in once; `--no-save` keeps nothing."""
    parse = build_parser().parse_args
    args = ["play", "--data-dir", str(tmp_path), "--seed", "3"]
    app, saves, _ = build_app(parse(args))
    assert app is not None and saves is not None and not app.options.bell
    app.toggle_bell()
    assert saves.settings() == PlayerSettings(bell=True)
    saves.close()
    again, saves, _ = build_app(parse(args))
    assert again is not None and saves is not None and again.options.bell
    again.toggle_bell()
    assert saves.settings().bell is False
    with saves.store.sql("damage the record") as db:
        db.execute("UPDATE players SET settings_json = '{not json'")
    saves.close()
    third, saves, _ = build_app(parse(args))
    assert third is not None and saves is not None and not third.options.bell  # (damaged)
    saves.close()
    (tmp_path / "settings.json").write_text('{"bell": true}', encoding="utf-8")  # (older)
    fourth, saves, _ = build_app(parse(args))
    assert fourth is not None and saves is not None and fourth.options.bell
    assert not (tmp_path / "settings.json").exists()
    saves.close()
