"""Issue 16's polish, on the real app at 80x24 and 120x40: your turn flag is
never cut, a suit stays on one row of the hand, the side log uses its width,
Chinese lines never start with closing punctuation (the table, the log, the
help), toasts stay clear of the seat across the table."""

from __future__ import annotations

from itertools import pairwise

import pytest

from shengji_tui.engine import Play
from shengji_tui.text import has_wide
from shengji_tui.text.linebreak import NO_START, break_offsets
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.help.widget import HelpText
from shengji_tui.tui.props import Line, MeProps, Words
from shengji_tui.tui.widgets import GameLog, HandView, MeLine
from shengji_tui.tui.widgets.hand import hand_rows

from . import helpers as H


def lines_of(widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def test_your_turn_flag_is_never_cut_at_80_columns() -> None:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        me = app.screen.query_one(MeLine)
        long = Line((Words("You  lvl 2 · 24 cards · dealer side · dealer ★   10♥ 10♥  led ◀ won"),))
        me.show(MeProps(long, Line((Words("▶ YOUR TURN"),))))
        await pilot.pause()
        text = me.render_line(0).text.rstrip()
        assert text.endswith("▶ YOUR TURN") and "…" in text


async def test_a_narrow_own_line_keeps_the_play_whole() -> None:
    """At 60 columns the level, cards and side give way to the play and its
    winner's mark ("◀ won" was cut to "◀…")."""
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        me = app.screen.query_one(MeLine)
        long = Line((Words("You  lvl 2 · 16 cards · dealer ★   A♠  led ◀ won"),))
        short = Line((Words("You ★  A♠  led ◀ won"),))
        me.show(MeProps(long, Line((Words("▶ YOUR TURN"),)), (short,)))
        await pilot.pause()
        text = me.render_line(0).text.rstrip()
        assert text.startswith("You ★  A♠  led ◀ won") and text.endswith("▶ YOUR TURN")
        assert "…" not in text
        await pilot.resize_terminal(100, 32)  # wide enough: the whole line again
        await pilot.pause()
        me.show(MeProps(long, Line((Words("▶ YOUR TURN"),)), (short,)))
        await pilot.pause()
        assert me.render_line(0).text.startswith("You  lvl 2 · 16 cards · dealer ★   A♠  led ◀ won")


def test_the_own_line_has_a_short_form_with_the_play() -> None:
    from shengji_tui.engine import view_for
    from shengji_tui.text import CardText, Catalogue
    from shengji_tui.tui.model import Model
    from shengji_tui.tui.presenter import Presenter
    from shengji_tui.tui.records import Prefs, TableFacts

    from .states import bots, following_state, plan

    state = following_state()
    step = plan(state, bots(7, (0, 1, 2, 3)), all_bots=True)  # seat 0 follows
    assert step is not None
    cat = Catalogue("en")
    m = Model(Prefs(cat, CardText(cat)), TableFacts(["You", "Ana", "Mei", "Ken"], 0, humans=[0]))
    m.take_seat(0, view_for(step.state, 0))
    props = Presenter().me(m)

    def text(line: Line) -> str:
        return "".join(getattr(p, "text", "") for p in line.pieces)

    held, short = props.shorter
    full, held_t, short = text(props.left), text(held), text(short)
    assert "lvl" in full and "lvl" not in held_t and "lvl" not in short
    # first without the level and side, the cards held kept; then the play alone
    assert held_t.startswith("You") and " cards" in held_t and "cards" not in short
    assert short.startswith("You") and full.endswith(short[short.index("  ") + 2 :])
    assert held_t.endswith(short[short.index("  ") + 2 :])


async def test_a_narrow_own_line_keeps_the_cards_held_before_the_level() -> None:
    """A watcher's flag and a wide play leave no room for the level and side:
    the cards held stay (a watcher counts every seat's cards)."""
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        me = app.screen.query_one(MeLine)
        long = Line((Words("ann  lvl 2 · 19 cards · attacker   K♣ 4♦ 4♦ 5♦ K♦ K♦  follows"),))
        held = Line((Words("ann  19 cards  K♣ 4♦ 4♦ 5♦ K♦ K♦  follows"),))
        short = Line((Words("ann  K♣ 4♦ 4♦ 5♦ K♦ K♦  follows"),))
        flag = Line((Words("watching (旁观): no hand is shown"),))
        me.show(MeProps(long, flag, (held, short)))
        await pilot.pause()
        text = me.render_line(0).text.rstrip()
        assert text.startswith("ann  19 cards  K♣ 4♦ 4♦ 5♦ K♦ K♦  follows")
        assert text.endswith("no hand is shown")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_suit_stays_on_one_row_of_a_four_deck_hand(size) -> None:
    app, _ = H.static_app(H.theft_state())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        rows = hand.layout_rows(hand.content_size.width)
        suits_per_row = [{s.text for s in row if s.index is None} for row in rows]
        groups = [g.header for g in hand.props.groups]
        # a suit that fits a row is never split: each header once, every card after it
        for g in hand.props.groups:
            at = {c.at for c in g.cards}
            rows_with = [k for k, row in enumerate(rows) if at & {s.index for s in row}]
            width = sum(1 + len(c.label) for c in g.cards) + len(g.header)
            if width <= hand.content_size.width:
                assert len(rows_with) == 1, g.header
        assert sum(len(s) for s in suits_per_row) == len(groups)


def test_keeping_suits_whole_never_takes_more_rows() -> None:
    from shengji_tui.tui.presenter import Presenter
    from shengji_tui.tui.widgets.hand import _rows

    from .test_hand_keys import model_of

    groups = Presenter().present(model_of(H.theft_state()), 0.0).hand.groups
    kept = 0
    for width in range(30, 160, 3):
        rows = hand_rows(groups, width)
        split = _rows(groups, width, keep_groups=False)
        assert len(rows) <= len(split)
        assert all(s.x + s.width <= width for row in rows for s in row)
        kept += rows != split
    assert kept, "some width keeps a suit whole that card wrapping would split"


async def test_the_side_log_wraps_at_its_width() -> None:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        log = app.screen.query_one(GameLog)
        assert log.scrollable_content_region.width >= 34
        widths = [len(line.text.rstrip()) for line in log.lines]
        assert max(widths) > 30  # (32 before: a 36-column panel with padding on both sides)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_chinese_lines_never_start_with_closing_punctuation(size) -> None:
    app, _ = H.static_app(H.following_state(), lang="zh")
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        shown = [line for w in app.screen.query("LineWidget").results() for line in lines_of(w)]
        starts = [line.strip()[:1] for line in shown if line.strip()]
        assert not [s for s in starts if s in NO_START and s not in "…—·"]
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        assert isinstance(app.screen, HelpScreen)
        help_text = app.screen.query_one(HelpText)
        width = help_text.content_size.width
        lines = lines_of(help_text)
        assert len(lines) > 30
        for line in lines:
            body = line.strip().removeprefix("• ")
            assert not body[:1] or body[:1] not in "，。、；：？！）」』》", line
        assert max(len(line.rstrip()) for line in lines) <= width


def test_chinese_breaks_between_characters_and_english_as_rich() -> None:
    from rich.console import Console
    from rich.text import Text

    zh = (
        "发牌时亮级牌定主（亮主）：单张 < 对子 < 一对小王（无主）< 一对大王。"
        "第一局亮主者坐庄（抢庄）。"
    )
    for width in range(8, 50):
        edges = [0, *break_offsets(zh, width), len(zh)]
        parts = [zh[a:b].rstrip() for a, b in pairwise(edges)]
        assert "".join(p.replace(" ", "") for p in parts) == zh.replace(" ", "")
        assert all(not p or p[0] not in NO_START for p in parts[1:])
    en = "Whoever declares trump becomes the dealer, and the kitty is theirs to bury."
    console = Console(width=200)
    assert not has_wide(en)
    for width in range(6, 40):
        edges = [0, *break_offsets(en, width), len(en)]
        ours = [en[a:b].rstrip() for a, b in pairwise(edges)]
        rich = [line.plain.rstrip() for line in Text(en).wrap(console, width)]
        assert ours == rich, width


async def test_toasts_stay_clear_of_the_seat_across() -> None:
    state, throw = H.failing_throw_state()
    app, _ = H.static_app(state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await app.send(Play(seat=0, cards=tuple(throw)))
        await pilot.pause(0.3)
        top = app.screen.query_one("#seat-top")
        toasts = list(app.screen.query("Toast").results())
        assert toasts
        name = top.region  # the partner's panel: its name is centred in it
        words = lines_of(top)[0].strip()
        left = name.x + (name.width - len(words)) // 2
        for t in toasts:  # (right of the name, or above or below the seat: at 80x24 below,
            # over the centre box)
            r = t.region
            assert r.x >= left + len(words) + 1 or r.bottom <= name.y or r.y >= name.bottom
