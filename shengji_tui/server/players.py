"""The server's players: who is remembered, the invite codes, settings kept,
players taken out while the server runs, finished matches recorded.

`PlayerDesk` is the server's side of `players.PlayerBook` (the records in the
store): every call that reads or writes the store runs on a thread (the
store's lock may be held by a table's synced append), never on the event loop.

- Logins (`server.py`): `status(identity)` ("active", "removed", "unknown");
  `arrive` for an identity the server lets in by itself (authorized keys,
  passwords file, `--open`): its record and its name on the server.
- Invites (`--invites`): a key the server does not know is let through SSH
  (the key is proven) and asked for a code in the terminal (`invite.py`); a
  keyless friend redeems one by keyboard-interactive login, choosing a
  password. Every wrong code is a failed login: logged, counted per
  connection and per source address (`authguard.FailureLog`: past its budget
  the address is refused for the minute), each refusal a little later.
- `keep_settings(identity, settings)`: written on a thread, in order.
- `watch_removals(on_removed)`: every `poll` seconds, the players taken out
  since (`shengji players --remove`, another process; at the first look,
  every removed player) are handed to the server, which gives their seats to
  stand-in bots and closes their sessions.
- `record_finished(table_id, identities)`: a finished match's results and
  ratings (`players.results`), on a thread; a failure is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..players.book import InviteRefused, Player, PlayerBook, Via
from ..players.profile import profile, shown_name
from ..players.results import Recorded, leaderboard, record_match
from ..players.settings import PlayerSettings
from ..store import Store
from .authguard import FailureLog

log = logging.getLogger("shengji_tui.server")

Status = Literal["active", "removed", "unknown"]
INVITE_TRIES = 3  # codes one session may try before it is closed
MIN_PASSWORD = 8  # characters of a password chosen at an invite


@dataclass
class CodeCheck:
    """What a code typed at the invite prompt came to: `player` when it
    registered the key, else `refused` (an `InviteRefused` key, or "blocked"
    for an address past its failures' budget) and the tries left."""

    player: Player | None = None
    refused: str = ""
    tries_left: int = 0


class PlayersLike(Protocol):
    """What a session asks of the players' records: the `PlayerDesk` of this
    process, or a front end's `proxies.PlayersProxy` (the host's desk)."""

    failures: FailureLog  # failed codes, counted by address

    async def status(self, identity: str) -> Status: ...

    async def arrive(self, identity: str, name: str, via: Via) -> Player | None: ...

    async def password_of(self, identity: str) -> str | None: ...

    async def name_free(self, name: str, identity: str) -> bool: ...

    async def code_usable(self, code: str) -> str | None: ...

    async def redeem(
        self, code: str, identity: str, name: str, password: str | None = None
    ) -> Player | str: ...

    async def failed_code(self, addr: str, user: str, why: str) -> None: ...

    def keep_settings(self, identity: str, settings: PlayerSettings) -> None: ...

    async def profile(self, identity: str, *, public: bool = False) -> dict[str, Any] | None: ...

    async def leaderboard(self, family: str, top: int = 20) -> list[dict[str, Any]]: ...


class PlayerDesk:
    def __init__(self, store: Store, failures: FailureLog, *, poll: float = 2.0) -> None:
        self.book = PlayerBook(store)
        self.failures = failures
        self.poll = poll
        self._writes: asyncio.Lock | None = None
        self._pending: set[asyncio.Task[None]] = set()  # settings being written
        self._removals: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ logins
    async def status(self, identity: str) -> Status:
        try:
            p = await asyncio.to_thread(self.book.get, identity)
        except Exception as e:  # a store that fails: nobody is known by it (logged)
            log.error("cannot read the player %s: %s", identity[:40], e)
            return "unknown"
        if p is None:
            return "unknown"
        return "removed" if p.removed else "active"

    async def arrive(self, identity: str, name: str, via: Via) -> Player | None:
        """The record of an identity the server let in (None: the store failed,
        logged; the player plays under the name they came with)."""
        try:
            return await asyncio.to_thread(self.book.arrive, identity, name, via)
        except Exception as e:
            log.error("cannot keep the player %s: %s", identity[:40], e)
            return None

    async def password_of(self, identity: str) -> str | None:
        try:
            return await asyncio.to_thread(self.book.password_of, identity)
        except Exception as e:
            log.error("cannot read the player %s: %s", identity[:40], e)
            return None

    async def name_free(self, name: str, identity: str) -> bool:
        try:
            return await asyncio.to_thread(self.book.name_free, name, identity)
        except Exception as e:
            log.error("cannot look the name %r up: %s", name[:40], e)
            return False

    async def code_usable(self, code: str) -> str | None:
        try:
            return await asyncio.to_thread(self.book.code_usable, code)
        except Exception as e:
            log.error("cannot read the invites: %s", e)
            return "unknown"

    async def redeem(
        self, code: str, identity: str, name: str, password: str | None = None
    ) -> Player | str:
        """The player registered by `code`, else why not (an `InviteRefused` key)."""
        try:
            return await asyncio.to_thread(
                lambda: self.book.redeem(code, identity, name, password=password)
            )
        except InviteRefused as e:
            return e.key
        except Exception as e:
            log.error("cannot redeem an invite for %s: %s", identity[:40], e)
            return "unknown"

    async def failed_code(self, addr: str, user: str, why: str) -> None:
        """A wrong code from `addr`: logged and counted as a failed login, the
        answer delayed as a wrong password's."""
        recent = self.failures.record(addr)
        log.warning(
            "failed login: user %s from %s by invite code (%s; %d from this address "
            "in the last minute)",
            repr(user[:64]),
            addr,
            why,
            recent,
        )
        await asyncio.sleep(self.failures.delay(recent))

    # ------------------------------------------------------------ settings
    def keep_settings(self, identity: str, settings: PlayerSettings) -> None:
        """Keep a player's settings (on a thread, in the order asked; a failure
        is logged: only this change is lost)."""
        loop = asyncio.get_running_loop()
        if self._writes is None:
            self._writes = asyncio.Lock()
        lock = self._writes

        async def write() -> None:
            async with lock:
                try:
                    await asyncio.to_thread(self.book.keep_settings, identity, settings)
                except Exception as e:
                    log.error("cannot keep the settings of %s: %s", identity[:40], e)

        task = loop.create_task(write())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # ------------------------------------------------------------ removals
    def watch_removals(self, on_removed: Callable[[str], None]) -> None:
        async def watch() -> None:
            # (from the start: a player removed while the server was down loses
            # the seats its restored tables keep for them too)
            since = 0.0
            while True:
                await asyncio.sleep(self.poll)
                try:
                    gone = await asyncio.to_thread(self.book.removed_since, since)
                except Exception as e:
                    log.error("cannot read the removed players: %s", e)
                    continue
                for identity, when in gone:
                    since = max(since, when)
                    try:
                        on_removed(identity)
                    except Exception:
                        log.exception("taking out the removed player %s failed", identity[:40])

        self._removals = asyncio.get_running_loop().create_task(watch())

    async def close(self) -> None:
        if self._removals is not None:
            self._removals.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._removals
        if self._writes is not None:
            async with self._writes:  # (the last settings written)
                pass

    # ------------------------------------------------------------ matches
    async def record_finished(self, table_id: str, identities: Sequence[str]) -> Recorded | None:
        try:
            rec = await asyncio.to_thread(record_match, self.book.store, table_id, identities)
        except Exception as e:
            log.error("table %s: its results could not be recorded: %s", table_id, e)
            return None
        if rec is not None:
            log.info(
                "table %s: results recorded (%s)%s",
                table_id,
                rec.preset,
                "" if rec.rated else ", no rating moved",
            )
        return rec

    # ------------------------------------------------------------ profiles
    async def profile(self, identity: str, *, public: bool = False) -> dict[str, Any] | None:
        """A player's profile (`players.profile`); `public`: what others may see
        (their ratings and figures: no key, no dates, no game ids). None: no
        such player, or the store failed (logged)."""

        def read() -> dict[str, Any] | None:
            player = self.book.get(identity)
            if player is None:
                return None
            prof = profile(self.book.store, player)
            if public:
                prof = {k: prof[k] for k in ("name", "ratings", "presets")}
            return prof

        try:
            return await asyncio.to_thread(read)
        except Exception as e:
            log.error("cannot read the profile of %s: %s", identity[:40], e)
            return None

    async def leaderboard(self, family: str, top: int = 20) -> list[dict[str, Any]]:
        """The family's best ratings, each with its identity (None for a bot)."""

        def read() -> list[dict[str, Any]]:
            store = self.book.store
            return [
                {
                    "identity": None if st.bot else st.identity,
                    "name": shown_name(self.book, st.identity),
                    "bot": st.bot,
                    "shown": st.shown,
                    "matches": st.rating.matches,
                }
                for st in leaderboard(store, family, top)
            ]

        try:
            return await asyncio.to_thread(read)
        except Exception as e:
            log.error("cannot read the ratings: %s", e)
            return []
