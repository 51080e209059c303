"""A spectator's seat at a table, in-process (`server/watching.py`): what it
hands out without a hand, kibitzing only by the seat's player's leave (bots'
seats only at a table of bots), the leave taken back at once, nothing sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shengji_tui.engine import Play, SeatView
from shengji_tui.server.registry import META_KEY, Registry, Room, RoomRecord
from shengji_tui.server.server import identity_for_tests
from shengji_tui.server.watching import WatchedTable, WatchRefused
from shengji_tui.table import ChatNote, Pacing, TableSettings, TakeBackRefused
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.messages import ReviewRequested
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.seating import Spectator
from shengji_tui.tui.setup import AppSetup
from tests.tui.helpers import toasts

from .game_helpers import until

# (a slow dealer: the tests look at the table while it deals)
SLOW = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.05, grace=60.0))


async def playing_room(registry: Registry, ann_shows: bool = False) -> Room:
    """ann at seat 1, three bots; ann lets watchers see her hand if `ann_shows`."""
    ann = identity_for_tests("ann")
    room = registry.create(SLOW, ann.id, ann.name)
    registry.set_show_hand(room, ann.id, ann_shows)
    registry.add_bots(room, "random")
    registry.set_ready(room, ann.id, True)
    await until(lambda: room.status == "playing", 10, "the table to start")
    assert room.table is not None
    return room


async def pilot_until(pilot: Any, cond: Callable[[], bool], what: str = "") -> None:
    for _ in range(400):
        if cond():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def watched(registry: Registry, room: Room) -> tuple[WatchedTable, list[SeatView]]:
    seat = WatchedTable(room, registry, "eve", "user:eve")
    shown: list[SeatView] = []
    seat.subscribe(0, lambda view, events, status: shown.append(view))
    return seat, shown


async def test_a_spectator_gets_no_hand_unless_its_player_lets_it() -> None:
    registry = Registry(None, None, default_options=SLOW)
    try:
        room = await playing_room(registry)
        table = room.table
        assert table is not None
        ann = room.seat_of("user:ann")
        assert ann == 0
        seat, shown = watched(registry, room)
        await until(lambda: len(shown) > 3, 10, "the deal to go on")
        assert seat.view(0).hand == () and seat.view(None).hand == ()
        assert all(v.seat == -1 and v.hand == () and v.kitty is None for v in shown)
        # ann has not let watchers see her hand; a bot's seat at a table with a human: no
        assert not registry.shows_hand(room, ann)
        assert not any(registry.shows_hand(room, s) for s in range(4))
        assert seat.follow(ann) == "watch.not_allowed"
        assert seat.follow(2) == "watch.not_allowed"
        assert seat.following is None and seat.view(0).hand == ()
        # she lets them: the spectator follows her own view (her hand, as dealt so far)
        registry.set_show_hand(room, "user:ann", True)
        assert table.meta[META_KEY]["slots"][ann]["show_hand"] is True  # (a restart keeps it)
        assert seat.follow(ann) is None
        assert shown[-1].seat == ann and shown[-1].hand == table.view(ann).hand
        n = len(shown)
        await until(lambda: len(shown) > n + 2, 10, "more cards")
        assert all(v.seat == ann for v in shown[n:])
        assert seat.review(0).hands[ann] is not None  # her own review
        # she takes it back: in the same call, the public view is shown again
        n = len(shown)
        registry.set_show_hand(room, "user:ann", False)
        assert len(shown) == n + 1 and shown[-1].seat == -1 and shown[-1].hand == ()
        assert seat.following is None
        assert table.meta[META_KEY]["slots"][ann]["show_hand"] is False
        n = len(shown)
        await until(lambda: len(shown) > n + 2, 10, "more cards")
        assert all(v.seat == -1 and v.hand == () for v in shown[n:])
        review = seat.review(0)
        assert table.state.result is None and all(not h for h in review.hands)
        assert review.kitty is None
        assert await seat.reviews(0) == [review]  # (the first deal: no finished one before it)
        seat.release()
    finally:
        await registry.close()


async def test_a_spectator_sends_nothing_and_speaks_as_a_watcher() -> None:
    registry = Registry(None, None, default_options=SLOW)
    try:
        room = await playing_room(registry)
        table = room.table
        assert table is not None
        seat, _ = watched(registry, room)
        v0 = table.state.version
        with pytest.raises(WatchRefused):
            await seat.submit(0, Play(seat=0, cards=()))
        with pytest.raises(TakeBackRefused):
            await seat.take_back(0)
        await seat.hold_deal(0, True)
        assert not table.deal_held
        assert not await seat.reclaim(0)
        note = await seat.say(0, "ann", "go ann")  # (whatever it is asked: eve, watching)
        assert isinstance(note, ChatNote) and note.seat is None and note.name == "eve"
        assert table.state.version >= v0  # (the table plays on by itself)
        # leaving: nothing of the spectator stays subscribed
        subs = len(table._subs)
        seat.release()
        assert len(table._subs) == subs - 1
        await seat.close()
    finally:
        await registry.close()


async def test_stand_ins_keep_their_players_choice_and_bots_alone_may_be_followed() -> None:
    registry = Registry(None, None, default_options=SLOW)
    try:
        room = await playing_room(registry, ann_shows=True)
        table = room.table
        assert table is not None
        seat, shown = watched(registry, room)
        assert seat.follow(0) is None
        # ann drops: a stand-in plays her seat, her choice stays (the slot is hers)
        registry._stand_in(room, 0)
        await until(lambda: table.bot_at(0) is not None, 5, "the stand-in")
        assert registry.shows_hand(room, 0) and seat.following == 0
        assert not registry.shows_hand(room, 1)  # (a bot's seat while she holds hers)
        # she gives the seat up for good: four bots; every seat may be followed, hers
        # now as a bot's (the spectator keeps following)
        registry.leave("user:ann")
        assert all(registry.shows_hand(room, s) for s in range(4))
        assert seat.following == 0
        await until(lambda: len(table.view(2).hand) > 0, 10, "a card dealt to seat 3")
        assert seat.follow(2) is None and shown[-1].seat == 2 and shown[-1].hand
        seat.release()
    finally:
        await registry.close()


def test_the_choice_is_read_back_from_a_record_and_off_in_an_old_one() -> None:
    record = {
        "table_id": "t1-00000000",
        "seed": 1,
        "players": 4,
        "slots": [
            {"kind": "human", "name": "ann", "identity": "user:ann", "show_hand": True},
            {"kind": "human", "name": "bob", "identity": "user:bob"},  # (before the option)
            {"kind": "bot", "name": "Bo", "level": "normal"},
            {"kind": "bot", "name": "Cy", "level": "normal"},
        ],
    }
    room = RoomRecord.model_validate(record).room(TableSettings().rules)
    assert [s.show_hand for s in room.slots] == [True, False, False, False]


async def test_the_table_app_watching_closes_what_the_seat_followed_showed() -> None:
    """The table app given a spectator's seat: following ann (she lets watchers
    see her hand) shows her hand and lets the spectator review her deal; when
    she takes the leave back, the hand and the review go at once."""
    registry = Registry(None, None, default_options=SLOW)
    try:
        room = await playing_room(registry, ann_shows=True)
        table = room.table
        assert table is not None
        await until(lambda: len(table.view(0).hand) > 3, 10, "cards for ann")
        seat = WatchedTable(room, registry, "eve", "user:eve")
        app = ShengjiApp(seat, Spectator(seat), AppSetup(theme="shengji"))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            m = app.model
            assert m is not None and m.facts.spectating and m.facts.hand == []
            await pilot.press("1")
            await pilot_until(pilot, lambda: bool(m.facts.hand), what="ann's hand")
            assert m.facts.view is not None and m.facts.view.seat == 0
            app.post_message(ReviewRequested())
            await pilot_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
            shown = app.screen
            assert isinstance(shown, ReviewScreen)
            registry.set_show_hand(room, "user:ann", False)
            await pilot_until(
                pilot,
                lambda: not m.facts.hand and not isinstance(app.screen, ReviewScreen),
                what="the hand and the review gone",
            )
            assert m.facts.view is not None and m.facts.view.seat == -1
            await pilot.press("1")  # refused now: the public table stays
            await pilot.pause(0.2)
            assert m.facts.view.seat == -1 and not m.facts.hand
            # a take-back is not offered; pressed anyway, the spectator is told why
            told = toasts(app)
            await pilot.press("u")
            await pilot_until(pilot, lambda: bool(told), what="why not")
            assert told == [app.cat.t("takeback.watching")]
        seat.release()
    finally:
        await registry.close()
