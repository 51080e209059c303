"""Humans at the table: serialised commands, refusals, a bot standing in."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from table_helpers import Recorder, wait_until

from shengji_tui import rules
from shengji_tui.bots import LEVELS, BotSpec, RandomBot
from shengji_tui.engine import (
    DealAll,
    DealNext,
    Declare,
    NextDeal,
    Play,
    RuleError,
    StaleVersion,
    WrongPhase,
    WrongSeat,
    view_for,
)
from shengji_tui.store import Store, StoreError
from shengji_tui.table import Pacing, StoreTrouble, Table, TableSettings, bot_specs

FAST = Pacing(bot_delay=0, deal_delay=0)


class SlowStore(Store):
    """A real store whose appends take a while and notice overlapping calls."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.inside = 0
        self.most_inside = 0
        self.guard = threading.Lock()

    def append(self, *args: Any, **kw: Any) -> None:
        with self.guard:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        time.sleep(0.004)
        try:
            super().append(*args, **kw)
        finally:
            with self.guard:
                self.inside -= 1


async def test_commands_from_two_humans_are_serialised(tmp_path: Path) -> None:
    store = SlowStore(tmp_path / "s.db")
    t = Table(TableSettings.build("classic", 9, names=["Ana", "Bo", "", ""]), store=store)
    rec = Recorder(t, 0)
    t.subscribe(0, rec)
    results = await asyncio.gather(*(t.submit(k % 2, DealNext()) for k in range(24)))
    assert all(len(r) >= 1 for r in results)
    assert store.most_inside == 1, "two appends ran at the same time"
    assert t.state.version == 24 and t.state.cards_dealt == 24
    log = store.load(t.table_id).log
    assert [e.seq for e in log] == list(range(1, 25))
    assert rec.versions == list(range(1, 25)) and not rec.problems
    # the returned events are the submitter's: no card dealt to another seat
    for k, evs in enumerate(results):
        for e in evs:
            if e.type == "card_dealt":
                assert e.card is None or e.seat == k % 2

    # two declarations made against the same version: one wins, one is stale
    await t.submit(0, DealAll())
    st = t.state
    opts = {s: rules.valid_declarations(st.rules, st.level, list(st.hands[s])) for s in (0, 1)}
    assert opts[0] and opts[1], "seed 9 lets seats 0 and 1 declare"
    v = st.version
    outcome = await asyncio.gather(
        t.submit(0, Declare(seat=0, cards=tuple(opts[0][-1]), version=v)),
        t.submit(1, Declare(seat=1, cards=tuple(opts[1][-1]), version=v)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, list) for o in outcome) == 1
    assert sum(isinstance(o, StaleVersion) for o in outcome) == 1
    assert t.state.version == v + 1
    store.close()


async def test_a_refused_command_changes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    t = Table(TableSettings.build("classic", 4, names=["Ana", "Bo", "Cy", "Di"]), store=store)
    await t.submit(0, DealNext())
    calls: list[int] = []
    t.subscribe(1, lambda view, events, status: calls.append(view.version))
    before = t.state
    rows = len(store.load(t.table_id).log)
    bad: list[tuple[int, Any, type[RuleError]]] = [
        (0, Play(seat=0, cards=tuple(before.hands[0])), WrongPhase),
        (0, DealNext(seat=1), WrongSeat),
        (0, NextDeal(), WrongPhase),
        (1, Declare(seat=1, cards=rules.parse_cards("BJ")), RuleError),
        (2, DealNext(version=0), StaleVersion),
        (3, "not a command", RuleError),
    ]
    for seat, cmd, kind in bad:
        with pytest.raises(kind) as info:
            await t.submit(seat, cmd)
        assert info.value.sentence  # a sentence for the player
        assert t.state is before
    with pytest.raises(WrongSeat):
        await t.submit(7, DealNext())
    assert calls == []
    assert len(store.load(t.table_id).log) == rows
    store.close()


async def test_a_bot_takes_over_a_human_seat_and_hands_it_back(tmp_path: Path) -> None:
    seed = 12
    store = Store(tmp_path / "s.db")
    settings = TableSettings.build(
        "one-deck",
        seed,
        names=["Ana", "Bo", "Cy", "Di"],
        bots=bot_specs(seed, [1, 2, 3]),
        pacing=FAST.replace(declare_window=0),
    )
    t = Table(settings, store=store)
    seen: list[list[str]] = []
    t.subscribe(0, lambda view, events, status: seen.append([s.kind for s in t.seats]))
    assert [s.kind for s in t.seats] == ["human", "bot", "bot", "bot"]
    await t.start()
    await wait_until(lambda: t.state.awaiting() == 0, what="Ana's turn")
    waiting_at = t.state.version
    await asyncio.sleep(0.05)
    assert t.state.version == waiting_at, "the table must wait for the human"

    t.set_bot(0, BotSpec(level="random", seed=99, name="stand-in"))
    assert t.seats[0].kind == "bot" and t.seats[0].name == "Ana"
    assert seen[-1][0] == "bot"  # subscribers hear of the seat change
    played_by_ana = t.state.version
    await wait_until(
        lambda: t.state.deal_no >= 1 and t.state.phase == "playing", what="the bot playing on"
    )
    assert t.state.version > played_by_ana + 20

    t.set_bot(0, None)
    assert t.seats[0].kind == "human" and t.seats[0].name == "Ana"
    # a move the stand-in had already made may still be on its way into the store:
    # it lands (the seat was the bot's when it was made); nothing after it does
    async with t._lock:
        pass
    # from now on the table waits for Ana whenever it is her turn, or at a deal's end
    for _ in range(3):
        await wait_until(
            lambda: t.state.awaiting() == 0 or t.state.phase in ("scoring", "finished"),
            what="Ana's turn again",
        )
        v = t.state.version
        await asyncio.sleep(0.03)
        assert t.state.version == v
        if t.state.phase == "scoring":
            await t.submit(0, NextDeal())
            continue
        if t.state.phase == "finished":
            break
        view = view_for(t.state, 0)
        move = RandomBot(seed=5).decide(view)
        assert isinstance(move, Play)
        events = await t.submit(0, move)
        assert any(e.type == "played" and e.seat == 0 for e in events)
    await t.close()
    # a seat change is saved: a restored table seats Ana as a (disconnected) human
    back = Table.restore(store, t.table_id)
    assert back.seats[0].kind == "human" and back.seats[0].name == "Ana"
    assert not back.seats[0].connected
    assert [s.kind for s in back.seats[1:]] == ["bot"] * 3
    assert back.state == t.state
    store.close()


async def test_seat_changes() -> None:
    t = Table(TableSettings.build("classic", 2, bots={1: BotSpec(level="random", name="Robo")}))
    assert [s.kind for s in t.seats] == ["empty", "bot", "empty", "empty"]
    assert t.seats[1].name == "Robo"
    t.set_human(0, "Ana")
    assert t.seats[0].kind == "human" and t.seats[0].connected
    t.set_connected(0, False)
    assert not t.seats[0].connected
    t.set_human(1, "Bo")  # a human takes a bot's seat
    assert t.seats[1].kind == "human" and t.bot_at(1) is None
    t.set_bot(2, BotSpec(level="random", seed=3, name="R2"))
    t.set_bot(2, None)  # no human to hand back to: empty
    assert t.seats[2].kind == "empty"
    with pytest.raises(WrongSeat):
        t.set_bot(9, None)


async def test_humans_get_a_window_to_declare_before_declaring_closes() -> None:
    settings = TableSettings.build(
        "one-deck",
        3,
        names=["Ana", "", "", ""],
        bots=bot_specs(3, [1, 2, 3]),
        pacing=FAST.replace(declare_window=0.3),
    )
    t = Table(settings)
    await t.start()
    await wait_until(lambda: t.state.phase == "declaring", what="the last card")
    t0 = asyncio.get_running_loop().time()
    await wait_until(lambda: t.state.phase != "declaring", what="declaring to close")
    assert asyncio.get_running_loop().time() - t0 >= 0.2
    await t.close()


async def test_illegal_bot_moves_are_replaced(caplog: pytest.LogCaptureFixture) -> None:
    class Cheat:
        name = "cheat"

        def decide(self, view: Any) -> Any:
            if view.awaiting == view.seat:
                return Play(seat=view.seat, cards=rules.parse_cards("BJ BJ BJ"))
            return None

    settings = TableSettings.build("one-deck", 2, bots=bot_specs(2, range(4)), pacing=FAST)
    t = Table(settings, bots={1: Cheat()})
    await t.start()
    await wait_until(lambda: t.state.trick_no >= 3, what="three tricks")
    await t.close()
    assert any("refused" in r.getMessage() for r in caplog.records)


async def test_wait_finished_reports_a_driver_failure() -> None:
    """A fault that is not the store's (a bug in planning) stops the driver and
    `wait_finished` re-raises it."""
    t = Table(TableSettings.build("one-deck", 2, bots=bot_specs(2, range(4)), pacing=FAST))
    boom = RuntimeError("a bug in the planner")

    def broken(*args: Any, **kw: Any) -> Any:
        raise boom

    import shengji_tui.table.table as table_module

    real = table_module.plan
    table_module.plan = broken
    try:
        await t.start()
        with pytest.raises(RuntimeError, match="bug in the planner"):
            await asyncio.wait_for(t.wait_finished(), 10)
    finally:
        table_module.plan = real
        await t.close()


class FlakyDisk(Store):
    """A real store whose appends fail (as a full disk makes them) from move
    `fail_from` on, `failures` times in a row, then succeed again."""

    def __init__(self, path: Path, fail_from: int, failures: int) -> None:
        super().__init__(path)
        self.fail_from = fail_from
        self.left = failures
        self.refused = 0

    def append(self, table_id: str, seq: int, *args: Any, **kw: Any) -> None:
        if seq >= self.fail_from and self.left > 0:
            self.left -= 1
            self.refused += 1
            raise StoreError("the game store could not record a move: database or disk is full")
        super().append(table_id, seq, *args, **kw)


async def test_a_bot_table_rides_out_a_full_disk_and_plays_on(tmp_path: Path) -> None:
    """A store write of the driver's that fails (the disk is
    full) no longer stops the table for good: the state stays, the listeners hear
    of the trouble once, the driver tries again with growing pauses, and plays on
    by itself once a write succeeds; the stored log has no gap."""
    store = FlakyDisk(tmp_path / "s.db", fail_from=31, failures=4)
    settings = TableSettings.build("one-deck", 2, bots=bot_specs(2, range(4)), pacing=FAST)
    t = Table(settings, store=store)
    t.retry_delays = (0.05, 0.1, 0.2)
    heard: list[StoreTrouble | None] = []
    t.on_trouble(heard.append)
    await t.start()
    await wait_until(lambda: t.trouble is not None, 20, "the first refused write")
    assert t.state.version == 30  # the refused write did not change the state
    await wait_until(lambda: t.state.version >= 60, 30, "play to go on after the disk frees")
    assert store.refused == 4 and t.trouble is None
    assert len(heard) == 2 and heard[1] is None
    first = heard[0]
    assert isinstance(first, StoreTrouble) and "disk is full" in first.error
    assert first.attempts == 1 and first.retry_in == 0.05
    assert first.reason == "database or disk is full"
    assert not t._task.done()  # the driver is alive
    await t.close()
    stored = store.load(t.table_id)
    assert [e.seq for e in stored.log] == list(range(1, len(stored.log) + 1))
    store.close()


async def test_the_back_off_grows_and_a_human_move_ends_the_trouble(tmp_path: Path) -> None:
    """While the disk stays full the pauses grow (to the last delay, repeated); the
    first write that succeeds, a human's included, clears the trouble."""
    store = FlakyDisk(tmp_path / "s.db", fail_from=1, failures=10**6)
    settings = TableSettings.build(
        "classic", 4, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing(deal_delay=0)
    )
    t = Table(settings, store=store)
    t.retry_delays = (0.02, 0.04, 0.08)
    seen: list[int] = []
    t.on_trouble(lambda tr: seen.append(-1 if tr is None else tr.attempts))
    await t.start()
    await wait_until(lambda: t.trouble is not None and t.trouble.attempts >= 5, 20, "retries")
    assert t.trouble is not None and t.trouble.retry_in == 0.08
    assert t.state.version == 0 and seen == [1]  # told once, not at every attempt
    store.left = 0  # space is freed
    await t.submit(0, DealNext())
    assert t.trouble is None and seen == [1, -1]
    await wait_until(lambda: t.state.version > 5, 20, "the driver to deal again")
    await t.close()
    store.close()


def test_bots_are_recorded_by_spec_and_seated_again(tmp_path: Path) -> None:
    """The store records each seat's `BotSpec` (level, seed, name, options): a
    restored table makes the same bots, a stand-in included."""
    store = Store(tmp_path / "s.db")
    specs = {
        s: BotSpec(
            level=lv, seed=7 + s, name=f"K{s}", options={"workers": 1} if lv == "hard" else {}
        )
        for s, lv in enumerate(LEVELS)
    }
    t = Table(TableSettings.build("classic", 1, bots=specs), store=store)
    t.set_bot(0, None)  # leaves seat 0 empty
    t.set_human(0, "Ana")
    t.set_bot(0, specs[0])  # a random bot stands in for Ana
    back = Table.restore(store, t.table_id)
    assert back.settings == t.settings
    assert back.settings.seats[0].stand_in_for == "Ana" and back.seats[0].name == "Ana"
    for s, spec in specs.items():
        bot = back.bot_at(s)
        assert bot is not None and type(bot) is type(spec.make())
        assert (getattr(bot, "seed", None), bot.name) == (spec.seed, spec.name)
        assert getattr(bot, "level", "random") == spec.level
    assert back.bot_at(3).workers == 1  # type: ignore[union-attr]
    store.close()


async def test_views_are_made_while_the_store_syncs_and_a_refused_write_shows_nothing(
    tmp_path: Path,
) -> None:
    """The seats' views of the next state are worked out during the store's
    append; subscribers hear of it only once it is stored, and a write the store
    refuses leaves every view and the state as they were."""
    seen_during: list[tuple[int, set[int]]] = []
    refuse = {"on": False}

    class Watching(Store):
        def append(self, table_id: str, seq: int, *args: Any, **kw: Any) -> None:
            time.sleep(0.05)  # a slow disk: the loop has long made the views
            cache = t._views._entries  # what the table has prepared by now
            seen_during.append((seq, {e.state.version for e in cache.values()}))
            if refuse["on"]:
                raise StoreError("the disk is full")
            super().append(table_id, seq, *args, **kw)

    store = Watching(tmp_path / "s.db")
    t = Table(TableSettings.build("classic", 4, names=["Ana", "Bo", "Cy", "Di"]), store=store)
    heard: list[int] = []
    for seat in range(4):
        t.subscribe(seat, lambda view, events, status: heard.append(view.version))
    await t.submit(0, DealNext())
    before = t.state
    heard.clear()
    refuse["on"] = True
    with pytest.raises(StoreError):
        await t.submit(1, DealNext())
    assert t.state is before and heard == []
    for seat in range(4):
        assert t.view(seat) == view_for(before, seat)
    refuse["on"] = False
    await t.submit(1, DealNext())
    assert heard == [before.version + 1] * 4
    # during each append, all four seats' views were of the state being stored
    assert [(seq, versions) for seq, versions in seen_during] == [
        (1, {1}),
        (2, {2}),
        (2, {2}),
    ]
    store.close()
