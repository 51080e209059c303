"""`shengji replay ID --json`: a stored game as one `GameRecord` (every deal:
every hand as dealt, the kitty, each trick's plays and winner, the result),
checked against the log replayed; `--review` refuses a game without deals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shengji_tui.cli import main as cli_main
from shengji_tui.engine import DealScored, TrickWon
from shengji_tui.store import GameRecord, Store, game_record, replay
from shengji_tui.table import Table, TableSettings

NAMES = ["Ana", "Bo", "Cy", "Di"]

if TYPE_CHECKING:
    from conftest import BotsOnly


async def finished_game(tmp_path: Path, bots_only: BotsOnly, seed: int = 6) -> str:
    store = Store(tmp_path / "shengji.db")
    settings = bots_only(seed, NAMES)
    t = Table(settings, table_id=f"game-{seed}", store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    store.close()
    return t.table_id


@pytest.mark.slow(10)
async def test_the_json_record_holds_every_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots_only: BotsOnly
) -> None:
    tid = await finished_game(tmp_path, bots_only)
    assert cli_main(["replay", tid, "--data-dir", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr().out
    record = GameRecord.model_validate_json(out)
    data = json.loads(out)
    assert data["deals"][0]["hands"][0][0][0] in "SHDCBL"  # cards in notation ("S10")
    with Store(tmp_path / "shengji.db") as store:
        stored = store.load(tid)
        assert record == game_record(stored)
        events = [e for evs in replay(stored).events for e in evs]
    assert record.table_id == tid and record.names == tuple(NAMES) and record.finished
    assert record.moves == len(stored.log)
    scored = [e for e in events if isinstance(e, DealScored)]
    assert [d.scored for d in record.deals] == scored
    won = [e.seat for e in events if isinstance(e, TrickWon)]
    assert [t.winner for d in record.deals for t in d.tricks] == won
    for d in record.deals:
        assert d.over and all(h is not None and len(h) == 12 for h in d.hands)
        assert d.kitty is not None and len(d.kitty) == 6


async def test_json_and_review_of_an_unknown_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots_only: BotsOnly
) -> None:
    await finished_game(tmp_path, bots_only)
    assert cli_main(["replay", "nope", "--data-dir", str(tmp_path), "--json"]) == 1
    assert "there is no game 'nope'" in capsys.readouterr().err
    assert cli_main(["replay", "nope", "--data-dir", str(tmp_path), "--review"]) == 1


async def test_review_of_a_game_without_a_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = Store(tmp_path / "shengji.db")
    settings = TableSettings.build("classic", 3, names=NAMES)
    Table(settings, table_id="empty-1", store=store)
    store.close()
    # (a game just made is dealing its first deal: one deal to review, nothing played)
    assert cli_main(["replay", "empty-1", "--data-dir", str(tmp_path), "--json"]) == 0
    record = GameRecord.model_validate_json(capsys.readouterr().out)
    assert len(record.deals) == 1 and not record.deals[0].over
    assert record.deals[0].tricks == ()
