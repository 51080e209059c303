"""A play's timeline (shengji_tui/trace.py) over a real `shengji serve
--workers 2`: each process writes its records, and one play's join across
them (the key read, the command sent, the table's apply, each seat's update
pushed, received, posted and shown, each frame written); with SHENGJI_TRACE
unset nothing is traced (the hooks never call the module)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from shengji_tui import trace
from shengji_tui.bench import ssh_load
from shengji_tui.bench.ssh_trace import (
    STAGES,
    Index,
    Play,
    join_play,
    load_records,
    split_tag,
)
from shengji_tui.server import ShengjiServer
from shengji_tui.server.process import free_port

from .game_helpers import act
from .sshclient import Client
from .test_ssh_game import start_playing

# the stages of a play's chain with `--workers` (a paint's parts aside)
WORKERS_STAGES = set(STAGES) - {"render", "before_frame"}


@pytest.mark.slow(25)
async def test_one_plays_records_across_a_host_and_two_front_ends(tmp_path: Path) -> None:
    port = free_port()
    folder = tmp_path / "trace"
    srv = await ssh_load.benchmark_server(
        tmp_path / "data", port, "--workers", "2", trace_dir=folder
    )
    players: list[ssh_load.Player] = []
    plays: list[Play] = []
    try:
        players = await ssh_load.seat_tables(port, 1)
        for p in players:
            p.collect = False
        lat: list[float] = []
        made = await ssh_load.play_table(
            players, 2, 0.05, lat, random.Random(0), time.monotonic() + 90, plays
        )
        assert made == 2
    finally:
        for p in players:
            await p.close()
        await srv.stop()
    files = sorted(f.name.rsplit("-", 1)[0] for f in folder.glob("*.jsonl"))
    assert files == ["f1", "f2", "host"]  # (the workers' own process traces nothing)
    recs = load_records(folder)
    ix = Index.of(recs)
    assert sorted(ix.users) == [p.name for p in players]
    j = join_play(ix, plays[0])
    assert j is not None and not j["local"], j
    assert set(j["stages"]) == WORKERS_STAGES
    assert all(v >= 0 for v in j["stages"].values()), j["stages"]
    assert sum(j["stages"].values()) == pytest.approx(j["latency"], abs=1e-4)
    # (the front ends' paints: Textual's screen-update timer's, `to_paint` and `paint`)
    assert {r["p"] for r in recs if r["k"] == "paint"} <= {"f1", "f2"}
    assert set(j["key_parts"]) == {"held", "app"}  # (the key given to the app between)
    # the play's records, every seat's: pushed by the host, received, posted and
    # shown by the front end its session is on, a frame written for it after
    table_id, pressed = split_tag(ix.users[plays[0].presser])
    send = next(r for r in recs if r["k"] == "send" and r["t"] >= plays[0].t0)
    assert (send["tb"], send["st"]) == (table_id, pressed)
    version = send["v"] + 1
    (applied,) = [r for r in recs if r["k"] == "apply" and r["v"] == version]
    assert applied["tb"] == table_id and applied["p"] == "host"
    # the store's write, on its thread, within the table's lock and its return
    lock = next(r for r in recs if r["k"] == "lock" and r["t"] >= send["t"])
    (write,) = [r for r in recs if r["k"] == "write" and r["tb"] == table_id and r["v"] == version]
    (stored,) = [
        r for r in recs if r["k"] == "stored" and r["tb"] == table_id and r["v"] == version
    ]
    assert lock["t"] <= write["t"] <= write["t"] + write["d"] <= stored["t"] <= applied["t"]
    fronts = {r["g"]: r["p"] for r in recs if r["k"] == "sess"}
    for seat in range(4):
        g = trace.tag(table_id, seat)
        mine = [
            r
            for r in recs
            if r.get("tb") == table_id and r.get("st") == seat and r.get("v") == version
        ]
        kinds = {r["k"]: r for r in mine}
        assert {"push", "recv", "post", "upd"} <= set(kinds), (seat, mine)
        assert kinds["push"]["p"] == "host" and kinds["push"]["f"] == fronts[g]
        assert {kinds[k]["p"] for k in ("recv", "post", "upd")} == {fronts[g]}
        assert kinds["push"]["t"] <= kinds["recv"]["t"] <= kinds["post"]["t"]
        assert kinds["post"]["t"] <= kinds["upd"]["t"]
        done = kinds["upd"]["t"] + kinds["upd"]["d"]
        assert any(r["k"] == "out" and r["g"] == g and r["t"] >= done for r in recs)


def test_the_variable_unset_or_empty_is_off() -> None:
    env = {k: v for k, v in os.environ.items() if k != trace.ENV}
    code = "import shengji_tui.trace as t; print(t.ON)"
    for extra in ({}, {trace.ENV: ""}):
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**env, **extra},
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.strip() == "False"


async def test_unset_nothing_is_traced(
    server: ShengjiServer, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server whose process has no SHENGJI_TRACE: a table's plays call
    nothing of the trace module, and it keeps and opens nothing."""
    called: list[Any] = []
    monkeypatch.setattr(trace, "ON", False)
    monkeypatch.setattr(trace, "rec", lambda *a, **k: called.append(a))
    monkeypatch.setattr(trace, "span", lambda *a, **k: called.append(a))
    monkeypatch.setattr(trace, "begin", lambda *a, **k: called.append(a))
    cs, room, table, by_seat = await start_playing(server, clients)
    v0 = table.state.version
    await act(room, by_seat)
    assert table.state.version > v0
    for c in cs:
        await c.settle()
    assert called == []
    assert trace._file is None and trace._buf == []
