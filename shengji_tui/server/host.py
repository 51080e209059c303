"""The host process of `shengji serve --workers N`: the house (the store, the
players, the registry with every table and bot) and the unix socket the
front ends reach it through (hostside.py serves them).

Every move is in the store before it is acknowledged (`Table.submit`), so a
host killed with SIGKILL loses nothing a player was told: started again, it
restores its tables from the store, and the front ends, which reconnect by
themselves, show their players their tables again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path
from typing import Any

from .. import trace
from .authguard import FailureLog
from .gcpolicy import GcPolicy
from .hostside import Front, HostService
from .house import House
from .link import Link, listen

log = logging.getLogger("shengji_tui.server")


class Host:
    def __init__(self, house: House, path: Path, failures: FailureLog) -> None:
        self.house = house
        self.path = path
        self.failures = failures
        self.service: HostService | None = None
        self._server: asyncio.AbstractServer | None = None
        self._links: set[Link] = set()
        self._watches: set[asyncio.Task[None]] = set()  # (each link's, until it goes)
        self.messages: list[str] = []
        # The collector as in a front end (gcpolicy.py): every table's state
        # frozen every few seconds, young passes rare; without it a full pass
        # of the host's heap (100 ms at 22 tables) stalled every table's moves.
        self.gc = GcPolicy()

    async def start(self) -> None:
        trace.begin("host")  # (SHENGJI_TRACE: a play's timeline)
        self.messages = self.house.open(self.failures)
        service = self.service = HostService(self.house.desk, self.house.players)
        self.house.registry.routes = service
        self.house.on_removed = lambda identity: service.kick_identity(identity, "removed")
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # (a socket left by a host that was killed)
        self._server = await listen(self.path, self._connected)
        os.chmod(self.path, 0o600)
        self.gc.start()
        log.info("host: serving the front ends on %s", self.path)

    def _connected(self, link: Link) -> None:
        service = self.service
        assert service is not None
        self._links.add(link)
        front: Front | None = None

        async def on_call(op: str, args: dict[str, Any]) -> Any:
            nonlocal front
            if op == "hello":
                front = service.add_front(link, str(args.get("front", "?"))[:40])
                log.info("host: front end %s linked", front.id)
            if front is None:
                raise ConnectionError("a front end says hello first")
            return await service.serve(front, op, args)

        def on_push(op: str, args: dict[str, Any]) -> None:
            if front is not None:
                service.pushed(front, op, args)

        async def until_gone() -> None:
            try:
                await link.closed.wait()
            finally:
                self._links.discard(link)
                if front is not None:
                    log.info("host: front end %s gone", front.id)
                    service.remove_front(front)

        link.serve(on_call, on_push)
        task = asyncio.get_running_loop().create_task(until_gone())
        self._watches.add(task)
        task.add_done_callback(self._watches.discard)

    async def close(self) -> None:
        await self.gc.stop()
        if self._server is not None:
            self._server.close()
        for link in list(self._links):
            await link.close()
        await asyncio.gather(*self._watches, return_exceptions=True)  # (fronts removed)
        if self.service is not None:
            await self.service.close()
        await self.house.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
