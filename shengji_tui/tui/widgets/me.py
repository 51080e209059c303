"""The viewer's own seat line, above the hand: "▶ YOUR TURN" at the right edge."""

from __future__ import annotations

from rich.text import Text

from ..props import MeProps
from .lines import LineWidget, line_text


class MeLine(LineWidget[MeProps]):
    def build(self) -> Text:
        p = self.props
        styles = self.styles_table
        out = line_text(p.left, styles, no_wrap=True, overflow="ellipsis")
        if p.flag is not None:
            flag = line_text(p.flag, styles)
            pad = self.content_size.width - out.cell_len - flag.cell_len
            out.append(" " * max(2, pad))
            out.append_text(flag)
        return out
