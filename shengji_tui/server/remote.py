"""What a Textual app run for a remote player switches off: nothing it does
may act on the server's machine (write a screenshot or a file to its disk,
open a browser there, suspend the server's process).

`RemoteApp` is mixed in before `App` (`class LobbyApp(RemoteApp, App[...])`),
so its methods replace Textual's. The driver refuses the same effects one
level down (`driver.Terminal`); the apps' command palettes offer none of them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, TextIO

from textual.app import SystemCommand
from textual.screen import Screen

from ..tui.app import AppSetup, ShengjiApp
from ..tui.contract import TableLike
from ..tui.seating import Seating
from .registry import LobbyError

if TYPE_CHECKING:
    from .lobbyapi import LobbyLike

log = logging.getLogger("shengji_tui.server")


class RemoteApp:
    """Textual's server-side effects, refused (signatures as `textual.app.App`'s)."""

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        log.info("refused a screenshot on the server for a remote session")

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        return None

    def save_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str:
        return ""

    def action_suspend_process(self) -> None:
        pass

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        pass

    def deliver_binary(
        self,
        path_or_file: str | Path | BinaryIO,
        *,
        save_directory: str | Path | None = None,
        save_filename: str | None = None,
        open_method: Literal["browser", "download"] = "download",
        mime_type: str | None = None,
        name: str | None = None,
    ) -> str | None:
        return None

    def deliver_text(
        self,
        path_or_file: str | Path | TextIO,
        *,
        save_directory: str | Path | None = None,
        save_filename: str | None = None,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> str | None:
        return None


@dataclass
class ShowHand:
    """A player's choice at the table: spectators may see their hand (or not),
    asked of the lobby by table id."""

    lobby: LobbyLike
    table_id: str
    identity: str

    @property
    def on(self) -> bool:
        """As the lobby's snapshot of the room says now."""
        try:
            room = self.lobby.room(self.table_id)
        except LobbyError:  # (the table is gone)
            return False
        seat = room.seat_of(self.identity)
        return seat is not None and room.slots[seat].show_hand

    async def set(self, on: bool) -> None:
        await self.lobby.set_show_hand(self.table_id, self.identity, on)


class RemoteShengjiApp(RemoteApp, ShengjiApp):
    """`ShengjiApp` for a remote player (seated as `seating.Remote`: no
    take-back, the normal bot's hints, leaving lets a bot stand in) or a
    spectator (`seating.Spectator`); a player may let spectators see their hand."""

    def __init__(
        self,
        table: TableLike | None = None,
        seating: Seating | None = None,
        setup: AppSetup | None = None,
        *,
        show_hand: ShowHand | None = None,
    ) -> None:
        super().__init__(table, seating, setup)
        self.show_hand = show_hand

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        sh = self.show_hand
        if sh is not None:
            t = self.cat.t
            on = sh.on
            yield SystemCommand(
                t("watch.palette_show_off" if on else "watch.palette_show_on"),
                t("watch.palette_show_help"),
                lambda: self.toggle_show_hand(not on),
            )

    def shown_to_spectators(self) -> bool:
        sh = getattr(self, "show_hand", None)  # (asked while the app is being made too)
        return sh is not None and bool(sh.on)

    def toggle_show_hand(self, on: bool) -> None:
        """Let spectators see this player's hand (or no longer: at once, for all)."""
        self.run_worker(self._show_hand(on), group="show_hand")

    async def _show_hand(self, on: bool) -> None:
        sh = self.show_hand
        if sh is None:
            return
        try:
            await sh.set(on)
        except LobbyError as e:  # (the table is gone meanwhile)
            key = f"lobby.error.{e.key}"
            text = self.cat.t(key, **e.fields) if self.cat.has(key) else str(e)
            self.notify(text, severity="warning", markup=False)
            return
        if self.model is not None:
            self.model.set_shown(sh.on)
        self.notify(self.cat.t("watch.show_now_on" if on else "watch.show_now_off"), markup=False)
