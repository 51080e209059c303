"""The Textual patches (shengji_tui/tui/patches.py) are in place and keep
Textual's behaviour: strips crop, divide, style and render as before, apps
share parsed stylesheets without sharing anything they change, widgets paint
the lines Textual would paint, and partial repaints leave the terminal showing
the screen."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from shengji_tui.tui import patches

from . import helpers as H


def test_strips_make_their_caches_on_first_use() -> None:
    assert getattr(Strip, "_shengji_lazy_caches", False)
    strip = Strip([Segment("hello ", Style(bold=True)), Segment("world")], 11)
    assert strip.crop(1, 4).text == "ell"
    assert strip.crop(1, 4) is strip.crop(1, 4)  # memoised, as before
    assert [s.text for s in strip.divide([3, 8, 11])] == ["hel", "lo wo", "rld"]
    assert strip.apply_style(Style(italic=True)).text == "hello world"
    assert strip.extend_cell_length(14).cell_length == 14
    assert strip.cell_length == 11 and strip.text == "hello world"
    try:
        strip.no_such_thing  # noqa: B018
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown attribute must still be an AttributeError")


async def test_apps_share_parsed_stylesheets() -> None:
    assert Stylesheet._parse_rules is patches._parse_rules
    a, _ = H.static_app(H.following_state())
    b, _ = H.static_app(H.following_state())
    async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
        rules_a = {id(r) for r in a.stylesheet.rules}
        rules_b = {id(r) for r in b.stylesheet.rules}
        assert rules_a and rules_a & rules_b  # the same parsed rule objects
        background = a.screen.styles.background
        # another theme for one app: its own rules, and the other app unchanged
        b.theme = "textual-light"
        await pb.pause()
        await pa.pause()
        assert b.screen.styles.background != background
        assert a.screen.styles.background == background
        assert {id(r) for r in b.stylesheet.rules} != rules_b


async def test_partial_repaints_leave_the_terminal_showing_the_screen() -> None:
    """Frames written as the table changes, fed to a terminal emulator, show what
    a full render of the screen shows (the compositor patch skips widgets, never
    a row that changed)."""
    import pyte
    from textual._compositor import LayoutUpdate
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.geometry import Region

    from shengji_tui.bots import RandomBot
    from shengji_tui.engine import events_for, new_game, view_for
    from shengji_tui.table.plan import plan
    from shengji_tui.tui.app import TableUpdate

    screen = pyte.Screen(100, 32)
    stream = pyte.Stream(screen)
    whole = pyte.Screen(100, 32)
    whole_stream = pyte.Stream(whole)
    screen_region = Region(0, 0, 100, 32)

    def cells(term: pyte.Screen, y: int) -> list[tuple[str, str, str, bool, bool]]:
        line = term.buffer[y]
        return [(c.data, c.fg, c.bg, c.bold, c.reverse) for c in (line[x] for x in range(100))]

    class Terminal(HeadlessDriver):
        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            stream.feed(data)

    state = new_game("classic", 5)
    app, _ = H.static_app(state, driver_class=Terminal)
    bots = {s: RandomBot(seed=s) for s in range(4)}
    async with app.run_test(headless=False, size=(100, 32)) as pilot:
        await pilot.pause()
        checked = 0
        while state.phase not in ("scoring", "finished") and checked < 160:
            step = plan(state, bots, all_bots=True)
            if step is None:
                break
            state = step.state
            if state.phase in ("scoring", "finished"):
                break
            app.post_message(TableUpdate(0, view_for(state, 0), events_for(step.events, 0, state)))
            await pilot.pause()
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            full = ["".join(s.text for s in strip) for strip in strips]
            shown = [line.rstrip() for line in screen.display]
            assert shown == [line.rstrip() for line in full], f"after step {checked}"
            # the colours too: the full render, written to a second terminal
            whole.reset()
            full_update = LayoutUpdate([[s] for s in strips], screen_region)
            whole_stream.feed(full_update.render_segments(app.console))
            for y in range(32):
                assert cells(screen, y) == cells(whole, y), f"row {y} after step {checked}"
            checked += 1
        assert checked > 100


async def test_styled_lines_are_those_textual_paints() -> None:
    """Every line of every widget of the table (both layouts, several phases,
    ASCII too): the short path's line is the segments Textual's `render_line`
    makes (the border and padding rows take Textual's path anyway)."""
    from textual._styles_cache import StylesCache
    from textual.widget import Widget

    assert StylesCache.render_line is patches._render_line
    compared = planned = 0
    for state in (H.following_state(), H.burying_state()):
        for size, ascii_ in (((80, 24), False), ((120, 40), False), ((100, 32), True)):
            app, _ = H.static_app(state, ascii=ascii_) if ascii_ else H.static_app(state)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                for widget in app.screen.query(Widget):
                    if not widget.region:
                        continue
                    base, background = widget.background_colors
                    styles = widget.styles
                    args = (
                        styles,
                        widget.region.size,
                        widget.content_region.size,
                        styles.padding,
                        base,
                        background,
                        widget.render_line,
                        None,
                        None,
                        widget.opacity,
                        app.ansi_theme,
                        app.native_ansi_color,
                    )
                    for y in range(widget.region.height):
                        fast_cache = StylesCache()
                        fast_cache._shengji_plan = None  # type: ignore[attr-defined]
                        fast = patches._render_line(fast_cache, args[0], y, *args[1:])
                        slow = patches._original_render_line(StylesCache(), args[0], y, *args[1:])
                        assert list(fast) == list(slow), (widget, y)
                        assert fast.cell_length == slow.cell_length == widget.region.width
                        compared += 1
                        planned += bool(fast_cache._shengji_plan)  # type: ignore[attr-defined]
    assert compared > 500 and planned > compared // 2, (compared, planned)
