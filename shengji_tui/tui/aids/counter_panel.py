"""The card counter beside the log (terminals 120 columns wide), and in its dialog."""

from __future__ import annotations

from typing import Any

from textual.geometry import Size

from ..widgets.lines import LinesWidget, StageHeight
from .presenter import CounterProps


class CounterPanel(LinesWidget[CounterProps]):
    """Its height only grows within a deal (`StageHeight`): the counter loses a
    row now and then as suits run out, and the log below it would be laid out
    again at those plays."""

    def __init__(self, props: CounterProps, **kw: Any) -> None:
        super().__init__(props, **kw)
        self._height = StageHeight()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        return self._height.height(height, (self.props.stage, width))
