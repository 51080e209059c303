"""A line indented by spaces (a decision's reason in the coach's dialog) wraps
with its continuations under its first word, in English and Chinese, and keeps
its styles; other lines are left as they are."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

from shengji_tui.tui.widgets.lines import hang

EN = "    Mei, still to play, was void in hearts: the 20 points went to her"
ZH = "    梅还要出牌，她红桃已经没有了：这二十分归了她，以及更多的文字在这里"


@pytest.mark.parametrize(
    ("line", "width", "rows"),
    [
        (
            EN,
            34,
            ["    Mei, still to play, was void", "    in hearts: the 20 points went", "    to her"],
        ),
        (EN, 80, [EN]),  # fits: as it was
        (EN.strip(), 30, [EN.strip()]),  # not indented: left to the widget's wrap
        (EN, 12, [EN]),  # too narrow to indent
        (
            ZH,
            30,
            [
                "    梅还要出牌，她红桃已经没有",
                "    了：这二十分归了她，",
                "    以及更多的文字在这里",
            ],
        ),
    ],
)
def test_a_reason_wraps_under_its_start(line: str, width: int, rows: list[str]) -> None:
    out = hang(Text(line), width)
    assert out.plain.split("\n") == rows
    assert all(cell_len(r) <= width for r in rows) or rows == [line]


def test_the_styles_follow_the_words() -> None:
    text = Text("    ")
    text.append("Mei", "bold")
    text.append(", still to play, was void in hearts: the 20 points went to her", "dim")
    out = hang(text, 34)
    second = out.plain.split("\n")[1]
    assert second.startswith("    in hearts")
    start = out.plain.index("in hearts")
    assert [s.style for s in out.spans if s.start <= start < s.end] == ["dim"]
    assert [s.style for s in out.spans if s.start == 4] == ["bold"]
