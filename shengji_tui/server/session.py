"""One SSH session: a PTY, the lobby, then a table, on the session's terminal.

The session accepts a PTY and a shell request only. The terminal size is
capped (`Limits.max_width` x `max_height`) at the PTY request and at every
resize: beyond it the apps render at the cap. A client without a PTY
gets one sentence and is closed; an exec request gets one sentence on stderr
and exit status 1 (no command ever runs); subsystems (SFTP) are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
from collections.abc import Callable, Mapping
from typing import Any

import asyncssh
from textual.app import App

from .. import trace
from ..players.book import Player, Via
from ..players.settings import PlayerSettings
from ..text import Catalogue
from ..tui.app import AppSetup, default_lang
from ..tui.contract import GameOptions
from ..tui.seating import Remote, Spectator
from ..tui.terminal import patches
from .auth import Identity
from .context import SessionContext
from .driver import Terminal
from .floor import FloorApp
from .invite import InviteApp
from .limits import clamp_size
from .lobby import LobbyApp, LobbyResult
from .lobbyapi import LobbyError
from .players import INVITE_TRIES, CodeCheck, PlayersLike
from .remote import RemoteShengjiApp, ShowHand
from .wire import HostLost

log = logging.getLogger("shengji_tui.server")

MAX_CRASHES = 5  # an app that fails (a Textual error) is started again this often
_ids = itertools.count(1)  # sessions of this process (the lobby knows a session by id)


def session_id(front: str, n: int) -> str:
    """A session's id: its front end's (of `--workers N`) and its number there."""
    return f"{front}/s{n}" if front else f"s{n}"


def sentence(env: Mapping[str, str], key: str, **kw: object) -> bytes:
    """A `[session]` line of the catalogue, in the client's language (its LANG),
    as written to the channel outside the apps."""
    return (Catalogue(default_lang(dict(env))).t("session." + key, **kw) + "\r\n").encode()


class GameSession(asyncssh.SSHServerSession[bytes]):
    def __init__(
        self,
        ctx: SessionContext[GameSession],
        identity: Identity,
        *,
        via: Via = "open",
        invite: bool = False,
        username: str = "",
    ) -> None:
        self.ctx = ctx
        # how the lobby knows this session (presence, kicks), its front end's first
        self.id = session_id(ctx.front_id, next(_ids))
        self.identity = identity
        self.via: Via = via  # how the server let this identity in
        self.invite = invite  # a key the server does not know: asked for an invite code
        self.username = username or identity.name  # as typed (the log)
        self.settings = PlayerSettings()  # the player's own (their record's), once admitted
        self.on_refused: Callable[[], None] | None = None  # no valid invite: the connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term_type: str | None = None
        self.term_size: tuple[int, int] = (80, 24)
        self.exec_command: str | None = None
        self.terminal: Terminal | None = None
        self.app: App[Any] | None = None
        self.return_code: int | None = None  # the last app's, read before it is taken apart
        self.task: asyncio.Task[None] | None = None
        self.stopped = False
        self.kicked: tuple[str, dict[str, object]] | None = None  # (sentence key, its fields)
        self.placement: tuple[str, int] | None = None  # (table id, seat) while at a table
        self.waiting_in: tuple[str, int] | None = None  # (table id, seat): the lobby's room
        self.resuming = False  # the host went (a front end's): its table again once back
        self.on_lost: Callable[[], None] | None = None
        self.origin: str | None = None  # the client's address (the lobby's table limits)

    # ------------------------------------------------------------ asyncssh
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        peer = chan.get_extra_info("peername")
        if isinstance(peer, tuple) and peer:
            self.origin = str(peer[0])
        cap = self.ctx.limits.output_cap
        chan.set_write_buffer_limits(high=cap, low=cap // 8)

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.term_type = term_type[:64]
        w, h = int(term_size[0]), int(term_size[1])
        self.term_size = clamp_size(w or 80, h or 24, self.ctx.limits)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.exec_command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None
        if self.exec_command is not None:
            log.info("%s: refused exec %r", self.identity.short, self.exec_command[:80])
            chan.write_stderr(sentence(chan.get_environment(), "no_exec"))
            chan.exit(1)
            return
        if self.term_type is None:
            chan.write(sentence(chan.get_environment(), "no_pty"))
            chan.exit(1)
            return
        env = dict(chan.get_environment())
        self.terminal = Terminal(
            chan.write,
            self.term_size,
            term=self.term_type,
            env=env,
            limits=self.ctx.limits,
        )
        self.ctx.live.add(self)
        log.info("%s: session %s", self.identity.short, self.id)
        self.task = asyncio.get_running_loop().create_task(self.run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.terminal is not None:
            self.terminal.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.terminal is not None and width > 0 and height > 0:
            self.terminal.resize(width, height)

    def eof_received(self) -> bool:
        self.stop()
        return False

    def pause_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.pause()

    def resume_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.resume()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop()
        on_lost, self.on_lost = self.on_lost, None
        if on_lost is not None:
            on_lost()
        if self.terminal is not None:
            self.terminal.close()

    # ------------------------------------------------------------ control
    def stop(self) -> None:
        self.stopped = True
        app = self.app
        if app is not None:
            app.exit()

    def kick(self, reason: str, **kw: object) -> None:
        """Another session took this one's seat (or the server closes it, or the
        player was idle): `reason` names the `[session]` sentence shown."""
        self.kicked = (reason, kw)
        self.stop()

    def host_lost(self) -> None:
        """The host is gone (this is a front end's session): the app ends, and the
        session shows the lobby or its table again once the host is back."""
        self.resuming = True
        app = self.app
        if app is not None:
            app.exit()

    async def _host_back(self) -> None:
        """Say the game server restarts, and wait until it is back (or the player goes)."""
        wait = self.ctx.host_back
        self.resuming = False
        if wait is None:
            return
        chan, t = self.chan, self.terminal
        if chan is not None and t is not None and not t.closed:
            with contextlib.suppress(Exception):
                chan.write(b"\x1b[2J\x1b[H" + sentence(t.env, "host_lost"))
        while not self.stopped:
            try:
                await asyncio.wait_for(wait(), 1.0)
                return
            except TimeoutError:
                continue

    def tell(self, key: str, **kw: object) -> None:
        """Show the `[notice]` sentence `key` (the registry's word of a fault) on
        whichever app this session runs, in the client's language."""
        app, t = self.app, self.terminal
        if app is None or t is None:
            return
        text = Catalogue(default_lang(t.env)).t("notice." + key, **kw)
        app.notify(text, severity="warning", timeout=20, markup=False)

    def idle_for(self, now: float) -> float:
        return 0.0 if self.terminal is None else now - self.terminal.last_input

    def close_idle(self) -> None:
        minutes = max(1, round(self.ctx.limits.idle_timeout / 60))
        self.kick("idle", m=minutes)

    # ------------------------------------------------------------ the loop
    async def run(self) -> None:
        chan = self.chan
        assert chan is not None and self.terminal is not None
        status = 0
        try:
            if not await self.admit():
                status = 1
                return
            back_to_lobby = False
            crashes = 0
            while not self.stopped:
                if self.resuming:  # (the host restarted: the lobby or the table again)
                    await self._host_back()
                    back_to_lobby = False
                    continue
                found = self.ctx.lobby.find_seat(self.identity.id)
                if found is not None and found[0].status == "playing" and not back_to_lobby:
                    crashed = await self.play(found[0].table_id, found[1])
                    crashes += crashed
                    back_to_lobby = not (crashed and crashes <= MAX_CRASHES)
                    continue
                app = self.lobby_app()
                result = await self.run_app(app)
                if self.resuming:
                    continue
                await self.left_waiting_room()
                back_to_lobby = False
                if self.crashed(app):
                    crashes += 1
                    if crashes <= MAX_CRASHES:
                        continue
                if isinstance(result, LobbyResult) and result.kind == "watch":
                    crashes += await self.watch(result.table_id)
                    back_to_lobby = True  # (then the lobby: not one's own table at once)
                    continue
                if not isinstance(result, LobbyResult) or result.kind == "leave":
                    break
        except Exception:
            log.exception("%s: the session failed", self.identity.short)
            status = 1
        finally:
            self.ctx.live.discard(self)
            if not self.terminal.closed:
                with contextlib.suppress(Exception):
                    key, kw = self.kicked or ("bye", {})
                    chan.write(b"\r\n" + sentence(self.terminal.env, key, **kw))
                    chan.exit(status)

    # ------------------------------------------------------------ who is this
    @property
    def lang(self) -> str:
        """The player's language: their own setting, else their terminal's (LANG)."""
        assert self.terminal is not None
        return self.settings.lang or default_lang(self.terminal.env)

    def keep_settings(self, settings: PlayerSettings) -> None:
        """The player changed a setting (the palette, the new-table dialog)."""
        self.settings = settings
        desk = self.ctx.players
        if desk is not None:
            desk.keep_settings(self.identity.id, settings)

    def _admitted(self, player: Player) -> None:
        self.identity = Identity(self.identity.id, player.name)
        self.settings = player.settings

    async def admit(self) -> bool:
        """The player's record (the server remembers its players), before anything
        of the lobby: their name on the server and their settings. A removed
        player is refused; a key the server does not know is asked for an invite
        code. False: refused (`kicked` says why)."""
        desk = self.ctx.players
        if desk is None:
            return True
        if self.invite:
            return await self.redeem(desk)
        player = await desk.arrive(self.identity.id, self.identity.name, self.via)
        if player is None:  # (the store failed: logged; they play under the name typed)
            return True
        if player.removed:
            log.warning("%s: a removed player is refused", self.identity.short)
            self.kicked = ("removed", {})
            return False
        self._admitted(player)
        return True

    async def redeem(self, desk: PlayersLike) -> bool:
        """An unknown key: the invite prompt until a code registers it."""
        t = self.terminal
        assert t is not None
        ident, name = self.identity.id, self.identity.name
        if not await desk.name_free(name, ident):
            log.info("%s: asked for an invite, but the name %r is taken", ident[:40], name)
            self.kicked = ("invite_name_taken", {"name": name})
            self._refused()
            return False
        tries = INVITE_TRIES
        addr = self.origin or "?"

        async def check(code: str) -> CodeCheck:
            nonlocal tries
            if desk.failures.blocked(addr):
                await desk.failed_code(addr, self.username, "address blocked: not checked")
                return CodeCheck(refused="blocked")
            got = await desk.redeem(code, ident, name)
            if isinstance(got, Player):
                return CodeCheck(player=got)
            tries -= 1
            await desk.failed_code(addr, self.username, got)
            return CodeCheck(refused=got, tries_left=tries)

        cat = Catalogue(self.lang)
        app = InviteApp(
            cat,
            name,
            check,
            console=t.console(),
            no_color="NO_COLOR" in t.env,
            driver_class=t.driver_class(),
        )
        player = await self.run_app(app)
        if isinstance(player, Player):
            log.info("%s: redeemed an invite: registered as %r", ident[:40], player.name)
            self.invite = False
            self._admitted(player)
            return True
        if not self.stopped:
            self.kicked = (
                "invite_blocked" if desk.failures.blocked(addr) else "invite_refused",
                {},
            )
        self._refused()
        return False

    def _refused(self) -> None:
        on_refused, self.on_refused = self.on_refused, None
        if on_refused is not None:
            on_refused()

    def crashed(self, app: App[Any]) -> bool:
        """The app ended on an error (not by the player, not by the connection)."""
        if self.stopped or not self.return_code:
            return False
        log.warning(
            "%s: the %s ended on an error; starting it again",
            self.identity.short,
            type(app).__name__,
        )
        return True

    def lobby_app(self) -> LobbyApp:
        t = self.terminal
        assert t is not None
        return LobbyApp(
            self.ctx.lobby,
            self.identity,
            console=t.console(),
            no_color="NO_COLOR" in t.env,
            driver_class=t.driver_class(),
            session_id=self.id,
            on_enter=self._entered,
            origin=self.origin,
            lang=self.lang,
            settings=self.settings,
            keep_settings=self.keep_settings,
            players=self.ctx.players,
        )

    def _entered(self, table_id: str, seat: int) -> None:
        self.waiting_in = (table_id, seat)

    async def left_waiting_room(self) -> None:
        """The lobby ended in a waiting room (the session ends, or the player
        watches a table): a seat at a table that has not started is kept only
        while its session is there."""
        entered, self.waiting_in = self.waiting_in, None
        if entered is None:
            return
        table_id, seat = entered
        try:
            room = self.ctx.lobby.room(table_id)
        except LobbyError:
            return
        if room.status == "waiting":
            await self.ctx.lobby.detach(table_id, seat, self.id)

    def options(self) -> GameOptions:
        """The player's own options at a table (their settings)."""
        s = self.settings
        return GameOptions(
            bell=s.bell,
            estimate=s.estimate,
            auto_declare=s.auto_declare,
            auto_forced=s.auto_forced,
            card_counter=s.card_counter,
        )

    async def play(self, table_id: str, seat: int) -> bool:
        """Sit at the table until the player leaves it; True: the app failed."""
        t = self.terminal
        assert t is not None
        lobby = self.ctx.lobby
        try:
            await lobby.attach(table_id, seat, self.id)
            table = await lobby.open_table(table_id, seat, self.id)
        except LobbyError:
            return False  # (it ended meanwhile: the lobby again)
        except HostLost:
            self.resuming = True  # (the host went meanwhile: again once it is back)
            return False
        self.placement = (table_id, seat)
        t.trace_tag = trace.tag(table_id, seat)
        if trace.ON:
            trace.rec("sess", u=self.username, g=t.trace_tag)
        try:
            app: App[Any]
            if self.ctx.floor:  # `shengji bench ssh --floor`
                app = FloorApp(table, seat, console=t.console(), driver_class=t.driver_class())
            else:
                app = self.table_app(
                    table, Remote(seat), show_hand=ShowHand(lobby, table_id, self.identity.id)
                )
            await self.run_app(app)
            return self.crashed(app)
        finally:
            self.placement = None
            t.trace_tag = ""
            await lobby.detach(table_id, seat, self.id, left=not self.stopped)

    async def watch(self, table_id: str | None) -> bool:
        """Watch a playing table in the table app (a spectator: 旁观) until the
        player leaves it; True: the app failed."""
        t = self.terminal
        assert t is not None
        try:
            seat = await self.ctx.lobby.watch_table(
                table_id or "", self.identity.name, self.identity.id, self.id
            )
        except LobbyError:
            return False  # (it ended, or is full, meanwhile: the lobby again)
        except HostLost:
            self.resuming = True
            return False
        try:
            app = self.table_app(seat, Spectator(seat))
            await self.run_app(app)
            return self.crashed(app)
        finally:
            seat.release()

    def table_app(
        self, table: Any, seating: Remote | Spectator, show_hand: ShowHand | None = None
    ) -> RemoteShengjiApp:
        """The table app on this session's terminal, in its player's language,
        look and options (a player's seat, or a spectator's)."""
        t = self.terminal
        assert t is not None
        setup = AppSetup(
            lang=self.lang,
            ascii=self.settings.ascii,
            theme=self.settings.theme,
            options=self.options(),
            console=t.console(),
            no_color="NO_COLOR" in t.env,
            driver_class=t.driver_class(),
            settings=self.settings,
            keep_settings=self.keep_settings,
        )
        return RemoteShengjiApp(table, seating, setup, show_hand=show_hand)

    async def run_app(self, app: App[Any]) -> Any:
        if self.stopped:
            return None
        t = self.terminal
        assert t is not None
        self.app = app
        policy = self.ctx.gc
        policy.session_starting()
        # once the app is up, its objects live long: out of the collector's way
        started = asyncio.get_running_loop().call_later(1.0, policy.session_started)
        try:
            return await app.run_async(size=t.size)
        finally:
            started.cancel()
            self.app = None
            self.return_code = app.return_code
            # freed now by reference counting, not by the collector's next full
            # pass over every table (docs/performance.md, "Many players leaving")
            patches.release_app(app)
            policy.session_ended(len(self.ctx.live))
            # Leak 2 (docs/architecture.md "SSH traps"): apps ending out of order
            # leave sys.stdout pointing at a dead app's capture.
            sys.stdout = sys.__stdout__
            sys.stderr = sys.__stderr__
