"""The Textual patches (shengji_tui/tui/terminal/patches.py) are in place and keep
Textual's behaviour: strips crop, divide, style and render as before, apps
share parsed stylesheets without sharing anything they change, widgets paint
the lines Textual would paint, and partial repaints leave the terminal showing
the screen (with the patches and, under SHENGJI_VANILLA=1, without them); the
public input parser reads what Textual's reads; an untested Textual, or
SHENGJI_VANILLA, leaves everything off."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from shengji_tui.tui.terminal import patches
from shengji_tui.tui.terminal.xterm import InputParser

from . import fit
from . import helpers as H

patched = pytest.mark.skipif(not patches.active(), reason=f"patches off: {patches.status()}")


@patched
def test_strips_make_their_caches_on_first_use() -> None:
    assert Strip.__init__ is patches._strip_init
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


@patched
def test_the_ansi_filter_keeps_a_strip_in_true_colour_and_converts_the_others() -> None:
    from rich.terminal_theme import MONOKAI
    from textual.color import Color
    from textual.dom import DOMNode, NoScreen
    from textual.filter import ANSIToTruecolor

    ansi = ANSIToTruecolor(MONOKAI)
    back = Color(10, 20, 30)
    true = Strip([Segment("8♦", Style(color="#ff0000", bold=True)), Segment(" "), Segment("x")], 4)
    assert true.apply_filter(ansi, back) is true  # (nothing to convert: the strip itself)
    mixed = Strip([Segment("8♦", Style(color="#ff0000")), Segment("A♠", Style(color="red"))], 4)
    got = mixed.apply_filter(ansi, back)
    want = patches._original_apply_filter(mixed, ansi, back)
    assert got is not mixed and list(got) == list(want)  # (as Textual converts it)
    assert list(got)[1].style.color.triplet is not None  # (red: now a true colour)
    with pytest.raises(NoScreen):
        DOMNode().screen  # noqa: B018  (a node on no screen, as Textual says)


@patched
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


@pytest.mark.slow(15)
async def test_partial_repaints_leave_the_terminal_showing_the_screen() -> None:
    """Frames written as the table changes, fed to a terminal emulator, show what
    a full render of the screen shows (the compositor patch skips widgets, never
    a row that changed)."""
    import pyte
    from textual._compositor import LayoutUpdate
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.geometry import Region

    from shengji_tui.engine import events_for, new_game, view_for
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
    async with app.run_test(headless=False, size=(100, 32)) as pilot:
        await pilot.pause()
        checked = 0
        for now, events in H.bot_steps(state):
            if checked >= 160:
                break
            app.post_message(TableUpdate(0, view_for(now, 0), events_for(events, 0, now)))
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


@patched
def test_a_partial_callback_counts_its_functions_parameters_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What Textual's callbacks are given: a partial of a function or method
    counts as Textual counts it, and its function's signature is read once."""
    import inspect
    from functools import partial

    import textual._callback as callback

    read: list[object] = []
    monkeypatch.setattr(callback, "signature", lambda f: read.append(f) or inspect.signature(f))

    class Box:
        def measure(self, a: int, b: int = 1) -> None:
            pass

    def three(x: int, y: int, *rest: int) -> None:
        pass

    box = Box()
    for _ in range(3):
        assert callback.count_parameters(partial(box.measure)) == 2
        assert callback.count_parameters(partial(box.measure, 1)) == 1
        assert callback.count_parameters(partial(three, 1, 2)) == 1
        assert callback.count_parameters(partial(partial(three, 1), 2)) == 1
        assert callback.count_parameters(partial(len)) == 1  # (a builtin: Textual's way)
    assert sum(f is Box.measure for f in read) == 1 and sum(f is three for f in read) == 1


@pytest.mark.parametrize("state_name", ["following", "burying"])
async def test_a_resized_table_is_laid_out_as_one_started_at_that_size(state_name: str) -> None:
    """A terminal made larger (from the compact sizes,
    where the side seats are as tall as their lines) lays the table out as a
    table started at that size, every widget in the same place, showing the
    same. (Made smaller, the centre box keeps the rows it had in this phase.)"""
    from textual.widget import Widget

    state = {"following": H.following_state, "burying": H.burying_state}[state_name]()

    def shown(app: object) -> list[tuple[str, object, list[str]]]:
        out = []
        for w in app.screen.query(Widget):  # type: ignore[attr-defined]
            if w.id and w.region:
                text = [
                    "".join(s.text for s in line) for line in w.render_lines(w.region.reset_offset)
                ]
                out.append((w.id, w.region, text))
        return out

    app, _ = H.static_app(state)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        for size in ((64, 22), (80, 24), (100, 32), (120, 40)):
            await pilot.resize_terminal(*size)
            await fit.settle(pilot, app)
            fresh, _ = H.static_app(state)
            async with fresh.run_test(size=size) as fresh_pilot:
                await fit.settle(fresh_pilot, fresh)
                assert shown(app) == shown(fresh), size


@patched
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


def test_an_untested_textual_or_vanilla_leaves_everything_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`install` refuses a Textual it was not tested on (and SHENGJI_VANILLA),
    says why, and the private calls take their public paths."""
    monkeypatch.setattr(patches._State, "installed", False)
    monkeypatch.delenv(patches.VANILLA, raising=False)
    monkeypatch.setattr(patches, "textual_version", lambda: "9.0.1")
    assert patches.install() is False and not patches.active()
    assert "9.0.1" in patches.status() and "not a tested version" in patches.status()
    assert isinstance(patches.input_parser(), InputParser)
    assert patches.session_colours("truecolor") in ("truecolor", patches.COMMON_COLOURS)
    monkeypatch.setenv(patches.VANILLA, "1")
    monkeypatch.setattr(patches, "textual_version", lambda: "8.2.8")
    assert patches.install() is False and patches.VANILLA in patches.status()


INPUTS = [
    "a",
    "Z",
    "?",
    " ",
    "1",
    "\r",
    "\t",
    "\x7f",
    "\x10",  # ctrl+p
    "\x1b[A",
    "\x1b[B",
    "\x1b[C",
    "\x1b[D",
    "\x1bOA",
    "\x1b[H",
    "\x1b[F",
    "\x1b[1;5C",  # ctrl+right
    "\x1b[1;2D",  # shift+left
    "\x1b[Z",  # shift+tab
    "\x1b[3~",
    "\x1b[5~",
    "\x1b[6~",
    "\x1bOP",
    "\x1b[15~",
    "sd",
    "中",
    "\x1b[<0;10;5M\x1b[<0;10;5m",  # a click
    "\x1b[<64;3;4M",  # the wheel
    "\x1b[<35;7;8M",  # motion
    "\x1b[200~hello, world\x1b[201~",
]


def described(event: object) -> tuple[object, ...]:
    if isinstance(event, events.Key):
        return ("key", event.key, event.character)
    if isinstance(event, events.MouseEvent):
        return (type(event).__name__, event.x, event.y, event.button, event.ctrl)
    if isinstance(event, events.Paste):
        return ("paste", event.text)
    return (type(event).__name__,)


@pytest.mark.parametrize("data", INPUTS)
def test_the_public_input_parser_reads_what_textuals_reads(data: str) -> None:
    ours = InputParser()
    got = [described(e) for e in ours.feed(data)] + [described(e) for e in ours.tick()]
    if not patches.active():
        assert got  # (Textual's parser is private: compared when the patches are on)
        return
    theirs = patches.input_parser()
    want = [described(e) for e in theirs.feed(data)] + [described(e) for e in theirs.tick()]
    assert got == want


def test_the_public_input_parser_waits_for_the_end_of_a_sequence() -> None:
    p = InputParser()
    assert p.feed("\x1b") == [] and p.waiting
    assert [described(e) for e in p.tick()] == [("key", "escape", "\x1b")]
    assert p.feed("\x1b[1;") == [] and p.waiting
    assert [described(e) for e in p.feed("5C")] == [("key", "ctrl+right", None)]
    assert p.feed("\x1b[200~a b") == [] and p.feed("\x1b[20") == []
    assert [described(e) for e in p.feed("1~x")] == [("paste", "a b"), ("key", "x", "x")]
