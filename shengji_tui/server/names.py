"""Players' names: what others see, and when two names are the same.

Shown names. `normalise_name(raw)` is where a typed SSH user name becomes a
shown name, by the one cleaning of outside text (`text.untrusted.clean_line`
with `fold`):

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
An empty result becomes `fallback`. Look-alike letters are kept as typed.

Same names. Two names that look alike are the same name (`name_key`), and a
name already taken at a table gets a suffix (`unique_name`: "alice",
"alice (2)"). `name_key` is for comparing only, never for showing: NFKC
(full-width and mathematical letters are letters), the common Cyrillic and
Greek look-alikes of Latin letters mapped to them (a small confusables
skeleton, after Unicode TR39, for the letters that look the same in a
terminal font), casefolded, with invisible characters (zero-width spaces and
joiners, bidirectional marks, fillers) and combining marks dropped and runs
of spaces made one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ..untrusted import clean_line

NAME_CELLS = 16  # the width of a name on the table screens


def normalise_name(raw: str, *, max_cells: int = NAME_CELLS, fallback: str = "player") -> str:
    """`raw` (an SSH user name) as it may be shown to other players (see the module)."""
    return clean_line(raw, max_cells=max_cells, fold=True) or fallback


# ------------------------------------------------------------------ same names

# Characters that show nothing but are not format characters (category Cf).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")

# Look-alikes of Latin letters, mapped before casefolding (an upper-case Greek eta
# looks like H, a lower-case one like n), and the digits and bars read as l and o.
_CONFUSABLE = str.maketrans(
    {
        # Cyrillic
        "А": "A", "а": "a", "В": "B", "в": "b", "Е": "E", "е": "e", "Ё": "E", "ё": "e",
        "К": "K", "к": "k", "М": "M", "м": "m", "Н": "H", "н": "h", "О": "O", "о": "o",
        "Р": "P", "р": "p", "С": "C", "с": "c", "Т": "T", "т": "t", "У": "Y", "у": "y",
        "Х": "X", "х": "x", "І": "I", "і": "i", "Ї": "I", "ї": "i", "Ј": "J", "ј": "j",
        "Ѕ": "S", "ѕ": "s", "Ԁ": "D", "ԁ": "d", "Ԛ": "Q", "ԛ": "q", "Ԝ": "W", "ԝ": "w",
        "Ү": "Y", "ү": "y", "Һ": "H", "һ": "h", "Ӏ": "l", "ӏ": "l", "Ԍ": "G",
        # Greek
        "Α": "A", "α": "a", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "η": "n", "Ι": "I",
        "ι": "i", "Κ": "K", "κ": "k", "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o",
        "Ρ": "P", "ρ": "p", "Τ": "T", "τ": "t", "Υ": "Y", "υ": "u", "Χ": "X", "χ": "x",
        "Ϲ": "C", "ϲ": "c", "Ϳ": "J", "ϳ": "j",
        # digits and bars read as letters (not I for l: casefolding makes I an i)
        "1": "l", "|": "l", "0": "o", "ı": "i",
    }
)  # fmt: skip


def _shown(ch: str) -> bool:
    """Whether `ch` shows as something (not a format, control or unassigned
    character, not a filler)."""
    return not unicodedata.category(ch).startswith("C") and ch not in _BLANK


def name_key(name: str) -> str:
    """What `name` is compared by (see the module docstring)."""
    text = unicodedata.normalize("NFKC", name).translate(_CONFUSABLE).casefold()
    text = unicodedata.normalize("NFKD", text)
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat.startswith("M") or not _shown(ch):
            continue
        kept.append(" " if cat.startswith("Z") else ch)
    # a look-alike may only show after its accent is gone (Cyrillic ї = і + ̈)
    out = "".join(kept).translate(_CONFUSABLE).casefold()
    return " ".join(out.split())


def visible(name: str) -> str:
    """`name` without the characters that show nothing (to build a suffixed name on)."""
    return "".join(ch for ch in name if _shown(ch)).strip()


def unique_name(name: str, taken: Iterable[str]) -> str:
    """`name`, or "name (2)", "name (3)"... so that no name of `taken` reads the same."""
    keys = {name_key(t) for t in taken}
    if name_key(name) not in keys:
        return name
    base = visible(name) or "player"
    n = 2
    while name_key(f"{base} ({n})") in keys:
        n += 1
    return f"{base} ({n})"
