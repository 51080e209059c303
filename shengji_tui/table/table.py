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
- Subscribers get their seat's new view and the events as that seat may see
  them after every change (a seat change: the same view and no events). A
  plain callback is called in order, inline; one that returns an awaitable has
  its awaitables awaited in order by a task of its own, so a slow subscriber
  never holds up the table or the other subscribers.
- The driver task (`start`) deals at `deal_delay` a card, lets bots declare
  between cards, closes the declarations (after `declare_window` when humans
  sit at the table), lets a bot act `bot_delay` after it becomes its turn, and
  starts the next deal when every seat is a bot (humans submit `NextDeal`).
- A store write the driver makes that fails (the disk is full, the file is
  locked) does not stop it: the state stays as it was, the driver tries again
  after a growing pause (`RETRY_DELAYS`), and `on_trouble` listeners hear of it
  (a `StoreTrouble`, then None once a write succeeds again), so the players can
  be told. Any other failure of the driver stops it (`wait_finished` raises).
- `meta`: what the table's owner records beside the game in the store (the SSH
  lobby: its seat holders and table options), read back by `restore`.

Bot-only tables are deterministic: the driver's choices are `plan.plan`, a
function of the state and the bots, and a bot decides from its seed and the
view only; a table rebuilt from its log continues exactly as the original.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import random
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..bots import Bot, BotSpec
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
from ..store import Store, StoreError, command_json, deal_summary, events_json, replay
from .plan import Step, plan
from .settings import DEFAULT_DECLARE_WINDOW, Pacing, SeatKind, SeatSettings, TableSettings
from .takeback import TakeBackRefused, take_back_point
from .views import SPECTATOR, ViewCache

log = logging.getLogger("shengji_tui.table")

Callback = Callable[[SeatView, list[Event]], Awaitable[None] | None]
T = TypeVar("T")

# pauses between attempts at a store write that failed (the last one repeats)
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
__all__ = ["DEFAULT_DECLARE_WINDOW", "RETRY_DELAYS", "SeatInfo", "StoreTrouble", "Table"]


@dataclass(frozen=True)
class StoreTrouble:
    """The table cannot store its moves: `error` is the store's sentence (for the
    log), `reason` its last clause (what to show players: no server path); the
    driver tries again in `retry_in` seconds (attempt number `attempts`)."""

    error: str
    retry_in: float
    attempts: int
    reason: str = ""


TroubleCallback = Callable[[StoreTrouble | None], None]


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the players see it now (`connected`: a human's session is there)."""

    kind: SeatKind
    name: str
    connected: bool


class _Subscriber:
    def __init__(self, seat: int | None, callback: Callback) -> None:
        self.seat = seat
        self.callback = callback
        self.queue: asyncio.Queue[Awaitable[None] | None] | None = None
        self.task: asyncio.Task[None] | None = None


def result_of(state: GameState) -> dict[str, Any]:
    return {
        "preset": state.rules.name,
        "winners": list(state.winners),
        "levels": list(state.levels),
        "match_scores": list(state.match_scores),
        "deals": state.deal_no + 1,
        "moves": state.version,
    }


class Table:
    def __init__(
        self,
        settings: TableSettings,
        *,
        table_id: str | None = None,
        store: Store | None = None,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        """A new table of `settings` (a seed of None: a random one), kept in `store`
        when given. `bots`: bots that play instead of their seats' `BotSpec`s
        (test doubles, benchmarks); the store records the specs."""
        if settings.seed is None:
            settings = settings.replace(seed=random.randrange(2**31))
        assert settings.seed is not None
        self._settings = settings
        self.rules: RuleSet = settings.rules
        self.seed: int = settings.seed
        self.table_id: str = table_id if table_id is not None else uuid.uuid4().hex[:12]
        self._store = store
        self._state: GameState = new_game(self.rules, self.seed)
        self._commands: list[Command] = []  # every command applied (a take-back replays them)
        self._bots: dict[int, Bot] = {s: spec.make() for s, spec in settings.bots().items()}
        for s, bot in (bots or {}).items():
            if not 0 <= s < self.rules.players or settings.seats[s].kind != "bot":
                raise ValueError(f"seat {s} is not a bot's seat in the settings")
            self._bots[s] = bot
        # a human is here when the table is made; a stand-in plays for one who is not
        self._connected = [
            seat.kind == "human" or (seat.kind == "bot" and seat.stand_in_for is None)
            for seat in settings.seats
        ]
        self._seat_list = self._seat_infos()
        self._seat_gen = 0
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
        self.trouble: StoreTrouble | None = None  # the driver's writes are failing
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        if store is not None:
            if store.has_table(self.table_id):
                raise StoreError(
                    f"there is already a table {self.table_id!r} in the store: "
                    "use Table.restore to continue it"
                )
            store.create_table(
                self.table_id, self.rules, self.seed, settings.names, settings.stored()
            )

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
        return list(self._seat_list)

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

    def bot_at(self, seat: int) -> Bot | None:
        return self._bots.get(seat)

    def _check_seat(self, seat: int) -> None:
        n = self.rules.players
        if not 0 <= seat < n:
            raise WrongSeat(
                f"there is no seat {seat} at this table (seats 0 to {n - 1})",
                f"没有 {seat} 号座位",
            )

    def _all_bots(self) -> bool:
        return all(s.kind == "bot" for s in self._settings.seats)

    # ------------------------------------------------------- subscribers

    def subscribe(self, seat: int | None, callback: Callback) -> Callable[[], None]:
        """Call `callback(view, events)` after every change; returns the unsubscriber."""
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
        for sub in list(self._subs):
            view = self._views.get(state, sub.seat)
            seen = events_for(events, SPECTATOR if sub.seat is None else sub.seat, state)
            self._deliver(sub, view, seen)

    def _deliver(self, sub: _Subscriber, view: SeatView, events: list[Event]) -> None:
        try:
            result = sub.callback(view, events)
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

    def _seat_infos(self) -> list[SeatInfo]:
        return [
            SeatInfo(seat.kind, seat.name, self._connected[s])
            for s, seat in enumerate(self._settings.seats)
        ]

    def _set_seat(self, seat: int, record: SeatSettings, connected: bool) -> None:
        seats = list(self._settings.seats)
        seats[seat] = record
        self._settings = self._settings.replace(seats=tuple(seats))
        self._connected[seat] = connected
        if record.bot is None:
            self._bots.pop(seat, None)

    def set_bot(self, seat: int, bot: BotSpec | None) -> None:
        """Seat a bot of `bot` (standing in for the human there, if any); None hands
        the seat back to the human it stood in for (or leaves it empty)."""
        self._check_seat(seat)
        info = self._settings.seats[seat]
        connected = self._connected[seat]
        if bot is not None:
            if info.kind == "human":
                record = SeatSettings(kind="bot", name=info.name, bot=bot, stand_in_for=info.name)
            elif info.stand_in_for is not None:
                record = info.replace(bot=bot)
            else:
                record, connected = SeatSettings.of_bot(bot), True
            self._set_seat(seat, record, connected)
            self._bots[seat] = bot.make()
        elif info.stand_in_for is not None:
            self._set_seat(seat, SeatSettings.human(info.stand_in_for), connected)
        else:
            self._set_seat(seat, SeatSettings.empty(seat), False)
        self._seats_changed()

    def set_human(self, seat: int, name: str) -> None:
        """A human (connected) takes `seat`; a bot sitting there leaves."""
        self._check_seat(seat)
        self._set_seat(seat, SeatSettings.human(name), True)
        self._seats_changed()

    def set_connected(self, seat: int, connected: bool) -> None:
        """A human's connection came or went (the seat stays theirs)."""
        self._check_seat(seat)
        info = self._settings.seats[seat]
        if info.kind == "empty" or self._connected[seat] == connected:
            return
        self._connected[seat] = connected
        self._seat_list = self._seat_infos()
        self._seat_gen += 1
        self._changed.set()
        self._notify([])

    def set_empty(self, seat: int) -> None:
        self._check_seat(seat)
        self._set_seat(seat, SeatSettings.empty(seat), False)
        self._seats_changed()

    def set_pacing(self, pacing: Pacing) -> None:
        """Play on at `pacing` (from the driver's next step; stored with the settings)."""
        if pacing == self._settings.pacing:
            return
        self._settings = self._settings.replace(pacing=pacing)
        self._save_settings()
        self._changed.set()

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

    def _seats_changed(self) -> None:
        self._seat_list = self._seat_infos()
        self._seat_gen += 1
        self._save_settings()
        self._changed.set()
        self._notify([])

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
        return events_for(events, seat, self._state)

    async def _submit_locked(self, command: Command) -> list[Event]:
        async with self._lock:
            new: GameState
            events: list[Event]
            new, events = apply(self._state, command)
            await self._commit(command, new, events)
            return events

    async def _commit(self, command: Command, new: GameState, events: list[Event]) -> None:
        """Store (if any), then make `new` the state and tell everyone. Lock held."""
        if self._store is not None:
            finished = result_of(new) if new.phase == "finished" else None
            append = functools.partial(
                self._store.append,
                self.table_id,
                new.version,
                command_json(command),
                events_json(events),
                finished=finished,
                deal=deal_summary(new, events),
            )
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
            if self.trouble is not None:
                log.warning("table %s: the store takes moves again", self.table_id)
                self.trouble = None
                self._tell_trouble(None)
        self._state = new
        self._commands.append(command)
        self._changed.set()
        if new.phase == "finished":
            self._done.set()
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
            humans = self._settings.human_seats()
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

            def rebuild() -> GameState:
                state = new_game(self.rules, self.seed)
                for cmd in kept:
                    state, _ = apply(state, cmd)
                return state

            state = await asyncio.to_thread(rebuild)
            if self._store is not None:
                await asyncio.get_running_loop().run_in_executor(
                    None, self._store.take_back, self.table_id, back_to, seat
                )
            self._commands = list(kept)
            self._state = state
            self._changed.set()
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
        self._task = asyncio.create_task(self._drive(), name=f"table-{self.table_id}")

    async def _drive(self) -> None:
        try:
            await self._drive_loop()
        except asyncio.CancelledError:
            raise
        except BaseException as e:
            log.exception("table %s: the driver stopped", self.table_id)
            self._error = e
            self._done.set()

    def _delay(self, step: Step, all_bots: bool) -> float:
        if step.kind == "deal":
            return self.deal_delay
        if step.kind == "declare":
            return 0.0
        if step.kind == "close" and not all_bots:
            return self._settings.pacing.window
        return self.bot_delay

    async def _drive_loop(self) -> None:
        while True:
            self._changed.clear()
            st = self._state
            if st.phase == "finished":
                self._done.set()
                return
            gen = self._seat_gen
            all_bots = self._all_bots()
            if self._bots:  # bots think in a worker thread, off the event loop
                step = await asyncio.to_thread(
                    plan, st, dict(self._bots), all_bots=all_bots, views=self._bot_views
                )
            else:  # only the table's own steps (deal, close): cheap, and no thread hop
                step = plan(st, {}, all_bots=all_bots, views=self._bot_views)
            if step is None:
                if self._state is st and self._seat_gen == gen:
                    await self._changed.wait()
                continue
            delay = self._delay(step, all_bots)
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), delay)
            if self._state is not st or self._seat_gen != gen:
                continue  # something changed meanwhile: plan again
            try:
                await self._shielded(self._act(step, st, gen))
            except (StoreError, OSError) as e:
                await self._store_failed(e)

    async def _store_failed(self, e: Exception) -> None:
        """A write of the driver's failed (the state is unchanged): say so, pause
        (less than that if anything changes), then the loop plans the move again."""
        prev = self.trouble
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
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), delay)

    def on_trouble(self, callback: TroubleCallback) -> Callable[[], None]:
        """Call `callback(StoreTrouble)` when the driver's store writes start failing
        and `callback(None)` when one succeeds again; returns the unsubscriber."""
        self._trouble_subs.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._trouble_subs.remove(callback)

        return unsubscribe

    def _tell_trouble(self, trouble: StoreTrouble | None) -> None:
        for cb in list(self._trouble_subs):
            try:
                cb(trouble)
            except Exception:
                log.exception("table %s: a trouble listener failed", self.table_id)

    async def _act(self, step: Step, planned: GameState, gen: int) -> None:
        async with self._lock:
            if self._state is not planned or self._seat_gen != gen:
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
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        async with self._lock:  # a shielded commit in flight ends first
            pass
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
    ) -> Table:
        """The table `table_id` rebuilt by replaying its stored log, seated as its
        stored settings say, or as `adjust` changes them (new names, pacing; the
        rules and the seed stay); humans come back disconnected. StoreError with
        a sentence: a log that does not replay, settings that cannot be read
        (`SettingsError`: a bot of a level this version does not have...)."""
        stored = store.load(table_id)
        rebuilt = replay(stored)
        settings = TableSettings.from_stored(stored)
        if adjust is not None:
            settings = adjust(settings)
            if settings.rules != stored.rules or settings.seed != stored.seed:
                raise ValueError(f"table {table_id!r}: other rules or another seed than stored")
        table = cls(settings, table_id=table_id, bots=bots)
        table._store = store
        table._connected = [
            seat.kind == "bot" and seat.stand_in_for is None for seat in settings.seats
        ]
        table._seat_list = table._seat_infos()
        table._state = rebuilt.state
        table._commands = list(rebuilt.commands)
        if settings.stored() != stored.settings:  # new names, pacing, or an older record
            try:
                store.update_settings(table_id, settings.stored())
            except StoreError as e:
                log.error("table %s: could not save its settings: %s", table_id, e)
        if not stored.deals_kept:  # a store of schema 1: the summaries from the replay
            try:
                store.keep_deals(table_id, rebuilt.deals)
            except StoreError as e:
                log.error("table %s: could not keep its deal summaries: %s", table_id, e)
        if table.finished:
            table._done.set()
            if stored.finished_at is None:
                store.mark_finished(table_id, result_of(table._state))
        return table
