"""A seat around the table: name, role, level, cards left, dealer and turn
marks, and what it played in this trick (or the last one)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from ..props import Line, SeatProps, line_rows, plain
from .lines import LinesWidget, Painting, lines_text


def rows_of(lines: Sequence[Line], width: int) -> int:
    """The rows `lines` take wrapped to `width` cells."""
    return sum(line_rows(line, width) for line in lines)


class SeatPanel(LinesWidget[SeatProps]):
    """One of the other seats (its place: `props.position`). It shows the first
    of its forms (`props.lines`, then `props.narrow`) whose lines fit its rows
    (a panel of fixed height) without wrapping its name line; when none does (a
    name wider than the panel), the first whose other lines fit, its name line
    cut with "…"."""

    def _fits(self, lines: Sequence[Line], width: int, height: int | None) -> bool:
        if lines and cell_len(plain(lines[0]).split("\n")[0].rstrip()) > width:
            return False
        return height is None or rows_of(lines, width) <= height

    def _form(self, width: int) -> Sequence[Line] | None:
        """The first form that fits `width` (None: none keeps its name line
        whole). (The width asked, not the widget's: a layout asks the height of
        a panel sized by its lines for the width it is giving it.)"""
        p = self.props
        if width <= 0:
            return p.lines
        height = None if self.styles.is_auto_height else self.content_size.height
        forms = (p.lines, *p.narrow)
        return next((f for f in forms if self._fits(f, width, height)), None)

    def lines_for(self, width: int) -> Sequence[Line] | None:
        return self._form(width)

    def _current(self, width: int) -> Painting:
        self._built_width = width  # (`build` lays the text out for it)
        if self.props.narrow:  # (the form shown depends on the height too)
            height = self.content_size.height
            if self._built_height != height:
                self._built_height = height
                self._painting = None
        return super()._current(width)

    _built_height: int | None = None
    _built_width = 0

    def build(self) -> Text:
        p = self.props
        lines: Sequence[Line] = p.lines
        width = self._built_width
        if width <= 0:
            return lines_text(lines, self.styles_table)
        height = None if self.styles.is_auto_height else self.content_size.height
        forms = (p.lines, *p.narrow)
        fit = self._form(width)
        if fit is not None:
            return lines_text(fit, self.styles_table)
        # no form keeps its name line whole: the first whose other lines fit, cut
        rest = next(
            (f for f in forms if height is None or 1 + rows_of(f[1:], width) <= height),
            forms[-1],
        )
        head = lines_text(rest[:1], self.styles_table)
        head.truncate(width, overflow="ellipsis")
        if len(rest) == 1:
            return head
        return Text("\n").join([head, lines_text(rest[1:], self.styles_table)])
