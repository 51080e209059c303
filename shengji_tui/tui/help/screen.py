"""The keys and the rules of the preset being played (`?`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label

from ..model import Model
from ..screens.base import Dialog, closed_by
from ..seating import Offers
from .markdown import help_markdown
from .widget import HelpText


class HelpScreen(Dialog):
    KEYS = closed_by("escape,question_mark,q")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, model: Model, offers: Offers) -> None:
        super().__init__()
        self.model = model
        self.offers = offers  # what the keyboard's seating is offered

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label(self.model.prefs.cat.t("help.title"), classes="dialog-title", markup=False)
            with VerticalScroll():
                yield HelpText(help_markdown(self.model, self.offers))
            yield Label(self.model.prefs.cat.t("dialog.close_keys"), classes="dim", markup=False)
