"""`House`: what a server keeps true, apart from the SSH doors its players
come through: the game store, the players remembered, and the lobby's
registry (every room, every table, the bots), reached by id through its
`LobbyDesk`.

`shengji serve` keeps its house in its one process (`ShengjiServer`); with
`--workers N` the host process keeps it (host.py) and the front ends reach
it over the host link. Either way the house tells the sessions of a player
the host removed to go (`on_removed`) and records a finished match's results.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..players.results import UNKNOWN
from ..store import Store, db_path
from ..table import TableSettings
from .authguard import FailureLog
from .lobbydesk import LobbyDesk
from .players import PlayerDesk
from .registry import META_KEY, Registry, Room, RoomRecord, TableLimits

log = logging.getLogger("shengji_tui.server")


class House:
    def __init__(
        self,
        data_dir: Path,
        *,
        use_store: bool = True,
        table_options: TableSettings | None = None,
        table_limits: TableLimits | None = None,
        external_bots: Sequence[str] = (),
        seed_base: int | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.seed_base = seed_base
        self.use_store = use_store
        self.table_options = table_options or TableSettings()
        self.table_limits = table_limits or TableLimits()
        self.external_bots = tuple(external_bots)
        self.store: Store | None = None
        self.players: PlayerDesk | None = None  # the players remembered (with a store)
        self.registry = Registry(None, None)
        self.desk = LobbyDesk(self.registry)
        # the sessions of a removed player go (the server's, or the host's fronts')
        self.on_removed: Callable[[str], None] = lambda identity: None
        self._backfill: asyncio.Task[None] | None = None
        self._recording: set[asyncio.Task[Any]] = set()

    def open(self, failures: FailureLog) -> list[str]:
        """The store, the players and the lobby's tables (restored and started);
        the sentences for the start-up output."""
        if self.use_store:
            self.store = Store(db_path(self.data_dir))
            self.players = PlayerDesk(self.store, failures)
        self.registry = Registry(
            self.store,
            self.data_dir,
            default_options=self.table_options,
            limits=self.table_limits,
            external_bots=self.external_bots,
            seed_base=self.seed_base,
        )
        self.desk = LobbyDesk(self.registry)
        said = self.registry.load()
        if self.players is not None:
            self.registry.on_finished = self._match_finished
            self.players.watch_removals(self._removed)
            self._backfill = asyncio.get_running_loop().create_task(self._record_older())
        return said

    def _match_finished(self, room: Room) -> None:
        """A table's match ended: its players' results and ratings."""
        desk = self.players
        if desk is not None:
            ids = seat_identities(RoomRecord.of(room).model_dump())
            self._recording.add(
                asyncio.get_running_loop().create_task(desk.record_finished(room.table_id, ids))
            )
            self._recording = {t for t in self._recording if not t.done()}

    async def _record_older(self) -> None:
        """The server's finished matches whose results were not recorded (the
        server stopped first, or a store from before the players were kept)."""
        desk = self.players
        if desk is None:
            return
        for table_id, ids in await asyncio.to_thread(unrecorded_server_tables, desk.book.store):
            await desk.record_finished(table_id, ids)

    def _removed(self, identity: str) -> None:
        """`shengji players --remove`: the player's seats go to stand-in bots and
        their sessions close."""
        log.info("%s: removed by the host: their seats go to bots", identity[:40])
        self.registry.leave(identity)
        self.on_removed(identity)

    async def close(self) -> None:
        if self._backfill is not None:
            self._backfill.cancel()
        await self.registry.close()
        if self._recording:
            await asyncio.wait(self._recording, timeout=10)
        if self.players is not None:
            await self.players.close()
        if self.store is not None:
            self.store.close()


def seat_identities(record: dict[str, Any]) -> list[str]:
    """Each seat's player in a room's record: a person's identity, a bot's
    level ("bot:normal"), or not known (a seat restored without a record)."""
    out = []
    for slot in record.get("slots", []):
        if slot.get("kind") == "bot":
            out.append("bot:" + str(slot.get("level") or "random"))
        elif slot.get("identity"):
            out.append(str(slot["identity"]))
        else:
            out.append(UNKNOWN + str(slot.get("name", "")))
    return out


def unrecorded_server_tables(store: Store) -> list[tuple[str, list[str]]]:
    """(table id, seat identities) of the finished server tables whose results
    are not recorded (the room's record kept with the table says who sat where)."""
    from ..players.results import recorded

    out = []
    for t in store.finished():
        record = t.settings.get("meta", {}).get(META_KEY) if isinstance(t.settings, dict) else None
        if not isinstance(record, dict) or recorded(store, t.table_id):
            continue
        ids = seat_identities(record)
        if t.rules is not None and len(ids) == t.rules.players:
            out.append((t.table_id, ids))
    return out
