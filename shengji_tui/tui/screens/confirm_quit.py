"""Quit? yes / no."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from ..keytable import ALWAYS, Row, simple
from .base import Dialog


class ConfirmQuit(Dialog):
    KEYS = simple(
        Row("y", "yes", ALWAYS, "keys.yes", description="yes"),
        Row("n,escape", "no", ALWAYS, "keys.no", description="no"),
        Row("q", "yes", ALWAYS, "keys.yes", show=False),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
