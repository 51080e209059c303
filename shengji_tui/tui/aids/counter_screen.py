"""The card counter in a dialog (`m`): it follows the game while it is open."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label

from ..model import Model
from ..screens.base import FollowingDialog, closed_by
from .counter_panel import CounterPanel
from .presenter import AidsPresenter


class CounterScreen(FollowingDialog):
    KEYS = closed_by("escape,m,enter")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, model: Model) -> None:
        super().__init__(model)
        self.aids = AidsPresenter()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog aid-dialog"):
            with VerticalScroll():
                yield CounterPanel(self.aids.counter(self.model))
            yield Label(self.model.prefs.cat.t("dialog.close_keys"), classes="dim", markup=False)

    def follow(self) -> None:
        """The game went on while the dialog is open: count again."""
        props = self.aids.counter(self.model)
        for w in self.query(CounterPanel):
            w.show(props)
