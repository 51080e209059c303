"""What a Textual app run for a remote player switches off: nothing it does
may act on the server's machine (write a screenshot or a file to its disk,
open a browser there, suspend the server's process).

`RemoteApp` is mixed in before `App` (`class LobbyApp(RemoteApp, App[...])`),
so its methods replace Textual's. The driver refuses the same effects one
level down (`driver.Terminal`); the apps' command palettes offer none of them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import BinaryIO, Literal, TextIO

from ..tui.app import ShengjiApp

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


class RemoteShengjiApp(RemoteApp, ShengjiApp):
    """`ShengjiApp` for a remote player."""

    # the suggestion key asks the normal bot: a search would hold up the
    # server's one event loop, every player's screen with it
    hint_budget_ms = 0.0
    TAKE_BACK = False  # the other players saw the move

    def quit_question(self) -> str:
        # leaving a server table goes back to the lobby; the stand-in bot plays
        # the seat at once and the player may sit down again (server/registry.py)
        return "quit.question_remote"
