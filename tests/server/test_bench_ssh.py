"""`shengji bench ssh` (and benchmarks/ssh_load.py) runs end to end, small: one
table of four SSH clients plays four cards, and a few connect/disconnect
cycles; the figures are there and make sense (their values are for
docs/performance.md, not for a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def test_the_benchmark_script_runs_churn() -> None:
    r = run("benchmarks/ssh_load.py", "--churn", "8", "--batch", "4", "--json")
    marks = r["rss_mib_by_cycles"]
    assert isinstance(marks, dict) and sorted(int(k) for k in marks) == [4, 8]


def test_bench_ssh_plays_a_few_cards_and_reports_the_floors_ratio() -> None:
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--tables", "1", "--moves", "4",
            "--think", "0.05", "--floor", "--json")  # fmt: skip
    lat = r["latency_ms"]
    assert isinstance(lat, dict) and lat["n"] == 4
    assert 0 < lat["p50"] <= lat["max"] < 5000
    assert r["sessions"] == 4 and 0 < r["rss_per_session_mib"] < 50  # type: ignore[operator]
    floor, ratio = r["floor"], r["ratio"]
    assert isinstance(floor, dict) and isinstance(ratio, dict)
    assert floor["moves"] == 4 and floor["latency_ms"]["n"] == 4
    t, f = r["latency_ms"]["p50"], floor["latency_ms"]["p50"]  # type: ignore[index]
    assert 0 < f < 5000 and ratio["p50"] == round(t / f, 2)


def test_bench_ssh_leave_measures_the_pause() -> None:
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--leave", "1", "--think", "0.05",
            "--seconds", "4", "--json")  # fmt: skip
    assert r["sessions_leaving"] == 4
    before, after = r["probe_ms_before"], r["probe_ms_after"]
    assert isinstance(before, dict) and isinstance(after, dict)
    # (a loaded machine answers fewer pokes: only that some were answered is asked)
    assert before["n"] >= 1 and after["n"] >= 5 and 0 < after["max"] < 5000
    assert isinstance(r["gc_full_pass_ms"], list)


def test_bench_ssh_against_workers_runs_each_in_turn() -> None:
    """`--workers 1,2`: a single server and a host with two front ends, one run
    each; the CPU is every server process's (the host's and the front ends')."""
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--tables", "1", "--moves", "4",
            "--think", "0.05", "--workers", "1,2", "--json")  # fmt: skip
    runs = r["runs"]
    assert isinstance(runs, dict) and sorted(runs) == ["1", "2"]
    for w, [one] in runs.items():
        assert one["workers"] == int(w) and one["latency_ms"]["n"] == 4
        assert 0 < one["server_cpu_busiest_process"] <= one["server_cpu_cores"]
        assert set(one["loadavg_1min"]) == {"before", "after"}
        named = {"serve"} if w == "1" else {"serve", "host", "f1", "f2"}
        assert set(one["server_cpu_by_process"]) == named
    by = r["by_workers"]
    assert isinstance(by, dict) and by["2"]["p99"]["runs"] == [runs["2"][0]["latency_ms"]["p99"]]


def test_bench_ssh_capacity_climbs_until_the_limit() -> None:
    r = run("-m", "shengji_tui.cli", "bench", "ssh", "--capacity", "1,2", "--moves", "3",
            "--think", "0.05", "--workers", "2", "--p99-limit", "100000", "--json")  # fmt: skip
    assert r["capacity_tables"] == {"2": 2}
    tried = r["tried"]
    assert isinstance(tried, dict) and [t["tables"] for t in tried["2"]] == [1, 2]
