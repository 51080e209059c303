"""SSH load benchmark: T tables x SEATS SSH clients (every seat of the lobby's
default table: classic, 4) on loopback against a real `shengji serve` process,
humans played by scripted keys.

    shengji bench ssh --tables 1
    shengji bench ssh --tables 25 --json
    shengji bench ssh --tables 1 --floor --json
    shengji bench ssh --churn 500 --json
    shengji bench ssh --leave 25 --json
    shengji bench ssh --tables 25 --workers 1,2 --repeat 3 --json
    shengji bench ssh --capacity 5,10,15,20,25,30 --workers 1,2 --json
    shengji bench ssh --tables 12 --moves 20 --think 0.3 --trace /tmp/trace --json

(or `.venv/bin/python benchmarks/ssh_load.py` with the same arguments).

What it measures (docs/performance.md, "SSH"):
- latency: from the keypress that plays a card on one client (enter, after
  `s` selected a suggested play and that repaint arrived) to the first output
  that reaches each of the four clients of that table; the figure for one
  keypress is the slowest of the four screens. p50 / p99 / max over all plays.
- the hint's answer (`hint_ms`): from the `s` that asks for a play to the
  first output on the presser's own screen (one key's round trip, the hint's
  search included), p50 / p99.
- server RSS per session: (RSS with every client connected and playing minus
  RSS of the idle server) / sessions, read from /proc.
- server CPU: the server processes' CPU time during the measured window divided
  by its length (1.0 = one core busy); with `--workers N` the host's and the
  front ends' together, and the busiest process's alone.
- `--workers 1,2 --repeat R`: the server with each `--workers` in turn, R
  rounds (one run against the other, the same minutes of a shared machine);
  every run records the machine's load average before and after it.
- `--capacity T1,T2,...`: for each `--workers`, the table counts in rising
  order until a step's p99 passes `--p99-limit` (100 ms): the most tables
  held. With `--repeat R` a step is R runs of each `--workers` in turn and its
  p99 their median. Each step keeps each server process's CPU and the load
  generator's (how full the machine was).
- churn: RSS after `--churn` connect / lobby / disconnect cycles, against RSS
  after the first tenth of them (no growth expected).
- `--floor`: the same run again against a server whose table sessions run a
  minimal Textual app that changes one line per move (`server/floor.py`): the
  cost of SSH, the driver, the table and the store without the table screen.
  `floor` holds its figures and `ratio` the table's over the floor's.
- `--leave T`: T tables of 4 play, then all their players leave at once; a
  probe client in the lobby presses a key every 50 ms throughout and the
  server's collector passes are read from its log: the longest probe answers
  before and after, and the pauses.
- `--trace DIR`: the server's processes trace each play (`shengji_tui/trace.py`,
  a folder of DIR per run), joined with this generator's stamps
  (`bench/ssh_trace.py`): each run's `trace` has, for all plays and the
  slowest 5 % and 1 %, the median of each stage of the slowest client's chain
  (key sent, read, sent to the table, applied and stored, pushed, shown,
  written, read) and what that client's process did meanwhile.

The tables are seated one after another (a joiner's `j` takes the one table
still waiting), each dealt while the next is seated (12 tables: `setup_s`
22.6 instead of 34.8 when each was dealt before the next was seated, one run
each of `shengji bench ssh --tables 12 --moves 20 --think 0.3 --workers 1
--json`).

Each scripted player waits `--think` seconds (jittered) before its move, so 25
tables make about 25 / think moves per second; the load generator runs on the
same machine and takes its own share of the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from .. import trace
from ..server.process import ServerProcess, free_port
from ..table import TableSettings
from . import ssh_trace

# clients per table: every seat of a table the lobby makes with its default preset
SEATS = TableSettings().rules.players

TURNS = (b"YOUR TURN", b"BURY THE KITTY")  # the "your move" marks of the table screen
RECENT = 4096
RESULT = b"next deal"  # the key bar's word once a deal is over (its result shown)
DEAL_SEED = 1000
_ESCAPES = re.compile(
    rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()*+].|[@-_])"
)


async def benchmark_server(
    data_dir: Path, port: int, *extra: str, trace_dir: Path | None = None
) -> ServerProcess:
    """The server under test: open, many connections, no dealing delay, no idle
    limit, the same cards at each run (the n-th table made is dealt with seed
    `DEAL_SEED` + n: a run and the next, the table's and the floor's, play
    the same deals); `trace_dir`: its processes write a play's timeline there
    (trace.py)."""
    env = None if trace_dir is None else {**os.environ, trace.ENV: str(trace_dir)}
    return await ServerProcess(
        data_dir,
        port,
        *extra,
        "--open",
        "--max-connections",
        "1000",
        "--deal-delay",
        "0",
        "--bot-delay",
        "0.3",
        "--idle-timeout",
        "0",
        "--max-tables",
        "0",
        "--max-tables-per-client",
        "0",
        "--bench-seed",
        str(DEAL_SEED),
        env=env,
    ).start()


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def process_tree(pid: int) -> list[int]:
    """`pid` and every process under it (with `--workers`: the host and the
    front ends under the workers' process)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, ()))
    return out


def roles(banner: str, pid: int) -> dict[int, str]:
    """The server's processes by what they are: "serve" (with --workers, the
    process that starts the others), "host", "f1", "f2", ... (its banner's
    "processes:" line)."""
    out = {pid: "serve"}
    for line in banner.splitlines():
        if line.strip().startswith("processes:"):
            for part in line.split(":", 1)[1].split(","):
                name, _, num = part.strip().rpartition(" ")
                if name and num.isdigit():
                    out[int(num)] = name
    return out


def tree_cpu(pids: list[int]) -> dict[int, float]:
    out = {}
    for p in pids:
        with contextlib.suppress(OSError):
            out[p] = cpu_seconds(p)
    return out


def tree_rss_kib(pid: int) -> int:
    total = 0
    for p in process_tree(pid):
        with contextlib.suppress(OSError):
            total += rss_kib(p)
    return total


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


class Player(asyncssh.SSHClientSession[bytes]):
    def __init__(self, name: str) -> None:
        self.name = name
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.conn: asyncssh.SSHClientConnection | None = None
        self.turn_seen = 0.0  # when a "your move" mark last reached this client
        self.result_seen = 0.0  # when the deal's end (`RESULT`) last reached it
        self.tail = b""
        self.text = bytearray()  # all output while `collect` (setup only)
        self.collect = True
        self.last_rx = 0.0
        self.rx_after: float | None = None  # first output time after `mark`
        self.mark = 0.0
        self.got = asyncio.Event()
        self.closed = asyncio.Event()
        self.bytes = 0
        self.recent = b""  # the last RECENT bytes received (a stalled table's report)

    def data_received(self, data: bytes, datatype: Any) -> None:
        now = time.perf_counter()
        self.bytes += len(data)
        self.last_rx = now
        if self.rx_after is None and now >= self.mark:
            self.rx_after = now
            self.got.set()
        if self.collect:
            self.text += data
        self.recent = (self.recent + data)[-RECENT:]
        # Whose move it is, from the raw frames (no terminal emulator: the clients
        # share this process, and parsing one client's screen must not delay the
        # arrival time taken for the next): the table repaints your line with the
        # "your move" mark when your turn comes.
        window = self.tail + data
        if any(t in window for t in TURNS):
            self.turn_seen = now
        if RESULT in window:
            self.result_seen = now
        self.tail = window[-32:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    async def connect(
        self, port: int, size: tuple[int, int] = (100, 32), password: str = "x"
    ) -> Player:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            password=password,
            known_hosts=None,
            client_keys=[],
            agent_path=None,
        )
        self.chan, _ = await self.conn.create_session(
            lambda: self, term_type="xterm-256color", term_size=size, encoding=None
        )
        return self

    def send(self, data: bytes) -> None:
        assert self.chan is not None
        self.chan.write(data)

    async def wait_text(self, needle: bytes, timeout: float = 60, every: float = 0.02) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text:
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: no {needle!r}")
            await asyncio.sleep(every)

    async def quiet(self, gap: float = 0.03, timeout: float = 2.0) -> None:
        end = time.monotonic() + timeout
        while time.perf_counter() - self.last_rx < gap and time.monotonic() < end:
            await asyncio.sleep(gap / 2)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)


async def loop_lag(out: list[float], every: float = 0.01) -> None:
    """How late a 10 ms sleep wakes up, again and again."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(every)
        out.append(max(0.0, time.perf_counter() - t - every))


async def seat_table(port: int, k: int) -> list[Player]:
    players = [Player(f"t{k}p{i}") for i in range(SEATS)]
    await asyncio.gather(*(p.connect(port) for p in players))
    for p in players:
        await p.wait_text(b"lobby")
    first = players[0]
    first.send(b"n")
    await first.wait_text(b"New table")
    await asyncio.sleep(0.2)
    first.send(b"\r")
    await first.wait_text(b"waiting for players")
    for p in players[1:]:
        await asyncio.sleep(0.1)
        p.send(b"j")
        await p.wait_text(b"waiting for players")
    await asyncio.sleep(0.2)
    for p in players:
        p.send(b"r")
    return players


async def deal_table(players: list[Player]) -> None:
    """A seated table's first deal begun, and the rest of it dealt at once (any
    seat may while dealing)."""
    for p in players:
        await p.wait_text(b"deal 1", 60)
    for _ in range(5):
        players[0].send(b"f")
        await asyncio.sleep(0.3)


async def seat_tables(port: int, tables: int) -> list[Player]:
    """`tables` tables seated one after the other (a joiner's `j` takes the one
    table still waiting with a free seat), each dealt while the next is seated."""
    players: list[Player] = []
    dealing: list[asyncio.Task[None]] = []
    try:
        for k in range(tables):
            seated = await seat_table(port, k)
            players.extend(seated)
            dealing.append(asyncio.create_task(deal_table(seated)))
        await asyncio.gather(*dealing)
    except BaseException:
        for task in dealing:
            task.cancel()
        # (the caller never gets them to close)
        await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
        raise
    return players


async def play_table(
    players: list[Player],
    moves: int,
    think: float,
    lat: list[float],
    rng: random.Random,
    stop_at: float,
    plays: list[ssh_trace.Play] | None = None,
    hints: list[float] | None = None,
    stalls: list[dict[str, Any]] | None = None,
    deals_over: list[int] | None = None,
) -> int:
    """Plays `moves` moves at one table, or until its deal is over (its result
    on every screen: the table's last play); `lat`: each play's latency
    (enter to the last of the four screens); `hints`: each hint's (s to the
    presser's own screen); `stalls`: a report of the table if it stopped
    short of `moves` before the window's end, its deal not over
    (`stall_report`); `deals_over`: its plays if its deal was over first."""
    made = 0
    last_play = 0.0
    while made < moves and time.monotonic() < stop_at:
        me = None
        for _ in range(1500):  # whose turn it is: the last "your move" mark since the play
            marked = [p for p in players if p.turn_seen > last_play]
            quiet = all(time.perf_counter() - p.last_rx > 0.03 for p in players)
            if marked and quiet:
                me = max(marked, key=lambda p: p.turn_seen)
                break
            if quiet and all(p.result_seen > last_play for p in players):
                if deals_over is not None:
                    deals_over.append(made)
                return made
            await asyncio.sleep(0.02)
        if me is None:
            break
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        mark = 0.0
        for _attempt in range(5):
            hint = me.mark = time.perf_counter()
            me.rx_after = None
            me.got.clear()
            me.send(b"s")  # suggest a legal play (only my screen changes)
            await asyncio.sleep(0.02)
            await me.quiet()
            if hints is not None and me.rx_after is not None:
                hints.append(me.rx_after - hint)
            mark = time.perf_counter()
            for p in players:
                p.mark = mark
                p.rx_after = None
                p.got.clear()
            me.send(b"\r")  # play it: all four screens change
            try:
                await asyncio.wait_for(asyncio.gather(*(p.got.wait() for p in players)), 3)
                break
            except TimeoutError:
                continue  # the keys came too early for the screen: again
        else:
            continue
        lat.append(max((p.rx_after or mark) - mark for p in players))
        if plays is not None:  # (perf_counter and monotonic: one clock on Linux)
            rx = {p.name: p.rx_after for p in players if p.rx_after is not None}
            plays.append(ssh_trace.Play(me.name, mark, rx))
        last_play = mark
        made += 1
    if made < moves and time.monotonic() < stop_at and stalls is not None:
        stalls.append(stall_report(players, made, last_play))
    return made


def stall_report(players: list[Player], made: int, last_play: float) -> dict[str, Any]:
    """What each player of a table that stopped short last received: how long
    ago, and the text of its last bytes with every escape sequence shown as
    `|` (a "your move" mark cut by one shows as `YOUR|TURN`)."""
    now = time.perf_counter()
    return {
        "made": made,
        "since_last_play_s": round(now - last_play, 2) if last_play else None,
        "players": [
            {
                "name": p.name,
                "since_rx_s": round(now - p.last_rx, 2) if p.last_rx else None,
                "since_mark_s": round(now - p.turn_seen, 2) if p.turn_seen else None,
                "closed": p.closed.is_set(),
                "recent": _ESCAPES.sub(b"|", p.recent).decode("utf-8", "replace")[-600:],
            }
            for p in players
        ],
    }


async def run_load(
    tables: int,
    moves: int,
    think: float,
    seconds: float,
    floor: bool = False,
    workers: int = 1,
    trace_dir: Path | None = None,
) -> dict[str, Any]:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="shengji-bench-"))
    extra = ["--workers", str(workers)]
    if floor:
        extra.append("--bench-floor")
    srv = await benchmark_server(tmp / "data", port, *extra, trace_dir=trace_dir)
    plays: list[ssh_trace.Play] | None = None if trace_dir is None else []
    result: dict[str, Any] = {}
    await asyncio.sleep(1.0)
    base_rss = tree_rss_kib(srv.pid)
    all_players: list[Player] = []
    try:
        t0 = time.monotonic()
        all_players.extend(await seat_tables(port, tables))
        setup = time.monotonic() - t0
        for p in all_players:
            p.collect = False
            p.text.clear()
        # wait for the declare window and the burying to pass on every table
        await asyncio.sleep(4.0)
        lat: list[float] = []
        hints: list[float] = []
        lag: list[float] = []
        watch = asyncio.create_task(loop_lag(lag))
        own0 = time.process_time()
        procs = process_tree(srv.pid)  # (the server's processes: one, or host and fronts)
        cpu0, w0 = tree_cpu(procs), time.monotonic()
        rng = random.Random(1)
        stop_at = time.monotonic() + seconds
        stalls: list[dict[str, Any]] = []
        over: list[int] = []
        made = await asyncio.gather(
            *(
                play_table(
                    all_players[SEATS * k : SEATS * (k + 1)],
                    moves,
                    think,
                    lat,
                    random.Random(k),
                    stop_at,
                    plays,
                    hints,
                    stalls,
                    over,
                )
                for k in range(tables)
            )
        )
        del rng
        cpu1, w1 = tree_cpu(procs), time.monotonic()
        own1 = time.process_time()
        watch.cancel()
        rss = tree_rss_kib(srv.pid)
        used = {p: cpu1[p] - cpu0[p] for p in cpu1 if p in cpu0}
        busiest = max(used.values(), default=0.0)
        window = max(w1 - w0, 1e-9)
        names = roles(srv.banner, srv.pid)
        sessions = len(all_players)
        result = {
            "tables": tables,
            "sessions": sessions,
            "moves": sum(made),
            # tables that stopped short of --moves within the window: what their
            # players last saw (a table waiting for a move nobody was shown)
            "stalled": stalls,
            # tables whose deal was over before --moves (the same at every run: the
            # deals are seeded); a longer window needs more tables, not more moves
            "deals_over": len(over),
            "setup_s": round(setup, 2),
            "window_s": round(w1 - w0, 2),
            "think_s": think,
            "latency_ms": {
                "p50": round(pct(lat, 50) * 1000, 2),
                "p90": round(pct(lat, 90) * 1000, 2),
                "p99": round(pct(lat, 99) * 1000, 2),
                "max": round(max(lat) * 1000, 2) if lat else None,
                "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None,
                "n": len(lat),
            },
            # a key's answer on the presser's own screen: s (the hint) to its first
            # output (the hint's search included)
            "hint_ms": {
                "p50": round(pct(hints, 50) * 1000, 2),
                "p99": round(pct(hints, 99) * 1000, 2),
                "n": len(hints),
            },
            "workers": workers,
            # every server process's CPU (with --workers: the host's and the front
            # ends' together), and the busiest one's (1.0: that process is saturated)
            "server_cpu_cores": round(sum(used.values()) / max(w1 - w0, 1e-9), 3),
            "server_cpu_busiest_process": round(busiest / window, 3),
            "server_cpu_by_process": {
                names.get(p, str(p)): round(used[p] / window, 3) for p in sorted(used)
            },
            # the load generator's own share, and how late its event loop ran: a busy
            # generator stamps output late, so its lag bounds what the latency means
            "generator_cpu_cores": round((own1 - own0) / max(w1 - w0, 1e-9), 3),
            "generator_lag_ms": {
                "p50": round(pct(lag, 50) * 1000, 2),
                "p99": round(pct(lag, 99) * 1000, 2),
                "max": round(max(lag) * 1000, 2) if lag else None,
            },
            "server_rss_idle_mib": round(base_rss / 1024, 1),
            "server_rss_mib": round(rss / 1024, 1),
            "rss_per_session_mib": round((rss - base_rss) / 1024 / max(sessions, 1), 2),
        }
    finally:
        await asyncio.gather(*(p.close() for p in all_players), return_exceptions=True)
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)  # (the run's store and host key)
    if trace_dir is not None and plays is not None:  # (the processes' files are complete)
        result["trace_dir"] = str(trace_dir)
        ssh_trace.save_plays(trace_dir, plays)
        result["trace"] = ssh_trace.report(ssh_trace.load_records(trace_dir), plays)
    return result


async def run_churn(cycles: int, batch: int) -> dict[str, Any]:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="shengji-churn-"))
    srv = await benchmark_server(tmp / "data", port)
    await asyncio.sleep(1.0)
    base = rss_kib(srv.pid)
    marks: dict[int, int] = {}
    done = 0
    try:
        while done < cycles:
            n = min(batch, cycles - done)
            ps = [Player(f"c{done + i}") for i in range(n)]
            await asyncio.gather(*(p.connect(port) for p in ps))
            await asyncio.gather(*(p.wait_text(b"lobby") for p in ps))
            await asyncio.gather(*(p.close() for p in ps))
            done += n
            if done % max(batch, cycles // 10) == 0 or done == cycles:
                await asyncio.sleep(0.5)
                marks[done] = rss_kib(srv.pid)
        first = marks[min(marks)]
        last = marks[max(marks)]
        return {
            "cycles": cycles,
            "server_rss_idle_mib": round(base / 1024, 1),
            "rss_mib_by_cycles": {k: round(v / 1024, 1) for k, v in sorted(marks.items())},
            "growth_after_first_tenth_mib": round((last - first) / 1024, 1),
        }
    finally:
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def with_floor(table: dict[str, Any], floor: dict[str, Any]) -> dict[str, Any]:
    """The table's run with the floor's beside it, and table / floor per figure."""
    lt, lf = table["latency_ms"], floor["latency_ms"]
    ratio = {
        k: round(lt[k] / lf[k], 2) if lt.get(k) and lf.get(k) else None
        for k in ("p50", "p90", "p99", "mean")
    }
    keep = (
        "moves",
        "deals_over",
        "stalled",
        "latency_ms",
        "server_cpu_cores",
        "generator_cpu_cores",
        "generator_lag_ms",
        "loadavg_1min",
    )
    return {
        **table,
        "floor": {k: floor[k] for k in (*keep, "rss_per_session_mib")},
        "ratio": ratio,
    }


async def run_leave(tables: int, think: float, before: float, after: float) -> dict[str, Any]:
    """`tables` tables play; then every player leaves at once. A probe in the lobby
    presses n / escape every 50 ms (its answers: key to first output); the
    server logs its collector's long full passes, read back with their pauses."""
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="shengji-leave-"))
    log_file = tmp / "server.log"
    srv = await benchmark_server(tmp / "data", port, "--log-file", str(log_file))
    all_players: list[Player] = []
    probe = Player("probe")
    try:
        all_players.extend(await seat_tables(port, tables))
        await probe.connect(port)
        await probe.wait_text(b"lobby")
        probe.send(b"n")  # (the dialog made once before anything is measured)
        await probe.wait_text(b"New table")
        probe.send(b"\x1b")
        await asyncio.sleep(0.5)
        for p in all_players:
            p.collect = False
            p.text.clear()
        await asyncio.sleep(4.0)  # the declare windows and burying pass
        stop = asyncio.Event()
        answers: list[tuple[float, float]] = []  # (sent at, seconds to the first output)

        unanswered = [0]

        async def poke() -> None:
            # n opens the new-table dialog: the answer is its title arriving (other
            # output, the list repainted as players leave, does not count); escape
            # closes it again, unmeasured
            probe.collect = True
            while not stop.is_set():
                await probe.quiet(0.02, 1.0)
                probe.text.clear()
                sent = time.perf_counter()
                probe.send(b"n")
                try:
                    await probe.wait_text(b"New table", 5, every=0.005)
                except TimeoutError:
                    unanswered[0] += 1
                else:
                    answers.append((sent, time.perf_counter() - sent))
                probe.send(b"\x1b")  # (alone: a key after it within ~0.1 s makes it alt+key)
                await asyncio.sleep(0.3)

        games = [
            asyncio.create_task(
                play_table(
                    all_players[SEATS * k : SEATS * (k + 1)],
                    10_000,
                    think,
                    [],
                    random.Random(k),
                    time.monotonic() + before,
                )
            )
            for k in range(tables)
        ]
        poker = asyncio.create_task(poke())
        await asyncio.sleep(before)
        for g in games:
            g.cancel()
        await asyncio.gather(*games, return_exceptions=True)
        log_mark = log_file.stat().st_size if log_file.exists() else 0
        left_at = time.perf_counter()
        rss_before = rss_kib(srv.pid)
        await asyncio.gather(*(p.close() for p in all_players), return_exceptions=True)
        await asyncio.sleep(after)
        stop.set()
        await poker
        passes = []
        with contextlib.suppress(OSError):
            text = log_file.read_bytes()[log_mark:].decode("utf-8", "replace")
            for line in text.splitlines():
                if "gc: full pass" in line:
                    passes.append(float(line.rsplit(",", 1)[1].split()[0]))
        pre = [d for t, d in answers if t < left_at]
        post = [d for t, d in answers if t >= left_at]
        return {
            "tables": tables,
            "sessions_leaving": len(all_players),
            "probe_ms_before": {
                "p50": round(pct(pre, 50) * 1000, 1),
                "max": round(max(pre) * 1000, 1) if pre else None,
                "n": len(pre),
            },
            "probe_ms_after": {
                "p50": round(pct(post, 50) * 1000, 1),
                "p99": round(pct(post, 99) * 1000, 1),
                "max": round(max(post) * 1000, 1) if post else None,
                "n": len(post),
            },
            "probe_unanswered": unanswered[0],
            "gc_full_passes_after": len(passes),
            "gc_full_pass_ms": passes,
            "server_rss_mib_before": round(rss_before / 1024, 1),
            "server_rss_mib_after": round(rss_kib(srv.pid) / 1024, 1),
        }
    finally:
        await asyncio.gather(*(p.close() for p in all_players), return_exceptions=True)
        await probe.close()
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def one_run(
    args: argparse.Namespace, tables: int, workers: int, floor: bool = False
) -> dict[str, Any]:
    """One `run_load`, with the machine's load average before and after it
    (the machine may be shared: a figure is read with its load)."""
    before = os.getloadavg()
    trace_dir = None
    if getattr(args, "trace", None):  # (a folder of its own for each run)
        base = Path(args.trace)
        n = 1
        while (base / f"t{tables}-w{workers}{'-floor' if floor else ''}-{n}").exists():
            n += 1
        trace_dir = base / f"t{tables}-w{workers}{'-floor' if floor else ''}-{n}"
    out = asyncio.run(
        run_load(tables, args.moves, args.think, args.seconds, floor, workers, trace_dir)
    )
    after = os.getloadavg()
    out["loadavg_1min"] = {"before": round(before[0], 2), "after": round(after[0], 2)}
    return out


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Runs of one kind: each figure's values, in order, and their median."""
    pick = {
        "p50": ("latency_ms", "p50"),
        "p90": ("latency_ms", "p90"),
        "p99": ("latency_ms", "p99"),
        "server_cpu_cores": ("server_cpu_cores", ""),
        "server_cpu_busiest_process": ("server_cpu_busiest_process", ""),
        "loadavg_1min_before": ("loadavg_1min", "before"),
    }
    out: dict[str, Any] = {}
    for name, (key, sub) in pick.items():
        values = [r[key][sub] if sub else r[key] for r in runs]
        out[name] = {"runs": values, "median": round(statistics.median(values), 3)}
    return out


def run_alternating(workers: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """Each --workers value in turn, `--repeat` rounds: figures measured one run
    against the other on the same machine in the same minutes."""
    runs: dict[int, list[dict[str, Any]]] = {w: [] for w in workers}
    for _ in range(max(1, args.repeat)):
        for w in workers:
            runs[w].append(one_run(args, args.tables, w))
    return {
        "tables": args.tables,
        "moves": args.moves,
        "think_s": args.think,
        "by_workers": {str(w): _summary(rs) for w, rs in runs.items()},
        "runs": {str(w): rs for w, rs in runs.items()},
    }


# what a capacity step keeps of each run (the CPU by process and the load
# generator's: how full the machine was)
KEPT = (
    "latency_ms",
    "server_cpu_cores",
    "loadavg_1min",
    "server_cpu_by_process",
    "generator_cpu_cores",
)


def run_capacity(steps: list[int], workers: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """For each --workers value, the table counts `steps` in rising order
    (the values in turn at each step), until a step's p99 passes the limit: the
    capacity is the last count within it. A step is `--repeat` runs of each
    value, one against the other, and its p99 their median: one run's p99 is
    nearly its slowest play, so a single run moves the capacity a step or two
    either way."""
    limit = args.p99_limit
    repeat = max(1, args.repeat)
    capacity: dict[int, int] = {w: 0 for w in workers}
    going = set(workers)
    tried: dict[int, list[dict[str, Any]]] = {w: [] for w in workers}
    for tables in sorted(steps):
        runs: dict[int, list[dict[str, Any]]] = {w: [] for w in workers if w in going}
        for _ in range(repeat):
            for w in runs:
                runs[w].append(one_run(args, tables, w))
        for w, rs in runs.items():
            p99 = statistics.median(r["latency_ms"]["p99"] for r in rs)
            step: dict[str, Any] = {
                "tables": tables,
                "p99_ms": round(p99, 2),
                "server_cpu_busiest_process": rs[0]["server_cpu_busiest_process"],
                **{k: rs[0][k] for k in KEPT},
            }
            if repeat > 1:
                step["runs"] = [{k: r[k] for k in KEPT} for r in rs]
            tried[w].append(step)
            if p99 <= limit:
                capacity[w] = tables
            else:
                going.discard(w)
        if not going:
            break
    out: dict[str, Any] = {
        "p99_limit_ms": limit,
        "repeat": repeat,
        "moves": args.moves,
        "think_s": args.think,
        "capacity_tables": {str(w): capacity[w] for w in workers},
        "tried": {str(w): tried[w] for w in workers},
    }
    if len(workers) > 1 and capacity[workers[0]]:
        out["capacity_ratio"] = round(capacity[workers[-1]] / capacity[workers[0]], 2)
    return out


def build_parser() -> argparse.ArgumentParser:
    from ..clihelp import HelpFormatter

    p = argparse.ArgumentParser(
        prog="shengji bench ssh",
        description=__doc__.split("\n\n")[0],
        formatter_class=HelpFormatter,
    )
    load = p.add_argument_group("the load: tables of four SSH clients")
    load.add_argument("--tables", type=int, default=1, help="tables played at once")
    load.add_argument("--moves", type=int, default=40, help="plays per table (10 tricks)")
    load.add_argument("--think", type=float, default=1.0, help="seconds a player thinks")
    load.add_argument("--seconds", type=float, default=60.0, help="longest measured window")
    load.add_argument(
        "--floor",
        action="store_true",
        help="run again with a minimal app at the tables (the floor) and report the ratio",
    )
    servers = p.add_argument_group("the server's processes, one run against the other")
    servers.add_argument(
        "--workers",
        default="1",
        metavar="N[,M...]",
        help="the server's --workers; several (1,2): a run of each in turn (--repeat times)",
    )
    servers.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs of each --workers, alternating (--capacity: per step, the p99's median)",
    )
    servers.add_argument(
        "--capacity",
        default="",
        metavar="T1,T2,...",
        help="table counts tried in turn, for each --workers, until the p99 passes "
        "--p99-limit: the most tables held within it",
    )
    servers.add_argument("--p99-limit", type=float, default=100.0, help="ms (--capacity)")
    other = p.add_argument_group("other measures (instead of the load)")
    other.add_argument("--churn", type=int, default=0, help="connect/disconnect cycles")
    other.add_argument("--batch", type=int, default=10, help="churn: clients at once")
    other.add_argument(
        "--leave",
        type=int,
        default=0,
        metavar="T",
        help="T tables play, then every player leaves at once (a probe measures the pause)",
    )
    output = p.add_argument_group("output")
    output.add_argument("--json", action="store_true", help="print one JSON object")
    output.add_argument(
        "--trace",
        default="",
        metavar="DIR",
        help="the server's processes trace each play into DIR (a folder per run); "
        "each run reports where its plays' time went, the slowest 1 %% and 5 %% too",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    workers = [int(w) for w in str(args.workers).split(",") if w.strip()]
    if args.capacity:
        steps = [int(t) for t in args.capacity.split(",") if t.strip()]
        result = run_capacity(steps, workers, args)
    elif len(workers) > 1 or args.repeat > 1:
        result = run_alternating(workers, args)
    elif args.churn:
        result = asyncio.run(run_churn(args.churn, args.batch))
    elif args.leave:
        result = asyncio.run(run_leave(args.leave, args.think, min(args.seconds, 20.0), 10.0))
    else:
        result = one_run(args, args.tables, workers[0])
        if args.floor:
            floor = one_run(args, args.tables, workers[0], floor=True)
            result = with_floor(result, floor)
    result["machine"] = {"cpus": os.cpu_count(), "python": sys.version.split()[0]}
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>24}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
