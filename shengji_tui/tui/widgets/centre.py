"""The middle of the table: the trick in sentences and what you must do."""

from __future__ import annotations

from textual.geometry import Size

from ..props import CentreProps
from .lines import LinesWidget, StageHeight
from .styles import StyleTable


class CentreBox(LinesWidget[CentreProps]):
    """Its height only grows within one phase of a deal: a box that shrank and
    grew with every play would move the seats around it and make each play lay
    the whole screen out again (on every player's screen, over SSH). From the
    bury to the last trick it is at least its props' `reserve` tall (a trick's
    usual tallest): neither the play's start nor the first tricks grow it."""

    def __init__(self, props: CentreProps, **kw: object) -> None:
        super().__init__(props, **kw)
        self._height = StageHeight()
        self._reserved = 0  # the reserve set as the box's min-height (0: the CSS's)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        return self._height.height(height, self.props.stage)

    def show(self, props: CentreProps, look: StyleTable | None = None) -> bool:
        # (a style: Textual lays out again for a changed style whatever else is
        # pending, where a content height that changed may meet its cached one)
        if props.reserve != self._reserved:
            self._reserved = props.reserve
            if props.reserve:
                self.styles.min_height = props.reserve + self.styles.gutter.height
            else:
                self.styles.clear_rule("min_height")
        return super().show(props, look)
