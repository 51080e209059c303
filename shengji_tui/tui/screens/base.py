"""What several screens share: the size watch and the modal dialog."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from ..messages import SizeChanged


class SizeWatch:
    """Screens that tell the app when the terminal size changes (it checks the
    terminal is large enough)."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(SizeChanged())  # type: ignore[attr-defined]


class Dialog(ModalScreen[Any]):
    """A centred box; escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "close")]

    def action_close(self) -> None:
        self.dismiss(None)
