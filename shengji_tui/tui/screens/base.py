"""What several screens share: the size watch, the modal dialog and the
dialog that follows the game while it is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from ..messages import SizeChanged
from ..model import Model


class SizeWatch:
    """Screens that tell the app when the terminal size changes (it checks the
    terminal is large enough)."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(SizeChanged())  # type: ignore[attr-defined]


class Dialog(ModalScreen[Any]):
    """A centred box; escape closes it. Below 24 rows (`-short`) it packs its
    lines (no blank rows around the title and the keys: assets/shengji.tcss)."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-roomy")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "close")]

    def key_labels(self) -> dict[str, str]:
        """What its keys do in the player's language, by action (the table's
        footer shows a dialog's keys while it is open; the table's own words
        for an action serve where this has none)."""
        return {}

    def action_close(self) -> None:
        self.dismiss(None)


class FollowingDialog(Dialog):
    """A dialog on the game's model that `follow`s each change of it while it is
    mounted (Textual runs a subclass's own `on_mount` beside this one)."""

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model
        self._unwatch: Callable[[], None] | None = None

    def on_mount(self) -> None:
        self._unwatch = self.model.watch(self.follow)

    def on_unmount(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None

    def follow(self) -> None:
        raise NotImplementedError
