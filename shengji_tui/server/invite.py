"""The invite prompt: what a key the server does not know sees, once, before
anything else of the server (`--invites`; `players.py`).

`InviteApp` asks for the code the host gave (`shengji invite`), hands each one
typed to `check` (the desk's: the code redeemed, or a failed login counted),
says why one is refused and how many tries are left, and ends with the
registered `Player`, or None (no valid code in `INVITE_TRIES` tries, the
address refused, or the player left). Nothing of the lobby is shown here:
no table, no player's name but the one the key comes with.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

from rich.console import Console
from textual import on
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.filter import LineFilter
from textual.widgets import Input, Static

from ..players.book import Player
from ..text import Catalogue
from ..tui.bindings import relabel_bindings
from ..tui.keytable import ALWAYS, Keyed, Row, simple
from ..tui.terminal.nocolor import colour_filters
from .players import CodeCheck
from .remote import RemoteApp

INVITE_CSS = """
Screen { background: #0f2a1c; color: #e6e6e6; align: center middle; }
#box { width: 72; max-width: 100%; height: auto; border: round #3fa66b; padding: 1 2;
    background: #163726; }
#title { color: #ffd25e; text-style: bold; margin: 0 0 1 0; }
#why { color: #e8b04b; height: auto; margin: 1 0 0 0; }
#hint { color: #9fbfa8; margin: 1 0 0 0; }
"""


class InviteApp(Keyed, RemoteApp, App[Player | None]):
    CSS = INVITE_CSS
    KEYS = simple(
        Row("escape", "leave", ALWAYS, "lobby.keys.leave", description="leave"),
        Row("ctrl+c", "leave", ALWAYS, show=False, description="leave", priority=True),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(
        self,
        cat: Catalogue,
        name: str,
        check: Callable[[str], Awaitable[CodeCheck]],
        *,
        console: Console | None = None,
        no_color: bool = False,
        driver_class: Any = None,
    ) -> None:
        super().__init__(driver_class=driver_class)
        if console is not None:
            self.console = console
        self.no_color = no_color
        self.cat = cat
        self.player_name = name
        self.check = check
        self.title = cat.t("invite.app_title")
        relabel_bindings(self, self.key_labels(cat.t))  # (not running yet: nothing redrawn)
        self._busy = False

    def get_line_filters(self) -> Sequence[LineFilter]:
        return colour_filters(super().get_line_filters(), self.no_color)

    def compose(self) -> ComposeResult:
        t = self.cat.t
        with Vertical(id="box"):
            yield Static(t("invite.title"), id="title", markup=False)
            # (the name is the SSH user name, normalised: never read as markup)
            yield Static(t("invite.ask", name=self.player_name), id="ask", markup=False)
            yield Input(placeholder=t("invite.placeholder"), id="code", max_length=64)
            yield Static("", id="why", markup=False)
            yield Static(t("invite.hint"), id="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    @on(Input.Submitted, "#code")
    async def submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        if not code or self._busy:
            return
        self._busy = True
        field = self.query_one("#code", Input)
        field.disabled = True
        why = self.query_one("#why", Static)
        why.update(self.cat.t("invite.checking"))
        try:
            got = await self.check(code)
        finally:
            self._busy = False
        if got.player is not None:
            self.exit(got.player)
            return
        if got.refused == "blocked" or got.tries_left <= 0:
            self.exit(None)
            return
        key = f"invite.refused.{got.refused}"
        text = self.cat.t(key) if self.cat.has(key) else self.cat.t("invite.refused.unknown")
        why.update(text + " " + self.cat.t("invite.tries_left", n=got.tries_left))
        field.value = ""
        field.disabled = False
        field.focus()

    def action_leave(self) -> None:
        self.exit(None)
