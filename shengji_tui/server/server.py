"""`ShengjiServer`: one asyncssh server, one registry of tables, one store.

    server = ShengjiServer(config)
    await server.start()        # listening; server.port is the bound port
    ...
    await server.close()

Connections are counted here (asyncssh has no cap of its own), the ones not
logged in apart: past `max_unauthenticated` logins in progress or
`max_connections` players, a new connection is disconnected with a sentence;
past `max_sessions` a connection's new channel is refused. A connection that
sends no login request within `handshake_timeout`, or holds no session for
`session_open_timeout` once logged in, is closed. Failed logins are logged and
limited (`authguard`). Only sessions are served: port forwarding (both ways),
agent and X11 forwarding, SFTP and SCP are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from .. import trace
from ..players.book import Player, Via
from ..store import Store
from ..store.files import private_dir
from ..table import TableSettings
from ..tui.terminal import patches
from . import sshbatch  # noqa: F401  (one socket write per SSH packet)
from .auth import AuthPolicy, Identity, display_name, hash_password
from .authguard import FailureLog, PasswordPool
from .channel import game_channel
from .context import SessionContext
from .gcpolicy import GcPolicy
from .handoff import Intake
from .hostkey import fingerprint, load_or_create_host_key
from .house import House, seat_identities, unrecorded_server_tables
from .limits import Limits
from .lobbyapi import LobbyLike
from .players import MIN_PASSWORD, PlayerDesk, PlayersLike
from .proxies import HostClient, LobbyProxy, PlayersProxy
from .registry import Registry, TableLimits
from .session import GameSession

__all__ = [
    "ServerConfig",
    "SessionRouter",
    "ShengjiServer",
    "identity_for_tests",
    "seat_identities",
    "unrecorded_server_tables",
]

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
    external_bots: tuple[str, ...] = ()  # programs the lobby offers as bots (--external-bot)
    floor: bool = False  # `shengji bench ssh --floor`: a minimal app at the tables (floor.py)
    bench_seed: int | None = None  # `shengji bench ssh`: the n-th table's seed is this + n
    # a front end of `--workers N` (workers.py): the house is the host's, over
    # this unix socket; its connections are handed to it on `handoff_fd` (handoff.py)
    host_link: Path | None = None
    handoff_fd: int | None = None
    front_id: str = ""


# Refusals are SSH disconnect reasons, sent once the key exchange is done and
# the client waits for the answer to its first login request: OpenSSH prints
# them as "Received disconnect from HOST port N:CODE: REASON". (Sent at
# connect, the disconnect packet lands where the server's version line
# belongs: "banner line contains invalid characters"; sent right after the
# version, the client may still be writing its key exchange into a closed
# socket: "Broken pipe".) The client's language is not known yet, and OpenSSH
# escapes non-ASCII reasons: English only.
FULL = "the server is full ({n} players): try again later"
BUSY = "too many logins in progress: try again in a few seconds"
BLOCKED = "too many failed logins from your address: try again in a minute"
TOO_MANY = "too many authentication failures"
NO_LOGIN = "no login request within {s:g} seconds"
NO_SESSION = "no session opened within {s:g} seconds"
REMOVED = "this key was removed from the server by its host"
# keyboard-interactive (a keyless friend's invite): the client prints these as they are
INVITE_INSTRUCTIONS = (
    "This server does not know you yet. To join as {name}, type the invite code "
    "the host gave you and choose a password (at least {n} characters)."
)
PASSWORDS_DIFFER = "The two passwords differ. " + INVITE_INSTRUCTIONS
PASSWORD_SHORT = "That password is too short. " + INVITE_INSTRUCTIONS
NAME_TAKEN = "The name {name} is taken on this server: connect as another name."
USER_MAX = 64  # bytes of a user name a keyless invite registers


def _shown(username: str) -> str:
    """A user name as written to the log: escaped, cut."""
    return repr(username[:64]) + ("…" if len(username) > 64 else "")


class _Connection(asyncssh.SSHServer):
    """asyncssh's per-connection callbacks: slots, auth, what may be opened.

    A connection is counted among the unauthenticated ones
    (`Limits.max_unauthenticated`) until it logs in, then among the logged-in
    ones (`Limits.max_connections`)."""

    def __init__(self, server: ShengjiServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.addr = "?"
        self.username = ""
        self.key: asyncssh.SSHKey | None = None
        self.sessions = 0
        self.slot: str | None = None  # "unauth", then "auth"; None: not counted
        self.failures = 0  # failed logins on this connection
        self.closing = False
        self.refusal: tuple[int, str] | None = None  # (code, reason) to answer the login with
        self._timer: asyncio.TimerHandle | None = None
        self.via: Via = "open"  # how the server lets this identity in
        self.invite = False  # a key the server does not know: the invite prompt first
        self.kbd = ""  # the keyboard-interactive challenge asked: password, invite, told
        self.spent = False  # an invite refused: no more sessions on this connection

    # ---------------------------------------------------------------- slots
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.addr = str(peer[0]) if peer else "?"
        s, lim = self.server, self.server.limits
        refusal = self._refusal()
        if refusal is not None:
            if s.refusing >= max(8, lim.max_unauthenticated):
                # refusals in progress are bounded too: past that, closed unanswered
                log.warning("dropped a connection from %s: %s", self.addr, refusal[1])
                asyncio.get_running_loop().call_soon(conn.abort)
                return
            log.warning("refusing a connection from %s: %s", self.addr, refusal[1])
            s.refusing += 1
            self.slot = "refusing"
            self.refusal = refusal
        else:
            s.unauthenticated += 1
            self.slot = "unauth"
            s.counted()
        self._start_timer(lim.handshake_timeout, NO_LOGIN)

    def _refusal(self) -> tuple[int, str] | None:
        s, lim = self.server, self.server.limits
        if s.failures.blocked(self.addr):
            return asyncssh.DISC_HOST_NOT_ALLOWED_TO_CONNECT, BLOCKED
        if s.all_connections >= lim.max_connections:
            return asyncssh.DISC_TOO_MANY_CONNECTIONS, FULL.format(n=s.all_connections)
        if s.all_unauthenticated >= lim.max_unauthenticated:
            return asyncssh.DISC_TOO_MANY_CONNECTIONS, BUSY
        return None

    def _refuse(self, code: int, reason: str) -> None:
        """Disconnect with `reason` (from a timer: the client is not writing)."""
        if self.closing or self.conn is None:
            return
        self.closing = True
        self._release()
        self.conn.disconnect(code, reason)

    def _disconnect_error(self, code: int, reason: str) -> asyncssh.DisconnectError:
        """What an auth callback raises to close with `reason`: asyncssh sends
        it as the answer to the client's request (the client waits for it)."""
        self.closing = True
        self._release()
        return asyncssh.DisconnectError(code, reason)

    def _start_timer(self, seconds: float, reason: str) -> None:
        self._cancel_timer()
        if seconds > 0:
            self._timer = asyncio.get_running_loop().call_later(
                seconds, self._expired, reason.format(s=seconds)
            )

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, reason: str) -> None:
        self._timer = None
        log.info("%s (%s): closed: %s", self.addr, _shown(self.username), reason)
        self._refuse(asyncssh.DISC_BY_APPLICATION, reason)

    def _release(self) -> None:
        self._cancel_timer()
        if self.slot == "refusing":
            self.server.refusing -= 1
        elif self.slot == "unauth":
            self.server.unauthenticated -= 1
            self.server.counted()
        elif self.slot == "auth":
            self.server.connections -= 1
            self.server.counted()
        self.slot = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.refusal is not None:
            raise self._disconnect_error(*self.refusal)
        if self.slot == "unauth":
            self._cancel_timer()  # asyncssh's login timeout runs on
        return True

    def auth_completed(self) -> None:
        s, lim = self.server, self.server.limits
        if self.slot != "unauth" or self.closing:
            return
        if s.all_connections >= lim.max_connections:
            # (rare: others logged in meanwhile) the client waits for no answer here
            log.warning(
                "%s (%s): logged in, but the server is full", self.addr, _shown(self.username)
            )
            self._refuse(asyncssh.DISC_TOO_MANY_CONNECTIONS, FULL.format(n=s.all_connections))
            return
        s.unauthenticated -= 1
        s.connections += 1
        s.counted()
        self.slot = "auth"
        self._start_timer(lim.session_open_timeout, NO_SESSION)

    # ---------------------------------------------------------------- failures
    def _failed(self, method: str, why: str = "") -> None:
        """A refused login: logged (user, address, method) and counted; at
        `max_auth_tries` on this connection, it is closed (raises the
        `DisconnectError` that answers the client's request)."""
        self.failures += 1
        limit = self.server.limits.max_auth_tries
        log.warning(
            "failed login: user %s from %s by %s%s (%d of %d on this connection)",
            _shown(self.username),
            self.addr,
            method,
            f" ({why})" if why else "",
            self.failures,
            limit,
        )
        if limit > 0 and self.failures >= limit:
            log.warning("%s: too many authentication failures, disconnected", self.addr)
            raise self._disconnect_error(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, TOO_MANY)

    # keys
    def public_key_auth_supported(self) -> bool:
        return self.server.auth.keys_supported

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key of the authorized keys (or any, `--open`), a player's registered
        by an invite, or (`--invites`) an unknown key, which the session asks for
        a code. A removed player's key is refused with a sentence."""
        if self.closing:
            return False
        s = self.server
        fp = str(key.get_fingerprint("sha256"))
        known = s.auth.key_allowed(key)
        desk = s.players
        status = "unknown"
        if desk is not None and (known or s.auth.invites):
            status = await desk.status("key:" + fp)
        if self.closing:
            return False
        if status == "removed":
            self.key = None
            self._failed("publickey", f"{fp}: a removed player")
            raise self._disconnect_error(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, REMOVED)
        # The last key validated before auth completes is the one that signed.
        if known or status == "active":
            self.key, self.invite = key, False
            self.via = "open" if s.auth.open_mode else "keys" if known else "invite"
            return True
        if s.auth.invites and desk is not None:
            self.key, self.invite, self.via = key, True, "invite"
            return True
        self.key = None
        self._failed("publickey", fp)
        return False

    # passwords
    def password_auth_supported(self) -> bool:
        return self.server.auth.passwords_supported

    async def validate_password(self, username: str, password: str) -> bool:
        """Checked on the password threads (`authguard`); keyboard-interactive
        logins come here too (asyncssh asks its password prompt's answer)."""
        self.key, self.invite = None, False
        s = self.server
        if s.auth.open_mode:
            self.via = "open"
            return True
        if self.closing:
            return False
        fails = s.failures
        if fails.blocked(self.addr):
            fails.record(self.addr)
            log.warning(
                "failed login: user %s from %s by password (address blocked: not checked)",
                _shown(username),
                self.addr,
            )
            raise self._disconnect_error(asyncssh.DISC_HOST_NOT_ALLOWED_TO_CONNECT, BLOCKED)
        stored = s.auth.stored_password(username)
        via: Via = "passwords"
        if stored is None and s.auth.invites and s.players is not None:
            stored = await s.players.password_of("user:" + username)
            via = "invite"
        ok = await s.passwords.run(AuthPolicy.password_matches, password, stored)
        if ok:
            self.via = via
            return True
        # the delay first: the last allowed failure's disconnect comes after it too
        recent = max(1, fails.count(self.addr)) if ok is None else fails.record(self.addr)
        await asyncio.sleep(fails.delay(recent))
        self._failed("password", "password checks busy: not checked" if ok is None else "")
        return False

    def kbdint_auth_supported(self) -> bool:
        s = self.server
        if s.auth.open_mode or (s.auth.invites and s.players is not None):
            return True
        return super().kbdint_auth_supported()  # asyncssh's: tie it to passwords

    async def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        s = self.server
        self.key, self.invite = None, False
        if s.auth.open_mode:
            self.via = "open"
            return True
        desk = s.players
        if desk is None or self.closing:
            return False
        if s.auth.stored_password(username) is not None or (
            await desk.password_of("user:" + username) is not None
        ):
            self.kbd = "password"
            return ("", "", "", (("Password: ", False),))
        self.kbd = "invite"
        return self._invite_challenge(INVITE_INSTRUCTIONS, username)

    @staticmethod
    def _invite_challenge(text: str, username: str) -> Any:
        said = text.format(name=display_name(username), n=MIN_PASSWORD)
        prompts = (("Invite code: ", True), ("Choose a password: ", False), ("Again: ", False))
        return ("", said, "", prompts)

    async def validate_kbdint_response(self, username: str, responses: Any) -> Any:
        if self.kbd == "password":
            if len(responses) != 1:
                return False
            return await self.validate_password(username, str(responses[0]))
        if self.kbd == "invite":
            return await self._redeem_by_password(username, [str(r) for r in responses])
        return False  # (a sentence told: the name taken)

    async def _redeem_by_password(self, username: str, responses: list[str]) -> Any:
        """A keyless friend's invite: the code, a chosen password (twice)."""
        s = self.server
        desk = s.players
        if desk is None or len(responses) != 3 or self.closing:
            return False
        code, password, again = responses
        fails = s.failures
        if fails.blocked(self.addr):
            await desk.failed_code(self.addr, username, "address blocked: not checked")
            raise self._disconnect_error(asyncssh.DISC_HOST_NOT_ALLOWED_TO_CONNECT, BLOCKED)
        why = await desk.code_usable(code)
        if why is None and len(username.encode()) > USER_MAX:
            why = "a user name of more than 64 bytes"
        if why is None:
            if password != again:
                return self._invite_challenge(PASSWORDS_DIFFER, username)
            if len(password) < MIN_PASSWORD:
                return self._invite_challenge(PASSWORD_SHORT, username)
            hashed = await s.passwords.run(hash_password, password)
            if hashed is None:
                why = "password checks busy: not redeemed"
            else:
                got = await desk.redeem(code, "user:" + username, display_name(username), hashed)
                if isinstance(got, Player):
                    log.info("%s (%s): redeemed an invite", self.addr, got.name)
                    self.via, self.kbd = "invite", ""
                    return True
                if got in ("name_taken", "registered"):
                    self.kbd = "told"
                    return ("", NAME_TAKEN.format(name=display_name(username)), "", ())
                why = got
        recent = fails.record(self.addr)
        await asyncio.sleep(fails.delay(recent))
        self._failed("invite code", why)
        return False

    # what may be opened
    def session_requested(self) -> Any:
        if self.closing or self.slot != "auth":
            return False
        if self.sessions >= self.server.limits.max_sessions:
            log.info("%s: refused a session past the per-connection limit", _shown(self.username))
            return False
        self.sessions += 1
        self._cancel_timer()
        if self.spent:
            return False
        identity = AuthPolicy.identity(self.username, self.key)
        session = GameSession(
            self.server.context,
            identity,
            via=self.via,
            invite=self.invite and self.key is not None,
            username=self.username,
        )
        session.on_lost = self._session_lost
        session.on_refused = self._invite_refused
        assert self.conn is not None
        return game_channel(self.conn), session

    def _invite_refused(self) -> None:
        """The session found no valid invite: this connection opens no other."""
        self.spent = True

    def _session_lost(self) -> None:
        self.sessions = max(0, self.sessions - 1)
        if self.sessions == 0 and self.slot == "auth":
            self._start_timer(self.server.limits.session_open_timeout, NO_SESSION)

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
        self.connections = 0  # logged in
        self.unauthenticated = 0  # not yet
        self.refusing = 0  # being refused (told why once they ask to log in)
        # a front end's: the other front ends' (the host tells), for the limits
        self.elsewhere: tuple[int, int] = (0, 0)  # (logged in, not yet)
        lim = self.limits
        self.passwords = PasswordPool(lim.auth_workers, lim.auth_queue)
        self.failures = FailureLog(lim.auth_failures_per_minute, lim.auth_delay, lim.auth_delay_max)
        self.sessions: set[GameSession] = set()
        # the store, the players, the registry: this process's (None: a front
        # end's, whose house is the host's: `client`)
        self.house: House | None = None
        if config.host_link is None:
            self.house = House(
                config.data_dir,
                use_store=config.use_store,
                table_options=config.table_options,
                table_limits=config.table_limits,
                external_bots=config.external_bots,
                seed_base=config.bench_seed,
            )
        self.router = SessionRouter(self.sessions)
        self.client: HostClient | None = None  # (a front end's: linked in `start`)
        if config.host_link is not None:
            self.client = HostClient(config.host_link, config.front_id, self.router)
            # the whole server's: failed logins counted by every front end, and
            # the connections of the others, as the host tells
            self.client.on_elsewhere = self.told_elsewhere
            self.client.on_linked = self.counted
            self.client.failures = self.failures
            self.failures.on_record = lambda addr: self._failed_here(addr)
        self.host_key: asyncssh.SSHKey | None = None
        self.host_key_path: Path | None = None
        self.host_key_created = False
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._intake: Intake | None = None
        self._ssh_options: dict[str, object] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.port = config.port
        self.messages: list[str] = []
        self.gc = GcPolicy()
        self.context = self._context()

    def _context(self) -> SessionContext[GameSession]:
        """What each session is given of the server (`context`): the lobby's
        tables by id (the house's `LobbyDesk`, or a front end's `LobbyProxy`),
        never the registry itself; the registry reaches the sessions by their
        ids (`SessionRouter`)."""
        lobby: LobbyLike
        players: PlayersLike | None
        host_back = None
        if self.client is not None:
            lobby = LobbyProxy(self.client)
            players = PlayersProxy(self.client, self.failures)
            host_back = self.client.ready
        else:
            assert self.house is not None
            self.house.registry.routes = self.router
            lobby, players = self.house.desk, self.house.players
        return SessionContext(
            self.limits,
            lobby,
            self.gc,
            self.sessions,
            floor=self.config.floor,
            players=players,
            host_back=host_back,
            front_id=self.config.front_id,
        )

    # the house's parts, as tests and tools read them (this process's house)
    @property
    def registry(self) -> Registry:
        assert self.house is not None, "a front end's registry is the host's"
        return self.house.registry

    @property
    def store(self) -> Store | None:
        return None if self.house is None else self.house.store

    @property
    def players(self) -> PlayerDesk | None:
        return None if self.house is None else self.house.players

    @property
    def all_connections(self) -> int:
        """Logged in on the whole server (every front end's, with `--workers`)."""
        return self.connections + self.elsewhere[0]

    @property
    def all_unauthenticated(self) -> int:
        return self.unauthenticated + self.elsewhere[1]

    def counted(self) -> None:
        """The connections changed: a front end tells the host (which tells the
        others: the limits count the whole server's)."""
        if self.client is not None:
            self.client.push("counts", c=self.connections, u=self.unauthenticated)
        if self._intake is not None:  # (the workers' process hands out by these)
            self._intake.counted(self.connections + self.unauthenticated)

    def told_elsewhere(self, connections: int, unauthenticated: int) -> None:
        self.elsewhere = (connections, unauthenticated)

    @property
    def fingerprint(self) -> str:
        assert self.host_key is not None
        return fingerprint(self.host_key)

    async def start(self) -> None:
        patches.install(server=True)  # (once per process; off: the log says why)
        trace.begin(self.config.front_id or "serve")  # (SHENGJI_TRACE: a play's timeline)
        if trace.ON:
            patches.trace_paints()
        self.gc.released = patches.active()  # (ended apps are taken apart: gcpolicy.py)
        c = self.config
        private_dir(c.data_dir)  # 0700: the store holds every hand
        self.host_key, self.host_key_path, self.host_key_created = load_or_create_host_key(
            c.data_dir
        )
        if self.house is not None:
            self.house.on_removed = self._removed
            self.messages.extend(self.house.open(self.failures))
        else:
            assert self.client is not None
            await self.client.start()
        self.context = self._context()
        lim = self.limits
        self._ssh_options = {
            "server_host_keys": [self.host_key],
            "encoding": None,
            "line_editor": False,
            "allow_scp": False,
            "sftp_factory": None,
            "agent_forwarding": False,
            "x11_forwarding": False,
            "login_timeout": lim.login_timeout,
            "keepalive_interval": lim.keepalive_interval,
            "keepalive_count_max": lim.keepalive_count_max,
            "server_version": "shengji",
        }
        if c.handoff_fd is not None:  # (a front end: the workers' process accepts)
            self._intake = Intake(c.handoff_fd, self._serve_handed)
            self.port = c.port
        else:
            self._acceptor = await asyncssh.create_server(
                lambda: _Connection(self), host=c.host, port=c.port, **self._ssh_options
            )
            sockets = self._acceptor.sockets
            if sockets:
                self.port = sockets[0].getsockname()[1]
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.gc.start()

    async def _serve_handed(self, sock: socket.socket) -> None:
        """A connection the workers' process handed to this front end."""
        await asyncssh.run_server(
            sock,
            server_factory=lambda: _Connection(self),
            **self._ssh_options,
        )

    def _failed_here(self, addr: str) -> None:
        if self.client is not None:
            self.client.push("failure", addr=addr)

    # ---------------------------------------------------------------- players
    def _removed(self, identity: str) -> None:
        """`shengji players --remove`: their sessions close (the house gave
        their seats to stand-in bots)."""
        self.router.kick_identity(identity, "removed")

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

    def stopping(self) -> None:
        """Told at SIGTERM, before `close`: a front end's link stops counting
        the host's end as lost (the host may be stopping at the same moment)."""
        if self.client is not None:
            self.client.stopping()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        tables = len(self.house.registry.rooms) if self.house is not None else 0
        log.info("stopping: %d session(s), %d table(s)", len(self.sessions), tables)
        if self._intake is not None:
            await self._intake.close()
        if self._acceptor is not None:  # (no new connection; the port is let go first)
            self._acceptor.close()
        for s in list(self.sessions):
            s.kick("shutdown")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await self._acceptor.wait_closed()
        if self.house is not None:
            await self.house.close()
        if self.client is not None:
            await self.client.close()
        await self.gc.stop()
        self.passwords.close()
        log.info("stopped: every table closed and stored")

    async def serve_forever(self) -> None:
        assert self._acceptor is not None
        await self._acceptor.wait_closed()


class SessionRouter:
    """The registry's way to this process's sessions, by id
    (`lobbyapi.SessionRoutes`; a front end's `proxies.FrontRoutes` too)."""

    def __init__(self, sessions: set[GameSession]) -> None:
        self.sessions = sessions  # the server's own set: shared, not copied

    def _find(self, session_id: str) -> GameSession | None:
        return next((s for s in self.sessions if s.id == session_id), None)

    def kick(self, session_id: str, reason: str, fields: dict[str, object]) -> None:
        s = self._find(session_id)
        if s is not None:
            s.kick(reason, **fields)

    def tell(self, session_id: str, key: str, fields: dict[str, object]) -> bool:
        s = self._find(session_id)
        if s is None:
            return False
        s.tell(key, **fields)
        return True

    def kick_identity(self, identity: str, reason: str) -> None:
        for s in list(self.sessions):
            if s.identity.id == identity:
                s.kick(reason)

    def host_lost(self) -> None:
        """The host is gone (a front end's): each session's app ends and the
        session waits for the host to be back, then shows its table again."""
        for s in list(self.sessions):
            s.host_lost()


def identity_for_tests(name: str) -> Identity:
    return Identity("user:" + name, name)
