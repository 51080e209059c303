"""A table update touches only what changed: widgets repaint only the lines
whose text changed, the turn keys stay in the footer (greyed when it is not your
turn) so a turn change lays nothing out (docs/performance.md, "TUI update cost")."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from rich.style import Style
from textual.screen import Screen
from textual.widget import Widget

from shengji_tui.engine import events_for, view_for
from shengji_tui.tui.aids.counter_panel import CounterPanel
from shengji_tui.tui.aids.presenter import AidsPresenter
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.messages import TableUpdate
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import TableProps
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.variants.auction.panel import AuctionPanel
from shengji_tui.tui.widgets import (
    CentreBox,
    DeclarePanel,
    HandView,
    KeyBar,
    LastTrick,
    LineWidget,
    MeLine,
    PointsBar,
    ScoreAhead,
    ScoreText,
    SeatPanel,
    StatusBar,
)
from shengji_tui.tui.widgets.lines import LinePainter, line_strip, lines_text

from . import helpers as H


def shown_keys(screen) -> list[tuple[str, bool]]:
    return [(k.display, k.enabled) for k in screen.query_one(KeyBar).entries()]


def record_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The widgets that build their text, by class name, as they do."""
    built: list[str] = []
    original = LineWidget.show

    def show(self: LineWidget[Any], props: Any, look: Any = None) -> bool:
        changed = original(self, props, look)
        if changed:
            built.append(type(self).__name__)
        return changed

    monkeypatch.setattr(LineWidget, "show", show)
    return built


async def test_an_unchanged_view_repaints_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = H.following_state()
    app, _ = H.static_app(state)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        widgets = list(app.screen.query(LineWidget))
        assert widgets
        built = record_builds(monkeypatch)
        # the same props again: every widget's text is unchanged
        assert not any(w.show(w.props) for w in widgets)
        app.post_message(TableUpdate(0, view_for(state, 0), []))
        await pilot.pause()
        assert built == []
        # a change of selection repaints the hand (and what depends on it)
        app.model.toggle()
        assert "HandView" in built and "StatusBar" not in built and "SeatPanel" not in built


async def test_an_idle_table_repaints_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing changes, nothing is painted: Textual's progress bar refreshed its
    time-left estimate once a second (shown nowhere), which repainted the points
    bar on every screen every second."""
    state = H.following_state()
    app, _ = H.static_app(state)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(PointsBar)
        bar.show_points((80, 20))
        await pilot.pause(1.05)  # (Textual's estimate needs samples a second apart)
        bar.show_points((80, 25))
        await pilot.pause()
        refreshed: list[str] = []
        original = Widget.refresh

        def refresh(self: Widget, *regions: Any, **kw: Any) -> Widget:
            refreshed.append(type(self).__name__)
            return original(self, *regions, **kw)

        monkeypatch.setattr(Widget, "refresh", refresh)
        await pilot.pause(1.1)  # (the progress bar's interval was 1 s)
        assert refreshed == []
        bar.show_points((80, 30))  # a change still shows
        assert bar.percentage == 30 / 80 and "PointsBar" in refreshed


async def test_a_scoring_trick_paints_its_points_bar_in_the_same_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every play of a deal is painted in one frame, the points bar with the
    rest: the bar's repaint took Textual's idle path and came a frame later,
    on every screen at every trick won with points."""
    start = H.following_state()
    frames: list[int] = []
    original = Screen._compositor_refresh

    def counted(self: Screen[Any]) -> None:
        frames.append(1)
        original(self)

    app, _ = H.static_app(start)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_compositor_refresh", counted)
        bar = app.screen.query_one(PointsBar)
        scoring = 0
        for state, events in H.bot_steps(start, 3):
            if state.phase != "playing":
                break
            was = bar.progress
            frames.clear()
            app.post_message(TableUpdate(0, view_for(state, 0), events_for(events, 0, state)))
            await pilot.pause()
            await pilot.pause(0.05)  # (a second frame would come within a few turns)
            assert len(frames) == 1, f"{len(frames)} frames at a play"
            scoring += bar.progress != was
        assert scoring >= 2  # (the deal's attackers scored: the bar moved)


async def test_a_turn_change_greys_the_turn_keys_without_a_layout() -> None:
    follow = H.following_state()
    app, _ = H.static_app(follow)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        mine = shown_keys(app.screen)
        assert ("s", True) in mine and ("←→", True) in mine
        bar = app.screen.query_one(KeyBar)
        line = bar.render_line(0).text
        assert "⏎ play" in line and "^p palette" in line
        # not our turn any more: the same keys, the hand keys greyed
        other = follow.model_copy(update={"turn": 1})
        app.post_message(TableUpdate(0, view_for(other, 0), []))
        await pilot.pause()
        assert not app.screen._layout_required
        theirs = shown_keys(app.screen)
        assert [k for k, _ in theirs] == [k for k, _ in mine]
        assert ("s", False) in theirs and ("←→", False) in theirs
        assert ("?", True) in theirs
        # our turn again
        app.post_message(TableUpdate(0, view_for(follow, 0), []))
        await pilot.pause()
        assert shown_keys(app.screen) == mine


async def test_only_the_changed_lines_are_repainted() -> None:
    follow = H.following_state()
    app, _ = H.static_app(follow)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        top = app.screen.query_one("#seat-top", LineWidget)
        before = [top.render_line(y) for y in range(4)]
        other = follow.model_copy(update={"turn": 2})  # the partner's turn: a mark
        app.post_message(TableUpdate(0, view_for(other, 0), []))
        await pilot.pause()
        after = [top.render_line(y) for y in range(4)]
        assert after[0] is not before[0] and after[0].text != before[0].text
        assert after[1:] == before[1:]
        assert all(a is b for a, b in zip(after[1:], before[1:], strict=True))


def fresh_props(m: Model, now: float) -> TableProps:
    """The props of a model made afresh from the seat's view (as at a hotseat
    hand-over) with the same choices of the player, by a presenter that
    remembers nothing."""
    return Presenter().present(fresh_model(m), now)


def fresh_model(m: Model) -> Model:
    again = Model(
        Prefs(m.prefs.cat, m.prefs.ct),
        TableFacts(list(m.facts.names), m.facts.seat, humans=list(m.facts.humans)),
    )
    again.prefs.compact, again.facts.card_counter = m.prefs.compact, m.facts.card_counter
    again.prefs.centre_room = m.prefs.centre_room
    again.facts.table_humans, again.facts.declare_window = (
        m.facts.table_humans,
        m.facts.declare_window,
    )
    assert m.facts.view is not None
    again.take_seat(m.facts.seat, m.facts.view)
    again.cursor.at, again.cursor.selected, again.cursor.decl_index = (
        m.cursor.at,
        list(m.cursor.selected),
        m.cursor.decl_index,
    )
    again.facts.declare_deadline = m.facts.declare_deadline
    again.cursor.bid_pick, again.cursor.trump_pick, again.prefs.show_estimate = (
        m.cursor.bid_pick,
        m.cursor.trump_pick,
        m.prefs.show_estimate,
    )
    again.facts.log, again.facts.log_id = m.facts.log, m.facts.log_id
    return again


def shown_widgets(screen: TableScreen) -> list[tuple[LineWidget[Any], Any]]:
    """Each line widget of the table screen and the props it must show."""
    p = fresh_props(screen.model, screen.presented_at)
    seats = {sp.position: sp for sp in p.seats}
    out: list[tuple[LineWidget[Any], Any]] = []
    for w in screen.query(LineWidget):
        if isinstance(w, SeatPanel):
            want: Any = seats[w.props.position]
        elif isinstance(w, ScoreText):
            want = p.score.left
        elif isinstance(w, ScoreAhead):
            want = p.score.ahead
        elif isinstance(w, KeyBar):
            continue  # (from the bindings: test_a_turn_change_greys_the_turn_keys...)
        elif isinstance(w, CounterPanel):
            if not screen.has_class("-counter"):
                continue  # (hidden: not counted, its props not kept)
            want = AidsPresenter().counter(fresh_model(screen.model))
        else:
            want = {
                StatusBar: p.status,
                CentreBox: p.centre,
                DeclarePanel: p.declare,
                AuctionPanel: p.auction,
                LastTrick: p.last_trick,
                MeLine: p.me,
                HandView: p.hand,
            }[type(w)]
        out.append((w, want))
    return out


@pytest.mark.slow(7)
@pytest.mark.parametrize(
    ("preset", "seed"),
    [("classic", 3), ("one-deck", 8), ("four-deck", 5), ("eighty-points", 3), ("three-player", 5)],
)
async def test_what_shows_is_the_view_and_the_choices_whatever_was_skipped(
    preset: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A widget given props equal to the last ones skips its build. Four apps
    (one per seat) follow a deal played by bots (its first twelve tricks); after every update every
    widget holds the props a fresh model of the seat's view gives (no memo of
    the model or the presenter kept anything stale), and the lines it shows are
    the text those props build, cut (no skip left an old line; the lines painted
    one at a time are those of the whole text)."""
    from shengji_tui.bots import RandomBot
    from shengji_tui.engine import events_for, new_game, view_for
    from shengji_tui.table.plan import plan

    skipped = shown = 0
    original = LineWidget.show

    def counting(self: LineWidget[Any], props: Any, look: Any = None) -> bool:
        nonlocal skipped, shown
        shown += 1
        skipped += props == self.props and self._painting is not None
        return original(self, props, look)

    monkeypatch.setattr(LineWidget, "show", counting)
    state = new_game(preset, seed)
    n = state.rules.players
    apps = [
        ShengjiApp(
            H.StaticTable(state),
            Solo(seat),
            AppSetup(theme="shengji", lang="zh" if seat == 2 else "en"),
        )
        for seat in range(n)
    ]
    bots = {s: RandomBot(seed=seed * 4 + s) for s in range(n)}
    misses: list[str] = []
    async with contextlib.AsyncExitStack() as stack:
        # (seat 1 at 120 columns: the card counter beside the log follows the deal too)
        sizes = [(120, 40) if seat == 1 else (100, 32) for seat in range(n)]
        pilots = [
            await stack.enter_async_context(a.run_test(size=size))
            for a, size in zip(apps, sizes, strict=True)
        ]
        for p in pilots:
            await p.pause()
        steps = 0
        events: list[Any] = []
        phases: set[str] = set()
        # (to the twelfth trick: the suite's time; one deck's deal ends there)
        while state.phase not in ("scoring", "finished") and steps < 700 and state.trick_no < 12:
            step = plan(state, bots, all_bots=True)
            if step is None:
                break
            dealt = state.phase == "dealing" and step.state.phase == "dealing"
            events = [*events, *step.events] if dealt else list(step.events)
            state = step.state
            phases.add(state.phase)
            steps += 1
            if dealt and steps % 6:  # (dealing: every sixth card, to keep this quick)
                continue
            for seat, app in enumerate(apps):
                app.post_message(
                    TableUpdate(seat, view_for(state, seat), events_for(events, seat, state))
                )
            events = []
            # (the apps share one loop: their waits for idle overlap)
            await asyncio.gather(*(p.pause() for p in pilots))
            for app in apps:
                screen = app.screen
                if not isinstance(screen, TableScreen):
                    continue
                for w, want in shown_widgets(screen):
                    where = f"{type(w).__name__} of seat {screen.model.facts.seat} at {state.phase}"
                    if w.props != want:
                        misses.append(f"{where}: {w.props} != {want}")
                    elif (shows := w._painting) is not None and shows.strips is not None:
                        # (painted a line of the props at a time: as the whole text is cut)
                        assert shows.cut_for is not None
                        text = w.build()
                        cut = LinePainter().cut(text, shows.width, *shows.cut_for, app.console)
                        if [list(s) for s in shows.strips] != [list(s) for s in cut]:
                            misses.append(f"{where}: shows other lines than {text.plain!r}")
    assert misses == []
    assert steps > 80 and skipped > shown // 4  # widgets did skip (several, each update)
    assert {"dealing", "playing"} <= phases
    if preset == "four-deck":
        assert "kitty_theft" in phases
    if state.rules.bidding != "none":
        assert {"bidding", "naming_trump"} <= phases


def _centre_paint(app: ShengjiApp) -> tuple[CentreBox, int, Style, Any]:
    """The centre box, its width, and the base style and alignment it paints with."""
    box = app.screen.query_one(CentreBox)
    return box, box.size.width, box.visual_style.rich_style, box.styles.text_align


async def test_lines_wrapped_one_at_a_time_as_rich_wraps_the_whole_text() -> None:
    """The centre wraps its text one line at a time and keeps the wrapped lines
    for the next update: the result is rich's `Text.wrap` of the whole text."""
    from rich.text import Text

    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        box, width, base, align = _centre_paint(app)
        texts = [
            Text("short line\n" + "a long sentence that goes on " * 4 + "\n\ntrailing   "),
            Text.from_markup("[bold]you[/] lead " + "[red]♥[/]K " * 30 + "\nend"),
            Text("a long sentence that goes on " * 4 + "\nchanged last line   "),
        ]
        for text in texts:
            got = [list(s) for s in box._painter.cut(text, width, base, align, app.console)]
            parts = list(text.wrap(app.console, width, justify="default", overflow="fold"))
            for part in parts:
                part.rstrip()
            want = [list(line_strip(p, width, base, align)) for p in parts]
            assert got == want


async def test_lines_painted_one_at_a_time_keep_the_rows_that_look_the_same() -> None:
    """The props' lines painted one at a time (`LinePainter.cut_lines`): a line
    that stays keeps its rows; a line rebuilt because another one now wraps (each
    paragraph then loses its trailing blanks) keeps the strip of a row that looks
    the same (not repainted); the rows are those of the whole text, cut."""
    from shengji_tui.tui.props import Line, Words
    from shengji_tui.tui.widgets import styles_for

    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        _, width, base, align = _centre_paint(app)
        look = styles_for(app)
        short = Line((Words("Ana led "), Words("K♠", "card--red")), "seat--dim")
        spaced = Line((Words("trailing   "),))
        long = Line((Words("a long sentence that goes on " * 3),), "centre--prompt")
        painter = LinePainter()
        steps = [(short, spaced), (short, spaced, long), (short, long), (long,)]
        shown: list[Any] = []
        for lines in steps:
            got = painter.cut_lines(lines, look, width, base, align, app.console)
            whole = LinePainter().cut(lines_text(lines, look), width, base, align, app.console)
            assert [list(s) for s in got] == [list(s) for s in whole]
            shown.append(got)
        assert shown[1][0] is shown[0][0]  # ("Ana led K♠": rebuilt for the wrap, the same)
        assert list(shown[1][1]) != list(shown[0][1])  # (its trailing blanks gone)
        assert shown[2][0] is shown[1][0] and shown[2][1] is shown[1][2]
        assert shown[3][0] is shown[2][1]


async def test_lines_built_once_for_every_app_of_a_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps of one theme share their style table, and a line built for one
    widget is not built again for another (the four players of a table, in one
    server process): the same strips, and a line of another theme is its own."""
    from shengji_tui.tui.props import Line, Words
    from shengji_tui.tui.widgets import lines, styles_for

    built: list[str] = []
    real = lines.line_strip

    def counted(line: Any, *args: Any) -> Any:
        built.append(line.plain)
        return real(line, *args)

    monkeypatch.setattr(lines, "line_strip", counted)
    monkeypatch.setattr(lines, "_SHARED_TEXTS", {})  # (nothing from the tests before)
    monkeypatch.setattr(lines, "_SHARED_ROWS", {})
    one, _ = H.static_app(H.following_state())
    two, _ = H.static_app(H.following_state())
    async with one.run_test(size=(100, 32)) as p1, two.run_test(size=(100, 32)) as p2:
        await p1.pause()
        await p2.pause()
        look = styles_for(one)
        assert styles_for(two) is look
        _, width, base, align = _centre_paint(one)
        played = Line((Words("Mei played "), Words("Q♥ Q♥", "card--red")), "seat--dim")
        built.clear()
        first = LinePainter().cut_lines((played,), look, width, base, align, one.console)
        assert built == ["Mei played Q♥ Q♥"]
        again = LinePainter().cut_lines((played,), look, width, base, align, two.console)
        assert built == ["Mei played Q♥ Q♥"] and again[0] is first[0]
        two.theme = "textual-light" if one.theme != "textual-light" else "nord"
        other = styles_for(two)
        assert other is not look
        LinePainter().cut_lines((played,), other, width, base, align, two.console)
        assert len(built) == 2
