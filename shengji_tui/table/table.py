"""`Table`: one authoritative game for asyncio callers (TUI sessions, SSH, bots).

- Made from a `TableSettings` (settings.py): the rules, the seed, who sits
  where (humans, bots by `BotSpec`, empty seats), the pacing. `settings` is
  that record as it is now (seat changes and `set_pacing` included); the store
  keeps it.
- Seats: human, bot or empty (`seats`, a list of `SeatInfo`). A bot may stand in
  for a human (`set_bot`) and hand the seat back (`set_bot(seat, None)`).
- Every change goes through one `asyncio.Lock`: commands from all seats and the
  driver's own are applied one at a time, in order.
- Durable: with a `Store`, `submit` returns only once the command and its
  events (and the summary of a deal it scores) are on disk (acknowledged =
  durable); `Table.restore` rebuilds a table by replaying its log.
- Subscribers get their seat's new view, the events as that seat may see
  them and the table's `TableStatus` (its seats, its turn clock in seconds
  left, whether the deal is held) after every change (a seat change, a hold:
  the same view and no events), so that whoever shows the table needs to ask
  it nothing between updates (a session in another process included). A
  plain callback is called in order, inline; one that returns an awaitable has
  its awaitables awaited in order by a task of its own, so a slow subscriber
  never holds up the table or the other subscribers.
- The driver task (`start`) deals at `deal_delay` a card, lets bots declare
  between cards, closes the declarations (after `declare_window` when humans
  sit at the table), lets a bot act `bot_delay` after it becomes its turn, and
  starts the next deal when every seat is a bot (humans submit `NextDeal`).
- Where a human sits, a bot declares `declare_delay` seconds (on average)
  after it first could, as a person reacts, while the cards go on being dealt
  (`plan(react=True)`); bot-only tables declare at once.
- A human may hold the deal (`hold_deal`): no card is dealt and the
  declarations stay open while anyone holds it; the holder deals one card at
  a time with its own `DealNext`. It ends with the deal (not stored).
- A store write the driver makes that fails (the disk is full, the file is
  locked) does not stop it: the state stays as it was, the driver tries again
  after a growing pause (`RETRY_DELAYS`), and `on_trouble` listeners hear of it
  (a `StoreTrouble`, then None once a write succeeds again), so the players can
  be told. Any other failure of the driver stops it for good (`wait_finished`
  raises): the table is set aside (`Store.set_aside`: kept in the store as it
  is, never restored or driven again), said in the log, its players hear a
  `DriverStopped` through `on_trouble` (`trouble` keeps it), and a command
  is refused from then on (`TableStopped`).
- `meta`: what the table's owner records beside the game in the store (the SSH
  lobby: its seat holders and table options), read back by `restore`.
- The turn clock (`Pacing.turn_clock`; clock.py): `clock` is the running one,
  for the awaited human's decision or the declaring window. When a human's
  runs out, the stand-in bot (`TableSettings.stand_in`) makes the move; after
  `TurnClock.limit` timeouts in a row the seat is in 托管 (`on_auto`: the bot
  plays it, kept in the settings) until `reclaim(seat)` (the player pressed
  a key) or a move of its own.
- `channel` (notes.py): what is said beside the game (chat: `say`) and what
  the table says of its clock, told to `listen`ers and kept in the store's
  notes; never a command, never in the game's state.

Bot-only tables are deterministic: the driver's choices are `plan.plan`, a
function of the state and the bots, and a bot decides from its seed and the
view only; a table rebuilt from its log continues exactly as the original.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import math
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..bots import Bot, BotSpec
from ..coach.analysis import GameLog
from ..coach.service import Source
from ..engine import (
    Command,
    DealReview,
    GameState,
    RuleError,
    SeatView,
    WrongSeat,
    apply,
    events_for,
    new_game,
    review_for,
    review_of,
)
from ..engine.events import Event
from ..rules import RuleSet
from ..store import Store, StoreError
from .clock import Clock, MonotonicTicker, Ticker, decision_seconds
from .notes import AutoNote, ChatNote, Note, NoteCallback, TableChannel, TimeoutNote
from .persist import NoteKeeper, Resumed, result_of, resume, stored_move
from .plan import Step, bot_move, plan
from .seats import SeatInfo, Seats
from .settings import DEFAULT_DECLARE_WINDOW, Pacing, TableSettings, bot_seed
from .takeback import TakeBackRefused, take_back_point
from .views import SPECTATOR, ViewCache

log = logging.getLogger("shengji_tui.table")

Callback = Callable[[SeatView, list[Event], "TableStatus"], Awaitable[None] | None]
T = TypeVar("T")

# pauses between attempts at a store write that failed (the last one repeats)
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
_DEALING = ("dealing", "declaring")  # the phases a hold holds
__all__ = [
    "DEFAULT_DECLARE_WINDOW",
    "RETRY_DELAYS",
    "ClockStatus",
    "DriverStopped",
    "Resumed",
    "SeatInfo",
    "StoreTrouble",
    "Table",
    "TableStatus",
    "TableStopped",
    "result_of",
]


@dataclass(frozen=True)
class StoreTrouble:
    """The table cannot store its moves: `error` is the store's sentence (for the
    log), `reason` its last clause (what to show players: no server path); the
    driver tries again in `retry_in` seconds (attempt number `attempts`)."""

    error: str
    retry_in: float
    attempts: int
    reason: str = ""
    stopped: bool = False  # (the table waits and tries again: see DriverStopped)


@dataclass(frozen=True)
class DriverStopped:
    """The table's driver failed with an error that is not the store's: the game
    cannot go on. `error` is the whole error (for the log), `reason` its kind
    (what players are told: nothing of the server's)."""

    error: str
    reason: str
    stopped: bool = True


Trouble = StoreTrouble | DriverStopped
TroubleCallback = Callable[[Trouble | None], None]


class TableStopped(RuleError):
    """A command at a table whose driver failed (`DriverStopped`)."""

    code = "stopped"


@dataclass(frozen=True)
class ClockStatus:
    """The running turn clock as a subscriber is told it: `seat`'s decision
    (None: the declaring window) has `left` seconds to go when told (not a
    deadline: the table's time is not the reader's), of `seconds`, in state
    `version`."""

    seat: int | None
    left: float
    seconds: float
    version: int


@dataclass(frozen=True)
class TableStatus:
    """What the table says of itself with every update, beside the view: each
    seat as the players see it, the turn clock (None: none runs), whether
    someone holds the deal."""

    seats: tuple[SeatInfo, ...]
    clock: ClockStatus | None = None
    deal_held: bool = False


class _Subscriber:
    def __init__(self, seat: int | None, callback: Callback) -> None:
        self.seat = seat
        self.callback = callback
        self.queue: asyncio.Queue[Awaitable[None] | None] | None = None
        self.task: asyncio.Task[None] | None = None


class Table:
    def __init__(
        self,
        settings: TableSettings,
        *,
        table_id: str | None = None,
        store: Store | None = None,
        bots: Mapping[int, Bot] | None = None,
        ticker: Ticker | None = None,
        channel: TableChannel | None = None,
        resumed: Resumed | None = None,
    ) -> None:
        """A new table of `settings` (a seed of None: a random one), kept in `store`
        when given. `bots`: bots that play instead of their seats' `BotSpec`s
        (test doubles, benchmarks); the store records the specs. `ticker`: the
        time the table runs in, its turn clock and its pace (tests: a fake one).
        `channel`: the notes said before the table was made (its waiting
        room's), kept with it. `resumed`: the game of a table already in the
        store, as its log replays it (`restore`): the table goes on from there,
        its humans disconnected until their sessions attach."""
        if resumed is not None and settings.seed is None:
            raise ValueError("a resumed table has its seed")
        if settings.seed is None:
            settings = settings.replace(seed=random.randrange(2**31))
        assert settings.seed is not None
        self._settings = settings
        self.rules: RuleSet = settings.rules
        self.seed: int = settings.seed
        self.table_id: str = table_id if table_id is not None else uuid.uuid4().hex[:12]
        self._store = store
        if resumed is None:
            self._state: GameState = new_game(self.rules, self.seed)
            # every command applied (a take-back replays them)
            self._commands: list[Command] = []
            self._past: list[DealReview] = []  # the finished deals' reviews, in order
            # who sits where (one record: `Seats`; `_settings` keeps its seats of it)
            self._seats = Seats.seated(settings)
        else:
            self._state = resumed.state
            self._commands = list(resumed.commands)
            self._past = list(resumed.past)
            self._seats = Seats.resumed(settings)
        # the seated bots as made, each with the generation its seat's occupant sat
        # down in (`Seat.since`): a bot seated again is made again
        self._made: dict[int, tuple[int, Bot]] = {}
        for s, bot in (bots or {}).items():
            if not 0 <= s < self.rules.players or settings.seats[s].kind != "bot":
                raise ValueError(f"seat {s} is not a bot's seat in the settings")
            self._made[s] = (self._seats[s].since, bot)
        self._make_bots()
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._done = asyncio.Event()
        self._subs: list[_Subscriber] = []
        self._views = ViewCache()  # for subscribers and view() (event-loop thread)
        self._bot_views = ViewCache()  # for the driver's planning (its worker thread)
        self._task: asyncio.Task[None] | None = None
        self._error: BaseException | None = None
        self._closed = False
        self._trouble_subs: list[TroubleCallback] = []
        # the driver's writes are failing (StoreTrouble), or it failed (DriverStopped)
        self.trouble: Trouble | None = None
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._ticker: Ticker = ticker or MonotonicTicker()
        self._clock: Clock | None = None
        self._timeouts: dict[int, int] = {}  # seat -> timeouts in a row
        self._stand_ins: dict[int, Bot] = {}  # the bots that play timeouts and 托管
        for s in self._seats.on_auto:
            self._stand_in(s)
        self.channel = channel if channel is not None else TableChannel()
        self._notes: NoteKeeper | None = None  # the notes' writer to the store
        self._holds: set[int] = set()  # seats holding the deal (`hold_deal`)
        self._react_due: dict[int, float] = {}  # bot seat -> when it declares (ticker time)
        if resumed is not None:
            self.channel.load(resumed.notes)
            if self.finished:
                self._done.set()
        if store is not None:
            if resumed is not None:
                self._notes = NoteKeeper(store, self.table_id, resumed.note_n)
            else:
                if store.has_table(self.table_id):
                    raise StoreError(
                        f"there is already a table {self.table_id!r} in the store: "
                        "use Table.restore to continue it"
                    )
                store.create_table(
                    self.table_id, self.rules, self.seed, settings.names, settings.stored()
                )
                self._notes = NoteKeeper(store, self.table_id)
                for note in self.channel.recent():  # the waiting room's
                    self._notes.keep(note)
            self.channel.persist = self._notes.keep

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        """The authoritative state (immutable: never mutate it)."""
        return self._state

    @property
    def store(self) -> Store | None:
        return self._store

    @property
    def settings(self) -> TableSettings:
        """The table's settings as they are now (the seats included)."""
        return self._settings

    @property
    def seats(self) -> list[SeatInfo]:
        """Each seat as the players see it now (a copy)."""
        return list(self._seats.infos)

    @property
    def seating(self) -> Seats:
        """Who sits where now, as one immutable record (`Seats`: per seat who,
        connected, in 托管; its generation counts the changes)."""
        return self._seats

    @property
    def bot_delay(self) -> float:
        return self._settings.pacing.bot_delay

    @property
    def deal_delay(self) -> float:
        return self._settings.pacing.deal_delay

    @property
    def declare_window(self) -> float | None:
        """Seconds to declare after the last card (None: `DEFAULT_DECLARE_WINDOW`)."""
        return self._settings.pacing.declare_window

    @property
    def finished(self) -> bool:
        return self._state.phase == "finished"

    @property
    def card_counter(self) -> bool:
        """Whether the players may open the card counter (`TableSettings.card_counter`)."""
        return self._settings.card_counter

    @property
    def deal_held(self) -> bool:
        """Someone holds the deal (`hold_deal`)."""
        return bool(self._holds) and self._state.phase in _DEALING

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        """`seat` holds the deal (or lets it go on). While anyone holds it the
        driver deals no card and leaves the declarations open; the cards come
        one at a time by a `DealNext` of a seat, and bots still declare. A hold
        lasts for this deal (nothing is stored: a resumed game deals on). The
        subscribers hear the new `TableStatus` when it changes."""
        self._check_seat(seat)
        if hold and self._state.phase not in _DEALING:
            return
        if (seat in self._holds) == hold:
            return
        held = self.deal_held
        if hold:
            self._holds.add(seat)
        else:
            self._holds.discard(seat)
        self._changed.set()
        self._refresh_clock()  # (a held deal's declaring window runs no clock)
        if self.deal_held != held:
            self._notify([])

    def view(self, seat: int | None) -> SeatView:
        """What `seat` sees now; None: a spectator's view (no hand; `seat` is -1)."""
        if seat is not None:
            self._check_seat(seat)
        return self._views.get(self._state, seat)

    def review(self, seat: int) -> DealReview:
        """The deal in play as `seat` may review it: every hand as dealt once the
        deal is over, its own hand only before (`engine.review_for`)."""
        self._check_seat(seat)
        return review_for(self._state, seat)

    async def reviews(self, seat: int) -> list[DealReview]:
        """Every deal of the match so far as `seat` may review it: the finished
        ones whole, then the one in play as `review` gives it."""
        return self.reviews_now(seat)

    def reviews_now(self, seat: int) -> list[DealReview]:
        """`reviews`, for the table's owner (no await)."""
        self._check_seat(seat)
        return [*self._past, review_for(self._state, seat)]

    def coach_source(self) -> Source:
        """The game so far for the coach (its commands now) and the store it is
        kept in (`coach.Analyst`: only a deal that is over is analysed)."""
        game = GameLog(self.table_id, self.rules, self.seed, tuple(self._commands))
        return Source(game, self._store)

    def bot_at(self, seat: int) -> Bot | None:
        made = self._made.get(seat)
        return None if made is None else made[1]

    @property
    def clock(self) -> Clock | None:
        """The turn clock running now (None: no clock, or no human to wait for)."""
        return self._clock

    def status(self) -> TableStatus:
        """The seats, the clock (its seconds left now) and the hold, as every
        subscriber is told them with each update."""
        c = self._clock
        clock = None
        if c is not None:
            clock = ClockStatus(c.seat, c.left(self._ticker.now()), c.seconds, c.version)
        return TableStatus(self._seats.infos, clock, self.deal_held)

    @property
    def on_auto(self) -> tuple[int, ...]:
        """The seats in 托管 (a bot plays them until their player takes them back)."""
        return self._seats.on_auto

    def _check_seat(self, seat: int) -> None:
        n = self.rules.players
        if not 0 <= seat < n:
            raise WrongSeat(
                f"there is no seat {seat} at this table (seats 0 to {n - 1})",
                f"没有 {seat} 号座位",
            )

    def _all_bots(self) -> bool:
        return self._seats.all_bots()

    # ------------------------------------------------------- subscribers

    def subscribe(self, seat: int | None, callback: Callback) -> Callable[[], None]:
        """Call `callback(view, events, status)` after every change; returns the
        unsubscriber."""
        if seat is not None:
            self._check_seat(seat)
        sub = _Subscriber(seat, callback)
        self._subs.append(sub)

        def unsubscribe() -> None:
            if sub in self._subs:
                self._subs.remove(sub)
            if sub.queue is not None:
                sub.queue.put_nowait(None)

        return unsubscribe

    def _notify(self, events: list[Event]) -> None:
        state = self._state
        status = self.status() if self._subs else None
        for sub in list(self._subs):
            assert status is not None
            view = self._views.get(state, sub.seat)
            seen = events_for(events, SPECTATOR if sub.seat is None else sub.seat, state)
            self._deliver(sub, view, seen, status)

    def _deliver(
        self, sub: _Subscriber, view: SeatView, events: list[Event], status: TableStatus
    ) -> None:
        try:
            result = sub.callback(view, events, status)
        except Exception:
            log.exception("table %s: a subscriber of seat %s failed", self.table_id, sub.seat)
            return
        if result is None or not inspect.isawaitable(result):
            return
        if sub.queue is None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                log.warning("table %s: an async subscriber outside an event loop", self.table_id)
                if inspect.iscoroutine(result):
                    result.close()
                return
            sub.queue = asyncio.Queue()
            sub.task = asyncio.create_task(self._pump(sub), name=f"table-{self.table_id}-sub")
        sub.queue.put_nowait(result)

    async def _pump(self, sub: _Subscriber) -> None:
        assert sub.queue is not None
        while True:
            item = await sub.queue.get()
            if item is None:
                return
            try:
                await item
            except Exception:
                log.exception("table %s: a subscriber of seat %s failed", self.table_id, sub.seat)

    # ------------------------------------------------------------ seats

    def _reseat(self, seats: Seats, *, save: bool = True) -> None:
        """Make `seats` the table's seats: the one place they change. The settings
        take its seats and 托管 (stored when `save`: not for a connection), the
        bots follow it (a bot seated anew is made), the driver plans again, the
        clock is refreshed and every subscriber is told."""
        self._seats = seats
        if save:
            self._settings = self._settings.replace(seats=seats.settings, on_auto=seats.on_auto)
            self._save_settings()
        self._make_bots()
        self._changed.set()
        self._refresh_clock()
        self._notify([])

    def _make_bots(self) -> None:
        """The seated bots as the seats record says: kept while their occupant
        sits, made from the spec for one who sat down since."""
        made: dict[int, tuple[int, Bot]] = {}
        for s, spec in self._seats.bots().items():
            since = self._seats[s].since
            kept = self._made.get(s)
            made[s] = kept if kept is not None and kept[0] == since else (since, spec.make())
        self._made = made

    def set_bot(self, seat: int, bot: BotSpec | None) -> None:
        """Seat a bot of `bot` (standing in for the human there, if any); None hands
        the seat back to the human it stood in for (or leaves it empty)."""
        self._check_seat(seat)
        seats = self._seats
        self._reseat(seats.sit_bot(seat, bot) if bot is not None else seats.unseat_bot(seat))

    def set_human(self, seat: int, name: str) -> None:
        """A human (connected) takes `seat`; a bot sitting there leaves."""
        self._check_seat(seat)
        self._reseat(self._seats.sit(seat, name))

    def set_connected(self, seat: int, connected: bool) -> None:
        """A human's connection came or went (the seat stays theirs)."""
        self._check_seat(seat)
        seats = self._seats.connect(seat, connected)
        if seats is not self._seats:
            self._reseat(seats, save=False)

    def set_empty(self, seat: int) -> None:
        self._check_seat(seat)
        self._reseat(self._seats.leave(seat))

    def set_pacing(self, pacing: Pacing) -> None:
        """Play on at `pacing` (from the driver's next step; stored with the settings)."""
        if pacing == self._settings.pacing:
            return
        self._settings = self._settings.replace(pacing=pacing)
        self._save_settings()
        self._changed.set()
        clock = self._clock
        self._refresh_clock()
        if self._clock is not clock:
            self._notify([])

    def _save_settings(self) -> None:
        if self._store is not None:
            try:
                self._store.update_settings(self.table_id, self._settings.stored())
            except Exception:
                log.exception("table %s: could not save its settings", self.table_id)

    @property
    def meta(self) -> dict[str, Any]:
        """The owner's record kept beside the game (a copy: change it with `set_meta`)."""
        return dict(self._settings.meta)

    def set_meta(self, meta: dict[str, Any]) -> None:
        """Keep `meta` (JSON-serialisable) in the store with the table's settings.
        Raises StoreError when the store refuses it (the old record stays)."""
        if meta == self._settings.meta:
            return
        old, self._settings = self._settings, self._settings.replace(meta=dict(meta))
        if self._store is not None:
            try:
                self._store.update_settings(self.table_id, self._settings.stored())
            except Exception:
                self._settings = old
                raise

    # ------------------------------------------------------------ the clock, 托管

    def _stand_in(self, seat: int) -> Bot:
        """The bot that plays `seat`'s timeouts and its 托管 (of the stand-in level)."""
        bot = self._stand_ins.get(seat)
        if bot is None:
            spec = BotSpec(
                level=self._settings.stand_in,
                seed=bot_seed(self.seed, seat),
                name=self._seats[seat].who.name or f"seat {seat + 1}",
            )
            bot = self._stand_ins[seat] = spec.make()
        return bot

    def _playing_bots(self) -> dict[int, Bot]:
        """Who the driver lets act: the seated bots, and the bots of seats in 托管."""
        bots = {s: self._stand_in(s) for s in self._seats.on_auto}
        bots.update((s, bot) for s, (_, bot) in self._made.items())
        return bots

    def _refresh_clock(self) -> None:
        """The clock for what the state waits for now: the same one while it waits
        for the same decision (a connection that comes or goes moves nothing), a
        new one for a new decision or a seat taken back from 托管."""
        tc = self._settings.pacing.turn_clock
        st = self._state
        old = self._clock
        clock: Clock | None = None
        if tc is not None and not self._closed:
            seat = st.awaiting()
            if seat is not None:
                if not self._seats.human(seat):
                    clock = None
                elif old is not None and (old.seat, old.version) == (seat, st.version):
                    clock = old
                else:
                    secs = decision_seconds(tc, st, self._views.get(st, seat))
                    clock = Clock(seat, self._ticker.now() + secs, secs, st.version)
            elif st.phase == "declaring" and not self._all_bots() and not self.deal_held:
                if old is not None and (old.seat, old.version) == (None, st.version):
                    clock = old
                else:
                    secs = self._settings.pacing.window
                    clock = Clock(None, self._ticker.now() + secs, secs, st.version)
        self._clock = clock

    async def reclaim(self, seat: int) -> bool:
        """`seat`'s player takes it back from 托管 (a key pressed at the table);
        False: it was not in 托管."""
        return self.end_auto(seat)

    def end_auto(self, seat: int, *, quiet: bool = False) -> bool:
        """`seat` is no longer in 托管 (False: it was not); `quiet`: nothing said
        (the seat is given up)."""
        self._check_seat(seat)
        self._timeouts.pop(seat, None)
        if not self._seats[seat].on_auto:
            return False
        self._set_on_auto(seat, False, quiet=quiet)
        return True

    def _set_on_auto(self, seat: int, on: bool, timeouts: int = 0, quiet: bool = False) -> None:
        if on:
            self._stand_in(seat)
        self._reseat(self._seats.auto(seat, on))
        if not quiet:
            self._tell(
                AutoNote(
                    seat=seat,
                    name=self._seats[seat].who.name,
                    on=on,
                    timeouts=timeouts,
                    version=self._state.version,
                    at=time.time(),
                )
            )

    async def _wait_for_human(self, st: GameState, gen: int) -> None:
        """Wait for a change; at a table with a clock, until the clock of the
        human it waits for runs out, then the stand-in bot makes the move."""
        clock = self._clock
        if clock is None or clock.seat is None or clock.version != st.version:
            await self._pause(math.inf)
            return
        if await self._ticker.wait(self._changed, clock.deadline):
            return
        if self._state is not st or self._seats.gen != gen or self._clock is not clock:
            return
        try:
            await self._shielded(self._time_out(st, gen, clock.seat))
        except (StoreError, OSError) as e:
            await self._store_failed(e)

    async def _time_out(self, st: GameState, gen: int, seat: int) -> None:
        bot = self._stand_in(seat)
        step = await asyncio.to_thread(bot_move, st, seat, bot, self._bot_views)
        async with self._lock:
            if self._state is not st or self._seats.gen != gen:
                return  # the player moved meanwhile
            await self._commit(step.command, step.state, step.events)
        n = self._timeouts.get(seat, 0) + 1
        self._timeouts[seat] = n
        name = self._seats[seat].who.name
        log.info("table %s: %s's clock ran out (%d in a row)", self.table_id, name, n)
        self._tell(
            TimeoutNote(
                seat=seat,
                name=name,
                command=step.command.type,
                timeouts=n,
                version=self._state.version,
                at=time.time(),
            )
        )
        tc = self._settings.pacing.turn_clock
        if tc is not None and n >= tc.limit and not self._seats[seat].on_auto:
            self._set_on_auto(seat, True, n)

    # ------------------------------------------------------------ notes

    def listen(self, callback: NoteCallback) -> Callable[[], None]:
        """`callback(note)` for every note said at the table; returns the unsubscriber."""
        return self.channel.listen(callback)

    def recent_notes(self) -> list[Note]:
        """The last notes said at the table (chat, timeouts, 托管), oldest first."""
        return self.channel.recent()

    async def say(
        self, seat: int | None, name: str, text: str, sender: str | None = None
    ) -> ChatNote:
        """`name` (at `seat`; None: a spectator) says `text` at the table; `sender`
        is who the rate is counted for (default: the seat). ChatRefused with a
        sentence when it is not said (nothing left once cleaned, too long, too fast)."""
        if seat is not None:
            self._check_seat(seat)
        return self.channel.say(
            sender or f"seat:{seat}",
            name,
            seat,
            text,
            now=self._ticker.now(),
            at=time.time(),
            version=self._state.version,
        )

    def _tell(self, note: Note) -> None:
        self.channel.post(note)

    # ------------------------------------------------------------ commands

    async def submit(self, seat: int, command: Command) -> list[Event]:
        """Apply `command` for `seat` (serialised with every other change). Raises the
        engine's `RuleError` unchanged, leaving the state and the store as they were.
        Returns once the command is stored; the events as `seat` may see them."""
        self._check_seat(seat)
        cmd_seat = getattr(command, "seat", None)
        if cmd_seat is None and hasattr(command, "seat") and hasattr(command, "model_copy"):
            command = command.model_copy(update={"seat": seat})
        elif cmd_seat is not None and cmd_seat != seat:
            raise WrongSeat(
                f"you sit at seat {seat}: you cannot act for seat {cmd_seat}",
                f"你坐在 {seat} 号座位，不能替 {cmd_seat} 号座位操作",
            )
        events = await self._shielded(self._submit_locked(command))
        self._timeouts.pop(seat, None)  # a move of its own: the timeouts in a row end
        if self._seats[seat].on_auto:
            self.end_auto(seat)
        return events_for(events, seat, self._state)

    async def _submit_locked(self, command: Command) -> list[Event]:
        async with self._lock:
            if isinstance(self.trouble, DriverStopped):
                raise TableStopped(
                    "this table has stopped: the game cannot go on",
                    "这一桌已经停止：牌局无法继续",
                )
            new: GameState
            events: list[Event]
            new, events = apply(self._state, command)
            await self._commit(command, new, events)
            return events

    async def _commit(self, command: Command, new: GameState, events: list[Event]) -> None:
        """Store (if any), then make `new` the state and tell everyone. Lock held."""
        if self._store is not None:
            append = stored_move(self._store, self.table_id, command, new, events)
            stored = asyncio.get_running_loop().run_in_executor(None, append)
            # The seats' views of `new` are worked out while the store syncs (the
            # cache checks which state a view belongs to, so views of a state
            # that is never adopted are only a wasted effort).
            try:
                for sub in list(self._subs):
                    self._views.get(new, sub.seat)
            except Exception:
                log.exception("table %s: views of version %s", self.table_id, new.version)
            await stored
            if isinstance(self.trouble, StoreTrouble):
                log.warning("table %s: the store takes moves again", self.table_id)
                self.trouble = None
                self._tell_trouble(None)
        done = past_review(self._state, new)
        if done is not None:
            self._past.append(done)
        self._state = new
        self._commands.append(command)
        self._changed.set()
        if new.phase == "finished":
            self._done.set()
        self._refresh_clock()
        self._notify(events)

    # ------------------------------------------------------------ take-back

    async def take_back(self, seat: int) -> int:
        """`seat` goes back to before its previous decision (takeback.py): the
        commands up to it are replayed, the store records the take-back, every
        subscriber gets its view (no events). Returns the state version gone back
        to; `TakeBackRefused` (the state untouched) at a table of several humans,
        a finished match, or when the seat has made no decision."""
        self._check_seat(seat)
        return await self._shielded(self._take_back_locked(seat))

    async def _take_back_locked(self, seat: int) -> int:
        async with self._lock:
            humans = self._seats.human_seats()
            if seat not in humans or len(humans) > 1:
                raise TakeBackRefused(
                    "hotseat", "a take-back is for one human playing against bots only"
                )
            if self.finished:
                raise TakeBackRefused(
                    "finished", "the match is over: there is nothing to take back"
                )
            back_to = take_back_point(self._commands, seat)
            if back_to is None:
                raise TakeBackRefused("nothing", "you have made no move to take back yet")
            kept = self._commands[:back_to]

            def rebuild() -> tuple[GameState, list[DealReview]]:
                state = new_game(self.rules, self.seed)
                past: list[DealReview] = []
                for cmd in kept:
                    new, _ = apply(state, cmd)
                    done = past_review(state, new)
                    if done is not None:
                        past.append(done)
                    state = new
                return state, past

            state, past = await asyncio.to_thread(rebuild)
            if self._store is not None:
                await asyncio.get_running_loop().run_in_executor(
                    None, self._store.take_back, self.table_id, back_to, seat
                )
            self._commands = list(kept)
            self._state = state
            self._past = past
            self._changed.set()
            self._refresh_clock()
            self._notify([])
            return back_to

    @staticmethod
    async def _shielded(coro: Coroutine[Any, Any, T]) -> T:
        """Run `coro` to its end even if the caller is cancelled (a half-made commit
        would leave the state behind the store)."""
        task = asyncio.ensure_future(coro)
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await asyncio.shield(task)

    # -------------------------------------------------------------- driver

    async def start(self) -> None:
        """Start the driver (deals, closes declaring, lets bots play). Idempotent."""
        if self._task is not None or self._closed:
            return
        if self.finished:
            self._done.set()
        self._refresh_clock()
        if self._clock is not None:  # (its subscribers learn it runs)
            self._notify([])
        self._task = asyncio.create_task(self._drive(), name=f"table-{self.table_id}")

    async def _drive(self) -> None:
        try:
            await self._drive_loop()
        except asyncio.CancelledError:
            raise
        except BaseException as e:
            log.exception("table %s: the driver stopped", self.table_id)
            self._error = e
            await self._set_aside(e)
            self._done.set()

    @property
    def stopped(self) -> bool:
        """The driver failed: the game cannot go on (`DriverStopped`)."""
        return isinstance(self.trouble, DriverStopped)

    async def _set_aside(self, e: BaseException) -> None:
        """The driver failed: the table is set aside in the store (kept, never
        restored), the clock stops and every listener hears `DriverStopped`."""
        stopped = DriverStopped(str(e) or type(e).__name__, type(e).__name__)
        self.trouble = stopped
        self._clock = None
        store = self._store
        if store is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(
                    None, store.set_aside, self.table_id, stopped.error
                )
            except Exception as err:
                log.error("table %s: could not be marked set aside: %s", self.table_id, err)
            else:
                log.error(
                    "table %s: set aside at move %d: kept in the store as it is, not "
                    "restored (shengji replay %s shows it)",
                    self.table_id,
                    self._state.version,
                    self.table_id,
                )
        self._tell_trouble(stopped)

    def _delay(self, step: Step, all_bots: bool) -> float:
        if step.kind in ("deal", "close") and self.deal_held:
            return math.inf  # until the hold ends (or a seat deals a card)
        if step.kind == "deal":
            return self.deal_delay
        if step.kind == "declare":
            return 0.0
        if step.kind == "close" and not all_bots:
            return self._settings.pacing.window
        return self.bot_delay

    def _react(self, step: Step, st: GameState) -> tuple[Step, float | None]:
        """Of the declarations `step` carries (`plan(react=True)`), the first whose
        bot has had its time to react (counted from when it first could declare);
        else `step` itself and the seconds until the next bot's time."""
        due = self._react_due
        want = {w.seat: w for w in step.wanting if w.seat is not None}
        for seat in [s for s in due if s not in want]:
            del due[seat]
        if not want:
            return step, None
        now = self._ticker.now()
        for seat in want:
            if seat not in due:
                due[seat] = now + self._reaction(st, seat)
        ready = [seat for seat in sorted(want) if due[seat] <= now]
        if ready:
            return want[ready[0]], None
        return step, min(due[seat] for seat in want) - now

    async def _pause(self, seconds: float) -> bool:
        """Wait `seconds` in the table's time (its ticker's; `math.inf`: until a
        change); True when a change (a move, a seat, a hold) ended it."""
        return await self._ticker.wait(self._changed, self._ticker.now() + seconds)

    def _reaction(self, st: GameState, seat: int) -> float:
        """How long the bot at `seat` takes to declare: 0.6 to 1.4 times the
        pacing's `declare_delay` (people do not all react alike)."""
        r = random.Random(f"{self.seed}/{st.deal_no}/{seat}/{st.version}").random()
        return self._settings.pacing.declare_delay * (0.6 + 0.8 * r)

    async def _drive_loop(self) -> None:
        while not self._closed:
            self._changed.clear()
            st = self._state
            if st.phase == "finished":
                self._done.set()
                return
            gen = self._seats.gen
            all_bots = self._all_bots()
            if st.phase not in _DEALING:
                self._holds.clear()
            react = not all_bots and self._settings.pacing.declare_delay > 0
            bots = self._playing_bots()  # (seats in 托管 included)
            if bots:  # bots think in a worker thread, off the event loop
                step = await asyncio.to_thread(
                    plan,
                    st,
                    bots,
                    all_bots=all_bots,
                    views=self._bot_views,
                    react=react,
                )
            else:  # only the table's own steps (deal, close): cheap, and no thread hop
                step = plan(st, {}, all_bots=all_bots, views=self._bot_views)
            if step is None:
                self._react_due.clear()
                if self._state is st and self._seats.gen == gen:
                    await self._wait_for_human(st, gen)
                continue
            step, react_in = self._react(step, st)
            delay = self._delay(step, all_bots)
            wait = delay if react_in is None else min(delay, react_in)
            woken = wait > 0 and await self._pause(wait)
            if woken or wait < delay or self._state is not st or self._seats.gen != gen:
                continue  # a change (a move, a seat, a hold) or a bot's time to declare
            try:
                await self._shielded(self._act(step, st, gen))
            except (StoreError, OSError) as e:
                await self._store_failed(e)
            if step.kind == "declare" and step.seat is not None:
                self._react_due.pop(step.seat, None)  # (another one is a new reaction)

    async def _store_failed(self, e: Exception) -> None:
        """A write of the driver's failed (the state is unchanged): say so, pause
        (less than that if anything changes), then the loop plans the move again."""
        prev = self.trouble if isinstance(self.trouble, StoreTrouble) else None
        attempts = 1 if prev is None else prev.attempts + 1
        delays = self.retry_delays or RETRY_DELAYS
        delay = delays[min(attempts, len(delays)) - 1]
        error = str(e) or type(e).__name__
        reason = e.strerror if isinstance(e, OSError) and e.strerror else error
        reason = reason.rsplit(": ", 1)[-1]  # "the game store /x could not ...: disk is full"
        self.trouble = StoreTrouble(error, delay, attempts, reason)
        if prev is None:
            log.warning(
                "table %s: the store refused move %d (%s); trying again with back-off",
                self.table_id,
                self._state.version + 1,
                e,
            )
            self._tell_trouble(self.trouble)
        elif attempts & (attempts - 1) == 0:  # 2, 4, 8...: the log does not fill the disk
            log.warning(
                "table %s: still cannot store (%d attempts): %s", self.table_id, attempts, e
            )
        await self._pause(delay)

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]:
        """Call `callback(StoreTrouble)` when the driver's store writes start failing
        and `callback(None)` when one succeeds again, `callback(DriverStopped)`
        when the driver fails for good; returns the unsubscriber."""
        self._trouble_subs.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._trouble_subs.remove(callback)

        return unsubscribe

    def _tell_trouble(self, trouble: Trouble | None) -> None:
        for cb in list(self._trouble_subs):
            try:
                cb(trouble)
            except Exception:
                log.exception("table %s: a trouble listener failed", self.table_id)

    async def _act(self, step: Step, planned: GameState, gen: int) -> None:
        async with self._lock:
            if self._state is not planned or self._seats.gen != gen:
                return
            await self._commit(step.command, step.state, step.events)

    async def wait_finished(self) -> None:
        """Wait for the match to end (or the table to close); re-raises a driver failure."""
        await self._done.wait()
        if self._error is not None:
            raise self._error

    async def close(self) -> None:
        """Stop the driver and let subscribers take what was sent to them."""
        self._closed = True
        self._clock = None
        self.channel.persist = None
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        async with self._lock:  # a shielded commit in flight ends first
            pass
        if self._notes is not None:  # the notes said last are in the store too
            await self._notes.drain()
        for sub in list(self._subs):
            if sub.queue is not None and sub.task is not None:
                sub.queue.put_nowait(None)
                try:
                    await asyncio.wait_for(asyncio.shield(sub.task), 2.0)
                except TimeoutError:
                    sub.task.cancel()
        self._subs.clear()
        self._trouble_subs.clear()
        self._done.set()

    # ------------------------------------------------------------ restore

    @classmethod
    def restore(
        cls,
        store: Store,
        table_id: str,
        *,
        adjust: Callable[[TableSettings], TableSettings] | None = None,
        bots: Mapping[int, Bot] | None = None,
        ticker: Ticker | None = None,
    ) -> Table:
        """The table `table_id` rebuilt by replaying its stored log, seated as its
        stored settings say, or as `adjust` changes them (new names, pacing; the
        rules and the seed stay); humans come back disconnected. StoreError with
        a sentence: a log that does not replay, settings that cannot be read
        (`SettingsError`: a bot of a level this version does not have...)."""
        settings, resumed = resume(store, table_id, adjust)
        return cls(
            settings, table_id=table_id, store=store, bots=bots, ticker=ticker, resumed=resumed
        )


def past_review(old: GameState, new: GameState) -> DealReview | None:
    """The review of the deal `old` finished, when `new` starts the next one."""
    if old.result is None or new.deal_no == old.deal_no:
        return None
    return review_of(old.rules, old.log, levels=old.levels)
