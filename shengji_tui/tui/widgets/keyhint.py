"""`KeyHint`: a dialog's line of keys ("←→ move · n copy · enter call · esc
back") wrapped at its width between two keys, never between a key and its
word ("enter" at a row's end, "call" on the next)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Label

from ...text import cell_len

KEY_SEP = " · "


def pack_hint(hint: str, width: int) -> str:
    """`hint` on rows of `width` cells, broken only at its separators (a row
    broken keeps the separator's mark at its end); each line of `hint` on rows
    of its own. A key wider than `width` is left to the widget to wrap."""
    mark = KEY_SEP.rstrip()
    rows: list[str] = []
    for paragraph in hint.split("\n"):
        row = ""
        parts = paragraph.split(KEY_SEP)
        for k, part in enumerate(parts):
            tail = len(mark) if k < len(parts) - 1 else 0  # (room for the mark)
            if row and cell_len(row + KEY_SEP + part) + tail > width:
                rows.append(row + mark)
                row = part
            else:
                row = row + KEY_SEP + part if row else part
        rows.append(row)
    return "\n".join(rows)


class KeyHint(Label):
    """A line of keys, packed anew at each width it is given (its width is its
    container's: the dialog's, never its own text's)."""

    DEFAULT_CSS = """
    KeyHint {
        width: 100%;
    }
    """

    def __init__(self, hint: str = "", **kw: Any) -> None:
        kw.setdefault("markup", False)
        super().__init__(hint, **kw)
        self.hint = hint

    def set_hint(self, hint: str) -> None:
        self.hint = hint
        self._pack()

    def on_resize(self, event: events.Resize) -> None:
        self._pack()

    def _pack(self) -> None:
        width = self.content_size.width
        self.update(pack_hint(self.hint, width) if width > 0 else self.hint)
