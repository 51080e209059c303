"""Snapshots of the table (pytest-textual-snapshot) at 80x24 and 120x40 (the
card counter beside the log), and the compact table at 60x20.

Update after an intended change of the look with
`.venv/bin/python -m pytest tests/tui/test_snapshots.py --snapshot-update`
and look at the SVGs in `__snapshots__/` (or the HTML report of a failure).
The states are built through the engine and served by a static table, so
nothing moves while a snapshot is taken.
"""

from __future__ import annotations

import pytest

from shengji_tui.engine import Play

from . import helpers as H

SMALL = (80, 24)
LARGE = (120, 40)


@pytest.fixture(scope="module")
def states():
    throw_state, throw = H.failing_throw_state()
    follow = H.following_state()
    return {
        "dealing": H.dealing_state(),
        "burying": H.burying_state(),
        "following": follow,
        "illegal": H.illegal_follow(follow),
        "throw_state": throw_state,
        "throw": throw,
        "scored": H.scored_state(),
    }


def select(cards):
    async def run_before(pilot) -> None:
        m = pilot.app.model
        m.select_cards(cards)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_dealing_with_the_declaration_panel(snap_compare, states, size) -> None:
    app, _ = H.static_app(states["dealing"])
    assert snap_compare(app, terminal_size=size)


@pytest.mark.hint_search  # (the hard bot's bury, as a player gets it)
def test_burying(snap_compare, states) -> None:
    app, _ = H.static_app(states["burying"])
    assert snap_compare(app, press=["s", "space"], terminal_size=SMALL)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_trick_with_an_illegal_selection(snap_compare, states, size) -> None:
    app, _ = H.static_app(states["following"])
    assert snap_compare(app, terminal_size=size, run_before=select(states["illegal"]))


def test_failed_throw(snap_compare, states) -> None:
    app, _ = H.static_app(states["throw_state"])

    async def run_before(pilot) -> None:
        await pilot.app.send(Play(seat=0, cards=tuple(states["throw"])))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_deal_result(snap_compare, states, size) -> None:
    app, _ = H.static_app(states["scored"])
    assert snap_compare(app, terminal_size=size)


def test_ascii_mode(snap_compare, states) -> None:
    app, _ = H.static_app(states["following"], ascii=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=select(states["illegal"]))


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_chinese(snap_compare, states, size) -> None:
    app, _ = H.static_app(states["following"], lang="zh")
    assert snap_compare(app, terminal_size=size, run_before=select(states["illegal"]))


def test_chinese_dealing(snap_compare, states) -> None:
    app, _ = H.static_app(states["dealing"], lang="zh")
    assert snap_compare(app, terminal_size=SMALL)


@pytest.fixture(scope="module")
def seat_states():
    """Three, five and six seats, your turn as the last of a trick a few tricks in."""
    return {p: H.trick_state(p) for p in ("three-player", "find-friends-5", "six-player")}


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("preset", ["three-player", "find-friends-5", "six-player"])
def test_seats_around_the_table(snap_compare, seat_states, preset, size) -> None:
    app, _ = H.static_app(seat_states[preset])
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize(
    ("preset", "size"),
    [("six-player", SMALL), ("find-friends-5", LARGE)],
    ids=["six-player-80x24", "find-friends-5-120x40"],
)
def test_seats_around_the_table_in_chinese(snap_compare, seat_states, preset, size) -> None:
    app, _ = H.static_app(seat_states[preset], lang="zh")
    assert snap_compare(app, terminal_size=size)


def test_too_small(snap_compare, states) -> None:
    app, _ = H.static_app(states["following"])
    assert snap_compare(app, terminal_size=(59, 19))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compact_at_60x20(snap_compare, states, lang) -> None:
    """A phone's SSH client in portrait: the compact table."""
    app, _ = H.static_app(states["following"], lang=lang)
    assert snap_compare(app, terminal_size=(60, 20), run_before=select(states["illegal"]))


def test_compact_dealing_at_60x20(snap_compare, states) -> None:
    app, _ = H.static_app(states["dealing"])
    assert snap_compare(app, terminal_size=(60, 20))
