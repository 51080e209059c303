"""Display names from SSH user names: what other players see.

`normalise_name(raw)` is the one place a typed name becomes a shown name:

- NFKC: compatibility forms fold to their plain letters (full-width `ａｌｉｃｅ`,
  ligatures, superscripts become `alice`, `fi`, `2`), and a letter plus a
  combining accent becomes the precomposed letter where one exists;
- invisible characters are removed: controls, format characters (zero-width
  space / joiners, bidi overrides and isolates, soft hyphen, BOM), line and
  paragraph separators, and the default-ignorable fillers (Hangul fillers,
  variation selectors);
- combining marks: a base character keeps up to `MAX_MARKS` (Vietnamese and
  Thai stack two); a longer run ("zalgo": 16 accents on one letter) is
  removed whole, and so is a mark with no base;
- runs of spaces become one space, none at either end;
- at most `max_cells` terminal cells (a wide CJK character takes two).

An empty result becomes `fallback`. Names that differ only in a confusable
letter (Cyrillic `і` for Latin `i`) stay different: making names unique at a
table is the table's job (a suffix), not this function's.
"""

from __future__ import annotations

import unicodedata

NAME_CELLS = 16  # the width of a name on the table screens
MAX_MARKS = 2  # combining marks kept after one base character

# Default-ignorable code points outside category Cf (Unicode's
# Default_Ignorable_Code_Point): shown as nothing, so a name could hide in them.
_IGNORABLE = frozenset(
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


def _invisible(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat[0] == "C" or cat in ("Zl", "Zp") or ord(ch) in _IGNORABLE


def _cells(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def normalise_name(raw: str, *, max_cells: int = NAME_CELLS, fallback: str = "player") -> str:
    """`raw` (an SSH user name) as it may be shown to other players (see the module)."""
    # decomposed first, so a letter's own accent counts in its run of marks
    out: list[str] = []
    marks: list[str] = []  # the marks after the last base character

    def end_run() -> None:
        if len(marks) <= MAX_MARKS and out and out[-1] != " ":
            out.extend(marks)
        marks.clear()

    for ch in unicodedata.normalize("NFKD", raw):
        if _invisible(ch):
            continue
        cat = unicodedata.category(ch)
        if cat[0] == "M":
            marks.append(ch)
            continue
        end_run()
        if cat[0] == "Z" or ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
        else:
            out.append(ch)
    end_run()
    shown: list[str] = []
    width = 0
    for ch in unicodedata.normalize("NFC", "".join(out)):
        w = _cells(ch)
        if width + w > max_cells:
            break
        shown.append(ch)
        width += w
    return "".join(shown).strip() or fallback
