"""A seat around the table: name, role, level, cards left, dealer and turn
marks, and what it played in this trick (or the last one)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from ...text import wrap_lines
from ..props import Line, SeatProps, plain
from .lines import LinesWidget, Painting, lines_text


def rows_of(lines: Sequence[Line], width: int) -> int:
    """The rows `lines` take wrapped to `width` cells."""
    return sum(
        len(wrap_lines(part, width)) or 1 for line in lines for part in plain(line).split("\n")
    )


class SeatPanel(LinesWidget[SeatProps]):
    """One of the other seats (its place: `props.position`). A panel of fixed
    height in a row of several shows the first of its forms (`props.lines`, then
    `props.narrow`) whose lines fit its rows without wrapping its name line."""

    def _fits(self, lines: Sequence[Line], width: int, height: int | None) -> bool:
        if lines and cell_len(plain(lines[0]).split("\n")[0].rstrip()) > width:
            return False
        return height is None or rows_of(lines, width) <= height

    def _current(self, width: int) -> Painting:
        if self.props.narrow:  # (the form shown depends on the height too)
            height = self.content_size.height
            if self._built_height != height:
                self._built_height = height
                self._painting = None
        return super()._current(width)

    _built_height: int | None = None

    def build(self) -> Text:
        p = self.props
        lines: Sequence[Line] = p.lines
        if p.narrow:
            width = self.content_size.width
            height = None if self.styles.is_auto_height else self.content_size.height
            if width > 0 and not self._fits(lines, width, height):
                lines = next((f for f in p.narrow if self._fits(f, width, height)), p.narrow[-1])
        return lines_text(lines, self.styles_table)
