"""The last trick in a dialog (`t`): it follows the game while it is open."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Label

from ..model import Model
from ..presenter import Presenter
from ..widgets import LastTrick
from .base import FollowingDialog, closed_by


class LastTrickScreen(FollowingDialog):
    KEYS = closed_by("escape,t,enter")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, model: Model) -> None:
        super().__init__(model)
        self.presenter = Presenter()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield LastTrick(self.presenter.last_trick(self.model))
            yield Label(self.model.prefs.cat.t("dialog.close_keys"), classes="dim", markup=False)

    def follow(self) -> None:
        """The game went on while the dialog is open: show the trick won last."""
        props = self.presenter.last_trick(self.model)
        for w in self.query(LastTrick):
            w.show(props)
