"""`Table`: one authoritative game for asyncio callers (TUI sessions, SSH, bots).

- Seats: human, bot or empty (`seats`, a list of `SeatInfo`). A bot may stand in
  for a human (`set_bot`) and hand the seat back (`set_bot(seat, None)`).
- Every change goes through one `asyncio.Lock`: commands from all seats and the
  driver's own are applied one at a time, in order.
- Durable: with a `Store`, `submit` returns only once the command and its
  events are on disk (acknowledged = durable); `Table.restore` rebuilds a table
  by replaying its log.
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
function of the state and the bots, and `RandomBot` decides from its seed and
the view only; a table rebuilt from its log continues exactly as the original.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import uuid
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ..bots import Bot, RandomBot
from ..engine import (
    Command,
    GameState,
    SeatView,
    WrongSeat,
    apply,
    events_for,
    new_game,
)
from ..engine.events import Event
from ..rules import RuleSet
from ..store import Store, StoreError, command_json, events_json, replay
from .plan import Step, bot_seed, plan
from .views import SPECTATOR, ViewCache

log = logging.getLogger("shengji_tui.table")

SeatKind = Literal["human", "bot", "empty"]
Callback = Callable[[SeatView, list[Event]], Awaitable[None] | None]
T = TypeVar("T")

DEFAULT_DECLARE_WINDOW = 3.0  # seconds humans get to declare after the last card
# pauses between attempts at a store write that failed (the last one repeats)
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


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


@dataclass
class SeatInfo:
    kind: SeatKind
    name: str
    connected: bool


class _Subscriber:
    def __init__(self, seat: int | None, callback: Callback) -> None:
        self.seat = seat
        self.callback = callback
        self.queue: asyncio.Queue[Awaitable[None] | None] | None = None
        self.task: asyncio.Task[None] | None = None


def bot_spec(bot: Bot | None) -> dict[str, Any] | None:
    """How a bot is recorded in the store, so a restored table seats it again."""
    if bot is None:
        return None
    if isinstance(bot, RandomBot):
        return {"type": "random", "seed": bot.seed, "name": bot.name}
    spec = getattr(bot, "spec", None)
    if callable(spec):
        data = spec()
        if isinstance(data, dict):
            return data
    level = getattr(bot, "level", None)
    if isinstance(level, str) and level in _LEVELLED:
        return {"type": level, "seed": getattr(bot, "seed", 0), "name": bot.name}
    return {"type": type(bot).__name__, "name": bot.name}


_LEVELLED = ("easy", "normal", "hard")


def _levelled(level: str) -> Callable[[dict[str, Any]], Bot]:
    def make(d: dict[str, Any]) -> Bot:
        from ..bots.levels import make_bot

        return make_bot(level, seed=int(d.get("seed", 0)), name=str(d.get("name", "bot")))

    return make


BotFactory = Callable[[dict[str, Any]], Bot]
BOT_FACTORIES: dict[str, BotFactory] = {
    "random": lambda d: RandomBot(seed=int(d.get("seed", 0)), name=str(d.get("name", "bot"))),
    **{level: _levelled(level) for level in _LEVELLED},
}


def bot_from_spec(spec: dict[str, Any], table_seed: int, seat: int) -> Bot:
    factory = BOT_FACTORIES.get(str(spec.get("type")))
    if factory is not None:
        return factory(spec)
    log.warning("no factory for bot %r at seat %d: a random bot stands in", spec, seat)
    return RandomBot(seed=bot_seed(table_seed, seat), name=str(spec.get("name", "bot")))


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
        rules: RuleSet | str,
        seed: int,
        *,
        table_id: str | None = None,
        store: Store | None = None,
        names: list[str] | None = None,
        bots: dict[int, Bot] | None = None,
        bot_delay: float = 0.6,
        deal_delay: float = 0.05,
        declare_window: float | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.rules: RuleSet = RuleSet.preset(rules) if isinstance(rules, str) else rules
        self.seed = seed
        self.table_id: str = table_id if table_id is not None else uuid.uuid4().hex[:12]
        self.bot_delay = bot_delay
        self.deal_delay = deal_delay
        self.declare_window = declare_window
        self._store = store
        self._state: GameState = new_game(self.rules, seed)
        n = self.rules.players
        if names is not None and len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats")
        bots = dict(bots or {})
        if any(not 0 <= s < n for s in bots):
            raise ValueError(f"bots must sit at seats 0 to {n - 1}")
        self._bots: dict[int, Bot] = bots
        self._stand_in: dict[int, str] = {}  # seat -> the human a bot plays for
        self.seats: list[SeatInfo] = []
        for s in range(n):
            given = names[s] if names is not None else ""
            if s in bots:
                self.seats.append(SeatInfo("bot", given or bots[s].name, True))
            elif given:
                self.seats.append(SeatInfo("human", given, True))
            else:
                self.seats.append(SeatInfo("empty", f"seat {s + 1}", False))
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
        self._meta: dict[str, Any] = dict(meta or {})
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
                self.table_id,
                self.rules,
                seed,
                [s.name for s in self.seats],
                self._settings(),
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
    def finished(self) -> bool:
        return self._state.phase == "finished"

    def view(self, seat: int | None) -> SeatView:
        """What `seat` sees now; None: a spectator's view (no hand; `seat` is -1)."""
        if seat is not None:
            self._check_seat(seat)
        return self._views.get(self._state, seat)

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
        return all(s.kind == "bot" for s in self.seats)

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

    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Seat `bot` (standing in for the human there, if any); None hands the seat
        back to the human it stood in for (or leaves it empty)."""
        self._check_seat(seat)
        info = self.seats[seat]
        if bot is not None:
            if info.kind == "human":
                self._stand_in[seat] = info.name
                self.seats[seat] = SeatInfo("bot", info.name, info.connected)
            elif seat in self._stand_in:
                self.seats[seat] = SeatInfo("bot", self._stand_in[seat], info.connected)
            else:
                self.seats[seat] = SeatInfo("bot", bot.name, True)
            self._bots[seat] = bot
        else:
            self._bots.pop(seat, None)
            if seat in self._stand_in:
                self.seats[seat] = SeatInfo("human", self._stand_in.pop(seat), info.connected)
            else:
                self.seats[seat] = SeatInfo("empty", f"seat {seat + 1}", False)
        self._seats_changed()

    def set_human(self, seat: int, name: str) -> None:
        """A human (connected) takes `seat`; a bot sitting there leaves."""
        self._check_seat(seat)
        self._bots.pop(seat, None)
        self._stand_in.pop(seat, None)
        self.seats[seat] = SeatInfo("human", name, True)
        self._seats_changed()

    def set_connected(self, seat: int, connected: bool) -> None:
        """A human's connection came or went (the seat stays theirs)."""
        self._check_seat(seat)
        info = self.seats[seat]
        if info.kind == "empty" or info.connected == connected:
            return
        self.seats[seat] = SeatInfo(info.kind, info.name, connected)
        self._seats_changed()

    def set_empty(self, seat: int) -> None:
        self._check_seat(seat)
        self._bots.pop(seat, None)
        self._stand_in.pop(seat, None)
        self.seats[seat] = SeatInfo("empty", f"seat {seat + 1}", False)
        self._seats_changed()

    def _settings(self) -> dict[str, Any]:
        seats = []
        for s, info in enumerate(self.seats):
            seats.append(
                {
                    "kind": info.kind,
                    "name": info.name,
                    "bot": bot_spec(self._bots.get(s)),
                    "stand_in_for": self._stand_in.get(s),
                }
            )
        out: dict[str, Any] = {
            "seats": seats,
            "bot_delay": self.bot_delay,
            "deal_delay": self.deal_delay,
        }
        if self._meta:
            out["meta"] = self._meta
        return out

    @property
    def meta(self) -> dict[str, Any]:
        """The owner's record kept beside the game (a copy: change it with `set_meta`)."""
        return dict(self._meta)

    def set_meta(self, meta: dict[str, Any]) -> None:
        """Keep `meta` (JSON-serialisable) in the store with the table's settings.
        Raises StoreError when the store refuses it (the old record stays)."""
        if meta == self._meta:
            return
        old, self._meta = self._meta, dict(meta)
        if self._store is not None:
            try:
                self._store.update_settings(self.table_id, self._settings())
            except Exception:
                self._meta = old
                raise

    def _apply_settings(self, settings: dict[str, Any]) -> None:
        meta = settings.get("meta")
        if isinstance(meta, dict):
            self._meta = dict(meta)
        seats = settings.get("seats")
        if not isinstance(seats, list) or len(seats) != self.rules.players:
            return
        for s, spec in enumerate(seats):
            kind = spec.get("kind")
            name = str(spec.get("name") or f"seat {s + 1}")
            bspec = spec.get("bot")
            if kind == "bot" and s not in self._bots and isinstance(bspec, dict):
                self._bots[s] = bot_from_spec(bspec, self.seed, s)
            if kind == "bot" and s in self._bots:
                stand_in = spec.get("stand_in_for")
                if stand_in:
                    self._stand_in[s] = str(stand_in)
                self.seats[s] = SeatInfo("bot", name, not stand_in)
            elif kind == "human":
                self._bots.pop(s, None)
                self.seats[s] = SeatInfo("human", name, False)
            else:
                self._bots.pop(s, None)
                self.seats[s] = SeatInfo("empty", name, False)

    def _seats_changed(self) -> None:
        self._seat_gen += 1
        if self._store is not None:
            try:
                self._store.update_settings(self.table_id, self._settings())
            except Exception:
                log.exception("table %s: could not save the seats", self.table_id)
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
        self._changed.set()
        if new.phase == "finished":
            self._done.set()
        self._notify(events)

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
            return DEFAULT_DECLARE_WINDOW if self.declare_window is None else self.declare_window
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
    def restore(cls, store: Store, table_id: str, **kw: Any) -> Table:
        """The table `table_id` rebuilt by replaying its stored log (its seats and
        bots as recorded; humans come back disconnected). Keyword arguments are
        those of `Table()` and override the recorded ones."""
        stored = store.load(table_id)
        rebuilt = replay(stored)
        settings = stored.settings
        kw.setdefault("bot_delay", float(settings.get("bot_delay", 0.6)))
        kw.setdefault("deal_delay", float(settings.get("deal_delay", 0.05)))
        meta = settings.get("meta")
        kw.setdefault("meta", meta if isinstance(meta, dict) else None)
        names = kw.pop("names", None) or stored.names
        bots = kw.pop("bots", None)
        table = cls(stored.rules, stored.seed, table_id=table_id, names=names, bots=bots, **kw)
        table._store = store
        if bots is None:
            table._apply_settings(settings)
        table._state = rebuilt.state
        if table.finished:
            table._done.set()
            if stored.finished_at is None:
                store.mark_finished(table_id, result_of(table._state))
        return table
