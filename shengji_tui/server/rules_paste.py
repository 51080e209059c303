"""The SSH lobby's rules file: the player pastes its text (TOML or JSON, as
`shengji rules` prints it) into a dialog; the rules are read and checked
(`table.rules_from_text`) and a bad paste gets a sentence in the player's
language, the dialog staying open: text over `rules.MAX_RULES_BYTES` (8 KiB),
text that does not parse (nested too deep, numbers too long...) and options
out of their ranges alike; the box holds twice the longest rules file at most
(`MAX_BOX_CHARS`). Never a path: the server's files are not a player's to
read."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, TextArea

from ..rules import MAX_RULES_BYTES, RulesError, RuleSet, parse_rules_text
from ..table import rules_from_text
from ..text import Catalogue
from ..tui.bindings import relabel_bindings
from ..tui.keytable import ALWAYS, Keyed, Row, simple

PASTE_CSS = """
RulesPasteScreen { align: center middle; }
RulesPasteScreen > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
    border: round #3fa66b; padding: 0 1; background: #163726; }
RulesPasteScreen #rules-text { height: 10; }
RulesPasteScreen Label { width: 100%; }
RulesPasteScreen .buttons { height: auto; }
"""


# The most the box holds: twice the longest rules file (a paste over it is told
# it is too long, as a paste under it). Each key a player typed, each paste a
# bucket's worth, grew it, and every key re-rendered it all: a box of a
# million characters, four minutes of pastes, took a front end's core.
MAX_BOX_CHARS = 2 * MAX_RULES_BYTES


class RulesPasteScreen(Keyed, ModalScreen[RuleSet | None]):
    """Dismissed with the pasted rules (None: cancelled)."""

    DEFAULT_CSS = PASTE_CSS
    # (its own lines say its keys; the bindings say them in the player's language)
    KEYS = simple(
        Row("escape", "cancel", ALWAYS, "rules_file.lobby_cancel", description="cancel"),
        Row("ctrl+s", "use", ALWAYS, "rules_file.lobby_use", description="use"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, cat: Catalogue, text: str = "") -> None:
        super().__init__()
        self.cat = cat
        self.text = text

    def compose(self) -> ComposeResult:
        t = self.cat.t
        with Vertical():
            yield Label(t("rules_file.lobby_title"), classes="title", markup=False)
            yield Label(t("rules_file.lobby_help"), markup=False)
            yield TextArea(self.text, id="rules-text", soft_wrap=False, show_line_numbers=False)
            yield Label("", id="rules-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(t("rules_file.lobby_use"), id="use", variant="primary")
                yield Button(t("rules_file.lobby_cancel"), id="cancel")

    def on_mount(self) -> None:
        relabel_bindings(self, self.key_labels(self.cat.t))
        self.query_one(TextArea).focus()

    @on(Button.Pressed, "#use")
    def _use(self) -> None:
        self.action_use()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(TextArea.Changed, "#rules-text")
    def _changed(self, event: TextArea.Changed) -> None:
        area = event.text_area
        if len(area.text) <= MAX_BOX_CHARS:
            return
        area.text = area.text[:MAX_BOX_CHARS]
        try:
            parse_rules_text(area.text, "toml")  # (too long: its sentence)
        except RulesError as e:
            self._say(e)

    def action_use(self) -> None:
        text = self.query_one(TextArea).text
        try:
            rules = rules_from_text(text)
        except ValueError as e:  # (a RulesError: in English and in Chinese)
            self._say(e)
            return
        self.dismiss(rules)

    def _say(self, e: ValueError) -> None:
        error = e.zh if self.cat.zh and isinstance(e, RulesError) else str(e)
        said = self.cat.t("rules_file.bad", error=error)
        self.query_one("#rules-error", Label).update(said)
        self.notify(said, severity="error", markup=False)
