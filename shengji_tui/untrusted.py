"""The one boundary for text from outside: what a player or a file may put on
other players' screens.

Every string that comes from outside the program and is shown to someone else
(an SSH user name, a rules file's name, a chat message, an outside bot's name)
is cleaned here once, where it enters; from then on it is plain text, shown
through `rich.text.Text` / Textual `Content` or with markup off, never pasted
into a markup string.

`clean_line(raw, max_cells=...)`:

- invisible characters are removed: controls (ESC, so no escape sequence of
  any kind survives: CSI, OSC such as a window title or the clipboard, DCS,
  whatever its terminator), format characters (zero-width space / joiners,
  bidi overrides and isolates, soft hyphen, BOM), surrogates, private-use and
  unassigned code points, and the default-ignorable fillers (Hangul fillers,
  variation selectors);
- combining marks: a base character keeps up to `MAX_MARKS` (Vietnamese and
  Thai stack two); a longer run ("zalgo") is removed whole, and so is a mark
  with no base;
- any white space (tabs, new lines, line and paragraph separators) is one
  space, none at either end;
- at most `max_cells` terminal cells (a wide CJK character takes two; counted
  from Unicode's East Asian Width here, as `rules/` may not import Rich, and
  checked against `rich.cells` in tests/test_untrusted.py).

`fold=True` (names) also applies NFKC first: full-width `ａｌｉｃｅ`, ligatures
and superscripts become plain letters. Chat keeps the text's own forms (a
Chinese sentence's full-width punctuation stays).
"""

from __future__ import annotations

import re
import unicodedata

MAX_MARKS = 2  # combining marks kept after one base character
# Read no further than this many characters per cell kept: a 60,000-character
# name costs no more than a short one (marks and invisible characters are what
# can make a short shown text long).
_READ_PER_CELL = 8

# Default-ignorable code points outside category C (Unicode's
# Default_Ignorable_Code_Point): shown as nothing, so text could hide in them.
IGNORABLE = frozenset(
    [
        0x034F,  # combining grapheme joiner
        0x115F,  # Hangul fillers
        0x1160,
        0x3164,
        0xFFA0,
        0x17B4,  # Khmer inherent vowels
        0x17B5,
        *range(0x180B, 0x1810),  # Mongolian variation selectors, vowel separator
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0100, 0xE01F0),  # variation selectors supplement
    ]
)


# Whole escape sequences (7-bit and C1 forms), so that their parameters do not
# stay behind as text once the ESC is gone: CSI (`ESC [ ... final`), OSC, DCS,
# SOS, PM and APC strings (to BEL or ST, or to the end), and two-byte escapes.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x20-\x3f]*[\x40-\x7e]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[\x20-\x7e]?"
)


def invisible(ch: str) -> bool:
    """Whether `ch` shows as nothing or acts on the terminal (see the module)."""
    cat = unicodedata.category(ch)
    return (cat[0] == "C" and ch not in "\t\n\r") or ord(ch) in IGNORABLE


def _space(ch: str) -> bool:
    return ch in "\t\n\r" or unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def clean_line(raw: str, *, max_cells: int, fold: bool = False) -> str:
    """`raw` as one line of plain text others may see (see the module); may be ""."""
    raw = _SEQUENCE.sub("", raw[: max(max_cells, 1) * _READ_PER_CELL])
    text = unicodedata.normalize("NFKD" if fold else "NFD", raw)
    out: list[str] = []
    marks: list[str] = []  # the marks after the last base character

    def end_run() -> None:
        if len(marks) <= MAX_MARKS and out and out[-1] != " ":
            out.extend(marks)
        marks.clear()

    for ch in text:
        if _space(ch):
            end_run()
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if invisible(ch):
            continue
        if unicodedata.category(ch)[0] == "M":
            marks.append(ch)
            continue
        end_run()
        out.append(ch)
    end_run()
    return cut_cells(unicodedata.normalize("NFC", "".join(out)).strip(), max_cells)


# Symbols that Unicode 16 made wide (East Asian Width W) after being neutral:
# the trigrams and digrams, the Yijing hexagrams, the Tai Xuan Jing symbols and
# the counting rod numerals. Python's own tables (Unicode 14 in 3.11) say one
# cell, Rich's and newer terminals' two: counted as two, a name never takes more
# cells than it was given on either kind of terminal.
_WIDENED = ((0x2630, 0x2637), (0x268A, 0x268F), (0x4DC0, 0x4DFF), (0x1D300, 0x1D376))


def cells(ch: str) -> int:
    """The terminal cells one character takes (the most a terminal gives it)."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    code = ord(ch)
    return 2 if any(lo <= code <= hi for lo, hi in _WIDENED) else 1


def clean_paste(raw: str) -> str:
    """A pasted block as typed text: its lines and tabs kept (a rules file is
    pasted whole), escape sequences, other controls and invisible characters
    removed (the box that shows it must not echo them to the terminal)."""
    lines = _SEQUENCE.sub("", raw).replace("\r\n", "\n").replace("\r", "\n")
    return "".join(ch for ch in lines if ch in "\n\t" or not invisible(ch))


def cut_cells(text: str, max_cells: int) -> str:
    """`text`'s longest start within `max_cells` terminal cells."""
    kept: list[str] = []
    width = 0
    for ch in text:
        w = cells(ch)
        if width + w > max_cells:
            break
        kept.append(ch)
        width += w
    return "".join(kept).rstrip()


def is_clean(text: str, *, max_cells: int) -> bool:
    """Whether `text` is already what `clean_line` makes of it (for checks that
    refuse rather than clean)."""
    return clean_line(text, max_cells=max_cells) == text
