"""The score line: the attackers' points, a points bar towards the next band,
the bands ahead."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.renderables.bar import Bar as BarRenderable
from textual.widgets import ProgressBar

from ..props import Line
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
    BAR_RENDERABLE = PointsBarRenderable

    def __init__(self, ascii: bool = False, **kw: Any) -> None:
        if ascii:
            self.BAR_RENDERABLE = AsciiPointsBarRenderable
        super().__init__(show_eta=False, show_percentage=False, **kw)

    def show_points(self, bar: tuple[int, int] | None) -> None:
        """(total, progress) of `ScoreProps.bar`, or None: hidden."""
        shown = bar is not None
        if bar is not None and (self.total != bar[0] or self.progress != bar[1]):
            self.update(total=bar[0], progress=bar[1])
        if self.display != shown:
            self.display = shown


class ScoreText(LineWidget[Line]):
    """'attackers 35' before the bar (`no_wrap` False), or the bands after it."""

    def __init__(self, props: Line, no_wrap: bool = False, **kw: Any) -> None:
        super().__init__(props, **kw)
        self.no_wrap = no_wrap

    def build(self) -> Text:
        if self.no_wrap:
            return line_text(self.props, self.styles_table, no_wrap=True, overflow="ellipsis")
        return line_text(self.props, self.styles_table)
