"""ASCII mode's last step: the glyphs Textual draws itself (rounded and block
borders, scrollbars, a select's arrow, a toast's edge, the footer's bar) as
ASCII of the same width, line by line as the screen is painted. The words are
already ASCII (the catalogue's ASCII mode, `text.plain`); Chinese stays (a
player who chose it reads it), as anything without an ASCII form does."""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_GLYPHS: dict[str, str] = {
    **dict.fromkeys("─━═┄┅┈┉╌╍▔▁", "-"),
    **dict.fromkeys("│┃║┆┇┊┋╎╏▏▕▎▍▌▋▊▉▐", "|"),
    **dict.fromkeys("╭╮╰╯┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬", "+"),
    **dict.fromkeys("▂▃▄▅▆▇█▓▀", "#"),
    **dict.fromkeys("░▒", "-"),
    "▼": "v",
    "▲": "^",
    "▶": ">",
    "◀": "<",
    "►": ">",
    "◄": "<",
    "•": "*",
    "●": "*",
    "○": "o",
    "·": "|",
    "…": ".",
    "—": "-",
    "–": "-",
    "×": "x",
    "✕": "x",
    "✓": "v",
    "★": "*",
    "⏎": "<",
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "\u00a0": " ",
    "🔎": "> ",  # (the command palette's: two cells)
}
_TABLE = str.maketrans(_GLYPHS)


class AsciiFilter(LineFilter):
    """Each glyph of `_GLYPHS` as ASCII of its width."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        out = []
        for text, style, control in segments:
            if control is None and not text.isascii():
                text = text.translate(_TABLE)
            out.append(Segment(text, style, control))
        return out


ASCII_FILTER = AsciiFilter()  # (stateless: one for every app of the process)
