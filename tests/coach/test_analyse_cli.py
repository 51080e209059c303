"""`shengji analyse`: the JSON's shape on every preset, the text, the seat and
deal chosen, the refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_tui.cli import main as cli_main
from shengji_tui.engine import SUPPORTED

from .coach_helpers import final_state, one_deal, store_game

DECISION = {
    "kind": str,
    "played": str,
    "best": str,
    "cost_points": float,
    "cost_levels": float,
    "stderr_points": float,
    "class": str,
    "reason": str,
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("preset", SUPPORTED)
def test_the_json_has_its_shape_on_every_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    game = one_deal(preset, 2)
    store_game(tmp_path / "shengji.db", game)
    end = final_state(game)
    # the dealer's seat: a bury (and find friends' call, an auction's bid) among its decisions
    seat = (end.dealer or 0) + 1
    code, out, _ = _run(
        capsys,
        "analyse",
        game.table_id,
        "--seat",
        str(seat),
        "--budget-ms",
        "5",
        "--workers",
        "1",
        "--json",
        "--data-dir",
        str(tmp_path),
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"decisions", "summary"}
    assert data["deal"] == 1 and data["seat"] == seat and not data["cached"]
    assert data["decisions"]
    kinds = set()
    for d in data["decisions"]:
        for key, typ in DECISION.items():
            assert isinstance(d[key], typ), (key, d)
        assert d["class"] in ("fine", "inaccuracy", "mistake", "blunder")
        assert d["reason"] and not d["reason"].startswith("coach.")
        kinds.add(d["kind"])
    assert "play" in kinds
    if end.rules.kitty_size and end.kitty_holder == seat - 1:
        assert "bury" in kinds
    s = data["summary"]
    assert s["decisions"] == len(data["decisions"])
    assert set(s["counts"]) == {"fine", "inaccuracy", "mistake", "blunder"}
    assert sum(s["counts"].values()) == s["decisions"]
    assert isinstance(s["cost_points"], float) and isinstance(s["cost_levels"], float)
    assert len(s["worst"]) <= 3


def test_the_text_in_chinese_and_a_second_run_from_the_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = one_deal("classic", 7)
    store_game(tmp_path / "shengji.db", game)
    args = ["analyse", game.table_id[:8], "--seat", "Cy", "--budget-ms", "5", "--workers", "1"]
    args += ["--data-dir", str(tmp_path), "--lang", "zh"]
    code, out, _ = _run(capsys, *args)
    assert code == 0
    assert out.splitlines()[0] == "Cy，第 1 局：搜索为每个决定估价"
    assert "个决定：" in out
    code, again, _ = _run(capsys, *args)
    assert code == 0 and "取自先前的分析" in again


def test_refusals_say_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = one_deal("classic", 8)
    store_game(tmp_path / "shengji.db", game)
    base = ["analyse", game.table_id, "--data-dir", str(tmp_path), "--budget-ms", "5"]
    code, _, err = _run(capsys, *base, "--deal", "2")
    assert code == 2 and "deal 2" in err and "not over" in err
    code, _, err = _run(capsys, *base, "--deal", "0")
    assert code == 2 and "deal 0" in err and "does not exist (deals count from 1)" in err
    code, _, err = _run(capsys, *base, "--seat", "Zed")
    assert code == 2 and "no seat 'Zed'" in err
    code, _, err = _run(capsys, "analyse", "nosuch", "--data-dir", str(tmp_path))
    assert code == 1 and "no game 'nosuch'" in err
    for budget in ("nan", "inf", "0", "1e12"):  # (nan and inf stopped it with a traceback)
        with pytest.raises(SystemExit) as ended:
            _run(capsys, *base[:-1], budget)
        assert ended.value.code == 2
        assert "--budget-ms: expected milliseconds from 1 to 60000" in capsys.readouterr().err


def test_ctrl_c_stops_the_command_and_keeps_nothing(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) to `shengji analyse` while its pool searches: it says so,
    exits 130, keeps no analysis, and its worker processes end with it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from shengji_tui.store import Store

    game = one_deal("classic", 9)
    store_game(tmp_path / "shengji.db", game)
    cmd = [sys.executable, "-m", "shengji_tui.cli", "analyse", game.table_id]
    cmd += ["--budget-ms", "2000", "--workers", "2", "--data-dir", str(tmp_path)]
    err_file = tmp_path / "stderr.txt"
    with err_file.open("w") as err_out:
        # (Ctrl-C as a terminal gives it: SIGINT at its default, whatever this
        # process was started with)
        proc = subprocess.Popen(
            cmd,
            stdout=subprocess.DEVNULL,
            stderr=err_out,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    try:
        # wait until its pool's workers run, then Ctrl-C
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not _children(proc.pid):
            time.sleep(0.1)
        assert _children(proc.pid), "the analysis started no worker"
        workers = _children(proc.pid)
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = err_file.read_text()
    assert proc.returncode == 130, err
    assert "The analysis was stopped." in err
    with Store(tmp_path / "shengji.db") as store:
        assert store.analyses(game.table_id) == 0
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


def _children(pid: int) -> list[int]:
    """The pool's worker processes of `pid` (its children running
    multiprocessing's spawn_main; Linux /proc)."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
                line = (d / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in line:
                out.append(int(d.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
