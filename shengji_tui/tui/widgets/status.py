"""The status line: trump, level, dealer, both sides' levels, deal and trick;
the turn clock at the right edge (it changes each second: one line repainted)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..props import StatusProps
from .lines import LineWidget, line_text


class StatusBar(LineWidget[StatusProps]):
    """The title first when it fits in the width; the clock always shows."""

    def build(self) -> Text:
        p = self.props
        styles = self.styles_table
        out = Text(no_wrap=True, overflow="ellipsis")
        if not p.parts:
            out.append(p.title)
            return out
        width = self.content_size.width
        clock = line_text(p.clock, styles) if p.clock is not None else None
        room = width - (clock.cell_len + 2 if clock is not None else 0)
        title = Text(p.title, style="bold")
        body = Text(p.sep).join(line_text(part, styles) for part in p.parts)
        if cell_len(title.plain) + cell_len(p.sep) + body.cell_len <= room:
            out.append_text(title)
            out.append(p.sep)
        out.append_text(body)
        if clock is not None:
            if out.cell_len > room:
                out.truncate(max(0, room), overflow="ellipsis")  # (its own "…")
            out.append(" " * max(2, width - out.cell_len - clock.cell_len))
            out.append_text(clock)
        return out
