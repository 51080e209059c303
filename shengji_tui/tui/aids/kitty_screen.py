"""The kitty the shown seat buried, in a dialog (`k`). Its cards come from the
seat's own view, which holds them for their burier alone (and for everyone
once the deal is over): no other seat's screen can open it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Label, Static

from ..screens.base import Dialog, closed_by
from ..widgets import lines_text, styles_for
from .presenter import KittyProps


class KittyScreen(Dialog):
    KEYS = closed_by("escape,k,enter")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, props: KittyProps, close_keys: str) -> None:
        super().__init__()
        self.props = props
        self.close_keys = close_keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog aid-dialog"):
            yield Label(self.props.title, classes="dialog-title", markup=False)
            yield Static(
                lines_text(self.props.lines, styles_for(self.app)), id="kitty-cards", markup=False
            )
            yield Label(self.close_keys, classes="dim", markup=False)
