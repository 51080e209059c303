"""The deal's end (or the match's): the kitty revealed, its multiplier, the
points, who goes up, the next dealer."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from ...engine import NextDeal
from ..bindings import relabel_bindings
from ..keytable import ALWAYS, Keys, KeyTable, Row
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


class ResultKeyState(NamedTuple):
    final: bool  # the match is over
    watching: bool  # a spectator


def _result_mode(s: ResultKeyState) -> str:
    return "final" if s.final else "watching" if s.watching else "deal"


def _next(label: str) -> KeyTable[ResultKeyState]:
    return KeyTable(label, (Row("enter,n", "next", ALWAYS, label, description="next deal"),))


_EVERY = KeyTable(
    "every result",
    (
        Row("t", "last_trick", ALWAYS, "keys.last_trick", description="last trick"),
        Row("r", "review", ALWAYS, "review.key", description="review"),
        Row("escape", "close", ALWAYS, "keys.close", description="close"),
        Row("question_mark", "help", ALWAYS, "keys.help", display="?", description="help"),
        Row("q", "quit", ALWAYS, "keys.quit", description="quit"),
    ),
)
# enter starts the next deal; at the match's end a new game (the menu, or the
# lobby); a spectator starts no deal (the players do)
RESULT_KEYS: Keys[ResultKeyState] = Keys(
    {
        "deal": (_next("keys.next_deal"), _EVERY),
        "final": (_next("keys.new_game"), _EVERY),
        "watching": (_EVERY,),
    },
    _result_mode,
    "enter,n,t,r,escape,question_mark,q",
)


class DealResultScreen(Dialog):
    KEYS = RESULT_KEYS
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, model: Model, final: bool = False) -> None:
        super().__init__()
        self.model = model
        self.final = final
        self.props: ResultProps = Presenter().result(model, final)

    def compose(self) -> ComposeResult:
        t = self.model.prefs.cat.t
        with Vertical(classes="dialog result"):
            yield Label(self.title_line(), classes="dialog-title", markup=False)
            with VerticalScroll(id="result-scroll"):  # (long names: more lines)
                yield Static(self.body(), id="result-body", markup=False)
            key = "result.keys_final" if self.final else "result.keys"
            if self.model.facts.spectating and not self.final:  # (the players start the next deal)
                key = "watch.result_keys"
            # (below 24 rows the footer alone says the keys: the box keeps its lines)
            yield KeyHint(f"{t(key)}\n{t('review.result_key')}", id="result-keys", classes="dim")

    def key_state(self) -> ResultKeyState:
        return ResultKeyState(self.final, self.model.facts.spectating)

    def on_mount(self) -> None:
        relabel_bindings(self, self.key_labels(self.model.prefs.cat.t))

    def title_line(self) -> str:
        return self.props.title

    def body(self) -> Text:
        return lines_text(self.props.lines, styles_for(self.app))

    def action_next(self) -> None:
        if self.final:  # a new game from the menu (or the end, without one)
            self.post_message(MenuRequested())
        else:
            a = self.model.allowed
            if a is not None and "next_deal" in a:
                self.app.post_message(SubmitCommand(NextDeal(seat=self.model.facts.seat)))

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.model))

    def action_review(self) -> None:
        self.post_message(ReviewRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_quit(self) -> None:
        self.post_message(QuitRequested())
