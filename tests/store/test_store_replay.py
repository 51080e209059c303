"""Rebuilding tables from the log, replay checks, and `shengji replay`."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shengji_tui.cli import main as cli_main
from shengji_tui.engine import DealStarted, TrickWon
from shengji_tui.rules import RuleSet
from shengji_tui.store import ReplayMismatch, Store, replay
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs, random_bots, run_headless
from shengji_tui.table.autoplay import bot_names

if TYPE_CHECKING:
    from conftest import BotsOnly


async def _play_until(t: Table, cond: str) -> None:
    """Run the driver until `cond` holds ('mid_trick' of the second deal)."""
    reached = asyncio.Event()

    def watch(view: object, events: object, status: object) -> None:
        st = t.state
        if st.deal_no >= 1 and st.phase == "playing" and len(st.trick) == 2:
            reached.set()

    t.subscribe(None, watch)
    await t.start()
    await asyncio.wait_for(reached.wait(), 30)
    await t.close()


SOLO_3 = RuleSet.model_validate(
    {
        **RuleSet.preset("classic").model_dump(),
        "name": "solo-3",
        "players": 3,
        "kitty_size": 9,
        "partnership": "solo",
        "score_step": 70,
    }
)


def short_match(rules: RuleSet) -> RuleSet:
    """The match of its last two levels (a few deals, not a whole match of
    random bots from 2: the suite's time)."""
    levels = rules.levels[-2:]
    must = [lv for lv in rules.must_play if lv in levels]
    return rules.model_copy(update={"levels": levels, "must_play": must})


@pytest.mark.parametrize(
    "rules",
    ["classic", "six-player", SOLO_3, "find-friends", "find-friends-5"],
    ids=["classic", "six-player", "solo-3", "find-friends", "find-friends-5"],
)
async def test_restore_mid_deal_gives_an_identical_state_and_plays_on(
    tmp_path: Path, rules: str | RuleSet
) -> None:
    # (five players' random bots hold A long under seed 17: 20 deals, each one
    # stored and synced move by move; seed 7 takes 3)
    seed = 7 if rules == "find-friends-5" else 17
    store = Store(tmp_path / "s.db")
    rules = short_match(RuleSet.preset(rules) if isinstance(rules, str) else rules)
    n = rules.players
    names = bot_names(n)
    settings = TableSettings.build(
        rules,
        seed,
        names=names,
        bots=bot_specs(seed, range(n), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, table_id="mid", store=store)
    await _play_until(t, "mid_trick")
    assert t.state.phase == "playing"
    assert store.unfinished() == ["mid"]

    back = Table.restore(store, "mid")
    assert back.state == t.state
    # find friends: the same call, the same hidden friend, the same revealed side
    assert (back.state.friend_calls, back.state.friend) == (t.state.friend_calls, t.state.friend)
    assert back.state.model_dump_json() == t.state.model_dump_json()
    assert [(s.kind, s.name) for s in back.seats] == [(s.kind, s.name) for s in t.seats]
    assert len(back.seats) == n
    assert back.table_id == "mid" and back.seed == seed
    await back.start()
    await back.wait_finished()
    await back.close()
    assert back.state == run_headless(rules, seed, random_bots(seed, n, names)).state
    assert store.unfinished() == []
    [done] = store.finished()
    assert done.result is not None
    assert done.result["winners"] == list(back.state.winners)
    assert done.result["levels"] == list(back.state.levels)
    store.close()


@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
async def test_restore_in_the_middle_of_an_auction(tmp_path: Path, preset: str) -> None:
    seed = 23
    store = Store(tmp_path / "s.db")
    n = RuleSet.preset(preset).players
    names = bot_names(n)
    settings = TableSettings.build(
        preset,
        seed,
        names=names,
        bots=bot_specs(seed, range(n), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, table_id="bids", store=store)
    reached = asyncio.Event()

    def watch(view: object, events: object, status: object) -> None:
        st = t.state
        if st.deal_no >= 1 and st.phase == "bidding" and st.auction and st.auction.calls:
            reached.set()

    t.subscribe(None, watch)
    await t.start()
    await asyncio.wait_for(reached.wait(), 60)
    await t.close()
    assert t.state.phase == "bidding" and t.state.auction is not None

    back = Table.restore(store, "bids")
    assert back.state == t.state
    # a spectator sees the bids (and three players' shown kitty), never a hand
    view = back.view(None)
    assert view.hand == () and view.kitty is None and view.bids == t.state.auction.calls
    assert view.shown_kitty == t.state.shown_kitty
    await back.start()
    await back.wait_finished()
    await back.close()
    assert back.state == run_headless(preset, seed, random_bots(seed, n, names)).state
    [done] = store.finished()
    assert done.result is not None and done.result["winners"] == list(back.state.winners)
    store.close()


async def _finished_game(tmp_path: Path, bots_only: BotsOnly, seed: int = 4) -> tuple[Store, str]:
    store = Store(tmp_path / "shengji.db")
    settings = bots_only(seed, ["Ana", "Bo", "Cy", "Di"])
    t = Table(settings, table_id=f"game-{seed}", store=store)
    await t.start()
    await t.wait_finished()
    await t.close()
    return store, t.table_id


async def test_replay_checks_the_stored_events(tmp_path: Path, bots_only: BotsOnly) -> None:
    store, tid = await _finished_game(tmp_path, bots_only)
    stored = store.load(tid)
    rebuilt = replay(stored)
    assert rebuilt.state.phase == "finished"
    store.close()
    db = sqlite3.connect(tmp_path / "shengji.db")
    db.execute(
        "UPDATE log SET events_json = replace(events_json, '\"points\":10', '\"points\":0')"
        " WHERE table_id = ? AND seq = (SELECT min(seq) FROM log WHERE table_id = ?"
        " AND events_json LIKE '%\"points\":10%')",
        (tid, tid),
    )
    db.commit()
    db.close()
    with Store(tmp_path / "shengji.db") as store:
        with pytest.raises(ReplayMismatch, match=r"move \d+ .* different events"):
            replay(store.load(tid))
        with pytest.raises(ReplayMismatch):
            Table.restore(store, tid)


async def test_a_refused_stored_command_is_a_clear_error(
    tmp_path: Path, bots_only: BotsOnly
) -> None:
    store, tid = await _finished_game(tmp_path, bots_only)
    store.close()
    db = sqlite3.connect(tmp_path / "shengji.db")
    db.execute(
        'UPDATE log SET command_json = \'{"type":"next_deal"}\' WHERE table_id = ? AND seq = 3',
        (tid,),
    )
    db.commit()
    db.close()
    with (
        Store(tmp_path / "shengji.db") as store,
        pytest.raises(ReplayMismatch, match=r"move 3 .* refused when replayed"),
    ):
        replay(store.load(tid))


async def test_replay_text_tells_every_trick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots_only: BotsOnly
) -> None:
    """`shengji replay` tells the game with the TUI log's narrator (the catalogue's
    sentences): every trick won, one header per deal, the hands dealt, the end."""
    store, tid = await _finished_game(tmp_path, bots_only, seed=6)
    rebuilt = replay(store.load(tid))
    store.close()
    events = [e for evs in rebuilt.events for e in evs]
    deals = 1 + sum(isinstance(e, DealStarted) for e in events)  # (the first: the game's)
    tricks = [e for e in events if isinstance(e, TrickWon)]

    assert cli_main(["replay", "--list", "--data-dir", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert tid in listing and "one-deck" in listing and "1 finished game" in listing

    assert cli_main(["replay", tid, "--data-dir", str(tmp_path), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].startswith(f"Game {tid}: one-deck rules, seed 6,") and "finished" in lines[0]
    assert lines[1] == "Players: Ana (seat 1), Bo (seat 2), Cy (seat 3), Di (seat 4)."
    won = re.compile(r"^  \w+ wins trick \d+( with \d+ points)?\.$")
    trick_lines = [ln for ln in lines if won.match(ln)]
    assert len(trick_lines) == len(tricks)
    headers = [ln for ln in lines if re.match(r"^Deal \d+", ln)]
    assert len(headers) == deals
    dealt = [ln for ln in lines if re.match(r"^  \w+ was dealt ", ln)]
    assert len(dealt) == 4 * deals  # (a redeal tells the hands of the deal played)
    assert "win the match" in lines[-1]
    # ASCII card notation only, every line a sentence of the catalogue (no placeholder left)
    assert not re.search("[♠♥♦♣{}]", text)

    assert cli_main(["replay", tid, "--data-dir", str(tmp_path), "--lang", "zh"]) == 0
    zh = capsys.readouterr().out.splitlines()
    assert zh[0].startswith(f"牌局 {tid}") and "赢得比赛" in zh[-1]
    assert len(zh) == len(lines)

    assert cli_main(["replay", "no-such-game", "--data-dir", str(tmp_path)]) == 1
    assert "no game 'no-such-game'" in capsys.readouterr().err


def test_replay_with_no_store_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["replay", "--list", "--data-dir", str(tmp_path / "none")]) == 0
    assert "no games are stored" in capsys.readouterr().out
    assert not (tmp_path / "none").exists()
