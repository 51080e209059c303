"""The SSH driver holds what a player typed after a key until that key has
done its work. A key the app took itself (a table key: `ShengjiApp.on_event`,
never forwarded to a widget) is done once the app's queue has passed it: the
driver does not wait for the screen's and the app's queues again."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from textual import events

from shengji_tui.server.driver import SSHDriver


class Pump:
    """A message pump's stand-in: records each callback asked of it."""

    def __init__(self, name: str, asked: list[str], parent: Pump | None = None) -> None:
        self.name, self.asked, self.parent = name, asked, parent

    def call_later(self, callback: Any) -> bool:
        self.asked.append(self.name)
        asyncio.get_running_loop().call_soon(callback)
        return True

    @property
    def ancestors_with_self(self) -> list[Pump]:
        node: Pump | None = self
        out = []
        while node is not None:
            out.append(node)
            node = node.parent
        return out


async def test_a_key_the_app_took_is_done_when_the_app_is() -> None:
    asked: list[str] = []
    app = Pump("app", asked)
    screen = Pump("screen", asked, parent=app)
    app.screen, app.focused = screen, None  # type: ignore[attr-defined]
    driver = SimpleNamespace(_app=app)
    key = events.Key("s", "s")
    assert not key.is_forwarded
    await SSHDriver._keys_done(driver, key)  # type: ignore[arg-type]
    assert asked == ["app"]
