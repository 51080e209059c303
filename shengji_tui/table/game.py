"""`TableGame`: one authoritative game and who sits at it, without its driver
(`Table`, table.py, is this and the driver that plays the table's own steps
and the bots' moves).

What it holds: the state (`state`, `view`, `reviews`), the commands applied,
the finished deals' reviews, the seats (one `Seats` record, seats.py, taken
by `_reseat` alone), the settings as they are now, the turn clock that runs
(clock.py), 托管 and the timeouts in a row, the notes' channel, the hold on
the deal, the subscribers (subscribers.py) and the trouble listeners
(trouble.py). Every change goes through one `asyncio.Lock` (`submit`, the
driver's moves, `take_back`); with a `Store` a change is on disk before it is
adopted (persist.py). Made new from a `TableSettings`, or from a stored game
replayed (`restore`: persist.py `resume`, then the constructor's `resumed`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import uuid
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, Self, TypedDict, TypeVar, Unpack

from .. import trace
from ..bots import Bot, BotSpec
from ..coach.analysis import GameLog
from ..coach.service import Source
from ..engine import (
    Command,
    DealReview,
    GameState,
    SeatView,
    WrongSeat,
    apply,
    events_for,
    new_game,
    review_for,
)
from ..engine.events import Event
from ..rules import RuleSet
from ..store import Store, StoreError
from .clock import Clock, MonotonicTicker, Ticker, clock_for
from .notes import AutoNote, ChatNote, Note, NoteCallback, TableChannel
from .persist import NoteKeeper, Resumed, resume, stored_move
from .seats import SeatBots, SeatInfo, Seats
from .settings import Pacing, TableSettings
from .subscribers import Callback, ClockStatus, Subscribers, TableStatus
from .takeback import TakeBackRefused, past_review, replayed_to, take_back_point
from .trouble import (
    DriverStopped,
    StoreTrouble,
    TableStopped,
    Trouble,
    TroubleCallback,
    TroubleListeners,
)
from .views import ViewCache

log = logging.getLogger("shengji_tui.table")

T = TypeVar("T")

DEALING = ("dealing", "declaring")  # the phases a hold holds

__all__ = ["DEALING", "TableGame", "TableOptions"]


class TableOptions(TypedDict, total=False):
    """What a table is made with beside its `TableSettings` (each optional): the
    one declaration of `TableGame`'s and `Table`'s keyword arguments."""

    table_id: str | None  # None: a new id
    store: Store | None  # where the table is kept (None: nowhere)
    bots: Mapping[int, Bot] | None  # bots that play instead of their seats' specs
    ticker: Ticker | None  # the time the table runs in (None: the monotonic clock)
    channel: TableChannel | None  # the notes said before the table was made
    resumed: Resumed | None  # a stored table's game, replayed


class TableGame:
    """A table's game, seats and listeners (see the module); `Table` adds the driver."""

    def __init__(self, settings: TableSettings, **options: Unpack[TableOptions]) -> None:
        """A new table of `settings` (a seed of None: a random one), kept in `store`
        when given. `bots`: bots that play instead of their seats' `BotSpec`s
        (test doubles, benchmarks); the store records the specs. `ticker`: the
        time the table runs in, its turn clock and its pace (tests: a fake one).
        `channel`: the notes said before the table was made (its waiting
        room's), kept with it. `resumed`: the game of a table already in the
        store, as its log replays it (`restore`): the table goes on from there,
        its humans disconnected until their sessions attach."""
        table_id = options.get("table_id")
        store = options.get("store")
        bots = options.get("bots")
        ticker = options.get("ticker")
        channel = options.get("channel")
        resumed = options.get("resumed")
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
        self._bots = SeatBots(self.seed, settings.stand_in)  # who plays, as the seats say
        self._bots.given(self._seats, bots or {})
        self._bots.follow(self._seats)
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._done = asyncio.Event()
        self._views = ViewCache()  # for subscribers and view() (event-loop thread)
        self._subs = Subscribers(self.table_id, self._views)
        self._closed = False
        self._trouble_subs = TroubleListeners(self.table_id)
        # the driver's writes are failing (StoreTrouble), or it failed (DriverStopped)
        self.trouble: Trouble | None = None
        self._ticker: Ticker = ticker or MonotonicTicker()
        self._clock: Clock | None = None
        self._timeouts: dict[int, int] = {}  # seat -> timeouts in a row
        for s in self._seats.on_auto:
            self._bots.stand_in(self._seats, s)
        self.channel = channel if channel is not None else TableChannel()
        self._notes: NoteKeeper | None = None  # the notes' writer to the store
        self._holds: set[int] = set()  # seats holding the deal (`hold_deal`)
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
        return bool(self._holds) and self._state.phase in DEALING

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        """`seat` holds the deal (or lets it go on). While anyone holds it the
        driver deals no card and leaves the declarations open; the cards come
        one at a time by a `DealNext` of a seat, and bots still declare. A hold
        lasts for this deal (nothing is stored: a resumed game deals on). The
        subscribers hear the new `TableStatus` when it changes."""
        self._check_seat(seat)
        if hold and self._state.phase not in DEALING:
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
        return self._bots.at(seat)

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
        return self._subs.add(seat, callback)

    def _notify(self, events: list[Event]) -> None:
        if self._subs:
            self._subs.notify(self._state, events, self.status())

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
        self._bots.follow(seats)
        self._changed.set()
        self._refresh_clock()
        self._notify([])

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

    def _refresh_clock(self) -> None:
        """The clock for what the state waits for now (clock.py `clock_for`)."""
        if self._closed:
            self._clock = None
            return
        self._clock = clock_for(
            self._settings.pacing,
            self._state,
            self._seats,
            self._clock,
            self._ticker,
            self._views,
            held=self.deal_held,
        )

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
            self._bots.stand_in(self._seats, seat)
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
            if trace.ON:
                trace.rec("lock", tb=self.table_id, v=self._state.version)
            new: GameState
            events: list[Event]
            new, events = apply(self._state, command)
            await self._commit(command, new, events)
            return events

    async def _commit(self, command: Command, new: GameState, events: list[Event]) -> None:
        """Store (if any), then make `new` the state and tell everyone. Lock held."""
        if self._store is not None:
            append = stored_move(self._store, self.table_id, command, new, events)
            if trace.ON:
                append = trace.timed("write", append, tb=self.table_id, v=new.version)
            stored = asyncio.get_running_loop().run_in_executor(None, append)
            # The seats' views of `new` are worked out while the store syncs (the
            # cache checks which state a view belongs to, so views of a state
            # that is never adopted are only a wasted effort).
            try:
                self._subs.prepare(new)
            except Exception:
                log.exception("table %s: views of version %s", self.table_id, new.version)
            await stored
            if trace.ON:
                trace.rec("stored", tb=self.table_id, v=new.version)
            if isinstance(self.trouble, StoreTrouble):
                log.warning("table %s: the store takes moves again", self.table_id)
                self.trouble = None
                self._trouble_subs.tell(None)
        done = past_review(self._state, new)
        if done is not None:
            self._past.append(done)
        self._state = new
        self._commands.append(command)
        self._changed.set()
        if new.phase == "finished":
            self._done.set()
        self._refresh_clock()
        if trace.ON:
            trace.rec("apply", tb=self.table_id, v=new.version)
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
            state, past = await asyncio.to_thread(replayed_to, self.rules, self.seed, kept)
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

    @property
    def stopped(self) -> bool:
        """The driver failed: the game cannot go on (`DriverStopped`)."""
        return isinstance(self.trouble, DriverStopped)

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]:
        """Call `callback(StoreTrouble)` when the driver's store writes start failing
        and `callback(None)` when one succeeds again, `callback(DriverStopped)`
        when the driver fails for good; returns the unsubscriber."""
        return self._trouble_subs.add(callback)

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
    ) -> Self:
        """The table `table_id` rebuilt by replaying its stored log, seated as its
        stored settings say, or as `adjust` changes them (new names, pacing; the
        rules and the seed stay); humans come back disconnected. StoreError with
        a sentence: a log that does not replay, settings that cannot be read
        (`SettingsError`: a bot of a level this version does not have...)."""
        settings, resumed = resume(store, table_id, adjust)
        return cls(
            settings, table_id=table_id, store=store, bots=bots, ticker=ticker, resumed=resumed
        )
