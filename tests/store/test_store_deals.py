"""Per-deal summaries: stored with the move that scores a deal (the same
transaction), equal to what a replay finds; the saved-games list reads them
instead of the log."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from shengji_tui.saves import Saves
from shengji_tui.store import DealSummary, Store, StoreError, backfill_deals, replay
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.text import Catalogue
from shengji_tui.tui.contract import GameOptions


async def _play_deals(store: Store, deals: int, humans: bool = False) -> Table:
    """A one-deck table of random bots (seat 0 a stand-in for a human when
    `humans`), played until `deals` deals are scored."""
    names = ["Ana", "Bo", "Cy", "Di"]
    settings = TableSettings.build(
        "one-deck",
        8,
        names=names,
        bots=bot_specs(8, range(4), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, table_id="play-0123456789" if humans else None, store=store)
    if humans:
        t.set_human(0, "You")
        t.set_bot(0, bot_specs(8, [0])[0])  # a bot plays for "You": the table plays on
    await t.start()
    loop = asyncio.get_running_loop()
    end = loop.time() + 120
    while len(store.deals(t.table_id)) < deals:
        assert loop.time() < end, "the deals did not end"
        await asyncio.sleep(0.02)
    await t.close()
    return t


async def test_each_scored_deal_is_summarised_beside_the_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    t = await _play_deals(store, 3)
    stored = store.load(t.table_id)
    deals = store.deals(t.table_id)
    assert deals == replay(stored).deals  # the table's and the replay's agree
    assert [d.deal_no for d in deals] == list(range(len(deals)))
    for d in deals:  # stored with the move that scored it
        events = json.loads(stored.log[d.seq - 1].events_json)
        assert any(e["type"] == "deal_scored" for e in events)
        assert d.result.attackers_take_over == (d.next_dealer not in d.dealer_side)
    assert deals[-1].levels == replay(stored, upto=deals[-1].seq).state.levels
    [listed] = store.tables()
    assert listed.last_deal == deals[-1] and listed.deals_kept
    assert backfill_deals(store, t.table_id) == deals  # kept: nothing to fill in
    store.delete_table(t.table_id)
    assert store.deals(t.table_id) == []
    store.close()


async def test_the_saved_games_list_reads_the_summaries_not_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = Saves.open(tmp_path)
    t = await _play_deals(saves.store, 2, humans=True)
    last = saves.store.deals(t.table_id)[-1]

    def no_log(*args: object, **kw: object) -> None:
        raise AssertionError("the list read a whole log")

    monkeypatch.setattr(Store, "load", no_log)
    [game] = saves.games()
    assert (game.table_id, game.humans, game.bots) == (t.table_id, (0,), "random")
    assert game.deal == last.deal_no + 2 and game.levels == (last.levels[0], last.levels[1])
    assert game.moves == t.state.version
    monkeypatch.undo()
    # a resumed game is seated from its settings: the human back at seat 0
    table, humans, names = saves.restore(t.table_id, GameOptions(), Catalogue("en"))
    assert (humans, names, table.seats[0].kind) == ([0], ["You"], "human")
    saves.close()


def test_a_damaged_summary_is_a_sentence(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        store.create_table("t", TableSettings().rules, 1, ["a", "b", "c", "d"])
        store.append("t", 1, "{}", "[]")
        store._db.execute("INSERT INTO deals VALUES ('t', 0, 1, '{\"deal_no\": \"x\"}')")
        with pytest.raises(StoreError, match="table 't': a stored deal summary is damaged"):
            store.deals("t")
        [listed] = store.tables()  # the list of tables still reads (without it)
        assert listed.last_deal is None and listed.table_id == "t"
        assert DealSummary.model_fields.keys() >= {"deal_no", "levels", "result", "dealer"}
