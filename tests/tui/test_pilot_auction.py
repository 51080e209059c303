"""The auction presets through the real app, by keys: a whole deal of eighty
points and of three players with two humans bidding on one keyboard, naming
trump, burying, overturning or passing, playing and reading the result; a key
pressed out of turn gets the engine's sentence and changes nothing; the panel
and the shown kitty fit at 80x24."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from shengji_tui import bots, rules
from shengji_tui.cli import build_parser
from shengji_tui.engine import Bid, apply
from shengji_tui.play_cli import build_app
from shengji_tui.play_cli import make_table as play_table
from shengji_tui.saves import Saves
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.contract import GameOptions
from shengji_tui.tui.screens.hand_over import PassScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Hotseat, Solo
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.variants.auction.panel import AuctionPanel
from shengji_tui.tui.widgets import CentreBox, HandView

from . import auction_states as A
from . import helpers as H
from .helpers import StaticTable, wait_until

NAMES = ["You", "Ana", "Mei", "Ken"]


def painted(widget: Widget) -> list[str]:
    """A widget's lines as Textual paints them."""
    if not widget.display or not widget.region:
        return []
    size = widget.outer_size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return ["".join(seg.text for seg in strip) for strip in strips]


def panel_text(app: ShengjiApp) -> str:
    return "\n".join(painted(app.screen.query_one(AuctionPanel)))


def make_table(preset: str, seed: int, humans: tuple[int, ...]) -> Table:
    n = 4 if preset == A.EIGHTY else 3
    names = NAMES[:n]
    others = [s for s in range(n) if s not in humans]
    settings = TableSettings.build(
        preset,
        seed,
        names=names,
        bots=bot_specs(seed, others, "normal", names),
        pacing=Pacing(bot_delay=0, deal_delay=0, declare_window=1.0),
    )
    return Table(settings)


def estimate_of(app: ShengjiApp) -> int:
    """The estimate the panel should give the seat on screen (the bots' own)."""
    m = app.model
    assert m is not None and m.facts.view is not None
    v = m.facts.view
    worth = bots.best_worth(
        v.rules, bots.hand_worth(v.rules, v.levels[v.seat], [*v.hand, *v.shown_kitty])
    )
    return max(0, int(round(worth.points / 5) * 5))


async def play_by_keys(pilot: Any, app: ShengjiApp, humans: tuple[int, ...]) -> dict[str, int]:
    """Every decision of the humans by keys until the deal's result shows: bid
    (enter on a highlight moved by →, then a digit, then pass), name trump (←
    and enter), bury (s, enter), overturn or pass, play (s, enter)."""
    m = app.model
    assert m is not None
    done: dict[str, int] = {}
    calls = {s: 0 for s in humans}

    def count(what: str) -> None:
        done[what] = done.get(what, 0) + 1

    for _ in range(3000):
        screen = app.screen
        if isinstance(screen, PassScreen):
            await pilot.press("enter")
            count("hand-overs")
            await pilot.pause()
            assert m.facts.seat in humans
            continue
        if isinstance(screen, DealResultScreen):
            return done
        v = m.facts.view
        assert v is not None
        if v.awaiting != m.facts.seat or not isinstance(screen, TableScreen):
            await pilot.pause(0.01)
            continue
        version = v.version
        if v.phase == "bidding":
            # (the model moves first; the panel is laid out and painted on the
            # next refresh, later without the patches)
            await wait_until(pilot, lambda: "Your call" in panel_text(app), what="the panel")
            text = panel_text(app)
            if v.rules.bidding == "threshold_down":
                assert "Kitty shown:" in text
            assert f"about {estimate_of(app)} points" in text, text
            k = calls[m.facts.seat] = calls[m.facts.seat] + 1
            if k == 1:
                chosen = m.chosen_bid()
                await pilot.press("right")
                assert m.chosen_bid() != chosen
                await pilot.press("enter")
            elif k == 2:
                await pilot.press("3")
            else:
                await pilot.press("p")
            count("calls")
        elif v.phase == "naming_trump":
            await wait_until(
                pilot,
                lambda: "Name trump" in panel_text(app) or "Trumps" in panel_text(app),
                what="the panel naming trump",
            )
            await pilot.press("left", "enter")
            count("named")
        elif v.phase == "burying":
            await pilot.press("s", "enter")
            count("buried")
        elif v.phase == "overturning":
            await pilot.press("d" if m.declare_options() else "p")
            count("overturn window")
        elif v.phase == "playing":
            await pilot.press("s", "enter")
            count("plays")
        else:
            await pilot.pause(0.01)
            continue
        await wait_until(
            pilot,
            lambda version=version: (
                (m.facts.view is not None and m.facts.view.version != version)
                or isinstance(app.screen, (PassScreen, DealResultScreen))
            ),
            what=f"the {v.phase} move taken",
        )
    raise AssertionError("the deal did not end")


# (one whole deal per preset: the one-human deals, eighty points at 80x24 and
# three players at 120x40, were whole deals of their own; a hotseat deal is one
# human's calls and another's, read after each hand-over, at those sizes)
@pytest.mark.slow(15)
@pytest.mark.parametrize(
    ("preset", "humans", "size"), [(A.EIGHTY, (0, 2), (80, 24)), (A.THREE, (0, 1), (120, 40))]
)
async def test_a_whole_deal_bid_by_keys_on_a_hotseat(
    preset: str, humans: tuple[int, ...], size: tuple[int, int]
) -> None:
    """Two humans bid on one keyboard: each call of the other human comes after
    the hand-over screen, and the panel then tells that seat's own estimate;
    a human names trump and buries, the deal is played to its result (the
    match's points or the levels) and the next deal's auction starts."""
    table = make_table(preset, 7, humans)
    app = ShengjiApp(table, Hotseat(tuple(humans)), AppSetup(owns_table=True, theme="shengji"))
    async with app.run_test(size=size, notifications=True) as pilot:
        m = app.model
        assert m is not None
        await wait_until(pilot, lambda: m.phase != "dealing", what="the auction")
        assert app.screen.query_one(AuctionPanel).display
        assert not app.screen.query_one(CentreBox).display
        done = await play_by_keys(pilot, app, humans)
        assert done.get("hand-overs", 0) >= 2 and done.get("calls", 0) >= 2
        assert done.get("plays", 0) >= 10 and done.get("named") == 1
        if preset == A.THREE:  # a human's overturn window (the seed: it overturns, buries 6)
            assert done.get("overturn window") == 1 and done.get("buried") == 2
        else:
            assert done.get("buried") == 1
        body = app.screen.body().plain  # type: ignore[attr-defined]
        if preset == A.EIGHTY:
            assert "Match points:" in body and "Settlement: base 2" in body
        else:
            assert "Levels now:" in body and "the attackers took" in body
        assert any("bids" in line or "passes" in line for line in app.log_lines)
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: m.facts.view is not None and m.facts.view.deal_no == 1, what="deal 2"
        )
        await wait_until(pilot, lambda: m.phase == "bidding", what="the next auction")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, (TableScreen, PassScreen)),
            what="the table or the hand-over",
        )


async def test_a_key_out_of_turn_gets_the_engines_sentence() -> None:
    """It is Ana's call: a digit makes a bid the engine refuses (its sentence as
    a toast, nothing changes); the greyed enter and p do nothing. After passing,
    a digit gets "a pass is final"."""
    state = A.bidding_state(A.EIGHTY, 3)
    state, _ = apply(state, Bid(seat=0, points=80))
    table = StaticTable(state)
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        before = table.state
        said = H.toasts(app)
        await pilot.press("enter", "p", "right")
        await pilot.pause()
        assert said == [] and table.state is before
        await pilot.press("1")
        await wait_until(pilot, lambda: bool(said), what="the refusal")
        # the engine's "seat 1's turn" becomes the player's name on screen
        turn = rules.auction_status(state.rules, state.auction).turn
        assert turn is not None and turn != 0
        assert said[0] == app.cat.t("notify.not_your_turn", name=table.seats[turn].name)
        assert table.state is before and table.submitted == []  # (refused: nothing taken)
    # after passing: a pass is final
    from shengji_tui.engine import PassBid

    state = A.bidding_state(A.EIGHTY, 3)
    state, _ = apply(state, PassBid(seat=0))
    table = StaticTable(state)
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji", lang="zh"))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        said = H.toasts(app)
        await pilot.press("2")
        await wait_until(pilot, lambda: bool(said), what="the refusal")
        assert "你已经放弃" in said[0]
        assert table.state is state


async def test_three_players_at_80x24_show_the_panel_and_the_kitty() -> None:
    """The smallest terminal: the whole panel (the estimate, the shown kitty)
    inside the board, the seats left and right, the hand below."""
    state = A.bidding_state(A.THREE, 5)
    table = StaticTable(state, names=NAMES[:3])
    app = ShengjiApp(table, Solo(0), AppSetup(theme="shengji"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(AuctionPanel)
        board = screen.query_one("#board")
        assert board.region.contains_region(panel.region), (board.region, panel.region)
        text = panel_text(app)
        assert "Kitty shown:" in text and "Your call" in text and "concede" in text
        hand = screen.query_one(HandView)
        assert hand.region.y > panel.region.bottom - 1
        seats = {w.id for w in screen.query("SeatPanel") if w.display}
        assert seats == {"seat-left", "seat-right"}
        # naming trump, and the estimate hidden from the palette's setting
        app.toggle_estimate()
        await pilot.pause()
        assert "concede" not in panel_text(app)


async def test_quit_in_the_middle_of_an_auction_and_resume(tmp_path: Path) -> None:
    """A stored solo game left while the auction waits for you: `shengji play
    --resume` sits you at the same call (the panel, the calls), and you bid on."""
    saves = Saves.open(tmp_path)
    options = GameOptions(preset=A.EIGHTY, seed=3, bot_delay=0, deal_delay=0, bots="random")
    factory = functools.partial(play_table, store=saves.store)
    app = ShengjiApp(
        setup=AppSetup(table_factory=factory, options=options, saves=saves, theme="shengji")
    )
    async with app.run_test(size=(100, 32)) as pilot:
        m = app.model
        assert m is not None
        await wait_until(
            pilot, lambda: m.phase == "bidding" and m.facts.view.awaiting == 0, what="call"
        )
        version = m.facts.view.version
        await pilot.press("right", "enter")
        await wait_until(
            pilot,
            lambda: m.facts.view.version > version + 1 and m.facts.view.awaiting == 0,
            what="our turn again",
        )
        assert app.table is not None
        tid, version, phase = app.table.table_id, m.facts.view.version, m.phase
        calls = m.facts.view.bids
        await pilot.press("q", "y")
    assert app.left_game == tid
    saves.close()
    app, saves, why = build_app(
        build_parser().parse_args(["play", "--resume", "--data-dir", str(tmp_path)])
    )
    assert app is not None and saves is not None, why
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="table")
            m = app.model
            assert m is not None and m.facts.view is not None
            assert (m.facts.view.version, m.phase, m.facts.view.bids) == (version, phase, calls)
            assert app.screen.query_one(AuctionPanel).display
            await pilot.press("p" if phase == "bidding" else "enter")
            await wait_until(pilot, lambda: m.facts.view.version > version, what="our call")
    finally:
        saves.close()
