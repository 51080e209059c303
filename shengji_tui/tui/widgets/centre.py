"""The middle of the table: the trick in sentences and what you must do."""

from __future__ import annotations

from textual.geometry import Size

from ..props import CentreProps
from .lines import LinesWidget


class CentreBox(LinesWidget[CentreProps]):
    """Its height only grows within one phase of a deal: a box that shrank and
    grew with every play would move the seats around it and make each play lay
    the whole screen out again (on every player's screen, over SSH)."""

    def __init__(self, props: CentreProps, **kw: object) -> None:
        super().__init__(props, **kw)
        self._floor: tuple[object, int] = (None, 0)  # (stage, tallest so far)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        key = self.props.stage
        if key != self._floor[0]:
            self._floor = (key, height)
        elif height < self._floor[1]:
            height = self._floor[1]
        else:
            self._floor = (key, height)
        return height
