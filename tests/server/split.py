"""`shengji serve --workers 2` in the test's own process: the host (the house:
store, players, registry, every table and bot) on its unix socket and two
front ends (SSH, sessions, Textual) linked to it, as `server/cli.py` makes
them in their processes (`_run_host`, the `--role front` server). One port
takes the players: a small TCP relay hands each new connection to the next
front end in turn (the workers' processes share one listening socket and
the kernel picks; here the turn is fixed, so a test knows the spread).

The scenario tests read the table through the host's registry
(`split.registry`, as `server.registry` in one process): the same objects a
single server would have, reached by the players through the link and the
proxies.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from pathlib import Path

from shengji_tui.server import AuthPolicy, Limits, ServerConfig, ShengjiServer
from shengji_tui.server.authguard import FailureLog
from shengji_tui.server.host import Host
from shengji_tui.server.house import House
from shengji_tui.server.registry import Registry, TableLimits
from shengji_tui.server.session import GameSession
from shengji_tui.store import Store
from shengji_tui.store.files import private_dir
from shengji_tui.table import TableSettings


class Split:
    """A host and `fronts` front ends; `port` is the relay's."""

    def __init__(
        self,
        data_dir: Path,
        *,
        auth: AuthPolicy,
        limits: Limits,
        options: TableSettings,
        table_limits: TableLimits | None = None,
        fronts: int = 2,
    ) -> None:
        self.data_dir = data_dir
        self.auth = auth
        self.limits = limits
        self.options = options
        self.table_limits = table_limits or TableLimits()
        self.count = fronts
        self.host: Host | None = None
        self.fronts: list[ShengjiServer] = []
        self.port = 0
        self._relay: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self._turn = 0
        self._sock_dir = Path(tempfile.mkdtemp(prefix="sj-"))  # (a socket's path is short)

    async def start(self) -> Split:
        private_dir(self.data_dir)
        lim = self.limits
        house = House(self.data_dir, table_options=self.options, table_limits=self.table_limits)
        failures = FailureLog(lim.auth_failures_per_minute, lim.auth_delay, lim.auth_delay_max)
        self.host = Host(house, self._sock_dir / "host.sock", failures)
        await self.host.start()
        for k in range(1, self.count + 1):
            front = ShengjiServer(
                ServerConfig(
                    data_dir=self.data_dir,
                    host="127.0.0.1",
                    port=0,
                    auth=self.auth,
                    limits=self.limits,
                    table_options=self.options,
                    table_limits=self.table_limits,
                    host_link=self.host.path,
                    front_id=f"f{k}",
                )
            )
            await front.start()
            self.fronts.append(front)
        self._relay = await asyncio.start_server(self._relayed, "127.0.0.1", 0)
        self.port = int(self._relay.sockets[0].getsockname()[1])
        return self

    # ------------------------------------------------------------ the relay
    async def _relayed(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        front = self.fronts[self._turn % len(self.fronts)]
        self._turn += 1
        await self._pipe_to(front.port, reader, writer)

    async def _pipe_to(
        self, port: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        try:
            r2, w2 = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            writer.close()
            return
        task = asyncio.current_task()
        assert task is not None
        self._pipes.add(task)
        try:
            await asyncio.gather(_pipe(reader, w2), _pipe(r2, writer))
        finally:
            self._pipes.discard(task)

    # ------------------------------------------------------------ as tests read a server
    @property
    def registry(self) -> Registry:
        assert self.host is not None
        return self.host.house.registry

    @property
    def store(self) -> Store | None:
        assert self.host is not None
        return self.host.house.store

    @property
    def sessions(self) -> set[GameSession]:
        """Every front end's sessions."""
        return {s for f in self.fronts for s in f.sessions}

    def front_of(self, name: str) -> ShengjiServer | None:
        """The front end running `name`'s session (None: no session)."""
        for front in self.fronts:
            if any(s.identity.name == name for s in front.sessions):
                return front
        return None

    def other_port(self, name: str) -> int:
        """A port that reaches a front end other than the one `name`'s last
        session ran on (to come back to a seat from the other front end)."""
        here = self.front_of(name)
        return next(f.port for f in self.fronts if f is not here)

    async def close(self) -> None:
        if self._relay is not None:
            self._relay.close()
        for task in list(self._pipes):
            task.cancel()
        for front in self.fronts:
            await front.close()
        if self.host is not None:
            await self.host.close()
        shutil.rmtree(self._sock_dir, ignore_errors=True)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


def reconnect_port(server: ShengjiServer | Split, name: str) -> int:
    """Where a player connects again: with front ends, one their last session
    was not on; one server's own port otherwise."""
    if isinstance(server, Split):
        return server.other_port(name)
    return server.port


def assert_spread(server: ShengjiServer | Split) -> None:
    """With front ends: every one of them runs a session (the players are
    spread, a table's seats on both)."""
    if isinstance(server, Split):
        busy = [len(f.sessions) for f in server.fronts]
        assert all(busy), f"sessions per front end: {busy}"


def assert_on_port(server: ShengjiServer | Split, name: str, port: int) -> None:
    """With front ends: `name`'s session runs on the front end of `port`."""
    if isinstance(server, Split):
        front = server.front_of(name)
        assert front is not None and front.port == port, f"{name} is not on port {port}"


def counted(server: ShengjiServer | Split) -> list[int]:
    """The players logged in on the whole server, as each front end counts them
    (its own and what the host told it of the others'); one server's own."""
    if isinstance(server, Split):
        return [f.all_connections for f in server.fronts]
    return [server.all_connections]
