"""The floor of a table screen's cost, for `shengji bench ssh --floor`.

`shengji serve --bench-floor` seats players at the same tables, through the
same lobby, SSH server, driver, table and store, but each session runs
`FloorApp`: a minimal Textual app of two lines that answers the benchmark's
keys as the table screen does (`s` chooses a legal move and says so on its own
screen, `enter` sends it, `f` deals the rest) and changes one line per move
(the move's number, whose turn it is, "YOUR TURN" on the player's own). What
the full table screen costs above this floor is the TUI's own: the benchmark
reports both and their ratio (docs/performance.md, "SSH").
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from rich.console import Console
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Static

from ..bots import RandomBot
from ..engine import Command, DealAll, Event, RuleError, SeatView, allowed
from ..table import TableStatus
from ..tui.contract import TableLike
from ..tui.keytable import ALWAYS, Keyed, Row, simple
from .remote import RemoteApp


class FloorUpdate(Message):
    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view


class FloorApp(Keyed, RemoteApp, App[None]):
    """Two lines: the table's state (one line per move), the move chosen. A
    benchmark's app: its few words are English only, its keys said nowhere."""

    CSS = "Static { height: 1; }"
    KEYS = simple(
        Row("s", "suggest", ALWAYS, description="suggest"),
        Row("enter", "play", ALWAYS, description="play"),
        Row("f", "skip", ALWAYS, description="deal the rest"),
        Row("q", "quit", ALWAYS, description="quit"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(
        self,
        table: TableLike,
        seat: int,
        *,
        console: Console | None = None,
        driver_class: Any = None,
    ) -> None:
        super().__init__(driver_class=driver_class)
        if console is not None:
            self.console = console
        self.table = table
        self.seat = seat
        self.view = table.view(seat)
        self.pending: Command | None = None
        self.bot = RandomBot(seed=seat)  # what `s` suggests: a legal move
        self._unsubscribe: Any = None

    def compose(self) -> ComposeResult:
        yield Static("", id="state", markup=False)
        yield Static("", id="chosen", markup=False)

    def on_mount(self) -> None:
        app = self  # (the table calls back from whichever session moved)

        def cb(view: SeatView, events: list[Event], status: TableStatus) -> None:
            app.post_message(FloorUpdate(view))

        self._unsubscribe = self.table.subscribe(self.seat, cb)
        self.show()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def on_floor_update(self, msg: FloorUpdate) -> None:
        self.view = msg.view
        self.show()

    def show(self) -> None:
        v = self.view
        if v.awaiting == self.seat:
            turn = "BURY THE KITTY" if v.phase == "burying" else "YOUR TURN"
        else:
            turn = f"waiting for seat {v.awaiting}" if v.awaiting is not None else v.phase
        line = f"deal {v.deal_no + 1} · move {v.version} · {v.phase} · {turn}"
        self.query_one("#state", Static).update(line)

    def action_suggest(self) -> None:
        if self.view.awaiting != self.seat:
            return
        self.pending = self.bot.decide(self.view)
        chosen = "" if self.pending is None else f"chosen: {self.pending.type}"
        self.query_one("#chosen", Static).update(chosen)

    async def action_play(self) -> None:
        cmd, self.pending = self.pending, None
        if cmd is not None:
            await self._send(cmd)

    async def action_skip(self) -> None:
        a = allowed(self.view)
        if "deal_all" in a.kinds and not a.closing:
            await self._send(DealAll(seat=self.seat))

    async def _send(self, cmd: Command) -> None:
        with contextlib.suppress(RuleError):  # (a stale choice: the next `s` chooses again)
            await self.table.submit(self.seat, cmd)
