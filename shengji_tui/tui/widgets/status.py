"""The status line: trump, level, dealer, both sides' levels, deal and trick."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..props import StatusProps
from .lines import LineWidget, line_text


class StatusBar(LineWidget[StatusProps]):
    """The title first when it fits in the width."""

    def build(self) -> Text:
        p = self.props
        styles = self.styles_table
        out = Text(no_wrap=True, overflow="ellipsis")
        if not p.parts:
            out.append(p.title)
            return out
        title = Text(p.title, style="bold")
        body = Text(p.sep).join(line_text(part, styles) for part in p.parts)
        if cell_len(title.plain) + cell_len(p.sep) + body.cell_len <= self.content_size.width:
            out.append_text(title)
            out.append(p.sep)
        out.append_text(body)
        return out
