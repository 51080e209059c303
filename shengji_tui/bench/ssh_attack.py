"""Attacks on a real `shengji serve` process on loopback, measured
(docs/security.md, "Authentication, connections and input").

    shengji bench attack flood    # password guessing vs. a bot table's moves/s
    shengji bench attack resize   # one client at 10000x10000 vs. another's key latency
    shengji bench attack keys     # keys (or mouse reports) at the allowed byte rate

`--server-python PATH` runs the server with another interpreter, i.e. another
install (e.g. an older checkout's venv, for the "before" figures); the
attacking clients always run here.

- flood: a bot-only table plays (a password user created it, filled it with
  bots and left it); its moves per second (commands in the store) are counted
  for `--quiet` seconds, then during `--seconds` of `--attackers` connections
  guessing passwords as fast as the server answers (each connection guesses
  until it is refused, then reconnects), then after the flood.
- resize: one client in the lobby presses `n` / `escape` again and again; the
  time from each key to its first output is one sample. First without attack,
  then while another client asks for `--width` x `--height` every `--every`
  seconds. Server CPU and peak RSS over each window.
- keys: the same samples while another client sends arrow keys (or, with
  `--mouse`, SGR mouse wheel reports) at `--rate` bytes per second.
- chat: a bot table plays; `--attackers` clients, each a new name (as in
  `--open`), watch it and each says a line every 2.5 s (the 4 per 10 s one
  sender may say); the key samples of a client in the lobby as above, and how
  many lines were said.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from ..server.auth import add_password
from ..server.process import ServerProcess, free_port
from ..store import Store, db_path
from .ssh_load import Player, cpu_seconds, pct, rss_kib

USER, SECRET = "meg", "correct horse battery staple"


async def start(data: Path, port: int, python: str | None, *args: str) -> ServerProcess:
    env = dict(os.environ)
    env.pop("COLORTERM", None)
    # another install may predate --workers: it runs as it comes
    return await ServerProcess(
        data,
        port,
        "--idle-timeout",
        "0",
        *args,
        env=env,
        python=python,
        workers=None if python else 1,
    ).start()


class _Sampler:
    """The server's peak RSS, sampled every 0.2 s while running."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            self.peak = max(self.peak, rss_kib(self.pid))
            await asyncio.sleep(0.2)

    def __enter__(self) -> _Sampler:
        self.peak = rss_kib(self.pid)
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.task is not None:
            self.task.cancel()


# ------------------------------------------------------------------ flood


class _Guesser(asyncssh.SSHClient):
    """Answers every password prompt with a new wrong guess."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts

    def password_auth_requested(self) -> str:
        self.counts["guesses"] += 1
        return f"guess-{self.counts['guesses']}"


async def guess_until(port: int, stop_at: float, counts: dict[str, int]) -> None:
    while time.monotonic() < stop_at:
        counts["connections"] += 1
        try:
            conn = await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1",
                    port,
                    username=USER,
                    known_hosts=None,
                    client_keys=[],
                    agent_path=None,
                    preferred_auth="password",
                    client_factory=lambda: _Guesser(counts),
                ),
                max(0.1, stop_at - time.monotonic()),
            )
            conn.close()
            counts["logged_in"] += 1
        except asyncssh.PermissionDenied:
            counts["denied"] += 1
        except asyncssh.DisconnectError as e:
            counts["disconnected"] += 1
            counts.setdefault("reason:" + e.reason, 0)
            counts["reason:" + e.reason] += 1
        except (TimeoutError, OSError, asyncssh.Error):
            counts["errors"] += 1


def table_commands(store: Store) -> int:
    return sum(t.commands for t in store.tables())


async def bot_table(port: int, name: str = USER) -> None:
    """`name` (USER: by password; another name: under --open) makes a table,
    fills it with bots, starts it and leaves it to them."""
    p = Player(name)
    await p.connect(port, password=SECRET)
    try:
        await p.wait_text(b"lobby")
        p.send(b"n")
        await p.wait_text(b"New table")
        await asyncio.sleep(0.3)
        p.send(b"\r")
        await p.wait_text(b"waiting for players")
        await asyncio.sleep(0.3)
        p.send(b"b")
        await asyncio.sleep(0.5)
        p.send(b"r")
        await p.wait_text(b"deal 1", 60)
        await asyncio.sleep(0.5)
        p.text.clear()
        p.send(b"q")
        await asyncio.sleep(0.5)
        p.send(b"y")
        await p.wait_text(b"lobby", 20)
    finally:
        await p.close()


async def moves_per_second(store: Store, seconds: float) -> float:
    c0, t0 = table_commands(store), time.monotonic()
    await asyncio.sleep(seconds)
    return (table_commands(store) - c0) / (time.monotonic() - t0)


async def run_flood(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="shengji-attack-"))
    pw = tmp / "passwords"
    add_password(pw, USER, SECRET)
    port = free_port()
    srv = await start(
        tmp / "data",
        port,
        args.server_python,
        "--passwords",
        str(pw),
        "--bot-delay",
        str(args.bot_delay),
        "--deal-delay",  # every step at the same pace: moves/s does not hang on the phase
        str(args.bot_delay),
    )
    store: Store | None = None
    try:
        await bot_table(port)
        store = Store(db_path(tmp / "data"))
        await asyncio.sleep(2.0)
        before = await moves_per_second(store, args.quiet)
        counts: dict[str, int] = {
            k: 0
            for k in ("guesses", "connections", "denied", "disconnected", "errors", "logged_in")
        }
        cpu0 = cpu_seconds(srv.pid)
        t0 = time.monotonic()
        stop_at = t0 + args.seconds
        c0 = table_commands(store)
        attack = [
            asyncio.create_task(guess_until(port, stop_at, counts)) for _ in range(args.attackers)
        ]
        # the table's moves in each second of the flood
        per_second: list[int] = []
        last = c0
        while time.monotonic() < stop_at:
            await asyncio.sleep(1.0)
            now = table_commands(store)
            per_second.append(now - last)
            last = now
        await asyncio.gather(*attack, return_exceptions=True)
        span = time.monotonic() - t0
        during = (table_commands(store) - c0) / span
        cpu = cpu_seconds(srv.pid) - cpu0
        after = await moves_per_second(store, args.quiet)
        return {
            "scenario": "flood",
            "attackers": args.attackers,
            "moves_per_s_before": round(before, 2),
            "moves_per_s_during": round(during, 2),
            "moves_per_s_after": round(after, 2),
            "seconds_without_a_move": sum(1 for n in per_second if n == 0),
            "guesses_per_s": round(counts["guesses"] / span, 1),
            "server_cpu_cores": round(cpu / span, 2),
            "counts": counts,
        }
    finally:
        if store is not None:
            store.close()
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


# ------------------------------------------------------------------ latency


async def _key(p: Player, key: bytes, timeout: float) -> float:
    """Send `key` once the screen is quiet; seconds to its first output."""
    await p.quiet(0.05, 5.0)
    mark = time.perf_counter()
    p.mark = mark
    p.rx_after = None
    p.got.clear()
    p.send(key)
    try:
        await asyncio.wait_for(p.got.wait(), timeout)
    except TimeoutError:
        return timeout
    return (p.rx_after or mark) - mark


async def key_latency(p: Player, seconds: float) -> list[float]:
    """`n` (the new-table form opens) in the lobby, again and again: seconds from
    the key to its first output. `escape` closes the form between two samples."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out.append(await _key(p, b"n", 30.0))
        await asyncio.sleep(0.2)
        await _key(p, b"\x1b", 30.0)
        await asyncio.sleep(0.3)  # ESC needs its timeout before the next key
    return out


def summary(lat: list[float]) -> dict[str, float]:
    return {
        "samples": len(lat),
        "p50_ms": round(statistics.median(lat) * 1000, 1) if lat else float("nan"),
        "max_ms": round(max(lat) * 1000, 1) if lat else float("nan"),
        "p90_ms": round(pct(lat, 90) * 1000, 1),
    }


async def measured(srv: ServerProcess, p: Player, seconds: float) -> dict[str, Any]:
    cpu0, t0 = cpu_seconds(srv.pid), time.monotonic()
    with _Sampler(srv.pid) as rss:
        lat = await key_latency(p, seconds)
    span = time.monotonic() - t0
    return {
        **summary(lat),
        "server_cpu_cores": round((cpu_seconds(srv.pid) - cpu0) / span, 2),
        "server_rss_peak_mib": round(rss.peak / 1024, 1),
    }


async def run_resize(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="shengji-attack-"))
    port = free_port()
    srv = await start(tmp / "data", port, args.server_python, "--open")
    victim, eve = Player("ann"), Player("eve")
    try:
        await victim.connect(port)
        await victim.wait_text(b"lobby")
        await eve.connect(port)
        await eve.wait_text(b"lobby")
        eve.collect = False
        quiet = await measured(srv, victim, args.quiet)

        async def resizes() -> int:
            n = 0
            assert eve.chan is not None
            while True:
                w, h = (args.width, args.height) if n % 2 == 0 else (args.width - 1, args.height)
                eve.chan.change_terminal_size(w, h)
                n += 1
                if args.every <= 0:
                    return n
                await asyncio.sleep(args.every)

        task = asyncio.create_task(resizes())
        attacked = await measured(srv, victim, args.seconds)
        task.cancel()
        return {
            "scenario": "resize",
            "size": f"{args.width}x{args.height}",
            "every_s": args.every,
            "quiet": quiet,
            "attacked": attacked,
        }
    finally:
        await asyncio.gather(victim.close(), eve.close(), return_exceptions=True)
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


async def run_keys(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="shengji-attack-"))
    port = free_port()
    srv = await start(tmp / "data", port, args.server_python, "--open")
    victim, eve = Player("ann"), Player("eve")
    try:
        await victim.connect(port)
        await victim.wait_text(b"lobby")
        await eve.connect(port)
        await eve.wait_text(b"lobby")
        eve.collect = False
        quiet = await measured(srv, victim, args.quiet)
        unit = (
            b"\x1b[<65;10;10M\x1b[<64;10;10M"
            if args.mouse
            else args.keys.encode().decode("unicode_escape").encode("latin-1")
        )
        tick = 0.05
        per_tick = max(1, int(args.rate * tick))
        blob = (unit * (per_tick // len(unit) + 1))[: per_tick - per_tick % len(unit) or len(unit)]

        async def flood() -> None:
            while True:
                eve.send(blob)
                await asyncio.sleep(tick)

        task = asyncio.create_task(flood())
        attacked = await measured(srv, victim, args.seconds)
        task.cancel()
        return {
            "scenario": "mouse" if args.mouse else "keys",
            "rate_bytes_per_s": args.rate,
            "quiet": quiet,
            "attacked": attacked,
        }
    finally:
        await asyncio.gather(victim.close(), eve.close(), return_exceptions=True)
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


async def run_chat(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="shengji-attack-"))
    port = free_port()
    srv = await start(
        tmp / "data", port, args.server_python, "--open", "--bot-delay", str(args.bot_delay)
    )
    victim = Player("ann")
    crowd = [Player(f"w{k}") for k in range(args.attackers)]
    try:
        await bot_table(port, "maker")
        await victim.connect(port)
        await victim.wait_text(b"lobby")
        watching = 0
        for w in crowd:
            await w.connect(port)
            await w.wait_text(b"lobby")
            await asyncio.sleep(0.3)
            w.text.clear()
            w.send(b"w")
            with contextlib.suppress(TimeoutError):
                await w.wait_text("旁观".encode(), 10)
                watching += 1
            w.collect = False
        quiet = await measured(srv, victim, args.quiet)
        notes0 = _notes(db_path(tmp / "data"))

        async def talk(k: int, w: Player) -> None:
            await asyncio.sleep(2.5 * k / max(1, len(crowd)))
            n = 0
            while True:
                w.send(b"c")
                await asyncio.sleep(0.2)
                w.send(f"\x1b[200~hello {n} from {k}\x1b[201~\r".encode())
                n += 1
                await asyncio.sleep(2.3)

        tasks = [asyncio.create_task(talk(k, w)) for k, w in enumerate(crowd)]
        t0 = time.monotonic()
        attacked = await measured(srv, victim, args.seconds)
        span = time.monotonic() - t0
        for task in tasks:
            task.cancel()
        said = _notes(db_path(tmp / "data")) - notes0
        return {
            "scenario": "chat",
            "watchers_asked": len(crowd),
            "watching": watching,
            "lines_said_per_10s": round(said / span * 10, 1),
            "quiet": quiet,
            "attacked": attacked,
        }
    finally:
        await asyncio.gather(victim.close(), *(w.close() for w in crowd), return_exceptions=True)
        await srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def _notes(path: Path) -> int:
    """Chat lines the server's store holds (read beside the server, read-only)."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return int(db.execute("SELECT COUNT(*) FROM notes WHERE kind = 'chat'").fetchone()[0])


def build_parser() -> argparse.ArgumentParser:
    from ..clihelp import HelpFormatter

    p = argparse.ArgumentParser(
        prog="shengji bench attack",
        description=__doc__.split("\n\n")[0],
        formatter_class=HelpFormatter,
    )
    p.add_argument(
        "scenario", choices=["flood", "resize", "keys", "chat"], help="the attack to measure"
    )
    every = p.add_argument_group("every attack")
    every.add_argument("--server-python", help="run the server with this Python (another install)")
    every.add_argument("--seconds", type=float, default=20.0, help="length of the attack")
    every.add_argument("--quiet", type=float, default=8.0, help="measured seconds without attack")
    every.add_argument("--json", action="store_true", help="print one JSON object")
    flood = p.add_argument_group("flood and chat")
    flood.add_argument(
        "--attackers", type=int, default=12, help="flood: connections at once; chat: watchers"
    )
    flood.add_argument(
        "--bot-delay", type=float, default=0.3, help="flood: the bot table's pace (s per step)"
    )
    resize = p.add_argument_group("resize")
    resize.add_argument("--width", type=int, default=10000, help="the size asked for: columns")
    resize.add_argument("--height", type=int, default=10000, help="the size asked for: rows")
    resize.add_argument("--every", type=float, default=0.0, help="again every S s (0: once)")
    keys = p.add_argument_group("keys")
    keys.add_argument("--rate", type=float, default=4000.0, help="bytes per second")
    keys.add_argument("--mouse", action="store_true", help="mouse wheel reports")
    keys.add_argument(
        "--keys",
        default=r"\x10abcdefghijklmnopqrstuvwxyz\x7f\x7f\x7f",
        help="what is sent again and again, in Python escapes (default: %(default)s: "
        "ctrl+p, then letters typed into the command palette)",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run = {"flood": run_flood, "resize": run_resize, "keys": run_keys, "chat": run_chat}[
        args.scenario
    ]
    result = asyncio.run(run(args))
    result["machine"] = {"cpus": os.cpu_count(), "python": sys.version.split()[0]}
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>24}: {v}")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
