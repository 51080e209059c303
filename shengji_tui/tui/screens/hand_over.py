"""Hotseat: the screen between two humans' turns on one keyboard (the hands are
hidden)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center
from textual.screen import Screen
from textual.widgets import Label

from ..keytable import ALWAYS, Keyed, Row, simple
from .base import SizeWatch


class PassScreen(SizeWatch, Keyed, Screen[None]):
    """Between two humans' turns on one keyboard: the hands are hidden."""

    # (no footer here: the screen's own lines say the keys)
    KEYS = simple(Row("enter,space", "ready", ALWAYS, description="ready"))
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, text: str, hint: str) -> None:
        super().__init__()
        self.text, self.hint = text, hint

    def compose(self) -> ComposeResult:
        with Center(classes="pass-box"):
            yield Label(self.text, classes="dialog-title", markup=False)
            yield Label(self.hint, markup=False)

    def action_ready(self) -> None:
        self.dismiss(None)
