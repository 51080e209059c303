"""Snapshots of find friends (pytest-textual-snapshot): the calling dialog at
80x24, and five seats at 120x40 in the trick the friend was revealed in.

Update after an intended change of the look with
`.venv/bin/python -m pytest tests/tui/test_snapshots_friends.py --snapshot-update`.
The states are built through the engine and served by a static table."""

from __future__ import annotations

import pytest

from shengji_tui.rules import Card, Rank, Suit
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import friend_states as F
from .helpers import StaticTable

SMALL = (80, 24)
LARGE = (120, 40)


@pytest.fixture(scope="module")
def states():
    calling = F.calling_state(F.ruleset("find-friends", "nth_played"), dealer=0)
    five = F.calling_state("find-friends-5", dealer=1)
    five = F.call(five, str(F.outside_card(five)))
    revealed = F.play_until(five, lambda s: bool(s.friend_calls[0].revealed))
    return {"calling": calling, "revealed": revealed}


def app_of(state, names) -> ShengjiApp:
    return ShengjiApp(StaticTable(state, names=names), Solo(0), AppSetup(theme="shengji"))


def test_the_calling_dialog(snap_compare, states) -> None:
    app = app_of(states["calling"], ["Bo", "Ana", "Mei", "Ken"])

    async def run_before(pilot) -> None:
        await pilot.press("enter", "h", "a", "n")  # the dialog, A♥, its second copy
        await pilot.pause()
        assert app.screen.choice.card == Card.of(Suit.H, Rank.ACE)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_five_seats_at_the_reveal(snap_compare, states) -> None:
    assert snap_compare(app_of(states["revealed"], F.NAMES5), terminal_size=LARGE)
