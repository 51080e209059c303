"""`--ascii` in English: nothing but ASCII goes out (no "—", no box or block
glyph, no suit glyph, no Chinese term beside the English one), read from the
bytes the app writes through a terminal driver, on the start menu, the table
and its dialogs, the deal's result and its review; in Chinese only the
Chinese words are not ASCII."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from textual.app import App

from shengji_tui.server.driver import Terminal
from shengji_tui.text import Catalogue, load_catalogue, plain_text
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.screens import DealResultScreen, StartScreen, TableScreen

from . import helpers as H
from .test_no_color import run, wait_for

ESCAPES = re.compile(  # CSI, OSC, charset and two-byte escapes
    r"\x1b(?:\[[0-9;:?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Z]|.)"
)


def shown(out: bytes) -> str:
    return ESCAPES.sub("", out.decode("utf-8"))


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) > 127}


def app_of(state: Any, lang: str = "en") -> Any:
    def make(term: Terminal) -> App[Any]:
        return ShengjiApp(
            H.StaticTable(state),
            0,
            lang=lang,
            ascii=True,
            console=term.console(),
            driver_class=term.driver_class(),
            theme="shengji",
        )

    return make


async def keys(term: Terminal, *keys: bytes, pause: float = 0.4) -> None:
    for k in keys:
        term.feed(k)
        await asyncio.sleep(pause)


async def test_the_table_and_its_dialogs_are_ascii() -> None:
    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, TableScreen), "the table")
        await asyncio.sleep(0.5)
        # suggest, counter, kitty, last trick, log, help (scrolled), the palette
        await keys(term, b"s", b"c", b"\x1b", b"k", b"\x1b", b"t", b"\x1b", b"g", b"\x1b")
        await keys(term, b"?", b"\x1b[6~", b"\x1b[6~", b"\x1b", b"\x10", b"\x1b")

    out = shown(await run(app_of(H.following_state()), {}, steps, (120, 40)))
    assert "Card counter" in out and "Help" in out
    assert non_ascii(out) == set()


async def test_the_result_and_the_review_are_ascii() -> None:
    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, DealResultScreen), "the result")
        await asyncio.sleep(0.5)
        await keys(term, b"r", b"\x1b[C", b"\x1b[F", b"\x1b")

    out = shown(await run(app_of(H.scored_state()), {}, steps, (100, 32)))
    assert "Review of deal 1" in out
    assert non_ascii(out) == set()


async def test_the_start_menu_is_ascii() -> None:
    def make(term: Terminal) -> App[Any]:
        return ShengjiApp(
            lang="en",
            ascii=True,
            menu=True,
            console=term.console(),
            driver_class=term.driver_class(),
            theme="shengji",
        )

    written = bytearray()

    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, StartScreen), "the menu")
        # (until it is painted: on a busy machine the first frame may come late)
        await wait_for(lambda: "New game" in shown(bytes(written)), "the menu painted")
        await asyncio.sleep(0.3)

    out = shown(await run(make, {}, steps, (80, 24), written))
    assert "New game" in out
    assert non_ascii(out) == set()


async def test_in_chinese_only_the_chinese_is_not_ascii() -> None:
    async def steps(app: App[Any], term: Terminal) -> None:
        await wait_for(lambda: isinstance(app.screen, TableScreen), "the table")
        await asyncio.sleep(0.5)
        await keys(term, b"c", b"\x1b")

    out = shown(await run(app_of(H.following_state(), "zh"), {}, steps, (120, 40)))
    cjk = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")
    assert {ch for ch in non_ascii(out) if not cjk.match(ch)} == set()


def test_the_ascii_catalogue_is_ascii_in_english() -> None:
    texts = load_catalogue("en", True)
    assert texts.keys() == load_catalogue("en").keys()
    assert {k: v for k, v in texts.items() if not v.isascii()} == {}
    cat = Catalogue("en", ascii=True)
    assert cat.t("app.title") == "Shengji | Tractor"
    assert plain_text("Rules — 升级 (拖拉机) / 中文") == "Rules -"
