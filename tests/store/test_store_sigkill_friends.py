"""Find friends survives SIGKILL: a real `shengji autoplay` process of a
five-seat find-friends table, killed once while the friend is called but not
revealed and once after the reveal, mid-deal. Rebuilt from the store, the
table holds the same call, the same hidden friend, the same revealed side as
the uninterrupted match at that move, every seat's view says the same, and the
restarted process plays on from there."""

from __future__ import annotations

import itertools
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shengji_tui.engine import FriendCalled, FriendRevealed, GameState, apply, new_game, view_for
from shengji_tui.store import Store, db_path
from shengji_tui.table import Table
from shengji_tui.table.autoplay import bot_names
from shengji_tui.table.plan import random_bots, run_headless

PRESET = "find-friends-5"
SEED = 11
PLAYERS = 5

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _moves(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        db = sqlite3.connect(path, timeout=5)
        try:
            return int(db.execute("SELECT count(*) FROM log").fetchone()[0])
        finally:
            db.close()
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0


def _at(commands: list, k: int) -> GameState:
    """The uninterrupted match after its first `k` moves."""
    state = new_game(PRESET, SEED)
    for cmd in commands[:k]:
        state, _ = apply(state, cmd)
    return state


def test_sigkill_keeps_the_call_the_hidden_friend_and_the_reveal(tmp_path: Path) -> None:
    ref = run_headless(PRESET, SEED, random_bots(SEED, PLAYERS, bot_names(PLAYERS)))
    marks = [
        (i, type(e))
        for i, evs in enumerate(ref.events)
        for e in evs
        if isinstance(e, (FriendCalled, FriendRevealed))
    ]
    # a call of a friend (not the dealer alone) with a long wait for its reveal,
    # and its reveal, with the deal going on after it
    called = next(
        i
        for (i, kind), (j, _) in itertools.pairwise(marks)
        if kind is FriendCalled and j - i > 40 and _at(ref.commands, i + 1).friend is not None
    )
    revealed = next(i for i, kind in marks if kind is FriendRevealed and i > called)
    targets = [called + 3, revealed + 3]
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
    for n, target in enumerate(targets):
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tmp_path
        )
        deadline = time.monotonic() + 60
        while _moves(path) < target:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise AssertionError(f"autoplay ended early: {err}")
            assert time.monotonic() < deadline, "autoplay made no progress"
            time.sleep(0.002)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stderr:
            proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL

        store = Store(path)
        try:
            [table_id] = store.unfinished()
            back = Table.restore(store, table_id)
            k = len(store.load(table_id).log)
        finally:
            store.close()
        want = _at(ref.commands, k)
        got = back.state
        assert got.phase == "playing", (k, got.phase)
        assert got.friend_calls == want.friend_calls and got.friend_calls
        assert got.friend == want.friend  # the hidden friend (holder) is the same
        assert got.dealer_side == want.dealer_side
        call = got.friend_calls[0]
        assert call.revealed == (n == 1), (k, call)
        if n == 0:
            assert got.friend is not None and got.dealer_side == (got.dealer,)
        for seat in range(PLAYERS):
            assert view_for(got, seat).dealer_side == view_for(want, seat).dealer_side
            assert view_for(got, seat) == view_for(want, seat)
        assert got == want
