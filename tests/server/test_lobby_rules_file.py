"""The SSH lobby's new-table dialog: rules pasted from a rules file (a bad
paste gets a sentence and changes nothing) and the card counter's option,
through to the table the room starts."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.widgets import Select, TextArea

from shengji_tui.rules import MAX_RULES_BYTES
from shengji_tui.server.lobby import CreateScreen, LobbyApp, RoomScreen
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import Registry
from shengji_tui.server.rules_paste import MAX_BOX_CHARS, RulesPasteScreen
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings
from shengji_tui.text import Catalogue

FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))
GOOD = 'preset = "classic"\nname = "big-kitty"\nkitty_size = 12\n'
# a bad paste, what the dialog says of it in English and in Chinese
BAD_PASTES = (
    ("decks = [", "not valid TOML", "不是有效的 TOML"),
    ('{"decks": 9}', "decks must be 1 to 4", "decks 必须在 1 到 4 之间"),
    ("", "empty", "规则是空的"),
    ('preset = "classic"\nkitty_size = 6\n', "do not deal evenly", "不能平分"),
    ('{"a": ' + "[" * 3000 + "]" * 3000 + "}", "nested too deep", "嵌套太深"),
    ("x = " + "[" * 3000 + "]" * 3000, "nested too deep", "嵌套太深"),
    ("[" * 20_000, "more than 8 KiB", "超过 8 KiB"),
    ("bid_start = 9000000000000000000", "bid_start", "bid_start"),
    ("throw_penalty_amount = -1000000", "0 to 100", "0 到 100"),
    ("score_table = [{min_points = 0}]", "without going up", "不升级"),
    ('name = "' + "n" * 60_000 + '"', "more than 8 KiB", "超过 8 KiB"),
)


async def open_paste(app: LobbyApp, pilot) -> None:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, CreateScreen)
    await pilot.click("#paste-rules")
    await pilot.pause()
    assert isinstance(app.screen, RulesPasteScreen)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_pasted_rules_make_the_table(lang: str) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang=lang)
    cat = Catalogue(lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await open_paste(app, pilot)
            paste = app.screen
            area = paste.query_one(TextArea)
            for bad, why, why_zh in BAD_PASTES:
                area.text = bad
                await pilot.press("ctrl+s")
                await pilot.pause()
                assert app.screen is paste  # still open: nothing was chosen
                said = str(paste.query_one("#rules-error").render())
                assert said.startswith(cat.t("rules_file.bad", error=""))
                assert (why_zh if lang == "zh" else why) in said, said
            area.text = GOOD
            await pilot.press("ctrl+s")
            await pilot.pause()
            create = app.screen
            assert isinstance(create, CreateScreen) and create.rules is not None
            assert create.rules.kitty_size == 12
            shown = str(create.query_one("#rules-chosen").render())
            assert shown == cat.t("rules_file.lobby_chosen", name="big-kitty")
            create.query_one("#counter-option", Select).value = False
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            [room] = registry.rooms.values()
            assert room.settings.rules.kitty_size == 12 and room.preset == "big-kitty"
            assert room.settings.card_counter is False
            registry.add_bots(room, "random")
            registry.set_ready(room, identity_for_tests("kim").id, True)
            await pilot.pause()
            assert room.table is not None
            assert room.table.rules.kitty_size == 12 and room.table.card_counter is False
    finally:
        await registry.close()


@contextlib.asynccontextmanager
async def paste_dialog() -> AsyncIterator[tuple[LobbyApp, Any, Registry]]:
    """An English lobby at 80x24 with the new table's rules paste open."""
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang="en")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await open_paste(app, pilot)
            yield app, pilot, registry
    finally:
        await registry.close()


async def test_the_paste_box_holds_twice_a_rules_file_at_most() -> None:
    """(Each paste grew it, and every key re-rendered it all: a million
    characters took a front end's core.)"""
    async with paste_dialog() as (app, pilot, _registry):
        area = app.screen.query_one(TextArea)
        for _ in range(5):  # pastes of 8 KiB, one after another
            area.insert("# " + "x" * (MAX_RULES_BYTES - 3) + "\n")
            await pilot.pause()
        assert len(area.text) == MAX_BOX_CHARS
        assert "more than 8 KiB" in str(app.screen.query_one("#rules-error").render())
        area.text = GOOD  # (what is pasted after it is read as ever)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CreateScreen) and app.screen.rules is not None


async def test_cancelling_the_paste_keeps_the_preset() -> None:
    async with paste_dialog() as (app, pilot, registry):
        app.screen.query_one(TextArea).text = GOOD
        await pilot.press("escape")
        await pilot.pause()
        create = app.screen
        assert isinstance(create, CreateScreen) and create.rules is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        [room] = registry.rooms.values()
        assert room.preset == "classic" and room.settings.card_counter is True
