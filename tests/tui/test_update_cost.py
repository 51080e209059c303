"""A table update touches only what changed: widgets repaint only the lines
whose text changed, the turn keys stay in the footer (greyed when it is not your
turn) so a turn change lays nothing out (docs/performance.md, "TUI update cost")."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from shengji_tui.engine import view_for
from shengji_tui.tui.app import ShengjiApp, TableUpdate
from shengji_tui.tui.widgets import CardsWidget, KeyBar

from . import helpers as H


def shown_keys(screen) -> list[tuple[str, bool]]:
    return [(k[0], k[2]) for k in screen.query_one(KeyBar).entries()]


async def test_an_unchanged_view_repaints_nothing() -> None:
    state = H.following_state()
    app, _ = H.static_app(state)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        widgets = list(app.screen.query(CardsWidget))
        assert widgets
        # the same view again: every widget's text is unchanged
        assert not any(w.update_content() for w in widgets)
        app.post_message(TableUpdate(0, view_for(state, 0), []))
        await pilot.pause()
        assert not any(w.update_content() for w in widgets)
        # a change of selection repaints the hand (and what depends on it)
        app.model.toggle()
        changed = [type(w).__name__ for w in widgets if w.update_content()]
        assert "HandView" in changed and "StatusBar" not in changed


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
        top = app.screen.query_one("#seat-top", CardsWidget)
        before = [top.render_line(y) for y in range(4)]
        other = follow.model_copy(update={"turn": 2})  # the partner's turn: a mark
        app.post_message(TableUpdate(0, view_for(other, 0), []))
        await pilot.pause()
        after = [top.render_line(y) for y in range(4)]
        assert after[0] is not before[0] and after[0].text != before[0].text
        assert after[1:] == before[1:]
        assert all(a is b for a, b in zip(after[1:], before[1:], strict=True))


@pytest.mark.parametrize(("preset", "seed"), [("classic", 3), ("one-deck", 8), ("four-deck", 5)])
async def test_widgets_that_skip_building_would_have_built_the_same_text(
    preset: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A widget whose `inputs()` did not change skips building its text. Four
    apps (one per seat) follow a whole deal played by bots; at every update,
    every skipped widget is built anyway and must give the text it shows."""
    from shengji_tui.bots import RandomBot
    from shengji_tui.engine import events_for, new_game, view_for
    from shengji_tui.table.plan import plan
    from shengji_tui.tui.app import TableUpdate

    misses: list[str] = []
    skipped = 0
    original = CardsWidget.update_content

    def counting(self: CardsWidget) -> bool:
        nonlocal skipped
        before = len(misses)
        changed = original(self)
        skipped += (not changed) and self._inputs is not None and len(misses) == before
        return changed

    monkeypatch.setattr(CardsWidget, "verify_inputs", misses)
    monkeypatch.setattr(CardsWidget, "update_content", counting)
    state = new_game(preset, seed)
    apps = [
        ShengjiApp(H.StaticTable(state), seat, theme="shengji", lang="zh" if seat == 3 else "en")
        for seat in range(4)
    ]
    bots = {s: RandomBot(seed=seed * 4 + s) for s in range(4)}
    async with contextlib.AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(a.run_test(size=(100, 32))) for a in apps]
        for p in pilots:
            await p.pause()
        steps = 0
        events: list[Any] = []
        phases: set[str] = set()
        while state.phase not in ("scoring", "finished") and steps < 700:
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
            for p in pilots:
                await p.pause()
    assert misses == []
    assert steps > 80 and skipped > steps // 2  # widgets did skip (several per update)
    assert {"dealing", "playing"} <= phases
    if preset == "four-deck":
        assert "kitty_theft" in phases


async def test_lines_wrapped_one_at_a_time_as_rich_wraps_the_whole_text() -> None:
    """The centre wraps its text one line at a time and keeps the wrapped lines
    for the next update: the result is rich's `Text.wrap` of the whole text."""
    from rich.text import Text

    from shengji_tui.tui.widgets import CentreBox

    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(CentreBox)
        width = box.size.width
        base, align = box.visual_style.rich_style, box.styles.text_align
        texts = [
            Text("short line\n" + "a long sentence that goes on " * 4 + "\n\ntrailing   "),
            Text.from_markup("[bold]you[/] lead " + "[red]♥[/]K " * 30 + "\nend"),
            Text("a long sentence that goes on " * 4 + "\nchanged last line   "),
        ]
        for text in texts:
            box._text = (width, text)
            box._shown = ("test", text.plain, tuple(text.spans))
            got = [list(s) for s in box._strips(width)]
            parts = list(text.wrap(app.console, width, justify="default", overflow="fold"))
            for part in parts:
                part.rstrip()
            want = [list(box._line_strip(p, width, base, align)) for p in parts]
            assert got == want
