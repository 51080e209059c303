"""The chat box: one line to say something to the table (or its waiting room).

`enter` sends, `esc` cancels; with the box empty a number key says one of the
quick phrases (`chat.p1`... in the player's language) at once. The box only
returns the text: whoever opened it says it (the table cleans it, limits its
length and rate, and refuses with a sentence). Styled by its own CSS, so the
lobby's app can show it too.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...table.chat import MAX_CHARS
from ...text import Catalogue
from ..keytable import ALWAYS, Keyed, Row, simple

PHRASES = 8


def phrases(cat: Catalogue) -> list[str]:
    """The quick phrases, in order (key 1 says the first)."""
    return [cat.t(f"chat.p{k}") for k in range(1, PHRASES + 1)]


class ChatScreen(Keyed, ModalScreen[str | None]):
    """Returns the text to say (None: cancelled, or nothing typed)."""

    DEFAULT_CSS = """
    ChatScreen { align: center bottom; background: $background 40%; }
    ChatScreen > Vertical {
        width: 90%; max-width: 100; height: auto; margin-bottom: 3;
        border: round $primary; background: $surface; padding: 0 1;
    }
    ChatScreen .chat-title { text-style: bold; color: $accent; }
    ChatScreen .chat-dim { color: $text-muted; width: 100%; }
    ChatScreen Input { margin: 0; }
    """

    KEYS = simple(Row("escape", "cancel", ALWAYS, "keys.close", description="cancel"))
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, cat: Catalogue) -> None:
        super().__init__()
        self.cat = cat
        self.phrases = phrases(cat)

    def compose(self) -> ComposeResult:
        t = self.cat.t
        listed = "  ".join(f"{k}:{p}" for k, p in enumerate(self.phrases, start=1))
        with Vertical():
            yield Label(t("chat.title"), classes="chat-title", markup=False)
            yield Input(
                placeholder=t("chat.placeholder", max=MAX_CHARS),
                max_length=MAX_CHARS,
                id="chat-input",
            )
            yield Label(t("chat.phrases_hint", phrases=listed), classes="chat-dim", markup=False)
            yield Label(t("chat.keys"), classes="chat-dim", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        """A number alone in the box that was empty: its quick phrase."""
        value = event.value
        if len(value) == 1 and value.isdigit() and 1 <= int(value) <= len(self.phrases):
            self.dismiss(self.phrases[int(value) - 1])

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value if event.value.strip() else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
