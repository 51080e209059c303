"""`shengji bench bots`: duplicate pairs, the JSON keys, the exit status."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shengji_tui.bench.bots_bench import (
    bootstrap_ci,
    make_bots,
    play_pair,
    run_bench,
    summarise_log,
)
from shengji_tui.cli import main
from shengji_tui.rules import RuleSet


def test_a_duplicate_pair_swaps_the_seats_on_the_same_cards() -> None:
    r1, r2 = play_pair("one-deck", 4, "normal", "easy", {})
    assert r1.a_seats == (0, 2) and r2.a_seats == (1, 3)
    assert r1.seed == r2.seed
    assert r1.illegal == r2.illegal == {"a": 0, "b": 0}


def test_run_bench_reports_every_figure() -> None:
    r = run_bench("normal", "easy", 2, ["one-deck", "two-color"], seed=3, progress=False)
    for key in (
        "level_diff_mean",
        "level_diff_ci",
        "point_margin_mean",
        "illegal_moves",
        "decision_ms_p50",
        "decision_ms_p99",
        "deal_win_rate_a",
        "kitty_captures",
        "failed_throws",
    ):
        assert key in r
    assert set(r["decision_ms_p99"]) == {"a", "b"}
    assert r["illegal_moves"] == 0
    assert r["pairs"] == 2 and r["deals_played"] == 4


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "bench",
            "bots",
            "--a",
            "normal",
            "--b",
            "random",
            "--deals",
            "1",
            "--preset",
            "one-deck",
            "--json",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    data = json.loads(out)
    assert code == 0
    assert data["a"] == "normal" and data["b"] == "random"


def test_bootstrap_interval_brackets_the_mean() -> None:
    lo, hi = bootstrap_ci([0.0, 1.0, 2.0, 3.0, 4.0])
    assert lo <= 2.0 <= hi


def test_whole_matches_are_played_to_their_end() -> None:
    from shengji_tui.bench.bots_bench import play_set

    runs = play_set("one-deck", 2, "normal", "random", {}, match=60)
    assert len(runs) == 2
    for r in runs:
        assert 1 < r.deals < 60  # from level 2 to a winner, several deals
        assert any(r.seat_won) and not all(r.seat_won)
        # the team that won climbed more levels than the other
        win_seat = r.seat_won.index(True)
        assert r.seat_levels[win_seat] > 0
    # duplicate: the same cards, the teams swapped
    assert runs[0].a_seats == (0, 2) and runs[1].a_seats == (1, 3)


def test_match_figures_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "bots", "--a", "normal", "--b", "random", "--deals", "1"]
    args += ["--preset", "one-deck", "--match", "--match-deals", "3", "--json", "--no-progress"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["match"] is True and data["match_deal_cap"] == 3
    assert data["deals_per_match"] <= 3 and data["deals_played"] == 2


def test_a_logged_run_gives_the_same_figures_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "sets.jsonl"
    r = run_bench("normal", "easy", 3, ["one-deck"], seed=5, progress=False, log=log)
    assert len(log.read_text(encoding="utf-8").splitlines()) == 3
    back = summarise_log([log], "normal", "easy")
    for key in ("level_diff_mean", "level_diff_ci", "point_margin_mean", "per_bot", "pairs"):
        assert back[key] == r[key]
    code = main(["bench", "bots", "--a", "normal", "--b", "easy", "--from-log", str(log), "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["level_diff_mean"] == r["level_diff_mean"]
    # a log kept compressed reads back the same
    packed = tmp_path / "sets.jsonl.gz"
    packed.write_bytes(gzip.compress(log.read_bytes()))
    assert summarise_log([packed], "normal", "easy")["level_diff_mean"] == r["level_diff_mean"]
    # a run logging straight into a compressed log (one gzip member a set: a
    # run stopped mid-way leaves whole members), extended by a second run
    straight = tmp_path / "straight.jsonl.gz"
    run_bench("normal", "easy", 2, ["one-deck"], seed=5, progress=False, log=straight)
    run_bench("normal", "easy", 1, ["one-deck"], seed=7, progress=False, log=straight)
    assert len(gzip.decompress(straight.read_bytes()).decode("utf-8").splitlines()) == 3
    assert summarise_log([straight], "normal", "easy")["level_diff_mean"] == r["level_diff_mean"]


def _option_reaches_hard(
    capsys: pytest.CaptureFixture[str], flag: list[str], name: str, value: object
) -> list[Any]:
    """`shengji bench bots --a hard ... FLAG`: the JSON reports `name` as
    `value`, and the hard bots made with that option (seats 0 and 2) hold it;
    returns the four bots."""
    args = ["bench", "bots", "--a", "hard", "--b", "normal", "--deals", "1", *flag]
    args += ["--preset", "one-deck", "--budget-ms", "5", "--workers", "1", "--no-guard"]
    code = main([*args, "--json", "--no-progress"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data[name] == value
    bots = make_bots("hard", "normal", 1, (0, 2), 4, {name: value, "workers": 1})
    assert [getattr(bots[s], name, None) for s in range(4)] == [value, None, value, None]
    return [bots[s] for s in range(4)]


def test_no_guard_reaches_the_hard_bot(capsys: pytest.CaptureFixture[str]) -> None:
    _option_reaches_hard(capsys, [], "guard", False)


def test_the_horizon_reaches_the_hard_bot(capsys: pytest.CaptureFixture[str]) -> None:
    bots = _option_reaches_hard(capsys, ["--horizon", "0"], "horizon", 0)
    rs = RuleSet.preset("three-deck")
    assert [bots[s].cut_off(rs) for s in (0, 2)] == [0, 0]
    with pytest.raises(SystemExit):
        main(["bench", "bots", "--horizon", "-1"])
    assert "0 or more" in capsys.readouterr().err


def test_the_plays_searched_reach_the_hard_bot(capsys: pytest.CaptureFixture[str]) -> None:
    _option_reaches_hard(capsys, ["--play-k", "12"], "play_k", 12)
    with pytest.raises(SystemExit):
        main(["bench", "bots", "--play-k", "0"])
    assert "1 or more" in capsys.readouterr().err


def test_a_reader_that_leaves_the_pipe_gets_no_traceback() -> None:
    results = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
    log = results / "hard_normal_300_three_deck_k16_b.jsonl.gz"
    cmd = [sys.executable, "-m", "shengji_tui.cli", "bench", "bots", "--from-log", str(log)]
    cmd += ["--a", "hard", "--b", "normal"]
    whole = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert whole.returncode == 0 and "levels gained per deal" in whole.stdout  # (read: fine)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # (the reader is gone before a line is written: `| head -0`)
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert proc.returncode == 1
