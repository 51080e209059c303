"""A play's timeline: the server's trace (`shengji_tui/trace.py`) joined with
the load generator's own stamps (`shengji bench ssh --trace DIR`).

For each play the generator knows who pressed enter and when (`t0`), and when
the first output after it reached each of the table's clients. The trace says,
per process, when the key bytes arrived, when the app sent the command, when
the table took it (`lock`), stored and adopted it (`apply`), when each seat's
update was pushed (with `--workers N`), received and posted to its app, when
each app updated its screen (`upd`), and each frame written (`out`). A play's
figure is its slowest client's, and so is its chain of stages:

- `client_to_fe`: key sent → its bytes read by the front end;
- `key`: → the app sends the command (the key parsed, its binding run);
  `key_parts` splits it: `held` the key's bytes read → the key given to the
  app (the driver holds a key until the one before it went up the widget
  chain), `app` → the command sent (Textual's messages, the binding);
- `to_table`: → the table holds its lock (the link to the host, its handler);
- `apply`: → the new state adopted (the engine, the store's write: its
  part, from the lock to the table back from the write, is `store`, outside
  the chain, and `store_parts` splits it: `to_thread` the lock → the write
  begins on its thread (the engine's apply, the views worked out, a thread
  free), `write`, `back` the write done → the table runs again);
- `notify`: → this seat's update pushed to its front end (the seats before
  it encoded) or, in one process, posted to its app;
- `host_to_fe`, `decode`: (`--workers N`) the update encoded and written,
  the link down to its front end's loop; the view rebuilt;
- `queue`: posted → its app's update begins (the process's loop busy with
  something else: `queue_updates` is the part spent in other screens'
  updates, `queue_same_table` of them the same table's);
- `update`: the app's update (model, presenter, widgets);
- `render`: → its frame written; where the trace has the screen's paint
  (`paint` records: Textual's update timer ran the layout if one was due,
  the compositor, the frame's write) it is `to_paint` (the update timer's
  wait, up to 1/60 s, and the loop's other work) and `paint`;
- `write_to_client`: → the first byte read by the client.

`busy_ms`: of the waiting stages (`key`, `apply`, `queue`, `to_paint`),
the part their process spent in other screens' updates and paints and in
collector passes (the rest: Textual's messages, the SSH and link reads and
writes, the event loop's own work, and with one process the GIL's hand-over
to the store's write thread).

The stages of a chain add up to its latency. A client whose first output came
before its update (the presser's own screen repainted by the key) has a short
chain (`local`): `client_to_fe`, then `before_frame`, `write_to_client`.

The generator keeps its plays beside the trace (`plays.json`), so a run's
folder can be reported again: `python -m shengji_tui.bench.ssh_trace DIR`.

`meanwhile` is what the slowest client's front end (or single process) did
from the post to the frame: other screens' updates (`other_updates_ms`, of
other tables `other_tables_ms`), frames written for other screens, the
other screens' paints (`other_paints_ms`, in its queue `queue_paints_ms`)
and the layouts done (`layouts_n`, its own too), keys read for other
screens, the collector's passes, the loop's longest lateness. `own_layout`
(per play) says its own paint laid out; `key_behind_own` (per play: how many)
the presser's own screen's updates its app handled between the key and the
command (a key pressed while its table deals: the app takes them in order).
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STAGES = (
    "client_to_fe",
    "key",
    "to_table",
    "apply",
    "notify",
    "host_to_fe",
    "decode",
    "queue",
    "update",
    "render",
    "to_paint",
    "paint",
    "write_to_client",
    "before_frame",
)
MEANWHILE = (
    "queue_updates_ms",
    "queue_same_table_ms",
    "other_updates_ms",
    "other_updates_n",
    "other_tables_ms",
    "frames_n",
    "frames_kib",
    "other_paints_ms",
    "queue_paints_ms",
    "layouts_n",
    "keys_n",
    "gc_ms",
    "lag_max_ms",
)
KEY_WITHIN = 5.0  # seconds: the key's records are looked for this long after it


@dataclass
class Play:
    """One play as the load generator saw it (times: `time.monotonic()`)."""

    presser: str  # the login name of the client that pressed enter
    t0: float  # enter sent
    rx: dict[str, float]  # login name -> first output after t0


def load_records(folder: Path) -> list[dict[str, Any]]:
    """Every record of every process's file in `folder`, each with `p` its
    process's name."""
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl")):
        name = path.stem.rsplit("-", 1)[0]
        with path.open(encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    r = json.loads(line)
                except ValueError:
                    continue  # (a line cut by a process killed while writing)
                if isinstance(r, dict) and "t" in r and "k" in r:
                    r["p"] = name
                    out.append(r)
    out.sort(key=lambda r: r["t"])
    return out


class _Times:
    """Records of one key, by time."""

    def __init__(self) -> None:
        self.ts: list[float] = []
        self.rs: list[dict[str, Any]] = []

    def add(self, r: dict[str, Any]) -> None:
        self.ts.append(r["t"])
        self.rs.append(r)

    def first_from(self, t: float, until: float | None = None) -> dict[str, Any] | None:
        i = bisect.bisect_left(self.ts, t)
        if i < len(self.ts) and (until is None or self.ts[i] <= until):
            return self.rs[i]
        return None

    def last_until(self, t: float, since: float) -> dict[str, Any] | None:
        i = bisect.bisect_right(self.ts, t) - 1
        if i >= 0 and self.ts[i] >= since:
            return self.rs[i]
        return None


@dataclass
class Index:
    """The records by what a play looks them up by."""

    by: dict[tuple[Any, ...], _Times] = field(default_factory=lambda: defaultdict(_Times))
    procs: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    users: dict[str, str] = field(default_factory=dict)  # login name -> screen tag

    @classmethod
    def of(cls, records: Iterable[dict[str, Any]]) -> Index:
        ix = cls()
        for r in records:  # (in time order)
            k = r["k"]
            ix.procs[r["p"]].append(r)
            if k == "sess":
                ix.users[str(r["u"])] = str(r["g"])
            elif k in ("in", "out", "deliver"):
                ix.by[(k, r.get("g"))].add(r)
            elif k in ("send", "sent", "hrecv"):
                ix.by[(k, r.get("tb"), r.get("st"))].add(r)
            elif k == "lock":
                ix.by[(k, r.get("tb"))].add(r)
            elif k in ("stored", "apply", "write"):
                ix.by[(k, r.get("tb"), r.get("v"))].add(r)
            elif k in ("push", "recv", "post", "upd"):
                ix.by[(k, r.get("tb"), r.get("st"), r.get("v"))].add(r)
            elif k == "paint":
                ix.by[(k, r["p"])].add(r)
        return ix

    def find(self, *key: Any, since: float = float("-inf")) -> dict[str, Any] | None:
        times = self.by.get(key)
        return None if times is None else times.first_from(since)


def split_tag(tag: str) -> tuple[str, int | None]:
    table_id, _, seat = tag.rpartition("/")
    return table_id, int(seat) if seat.isdigit() else None


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def _meanwhile(
    ix: Index, proc: str, tag: str, post: float, start: float, frame: float
) -> dict[str, float]:
    """What process `proc` did from `post` (the update queued) to `frame` (its
    frame written), besides the screen `tag`'s own update."""
    tb, st = split_tag(tag)
    m = dict.fromkeys(MEANWHILE, 0.0)
    for r in _window(ix.procs.get(proc, []), post - 1.0, frame):
        k, t, d = r["k"], r["t"], r.get("d", 0.0)
        if k == "upd":
            if (r.get("tb"), r.get("st")) == (tb, st):
                continue
            over = _overlap(t, t + d, post, frame)
            if over <= 0:
                continue
            m["other_updates_ms"] += over * 1000
            m["other_updates_n"] += 1
            if r.get("tb") != tb:
                m["other_tables_ms"] += over * 1000
            q = _overlap(t, t + d, post, start)
            m["queue_updates_ms"] += q * 1000
            if r.get("tb") == tb:
                m["queue_same_table_ms"] += q * 1000
        elif k == "paint":
            if t <= frame <= t + d:  # (its own: the frame is written within it)
                m["layouts_n"] += r.get("lay", 0)
                continue
            over = _overlap(t, t + d, post, frame)
            if over > 0:
                m["other_paints_ms"] += over * 1000
                m["queue_paints_ms"] += _overlap(t, t + d, post, start) * 1000
                m["layouts_n"] += r.get("lay", 0)
        elif k == "out" and r.get("g") != tag and post <= t <= frame:
            m["frames_n"] += 1
            m["frames_kib"] += r.get("n", 0) / 1024
        elif k == "in" and r.get("g") != tag and post <= t <= frame:
            m["keys_n"] += 1
        elif k == "gc":
            m["gc_ms"] += _overlap(t, t + d, post, frame) * 1000
        elif k == "lag" and _overlap(t - d, t, post, frame) > 0:
            m["lag_max_ms"] = max(m["lag_max_ms"], d * 1000)
    return m


def _window(records: list[dict[str, Any]], t0: float, t1: float) -> list[dict[str, Any]]:
    """The records (in time order) stamped from `t0` to `t1`."""
    lo = bisect.bisect_left(records, t0, key=lambda r: r["t"])
    hi = bisect.bisect_right(records, t1, key=lambda r: r["t"])
    return records[lo:hi]


def _busy(ix: Index, proc: str, t0: float, t1: float, own: tuple[Any, ...] = ()) -> float:
    """How long process `proc` spent from `t0` to `t1` in screens' updates and
    paints (but the records `own`) and collector passes."""
    busy = 0.0
    for r in _window(ix.procs.get(proc, []), t0 - 1.0, t1):
        if r["k"] in ("upd", "paint", "gc") and not any(r is o for o in own):
            busy += _overlap(r["t"], r["t"] + r.get("d", 0.0), t0, t1)
    return busy


def join_play(ix: Index, play: Play) -> dict[str, Any] | None:
    """The play's slowest client and its chain of stages (seconds), with what its
    process did meanwhile; None if the trace does not know the presser."""
    ptag = ix.users.get(play.presser)
    if ptag is None or not play.rx:
        return None
    tb, pseat = split_tag(ptag)
    slow_name = max(play.rx, key=lambda n: play.rx[n])
    latency = play.rx[slow_name] - play.t0
    ctag = ix.users.get(slow_name)
    out: dict[str, Any] = {"latency": latency, "seat": None, "local": False, "stages": {}}
    if ctag is None:
        return out
    _, cseat = split_tag(ctag)
    out["seat"] = cseat
    stages: dict[str, float] = {}
    rx = play.rx[slow_name]
    key_in = ix.by[("in", ptag)].first_from(play.t0, play.t0 + KEY_WITHIN)
    frame = ix.by[("out", ctag)].last_until(rx, play.t0)
    if key_in is None:
        return out
    stages["client_to_fe"] = key_in["t"] - play.t0
    send = ix.by[("send", tb, pseat)].first_from(key_in["t"], key_in["t"] + KEY_WITHIN)
    lock = None if send is None else ix.by[("lock", tb)].first_from(send["t"])
    version = None if lock is None else lock.get("v", 0) + 1
    upd = None if version is None else ix.find("upd", tb, cseat, version)
    if send is None or lock is None or upd is None or frame is None:
        # the client's first output came before its update reached the screen
        if frame is not None and frame["t"] >= key_in["t"]:
            out["local"] = True
            stages["before_frame"] = frame["t"] - key_in["t"]
            stages["write_to_client"] = rx - frame["t"]
        out["stages"] = stages
        return out
    upd_end = upd["t"] + upd.get("d", 0.0)
    if frame["t"] < upd_end:  # (its first output was not the play's frame)
        out["local"] = True
        stages["before_frame"] = frame["t"] - key_in["t"]
        stages["write_to_client"] = rx - frame["t"]
        out["stages"] = stages
        return out
    applied = ix.find("apply", tb, version)
    stored = ix.find("stored", tb, version)
    if stored is not None:
        out["store"] = stored["t"] - lock["t"]
        write = ix.find("write", tb, version)
        if write is not None:  # (the write's thread: started, ran, the table back)
            end = write["t"] + write.get("d", 0.0)
            out["store_parts"] = {
                "to_thread": write["t"] - lock["t"],
                "write": write.get("d", 0.0),
                "back": stored["t"] - end,
            }
    push = ix.find("push", tb, cseat, version)
    recv = ix.find("recv", tb, cseat, version)
    post = ix.find("post", tb, cseat, version)
    stages["key"] = send["t"] - key_in["t"]
    given = ix.by[("deliver", ptag)].first_from(key_in["t"], send["t"])
    if given is not None:
        out["key_parts"] = {"held": given["t"] - key_in["t"], "app": send["t"] - given["t"]}
    stages["to_table"] = lock["t"] - send["t"]
    last = lock["t"]
    if applied is not None:
        stages["apply"] = applied["t"] - last
        last = applied["t"]
    if push is not None and recv is not None:
        stages["notify"] = push["t"] - last
        stages["host_to_fe"] = recv["t"] - push["t"]
        last = recv["t"]
        if post is not None:
            stages["decode"] = post["t"] - last
            last = post["t"]
    elif post is not None:
        stages["notify"] = post["t"] - last
        last = post["t"]
    stages["queue"] = upd["t"] - last
    stages["update"] = upd.get("d", 0.0)
    paint = ix.by[("paint", frame["p"])].last_until(frame["t"], upd_end)
    if paint is not None and frame["t"] > paint["t"] + paint.get("d", 0.0):
        paint = None  # (a paint that did not write this frame)
    if paint is not None:
        stages["to_paint"] = paint["t"] - upd_end
        stages["paint"] = frame["t"] - paint["t"]
        out["own_layout"] = bool(paint.get("lay"))
    else:
        stages["render"] = frame["t"] - upd_end
    stages["write_to_client"] = rx - frame["t"]
    out["stages"] = stages
    out["meanwhile"] = _meanwhile(ix, frame["p"], ctag, last, upd["t"], frame["t"])
    # each waiting stage's share spent by its process on other screens' work
    fe = frame["p"]
    busy = {
        "key": _busy(ix, send["p"], key_in["t"], send["t"]),
        "apply": _busy(ix, lock["p"], lock["t"], applied["t"]) if applied else None,
        "queue": _busy(ix, fe, last, upd["t"]),
        "to_paint": None if paint is None else _busy(ix, fe, upd_end, paint["t"]),
    }
    out["busy"] = {k: v for k, v in busy.items() if v is not None}
    # the presser's own screen's updates handled between its key and the command
    # (its app takes them in order: a key pressed while a deal is being dealt)
    out["key_behind_own"] = sum(
        1
        for r in _window(ix.procs.get(send["p"], []), key_in["t"], send["t"])
        if r["k"] == "upd" and (r.get("tb"), r.get("st")) == (tb, pseat)
    )
    return out


def _median_ms(values: list[float]) -> float | None:
    return round(statistics.median(values) * 1000, 2) if values else None


def summarise(joined: list[dict[str, Any]]) -> dict[str, Any]:
    """The plays' latency and each stage's median (ms), and the medians of what
    the process did meanwhile."""
    out: dict[str, Any] = {
        "plays": len(joined),
        "latency_ms": _median_ms([j["latency"] for j in joined]),
        "local": sum(1 for j in joined if j["local"]),
        "traced": sum(1 for j in joined if "meanwhile" in j),
        "own_layout": sum(1 for j in joined if j.get("own_layout")),
        "key_behind_own": sum(1 for j in joined if j.get("key_behind_own")),
    }
    stages: dict[str, float | None] = {}
    for s in STAGES:
        values = [j["stages"][s] for j in joined if s in j["stages"]]
        if values:
            stages[s] = _median_ms(values)
    out["stages_ms"] = stages
    out["store_ms"] = _median_ms([j["store"] for j in joined if "store" in j])
    keys = [j["key_parts"] for j in joined if "key_parts" in j]
    if keys:
        out["key_parts_ms"] = {k: _median_ms([p[k] for p in keys]) for k in ("held", "app")}
    parts = [j["store_parts"] for j in joined if "store_parts" in j]
    if parts:
        out["store_parts_ms"] = {
            k: _median_ms([p[k] for p in parts]) for k in ("to_thread", "write", "back")
        }
    busy = [j["busy"] for j in joined if "busy" in j]
    out["busy_ms"] = {
        s: _median_ms([b[s] for b in busy if s in b])
        for s in ("key", "apply", "queue", "to_paint")
        if any(s in b for b in busy)
    }
    during = [j["meanwhile"] for j in joined if "meanwhile" in j]
    if during:
        out["meanwhile"] = {k: round(statistics.median(d[k] for d in during), 2) for k in MEANWHILE}
    return out


def per_play(
    records: list[dict[str, Any]], plays: list[Play], margin: float = 1.0
) -> dict[str, Any]:
    """Each process's records per play and their traced time per play (ms: the
    records that carry a duration, `upd` a screen's update, `paint` its paint,
    `write` the store's, `gc`, `lag` the loop's lateness), over the plays'
    window less `margin` seconds at each end (the seating and the last plays'
    frames left out): what one play costs each process, with any number of
    tables and processes, one run against another."""
    if not plays:
        return {"plays": 0}
    t0 = min(p.t0 for p in plays) + margin
    t1 = max(p.t0 for p in plays) - margin
    n = sum(1 for p in plays if t0 <= p.t0 < t1)
    if n == 0:
        return {"plays": 0}
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    secs: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in records:
        if t0 <= r["t"] < t1:
            proc, kind = str(r["p"]), str(r["k"])
            counts[proc][kind] += 1
            d = r.get("d")
            if isinstance(d, (int, float)):
                secs[proc][kind] += d
    return {
        "plays": n,
        "records": {
            p: {k: round(c / n, 2) for k, c in sorted(ks.items())}
            for p, ks in sorted(counts.items())
        },
        "ms": {
            p: {k: round(v / n * 1000, 2) for k, v in sorted(ks.items())}
            for p, ks in sorted(secs.items())
        },
    }


def report(records: list[dict[str, Any]], plays: list[Play]) -> dict[str, Any]:
    """All plays, and the slowest 5 % and 1 % of them (at least one play each);
    `per_play`: what a play cost each process (`per_play`)."""
    ix = Index.of(records)
    joined = [j for j in (join_play(ix, p) for p in plays) if j is not None]
    joined.sort(key=lambda j: j["latency"])
    n = len(joined)
    out: dict[str, Any] = {
        "records": len(records),
        "processes": sorted(ix.procs),
        "plays_given": len(plays),
        "all": summarise(joined),
    }
    for share, name in ((5, "slowest_5pct"), (1, "slowest_1pct")):
        k = max(1, round(n * share / 100)) if n else 0
        out[name] = summarise(joined[n - k :] if k else [])
    out["per_play"] = per_play(records, plays)
    return out


def save_plays(folder: Path, plays: list[Play]) -> None:
    """The generator's plays, beside the trace (`plays.json`)."""
    data = [dataclasses.asdict(p) for p in plays]
    (folder / "plays.json").write_text(json.dumps(data), encoding="utf-8")


def load_plays(folder: Path) -> list[Play]:
    data = json.loads((folder / "plays.json").read_text(encoding="utf-8"))
    return [Play(str(d["presser"]), float(d["t0"]), dict(d["rx"])) for d in data]


def main(argv: list[str] | None = None) -> int:
    """`python -m shengji_tui.bench.ssh_trace DIR`: a run's report again, from
    its folder (the trace and `plays.json`), as one JSON object."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m shengji_tui.bench.ssh_trace DIR", file=sys.stderr)
        return 2
    folder = Path(args[0])
    try:
        plays = load_plays(folder)
    except (OSError, ValueError, TypeError, KeyError) as e:
        print(f"{folder}: no run's plays to read ({e.__class__.__name__})", file=sys.stderr)
        return 1
    print(json.dumps(report(load_records(folder), plays)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
