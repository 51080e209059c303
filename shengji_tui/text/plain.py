"""ASCII mode's words (`--ascii`, the palette's card style): the catalogue's
texts with their typographic marks, arrows and glyphs in ASCII, and, in the
English catalogue, without the Chinese terms it gives beside the English
ones ("(抠底)"). A Chinese catalogue keeps its Chinese: only the marks go.

No Textual here; the screen's own glyphs (borders, scrollbars, a select's
arrow) are the TUI's ASCII filter's (`tui.terminal.asciifilter`)."""

from __future__ import annotations

import re

_MARKS = str.maketrans(
    {
        "·": "|",
        "—": "-",
        "–": "-",
        "−": "-",
        "…": "...",
        "×": "x",
        "→": "->",
        "←": "<-",
        "↑": "up",
        "↓": "down",
        "⏎": "enter",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "▶": ">",
        "◀": "<",
        "★": "*",
        "▲": "^",
        "▼": "v",
        "░": "-",
        "▓": "#",
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "✔": "*",
        "✓": "*",
        "≥": ">=",
        "≤": "<=",
        "\u00a0": " ",
    }
)
_CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
_CJK_ASIDE = re.compile(rf"\s*[(（][^()（）]*[{_CJK}][^()（）]*[)）]")  # " (抠底)"
_CJK_RUN = re.compile(rf"\s*[{_CJK}]+(?:\s*/\s*[{_CJK}]+)*")  # " 升级", " / 中文"
_SLASH_END = re.compile(r"\s*/\s*(?=$|\n)")


def plain_text(text: str, lang: str = "en") -> str:
    """`text` for an ASCII terminal (see the module docstring)."""
    if lang == "en":
        text = _CJK_ASIDE.sub("", text)
        text = _CJK_RUN.sub("", text)
        text = _SLASH_END.sub("", text)
    return text.translate(_MARKS)
