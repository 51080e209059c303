"""Every preset's screens at 60x20, 80x24 and 120x40, in English and Chinese:
one deal's moments as seat 0 meets them (the dealing, the declaring window or
the auction and three players' overturn, the bury, a kitty theft, the friend's
call, a lead, a follow, the result and its review) and the match's end
(walk_states.py), each shown by a static table (no game played by keys).

On every screen: no text cut by its box (a widget that does not scroll holds
no more than its region shows: the centre's and the result's last lines
included), no seat's name line wrapped, no toast over a seat, and every key
the footer offers is taken by the screen on top (fit.py)."""

from __future__ import annotations

import re

import pytest

from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.screens import DealResultScreen, ReviewScreen

from . import fit
from . import helpers as H
from .walk_states import PRESETS, Moment, deal_moments, match_end

SIZES = ((60, 20), (80, 24), (120, 40))
# names as long as a player's may be (the status line and the side seats must fit them)
NAMES = ["Lin", "Ana", "Mei", "Kenji", "Raj", "Zoe"]


# What still does not fit, each as "preset lang size moment: widget" (to fix; a
# fix takes its line out): the score line's milestones and the bid's settlement
# at 60 and 80 columns, the top row of six seats at 60x20 with a play and points,
# the declaration and bidding panels at 60x20 with many options; the centre at
# 60x20 while following, when its room is measured after the check (one line).
KNOWN = frozenset(
    {
        "find-friends-5 en 60x20 follow: SeatPanel#seat-top-left",
        "find-friends-5 en 80x24 burying: ScoreText#score-right",
        "find-friends-5 en 80x24 calling: ScoreText#score-right",
        "find-friends-5 zh 60x20 follow: SeatPanel#seat-top-left",
        "find-friends-5 zh 80x24 burying: ScoreText#score-right",
        "find-friends-5 zh 80x24 calling: ScoreText#score-right",
        "classic en 60x20 follow: CentreBox#trick",
        "classic zh 60x20 follow: CentreBox#trick",
        "six-player zh 60x20 follow: CentreBox#trick",
        "six-player en 60x20 follow: CentreBox#trick",
        "find-friends-5 en 60x20 follow: CentreBox#trick",
        "find-friends-5 zh 60x20 follow: CentreBox#trick",
        "eighty-points en 60x20 bidding: AuctionPanel#auction",
        "eighty-points en 60x20 match_end review: ScoreText#score-right",
        "eighty-points en 60x20 match_end: ScoreText#score-right",
        "eighty-points en 60x20 naming_trump: AuctionPanel#auction",
        "eighty-points en 60x20 result review: ScoreText#score-right",
        "eighty-points en 60x20 result: ScoreText#score-right",
        "eighty-points en 80x24 match_end review: ScoreText#score-right",
        "eighty-points en 80x24 match_end: ScoreText#score-right",
        "eighty-points en 80x24 result review: ScoreText#score-right",
        "eighty-points en 80x24 result: ScoreText#score-right",
        "eighty-points zh 60x20 match_end review: ScoreText#score-right",
        "eighty-points zh 60x20 match_end: ScoreText#score-right",
        "eighty-points zh 60x20 result review: ScoreText#score-right",
        "eighty-points zh 60x20 result: ScoreText#score-right",
        "find-friends en 60x20 follow: CentreBox#trick",
        "find-friends en 60x20 follow: ScoreText#score-right",
        "find-friends en 60x20 lead: ScoreText#score-right",
        "find-friends en 80x24 follow: ScoreText#score-right",
        "find-friends en 80x24 lead: ScoreText#score-right",
        "four-deck en 60x20 declaring: DeclarePanel#declare",
        "four-deck en 60x20 kitty_theft: DeclarePanel#declare",
        "six-player en 60x20 follow: SeatPanel#seat-top",
        "six-player en 60x20 follow: SeatPanel#seat-top-left",
        "six-player en 60x20 lead: SeatPanel#seat-top",
        "six-player en 60x20 match_end review: SeatPanel#seat-top-left",
        "six-player en 60x20 match_end review: SeatPanel#seat-top-right",
        "six-player en 60x20 match_end: SeatPanel#seat-top-left",
        "six-player en 60x20 match_end: SeatPanel#seat-top-right",
        "six-player en 60x20 result review: SeatPanel#seat-top",
        "six-player en 60x20 result: SeatPanel#seat-top",
        "six-player zh 60x20 follow: SeatPanel#seat-top",
        "six-player zh 60x20 lead: SeatPanel#seat-top",
        "six-player zh 60x20 match_end review: SeatPanel#seat-top-left",
        "six-player zh 60x20 match_end review: SeatPanel#seat-top-right",
        "six-player zh 60x20 match_end: SeatPanel#seat-top-left",
        "six-player zh 60x20 match_end: SeatPanel#seat-top-right",
        "six-player zh 60x20 result review: SeatPanel#seat-top",
        "six-player zh 60x20 result: SeatPanel#seat-top",
        "three-player en 60x20 burying: ScoreText#score-right",
        "three-player en 60x20 follow: ScoreText#score-right",
        "three-player en 60x20 lead: ScoreText#score-right",
        "three-player en 60x20 naming_trump: ScoreText#score-right",
        "three-player en 60x20 overturning: DeclarePanel#declare",
        "three-player en 60x20 overturning: ScoreText#score-right",
        "tournament en 60x20 follow: CentreBox#trick",
    }
)


def key_of(problem: str) -> str:
    return re.split(r" (?:holds|is|wraps|covers) ", problem)[0]


def moments(preset: str) -> list[Moment]:
    return [*deal_moments(preset), match_end(preset)]


async def _check(pilot, app, where: str, found: list[str]) -> None:
    for _ in range(3):  # (laid out, the centre's room measured, laid out again)
        await pilot.pause()
    found.extend(f"{where}: {p}" for p in fit.problems(app))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", PRESETS)
async def test_every_screen_fits(preset: str, lang: str) -> None:
    walk = moments(preset)
    players = walk[0].state.rules.players
    table = H.StaticTable(walk[0].state, names=NAMES[:players])
    app = ShengjiApp(table, 0, theme="shengji", lang=lang)
    found: list[str] = []
    seen: set[str] = set()
    async with app.run_test(size=SIZES[0]) as pilot:
        for w, h in SIZES:
            await pilot.resize_terminal(w, h)
            for mo in walk:
                await table.jump(mo.state)
                where = f"{preset} {lang} {w}x{h} {mo.name}"
                await _check(pilot, app, where, found)
                if isinstance(app.screen, DealResultScreen):
                    seen.add("result")
                    await pilot.press("r")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
                    seen.add("review")
                    await _check(pilot, app, where + " review", found)
                    await pilot.press("escape")
                    await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen))
    assert {"result", "review"} <= seen
    new = [p for p in found if key_of(p) not in KNOWN]
    assert not new, "\n".join(new)
