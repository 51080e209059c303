"""The turn clock and 托管 at the table, on a fake clock: a human who does not
move gets the stand-in bot's move when the clock runs out, and after N
timeouts in a row the bot plays the seat (托管) until its player takes it back;
everyone hears of it (notes), a restart keeps it."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

from fake_time import FakeTicker
from table_helpers import wait_until

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import Event, Played, SeatView, view_for
from shengji_tui.rules import TrumpContext
from shengji_tui.store import Store
from shengji_tui.table import (
    AutoNote,
    ClockStatus,
    Note,
    Pacing,
    Table,
    TableSettings,
    TableStatus,
    TimeoutNote,
    TurnClock,
    bot_specs,
)
from shengji_tui.table.notes import parse_note
from shengji_tui.table.settings import settings_from

CLOCK = TurnClock(seconds=30, single=15, bury=60, limit=2)


def _settings(seed: int = 4, clock: TurnClock | None = CLOCK, window: float = 0) -> TableSettings:
    return TableSettings.build(
        "one-deck",
        seed,
        names=["Ana", "Bo", "Cy", "Di"],
        bots=bot_specs(seed, [1, 2, 3], "random"),
        pacing=Pacing(bot_delay=0, deal_delay=0, declare_window=window, turn_clock=clock),
        stand_in="random",
    )


def _expected_seconds(t: Table) -> float:
    """What the clock of the awaited human should be, worked out from the rules."""
    st = t.state
    if st.phase == "burying":
        return CLOCK.bury
    view = view_for(st, st.awaiting() or 0)
    if st.phase == "playing":
        if len(view.hand) == 1:
            return CLOCK.single
        if view.trick:
            ctx = TrumpContext(view.level, view.trump_suit)
            lead = list(view.trick[0].cards)
            follows = list(rules.legal_follows(view.rules, ctx, list(view.hand), lead))
            if len(follows) == 1:
                return CLOCK.single
    return CLOCK.seconds


async def _ana_clock(t: Table, tick: FakeTicker) -> None:
    """Until the table waits for Ana on her clock."""
    await wait_until(
        lambda: t.clock is not None and t.clock.seat == 0 and tick.waiting > 0,
        what="a clock for Ana",
    )


async def test_timeouts_then_on_auto_then_taken_back() -> None:
    tick = FakeTicker()
    t = Table(_settings(), ticker=tick)
    notes: list[Note] = []
    t.listen(notes.append)
    ana_played: list[int] = []
    told: list[TableStatus] = []

    def watch(view: SeatView, events: list[Event], status: TableStatus) -> None:
        ana_played.extend(view.version for e in events if isinstance(e, Played) and e.seat == 0)
        told.append(status)

    t.subscribe(None, watch)
    await t.start()
    for k in (1, 2):
        await _ana_clock(t, tick)
        clock = t.clock
        assert clock is not None
        assert clock.seconds == _expected_seconds(t)
        assert clock.deadline == tick.now() + clock.seconds
        v = t.state.version
        tick.advance(clock.seconds - 1)
        await asyncio.sleep(0.05)
        assert t.state.version == v, "the table waits for Ana until her time is up"
        assert t.clock is clock, "the same clock while nothing changes"
        tick.advance(1)
        await wait_until(lambda v=v: t.state.version > v, what="the stand-in's move")
        await wait_until(lambda k=k: sum(isinstance(n, TimeoutNote) for n in notes) == k)
        note = [n for n in notes if isinstance(n, TimeoutNote)][-1]
        assert (note.seat, note.name, note.timeouts) == (0, "Ana", k)
        assert note.command in ("play", "bury", "call_friend")
    # the second timeout in a row: Ana's seat is in 托管
    await wait_until(lambda: any(isinstance(n, AutoNote) for n in notes), what="托管")
    on = next(n for n in notes if isinstance(n, AutoNote))
    assert (on.seat, on.on, on.timeouts) == (0, True, 2)
    assert t.on_auto == (0,) and t.seats[0].on_auto and t.seats[0].kind == "human"
    assert t.settings.on_auto == (0,)
    assert told[-1].seats == tuple(t.seats) and told[-1].seats[0].on_auto  # (every screen's)
    # the bot plays her seat now, with no clock for it
    before = len(ana_played)
    await wait_until(
        lambda: len(ana_played) >= before + 3 or t.state.phase == "scoring", what="托管 plays"
    )
    assert t.clock is None or t.clock.seat != 0
    # any key: she takes it back; her next decision is on her clock again
    assert await t.reclaim(0)
    assert not await t.reclaim(0)
    assert t.on_auto == () and not t.seats[0].on_auto
    assert not told[-1].seats[0].on_auto
    off = [n for n in notes if isinstance(n, AutoNote)][-1]
    assert (off.seat, off.on) == (0, False)
    if t.state.phase == "playing":
        await _ana_clock(t, tick)
        assert t.clock is not None and t.clock.seconds == _expected_seconds(t)
    await t.close()


async def test_a_move_of_ones_own_ends_the_timeouts_in_a_row() -> None:
    tick = FakeTicker()
    t = Table(_settings(seed=7), ticker=tick)
    notes: list[Note] = []
    t.listen(notes.append)
    await t.start()
    for _ in range(2):
        await _ana_clock(t, tick)
        v = t.state.version
        assert t.clock is not None
        tick.advance(t.clock.seconds)
        await wait_until(lambda v=v: t.state.version > v)
        await wait_until(lambda: any(isinstance(n, TimeoutNote) for n in notes))
        # then she moves herself
        await _ana_clock(t, tick)
        move = RandomBot(seed=3).decide(t.view(0))
        assert move is not None
        await t.submit(0, move)
    counts = [n.timeouts for n in notes if isinstance(n, TimeoutNote)]
    assert counts == [1, 1]
    assert not any(isinstance(n, AutoNote) for n in notes)
    assert t.on_auto == ()
    await t.close()


async def test_no_clock_no_timeouts() -> None:
    tick = FakeTicker()
    t = Table(_settings(clock=None), ticker=tick)
    await t.start()
    await wait_until(lambda: t.state.awaiting() == 0, what="Ana's turn")
    await wait_until(lambda: tick.waiting > 0, what="the driver waiting")
    v = t.state.version
    assert t.clock is None and tick.deadlines == [math.inf]  # (for a move, not a time)
    tick.advance(10_000)
    assert tick.deadlines == [math.inf] and t.state.version == v
    await t.close()


async def test_each_update_tells_the_clock_in_seconds_left_not_the_tables_deadline() -> None:
    """A reader in another process counts from its own time: the table tells
    how long is left when it tells, never its own `time.monotonic()`."""
    tick = FakeTicker()
    tick.advance(5000.0)  # (the table's time is nothing like the reader's)
    t = Table(_settings(), ticker=tick)
    told: list[tuple[int, TableStatus]] = []
    t.subscribe(0, lambda view, events, status: told.append((view.version, status)))
    await t.start()
    await _ana_clock(t, tick)
    clock = t.clock
    assert clock is not None and clock.seat == 0
    version, status = told[-1]
    assert version == clock.version == t.state.version
    assert status.clock == ClockStatus(0, clock.seconds, clock.seconds, clock.version)
    assert status.seats == tuple(t.seats) and not status.deal_held
    tick.advance(10)
    later = t.status().clock
    assert later is not None and later.left == clock.seconds - 10
    tick.advance(clock.seconds)  # (past it: nothing negative is told)
    await wait_until(lambda: t.state.version > version, what="the stand-in's move")
    await t.close()


async def test_the_declaring_window_runs_on_the_clock() -> None:
    t = Table(_settings(window=0.4))
    await t.start()
    await wait_until(lambda: t.state.phase == "declaring", what="the last card")
    clock = t.clock
    assert clock is not None and clock.seat is None and clock.seconds == 0.4
    assert clock.version == t.state.version
    await wait_until(lambda: t.state.phase != "declaring", what="declaring to close")
    assert t.clock is None or t.clock.seat is not None
    await t.close()


async def test_seats_on_auto_and_notes_survive_a_restart(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    tick = FakeTicker()
    t = Table(_settings(seed=11), store=store, ticker=tick)
    notes: list[Note] = []
    t.listen(notes.append)
    await t.start()
    await t.say(0, "Ana", "hello\x1b[31m all")
    await t.say(None, "eve", "watching")
    while not t.on_auto:
        await _ana_clock(t, tick)
        v = t.state.version
        assert t.clock is not None
        tick.advance(t.clock.seconds)
        await wait_until(lambda v=v: t.state.version > v or bool(t.on_auto))
    await wait_until(lambda: any(isinstance(n, AutoNote) for n in notes))
    await t.close()  # (the notes' writes land first)
    back = Table.restore(store, t.table_id, ticker=FakeTicker())
    assert back.on_auto == (0,) and back.seats[0].on_auto
    said = back.recent_notes()
    assert [n.kind for n in said] == [n.kind for n in notes]
    assert [n.model_dump() for n in said] == [n.model_dump() for n in notes]
    assert said[0].kind == "chat" and said[0].text == "hello all"
    # the bot plays Ana's seat at the restored table without anyone's clock
    await back.start()
    v = back.state.version
    await wait_until(lambda: back.state.version > v + 8 or back.state.phase == "scoring")
    assert back.clock is None or back.clock.seat != 0
    await back.say(1, "Bo", "again")  # numbering goes on after the stored notes
    await back.close()
    assert [j for _, j in store.notes(t.table_id)][-1].count("again") == 1
    assert len(store.notes(t.table_id)) == len(notes) + 1
    store.close()


def test_records_from_before_on_auto_was_named_so_still_load() -> None:
    """A table's settings and notes stored when 托管 was called `hosted`."""
    st = _settings().replace(on_auto=(0, 2))
    data = st.stored()
    data["hosted"] = data.pop("on_auto")
    back = settings_from(data, st.rules, 4, st.names, "t-old")
    assert back.on_auto == (0, 2) and "hosted" not in back.stored()
    note = parse_note('{"kind": "hosted", "seat": 1, "name": "Bo", "on": true, "timeouts": 2}')
    assert isinstance(note, AutoNote) and note.kind == "on_auto" and note.on and note.seat == 1
    assert parse_note(note.model_dump_json()) == note
