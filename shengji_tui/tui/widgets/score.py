"""The score line: the attackers' points, a points bar towards the next band,
the bands ahead (as many as fit)."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.events import Mount
from textual.geometry import Size
from textual.renderables.bar import Bar as BarRenderable
from textual.widgets import ProgressBar

from ..props import Line
from ..terminal import patches
from .lines import LineWidget, line_text


class PointsBarRenderable(BarRenderable):
    """A points bar that does not rely on colour: filled ▓, empty ░ (# and - in ASCII)."""

    FILL = "▓"
    EMPTY = "░"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = self.width or options.max_width
        start, end = self.highlight_range
        filled = max(0, min(width, round(end - max(0, start))))
        hs = console.get_style(self.highlight_style)
        bs = console.get_style(self.background_style)
        text = Text(no_wrap=True, end="")
        text.append(self.FILL * filled, style=hs)
        text.append(self.EMPTY * (width - filled), style=bs)
        yield text


class AsciiPointsBarRenderable(PointsBarRenderable):
    FILL = "#"
    EMPTY = "-"


class PointsBar(ProgressBar):
    """Textual's progress bar without its estimate of the time left."""

    BAR_RENDERABLE = PointsBarRenderable

    def __init__(self, ascii: bool = False, **kw: Any) -> None:
        if ascii:
            self.BAR_RENDERABLE = AsciiPointsBarRenderable
        super().__init__(show_eta=False, show_percentage=False, **kw)

    def _on_mount(self, event: Mount) -> None:
        """Not `ProgressBar`'s: it refreshes the time-left estimate once a second,
        which repainted the bar on every screen every second (bytes to every
        player of an idle table) though no estimate is shown. The bar always has
        a total, so the indeterminate animation's clock is not needed either."""
        event.prevent_default()
        self.update()

    def show_points(self, bar: tuple[int, int] | None) -> None:
        """(total, progress) of `ScoreProps.bar`, or None: hidden."""
        shown = bar is not None
        if bar is not None and (self.total != bar[0] or self.progress != bar[1]):
            self.update(total=bar[0], progress=bar[1])
            patches.repaint_refreshed(self)  # (in the frame of the lines it goes with)
        if self.display != shown:
            self.display = shown


class ScoreText(LineWidget[Line]):
    """'attackers 35' before the bar. Its width holds three digits for the points
    whatever they are: the bar stays where it is as the points grow, and a
    trick won with points repaints the line instead of laying the screen out
    again (on every player's screen, over SSH)."""

    POINT_DIGITS = 3

    def build(self) -> Text:
        return line_text(self.props, self.styles_table)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        width = super().get_content_width(container, viewport)
        digits = _DIGITS.search(self._text(self.size.width).plain)
        if digits is not None:
            width += max(0, self.POINT_DIGITS - len(digits.group()))
        return width


_DIGITS = re.compile(r"[0-9]+")


class ScoreAhead(LineWidget[tuple[Line, ...]]):
    """After the bar: the first of its forms (`ScoreProps.ahead`, longest first)
    that fits the width left to it; none fits: nothing (never a cut band)."""

    def build(self) -> Text:
        width = self.content_size.width
        for line in self.props:
            text = line_text(line, self.styles_table, no_wrap=True)
            if text.cell_len <= width:
                return text
        return Text(no_wrap=True)
