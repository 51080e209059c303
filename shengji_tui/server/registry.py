"""The lobby's tables: who sits where, who is ready, which tables play.

One `Registry` per server. A *room* is a table as the lobby sees it: its
options, its seats (empty, a human identity, or a bot of a level), the ready
marks, and, once everyone seated pressed ready, the authoritative `Table`.

Durability: the game itself is the `Table`'s (every move in the `Store`
before it is acknowledged). The lobby's own facts (who owns which seat, the
options) are in `lobby.json` beside the store, rewritten atomically (write,
fsync, rename) on every change, so a server killed at any moment comes back
with every playing table, and each player who reconnects with the same
identity sits at the same seat of the same game.

Seats of a playing table belong to their identity until the match ends or the
player gives the seat up. A player who drops keeps the seat; the table waits
`grace` seconds (a table option), then a bot plays for them until they return.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from ..bots import Bot, RandomBot
from ..engine.state import SUPPORTED
from ..rules import RuleSet
from ..store import Store
from ..table import Table
from ..table.plan import bot_seed

log = logging.getLogger("shengji_tui.server")

LOBBY_FILE = "lobby.json"
RoomStatus = Literal["waiting", "playing", "finished"]
SlotKind = Literal["empty", "human", "bot"]

BOT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")


class Holder(Protocol):
    """A session sitting at a seat: it can be told to go (another session of the
    same identity took the seat)."""

    def kick(self, reason: str, **kw: object) -> None: ...


# ----------------------------------------------------------------- bots


def bot_levels() -> list[str]:
    """The bot levels the lobby offers (bots/levels.py's when it exists)."""
    try:
        from ..bots import levels  # type: ignore[attr-defined]
    except ImportError:
        return ["random"]
    names = getattr(levels, "LEVELS", None) or getattr(levels, "LEVEL_NAMES", None)
    if isinstance(names, dict):
        return [str(k) for k in names]
    if names:
        return [str(n) for n in names]
    return ["random"]


def make_bot(level: str, seed: int, name: str) -> Bot:
    try:
        from ..bots.levels import make_bot as factory  # type: ignore[import-not-found]
    except ImportError:
        factory = None
    if factory is not None and level != "random":
        try:
            bot: Bot = factory(level, seed, name)
            return bot
        except Exception:
            log.warning("no bot of level %r: a random bot plays", level)
    return RandomBot(seed=seed, name=name)


# ----------------------------------------------------------------- model


@dataclass
class TableOptions:
    preset: str = "classic"
    grace: float = 60.0  # seconds a dropped player's seat waits before a bot plays
    bot_delay: float = 0.6
    deal_delay: float = 0.05
    standin_level: str = "random"  # the bot that plays for an absent player
    seed: int | None = None


@dataclass
class Slot:
    kind: SlotKind = "empty"
    name: str = ""
    identity: str | None = None
    level: str | None = None  # a bot's level
    ready: bool = False


@dataclass
class Room:
    table_id: str
    options: TableOptions
    seed: int
    players: int
    slots: list[Slot]
    status: RoomStatus = "waiting"
    table: Table | None = None
    holders: dict[int, Holder] = field(default_factory=dict)
    away: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    spectators: int = 0
    number: int = 0  # shown in the lobby

    def seat_of(self, identity: str) -> int | None:
        for s, slot in enumerate(self.slots):
            if slot.kind == "human" and slot.identity == identity:
                return s
        return None

    def free_seats(self) -> list[int]:
        return [s for s, slot in enumerate(self.slots) if slot.kind == "empty"]

    def humans(self) -> list[int]:
        return [s for s, slot in enumerate(self.slots) if slot.kind == "human"]

    def connected(self, seat: int) -> bool:
        return seat in self.holders

    def describe_seats(self) -> str:
        parts = []
        for s, slot in enumerate(self.slots):
            if slot.kind == "empty":
                parts.append("·")
            elif slot.kind == "bot":
                parts.append(f"{slot.name}(bot)")
            else:
                mark = "" if self.connected(s) or self.status != "playing" else "(away)"
                parts.append(slot.name + mark)
        return ", ".join(parts)


class LobbyError(Exception):
    """A lobby request that cannot be done now; `str(e)` is a sentence (English).

    `key` names the sentence in the text catalogue (`lobby.error.<key>`, with
    `fields` as its placeholders) so the lobby can say it in the player's language."""

    def __init__(self, text: str, key: str = "", **fields: object) -> None:
        super().__init__(text)
        self.key = key
        self.fields = fields


# ----------------------------------------------------------------- registry


class Registry:
    def __init__(
        self,
        store: Store | None = None,
        data_dir: Path | None = None,
        *,
        default_options: TableOptions | None = None,
    ) -> None:
        self.store = store
        self.data_dir = data_dir
        self.default_options = default_options or TableOptions()
        self.rooms: dict[str, Room] = {}
        self._listeners: list[Callable[[], None]] = []
        self._watchers: dict[str, asyncio.Task[None]] = {}
        self._number = 0

    # ------------------------------------------------------------- listeners
    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(callback)

        return unsubscribe

    def _changed(self, save: bool = True) -> None:
        if save:
            self.save()
        for cb in list(self._listeners):
            try:
                cb()
            except Exception:
                log.exception("a lobby listener failed")

    # ------------------------------------------------------------- reading
    def listing(self) -> list[Room]:
        return sorted(
            (r for r in self.rooms.values() if r.status != "finished"), key=lambda r: r.number
        )

    def find_seat(self, identity: str) -> tuple[Room, int] | None:
        for room in self.listing():
            seat = room.seat_of(identity)
            if seat is not None:
                return room, seat
        return None

    def room(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is None or room.status == "finished":
            raise LobbyError("that table is gone", "gone")
        return room

    # ------------------------------------------------------------- changes
    def create(self, options: TableOptions, identity: str, name: str) -> Room:
        if options.preset not in SUPPORTED:
            raise LobbyError(
                f"the {options.preset!r} preset cannot be played yet",
                "preset",
                preset=options.preset,
            )
        if self.find_seat(identity) is not None:
            raise LobbyError("you already have a seat: leave it first", "have_seat")
        rules = RuleSet.preset(options.preset)
        seed = options.seed if options.seed is not None else random.randrange(2**31)
        self._number += 1
        room = Room(
            table_id=f"t{self._number}-{uuid.uuid4().hex[:8]}",
            options=options,
            seed=seed,
            players=rules.players,
            slots=[Slot() for _ in range(rules.players)],
            number=self._number,
        )
        room.slots[0] = Slot("human", name, identity)
        self.rooms[room.table_id] = room
        self._changed()
        return room

    def sit(self, room: Room, seat: int | None, identity: str, name: str) -> int:
        """Take `seat` (None: the first free one) of a waiting table; moving seats
        at the same table is allowed."""
        if room.status != "waiting":
            raise LobbyError("that table is already playing", "playing")
        mine = self.find_seat(identity)
        if mine is not None and mine[0] is not room:
            raise LobbyError(
                "you already have a seat at another table: leave it first", "seat_elsewhere"
            )
        if seat is None:
            free = room.free_seats()
            if not free:
                raise LobbyError("that table is full", "full")
            seat = free[0]
        if not 0 <= seat < room.players:
            raise LobbyError("there is no such seat", "no_such_seat")
        slot = room.slots[seat]
        if slot.kind == "human" and slot.identity == identity:
            return seat
        if slot.kind != "empty":
            raise LobbyError("that seat is taken", "taken")
        if mine is not None:
            room.slots[mine[1]] = Slot()
        room.slots[seat] = Slot("human", name, identity)
        for s in room.slots:
            s.ready = False
        self._changed()
        return seat

    def leave(self, identity: str) -> None:
        """Give up this identity's seat (a playing table: a bot takes it over)."""
        found = self.find_seat(identity)
        if found is None:
            return
        room, seat = found
        if room.status == "waiting":
            room.slots[seat] = Slot()
            room.holders.pop(seat, None)
            for s in room.slots:
                s.ready = False
            if not room.humans():
                room.status = "finished"
                self.rooms.pop(room.table_id, None)
            self._changed()
            return
        # playing: a bot of the stand-in level takes the seat for good
        slot = room.slots[seat]
        level = room.options.standin_level
        room.slots[seat] = Slot("bot", slot.name, None, level, True)
        room.holders.pop(seat, None)
        self._cancel_away(room, seat)
        if room.table is not None:
            room.table.set_bot(seat, make_bot(level, bot_seed(room.seed, seat), slot.name))
        self._changed()

    def add_bots(self, room: Room, level: str) -> None:
        if room.status != "waiting":
            raise LobbyError("that table is already playing", "playing")
        used = {s.name for s in room.slots}
        names = [n for n in BOT_NAMES if n not in used]
        for s, slot in enumerate(room.slots):
            if slot.kind == "empty":
                name = names.pop(0) if names else f"bot {s + 1}"
                room.slots[s] = Slot("bot", name, None, level, True)
        self._changed()
        self._maybe_start(room)

    def remove_bot(self, room: Room, seat: int) -> None:
        if room.status != "waiting" or room.slots[seat].kind != "bot":
            raise LobbyError("there is no bot to remove there", "no_bot")
        room.slots[seat] = Slot()
        self._changed()

    def set_ready(self, room: Room, identity: str, ready: bool) -> None:
        seat = room.seat_of(identity)
        if seat is None or room.status != "waiting":
            return
        room.slots[seat].ready = ready
        self._changed()
        self._maybe_start(room)

    def _maybe_start(self, room: Room) -> None:
        if room.status != "waiting":
            return
        if any(s.kind == "empty" or not s.ready for s in room.slots):
            return
        if not room.humans():
            return
        self._start(room)

    def _start(self, room: Room) -> None:
        o = room.options
        rules = RuleSet.preset(o.preset)
        names = [s.name for s in room.slots]
        bots: dict[int, Bot] = {}
        for s, slot in enumerate(room.slots):
            if slot.kind == "bot":
                bots[s] = make_bot(slot.level or "random", bot_seed(room.seed, s), slot.name)
        table = Table(
            rules,
            room.seed,
            table_id=room.table_id,
            store=self.store,
            names=names,
            bots=bots,
            bot_delay=o.bot_delay,
            deal_delay=o.deal_delay,
        )
        room.table = table
        room.status = "playing"
        for s in room.humans():
            if s not in room.holders:
                table.set_connected(s, False)
                self._start_away(room, s)
        self._changed()
        asyncio.get_running_loop().create_task(table.start())
        self._watch(room)

    # ------------------------------------------------------------- sessions
    def attach(self, room: Room, seat: int, holder: Holder) -> None:
        """A session of the seat's identity is here (in the waiting room or at the table)."""
        old = room.holders.get(seat)
        room.holders[seat] = holder
        if old is not None and old is not holder:
            old.kick("elsewhere")
        self._cancel_away(room, seat)
        table = room.table
        if table is not None and room.status == "playing":
            if table.bot_at(seat) is not None and room.slots[seat].kind == "human":
                table.set_bot(seat, None)  # the stand-in hands the seat back
            table.set_connected(seat, True)
        self._changed(save=False)

    def detach(self, room: Room, seat: int, holder: Holder, *, left: bool = False) -> None:
        """The session at `seat` went away (`left`: back to the lobby on purpose,
        so the bot stands in at once; else a dropped connection: after `grace`)."""
        if room.holders.get(seat) is not holder:
            return
        del room.holders[seat]
        if room.status == "waiting":
            # a seat at a table that has not started is kept only while its session lives
            self.leave_seat(room, seat)
            return
        if room.status == "playing" and room.table is not None:
            room.table.set_connected(seat, False)
            self._start_away(room, seat, 0.0 if left else None)
        self._changed(save=False)

    def leave_seat(self, room: Room, seat: int) -> None:
        ident = room.slots[seat].identity
        if ident is not None:
            self.leave(ident)

    def _start_away(self, room: Room, seat: int, delay: float | None = None) -> None:
        self._cancel_away(room, seat)
        grace = room.options.grace if delay is None else delay
        loop = asyncio.get_running_loop()
        room.away[seat] = loop.call_later(max(0.0, grace), self._stand_in, room, seat)

    def _cancel_away(self, room: Room, seat: int) -> None:
        handle = room.away.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def _stand_in(self, room: Room, seat: int) -> None:
        room.away.pop(seat, None)
        table = room.table
        slot = room.slots[seat]
        if table is None or room.status != "playing" or slot.kind != "human":
            return
        if seat in room.holders or table.bot_at(seat) is not None:
            return
        level = room.options.standin_level
        table.set_bot(seat, make_bot(level, bot_seed(room.seed, seat), slot.name))
        log.info("table %s: a bot plays for %s (seat %d)", room.table_id, slot.name, seat + 1)
        self._changed(save=False)

    def _watch(self, room: Room) -> None:
        table = room.table
        if table is None:
            return

        async def watch() -> None:
            try:
                await table.wait_finished()
            except Exception:
                log.exception("table %s failed", room.table_id)
            if table.finished:
                room.status = "finished"
                for h in room.away.values():
                    h.cancel()
                room.away.clear()
                self._changed()

        self._watchers[room.table_id] = asyncio.get_running_loop().create_task(watch())

    # ------------------------------------------------------------- persistence
    @property
    def lobby_path(self) -> Path | None:
        return None if self.data_dir is None else self.data_dir / LOBBY_FILE

    def save(self) -> None:
        path = self.lobby_path
        if path is None:
            return
        data = {
            "version": 1,
            "number": self._number,
            "rooms": [
                {
                    "table_id": r.table_id,
                    "number": r.number,
                    "status": r.status,
                    "seed": r.seed,
                    "players": r.players,
                    "options": asdict(r.options),
                    "slots": [asdict(s) for s in r.slots],
                }
                for r in self.rooms.values()
                if r.status != "finished"
            ],
        }
        tmp = path.with_name(path.name + ".tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError:
            log.exception("could not save the lobby to %s", path)

    def load(self) -> list[str]:
        """Rebuild the rooms from `lobby.json` and the store; the playing tables are
        restored from their logs and started. Returns sentences for the log."""
        said: list[str] = []
        path = self.lobby_path
        if path is None or not path.exists():
            return said
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            said.append(f"the lobby file {path} is unreadable ({e}); starting with no tables")
            return said
        self._number = int(data.get("number", 0))
        for rd in data.get("rooms", []):
            try:
                room = Room(
                    table_id=str(rd["table_id"]),
                    options=TableOptions(**rd.get("options", {})),
                    seed=int(rd["seed"]),
                    players=int(rd["players"]),
                    slots=[Slot(**s) for s in rd["slots"]],
                    status=rd.get("status", "waiting"),
                    number=int(rd.get("number", 0)),
                )
            except (KeyError, TypeError, ValueError) as e:
                said.append(f"skipped a damaged lobby entry ({e})")
                continue
            in_store = self.store is not None and self.store.has_table(room.table_id)
            if in_store:
                assert self.store is not None
                o = room.options
                table = Table.restore(
                    self.store, room.table_id, bot_delay=o.bot_delay, deal_delay=o.deal_delay
                )
                if table.finished:
                    continue
                room.table = table
                room.status = "playing"
                for s, slot in enumerate(room.slots):
                    if slot.kind == "human":
                        table.set_connected(s, False)
                        if table.bot_at(s) is None:
                            self._start_away(room, s)
                    elif slot.kind == "bot" and table.bot_at(s) is None:
                        table.set_bot(
                            s, make_bot(slot.level or "random", bot_seed(room.seed, s), slot.name)
                        )
                self.rooms[room.table_id] = room
                said.append(
                    f"restored table {room.number} ({room.table_id}, {o.preset}) at move "
                    f"{table.state.version}: {room.describe_seats()}"
                )
            else:
                # A table that had not started: its players' seats lived only as long
                # as their sessions, and bots alone do not keep a table. Dropped.
                continue
        for room in list(self.rooms.values()):
            if room.table is not None:
                asyncio.get_running_loop().create_task(room.table.start())
                self._watch(room)
        self.save()
        return said

    async def close(self) -> None:
        for room in self.rooms.values():
            for h in room.away.values():
                h.cancel()
            room.away.clear()
        for task in self._watchers.values():
            task.cancel()
        for room in list(self.rooms.values()):
            if room.table is not None:
                await room.table.close()
        self._changed(save=False)


def options_dict(o: TableOptions) -> dict[str, Any]:
    return asdict(o)
