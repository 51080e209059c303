"""The table's model asks the app's seating who plays at this keyboard, never
counts the humans itself: whom its sentences call "you", whether the deal may
be held and skipped here (every human of the table plays at this keyboard),
whether the keyboard goes round (`tab` while declaring), whether any key takes
a seat back from 托管."""

from __future__ import annotations

import pytest

from shengji_tui.engine import view_for
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.seating import Hotseat, Remote, Seating, Solo, Spectator

from . import states as S


class Watch:
    """A spectator's seat that follows no seat (`contract.WatchLike`)."""

    name = "Kim"
    following: int | None = None

    def may_follow(self, seat: int) -> bool:
        return False

    def follow(self, seat: int | None) -> str | None:
        return "watch.not_allowed"


SOLO, HOTSEAT, REMOTE, SPECTATOR = Solo(0), Hotseat((0, 2)), Remote(0), Spectator(Watch())

# seating: its own seat ("you"), every human here at a table of 0, 1, 2, 3 humans,
# the keyboard goes round
ANSWERS: list[tuple[Seating, bool, tuple[bool, ...], bool]] = [
    (SOLO, True, (True, True, False, False), False),
    (REMOTE, True, (True, True, False, False), False),
    (HOTSEAT, False, (True, True, True, False), True),
    (SPECTATOR, False, (True, False, False, False), False),
]


@pytest.mark.parametrize(("seating", "own", "here", "round_"), ANSWERS)
def test_each_seating_says_who_plays_here(
    seating: Seating, own: bool, here: tuple[bool, ...], round_: bool
) -> None:
    assert seating.own_seat is own
    assert tuple(seating.all_here(n) for n in range(4)) == here
    assert seating.hands_over is round_


def model(seating: Seating, table_humans: int) -> Model:
    cat = Catalogue("en")
    facts = TableFacts(["Lin", "Ana", "Mei", "Ken"], 0, table_humans=table_humans, keyboard=seating)
    m = Model(Prefs(cat, CardText(cat)), facts)
    m.take_seat(0, view_for(S.dealing_state(), 0))
    return m


# seating, humans at the table: seat 0 is "you", the hold key works, `tab` hands over
MODELS: list[tuple[Seating, int, bool, bool, bool]] = [
    (SOLO, 1, True, True, False),
    (REMOTE, 1, True, True, False),
    (REMOTE, 2, True, False, False),  # (an SSH table with another player: its pace)
    (HOTSEAT, 2, False, True, True),
    (HOTSEAT, 3, False, False, True),  # (a third human elsewhere: the table's pace)
    (SPECTATOR, 1, False, False, False),
]


@pytest.mark.parametrize(("seating", "humans", "you", "hold", "hand_over"), MODELS)
def test_the_model_asks_the_seating(
    seating: Seating, humans: int, you: bool, hold: bool, hand_over: bool
) -> None:
    m = model(seating, humans)
    assert m.facts.humans == list(seating.humans)
    assert m.facts.spectating is seating.spectating
    assert m.is_you(0) is you and not m.is_you(1)
    assert (m.name(0) == "You") is you
    assert m.can_hold() is hold
    keys = dict(Presenter().keys(m).states)
    assert bool(keys["next_hand"]) is hand_over
    assert bool(keys["hold_deal"]) is hold
