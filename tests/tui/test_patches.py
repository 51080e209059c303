"""The two Textual patches (shengji_tui/tui/patches.py) are in place and keep
Textual's behaviour: strips crop, divide, style and render as before, and apps
share parsed stylesheets without sharing anything they change."""

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
