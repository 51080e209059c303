"""A whole deal through the real app and the real `Table`, by keys only:
declare, bury, play every trick, read the result screen, start the next deal."""

from __future__ import annotations

from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from .helpers import NAMES, wait_until

SEED = 3  # seat 0 can declare (overturn) when the last card is dealt


async def test_whole_deal_by_keys() -> None:
    settings = TableSettings.build(
        "classic",
        SEED,
        names=NAMES,
        bots=bot_specs(SEED, [1, 2, 3], "random", NAMES),
        pacing=Pacing(bot_delay=0, deal_delay=0, declare_window=60),
    )
    table = Table(settings)
    app = ShengjiApp(table, Solo(0), AppSetup(owns_table=True, theme="shengji"))
    async with app.run_test(size=(100, 32)) as pilot:
        m = app.model
        assert m is not None and isinstance(app.screen, TableScreen)
        await wait_until(pilot, lambda: m.phase != "dealing", what="the last card")
        assert m.phase == "declaring"
        assert len(m.facts.hand) == 25
        opts = m.declare_options()
        assert opts, "the seed was chosen so that seat 0 can declare"
        await pilot.press("d")
        await wait_until(
            pilot,
            lambda: any(d.seat == 0 for d in m.facts.view.declarations),
            what="our declaration",
        )
        await pilot.press("f")  # done declaring: the table closes
        await wait_until(pilot, lambda: m.phase not in ("dealing", "declaring"), what="close")
        if m.facts.view.kitty_holder == 0:
            await wait_until(pilot, lambda: m.facts.view.awaiting == 0, what="our bury")
            assert len(m.facts.hand) == 33
            assert app.screen.check_action("confirm", ()) is None  # nothing picked: disabled
            await pilot.press("s")
            assert len(m.selection()) == 8
            await pilot.press("enter")
            await wait_until(pilot, lambda: m.phase == "playing", what="play")
        tricks_played = 0
        while True:
            await wait_until(
                pilot,
                lambda: m.phase != "playing" or m.facts.view.awaiting == 0,
                what="our turn",
            )
            if m.phase != "playing":
                break
            before = len(m.facts.view.hand)
            await pilot.press("s")
            assert m.check().ok, m.check().message
            await pilot.press("enter")
            await wait_until(
                pilot,
                lambda before=before: m.phase != "playing" or len(m.facts.view.hand) < before,
                what="our play",
            )
            tricks_played += 1
        assert tricks_played >= 1
        assert m.phase == "scoring"
        await wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="result")
        body = app.screen.body().plain
        assert "Attackers' points" in body
        assert "Kitty" in body
        assert "Next dealer" in body
        await pilot.press("enter")
        await wait_until(pilot, lambda: m.facts.view.deal_no == 1, what="the next deal")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table again")
        assert app.log_lines, "the game log has sentences"
        assert any("wins trick" in line for line in app.log_lines)
