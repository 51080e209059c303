"""A table update touches only what changed: widgets repaint only when their text
changed, and the footer updates its keys in place instead of recomposing
(docs/performance.md, "TUI update cost")."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from shengji_tui.engine import view_for
from shengji_tui.tui.app import TableUpdate
from shengji_tui.tui.widgets import CardsWidget, TableFooter

from . import helpers as H


def shown_keys(screen) -> list[str]:
    return [k.key_display for k in screen.query(FooterKey) if k.display]


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


async def test_footer_updates_in_place_and_shows_the_same_keys() -> None:
    follow = H.following_state()
    app, _ = H.static_app(follow)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(TableFooter)
        mine = shown_keys(app.screen)
        assert "⏎" in mine and "←→" in mine
        # not our turn any more: the hand keys go away, hidden in place
        other = follow.model_copy(update={"turn": 1})
        app.post_message(TableUpdate(0, view_for(other, 0), []))
        await pilot.pause()
        theirs = shown_keys(app.screen)
        assert "←→" not in theirs and len(theirs) < len(mine)
        keys = list(footer.query(FooterKey))
        # our turn again: the very same widgets are shown again (no recompose)
        app.post_message(TableUpdate(0, view_for(follow, 0), []))
        await pilot.pause()
        assert list(footer.query(FooterKey)) == keys
        assert shown_keys(app.screen) == mine
