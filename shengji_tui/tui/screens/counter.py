"""The card counter in a dialog (`m`): it follows the game while it is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label

from ..aids import AidsPresenter
from ..model import Model
from ..widgets import CounterPanel
from .base import Dialog


class CounterScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,m,enter", "close", "close")]

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model
        self.aids = AidsPresenter()
        self._unwatch: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog aid-dialog"):
            with VerticalScroll():
                yield CounterPanel(self.aids.counter(self.model))
            yield Label(self.model.cat.t("dialog.close_keys"), classes="dim")

    def on_mount(self) -> None:
        self._unwatch = self.model.watch(self.follow)

    def on_unmount(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None

    def follow(self) -> None:
        """The game went on while the dialog is open: count again."""
        props = self.aids.counter(self.model)
        for w in self.query(CounterPanel):
            w.show(props)
