"""A deal's plays repaint the table without laying it out again.

Over SSH every player's screen repaints each play; a layout costs several
times a repaint (the whole screen measured and placed twice), so a play that
lays out stalls all of a table's screens. The centre box starts the playing
phase as tall as a trick usually gets (`Presenter.centre_reserve`) and the
score's points have room for three digits: the first tricks, and the hint
asked at your turns, neither grow the box nor move the points bar."""

from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen
from textual.widget import Widget

from shengji_tui.engine import GameState, events_for, new_game, view_for
from shengji_tui.table import SeatInfo, TableStatus
from shengji_tui.tui.app import AppSetup, ShengjiApp, TableUpdate
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.widgets import CentreBox, ScoreText

from . import fit
from . import helpers as H


def deal_steps(preset: str, seed: int) -> tuple[GameState, list[tuple[str, Any, list[Any]]]]:
    """The start state and seat 0's (phase, view, events) after each step of one
    deal played by random bots, up to its last trick."""
    start = new_game(preset, seed)
    out = [
        (state.phase, view_for(state, 0), events_for(events, 0, state))
        for state, events in H.bot_steps(start, seed)
    ]
    return start, out


@pytest.mark.parametrize(
    ("preset", "size"),
    [("classic", (100, 32)), ("classic", (80, 24)), ("six-player", (120, 40))],
)
async def test_the_first_tricks_lay_nothing_out(
    preset: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    start, steps = deal_steps(preset, 2)
    players = start.rules.players
    status = TableStatus(
        tuple(SeatInfo("human" if s == 0 else "bot", f"P{s}", True) for s in range(players))
    )
    app = ShengjiApp(
        H.StaticTable(start, names=[f"P{s}" for s in range(players)]),
        Solo(0),
        AppSetup(theme="shengji"),
    )
    layouts: list[str] = []
    original = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **kw: Any) -> None:
        layouts.append(f"{phase} {plays}")
        original(self, *args, **kw)

    asked: list[str] = []  # the widgets that asked for a layout during a play
    refresh = Widget.refresh

    def noted(self: Widget, *args: Any, **kw: Any) -> Widget:
        if kw.get("layout") and phase in ("a play", "a hint"):
            asked.append(f"{type(self).__name__}#{self.id}")
        return refresh(self, *args, **kw)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    monkeypatch.setattr(Widget, "refresh", noted)
    phase = "start"
    plays = hints = 0
    widths: set[int] = set()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i, (phase, view, events) in enumerate(steps):
            if phase == "playing" and steps[i - 1][0] == "playing":
                phase = "a play"  # (the first update of the phase lays the box out)
                plays += 1
            app.post_message(TableUpdate(0, view, events, status))
            await fit.settle(pilot, app)  # (what the update lays out, it has)
            if phase == "a play":
                widths.add(app.screen.query_one(ScoreText).region.width)
                if view.awaiting == 0:  # your turn: the hint (`s`) and its reason
                    phase = "a hint"
                    await pilot.press("s")
                    await fit.settle(pilot, app)
                    hints += 1
            if plays >= 6 * view.rules.players:  # six tricks
                break
        assert plays >= 6 * start.rules.players
        box = app.screen.query_one(CentreBox)
        assert box.props.reserve > 0
        assert hints >= 5
        assert not [x for x in layouts if x.startswith(("a play", "a hint"))], (
            f"layouts {layouts} in {plays} plays and {hints} hints, asked by {asked}"
        )
        assert len(widths) == 1  # the points bar did not move
