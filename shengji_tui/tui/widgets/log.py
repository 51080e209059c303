"""The game log beside the table (wide terminals): the model's sentences."""

from __future__ import annotations

from typing import Any, Self

from rich.console import RenderableType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog

from ...text import has_wide, wrap_lines
from ..props import LogProps


class WrappingLog(RichLog):
    """A `RichLog` whose Chinese sentences break into lines as the table's texts
    do (text/linebreak.py: not only at spaces), at the width it has when written."""

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        room = self.scrollable_content_region.width
        if isinstance(content, str) and room > 0 and has_wide(content):
            content = "\n".join(wrap_lines(content, room))
        return super().write(content, width, expand, shrink, scroll_end, animate)


class GameLog(WrappingLog):
    """A log that writes the sentences of its props it has not written yet
    (a new log, of another game: it starts again).

    A sentence written changes the log's scrollable height alone, and Textual's
    `virtual_size` lays the whole screen out for it: on every player's screen,
    at every play. Here it repaints the log and moves its scrollbar's thumb; the
    scrollbar is always there (`overflow-y: scroll` in the CSS), so the log's
    room never depends on its lines."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), repaint=True)

    def __init__(self, props: LogProps, **kw: Any) -> None:
        super().__init__(wrap=True, min_width=20, max_lines=1000, **kw)
        # Never focused: the table's keys (←→, space) must not scroll the log, and
        # a key goes straight to the screen's bindings (set before mounting: the
        # screen focuses its first focusable widget when it is shown).
        self.can_focus = False
        self.props = LogProps(props.log_id, 0, ())
        self._pending = props

    def on_mount(self) -> None:
        self.show(self._pending)

    def show(self, props: LogProps) -> None:
        if props == self.props:
            return
        if not self.is_mounted:
            self._pending = props
            return
        if props.log_id != self.props.log_id:
            self.clear()
            start = 0
        else:
            start = self.props.size
        for line in props.lines[start : props.size]:
            self.write(line)
        self.props = props
        if self.styles.overflow_y == "scroll":
            self.vertical_scrollbar.window_virtual_size = self.virtual_size.height
