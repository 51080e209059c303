"""The lobby's list of tables reads as words in the player's language: the game
by its name (not the preset's id), who sits at each seat, what the table is
doing; the waiting room's bots and the stand-in are `normal` unless chosen;
enter on the new-table dialog's Create button (or in its grace field) makes
the table."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Select

from shengji_tui.server.lobby import CreateScreen, LobbyApp, LobbyScreen, RoomScreen
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import OptionsRecord, Registry
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings
from shengji_tui.text import Catalogue

FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


def rows(app: LobbyApp) -> list[list[str]]:
    dt: DataTable[object] = app.screen.query_one(DataTable)
    return [[str(c) for c in dt.get_row_at(r)] for r in range(dt.row_count)]


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_list_says_the_game_the_seats_and_the_status_in_words(lang: str) -> None:
    cat = Catalogue(lang)
    t = cat.t
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang=lang)
    try:
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            meg, raj = identity_for_tests("meg"), identity_for_tests("raj")
            waiting = registry.create(FAST.replace(rules="find-friends"), meg.id, meg.name)
            full = registry.create(FAST, raj.id, raj.name)
            registry.add_bots(full, "easy")
            registry.set_ready(full, raj.id, False)
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            first, second = rows(app)
            assert first[1] == t("lobby.game.find-friends") != "find-friends"
            free = t("lobby.list.free")
            assert first[4] == t("lobby.seat_sep").join(["meg", free, free, free])
            assert first[3] == t("lobby.list.waiting_for", n=3)
            assert first[2] == "1/4"
            assert second[1] == t("lobby.game.classic")
            bots = [s.name for s in full.slots[1:]]
            assert second[4].startswith("raj") and all(
                t("lobby.list.bot", name=b) in second[4] for b in bots
            )
            assert second[3] == t("lobby.list.waiting_ready", ready=3, seats=4)
            # it plays: the deal and what is done, someone watching
            registry.set_ready(full, raj.id, True)
            await pilot.pause()
            assert full.status == "playing" and full.table is not None
            full.spectators = 1
            registry._changed(save=False)  # (what a watcher's arrival tells the lobby)
            await pilot.pause()
            status = rows(app)[1][3]
            assert status.startswith(t("lobby.list.playing", deal=1, phase="").rstrip(" ，,"))
            assert status.endswith(t("lobby.list.watching", n=1))
            words = "打牌中" if lang == "zh" else "playing"
            assert words in status and waiting.table is None
            # raj lets watchers see his hand: the list says so beside his name
            registry.set_show_hand(full, raj.id, True)
            await pilot.pause()
            away = t("lobby.list.away", name="raj")  # (no session of raj's here)
            assert rows(app)[1][4].startswith(t("lobby.list.shows_hand", who=away))
            assert t("lobby.list.shows_hand", who="meg") not in rows(app)[0][4]
    finally:
        await registry.close()


async def test_bots_and_the_stand_in_are_normal_unless_chosen() -> None:
    assert TableSettings().stand_in == "normal" == TableSettings.build("classic").stand_in
    assert OptionsRecord().standin_level == "normal"
    registry = Registry(None, None, default_options=FAST)
    kim = identity_for_tests("kim")
    app = LobbyApp(LobbyDesk(registry), kim, lang="en")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, CreateScreen)
            assert app.screen.query_one("#standin", Select).value == "normal"
            assert "enter on Create" in str(app.screen.query_one("#create-keys").render())
            await pilot.press("enter")  # the Create button has the focus
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            [room] = registry.listing()
            assert room.settings.stand_in == "normal"
            assert app.screen.query_one("#level", Select).value == "normal"
            await pilot.press("b")
            await pilot.pause()
            assert [s.level for s in room.slots[1:]] == ["normal"] * 3
    finally:
        await registry.close()


@pytest.mark.parametrize(
    ("typed", "shown", "grace"),
    [
        ("90", "90", 90),
        # four digits at most (every key a player typed grew the box: a hundred
        # thousand digits an hour, read again at each key), an hour at most
        ("9" * 12, "9999", 3600),
    ],
)
async def test_enter_in_the_grace_field_makes_the_table(typed: str, shown: str, grace: int) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang="en")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CreateScreen)
            box = screen.query_one("#grace", Input)
            box.focus()
            await pilot.press("backspace", "backspace", *typed)
            assert box.value == shown
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            [room] = registry.listing()
            assert room.settings.pacing.grace == grace
    finally:
        await registry.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_new_table_dialog_fits_80x24_with_its_buttons_in_view(lang: str) -> None:
    """Every field and the Create button inside an 80x24 screen, nothing to scroll
    (the turn clock's rows made it taller than the screen), in both languages."""
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CreateScreen)
            for wid in ("#preset", "#grace", "#standin", "#clock", "#clock-limit", "#create"):
                region = screen.query_one(wid).region
                assert region.height > 0 and region.y >= 0 and region.bottom <= 24, (wid, region)
            dialog = screen.query_one("CreateScreen > Vertical")
            assert dialog.region.bottom <= 24 and dialog.max_scroll_y == 0
            create = screen.query_one("#create").region
            assert create.bottom <= dialog.region.bottom
    finally:
        await registry.close()
