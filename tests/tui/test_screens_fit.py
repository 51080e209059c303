"""Every preset's screens at 60x20, 80x24 and 120x40, in English and Chinese:
one deal's moments as seat 0 meets them (the dealing, the declaring window or
the auction and three players' overturn, the bury, a kitty theft, the friend's
call, a lead, a follow, the result and its review) and the match's end
(walk_states.py), each shown by a static table (no game played by keys; the
bury and the follow again once `s` has picked cards; the lead with a long
toast on view). Each screen is checked
once laid out for what it shows (fit.settle: a condition, not a time).

On every screen: no text cut by its box (a widget that does not scroll holds
no more than its region shows: the centre's and the result's last lines
included), no seat's name line wrapped, no dialog's line of keys broken
inside a key ("enter" / "call"), no toast over a seat, and every key the
footer offers is taken by the screen on top (fit.py)."""

from __future__ import annotations

import pytest

from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.variants.friends.call_screen import CallFriendScreen

from . import fit
from . import helpers as H
from .walk_states import PRESETS, Moment, deal_moments, match_end

SIZES = ((60, 20), (80, 24), (120, 40))
PICKED = ("burying", "follow")  # moments seen again once `s` has picked cards
# names as long as a player's may be (the status line and the side seats must fit them)
NAMES = ["Lin", "Ana", "Mei", "Kenji", "Raj", "Zoe"]


def moments(preset: str) -> list[Moment]:
    return [*deal_moments(preset), match_end(preset)]


async def _check(pilot, app, where: str, found: list[str]) -> None:
    await fit.settle(pilot, app)  # (laid out, the centre's room measured, laid out again)
    found.extend(f"{where}: {p}" for p in fit.problems(app))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", PRESETS)
async def test_every_screen_fits(preset: str, lang: str) -> None:
    walk = moments(preset)
    players = walk[0].state.rules.players
    table = H.StaticTable(walk[0].state, names=NAMES[:players])
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji", lang=lang))
    found: list[str] = []
    seen: set[str] = set()
    async with app.run_test(size=SIZES[0], notifications=True) as pilot:
        for w, h in SIZES:
            await pilot.resize_terminal(w, h)
            for mo in walk:
                await table.jump(mo.state)
                where = f"{preset} {lang} {w}x{h} {mo.name}"
                await _check(pilot, app, where, found)
                if mo.name in PICKED:  # the cards picked, and what they make
                    await pilot.press("s")
                    await _check(pilot, app, where + " picked", found)
                if mo.name == "calling":  # the friend's call: its dialog (enter opens it)
                    await pilot.press("enter")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, CallFriendScreen))
                    seen.add("calling")
                    await _check(pilot, app, where + " dialog", found)
                    await pilot.press("escape")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
                if mo.name == "lead":  # a toast as long as the longest: over no seat
                    app.notify(app.cat.t("hotseat.last_chance"), timeout=60, markup=False)
                    await fit.settle(pilot, app)
                    if fit.toasts_on_view(app):
                        seen.add("toast")
                    found.extend(f"{where} toast: {p}" for p in fit.toasts_over_seats(app))
                    app.clear_notifications()
                # the review: the deal's (the match's end shows the same screen)
                if isinstance(app.screen, DealResultScreen) and mo.name == "result":
                    seen.add("result")
                    await pilot.press("r")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
                    seen.add("review")
                    await _check(pilot, app, where + " review", found)
                    await pilot.press("escape")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen))
    assert {"result", "review", "toast"} <= seen
    assert not found, "\n".join(found)


# names as long as a player's may be (server/names.py: 16 cells)
LONG_NAMES = [
    "Linnea Johansson",
    "Anastasia Romano",
    "Meiling Zhaoyang",
    "Kenjiro Watanabe",
    "Rajendra Prasadh",
    "欧阳娜娜欧阳娜娜",
]


@pytest.mark.parametrize("preset", PRESETS)
async def test_every_screen_fits_the_longest_names(preset: str) -> None:
    """Every moment's screen with names as long as a player's may be: a side
    seat's role goes to a line of its own, a panel too narrow for the name
    itself cuts it with "…" (never a name broken over two lines); the result's
    lines scroll in its box, its keys in view; the centre leaves out what the
    seats or a key also tell (the auction's calls, why nothing can be
    declared) before a line of its own is cut."""
    walk = moments(preset)
    players = walk[0].state.rules.players
    table = H.StaticTable(walk[0].state, names=LONG_NAMES[:players])
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji", lang="en"))
    found: list[str] = []
    async with app.run_test(size=SIZES[0]) as pilot:
        for w, h in SIZES:
            await pilot.resize_terminal(w, h)
            for mo in walk:
                await table.jump(mo.state)
                await fit.settle(pilot, app)
                found.extend(f"{preset} {w}x{h} {mo.name}: {p}" for p in fit.problems(app))
    assert not found, "\n".join(found)
