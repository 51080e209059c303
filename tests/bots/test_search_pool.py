"""The hard bot's process pool does not outlive its process: a bench or a
table killed without a clean shutdown leaves no worker searching on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

SCRIPT = """
import multiprocessing, sys
from shengji_tui.bots.search import SearchBot
SearchBot(workers=2, budget_ms=100)
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
sys.stdin.read()
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its (new) parent to reap it is gone too
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_killed_parent_takes_its_pool_workers_with_it() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        workers = [int(p) for p in proc.stdout.readline().split()]
        assert workers, "the bot started no pool worker"
        assert all(alive(p) for p in workers)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    end = time.monotonic() + 15
    while any(alive(p) for p in workers) and time.monotonic() < end:
        time.sleep(0.1)
    left = [p for p in workers if alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left, f"pool workers {left} outlived their parent"
