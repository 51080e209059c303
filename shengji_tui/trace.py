"""A play's timeline across the server's processes (off unless asked).

With `SHENGJI_TRACE=DIR` in a server process's environment (`shengji bench
ssh --trace DIR` sets it for the server it starts), each process appends one
JSON object a line to `DIR/<name>-<pid>.jsonl` at the steps of a play. Every
record has `t` (`time.monotonic()`: one clock for every process of the
machine, so stamps of different processes compare) and `k` (its kind); the
others, where they apply: `g` a screen's tag ("<table id>/<seat>"), `tb` a
table id, `st` a seat, `v` the table's state version the record is about, `d`
a duration in seconds (the record's `t` is then its start), `n` bytes.

Kinds (docs/performance.md, "A play's timeline"):
- `proc`: the first line (`name`: "serve", "host", "f1"...; `pid`);
- `sess`: a session sits at a table (`u` the login name, `g`);
- `in`: key bytes a screen's terminal received (`g`, `n`); `deliver`: a key
  given to the app (`g`; after the keys before it went up the widget chain);
- `send` / `sent`: the table app sends a command (`tb`, `st`, `v` the version
  it saw) / has its answer (`d` the round trip);
- `lock`: the table took its lock for a command (`tb`, `v` its version);
  `write`: the store's write of the new version, on its thread (`tb`, `v`,
  `d`); `stored`: the table back from that write; `apply`: the new state
  adopted, its subscribers about to be told (`tb`, `v`);
- `push`: the host sends a seat's update to a front end (`tb`, `st`, `v`,
  `f` the front end; `d` its encoding and write, from `t`); `recv`: a front
  end's link handed one to its table (the view then rebuilt);
- `post`: a seat's update reaches its app's queue (`tb`, `st`, `v`);
- `upd`: an app's update of its screen (`tb`, `st`, `v`, `d`: the model,
  the presenter and the widgets' `show`);
- `out`: a frame written to an SSH channel (`g`, `n`);
- `lag`: the process's event loop woke a 10 ms ticker late (`d`, kept when
  at least `LAG_KEPT`); `gc`: a collector pass (`gen`, `d`, `n` the
  unreachable objects it found).

When the variable is unset the hooks cost one test of `ON` (a module
constant): `if trace.ON: trace.rec(...)`.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

T = TypeVar("T")

ENV = "SHENGJI_TRACE"
ON = bool(os.environ.get(ENV))

TICK = 0.01  # seconds: the lag ticker's sleep
LAG_KEPT = 0.002  # seconds late at least for a `lag` record
FLUSH_EVERY = 0.25  # seconds between writes of the records kept

_buf: list[str] = []
_file: TextIO | None = None
_name = ""
_ticker: asyncio.Task[None] | None = None
_gc_start = 0.0


def rec(kind: str, **fields: Any) -> None:
    """One record now (call it under `if trace.ON:`)."""
    fields["k"] = kind
    fields["t"] = round(time.monotonic(), 6)
    _buf.append(json.dumps(fields, separators=(",", ":"), ensure_ascii=False))


def span(kind: str, start: float, **fields: Any) -> None:
    """One record of something that began at `start` (`time.monotonic()`) and ends now."""
    now = time.monotonic()
    fields["k"] = kind
    fields["t"] = round(start, 6)
    fields["d"] = round(now - start, 6)
    _buf.append(json.dumps(fields, separators=(",", ":"), ensure_ascii=False))


def timed(kind: str, fn: Callable[[], T], **fields: Any) -> Callable[[], T]:
    """`fn`, recording a `kind` span of its run (on whatever thread runs it)."""

    def run() -> T:
        start = time.monotonic()
        try:
            return fn()
        finally:
            span(kind, start, **fields)

    return run


def tag(table_id: str, seat: int | None) -> str:
    """A screen's tag: its table and seat (a spectator's: "-")."""
    return f"{table_id}/{'-' if seat is None else seat}"


def begin(name: str) -> None:
    """This process traces as `name` (its file opened, the lag ticker and the
    collector's callback started); a no-op when tracing is off or begun."""
    global _file, _name, _ticker
    if not ON or _file is not None:
        return
    folder = Path(os.environ[ENV])
    folder.mkdir(parents=True, exist_ok=True)
    _name = name
    _file = open(folder / f"{name}-{os.getpid()}.jsonl", "a", encoding="utf-8")  # noqa: SIM115
    rec("proc", name=name, pid=os.getpid())
    gc.callbacks.append(_gc)
    atexit.register(flush)
    _ticker = asyncio.get_running_loop().create_task(_tick())


def flush() -> None:
    """Write the records kept so far."""
    if _file is None or not _buf:
        return
    lines = "\n".join(_buf) + "\n"
    _buf.clear()
    try:
        _file.write(lines)
        _file.flush()
    except (OSError, ValueError):
        pass


def _gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_start
    if phase == "start":
        _gc_start = time.monotonic()
    elif _gc_start:
        span("gc", _gc_start, gen=info.get("generation"), n=info.get("collected"))


async def _tick() -> None:
    """The event loop's lateness (a 10 ms sleep's), and the records written."""
    flushed = time.monotonic()
    while True:
        t = time.monotonic()
        await asyncio.sleep(TICK)
        now = time.monotonic()
        late = now - t - TICK
        if late >= LAG_KEPT:
            _buf.append(f'{{"k":"lag","t":{round(t + TICK, 6)},"d":{round(late, 6)}}}')
        if now - flushed >= FLUSH_EVERY:
            flushed = now
            flush()
