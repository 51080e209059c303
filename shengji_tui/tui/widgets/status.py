"""The status line: trump, level, dealer, both sides' levels, deal and trick;
the turn clock first (it changes each second: one line repainted; at the left
edge no toast covers it and no narrow terminal cuts it)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..props import StatusProps
from .lines import LineWidget, line_text


class StatusBar(LineWidget[StatusProps]):
    """The clock first, then the title when it fits in the width."""

    def build(self) -> Text:
        p = self.props
        styles = self.styles_table
        out = Text(no_wrap=True, overflow="ellipsis")
        if not p.parts:
            out.append(p.title)
            return out
        if p.clock is not None:
            out.append_text(line_text(p.clock, styles))
            out.append(p.sep)
        title = Text(p.title, style="bold")
        body = Text(p.sep).join(line_text(part, styles) for part in p.parts)
        room = self.content_size.width - out.cell_len
        if cell_len(title.plain) + cell_len(p.sep) + body.cell_len <= room:
            out.append_text(title)
            out.append(p.sep)
        elif body.cell_len > room and p.narrow:  # (find friends, auctions at 80 columns)
            body = Text(p.sep).join(line_text(part, styles) for part in p.narrow)
        parts = list(p.narrow or p.parts)
        while body.cell_len > room and len(parts) > 2:  # (60 columns: the last parts go)
            parts.pop(-2)  # (the trick's number stays: it changes as you play)
            body = Text(p.sep).join(line_text(part, styles) for part in parts)
        out.append_text(body)
        return out
