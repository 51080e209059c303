"""`shengji bench ssh --trace`'s join and report (bench/ssh_trace.py) on
records made here: one play's stages, each from the right records, adding up
to its latency; what the slowest client's process did meanwhile; the slowest
1 % and 5 % of plays and their medians."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.bench import ssh_trace
from shengji_tui.bench.ssh_trace import (
    Index,
    Play,
    join_play,
    load_plays,
    load_records,
    main,
    report,
    save_plays,
)

MS = 0.001
USERS = {"a": 0, "b": 1, "c": 2, "d": 3}  # login names (after the table's) -> seat


def play_records(
    t0: float, queue_d: float, table: str = "tb", v: int = 7, workers: bool = True
) -> tuple[list[dict[str, Any]], Play]:
    """One play at `table` pressed by its "a" at `t0` (seats 0 and 1 on front end
    f1, 2 and 3 on f2): every step 1 ms apart, but
    seat 3's ("d") update waits `queue_d` behind another table's update in f2.
    With `workers` False, one process ("serve") and no host steps."""
    recs: list[dict[str, Any]] = []

    def r(p: str, k: str, t: float, **f: Any) -> None:
        if not workers:
            p = "serve"
        recs.append({"p": p, "k": k, "t": round(t, 9), **f})

    for u, s in USERS.items():
        r("f1" if s < 2 else "f2", "sess", t0 - 10, u=table + u, g=f"{table}/{s}")
    r("f1", "in", t0 + 2 * MS, g=f"{table}/0", n=1)
    r("f1", "deliver", t0 + 2.25 * MS, g=f"{table}/0")
    r("f1", "send", t0 + 3 * MS, tb=table, st=0, v=v)
    if workers:
        r("host", "hrecv", t0 + 4 * MS, tb=table, st=0, f="f1")
    r("host", "lock", t0 + 5 * MS, tb=table, v=v)
    r("host", "write", t0 + 6 * MS, tb=table, v=v + 1, d=1.5 * MS)
    r("host", "stored", t0 + 8 * MS, tb=table, v=v + 1)
    r("host", "apply", t0 + 9 * MS, tb=table, v=v + 1)
    rx: dict[str, float] = {}
    for u, s in USERS.items():
        fe = "f1" if s < 2 else "f2"
        at = t0 + (10 + s) * MS  # pushed (or posted) one seat after the other
        if workers:
            r("host", "push", at, tb=table, st=s, v=v + 1, f=fe)
            at += 2 * MS
            r(fe, "recv", at, tb=table, st=s, v=v + 1)
            at += 0.5 * MS
        r(fe, "post", at, tb=table, st=s, v=v + 1)
        wait = queue_d if s == 3 else 1 * MS
        if s == 3:  # another table's update in the way, and a collector's pass
            r(fe, "upd", at + 0.2 * MS, tb="other", st=1, v=3, d=queue_d - 0.4 * MS)
            r(fe, "gc", at + 0.3 * MS, gen=0, d=0.1 * MS)
            r(fe, "out", at + queue_d - 0.1 * MS, g="other/1", n=2048)
        start = at + wait
        r(fe, "upd", start, tb=table, st=s, v=v + 1, d=2 * MS)
        frame = start + 2 * MS + 3 * MS
        # its paint (Textual's update timer): from 1 ms before its frame, seat 3's
        # with a layout
        r(fe, "paint", frame - 1 * MS, d=1.2 * MS, lay=int(s == 3))
        r(fe, "out", frame, g=f"{table}/{s}", n=1500)
        rx[table + u] = frame + 1 * MS
    recs.sort(key=lambda x: x["t"])
    return recs, Play(table + "a", t0, rx)


def test_one_play_through_a_host_and_two_front_ends() -> None:
    recs, play = play_records(100.0, queue_d=10 * MS)
    j = join_play(Index.of(recs), play)
    assert j is not None and not j["local"]
    assert j["seat"] == 3  # the slowest client: d
    want_ms = {
        "client_to_fe": 2,
        "key": 1,
        "to_table": 2,  # send -> the table's lock (the link up, the host's handler)
        "apply": 4,  # lock -> the state adopted (the store's write in it)
        "notify": 4,  # adopted -> seat 3's update pushed (three seats before it)
        "host_to_fe": 2,
        "decode": 0.5,
        "queue": 10,
        "update": 2,
        "to_paint": 2,  # the update done -> its paint begins
        "paint": 1,  # -> its frame written
        "write_to_client": 1,
    }
    got = {k: round(v / MS, 6) for k, v in j["stages"].items()}
    assert got == want_ms
    assert j["own_layout"] is True
    assert j["store"] == pytest.approx(3 * MS)  # the lock -> the store's write done
    assert {k: round(v / MS, 6) for k, v in j["key_parts"].items()} == {"held": 0.25, "app": 0.75}
    parts = {k: round(v / MS, 6) for k, v in j["store_parts"].items()}
    assert parts == {"to_thread": 1, "write": 1.5, "back": 0.5}
    # its queue's share spent elsewhere: the other table's update, the collector's
    # pass, seat 2's update and paint
    busy = {k: round(v / MS, 6) for k, v in j["busy"].items()}
    assert busy == {"key": 0, "apply": 0, "queue": 12.9, "to_paint": 0}  # 9.6 + 0.1 + 2 + 1.2
    assert j["key_behind_own"] == 0
    assert sum(j["stages"].values()) == pytest.approx(j["latency"], abs=1e-6)
    mw = j["meanwhile"]
    # in its queue: the other table's update (9.6 ms) and seat 2's (2 ms, the same
    # front end's screen of the same table)
    assert mw["queue_updates_ms"] == pytest.approx(11.6)
    assert mw["queue_same_table_ms"] == pytest.approx(2)
    assert mw["other_tables_ms"] == pytest.approx(9.6)
    # frames written meanwhile: the other table's screen's, seat 2's
    assert (mw["frames_n"], mw["frames_kib"]) == (2, (2048 + 1500) / 1024)
    assert mw["other_paints_ms"] == pytest.approx(1.2)  # seat 2's paint, in its queue
    assert mw["queue_paints_ms"] == pytest.approx(1.2)
    assert mw["layouts_n"] == 1  # its own
    assert mw["gc_ms"] == pytest.approx(0.1)


def test_one_play_in_one_process() -> None:
    """No host steps: the update is posted to its app by the table's notify."""
    recs, play = play_records(50.0, queue_d=4 * MS, workers=False)
    j = join_play(Index.of(recs), play)
    assert j is not None
    got = {k: round(v / MS, 6) for k, v in j["stages"].items()}
    assert got == {
        "client_to_fe": 2,
        "key": 1,
        "to_table": 2,
        "apply": 4,
        "notify": 4,  # adopted -> seat 3's update posted
        "queue": 4,
        "update": 2,
        "to_paint": 2,
        "paint": 1,
        "write_to_client": 1,
    }
    assert sum(j["stages"].values()) == pytest.approx(j["latency"], abs=1e-6)


def test_a_first_output_before_the_update_is_a_local_chain() -> None:
    """The presser's screen repainted by its own key, before the play's update:
    its chain is the key's bytes, then that frame."""
    recs, play = play_records(10.0, queue_d=1 * MS)
    early = {"p": "f1", "k": "out", "t": 10.0 + 2.5 * MS, "g": "tb/0", "n": 300}
    recs = sorted([*recs, early], key=lambda x: x["t"])
    only_a = Play("tba", play.t0, {"tba": 10.0 + 3.5 * MS})
    j = join_play(Index.of(recs), only_a)
    assert j is not None and j["local"]
    got = {k: round(v / MS, 6) for k, v in j["stages"].items()}
    assert got == {"client_to_fe": 2, "before_frame": 0.5, "write_to_client": 1}


def test_the_slowest_one_and_five_percent() -> None:
    """100 plays whose queue is 1..100 ms: the slowest 1 % is the last play, the
    slowest 5 % the last five (their medians); every play's stages but the
    queue are the same."""
    recs: list[dict[str, Any]] = []
    plays: list[Play] = []
    for i in range(100):
        r, p = play_records(1000.0 + i, queue_d=(i + 1) * MS, table=f"t{i % 7}", v=10 + i)
        recs.extend(r)
        plays.append(p)
    recs.sort(key=lambda x: x["t"])
    rep = report(recs, plays)
    assert rep["plays_given"] == 100 and rep["all"]["plays"] == 100
    assert rep["all"]["traced"] == 100
    fixed = 2 + 1 + 2 + 4 + 4 + 2 + 0.5 + 2 + 3 + 1  # every stage but the queue
    lat = sorted(fixed + q for q in range(1, 101))
    assert rep["all"]["latency_ms"] == pytest.approx(statistics.median(lat), abs=0.01)
    assert rep["all"]["stages_ms"]["queue"] == pytest.approx(50.5, abs=0.01)
    top5 = rep["slowest_5pct"]
    assert top5["plays"] == 5
    assert top5["stages_ms"]["queue"] == pytest.approx(98, abs=0.01)  # 96..100
    assert top5["stages_ms"]["update"] == pytest.approx(2, abs=0.01)
    assert top5["store_ms"] == pytest.approx(3, abs=0.01)
    assert top5["store_parts_ms"] == {"to_thread": 1.0, "write": 1.5, "back": 0.5}
    assert top5["key_parts_ms"] == {"held": 0.25, "app": 0.75}
    top1 = rep["slowest_1pct"]
    assert top1["plays"] == 1
    assert top1["latency_ms"] == pytest.approx(fixed + 100, abs=0.01)
    assert top1["meanwhile"]["other_tables_ms"] == pytest.approx(99.6, abs=0.01)


def test_what_a_play_costs_each_process() -> None:
    """Ten plays a second apart: the window leaves out the first and last
    second, and each process's records and traced time are per play."""
    recs: list[dict[str, Any]] = []
    plays: list[Play] = []
    for i in range(10):
        r, p = play_records(1000.0 + i, queue_d=10 * MS, table=f"t{i}", v=10 + i)
        recs.extend(r)
        plays.append(p)
    recs.sort(key=lambda x: x["t"])
    got = report(recs, plays)["per_play"]
    assert got["plays"] == 7  # 1001 to 1007: the window is [1001, 1008)
    # f1: seats 0 and 1; f2: seats 2 and 3, and another table's update in seat 3's way
    assert got["records"]["f1"]["upd"] == 2 and got["records"]["f2"]["upd"] == 3
    assert got["records"]["host"] == {
        "apply": 1, "hrecv": 1, "lock": 1, "push": 4, "stored": 1, "write": 1
    }  # fmt: skip
    assert got["ms"]["f1"] == {"paint": 2.4, "upd": 4.0}
    assert got["ms"]["f2"] == {"gc": 0.1, "paint": 2.4, "upd": 13.6}  # 2 + 2 + 9.6
    assert got["ms"]["host"] == {"write": 1.5}
    assert ssh_trace.per_play(recs, []) == {"plays": 0}


def test_records_are_read_from_every_process_file(tmp_path: Path) -> None:
    """Each process's file (named by the process), a cut last line skipped."""
    recs, play = play_records(5.0, queue_d=2 * MS)
    by_proc: dict[str, list[dict[str, Any]]] = {}
    for r in recs:
        by_proc.setdefault(r["p"], []).append({k: v for k, v in r.items() if k != "p"})
    for n, (proc, rs) in enumerate(by_proc.items()):
        lines = "".join(json.dumps(r) + "\n" for r in rs)
        (tmp_path / f"{proc}-{100 + n}.jsonl").write_text(lines + '{"k":"out","t":')
    back = load_records(tmp_path)
    assert len(back) == len(recs)
    assert {r["p"] for r in back} == {"f1", "f2", "host"}
    j = join_play(Index.of(back), play)
    assert j is not None and j["stages"]["queue"] == pytest.approx(2 * MS)


def test_a_runs_folder_is_reported_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The plays kept beside the trace: the same report from the folder."""
    recs, play = play_records(7.0, queue_d=3 * MS)
    lines = "".join(json.dumps({k: v for k, v in r.items() if k != "p"}) + "\n" for r in recs)
    (tmp_path / "serve-1.jsonl").write_text(lines)
    save_plays(tmp_path, [play])
    assert load_plays(tmp_path) == [play]
    assert main([str(tmp_path)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["all"]["plays"] == 1
    assert again["all"]["stages_ms"]["queue"] == pytest.approx(3, abs=0.01)


def test_a_key_behind_its_own_screens_updates() -> None:
    """A key read while its own screen had an update to show (a deal being
    dealt): the app shows it first; the key's wait is counted busy."""
    recs, play = play_records(20.0, queue_d=1 * MS)
    dealt = {
        "p": "f1",
        "k": "upd",
        "t": 20.0 + 2.2 * MS,
        "tb": "tb",
        "st": 0,
        "v": 6,
        "d": 0.5 * MS,
    }
    recs = sorted([*recs, dealt], key=lambda x: x["t"])
    j = join_play(Index.of(recs), play)
    assert j is not None
    assert j["key_behind_own"] == 1
    assert j["busy"]["key"] == pytest.approx(0.5 * MS)
    assert report(recs, [play])["all"]["key_behind_own"] == 1


def test_a_folder_without_a_runs_plays_is_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ssh_trace.main([str(tmp_path / "none")]) == 1
    (tmp_path / "plays.json").write_text("not json", encoding="utf-8")
    assert ssh_trace.main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "no run's plays to read" in err and "Traceback" not in err
