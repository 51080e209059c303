"""`--ascii` in English: nothing but ASCII goes out (no "—", no box or block
glyph, no suit glyph, no Chinese term beside the English one), read from the
bytes the app writes through a terminal driver, on the start menu, the table
and its dialogs, the deal's result and its review; in Chinese only the
Chinese words are not ASCII."""

from __future__ import annotations

import re
from typing import Any

from textual.app import App

from shengji_tui.server.driver import Terminal
from shengji_tui.text import Catalogue, load_catalogue, plain_text
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.screens.start import StartScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import helpers as H
from .test_no_color import painted, plain, press, run, through_the_table, wait_for


def shown(out: bytes) -> str:
    return plain(out)


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 127}


def app_of(state: Any, lang: str = "en") -> Any:
    def make(term: Terminal) -> App[Any]:
        return ShengjiApp(
            H.StaticTable(state),
            Solo(0),
            AppSetup(
                lang=lang,
                ascii=True,
                console=term.console(),
                driver_class=term.driver_class(),
                theme="shengji",
            ),
        )

    return make


async def test_the_table_and_its_dialogs_are_ascii() -> None:
    """Below 110 columns: each dialog opened by its key."""
    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await through_the_table(app, term, written)

    out = shown(await run(app_of(H.following_state()), {}, steps, (100, 32), written))
    assert "Card counter: still out" in out and "Game log" in out and "Help" in out
    assert non_ascii(out) == set()


async def test_the_side_panels_are_ascii() -> None:
    """From 120 columns the log and the card counter are beside the table."""
    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, TableScreen), "the table")
        await wait_for(lambda: "Card counter: still out" in shown(bytes(written)), "the counter")

    out = shown(await run(app_of(H.following_state()), {}, steps, (120, 40), written))
    assert non_ascii(out) == set()


async def test_the_result_and_the_review_are_ascii() -> None:
    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, DealResultScreen), "the result")
        result = app.screen
        said = app.cat.t("review.result_key")  # type: ignore[attr-defined]
        await wait_for(lambda: said in shown(bytes(written)), "the result painted")
        on_review = painted(written, "Review of deal 1")
        await press(term, b"r", lambda: isinstance(app.screen, ReviewScreen) and on_review(), "r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await press(term, b"\x1b[C", lambda: review.at == 1, "the next trick")
        await press(term, b"\x1b[F", lambda: review.at > 1, "the last step")
        await press(term, b"\x1b", lambda: app.screen is result, "back to the result")

    out = shown(await run(app_of(H.scored_state()), {}, steps, (100, 32), written))
    assert non_ascii(out) == set()


async def test_the_start_menu_is_ascii() -> None:
    def make(term: Terminal) -> App[Any]:
        return ShengjiApp(
            setup=AppSetup(
                lang="en",
                ascii=True,
                menu=True,
                console=term.console(),
                driver_class=term.driver_class(),
                theme="shengji",
            )
        )

    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, StartScreen), "the menu")
        # (until it is painted: on a busy machine the first frame may come late)
        await wait_for(lambda: "New game" in shown(bytes(written)), "the menu painted")

    out = shown(await run(make, {}, steps, (80, 24), written))
    assert "New game" in out
    assert non_ascii(out) == set()


async def test_in_chinese_only_the_chinese_is_not_ascii() -> None:
    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await through_the_table(app, term, written)

    out = shown(await run(app_of(H.following_state(), "zh"), {}, steps, (100, 32), written))
    assert "记牌器：未出的牌" in out
    cjk = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")
    assert {ch for ch in non_ascii(out) if not cjk.match(ch)} == set()


def test_the_ascii_catalogue_is_ascii_in_english() -> None:
    texts = load_catalogue("en", True)
    assert texts.keys() == load_catalogue("en").keys()
    assert {k: v for k, v in texts.items() if not v.isascii()} == {}
    cat = Catalogue("en", ascii=True)
    assert cat.t("app.title") == "Shengji | Tractor"
    assert plain_text("Rules — 升级 (拖拉机) / 中文") == "Rules -"
