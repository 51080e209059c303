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
        flag = line_text(p.flag, styles) if p.flag is not None else None
        room = self.content_size.width - (flag.cell_len + 2 if flag is not None else 0)
        for line in p.shorter:  # the play before the level (the cards held last)
            if out.cell_len <= room:
                break
            out = line_text(line, styles, no_wrap=True, overflow="ellipsis")
        if flag is not None:
            if out.cell_len > room:  # the flag whole: the line gives way (…)
                out.truncate(max(0, room), overflow="ellipsis")
            pad = self.content_size.width - out.cell_len - flag.cell_len
            out.append(" " * max(2, pad))
            out.append_text(flag)
        return out
