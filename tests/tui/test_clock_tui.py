"""The turn clock and 托管 on the table screen: the presenter's status line
counts the clock down (whose, in the player's language), seats in 托管 are
marked, and in the app only the status line repaints each second; any key in
托管 asks the table to take the seat back."""

from __future__ import annotations

import re
import time
from typing import Any

from shengji_tui.engine import view_for
from shengji_tui.table import Clock
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.widgets import StatusBar

from . import helpers as H
from . import states as S


def _model(lang: str = "en") -> Model:
    state = H.following_state()
    cat = Catalogue(lang)
    m = Model(Prefs(cat, CardText(cat)), TableFacts(list(S.NAMES), 0, humans=[0]))
    m.take_seat(0, view_for(state, 0))
    return m


def test_the_status_line_counts_the_clock_down() -> None:
    m = _model()
    p = Presenter()
    v = m.facts.view
    assert v is not None
    assert p.status(m, 0.0).clock is None  # no clock
    m.set_clock(Clock(0, 100.0, 30.0, v.version))
    mine = p.status(m, 75.2).clock
    assert mine is not None and plain(mine) == "your move: 25 s" and mine.style == "seat--turn"
    late = p.status(m, 95.5).clock
    assert late is not None and plain(late) == "your move: 5 s" and late.style == "centre--alert"
    over = p.status(m, 130.0).clock
    assert over is not None and plain(over) == "your move: 0 s"
    assert p.status(m, None).clock is None  # (no time given: no clock)
    m.set_clock(Clock(1, 100.0, 30.0, v.version))
    theirs = p.status(m, 90.0).clock
    assert theirs is not None and plain(theirs) == f"{S.NAMES[1]}: 10 s"
    m.set_clock(Clock(None, 100.0, 3.0, v.version))
    window = p.status(m, 98.1).clock
    assert window is not None and plain(window) == "declaring: 2 s"
    m.set_clock(Clock(0, 100.0, 30.0, v.version + 1))  # of another state: not shown
    assert m.facts.clock is None and p.status(m, 90.0).clock is None
    zh = _model("zh")
    zv = zh.facts.view
    assert zv is not None
    zh.set_clock(Clock(0, 100.0, 30.0, zv.version))
    said = p.status(zh, 80.0).clock
    assert said is not None and plain(said) == "轮到你：20 秒"


def test_seats_on_auto_are_marked() -> None:
    m = _model()
    p = Presenter()
    assert not any("[auto]" in plain(ln) for sp in p.seats(m) for ln in sp.lines)
    m.set_names(m.facts.names, on_auto=frozenset({1}))
    marked = [sp.seat for sp in p.seats(m) if any("[auto]" in plain(ln) for ln in sp.lines)]
    assert marked == [1]
    turn = p.me(m).flag
    assert turn is not None and "YOUR TURN" in plain(turn)
    m.set_names(m.facts.names, on_auto=frozenset({0}))
    flag = p.me(m).flag
    assert flag is not None and plain(flag) == "auto-play (托管): any key takes your seat back"


class ClockTable(H.StaticTable):
    """A static table with a running clock and seats that may be in 托管."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.clock: Clock | None = None
        self.taken_back: list[int] = []

    async def reclaim(self, seat: int) -> bool:
        self.taken_back.append(seat)
        self.seats[seat].on_auto = False
        await self.tell()
        return True


async def test_only_the_status_line_repaints_each_second() -> None:
    state = H.following_state()
    table = ClockTable(state)
    # (a long clock: a loaded machine may start the app seconds late; the test
    # follows the seconds from the first it sees)
    table.clock = Clock(0, time.monotonic() + 30.6, 30.0, state.version)
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one(StatusBar)

        def seconds() -> int | None:
            shown = plain(bar.props.clock) if bar.props.clock is not None else ""
            found = re.fullmatch(r"your move: (\d+) s", shown)
            return int(found.group(1)) if found else None

        await H.wait_until(pilot, lambda: seconds() is not None, what="the clock")
        first = seconds()
        assert first is not None and first <= 31
        # (a second after the first shown: the app's start is over)
        await H.wait_until(pilot, lambda: (seconds() or 99) < first, what="a second later")
        props = screen.props
        shows: list[str] = []
        for name in ("centre", "hand", "me", "last_trick"):
            widget = getattr(screen._widgets, name)
            original = widget.show
            widget.show = lambda *a, _n=name, _o=original: (shows.append(_n), _o(*a))[1]
        for tick in ("another second", "a third"):
            before = seconds()
            assert before is not None
            await H.wait_until(pilot, lambda b=before: (seconds() or 99) < b, what=tick)
        assert screen.props is props, "the table was not presented again"
        assert shows == [], "no other widget was given props"
        await H.wait_until(
            pilot,
            lambda: f"your move: {seconds()} s" in bar.render_line(0).text,
            what="the bar painting its props' clock",
        )


async def test_any_key_on_auto_takes_the_seat_back() -> None:
    state = H.following_state()
    table = ClockTable(state)
    table.seats[0].on_auto = True
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(100, 32)) as pilot:
        m = app.model
        assert m is not None and m.facts.on_auto == frozenset({0})
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.props.me.flag is not None
        assert "any key takes your seat back" in plain(screen.props.me.flag)
        cursor = m.cursor.at
        await pilot.press("right")  # taken as "I am back", not as a move
        await H.wait_until(pilot, lambda: table.taken_back == [0], what="take back")
        assert m.cursor.at == cursor and table.submitted == []


async def test_a_narrow_status_line_shows_the_clock_first() -> None:
    state = H.following_state()
    table = ClockTable(state)
    table.clock = Clock(0, time.monotonic() + 20.5, 30.0, state.version)
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji", lang="zh"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one(StatusBar)

        def clock_first() -> bool:
            # (the seconds the props say, painted first: the clock may tick
            # between the two reads on a loaded machine, so this is waited for)
            if bar.props.clock is None:
                return False
            clock = plain(bar.props.clock)
            found = re.fullmatch(r"轮到你：(\d+) 秒", clock)
            assert found is not None and int(found.group(1)) <= 21, clock  # (20.5 s, up)
            return bar.render_line(0).text.lstrip().startswith(clock)

        await H.wait_until(pilot, clock_first, what="the clock first on the line")
        line = bar.render_line(0).text
        assert line.count("…") <= 1
