"""`shengji play`'s player: a finished solo game against the bots moves the
local player's rating (the bots' anchors never), once; a hotseat game is
recorded without a rating; `shengji stats` without a name is the local player."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from shengji_tui.bots import BotSpec
from shengji_tui.cli import main
from shengji_tui.players.ratings import anchor
from shengji_tui.players.results import ratings_of, recorded
from shengji_tui.rules import RuleSet
from shengji_tui.saves import Saves
from shengji_tui.text import Catalogue
from shengji_tui.tui.contract import GameOptions


def short(preset: str) -> RuleSet:
    rules = RuleSet.preset(preset)
    levels = rules.levels[-2:]
    return rules.model_copy(
        update={"levels": levels, "must_play": [lv for lv in rules.must_play if lv in levels]}
    )


async def play_out(saves: Saves, humans: int) -> str:
    """A stored game of `humans` at one keyboard against random bots, played to
    its end by stand-in bots at the humans' seats."""
    options = GameOptions(
        rules=short("one-deck"), seed=17, humans=humans, bots="random", bot_delay=0, deal_delay=0
    )
    table, seats = saves.new_table(options, Catalogue("en"))
    for s in seats:
        table.set_bot(s, BotSpec(level="random", seed=100 + s, name="stand-in"))
    await table.start()
    await table.wait_finished()
    await table.close()
    return table.table_id


@pytest.mark.parametrize("humans", [1, 2])
async def test_a_finished_game_moves_the_local_players_rating(tmp_path: Path, humans: int) -> None:
    saves = Saves.open(tmp_path)
    try:
        tid = await play_out(saves, humans)
        rec = saves.record_finished(tid)
        assert rec is not None and saves.record_finished(tid) is None  # once
        ids = [s.identity for s in rec.seats]
        assert ids.count(saves.identity) == humans
        assert set(ids) - {saves.identity} == {"bot:random"}
        assert rec.rated == (humans == 1)
        mine = ratings_of(saves.store, saves.identity)
        if humans == 1:
            assert mine["partners"].matches == 1
            fixed = anchor("bot:random", "partners")
            assert fixed is None or ratings_of(saves.store, "bot:random")["partners"] == fixed
        else:
            assert mine == {}
    finally:
        saves.close()
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert tid in out.getvalue()


async def test_games_that_ended_unrecorded_are_recorded_when_the_store_opens(
    tmp_path: Path,
) -> None:
    saves = Saves.open(tmp_path)
    tid = await play_out(saves, 1)
    assert not recorded(saves.store, tid)
    saves.close()
    again = Saves.open(tmp_path)
    try:
        assert again.record_older() == 1 and recorded(again.store, tid)
        assert again.record_older() == 0
    finally:
        again.close()
