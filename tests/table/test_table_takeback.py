"""Take-back at a table of one human against bots: back to before the human's
previous decision, the moves after it replayed away; the store records the
take-back (the moves taken back kept, the log consistent); a table restored
from the store after a take-back is in the same state, and plays on. Refused
at a table of two humans, before any decision, after the match."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import same_game, wait_until

from shengji_tui.bots import RandomBot
from shengji_tui.engine import PACING, NextDeal, parse_command
from shengji_tui.store import Store, replay
from shengji_tui.table import Pacing, Table, TableSettings, TakeBackRefused, bot_specs

NAMES = ["You", "Ana", "Mei", "Ken"]
FAST = Pacing(bot_delay=0, deal_delay=0, declare_window=0)


def solo(seed: int, store: Store | None = None) -> Table:
    settings = TableSettings.build(
        "classic", seed, names=NAMES, bots=bot_specs(seed, (1, 2, 3), "random", NAMES), pacing=FAST
    )
    return Table(settings, table_id=f"solo-{seed}", store=store)


async def play_moves(table: Table, seat: int, moves: int, me: RandomBot) -> list:
    """The human (a random bot deciding for it) makes `moves` decisions; the
    states right after each one."""
    after = []
    for _ in range(moves):
        await wait_until(lambda: table.state.awaiting() == seat, 30, "the human's turn")
        cmd = me.decide(table.view(seat))
        assert cmd is not None
        await table.submit(seat, cmd)
        after.append(table.state)
    return after


async def test_take_back_goes_back_to_before_the_last_decision(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    table = solo(4, store)
    me = RandomBot(seed=99, name="me")
    await table.start()
    try:
        after = await play_moves(table, 0, 6, me)
        await wait_until(lambda: table.state.version > after[-1].version, 30, "the bots' replies")
        await table.close()  # (no bot moves while the state is checked)
        before = table.state
        back_to = await table.take_back(0)
        state = table.state
        assert state.version == back_to < after[-1].version
        assert state.awaiting() == 0  # the human's decision again
        stored = store.load(table.table_id)
        assert len(stored.log) == back_to
        assert same_game(replay(stored).state, state)
        [record] = store.takebacks(table.table_id)
        assert (record.n, record.seat, record.back_to) == (1, 0, back_to)
        assert [m.seq for m in record.moves] == list(range(back_to + 1, before.version + 1))
        first = parse_command(record.moves[0].command_json)
        assert getattr(first, "seat", None) == 0 and first.type not in PACING  # the decision
        # again: back to the decision before that one
        back_again = await table.take_back(0)
        assert back_again < back_to and len(store.takebacks(table.table_id)) == 2
        # the same decision made again: the bots reply as they did (deterministic)
        cmd = parse_command(store.takebacks(table.table_id)[1].moves[0].command_json)
        await table.submit(0, cmd)
        assert table.state.version == back_again + 1
        assert same_game(table.state, after[-2])  # (as it was right after that decision)
    finally:
        await table.close()
        store.close()


async def test_a_game_resumed_after_a_take_back_is_the_same(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    table = solo(7, store)
    me = RandomBot(seed=5, name="me")
    await table.start()
    await play_moves(table, 0, 8, me)
    await table.close()
    await table.take_back(0)
    taken = table.state
    back = Table.restore(store, table.table_id)
    assert same_game(back.state, taken)
    assert back.view(0) == table.view(0)
    # it plays on from there, and takes back again from its own history
    await back.start()
    try:
        await play_moves(back, 0, 2, me)
        await back.close()
        k = await back.take_back(0)
        assert len(store.load(back.table_id).log) == k
        assert same_game(Table.restore(store, back.table_id).state, back.state)
    finally:
        await back.close()
        store.close()


async def test_take_back_is_refused_with_a_sentence() -> None:
    table = solo(3)
    with pytest.raises(TakeBackRefused) as e:
        await table.take_back(0)
    assert e.value.key == "nothing" and "no move" in str(e.value)
    with pytest.raises(TakeBackRefused) as e:
        await table.take_back(1)  # a bot's seat
    assert e.value.key == "hotseat"
    two = Table(
        TableSettings.build(
            "classic", 3, names=NAMES, bots=bot_specs(3, (1, 3), "random", NAMES), pacing=FAST
        )
    )
    await two.start()
    try:
        await wait_until(lambda: two.state.awaiting() in (0, 2), 30, "a human's turn")
        seat = two.state.awaiting()
        assert seat is not None
        cmd = RandomBot(seed=1, name="x").decide(two.view(seat))
        assert cmd is not None
        await two.submit(seat, cmd)
        await two.close()  # (no bot moves meanwhile)
        before = two.state
        with pytest.raises(TakeBackRefused) as e:
            await two.take_back(seat)
        assert e.value.key == "hotseat" and two.state is before
    finally:
        await two.close()


async def test_a_take_back_in_a_later_deal_keeps_the_earlier_deals_reviews() -> None:
    """The finished deals stay reviewable (`Table.reviews`) after a take-back
    rebuilds the state from the commands."""
    table = solo(5)
    me = RandomBot(seed=98, name="me")
    await table.start()
    try:
        while table.state.deal_no < 1:
            await wait_until(
                lambda: table.state.awaiting() == 0 or table.state.phase == "scoring",
                30,
                "the human's turn or the deal's end",
            )
            if table.state.phase == "scoring":
                await table.submit(0, NextDeal(seat=0))
            else:
                await play_moves(table, 0, 1, me)
        await play_moves(table, 0, 2, me)
        await table.close()
        kept = (await table.reviews(0))[:-1]
        assert len(kept) == table.state.deal_no >= 1
        await table.take_back(0)
        assert (await table.reviews(0))[:-1] == kept
    finally:
        await table.close()
