"""Durability: a real `shengji autoplay` process, killed with SIGKILL at random
points of a bot-only match and restarted, finishes the very match an
uninterrupted run of the same seed plays; every acknowledged move survives."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shengji_tui.store import Store, db_path, replay
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.table.autoplay import BOT_NAMES

PRESET = "one-deck"
SEED = 2024
KILLS = 3

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _moves(path: Path) -> tuple[int, int]:
    """(moves stored, finished tables) as another process sees them now."""
    if not path.exists():
        return 0, 0
    try:
        db = sqlite3.connect(path, timeout=5)
        try:
            moves = db.execute("SELECT count(*) FROM log").fetchone()[0]
            done = db.execute(
                "SELECT count(*) FROM tables WHERE finished_at IS NOT NULL"
            ).fetchone()[0]
            return int(moves), int(done)
        finally:
            db.close()
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0, 0


async def _uninterrupted(tmp: Path) -> tuple[list[str], list[str], dict[str, object]]:
    store = Store(db_path(tmp))
    names = list(BOT_NAMES[:4])
    settings = TableSettings.build(
        PRESET,
        SEED,
        names=names,
        bots=bot_specs(SEED, range(4), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    log = store.load(t.table_id).log
    result = store.finished()[0].result or {}
    store.close()
    return [e.command_json for e in log], [e.events_json for e in log], result


async def test_sigkill_at_random_points_loses_nothing(tmp_path: Path) -> None:
    expected_cmds, expected_events, expected_result = await _uninterrupted(tmp_path / "ref")
    total = len(expected_cmds)

    data = tmp_path / "data"
    path = db_path(data)
    cmd = [
        sys.executable,
        "-m",
        "shengji_tui",
        "autoplay",
        "--data-dir",
        str(data),
        "--preset",
        PRESET,
        "--seed",
        str(SEED),
        "--tables",
        "1",
        "--bot-delay",
        "0",
    ]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    chooser = random.Random()
    kill_seed = chooser.randrange(10**6)
    rng = random.Random(kill_seed)
    targets = sorted(rng.sample(range(50, total - 50), KILLS))
    note = f"(kill points {targets} of {total} moves, kill seed {kill_seed})"

    stored_after_kill: list[int] = []
    for target in targets:
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tmp_path
        )
        deadline = time.monotonic() + 30
        while _moves(path)[0] < target:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise AssertionError(f"autoplay ended early {note}: {err}")
            if time.monotonic() > deadline:
                proc.kill()
                raise AssertionError(f"autoplay made no progress {note}")
            time.sleep(0.001 + rng.random() * 0.003)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stderr:
            proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL
        moves, finished = _moves(path)
        assert finished == 0, f"the match ended before the kill {note}"
        assert moves >= target
        if stored_after_kill:
            assert moves > stored_after_kill[-1], f"no progress after a restart {note}"
        stored_after_kill.append(moves)

    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "resumed table" in out.stdout and "finished" in out.stdout

    with Store(path) as store:
        [done] = store.finished()
        assert store.unfinished() == []
        stored = store.load(done.table_id)
        rebuilt = replay(stored)  # the events re-derive exactly
    assert rebuilt.state.phase == "finished"
    got_cmds = [e.command_json for e in stored.log]
    got_events = [e.events_json for e in stored.log]
    assert len(got_cmds) == total, note
    assert got_cmds == expected_cmds, note
    assert got_events == expected_events, note
    assert done.result is not None
    for key in ("winners", "levels", "deals", "moves"):
        assert done.result[key] == expected_result[key], note
