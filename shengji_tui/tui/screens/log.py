"""The whole game log in a dialog (`g`, on terminals too narrow for the side panel)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Label

from ..widgets.log import WrappingLog
from .base import Dialog, closed_by


class LogScreen(Dialog):
    KEYS = closed_by("escape,g,enter")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield WrappingLog(id="log-full", wrap=True, min_width=20)

    def on_mount(self) -> None:
        log = self.query_one(WrappingLog)
        for line in self.lines:
            log.write(line)
