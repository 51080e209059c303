"""The lobby's tables: who sits where, who is ready, which tables play.

One `Registry` per server. A *room* is a table as the lobby sees it: its
options, its seats (empty, a human identity, or a bot of a level), the ready
marks, and, once everyone seated pressed ready, the authoritative `Table`.

Durability: the game itself is the `Table`'s (every move in the `Store`
before it is acknowledged). The store is the truth for the lobby's own facts
too: a playing table keeps its room's record (options, who holds which seat,
who made it) beside the game in the store (`Table.meta`, key "lobby"). At
start the lobby's tables are rebuilt from the store's unfinished server
tables; `lobby.json` beside the store (rewritten atomically on every change:
temporary file, fsync, rename, fsync of the directory; mode 0600) supplies
the record of a table that has none in the store (one from before the store
kept it). A `lobby.json` that is missing, empty, half-written, not JSON or of
the wrong shape is kept aside as `lobby.json.damaged-<time>` (so is one with a
damaged entry) and said in the log; no table is lost by it. A table whose log
cannot be replayed is set aside (left in the store untouched, said in the log)
and the server starts with the others. A table whose driver fails while it
plays (an error that is not the store's, which the table rides out) is set
aside for good: marked so in the store (`Store.set_aside`: never restored),
said in the log, its players told (`Table.trouble`), and it leaves the
registry, freed from every limit.

A room's table options are a `TableSettings` (the rules, the seed, the pacing
with the grace below, the stand-in bots' level): the new-table dialog makes
one from the server's defaults, and the table is made from it, its seats
filled from the room's. The room's record keeps its own shape (`RoomRecord`).

Seats of a playing table belong to their identity until the match ends or the
player gives the seat up. A player who drops keeps the seat; the table waits
`grace` seconds (a table option), then a bot plays for them until they return.
A finished table leaves the registry (the sessions still showing its result
keep it until they leave).

Limits (`TableLimits`): how many unfinished tables the server holds and how
many one identity may have made (a table left to bots plays on by itself).
Names are unique at a table (`names.unique_name`: "alice (2)").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..bots import LEVELS, BotLevel, BotSpec, bot_level
from ..rules import RuleSet
from ..store import Store
from ..store.files import write_atomic
from ..table import (
    SERVER_COUNT,
    Pacing,
    RateLimit,
    SeatSettings,
    SettingsError,
    Table,
    TableChannel,
    TableSettings,
    bot_seed,
)
from ..table.rulesfile import playable
from .lobbyapi import (
    LobbyError,
    NoRoutes,
    Progress,
    RoomStatus,
    RoomView,
    SessionRoutes,
    SlotKind,
    SlotView,
)
from .names import name_key, unique_name

log = logging.getLogger("shengji_tui.server")
__all__ = ["LobbyError", "Registry", "Room", "RoomRecord", "Slot", "TableLimits"]

LOBBY_FILE = "lobby.json"
META_KEY = "lobby"  # the room's record in `Table.meta`
SERVER_TABLE_ID = re.compile(r"t(\d+)-[0-9a-f]{8}")  # the ids `Registry.create` makes

BOT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")


# ----------------------------------------------------------------- model


@dataclass
class Slot:
    kind: SlotKind = "empty"
    name: str = ""
    identity: str | None = None
    level: BotLevel | None = None  # a bot's level
    ready: bool = False
    show_hand: bool = False  # the player lets spectators see their hand (kibitzing)


@dataclass
class TableLimits:
    """How many tables the lobby holds (flags of `shengji serve`)."""

    max_tables: int = 32  # unfinished tables (waiting or playing) on the server (0: no limit)
    # unfinished tables made by one client: its identity or its network address (in
    # --open mode a new user name is a new identity); 0: no limit
    max_per_client: int = 3
    max_watchers: int = 16  # spectators at one table at once (0: no limit)


@dataclass
class Room:
    table_id: str
    settings: TableSettings  # its rules, seed (set), pacing, stand-in level
    slots: list[Slot]
    status: RoomStatus = "waiting"
    table: Table | None = None
    # the session (by id) of each seat's player that is here: one per seat; the
    # registry reaches it through its `SessionRoutes`
    holders: dict[int, str] = field(default_factory=dict)
    away: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    spectators: int = 0
    number: int = 0  # shown in the lobby
    creator: str | None = None  # the identity that made the table
    origin: str | None = None  # the network address it made the table from
    # what is said here beside the game: the waiting room's chat, then the table's
    # (the table keeps the waiting room's lines in the store when it starts)
    channel: TableChannel = field(default_factory=TableChannel)

    @property
    def seed(self) -> int:
        assert self.settings.seed is not None
        return self.settings.seed

    @property
    def players(self) -> int:
        return self.settings.rules.players

    @property
    def preset(self) -> str:
        return self.settings.rules.name

    def bot(self, seat: int, level: BotLevel, name: str) -> BotSpec:
        """A bot of `level` for `seat`, seeded from the table's seed."""
        return BotSpec(level=level, seed=bot_seed(self.seed, seat), name=name)

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

    def view(self) -> RoomView:
        """The room as it is now, as a snapshot (`lobbyapi.RoomView`)."""
        table = self.table
        on_auto = set(table.on_auto) if table is not None else set()
        slots = tuple(
            SlotView(
                slot.kind,
                slot.name,
                slot.identity,
                slot.level,
                slot.ready,
                slot.show_hand,
                s in self.holders,
                s in on_auto,
            )
            for s, slot in enumerate(self.slots)
        )
        progress = None
        if table is not None and self.status == "playing":
            st = table.state
            progress = Progress(st.phase, st.deal_no, st.trick_no, st.version)
        return RoomView(
            self.table_id,
            self.number,
            self.preset,
            self.players,
            self.status,
            slots,
            self.spectators,
            progress,
        )

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


# ----------------------------------------------------------------- records
#
# What `lobby.json` and a table's `meta` hold, checked field by field: a record
# that does not fit is damaged (an unknown field included: it is a file this
# version did not write), never half-read.


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OptionsRecord(_Record):
    preset: str = "classic"
    grace: float = Field(60.0, ge=0)
    bot_delay: float = Field(0.6, ge=0)
    deal_delay: float = Field(0.05, ge=0)
    declare_delay: float = Field(0.0, ge=0)  # (a record without it: bots declared at once)
    standin_level: BotLevel = "normal"
    seed: int | None = None
    card_counter: bool = True


class SlotRecord(_Record):
    kind: SlotKind = "empty"
    name: str = ""
    identity: str | None = None
    level: BotLevel | None = None
    ready: bool = False
    show_hand: bool = False  # (a record without it: spectators see no hand)


class RoomRecord(_Record):
    table_id: str = Field(min_length=1, max_length=200)
    number: int = Field(0, ge=0)
    status: Literal["waiting", "playing"] = "waiting"
    seed: int
    players: int = Field(ge=3, le=6)
    options: OptionsRecord = Field(default_factory=OptionsRecord)
    slots: list[SlotRecord]
    creator: str | None = None
    origin: str | None = Field(None, max_length=200)

    @model_validator(mode="after")
    def _seats(self) -> RoomRecord:
        if len(self.slots) != self.players:
            raise ValueError(f"{len(self.slots)} seats for {self.players} players")
        return self

    @classmethod
    def of(cls, room: Room) -> RoomRecord:
        """The record of a room as it is (not checked: the checks are for reading)."""
        st = room.settings
        return cls.model_construct(
            table_id=room.table_id,
            number=room.number,
            status="playing" if room.status == "playing" else "waiting",
            seed=room.seed,
            players=room.players,
            options=OptionsRecord.model_construct(
                preset=st.rules.name,
                **st.pacing.values_for(OptionsRecord.model_fields),
                standin_level=st.stand_in,
                seed=st.seed,
                card_counter=st.card_counter,
            ),
            slots=[SlotRecord.model_construct(**asdict(s)) for s in room.slots],
            creator=room.creator,
            origin=room.origin,
        )

    def room(self, rules: RuleSet) -> Room:
        """The room this record is of, at a table of `rules` (the table's own)."""
        o = self.options
        settings = TableSettings(
            rules=rules,
            seed=self.seed,
            pacing=Pacing.taken_from(o),
            stand_in=o.standin_level,
            card_counter=o.card_counter,
        )
        return Room(
            table_id=self.table_id,
            settings=settings,
            slots=[Slot(**s.model_dump()) for s in self.slots],
            status=self.status,
            number=self.number,
            creator=self.creator,
            origin=self.origin,
        )


class LobbyRecord(_Record):
    version: Literal[1] = 1
    number: int = Field(0, ge=0)
    rooms: list[Any]  # each checked on its own (one damaged entry spoils no other)


def _problem(e: Exception) -> str:
    """A validation error in one line (its first problem)."""
    if isinstance(e, ValidationError):
        err = e.errors()[0]
        where = ".".join(str(x) for x in err.get("loc", ()))
        if err.get("type") in ("model_type", "dict_type"):
            msg = "not a JSON object"
        else:
            msg = str(err.get("msg", "invalid"))
        return f"{where}: {msg}" if where else msg
    return str(e) or type(e).__name__


# ----------------------------------------------------------------- registry


class Registry:
    def __init__(
        self,
        store: Store | None = None,
        data_dir: Path | None = None,
        *,
        default_options: TableSettings | None = None,
        limits: TableLimits | None = None,
        external_bots: Sequence[str] = (),
        seed_base: int | None = None,
    ) -> None:
        self.store = store
        # a benchmark's: the n-th table made has seed `seed_base` + n (None: random)
        self.seed_base = seed_base
        # the bots the lobby offers: the built-in levels and the programs the
        # server was started with (`--external-bot`: players cannot name one)
        self.bot_levels: tuple[str, ...] = (
            *LEVELS,
            *(bot_level("external:" + c) for c in external_bots),
        )
        self.data_dir = data_dir
        # what the new-table dialog starts from (rules, pacing, stand-in level)
        self.default_options = default_options or TableSettings()
        self.limits = limits or TableLimits()
        self.rooms: dict[str, Room] = {}
        self.chat_rate = RateLimit(SERVER_COUNT)  # every table's chat together
        self._listeners: list[Callable[[], None]] = []
        self._notices: dict[str, list[Callable[[str, dict[str, object]], None]]] = {}
        self._end_waits: dict[str, asyncio.Task[None]] = {}  # table id -> awaiting its end
        self._number = 0
        # told of a match that ended, before its room leaves (the players' results)
        self.on_finished: Callable[[Room], None] | None = None
        self.save_error: str | None = None  # why the last save of lobby.json failed
        self.routes: SessionRoutes = NoRoutes()  # the sessions, by id (the server's)
        self._told_save: set[str] = set()  # tables whose maker heard of this failure

    def _add(self, room: Room) -> None:
        """`room` in the lobby; its chat counted in the server's budget too."""
        room.channel.budget.server = self.chat_rate
        self.rooms[room.table_id] = room

    # ------------------------------------------------------------- listeners
    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(callback)

        return unsubscribe

    def subscribe_notices(
        self, identity: str, callback: Callable[[str, dict[str, object]], None]
    ) -> Callable[[], None]:
        """`callback(key, fields)` when `identity` should be told the `[notice]`
        sentence `key` (a lobby screen of that identity listens)."""
        self._notices.setdefault(identity, []).append(callback)

        def unsubscribe() -> None:
            cbs = self._notices.get(identity, [])
            with contextlib.suppress(ValueError):
                cbs.remove(callback)
            if not cbs:
                self._notices.pop(identity, None)

        return unsubscribe

    def tell(self, identity: str | None, key: str, **fields: object) -> bool:
        """Show `identity` the `[notice]` sentence `key`: on its lobby screens, else
        on the session holding its seat. False: it is nowhere to be told."""
        if identity is None:
            return False
        told = False
        for cb in list(self._notices.get(identity, [])):
            try:
                cb(key, fields)
                told = True
            except Exception:
                log.exception("a lobby notice failed")
        if told:
            return True
        found = self.find_seat(identity)
        holder = None if found is None else found[0].holders.get(found[1])
        if holder is None:
            return False
        try:
            return self.routes.tell(holder, key, dict(fields))
        except Exception:
            log.exception("a notice to a session failed")
            return False

    def _tell_save_failed(self, room: Room) -> None:
        """The room's maker hears of a failed save, once while saving fails."""
        if room.table_id in self._told_save:
            return
        if self.tell(room.creator, "lobby_save_failed", error=self.save_error or ""):
            self._told_save.add(room.table_id)

    def _changed(self, save: bool = True, room: Room | None = None) -> None:
        if save and not self.save() and room is not None:
            self._tell_save_failed(room)
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
    def create(
        self, settings: TableSettings, identity: str, name: str, origin: str | None = None
    ) -> Room:
        """A new waiting table of `settings` (its seats are the room's) with
        `identity` at seat 1 (`origin`: the client's network address, for
        `TableLimits.max_per_client`)."""
        preset = settings.rules.name
        try:  # (a preset, or a rules file's)
            playable(settings.rules, f"the {preset!r} rules")
        except ValueError:
            raise LobbyError(
                f"the {preset!r} preset cannot be played yet", "preset", preset=preset
            ) from None
        if self.find_seat(identity) is not None:
            raise LobbyError("you already have a seat: leave it first", "have_seat")
        self.check_limits(identity, origin)
        players = settings.rules.players
        self._number += 1
        seed = settings.seed
        if seed is None:
            base = self.seed_base
            # (within the seeds made at random, whatever the base: the store's column)
            seed = random.randrange(2**31) if base is None else (base + self._number) % 2**31
        room = Room(
            table_id=f"t{self._number}-{uuid.uuid4().hex[:8]}",
            settings=settings.replace(seed=seed, seats=(), meta={}),
            slots=[Slot() for _ in range(players)],
            number=self._number,
            creator=identity,
            origin=origin,
        )
        room.slots[0] = Slot("human", name, identity)
        self._add(room)
        self._changed(room=room)
        return room

    def check_limits(self, identity: str, origin: str | None = None) -> None:
        """LobbyError (with a sentence) if `identity` (from `origin`) may not make a
        table now. (One identity holds one seat at a time, so it is a client's
        address that starts many tables, under new names.)"""
        lim = self.limits
        live = self.listing()
        if lim.max_tables > 0 and len(live) >= lim.max_tables:
            raise LobbyError(
                f"the server holds {len(live)} tables, as many as it may: "
                "join one or wait for one to end",
                "server_tables",
                n=len(live),
            )
        mine = sum(1 for r in live if r.creator == identity or (origin and r.origin == origin))
        if lim.max_per_client > 0 and mine >= lim.max_per_client:
            raise LobbyError(
                f"you may have {lim.max_per_client} tables of your making at once: "
                "wait for one of them to end",
                "your_tables",
                n=lim.max_per_client,
            )

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
            raise LobbyError(
                f"there is no seat {seat + 1}: this table has {room.players} seats",
                "no_such_seat",
                n=seat + 1,
                players=room.players,
            )
        slot = room.slots[seat]
        if slot.kind == "human" and slot.identity == identity:
            return seat
        if slot.kind != "empty":
            raise LobbyError("that seat is taken", "taken")
        shows = False
        if mine is not None:
            name = room.slots[mine[1]].name  # the name given when it sat down
            shows = room.slots[mine[1]].show_hand  # (the player's choice moves along)
            room.slots[mine[1]] = Slot()
            # its session moves with it (left behind, the next to sit there would
            # take it for its own older session and close it)
            holder = room.holders.pop(mine[1], None)
            if holder is not None:
                room.holders[seat] = holder
        else:
            name = unique_name(name, [s.name for s in room.slots if s.kind != "empty"])
        room.slots[seat] = Slot("human", name, identity, show_hand=shows)
        for s in room.slots:
            s.ready = False
        self._changed(room=room)
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
                self._told_save.discard(room.table_id)
            self._changed(room=room)
            return
        # playing: a bot of the stand-in level takes the seat for good
        slot = room.slots[seat]
        level = room.settings.stand_in
        room.slots[seat] = Slot("bot", slot.name, None, level, True)
        room.holders.pop(seat, None)
        self._cancel_away(room, seat)
        if room.table is not None:
            room.table.end_auto(seat, quiet=True)  # (a seat given up is no 托管)
            room.table.set_bot(seat, room.bot(seat, level, slot.name))
        self._changed(room=room)

    def add_bots(self, room: Room, level: BotLevel) -> None:
        if level not in self.bot_levels:
            raise LobbyError("this server offers no such bot", "unknown_bot")
        if room.status != "waiting":
            raise LobbyError("that table is already playing", "playing")
        used = {name_key(s.name) for s in room.slots if s.kind != "empty"}
        names = [n for n in BOT_NAMES if name_key(n) not in used]
        for s, slot in enumerate(room.slots):
            if slot.kind == "empty":
                taken = [x.name for x in room.slots if x.kind != "empty"]
                name = unique_name(names.pop(0) if names else f"bot {s + 1}", taken)
                room.slots[s] = Slot("bot", name, None, level, True)
        self._changed(room=room)
        self._maybe_start(room)

    def remove_bot(self, room: Room, seat: int) -> None:
        if room.status != "waiting" or room.slots[seat].kind != "bot":
            raise LobbyError("there is no bot to remove there", "no_bot")
        room.slots[seat] = Slot()
        self._changed(room=room)

    def set_show_hand(self, room: Room, identity: str, on: bool) -> None:
        """The player of `identity` lets spectators see their hand (or no longer).
        Kept with the room's record, in the table's store too once it plays (a
        restart keeps the latest choice); every spectator following the seat is
        told at once (`watching.WatchedTable` listens to the lobby)."""
        seat = room.seat_of(identity)
        if seat is None or room.slots[seat].show_hand == on:
            return
        room.slots[seat].show_hand = on
        table = room.table
        if table is not None and room.status == "playing":
            record = RoomRecord.of(room).model_copy(update={"status": "playing"}).model_dump()
            table.set_meta({**table.meta, META_KEY: record})
        self._changed(room=room)

    @staticmethod
    def shows_hand(room: Room, seat: int) -> bool:
        """Whether a spectator may follow `seat`'s own view. A player's seat: their
        choice (off unless they chose it), kept while a stand-in bot plays for
        them (away, or in 托管). A bot's seat: only at a table of bots alone (a
        spectator could tell a player what a bot holds, through the chat or beside
        the keyboard)."""
        if room.status != "playing" or not 0 <= seat < len(room.slots):
            return False
        slot = room.slots[seat]
        if slot.kind == "human":
            return slot.show_hand
        return slot.kind == "bot" and all(s.kind == "bot" for s in room.slots)

    def check_watch(self, room: Room) -> None:
        """LobbyError unless one more spectator may watch `room` (`max_watchers`:
        each spectator's screen is drawn at every move of the table)."""
        n = self.limits.max_watchers
        if n and room.spectators >= n:
            raise LobbyError(
                f"that table has {n} watchers, as many as it may: try again later",
                "watchers",
                n=n,
            )

    def count_spectator(self, room: Room, step: int) -> None:
        """A spectator comes (+1; LobbyError past `max_watchers`) or goes (-1):
        the lobby's list says how many."""
        if step > 0:
            self.check_watch(room)
        room.spectators = max(0, room.spectators + step)
        self._changed(save=False)

    def set_ready(self, room: Room, identity: str, ready: bool) -> None:
        seat = room.seat_of(identity)
        if seat is None or room.status != "waiting":
            return
        room.slots[seat].ready = ready
        self._changed(room=room)
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
        seats = []
        for s, slot in enumerate(room.slots):
            if slot.kind == "bot":
                seats.append(SeatSettings.of_bot(room.bot(s, slot.level or "random", slot.name)))
            else:  # (every seat is taken when a table starts)
                seats.append(SeatSettings.human(slot.name))
        record = RoomRecord.of(room).model_copy(update={"status": "playing"}).model_dump()
        settings = room.settings.replace(seats=tuple(seats), meta={META_KEY: record})
        table = Table(settings, table_id=room.table_id, store=self.store, channel=room.channel)
        room.table = table
        room.status = "playing"
        for s in room.humans():
            if s not in room.holders:
                table.set_connected(s, False)
                self._start_away(room, s)
        self._changed(room=room)
        asyncio.get_running_loop().create_task(table.start())
        self._await_end(room)

    # ------------------------------------------------------------- sessions
    def attach(self, room: Room, seat: int, session_id: str) -> None:
        """A session (by id) of the seat's identity is here (in the waiting room
        or at the table); one that was there before is told to go."""
        old = room.holders.get(seat)
        room.holders[seat] = session_id
        if old is not None and old != session_id:
            try:
                self.routes.kick(old, "elsewhere", {})
            except Exception:
                log.exception("a session could not be told to go")
        self._cancel_away(room, seat)
        table = room.table
        if table is not None and room.status == "playing":
            if table.bot_at(seat) is not None and room.slots[seat].kind == "human":
                table.set_bot(seat, None)  # the stand-in hands the seat back
            table.set_connected(seat, True)
        self._changed(save=False)

    def detach(self, room: Room, seat: int, session_id: str, *, left: bool = False) -> None:
        """The session at `seat` went away (`left`: back to the lobby on purpose,
        so the bot stands in at once; else a dropped connection: after `grace`)."""
        if room.holders.get(seat) != session_id:
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
        grace = room.settings.pacing.grace if delay is None else delay
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
        table.set_bot(seat, room.bot(seat, room.settings.stand_in, slot.name))
        log.info("table %s: a bot plays for %s (seat %d)", room.table_id, slot.name, seat + 1)
        self._changed(save=False)

    def _await_end(self, room: Room) -> None:
        """Once the room's table ends, release it (or set it aside if it failed).
        (A spectator watches: `check_watch`, `count_spectator`.)"""
        table = room.table
        if table is None:
            return

        async def until_end() -> None:
            try:
                await table.wait_finished()
            except Exception:  # (the table logged it, set itself aside, told its players)
                self._end_waits.pop(room.table_id, None)
                self._set_aside(room)
                return
            self._end_waits.pop(room.table_id, None)
            if table.finished:
                if self.on_finished is not None:
                    try:
                        self.on_finished(room)
                    except Exception:
                        log.exception("table %s: after its end", room.table_id)
                self._release(room)

        self._end_waits[room.table_id] = asyncio.get_running_loop().create_task(until_end())

    def _release(self, room: Room) -> None:
        """A finished table leaves the registry: nothing of it is kept for the
        server's life (the sessions showing its result hold it until they leave)."""
        room.status = "finished"
        for h in room.away.values():
            h.cancel()
        room.away.clear()
        if self.rooms.get(room.table_id) is room:
            del self.rooms[room.table_id]
        self._told_save.discard(room.table_id)
        log.info("table %s finished: released", room.table_id)
        self._changed()

    def _set_aside(self, room: Room) -> None:
        """A table whose driver failed leaves the registry as a finished one does:
        its seats, its place among the server's tables and its maker's are free
        (`TableLimits`); the store keeps it set aside, never restored. The
        sessions at it keep showing it, stopped, until they leave."""
        room.status = "finished"
        for h in room.away.values():
            h.cancel()
        room.away.clear()
        if self.rooms.get(room.table_id) is room:
            del self.rooms[room.table_id]
        self._told_save.discard(room.table_id)
        log.error(
            "table %s stopped: set aside (kept in the store, not restored at start); "
            "its seats and its place in the tables' limits are free",
            room.table_id,
        )
        self._changed()

    # ------------------------------------------------------------- persistence
    @property
    def lobby_path(self) -> Path | None:
        return None if self.data_dir is None else self.data_dir / LOBBY_FILE

    def record(self) -> dict[str, Any]:
        """What `lobby.json` holds."""
        return {
            "version": 1,
            "number": self._number,
            "rooms": [
                RoomRecord.of(r).model_dump() for r in self.rooms.values() if r.status != "finished"
            ],
        }

    def save(self) -> bool:
        """Write `lobby.json` (atomically) and each playing room's record into the
        store beside its game. False: something could not be written (logged,
        `save_error` says what)."""
        errors: list[str] = []
        for room in list(self.rooms.values()):
            if room.table is not None and room.status == "playing":
                rec = RoomRecord.of(room).model_dump()
                try:
                    room.table.set_meta({**room.table.meta, META_KEY: rec})
                except Exception as e:
                    log.error(
                        "table %s: could not keep its lobby record in the store: %s",
                        room.table_id,
                        e,
                    )
                    errors.append(str(e) or type(e).__name__)
        path = self.lobby_path
        if path is not None:
            data = json.dumps(self.record(), ensure_ascii=False, indent=1).encode()
            try:
                write_atomic(path, data)
            except OSError as e:
                log.error("could not save the lobby to %s: %s", path, e)
                errors.append(e.strerror or str(e))
        if errors:
            self.save_error = "; ".join(errors)
            return False
        if self.save_error is not None:
            log.info("the lobby is saved again")
        self.save_error = None
        self._told_save.clear()
        return True

    def _say(self, said: list[str], level: int, text: str) -> None:
        """A line for the server's start-up output that goes to the log as well."""
        said.append(text)
        log.log(level, "%s", text)

    def _read_lobby_file(self, said: list[str]) -> dict[str, RoomRecord]:
        """The valid room records of `lobby.json`; a file or entry that is damaged
        is kept aside (a copy of the whole file) and said."""
        path = self.lobby_path
        if path is None:
            return {}
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            if self.store is not None and self.store.unfinished():
                self._say(
                    said,
                    logging.WARNING,
                    f"no lobby file {path}: the tables are rebuilt from the game store",
                )
            return {}
        except OSError as e:
            self._say(
                said,
                logging.ERROR,
                f"cannot read the lobby file {path} ({e.strerror or e}): "
                "the tables are rebuilt from the game store",
            )
            return {}
        problems: list[str] = []
        records: dict[str, RoomRecord] = {}
        try:
            lobby = LobbyRecord.model_validate(json.loads(raw.decode("utf-8")))
        except (ValueError, UnicodeDecodeError) as e:  # ValidationError is a ValueError
            what = "empty" if not raw.strip() else f"damaged ({_problem(e)})"
            problems.append(f"the lobby file {path} is {what}")
        else:
            self._number = max(self._number, lobby.number)
            for k, entry in enumerate(lobby.rooms):
                try:
                    rec = RoomRecord.model_validate(entry)
                except ValidationError as e:
                    tid = entry.get("table_id") if isinstance(entry, dict) else None
                    problems.append(
                        f"entry {k + 1} of {path}"
                        + (f" (table {tid})" if isinstance(tid, str) else "")
                        + f" is damaged ({_problem(e)})"
                    )
                    continue
                records[rec.table_id] = rec
        if problems:
            aside = self._keep_aside(path, raw)
            kept = f"kept aside as {aside.name}" if aside else "could not be kept aside"
            for p in problems:
                self._say(
                    said,
                    logging.WARNING,
                    f"{p}: {kept}; its tables are rebuilt from the game store",
                )
        return records

    @staticmethod
    def _keep_aside(path: Path, raw: bytes) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(100):
            aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
            if not aside.exists():
                break
        try:
            write_atomic(aside, raw)
        except OSError:
            log.exception("could not keep the damaged lobby file aside")
            return None
        return aside

    def _room_from_store(self, table: Table, said: list[str]) -> Room:
        """A room for a server table that has no lobby record anywhere (one made
        before the store kept it): the seats as the table recorded them; a human's
        seat has no identity to give it back by, so a stand-in bot plays it."""
        m = SERVER_TABLE_ID.fullmatch(table.table_id)
        st = table.settings
        slots = []
        for info, seat in zip(table.seats, st.seats, strict=True):
            if info.kind == "human":
                slots.append(Slot("human", info.name, None))
            else:  # a bot (or a seat left empty, which a bot takes)
                level = seat.bot.level if seat.bot is not None else "random"
                slots.append(Slot("bot", info.name, None, level, True))
        if any(sl.kind == "human" for sl in slots):
            self._say(
                said,
                logging.WARNING,
                f"table {table.table_id}: no record of who sat where; "
                "a bot plays its players' seats",
            )
        return Room(
            table_id=table.table_id,
            settings=st.replace(meta={}),
            slots=slots,
            status="playing",
            number=int(m.group(1)) if m else 0,
        )

    def load(self) -> list[str]:
        """Rebuild the rooms from the store's unfinished server tables (their
        records there, else `lobby.json`'s); the playing tables are restored from
        their logs and started. Returns sentences for the start-up output (each
        is in the log too). Never raises for a damaged lobby file or table."""
        said: list[str] = []
        records = self._read_lobby_file(said)
        self._number = max([self._number, *(r.number for r in records.values())])
        store = self.store
        ids: list[str] = []
        if store is not None:
            try:
                ids = store.unfinished()
                aside = [tid for tid, _ in store.set_aside_tables()]
            except Exception as e:
                self._say(said, logging.ERROR, f"cannot list the game store's tables: {e}")
            else:
                if aside:
                    self._say(
                        said,
                        logging.INFO,
                        f"{len(aside)} table(s) set aside when an error stopped them, kept in "
                        f"the store and not restored: {', '.join(aside[-5:])}"
                        + (" ..." if len(aside) > 5 else ""),
                    )
        for tid in ids:
            assert store is not None
            try:
                room = self._restore(store, tid, records, said)
            except SettingsError as e:  # a bot of a level this version lacks...
                self._say(
                    said,
                    logging.ERROR,
                    f"table {tid} cannot be restored: {e}; set aside, left in the store as it is",
                )
                continue
            except Exception as e:
                log.debug("table %s cannot be restored", tid, exc_info=True)
                self._say(
                    said,
                    logging.ERROR,
                    f"table {tid} cannot be replayed ({_problem(e)}): set aside, "
                    "left in the store as it is (shengji replay shows it)",
                )
                continue
            if room is None:
                continue
            self._add(room)
            self._number = max(self._number, room.number)
            assert room.table is not None
            self._say(
                said,
                logging.INFO,
                f"restored table {room.number} ({room.table_id}, {room.preset}) "
                f"at move {room.table.state.version}: {room.describe_seats()}",
            )
        # Tables of lobby.json that had not started are dropped: their players'
        # seats lived only as long as their sessions, and bots alone keep no table.
        for room in list(self.rooms.values()):
            if room.table is not None:
                asyncio.get_running_loop().create_task(room.table.start())
                self._await_end(room)
        self.save()
        return said

    def _restore(
        self, store: Store, tid: str, records: dict[str, RoomRecord], said: list[str]
    ) -> Room | None:
        """The room of server table `tid` with its table rebuilt; None: not a
        server table (tables of `shengji play` and `autoplay` share the store), or
        finished (the replay found its end)."""
        if tid not in records and SERVER_TABLE_ID.fullmatch(tid) is None:
            return None  # `shengji play`'s or `shengji autoplay`'s table: not ours
        rec = records.get(tid)
        found: list[Room] = []
        warnings: list[str] = []

        def adjust(st: TableSettings) -> TableSettings:
            """The room's record (the store's, else lobby.json's) and the table's
            settings with its grace and stand-in level (a table of version 1
            kept them only there)."""
            in_store = st.meta.get(META_KEY)
            if in_store is not None:
                try:
                    found.append(RoomRecord.model_validate(in_store).room(st.rules))
                except ValidationError as e:
                    warnings.append(
                        f"table {tid}: its lobby record in the store is damaged "
                        f"({_problem(e)}); "
                        + ("lobby.json's is used" if rec else "rebuilt from its seats")
                    )
            if not found and rec is not None:
                found.append(rec.room(st.rules))
            # no record anywhere: a table from before the store kept it: the server's
            o = found[0].settings if found else self.default_options
            return st.replace(pacing=st.pacing.replace(grace=o.pacing.grace), stand_in=o.stand_in)

        table = Table.restore(store, tid, adjust=adjust)
        if table.finished:
            return None
        for w in warnings:
            self._say(said, logging.WARNING, w)
        room = found[0] if found else self._room_from_store(table, said)
        if len(room.slots) != table.rules.players:
            raise ValueError(
                f"{len(room.slots)} seats in the lobby's record, {table.rules.players} at the table"
            )
        room.settings = table.settings.replace(meta={})  # the table's are the room's
        room.table = table
        room.channel = table.channel
        room.status = "playing"
        for s, slot in enumerate(room.slots):
            if slot.kind == "human":
                table.set_connected(s, False)
                if table.bot_at(s) is None:
                    self._start_away(room, s)
            elif slot.kind == "bot" and table.bot_at(s) is None:
                table.set_bot(s, room.bot(s, slot.level or "random", slot.name))
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            for h in room.away.values():
                h.cancel()
            room.away.clear()
        for task in self._end_waits.values():
            task.cancel()
        for room in list(self.rooms.values()):
            if room.table is not None:
                await room.table.close()
        self._changed(save=False)
