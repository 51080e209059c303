"""TUI update cost: CPU time of one table update in one `ShengjiApp`.

    .venv/bin/python benchmarks/tui_update.py
    .venv/bin/python benchmarks/tui_update.py --json
    .venv/bin/python benchmarks/tui_update.py --profile 30   # cProfile, top 30
    .venv/bin/python benchmarks/tui_update.py --fanout --count-lines --json

One classic deal is played by four `RandomBot`s through the engine beforehand
(`table.plan.plan`, seat 0 included), keeping seat 0's view and events after
every step. An app (100x32, `run_test`, a driver that is *not* headless so the
terminal output is produced as over SSH, then thrown away) sits at seat 0 of a
static table and is fed those `TableUpdate` messages one at a time. The cost of
one update is `time.process_time()` from posting the message until the app is
idle and the screen's pending refresh (layout, compositor update, output) is
done (`pilot.pause()`), minus the same wait with no message (the idle cost of
the pilot itself, also reported).

Reported per phase (dealing: one card per update; playing: one play per update)
as p50 / p90 / max in ms, the bytes written to the terminal per update, and how
many times the screen was laid out in the phase (`layouts`) and the frames it
wrote (`frames`: one write each). `--parts`: each
part's CPU time per update too (p50 and mean, ms): the presenter (every
widget's props), the widgets' `show` (texts built, lines cut, changed lines
marked), the layouts, the compositor's frame (the changed lines rendered and
written); what is left is Textual's messages and the model. `--widgets`: the
CPU time of each widget class's `show` per update, and how many were shown
and changed something.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import json
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.drivers.headless_driver import HeadlessDriver

from shengji_tui.bots import RandomBot
from shengji_tui.engine import GameState, apply, events_for, new_game, review_for, view_for
from shengji_tui.server.gcpolicy import GcPolicy
from shengji_tui.table import SeatInfo, TableStatus
from shengji_tui.table.plan import plan
from shengji_tui.tui.app import AppSetup, ShengjiApp, TableUpdate
from shengji_tui.tui.seating import Solo
from shengji_tui.tui.terminal import patches
from shengji_tui.tui.widgets import lines as lines_module

patches.install()  # as `shengji play` and the server do


class NullDriver(HeadlessDriver):
    """Like the SSH driver: output is produced (not headless), then dropped."""

    written = 0
    writes = 0  # (a frame is one write)
    # the fanout's watch (`measure_fanout`): each app's last write, the apps
    # waited for, since when, and the future set once all have written
    last_write: ClassVar[dict[int, float]] = {}
    apps: ClassVar[list[int]] = []
    since: ClassVar[float] = 0.0
    waiter: ClassVar[asyncio.Future[None] | None] = None

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        NullDriver.written += len(data.encode("utf-8"))
        NullDriver.writes += 1
        NullDriver.last_write[id(self._app)] = time.perf_counter()
        waiter = NullDriver.waiter
        if (
            waiter is not None
            and not waiter.done()
            and all(NullDriver.last_write.get(a, 0) > NullDriver.since for a in NullDriver.apps)
        ):
            waiter.set_result(None)


class StaticTable:
    """The app's table interface (`tui.contract.TableLike`: `check_contract`
    below says when it grew) over a fixed state; updates are fed by hand."""

    table_id = "bench"
    declare_window: float | None = None
    trouble: Any = None
    card_counter = True

    def __init__(self, state: GameState) -> None:
        self.state = state

    def status(self) -> TableStatus:
        return STATUS

    def view(self, seat: int | None) -> Any:
        return view_for(self.state, seat or 0)

    def review(self, seat: int) -> Any:
        return review_for(self.state, seat)

    async def reviews(self, seat: int) -> Any:
        return [review_for(self.state, seat)]

    def coach_source(self) -> Any:
        return None  # (the coach analyses nothing here)

    async def hold_deal(self, seat: int, hold: bool = True) -> None:
        pass

    def subscribe(self, seat: int | None, callback: Any) -> Any:
        return lambda: None

    def on_trouble(self, callback: Any) -> Any:
        return lambda: None

    def listen(self, callback: Any) -> Any:
        return lambda: None

    def recent_notes(self) -> list[Any]:
        return []

    async def say(self, seat: int | None, name: str, text: str, sender: str | None = None) -> Any:
        raise RuntimeError("the benchmark's table has no chat")

    async def reclaim(self, seat: int) -> bool:
        return False

    async def submit(self, seat: int, command: Any) -> list[Any]:
        self.state, events = apply(self.state, command)
        return events_for(events, seat, self.state)

    async def take_back(self, seat: int) -> int:
        raise RuntimeError("the benchmark's table takes nothing back")

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass


def check_contract() -> None:
    """Every member of `TableLike` is here (the app asks for them as it goes:
    a missing one fails mid-run)."""
    import inspect

    from shengji_tui.tui.contract import TableLike

    wanted = {n for n, _ in inspect.getmembers(TableLike) if not n.startswith("_")}
    wanted |= set(getattr(TableLike, "__annotations__", {}))
    missing = sorted(n for n in wanted if not hasattr(StaticTable, n))
    if missing:
        raise SystemExit(f"benchmarks/tui_update.py: StaticTable lacks {', '.join(missing)}")


NAMES = ["You", "Ana", "Mei", "Ken"]
# the seats as every update tells them (no turn clock, no hold)
STATUS = TableStatus(
    tuple(SeatInfo("human" if s == 0 else "bot", n, True) for s, n in enumerate(NAMES))
)


def record_deal(
    preset: str, seed: int, seat: int = 0
) -> tuple[GameState, list[tuple[str, Any, list[Any]]]]:
    """The start state and `seat`'s (phase, view, events) after each step of one deal."""
    state = new_game(preset, seed)
    start = state
    bots = {s: RandomBot(seed=seed * 8 + s, name=NAMES[s]) for s in range(4)}
    out: list[tuple[str, Any, list[Any]]] = []
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        if step is None:
            break
        phase = state.phase
        state = step.state
        if state.phase in ("scoring", "finished"):
            break  # the result dialog is another screen: not a table update
        out.append((phase, view_for(state, seat), events_for(step.events, seat, state)))
    return start, out


class Parts:
    """CPU time spent in a few methods (the parts of an update), per update."""

    WHAT: ClassVar[dict[str, tuple[str, str]]] = {  # part -> (class, method)
        "presenter": ("shengji_tui.tui.presenter:Presenter", "present"),
        "show": ("shengji_tui.tui.screens.table:TableScreen", "show"),
        "layout": ("textual.screen:Screen", "_refresh_layout"),
        "frame": ("textual.screen:Screen", "_compositor_refresh"),
    }

    def __init__(self, timed: bool) -> None:
        self.spent: dict[str, float] = dict.fromkeys(self.WHAT, 0.0)
        self.layouts = 0
        self._undo: list[tuple[type, str, Any]] = []
        self._inside: set[str] = set()
        for part, (where, name) in self.WHAT.items():
            if part != "layout" and not timed:
                continue
            module, cls_name = where.split(":")
            cls = getattr(__import__(module, fromlist=[cls_name]), cls_name)
            original = cls.__dict__[name]
            self._undo.append((cls, name, original))
            setattr(cls, name, self._wrap(part, original))

    def _wrap(self, part: str, original: Any) -> Any:
        parts = self

        def timed(*args: Any, **kw: Any) -> Any:
            if part == "layout":
                parts.layouts += 1
            if parts._inside:  # (a part within another, a layout's frame: the outer's)
                return original(*args, **kw)
            parts._inside.add(part)
            t0 = time.process_time()
            try:
                return original(*args, **kw)
            finally:
                parts.spent[part] += time.process_time() - t0
                parts._inside.discard(part)

        return timed

    def take(self) -> dict[str, float]:
        """The time of each part since the last `take` (ms)."""
        out = {k: v * 1000 for k, v in self.spent.items()}
        self.spent = dict.fromkeys(self.spent, 0.0)
        return out

    def close(self) -> None:
        for cls, name, original in self._undo:
            setattr(cls, name, original)


class WidgetShows:
    """`--widgets`: the CPU time of each widget class's `show` (`LineWidget.show`:
    its props' lines built, cut and the changed ones marked), per phase: how
    many were shown, how many changed something, the time in all."""

    def __init__(self) -> None:
        self.phase = ""
        self.spent: dict[str, dict[str, list[float]]] = {}  # phase -> class -> [s, n, changed]
        self._original = lines_module.LineWidget.show
        shows, original = self, self._original

        def show(widget: Any, props: Any, look: Any = None) -> bool:
            t0 = time.process_time()
            changed = original(widget, props, look)
            row = shows.spent.setdefault(shows.phase, {}).setdefault(
                type(widget).__name__, [0.0, 0, 0]
            )
            row[0] += time.process_time() - t0
            row[1] += 1
            row[2] += bool(changed)
            return changed

        lines_module.LineWidget.show = show  # type: ignore[method-assign,assignment]

    def report(self, phase: str, updates: int) -> dict[str, dict[str, float]]:
        rows = sorted(self.spent.get(phase, {}).items(), key=lambda kv: -kv[1][0])
        return {
            name: {"us_per_update": round(t / updates * 1e6, 1), "shown": n, "changed": c}
            for name, (t, n, c) in rows
        }

    def close(self) -> None:
        lines_module.LineWidget.show = self._original  # type: ignore[method-assign]


async def measure(
    preset: str,
    seed: int,
    size: tuple[int, int],
    profile: cProfile.Profile | None,
    profile_phases: tuple[str, ...] = ("dealing", "declaring", "burying", "playing"),
    timed_parts: bool = False,
    widget_shows: bool = False,
) -> dict[str, Any]:
    start, updates = record_deal(preset, seed)
    app = ShengjiApp(StaticTable(start), Solo(0), AppSetup(driver_class=NullDriver))
    costs: dict[str, list[float]] = {}
    sizes: dict[str, list[int]] = {}
    layouts: dict[str, int] = {}
    frames: dict[str, int] = {}
    parts: dict[str, dict[str, list[float]]] = {}
    idle: list[float] = []
    timer = Parts(timed_parts)
    shows = WidgetShows() if widget_shows else None
    try:
        async with app.run_test(headless=False, size=size) as pilot:
            await measure_updates(
                app,
                pilot,
                updates,
                profile,
                profile_phases,
                timer,
                costs,
                sizes,
                layouts,
                parts,
                idle,
                frames,
                shows,
            )
    finally:
        timer.close()
        if shows is not None:
            shows.close()
    result: dict[str, Any] = {"idle_ms": round(statistics.median(idle) * 1000, 3)}
    for phase, xs in costs.items():
        result[phase] = {
            **summary(xs),
            "mean_ms": round(statistics.fmean(xs), 2),
            "bytes_p50": int(statistics.median(sizes[phase])),
            "layouts": layouts.get(phase, 0),
            "frames": frames.get(phase, 0),
        }
        if shows is not None:
            result[phase]["widgets"] = shows.report(phase, len(xs))
        if timed_parts:
            result[phase]["parts_ms"] = {
                part: {
                    "p50": round(statistics.median(ys), 3),
                    "mean": round(statistics.fmean(ys), 3),
                }
                for part, ys in parts[phase].items()
            }
    return result


async def measure_updates(
    app: ShengjiApp,
    pilot: Any,
    updates: list[tuple[str, Any, list[Any]]],
    profile: cProfile.Profile | None,
    profile_phases: tuple[str, ...],
    timer: Parts,
    costs: dict[str, list[float]],
    sizes: dict[str, list[int]],
    layouts: dict[str, int],
    parts: dict[str, dict[str, list[float]]],
    idle: list[float],
    frames: dict[str, int],
    shows: WidgetShows | None = None,
) -> None:
    await pilot.pause()
    for _ in range(20):
        t0 = time.process_time()
        await pilot.pause()
        idle.append(time.process_time() - t0)
    base = statistics.median(idle)
    timer.take()
    for phase, view, events in updates:
        w0, n0 = NullDriver.written, NullDriver.writes
        laid = timer.layouts
        if shows is not None:
            shows.phase = phase
        if profile is not None and phase in profile_phases:
            profile.enable()
        t0 = time.process_time()
        app.post_message(TableUpdate(0, view, events, STATUS))
        await pilot.pause()
        dt = time.process_time() - t0
        if profile is not None:
            profile.disable()
        costs.setdefault(phase, []).append(max(0.0, dt - base) * 1000)
        sizes.setdefault(phase, []).append(NullDriver.written - w0)
        frames[phase] = frames.get(phase, 0) + NullDriver.writes - n0
        layouts[phase] = layouts.get(phase, 0) + timer.layouts - laid
        for part, ms in timer.take().items():
            parts.setdefault(phase, {}).setdefault(part, []).append(ms)


def summary(xs: list[float]) -> dict[str, Any]:
    s = sorted(xs)
    return {
        "updates": len(s),
        "p50_ms": round(statistics.median(s), 2),
        "p90_ms": round(s[int(0.9 * (len(s) - 1))], 2),
        "max_ms": round(s[-1], 2),
    }


async def measure_fanout(
    preset: str,
    seed: int,
    size: tuple[int, int],
    profile: cProfile.Profile | None,
    count_lines: bool = False,
    server_gc: bool = False,
) -> dict[str, Any]:
    """Four apps in one process (seats 0-3, as the four sessions of one table in
    the SSH server): post each step's update to all four, then wait until every
    app has written its frame. Wall time from the post to the last app's first
    write after it, per play. `count_lines`: the texts built and the lines cut
    (`widgets/lines.py`) in the plays, all four apps together (counting slows
    the run: its times are not the figures). The collector's passes in the
    plays and their time are reported (`gc_passes`, `gc_ms`); `server_gc`:
    under the server's collector policy (`server/gcpolicy.py`), started once
    the apps run, as a session's start freezes them in `shengji serve`."""
    built = {"texts_built": 0, "lines_cut": 0}
    counting = False
    if count_lines:
        for name, key in (("line_text", "texts_built"), ("line_strip", "lines_cut")):
            real = getattr(lines_module, name)

            def counted(*args: Any, _real: Any = real, _key: str = key) -> Any:
                if counting:
                    built[_key] += 1
                return _real(*args)

            setattr(lines_module, name, counted)
    runs = [record_deal(preset, seed, s) for s in range(4)]
    apps = [
        ShengjiApp(StaticTable(runs[s][0]), Solo(s), AppSetup(driver_class=NullDriver))
        for s in range(4)
    ]
    lat: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    collected = {"gc_passes": 0, "gc_ms": 0.0}
    gc_began = 0.0

    def on_gc(phase: str, _info: dict[str, Any]) -> None:
        nonlocal gc_began
        if phase == "start":
            gc_began = time.perf_counter()
        elif counting:
            collected["gc_passes"] += 1
            collected["gc_ms"] += (time.perf_counter() - gc_began) * 1000

    policy = GcPolicy() if server_gc else None
    async with contextlib.AsyncExitStack() as stack:
        pilots = [
            await stack.enter_async_context(a.run_test(headless=False, size=size)) for a in apps
        ]
        for p in pilots:
            await p.pause()
        await asyncio.sleep(0.3)
        if policy is not None:
            policy.start()
            stack.push_async_callback(policy.stop)
        gc.callbacks.append(on_gc)
        stack.callback(gc.callbacks.remove, on_gc)
        for i in range(len(runs[0][1])):
            phase = runs[0][1][i][0]
            t0 = time.perf_counter()
            c0 = time.process_time()
            if profile is not None and phase == "playing":
                profile.enable()
            counting = phase == "playing"
            for s, app in enumerate(apps):
                _, view, events = runs[s][1][i]
                app.post_message(TableUpdate(s, view, events, STATUS))
            NullDriver.since = t0
            NullDriver.apps = [id(a) for a in apps]
            NullDriver.waiter = asyncio.get_running_loop().create_future()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(NullDriver.waiter, 0.5)
            t1 = time.perf_counter()
            c1 = time.process_time()
            if profile is not None:
                profile.disable()
            counting = False
            lat.setdefault(phase, []).append((t1 - t0) * 1000)
            cpu.setdefault(phase, []).append((c1 - c0) * 1000)
            for p in pilots:  # let every app settle (second frames, timers)
                await p.pause()
            await asyncio.sleep(0.02)
    result = {
        phase: {**summary(xs), "cpu_p50_ms": round(statistics.median(cpu[phase]), 2)}
        for phase, xs in lat.items()
    }
    if count_lines:
        result["playing"].update(built)
    result["playing"].update(gc_passes=collected["gc_passes"], gc_ms=round(collected["gc_ms"], 1))
    return result


def main() -> None:
    check_contract()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="100x32", help="WIDTHxHEIGHT")
    ap.add_argument("--profile", type=int, default=0, help="print the top N of cProfile")
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--phase", action="append", help="profile only these phases")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--parts", action="store_true", help="each part's CPU time per update too")
    ap.add_argument(
        "--widgets",
        action="store_true",
        help="each widget class's show: CPU time per update, how many shown and changed",
    )
    ap.add_argument(
        "--fanout",
        action="store_true",
        help="four apps (one per seat) in one process: time until all four wrote",
    )
    ap.add_argument(
        "--count-lines",
        action="store_true",
        help="with --fanout: the texts built and lines cut in the plays (times not figures)",
    )
    ap.add_argument(
        "--server-gc",
        action="store_true",
        help="with --fanout: under the server's collector policy (server/gcpolicy.py)",
    )
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    prof = cProfile.Profile() if args.profile else None
    phases = tuple(args.phase) if args.phase else ("dealing", "declaring", "burying", "playing")
    if args.fanout:
        res = asyncio.run(
            measure_fanout(args.preset, args.seed, (w, h), prof, args.count_lines, args.server_gc)
        )
        print(json.dumps(res) if args.json else "\n".join(f"{k}: {v}" for k, v in res.items()))
        if prof is not None:
            s = io.StringIO()
            pstats.Stats(prof, stream=s).sort_stats(args.sort).print_stats(args.profile)
            print(s.getvalue())
        return
    res = asyncio.run(
        measure(args.preset, args.seed, (w, h), prof, phases, args.parts, args.widgets)
    )
    if args.json:
        print(json.dumps(res))
    else:
        print(f"idle pilot wait (subtracted): {res['idle_ms']} ms")
        print("phase      updates  p50 ms  p90 ms  max ms  mean ms  bytes p50  layouts  frames")
        for phase, r in res.items():
            if phase == "idle_ms":
                continue
            print(
                f"{phase:10} {r['updates']:7} {r['p50_ms']:7} {r['p90_ms']:7} "
                f"{r['max_ms']:7} {r['mean_ms']:8} {r['bytes_p50']:10} {r['layouts']:8} "
                f"{r['frames']:7}"
            )
            for part, v in r.get("parts_ms", {}).items():
                print(f"  {part:10} p50 {v['p50']:6} mean {v['mean']:6} ms")
            for name, v in r.get("widgets", {}).items():
                print(
                    f"  {name:14} {v['us_per_update']:7} µs per update, "
                    f"shown {v['shown']}, changed {v['changed']}"
                )
    if prof is not None:
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats(args.sort).print_stats(args.profile)
        print(s.getvalue())


if __name__ == "__main__":
    main()
