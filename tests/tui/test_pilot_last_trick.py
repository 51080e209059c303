"""The last trick, in the side panel (wide terminals) and in its dialog (`t`):
every play of the trick won last, in play order, who won it and its points; it
follows the game, also after the terminal is narrowed and widened again (the
side panel is hidden below 110 columns). Read as Textual paints it."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from shengji_tui import rules
from shengji_tui.engine import SeatView
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.model import Model
from shengji_tui.tui.screens.last_trick import LastTrickScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.widgets import LastTrick

from .helpers import NAMES, wait_until

SEED = 3
WIDE, NARROW = (120, 40), (80, 24)
# after the trick numbered so, the terminal takes this size: widened, narrowed, widened
RESIZES = {2: WIDE, 4: NARROW, 6: WIDE}


def painted(widget: Widget) -> str:
    """The widget's text as Textual paints it (its cached lines included), blanks
    and line breaks folded to one space."""
    size = widget.outer_size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return " ".join(" ".join(seg.text for seg in strip).strip() for strip in strips).strip()


def fold(text: str) -> str:
    return " ".join(text.split())


def expected(m: Model, v: SeatView) -> list[str]:
    """What the last trick must say, in this order: its number, each play (the
    winner's marked), who won it and its points."""
    t = m.prefs.cat.t
    out = [t("last.title", n=v.trick_no)]
    winner = v.last_trick_winner
    assert winner is not None
    for i, p in enumerate(v.last_trick):
        out.append(m.prefs.cat.t("last.who", name=m.name(p.seat)).strip())  # ("小安：", "Ana:")
        out.append(m.prefs.ct.cards(p.cards))
        if i == 0:
            out.append(t("seat.led"))
        if p.seat == winner:
            out.append(f"◀ {t('seat.won')}")
    pts = sum(rules.points(p.cards) for p in v.last_trick)
    out.append(t("last.won" if pts else "last.won_nothing", name=m.name(winner), n=pts))
    return out


def assert_shows(text: str, parts: list[str], where: str) -> None:
    shown = fold(text)
    at = 0
    for part in parts:
        found = shown.find(fold(part), at)
        assert found >= 0, f"{where}: {part!r} missing (in order) from {shown!r}"
        at = found + len(fold(part))


async def check_side_panel(app: ShengjiApp, m: Model, v: SeatView, where: str) -> None:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    side = screen.query_one("#last-trick", LastTrick)
    wide = app.size.width >= 110
    assert bool(side.region) == wide, f"{where}: the side panel shows at {app.size} only if wide"
    if wide:
        assert_shows(painted(side), expected(m, v), f"{where}, side panel")


async def check_dialog(pilot, app: ShengjiApp, m: Model, v: SeatView, where: str) -> None:
    await pilot.press("t")
    await wait_until(pilot, lambda: isinstance(app.screen, LastTrickScreen), what="the dialog")
    await pilot.pause()
    box = app.screen.query_one(LastTrick)
    assert_shows(painted(box), expected(m, v), f"{where}, dialog")
    close = m.prefs.cat.t("dialog.close_keys")
    assert any(close in painted(w) for w in app.screen.query("Label")), "the close keys show"
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_last_trick_shows_every_play_its_winner_and_points(lang: str) -> None:
    pacing = Pacing(bot_delay=0, deal_delay=0, declare_window=0.3)
    bots = bot_specs(SEED, (1, 2, 3), "random", NAMES)
    table = Table(TableSettings.build("classic", SEED, names=NAMES, bots=bots, pacing=pacing))
    app = ShengjiApp(table, Solo(0), AppSetup(owns_table=True, theme="shengji", lang=lang))
    async with app.run_test(size=NARROW) as pilot:
        m = app.model
        assert m is not None

        def our_turn() -> bool:
            v = table.view(0)
            return m.facts.view is v or (m.facts.view.version == v.version and v.awaiting == 0)

        await wait_until(pilot, lambda: m.phase in ("burying", "playing"), what="play", timeout=60)
        if m.phase == "burying":
            await wait_until(pilot, lambda: m.facts.view.awaiting == 0 or m.phase == "playing")
            if m.facts.view.awaiting == 0:
                await pilot.press("s", "enter")
        checked: set[tuple[int, int]] = set()
        followed = False
        while True:
            await wait_until(
                pilot, lambda: m.facts.view.awaiting == 0 and our_turn(), what="our turn"
            )
            v = m.facts.view
            n = v.trick_no
            if n >= 8:
                break
            if v.last_trick:
                where = f"trick {n} at {tuple(app.size)} ({lang})"
                await check_side_panel(app, m, v, where)
                await check_dialog(pilot, app, m, v, where)
                checked.add(tuple(app.size))
                if n in RESIZES and tuple(app.size) != RESIZES[n]:
                    await pilot.resize_terminal(*RESIZES[n])
                    await pilot.pause(0.2)
                    # nothing moved since: what shows was painted before, or is new
                    await check_side_panel(app, m, v, f"{where}, resized to {RESIZES[n]}")
                    await check_dialog(pilot, app, m, v, f"{where}, resized to {RESIZES[n]}")
                    checked.add(tuple(app.size))
            follow = not followed and n >= 3 and len(v.trick) < 3  # others play after us
            if follow:
                # (the bots wait until the dialog is open: it opens before the
                # trick ends, however slow the machine)
                table.set_pacing(table.settings.pacing.replace(bot_delay=3600))
            before = len(v.hand)
            await pilot.press("s", "enter")
            await wait_until(
                pilot, lambda before=before: len(m.facts.view.hand) < before, what="play"
            )
            if follow:
                # the dialog open while the others play on: it shows the trick won last
                await pilot.press("t")
                await wait_until(pilot, lambda: isinstance(app.screen, LastTrickScreen))
                box = app.screen.query_one(LastTrick)
                assert m.facts.view.trick_no == n, "the dialog opened before the trick's end"
                table.set_pacing(table.settings.pacing.replace(bot_delay=0))  # play on
                await wait_until(
                    pilot,
                    lambda n=n: m.facts.view.trick_no > n and our_turn(),
                    what="the trick's end",
                )
                await pilot.pause()
                assert_shows(painted(box), expected(m, m.facts.view), "the open dialog")
                await pilot.press("escape")
                followed = True
        assert checked == {WIDE, NARROW}
        assert followed
