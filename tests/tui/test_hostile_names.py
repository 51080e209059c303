"""Players' names and a rules file's name, as hostile as a player can make them
and as the server's boundary lets them in (`names.normalise_name`, RuleSet's
own cleaning), on every screen of a deal that shows them: the seat panels and
status line, the result, the review, the game log, the match's end, and
`shengji replay`. No exception, no escape byte, each name shown as typed
(never read as markup), every painted line within the screen. The SSH screens
(lobby, waiting room, watch, chat) are tests/server/test_hostile_text.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from shengji_tui.cli import main as cli_main
from shengji_tui.server.names import normalise_name
from shengji_tui.store import Store
from shengji_tui.table import Table
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.setup import AppSetup

from . import helpers as H
from .test_pilot_hotseat import Checker

HOSTILE = [
    "\x1b]0;PWNED\x1b\\\x1b]52;c;cHduZWQ=\x07\x1b[2Jann",
    "[@a=(]y[/]",
    "[link=https://evil.example]x[/link]",
    "W" * 10_000,
    "\u202eeve\u200b\u2066",
    "龍" * 40,
]
NAMES = [normalise_name(n) for n in HOSTILE]


def _app(state: Any, names: list[str], **kw: Any) -> ShengjiApp:
    return ShengjiApp(H.StaticTable(state, names), Solo(0), AppSetup(theme="shengji", **kw))


def _painted(app: Any) -> list[str]:
    lines: list[str] = []
    for screen in app.screen_stack:
        for w in screen.query("*"):
            lines.extend(Checker.painted(w))
    return lines


def _check(app: Any, size: tuple[int, int], where: str) -> str:
    lines = _painted(app)
    text = "\n".join(lines)
    assert "\x1b" not in text and "\x07" not in text, where
    assert "PWNED" not in text and "cHduZWQ" not in text, where
    for line in lines:
        assert cell_len(line) <= size[0], (where, line)
    return text


def test_the_boundary_made_the_names_short_plain_lines() -> None:
    assert NAMES[0] == "ann" and NAMES[1] == "[@a=(]y[/]" and NAMES[4] == "eve"
    assert all(cell_len(n) <= 16 for n in NAMES)


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_table_and_its_log_show_the_names_as_text(
    size: tuple[int, int], lang: str
) -> None:
    names = ["You", NAMES[1], NAMES[3], NAMES[5]]
    app = _app(H.following_state(), names, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = _check(app, size, "table")
        assert "[@a=(]y[/]" in text  # (markup would have refused it, or eaten it)
        assert "龍龍龍" in text
        await pilot.press("g")  # the game log (a dialog where it is not on the side)
        await pilot.pause()
        _check(app, size, "log")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_result_and_review_show_the_names_as_text(
    size: tuple[int, int], lang: str
) -> None:
    names = ["You", NAMES[1], NAMES[2], NAMES[5]]
    app = _app(H.scored_state(), names, lang=lang)
    async with app.run_test(size=size) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="result")
        await pilot.pause()
        _check(app, size, "result")
        await pilot.press("r")
        await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
        await pilot.pause()
        text = _check(app, size, "review")
        assert "[@a=(]y[/]" in text and "[link=https://ev" in text
        await pilot.press("end")
        await pilot.pause()
        _check(app, size, "review's end")


async def test_the_match_end_shows_the_names_as_text() -> None:
    app = _app(H.finished_state(), NAMES[:4])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.pause()
        text = _check(app, (80, 24), "match end")
        assert any(n in text for n in NAMES[:4])


async def test_replay_tells_the_game_with_the_names_as_text(
    tmp_path: Path, bots_only: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [NAMES[0], NAMES[1], NAMES[4], NAMES[5]]
    store = Store(tmp_path / "shengji.db")
    t = Table(bots_only(3, names), table_id="hostile", store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    store.close()
    assert cli_main(["replay", "hostile", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "PWNED" not in out
    assert "[@a=(]y[/]" in out and "龍" in out
