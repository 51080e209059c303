"""The SSH lobby in Chinese (and English), run in-process without SSH: the texts
come from the catalogue's [lobby] section, which both languages have in full."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest
from textual.widgets import DataTable, Static

from shengji_tui.engine import Phase
from shengji_tui.server.lobby import (
    LobbyApp,
    LobbyResult,
    LobbyScreen,
    RoomScreen,
    error_text,
)
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import LobbyError, Registry
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings
from shengji_tui.text import Catalogue, load_catalogue

LOBBY_PY = Path(__file__).resolve().parents[2] / "shengji_tui" / "server" / "lobby.py"
FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


def screen_text(app: LobbyApp) -> str:
    parts = [str(w.render()) for w in app.screen.query(Static)]
    for dt in app.screen.query(DataTable):
        parts += [str(c.label) for c in dt.columns.values()]
        parts += [str(cell) for row in range(dt.row_count) for cell in dt.get_row_at(row)]
    parts += [b.description for b in app.screen._bindings.key_to_bindings.values() for b in b]
    return "\n".join(parts)


def test_lobby_keys_in_both_languages() -> None:
    en, zh = load_catalogue("en"), load_catalogue("zh")
    lobby_en = {k for k in en if k.startswith("lobby.")}
    lobby_zh = {k for k in zh if k.startswith("lobby.")}
    assert lobby_en and lobby_en == lobby_zh, lobby_en ^ lobby_zh
    used = set(re.findall(r"""["'](lobby\.[a-z_]+(?:\.[a-z_]+)*)["']""", LOBBY_PY.read_text()))
    assert used and not sorted(k for k in used if k not in en)
    # every table status and engine phase has a name
    for status in ("waiting", "playing", "finished"):
        assert f"lobby.status.{status}" in en
    for phase in get_args(Phase):
        assert f"lobby.phase.{phase}" in en


def test_registry_errors_translated() -> None:
    zh, en = Catalogue("zh"), Catalogue("en")
    e = LobbyError("that table is full", "full")
    assert error_text(en, e) == "that table is full"
    assert error_text(zh, e) == "这一桌已经坐满了"
    e = LobbyError("the 'x' preset cannot be played yet", "preset", preset="x")
    assert "x" in error_text(zh, e) and error_text(en, e) == str(e)
    assert error_text(zh, LobbyError("something else")) == "something else"


async def test_lobby_in_chinese() -> None:
    registry = Registry(None, None, default_options=FAST)
    me = identity_for_tests("kim")
    app = LobbyApp(LobbyDesk(registry), me, lang="zh")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            text = screen_text(app)
            assert "大厅" in text and "你是 kim" in text
            assert "座位" in text and "玩家" in text  # column headers
            assert "还没有牌桌" in text
            assert "新开一桌" in text and "观战" in text  # key descriptions
            # a table someone else is waiting at
            other = identity_for_tests("meg")
            room = registry.create(FAST, other.id, other.name)
            await pilot.pause()
            assert "等人" in screen_text(app)
            # a seat: the waiting room
            await pilot.press("j")
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            text = screen_text(app)
            assert "等待玩家" in text and "座位 1" in text and "kim（你）" in text
            assert "准备" in text and "离桌" in text
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            # the others start the table: watching it
            registry.add_bots(room, "random")
            registry.set_ready(room, other.id, True)
            await pilot.pause()
            assert room.status == "playing"
            assert "打牌中" in screen_text(app)
            await pilot.press("w")  # the table app, as a spectator (the session runs it)
            await pilot.pause()
            assert app.return_value == LobbyResult("watch", room.table_id)
    finally:
        await registry.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_lobby_title_per_language(lang: str) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("ann"), lang=lang)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert ("lobby" in text) == (lang == "en")
            assert ("大厅" in text) == (lang == "zh")
            assert app.title == Catalogue(lang).t("lobby.app_title")
    finally:
        await registry.close()


async def test_new_table_dialog_says_what_the_preset_is() -> None:
    from textual.widgets import Label, Select

    from shengji_tui.server.lobby import CreateScreen

    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang="zh")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, CreateScreen)
            about = app.screen.query_one("#preset-about", Label)
            assert str(about.render()) == load_catalogue("zh")["preset.classic"]
            app.screen.query_one("#preset", Select).value = "one-deck"
            await pilot.pause()
            assert str(about.render()) == load_catalogue("zh")["preset.one-deck"]
    finally:
        await registry.close()
