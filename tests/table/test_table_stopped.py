"""A table whose driver fails with an error that is not the store's: it stops
for good and is set aside (kept in the store as it is, not among the
unfinished tables any more, so nothing restores it), its listeners hear a
`DriverStopped` (its kind, not its text), a move is refused with a sentence,
and `shengji replay` still tells it. (The store's own failures are ridden
out: test_table_humans.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from table_helpers import wait_until

from shengji_tui.engine import DealNext, NextDeal
from shengji_tui.replay_cli import game_text, list_games
from shengji_tui.store import Store
from shengji_tui.table import (
    DriverStopped,
    Pacing,
    Table,
    TableSettings,
    TableStopped,
    bot_specs,
)
from shengji_tui.table import table as table_module

FAST = Pacing(bot_delay=0.0, deal_delay=0.0)


async def test_a_failed_driver_stops_the_table_for_good(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = table_module.plan

    def plan(state: Any, *args: Any, **kw: Any) -> Any:
        if state.version >= 12:
            raise RuntimeError("the planner broke at /secret/path")
        return real(state, *args, **kw)

    monkeypatch.setattr(table_module, "plan", plan)
    store = Store(tmp_path / "s.db")
    settings = TableSettings.build("one-deck", 4, bots=bot_specs(4, range(4)), pacing=FAST)
    t = Table(settings, store=store)
    heard: list[Any] = []
    t.on_trouble(heard.append)
    await t.start()
    with pytest.raises(RuntimeError):
        await t.wait_finished()
    assert t.stopped and t.state.version == 12
    [stopped] = heard
    assert isinstance(stopped, DriverStopped) and stopped.stopped
    assert stopped.reason == "RuntimeError" and "secret" in stopped.error
    assert t.trouble is stopped
    # a move is refused, nothing is stored
    with pytest.raises(TableStopped, match="this table has stopped"):
        await t.submit(0, DealNext())
    with pytest.raises(TableStopped):
        await t.submit(0, NextDeal())
    await t.close()
    # set aside: kept whole, not unfinished (nothing restores it), listed
    assert t.table_id not in store.unfinished()
    [(tid, why)] = store.set_aside_tables()
    assert tid == t.table_id and "planner broke" in why
    stored = store.load(t.table_id)
    assert len(stored.log) == 12 and stored.finished_at is None
    [summary] = store.tables()
    assert summary.set_aside is not None and summary.finished_at is None
    assert "set-aside" in list_games(store) and t.table_id in list_games(store)
    assert t.table_id in game_text(store, t.table_id)  # (shengji replay tells it)
    store.close()


async def test_without_a_store_the_table_stops_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def plan(*args: Any, **kw: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(table_module, "plan", plan)
    settings = TableSettings.build("classic", 1, bots=bot_specs(1, range(4)), pacing=FAST)
    t = Table(settings)
    await t.start()
    await wait_until(lambda: t.stopped, 10, "the stop")
    assert isinstance(t.trouble, DriverStopped) and t.trouble.reason == "MemoryError"
    await t.close()
