"""What several screens share: the size watch, the modal dialog and the
dialog that follows the game while it is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.binding import BindingType
from textual.screen import ModalScreen

from ..keytable import ALWAYS, Keyed, Keys, Row, simple
from ..messages import SizeChanged
from ..model import Model


class SizeWatch:
    """Screens that tell the app when the terminal size changes (it checks the
    terminal is large enough)."""

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(SizeChanged())  # type: ignore[attr-defined]


def closed_by(keys: str) -> Keys[Any]:
    """A dialog's keys: `keys` close it."""
    return simple(Row(keys, "close", ALWAYS, "keys.close", description="close"))


class Dialog(Keyed, ModalScreen[Any]):
    """A centred box; escape closes it. Below 24 rows (`-short`) it packs its
    lines (no blank rows around the title and the keys: assets/shengji.tcss).
    Its keys are its key table (`KEYS`, tui/keytable.py): the table's footer
    shows them, in the words of the table's labels, while it is open."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-roomy")]  # noqa: RUF012
    KEYS = closed_by("escape")
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

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
        self._unwatch = self.model.observe(self.follow)

    def on_unmount(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None

    def follow(self) -> None:
        raise NotImplementedError
