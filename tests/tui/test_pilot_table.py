"""The table screen by keys, over fixed game states (no bots moving meanwhile)."""

from __future__ import annotations

from textual.binding import Binding
from textual.command import CommandPalette

from shengji_tui.engine import Bury, Declare, Play, ThrowFailed
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.model import Model
from shengji_tui.tui.screens.confirm_quit import ConfirmQuit
from shengji_tui.tui.screens.enlarge import EnlargeScreen
from shengji_tui.tui.screens.hand_over import PassScreen
from shengji_tui.tui.screens.last_trick import LastTrickScreen
from shengji_tui.tui.screens.log import LogScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Hotseat, Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.terminal import patches
from shengji_tui.tui.widgets import HandView, KeyBar

from . import helpers as H


async def select_by_keys(pilot, m: Model, cards) -> None:
    """Move the cursor with ←/→ (h/l) and pick each card with space."""
    want = list(cards)
    taken: set[int] = set()
    for card in want:
        idx = next(i for i, c in enumerate(m.facts.hand) if c == card and i not in taken)
        taken.add(idx)
        while m.cursor.at != idx:
            await pilot.press("right" if m.cursor.at < idx else "h")
        await pilot.press("space")


async def test_illegal_selection_disables_play_with_the_reason() -> None:
    state = H.following_state()
    bad = H.illegal_follow(state)
    assert bad is not None
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert isinstance(app.screen, TableScreen)
        await select_by_keys(pilot, m, bad)
        assert sorted(m.selection()) == sorted(bad)
        chk = m.check()
        assert not chk.ok and chk.message
        assert app.screen.check_action("confirm", ()) is None  # shown, disabled
        centre = app.screen.query_one("#trick").render().plain
        assert chk.message.split()[0] in centre
        await pilot.press("enter")
        assert table.submitted == []
        await pilot.press("escape")
        assert m.selection() == []
        await pilot.press("s")
        assert m.check().ok
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.submitted) == 1 and isinstance(table.submitted[0], Play)
        assert m.selection() == []


async def test_failed_throw_shows_the_cards_tried_and_the_unit_forced() -> None:
    state, throw = H.failing_throw_state()
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        await select_by_keys(pilot, m, throw)
        assert m.check().ok  # a throw may be tried; the engine judges it
        await pilot.press("enter")
        await pilot.pause()
        failed = m.facts.throw_failed
        assert failed is not None
        assert failed.seat == 0 and sorted(failed.tried) == sorted(throw) and m.throw_reason()
        assert any(isinstance(e, ThrowFailed) for e in table.state.log)
        centre = app.screen.query_one("#trick").render().plain
        assert "tried to throw" in centre
        assert "Forced lead instead" in centre
        assert any("throw" in line for line in app.log_lines)


async def test_declare_while_dealing() -> None:
    state = H.dealing_state()
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        opts = m.declare_options()
        assert opts
        panel = app.screen.query_one("#declare")
        assert panel.display
        assert "You can declare" in panel.render().plain
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(table.submitted[0], Declare)
        assert m.facts.view.standing is not None and m.facts.view.standing.seat == 0
        assert "Standing" in panel.render().plain


async def test_bury_by_keys() -> None:
    state = H.burying_state()
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert len(m.facts.hand) == 33
        hand = app.screen.query_one(HandView)
        slot = next(
            sl for sl in hand.layout_rows(hand.content_size.width)[0] if sl.index is not None
        )
        await pilot.click(HandView, offset=(slot.x + 1, 1))  # a click picks a card too
        assert m.cursor.selected == [slot.index]
        await pilot.press("escape")
        await pilot.press("space")
        assert "1/8" in m.check().message
        assert app.screen.check_action("confirm", ()) is None
        await pilot.press("escape", "s")
        assert m.check().ok
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(table.submitted[0], Bury)
        assert m.phase == "playing" and len(m.facts.hand) == 25


async def test_help_last_trick_and_quit() -> None:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("t")
        assert isinstance(app.screen, LastTrickScreen)
        await pilot.press("escape")
        await pilot.press("g")  # the log, as a dialog on narrow terminals
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines == app.log_lines and app.log_lines
        await pilot.press("escape")
        await pilot.press("ctrl+p")  # the command palette lists the table's commands
        await pilot.pause(0.2)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause(0.2)
    assert app.return_code == 0


async def test_too_small_terminal_asks_to_enlarge() -> None:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(59, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EnlargeScreen)
        await pilot.resize_terminal(60, 19)
        await pilot.pause(0.1)
        assert isinstance(app.screen, EnlargeScreen)
        await pilot.resize_terminal(60, 20)  # a phone's SSH client: the compact table
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)


async def test_chinese_texts_on_the_table() -> None:
    app, _ = H.static_app(H.following_state(), lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#status").render().plain
        assert "主" in status and "打 2" in status
        me = app.screen.query_one("#me").render().plain
        assert "轮到你" in me


async def test_hotseat_hides_the_hand_between_two_humans() -> None:
    state = H.following_state()
    table = H.StaticTable(state, humans=(0, 2))
    app = ShengjiApp(table, Hotseat((0, 2)), AppSetup(theme="shengji"))
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert m.facts.seat == 0
        for _ in range(40):
            turn = table.state.turn
            if turn == 2:
                break
            if turn == 0:
                await pilot.press("s", "enter")
            else:  # a bot's seat: its move goes through the table
                cards = H.bots(7, (turn,))[turn].decide(table.view(turn)).cards
                await table.submit(turn, Play(seat=turn, cards=cards))
            await pilot.pause()
        assert table.state.turn == 2
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "Mei" in app.screen.text
        await pilot.press("enter")
        await pilot.pause()
        assert m.facts.seat == 2
        assert isinstance(app.screen, TableScreen)
        assert list(m.facts.view.hand) and m.facts.view.seat == 2
        me = app.screen.query_one("#me").render().plain
        assert me.startswith("Mei")


async def test_kitty_theft_steal_or_pass() -> None:
    from shengji_tui.engine import PassSteal, Steal

    state = H.theft_state()
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.model
        assert app.screen.query_one("#declare").display
        assert m.declare_options()
        assert "steal" in app.screen.query_one("#trick").render().plain
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(table.submitted[0], Steal)
    app, table = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(table.submitted[0], PassSteal)


async def test_session_settings_are_per_app() -> None:
    """What an SSH session passes: its own Console and NO_COLOR, nothing global."""
    import io
    import os

    from rich.console import Console
    from textual.filter import Monochrome, NoColor

    console = Console(file=io.StringIO(), color_system="256", force_terminal=True)
    app, _ = H.static_app(H.following_state(), console=console, no_color=True, lang="zh")
    plain, _ = H.static_app(H.following_state())
    assert app.console is console
    assert app.no_color
    assert any(isinstance(f, (NoColor, Monochrome)) for f in app.get_line_filters())
    if "NO_COLOR" not in os.environ:
        assert not any(isinstance(f, (NoColor, Monochrome)) for f in plain.get_line_filters())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        # bindings relabelled for this app only: the class's lists are untouched
        pick = next(
            b for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.action == "pick"
        )
        assert pick.description == "select"
        shown = [k.description for k in app.screen.query_one(KeyBar).entries()]
        assert "选牌" in shown and "命令" in shown  # (the key bar says them: patched or not)
        if patches.active():
            descriptions = [b.description for _, b in app.screen._bindings]
            assert "选牌" in descriptions


async def test_deal_result_says_no_capture_with_the_multiplier() -> None:
    from shengji_tui import rules
    from shengji_tui.engine import view_for
    from shengji_tui.tui.screens.result import DealResultScreen

    state = H.scored_state_no_capture()
    v = view_for(state, 0)
    win = next(p.cards for p in v.last_trick if p.seat == v.last_trick_winner)
    mult = rules.kitty_multiplier(
        state.rules, rules.TrumpContext(v.level, v.trump_suit), list(v.last_trick[0].cards), win
    )
    app, _ = H.static_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DealResultScreen)
        body = app.screen.body().plain
        assert "no capture" in body and f"kitty × {mult})" in body


async def test_ascii_footer_names_the_keys() -> None:
    from shengji_tui.tui.widgets import KeyBar

    app, _ = H.static_app(H.following_state(), ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = [k[0] for k in app.screen.query_one(KeyBar).entries()]
        assert "left/right" in keys and "enter" in keys
        assert not any(g in k for k in keys for g in "←→⏎")
        app.set_ascii(False)  # the palette's glyphs come back, and the key of the palette
        await pilot.pause()
        keys = [k[0] for k in app.screen.query_one(KeyBar).entries()]
        assert "←→" in keys and "⏎" in keys and "^p" in keys


async def test_six_seats_sit_around_the_table() -> None:
    """A six-seat table: five seat panels where `seat_positions(6)` puts them."""
    from shengji_tui.engine import new_game
    from shengji_tui.tui.widgets import SeatPanel

    state = new_game("six-player", 3)
    table = H.StaticTable(state, names=["You", "Ana", "Mei", "Ken", "Raj", "Zoe"])
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panels = {w.id: w for w in app.screen.query(SeatPanel)}
        assert set(panels) == {
            "seat-right",
            "seat-top-right",
            "seat-top",
            "seat-top-left",
            "seat-left",
        }
        assert panels["seat-top-right"].render().plain.startswith("Mei")
        assert panels["seat-left"].render().plain.startswith("Zoe")
        assert app.screen.query_one("#top-row").region.height == 5
