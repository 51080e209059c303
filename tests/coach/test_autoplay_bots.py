"""`shengji autoplay --bots LEVEL[,LEVEL...]`: bot-only games of chosen levels,
one per seat, for the coach to analyse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_tui.cli import main as cli_main
from shengji_tui.store import Store
from shengji_tui.table.autoplay import seat_levels


def test_the_levels_go_round_the_table() -> None:
    assert seat_levels("hard,normal", 4) == ["hard", "normal", "hard", "normal"]
    assert seat_levels("easy", 3) == ["easy", "easy", "easy"]
    assert seat_levels(" random , easy ,normal,hard", 4) == ["random", "easy", "normal", "hard"]
    with pytest.raises(ValueError, match="no bot level 'zzz'"):
        seat_levels("hard,zzz", 4)
    with pytest.raises(ValueError, match="5 levels for 4 seats"):
        seat_levels("easy,easy,easy,easy,easy", 4)


def test_autoplay_seats_the_levels_asked_and_its_game_is_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path)
    assert (
        cli_main(
            [
                "autoplay",
                "--data-dir",
                data,
                "--preset",
                "one-deck",
                "--seed",
                "4",
                "--bots",
                "easy,random",
            ]
        )
        == 0
    )
    with Store(tmp_path / "shengji.db") as store:
        (summary,) = store.finished()
        tid = summary.table_id
        seats = summary.settings["seats"]
    assert [s["bot"]["level"] for s in seats] == ["easy", "random", "easy", "random"]
    capsys.readouterr()
    args = ["analyse", tid, "--deal", "1", "--seat", "2", "--budget-ms", "5", "--workers", "1"]
    assert cli_main([*args, "--json", "--data-dir", data]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 2 and out["decisions"]
    assert cli_main(["autoplay", "--data-dir", data, "--bots", "hard,zzz"]) == 2
    assert "no bot level 'zzz'" in capsys.readouterr().err
