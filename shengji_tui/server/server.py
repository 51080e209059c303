"""`ShengjiServer`: one asyncssh server, one registry of tables, one store.

    server = ShengjiServer(config)
    await server.start()        # listening; server.port is the bound port
    ...
    await server.close()

Connections are counted here (asyncssh has no cap of its own): past
`max_connections` a new connection is disconnected at once, past
`max_sessions` a connection's new channel is refused. Only sessions are
served: port forwarding (both ways), agent and X11 forwarding, SFTP and SCP
are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from ..store import Store, db_path
from ..store.files import private_dir
from ..table import TableSettings
from . import sshbatch  # noqa: F401  (one socket write per SSH packet)
from .auth import AuthPolicy, Identity
from .gcpolicy import GcPolicy
from .hostkey import fingerprint, load_or_create_host_key
from .limits import Limits
from .registry import Registry, TableLimits
from .session import GameSession

log = logging.getLogger("shengji_tui.server")


@dataclass
class ServerConfig:
    data_dir: Path
    host: str = "0.0.0.0"
    port: int = 2222
    auth: AuthPolicy = field(default_factory=lambda: AuthPolicy(open_mode=True))
    limits: Limits = field(default_factory=Limits)
    table_options: TableSettings = field(default_factory=TableSettings)
    table_limits: TableLimits = field(default_factory=TableLimits)
    use_store: bool = True


class _Connection(asyncssh.SSHServer):
    """asyncssh's per-connection callbacks: auth and what may be opened."""

    def __init__(self, server: ShengjiServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.key: asyncssh.SSHKey | None = None
        self.sessions = 0
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        s = self.server
        if s.connections >= s.limits.max_connections:
            log.warning("refused a connection: %d connections already", s.connections)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "the server is full")
            return
        s.connections += 1
        self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.server.connections -= 1

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    # keys
    def public_key_auth_supported(self) -> bool:
        return self.server.auth.keys_supported

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        ok = self.server.auth.key_allowed(key)
        # The last key validated before auth completes is the one that signed.
        self.key = key if ok else None
        return ok

    # passwords
    def password_auth_supported(self) -> bool:
        return self.server.auth.passwords_supported

    async def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.server.auth.password_ok, username, password)

    def kbdint_auth_supported(self) -> bool:
        if self.server.auth.open_mode:
            return True
        return NotImplemented  # type: ignore[return-value]  # asyncssh: tie it to passwords

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        if self.server.auth.open_mode:
            self.key = None
            return True
        return False

    # what may be opened
    def session_requested(self) -> Any:
        if self.sessions >= self.server.limits.max_sessions:
            log.info("%s: refused a session past the per-connection limit", self.username)
            return False
        self.sessions += 1
        identity = AuthPolicy.identity(self.username, self.key)
        session = GameSession(self.server, identity)
        session.on_lost = self._session_lost
        return session

    def _session_lost(self) -> None:
        self.sessions = max(0, self.sessions - 1)

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class ShengjiServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.limits = config.limits
        self.auth = config.auth
        self.connections = 0
        self.sessions: set[GameSession] = set()
        self.store: Store | None = None
        self.registry: Registry = Registry(None, None)
        self.host_key: asyncssh.SSHKey | None = None
        self.host_key_path: Path | None = None
        self.host_key_created = False
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.port = config.port
        self.messages: list[str] = []
        self.gc = GcPolicy()

    @property
    def fingerprint(self) -> str:
        assert self.host_key is not None
        return fingerprint(self.host_key)

    async def start(self) -> None:
        c = self.config
        private_dir(c.data_dir)  # 0700: the store holds every hand
        self.host_key, self.host_key_path, self.host_key_created = load_or_create_host_key(
            c.data_dir
        )
        if c.use_store:
            self.store = Store(db_path(c.data_dir))
        self.registry = Registry(
            self.store, c.data_dir, default_options=c.table_options, limits=c.table_limits
        )
        self.messages.extend(self.registry.load())
        lim = self.limits
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            c.host,
            c.port,
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            allow_scp=False,
            sftp_factory=None,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=lim.login_timeout,
            keepalive_interval=lim.keepalive_interval,
            keepalive_count_max=lim.keepalive_count_max,
            server_version="shengji",
        )
        sockets = self._acceptor.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.gc.start()

    async def _sweep(self) -> None:
        """Close sessions idle past `idle_timeout`."""
        idle = self.limits.idle_timeout
        if idle <= 0:
            return
        interval = min(5.0, max(0.05, idle / 4))
        while True:
            await asyncio.sleep(interval)
            now = time.monotonic()
            for s in list(self.sessions):
                if s.idle_for(now) > idle:
                    log.info("%s: idle, closed", s.identity.short)
                    s.close_idle()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for s in list(self.sessions):
            s.kick("shutdown")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await self._acceptor.wait_closed()
        await self.registry.close()
        if self.store is not None:
            self.store.close()
        await self.gc.stop()

    async def serve_forever(self) -> None:
        assert self._acceptor is not None
        await self._acceptor.wait_closed()


def identity_for_tests(name: str) -> Identity:
    return Identity("user:" + name, name)
