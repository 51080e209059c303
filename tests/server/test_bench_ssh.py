"""`shengji bench ssh` (and benchmarks/ssh_load.py) runs end to end, small: one
table of four SSH clients plays four cards (and again at the floor), a few
connect/disconnect cycles, a table's players leaving at once; the figures are
there and make sense (their values are for docs/performance.md, not for a
test). The runs one against the other (--workers 1,2, --capacity) are checked
over a stand-in for the one run, which the first test makes for real."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.bench import ssh_load

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, runs: int = 1, tmp: Path | None = None) -> dict[str, object]:
    """The command's JSON; `runs`: the servers it starts one after the other
    (each may take two minutes on a loaded machine); `tmp`: its TMPDIR."""
    env = None if tmp is None else {**os.environ, "TMPDIR": str(tmp)}
    done = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=120 * runs,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def test_the_benchmark_script_runs_churn(tmp_path: Path) -> None:
    r = run("benchmarks/ssh_load.py", "--churn", "8", "--batch", "4", "--json", tmp=tmp_path)
    marks = r["rss_mib_by_cycles"]
    assert isinstance(marks, dict) and sorted(int(k) for k in marks) == [4, 8]
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("shengji-")]


@pytest.mark.slow(35)
def test_bench_ssh_plays_a_few_cards_and_reports_the_floors_ratio(tmp_path: Path) -> None:
    """Against a host with two front ends (`--workers 2`), the table's run and
    the floor's: the CPU is every server process's (the host's and the front
    ends'). Each run's data directory is gone after it."""
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--tables", "1", "--moves", "4",
            "--think", "0.05", "--floor", "--workers", "2", "--json", runs=2,
            tmp=tmp_path)  # fmt: skip
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("shengji-")]
    lat = r["latency_ms"]
    assert isinstance(lat, dict) and lat["n"] == 4
    assert 0 < lat["p50"] <= lat["max"] < 5000
    assert r["sessions"] == 4 and 0 < r["rss_per_session_mib"] < 50  # type: ignore[operator]
    assert r["workers"] == 2 and r["stalled"] == [] and r["deals_over"] == 0
    assert 0 < r["server_cpu_busiest_process"] <= r["server_cpu_cores"]  # type: ignore[operator]
    assert set(r["loadavg_1min"]) == {"before", "after"}  # type: ignore[arg-type]
    assert set(r["server_cpu_by_process"]) == {"serve", "host", "f1", "f2"}  # type: ignore[arg-type]
    floor, ratio = r["floor"], r["ratio"]
    assert isinstance(floor, dict) and isinstance(ratio, dict)
    assert floor["moves"] == 4 and floor["latency_ms"]["n"] == 4
    t, f = r["latency_ms"]["p50"], floor["latency_ms"]["p50"]  # type: ignore[index]
    assert 0 < f < 5000 and ratio["p50"] == round(t / f, 2)
    assert set(floor["loadavg_1min"]) == set(r["loadavg_1min"]) == {"before", "after"}


def test_a_stalled_tables_report_shows_what_its_players_last_saw() -> None:
    """A table short of its moves is reported with its players' last bytes as
    text, every escape sequence a `|`: a "your move" mark cut in two by the
    painter shows as such, and the one who got nothing as so long ago."""
    players = [ssh_load.Player(f"t0p{i}") for i in range(4)]
    players[0].data_received(b"\x1b[5;70H\x1b[1;38;2;200;20;20mYOUR\x1b[0m TURN\x1b(B", None)
    players[1].data_received(b"\x1b]0;title\x07deal 1 \xc2\xb7 trick 3", None)
    report = ssh_load.stall_report(players, 7, time.perf_counter() - 30)
    assert report["made"] == 7 and 29 < report["since_last_play_s"] < 60
    seen = report["players"]
    assert seen[0]["recent"] == "||YOUR| TURN|" and seen[1]["recent"] == "|deal 1 \u00b7 trick 3"
    assert seen[0]["since_rx_s"] is not None and seen[2]["since_rx_s"] is None
    assert [p["closed"] for p in seen] == [False] * 4
    assert players[0].turn_seen == 0.0  # (the cut mark was not seen as one)


class Keys:
    """A channel's stand-in: the keys a player sends."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.sent.append(data)


async def test_a_table_whose_deal_is_over_ends_its_plays_at_once() -> None:
    """Every screen shows the deal's result and no one's turn: the table made
    its last play (not a stall: no 30 s wait, no report), nothing is sent."""
    players = [ssh_load.Player(f"t0p{i}") for i in range(4)]
    chans = [Keys() for _ in players]
    for p, c in zip(players, chans, strict=True):
        p.chan = c  # type: ignore[assignment]
        p.data_received(b"\x1b[24;1H\x1b[1m\xe2\x8f\x8e\x1b[0m next deal \x1b[1mt\x1b[0m", None)
        p.last_rx -= 1.0  # (quiet since)
    stalls: list[dict[str, Any]] = []
    over: list[int] = []
    t0 = time.monotonic()
    made = await ssh_load.play_table(
        players, 20, 0.3, [], random.Random(1), time.monotonic() + 60, stalls=stalls,
        deals_over=over,
    )  # fmt: skip
    assert made == 0 and stalls == [] and over == [0] and time.monotonic() - t0 < 5
    assert [c.sent for c in chans] == [[]] * 4


@pytest.mark.slow(27)
def test_bench_ssh_leave_measures_the_pause() -> None:
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--leave", "1", "--think", "0.05",
            "--seconds", "4", "--json")  # fmt: skip
    assert r["sessions_leaving"] == 4
    before, after = r["probe_ms_before"], r["probe_ms_after"]
    assert isinstance(before, dict) and isinstance(after, dict)
    # (a loaded machine answers fewer pokes: only that some were answered is asked)
    assert before["n"] >= 1 and after["n"] >= 5 and 0 < after["max"] < 5000
    assert isinstance(r["gc_full_pass_ms"], list)


def alive(pid: int) -> bool:
    """`pid` runs (not gone, not a zombie left for its new parent to reap)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(cond: Any, what: str, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


@pytest.mark.slow(8)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG: Linux")
def test_a_killed_bench_takes_its_server_with_it(tmp_path: Path) -> None:
    """`shengji bench ssh` killed outright (SIGKILL, as a timeout kills it): its
    `shengji serve` child ends too instead of serving on, orphaned. (Its data
    directory, which a killed bench cannot remove, is made under `tmp_path`.)"""
    bench = subprocess.Popen(
        [sys.executable, "-m", "shengji_tui.cli", "bench", "ssh", "--churn", "1000000",
         "--batch", "1", "--json"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )  # fmt: skip
    servers: list[tuple[int, int]] = []  # (pid, port)

    def serving() -> bool:
        for pid in ssh_load.process_tree(bench.pid)[1:]:
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"serve" in argv and b"--port" in argv:  # (exec'd: the call came first)
                servers.append((pid, int(argv[argv.index(b"--port") + 1])))
                return True
        return False

    def connected() -> bool:
        """A client of the bench's is connected to the server: the bench read
        the server's start-up lines (a child killed before saying them all
        would end on its own, at its next write)."""
        port = f":{servers[0][1]:04X}"
        with open("/proc/net/tcp") as f:
            rows = [line.split() for line in f.readlines()[1:]]
        return any(r[1].endswith(port) and r[3] == "01" for r in rows)  # (01: established)

    try:
        wait_until(lambda: serving() or bench.poll() is not None, "the bench's server")
        assert bench.poll() is None and servers, "the bench ended before its server started"
        wait_until(connected, "the bench's first client")
        bench.kill()
        bench.wait()
        wait_until(lambda: not alive(servers[0][0]), "the server to end with the bench")
    finally:
        bench.kill()
        bench.wait()
        for pid, _ in servers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


class Runs:
    """`one_run` in place of a real server's: each run's p99 is its table count
    times the `per_table` of its --workers (the runs' order is noted)."""

    def __init__(self, per_table: dict[int, float]) -> None:
        self.per_table = per_table
        self.made: list[tuple[int, int]] = []

    def __call__(self, args: argparse.Namespace, tables: int, workers: int) -> dict[str, Any]:
        self.made.append((tables, workers))
        p99 = tables * self.per_table[workers]
        return {
            "latency_ms": {"p50": p99 / 2, "p90": p99, "p99": p99},
            "server_cpu_cores": 0.5 * workers,
            "server_cpu_busiest_process": 0.5,
            "server_cpu_by_process": {f"f{k + 1}": 0.5 for k in range(workers)},
            "generator_cpu_cores": 0.1 * tables,
            "loadavg_1min": {"before": 1.0 + len(self.made), "after": 1.0},
        }


def bench(monkeypatch: pytest.MonkeyPatch, runs: Runs, *argv: str) -> dict[str, Any]:
    monkeypatch.setattr(ssh_load, "one_run", runs)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert ssh_load.main([*argv, "--json"]) == 0
    result = json.loads(out.getvalue())
    assert isinstance(result, dict)
    return result


def test_bench_ssh_against_workers_runs_each_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--workers 1,2 --repeat 2`: a run of each in turn, twice, and each
    figure's runs and median by --workers (a real run against `--workers 2`:
    the test above)."""
    runs = Runs({1: 40.0, 2: 20.0})
    r = bench(monkeypatch, runs, "--tables", "3", "--workers", "1,2", "--repeat", "2")
    assert runs.made == [(3, 1), (3, 2), (3, 1), (3, 2)]
    assert sorted(r["runs"]) == ["1", "2"] and len(r["runs"]["2"]) == 2
    by = r["by_workers"]
    assert by["1"]["p99"] == {"runs": [120.0, 120.0], "median": 120.0}
    assert by["2"]["server_cpu_cores"]["median"] == 1.0
    assert by["2"]["loadavg_1min_before"]["runs"] == [3.0, 5.0]


def test_bench_ssh_capacity_climbs_until_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--capacity 1,2,3,4`: for each --workers the table counts in turn until
    a run's p99 passes the limit; the capacity is the last count within it."""
    runs = Runs({1: 45.0, 2: 30.0})  # p99 by tables: 45 90 135 / 30 60 90 120
    r = bench(monkeypatch, runs, "--capacity", "4,1,3,2", "--workers", "1,2",
              "--p99-limit", "100")  # fmt: skip
    assert runs.made == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 2)]
    assert r["capacity_tables"] == {"1": 2, "2": 3} and r["capacity_ratio"] == 1.5
    assert [t["tables"] for t in r["tried"]["2"]] == [1, 2, 3, 4]
    # how full the machine was at each step: each server process's share and the generator's
    last = r["tried"]["2"][-1]
    assert last["server_cpu_by_process"] == {"f1": 0.5, "f2": 0.5}
    assert last["generator_cpu_cores"] == 0.4


class NoisyRuns(Runs):
    """Every third run of `--workers 2` reads a p99 three times its own (a slow
    play), as a real run now and then does."""

    def __call__(self, args: argparse.Namespace, tables: int, workers: int) -> dict[str, Any]:
        r = super().__call__(args, tables, workers)
        if workers == 2 and sum(1 for _, w in self.made if w == 2) % 3 == 0:
            r["latency_ms"] = {k: v * 3 for k, v in r["latency_ms"].items()}
        return r


def test_bench_ssh_capacity_steps_take_the_median_of_repeats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--capacity ... --repeat 3`: each step runs each --workers three times in
    turn and takes the median p99, so one slow run does not end the climb (with
    one run a step, the same noise stops --workers 2 at its third run)."""
    runs = NoisyRuns({1: 45.0, 2: 30.0})
    r = bench(monkeypatch, runs, "--capacity", "1,2,3,4", "--workers", "1,2",
              "--repeat", "3", "--p99-limit", "100")  # fmt: skip
    assert runs.made[:6] == [(1, 1), (1, 2)] * 3
    assert r["capacity_tables"] == {"1": 2, "2": 3} and r["repeat"] == 3
    step = r["tried"]["2"][0]
    assert [x["generator_cpu_cores"] for x in step["runs"]] == [0.1, 0.1, 0.1]
    assert step["p99_ms"] == 30.0 and [x["latency_ms"]["p99"] for x in step["runs"]] == [
        30.0,
        30.0,
        90.0,
    ]
    single = bench(monkeypatch, NoisyRuns({1: 45.0, 2: 30.0}), "--capacity", "1,2,3,4",
                   "--workers", "1,2", "--p99-limit", "100")  # fmt: skip
    assert (
        single["capacity_tables"]["2"] == 2
    )  # its third run (3 tables: 3 x 90 ms) passed the limit
