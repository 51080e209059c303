"""The deal's end (or the match's): the kitty revealed, its multiplier, the
points, who goes up, the next dealer."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from ...engine import NextDeal
from ..bindings import relabel_bindings
from ..messages import (
    HelpRequested,
    MenuRequested,
    QuitRequested,
    ReviewRequested,
    SubmitCommand,
)
from ..model import Model
from ..presenter import Presenter
from ..props import ResultProps
from ..widgets import KeyHint, lines_text, styles_for
from .base import Dialog
from .last_trick import LastTrickScreen


class DealResultScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "next deal"),
        Binding("t", "last_trick", "last trick"),
        Binding("r", "review", "review"),
        Binding("escape", "close", "close"),
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, model: Model, final: bool = False) -> None:
        super().__init__()
        self.model = model
        self.final = final
        self.props: ResultProps = Presenter().result(model, final)

    def compose(self) -> ComposeResult:
        t = self.model.cat.t
        with Vertical(classes="dialog result"):
            yield Label(self.title_line(), classes="dialog-title", markup=False)
            with VerticalScroll(id="result-scroll"):  # (long names: more lines)
                yield Static(self.body(), id="result-body", markup=False)
            key = "result.keys_final" if self.final else "result.keys"
            if self.model.watching and not self.final:  # (the players start the next deal)
                key = "watch.result_keys"
            # (below 24 rows the footer alone says the keys: the box keeps its lines)
            yield KeyHint(f"{t(key)}\n{t('review.result_key')}", id="result-keys", classes="dim")

    def key_labels(self) -> dict[str, str]:
        t = self.model.cat.t
        return {
            "next": t("keys.new_game" if self.final else "keys.next_deal"),
            "last_trick": t("keys.last_trick"),
            "review": t("review.key"),
            "close": t("keys.close"),
            "help": t("keys.help"),
            "quit": t("keys.quit"),
        }

    def on_mount(self) -> None:
        relabel_bindings(self, self.key_labels())

    def title_line(self) -> str:
        return self.props.title

    def body(self) -> Text:
        return lines_text(self.props.lines, styles_for(self.app))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # a spectator starts no deal (the players do); the match's end: the lobby
        return not (action == "next" and self.model.watching and not self.final)

    def action_next(self) -> None:
        if self.final:  # a new game from the menu (or the end, without one)
            self.post_message(MenuRequested())
        else:
            a = self.model.allowed
            if a is not None and "next_deal" in a:
                self.app.post_message(SubmitCommand(NextDeal(seat=self.model.seat)))

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.model))

    def action_review(self) -> None:
        self.post_message(ReviewRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
