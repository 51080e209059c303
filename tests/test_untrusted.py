"""The one cleaning of outside text (shengji_tui/untrusted.py), table-driven:
what a name, a rules file's name or a chat message may put on others' screens."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rich.cells import cell_len

from shengji_tui import rules
from shengji_tui.untrusted import cells as cells_of
from shengji_tui.untrusted import clean_line, is_clean

OSC_TITLE_CLIPBOARD = "\x1b]0;PWNED-TITLE\x1b\\\x1b]52;c;cHduZWQ=\x1b\\\x1b[2J"


@pytest.mark.parametrize(
    ("raw", "cells", "shown"),
    [
        ("alice", 16, "alice"),
        (OSC_TITLE_CLIPBOARD + "Ann's rules", 32, "Ann's rules"),  # ST-terminated OSCs
        ("a\x1b]0;t\x07b", 16, "ab"),  # BEL-terminated
        ("a\x9b2Jb", 16, "ab"),  # the 8-bit CSI
        ("a\x1bPq#0;2;0;0;0\x1b\\b", 16, "ab"),  # DCS (sixel)
        ("a\x1b[31mred\x1b[0m", 16, "ared"),
        ("a\x1b", 16, "a"),  # a lone ESC at the end
        ("[@a=(]y[/]", 16, "[@a=(]y[/]"),  # markup is text: shown as typed, never parsed
        ("[link=https://x]click[/link]", 40, "[link=https://x]click[/link]"),
        ("right\u202eto left", 16, "rightto left"),  # bidi override
        ("\u2066iso\u2069", 16, "iso"),  # bidi isolate
        ("zero\u200bwidth\ufeff", 16, "zerowidth"),
        ("e\u0301\u0301\u0301\u0301x", 16, "ex"),  # a Zalgo run goes whole
        ("ca\u0301fe\u0301", 16, "cáfé"),  # an accent stays (precomposed)
        ("two\n\nlines\r\n", 16, "two lines"),
        ("  spaced   out  ", 16, "spaced out"),
        ("一二三四五六七八九十", 9, "一二三四"),  # wide characters: two cells each
        ("x" * 60_000, 32, "x" * 32),
        ("\u3164\u115f", 16, ""),  # fillers only
        # symbols Unicode 16 made wide (one cell in Python 3.11's tables, two in
        # Rich's and newer terminals'): two cells each
        ("00\U0001d300", 3, "00"),  # a Tai Xuan Jing symbol
        ("\u4dc0\u4dc1x", 4, "\u4dc0\u4dc1"),  # Yijing hexagrams
        ("\u2630\u268a\U0001d360", 5, "\u2630\u268a"),  # a trigram, a monogram, a rod
    ],
)
def test_clean_line(raw: str, cells: int, shown: str) -> None:
    assert clean_line(raw, max_cells=cells) == shown


def test_fold_makes_compatibility_forms_plain() -> None:
    assert clean_line("ａｌｉｃｅ", max_cells=16, fold=True) == "alice"
    assert clean_line("ａｌｉｃｅ", max_cells=16) == "ａｌｉｃｅ"  # chat keeps its forms


def test_no_character_is_counted_narrower_than_rich_counts_it() -> None:
    """Every code point a cleaned line may hold takes no more cells in Rich's
    tables (the terminal's width, as the TUI lays it out) than the cleaning
    counted (a random test found one: three cells held "00" and a
    two-cell Tai Xuan Jing symbol)."""
    narrower = [
        f"U+{cp:04X}"
        # (the planes with assigned characters: 0-3 and 14; 15 and 16 are private use)
        for cp in (*range(0x40000), *range(0xE0000, 0xE1000))
        if not 0xD800 <= cp < 0xE000
        and cell_len(ch := chr(cp)) > cells_of(ch)
        and ch == clean_line(ch, max_cells=2)  # (kept by the cleaning)
    ]
    assert narrower == []


@given(st.text(max_size=300), st.integers(min_value=1, max_value=80))
@example(raw="00\U0001d300", cells=3)
def test_cleaned_text_is_one_short_plain_line(raw: str, cells: int) -> None:
    shown = clean_line(raw, max_cells=cells)
    assert cell_len(shown) <= cells
    assert not any(ch in shown for ch in "\x1b\x9b\x9d\x07\n\r\t\x00")
    assert shown == shown.strip()
    assert is_clean(shown, max_cells=cells)  # cleaning twice changes nothing


def test_a_ruleset_name_is_cleaned_where_it_enters() -> None:
    rs = rules.RuleSet.model_validate({"name": OSC_TITLE_CLIPBOARD + "x" * 100})
    assert rs.name == "x" * 32
    assert rules.RuleSet.model_validate({"name": "\x1b[2J"}).name == "custom"
