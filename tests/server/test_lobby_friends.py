"""Find friends in the lobby, in-process: a four-seat find-friends table made
from the new-table dialog by keys, and what a watcher of a find-friends table
reads (the call, the sides only as far as they are public) before and after
the reveal, in both languages."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.engine import (
    SUPPORTED,
    Bury,
    CallFriend,
    DealAll,
    DealNext,
    Declare,
    GameState,
    apply,
    new_game,
)
from shengji_tui.rules import Rank
from shengji_tui.server.lobby import LobbyApp, RoomScreen, watch_side
from shengji_tui.server.registry import Registry
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings
from shengji_tui.table.plan import plan, random_bots
from shengji_tui.table.views import spectator_view
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui import friends

NAMES5 = ["Bo", "Ana", "Mei", "Ken", "Raj"]


def called_state() -> GameState:
    """Five seats: seat 0 declared, buried and called a card it has no copy of."""
    for seed in range(1, 300):
        s = new_game("find-friends-5", seed)
        s, _ = apply(s, DealAll())
        opts = rules.valid_declarations(s.rules, s.level, list(s.hands[0]), None, False)
        if not opts or s.declarations:
            continue
        s, _ = apply(s, Declare(seat=0, cards=tuple(opts[-1])))
        s, _ = apply(s, DealNext())
        if s.phase != "burying" or s.kitty_holder != 0:
            continue
        s, _ = apply(s, Bury(seat=0, cards=tuple(s.hands[0][: s.rules.kitty_size])))
        mine = set(s.hands[0]) | set(s.kitty)
        card = next(c for c in rules.ALL_CARDS if c.rank is Rank.ACE and c not in mine)
        s, _ = apply(s, CallFriend(seat=0, card=str(card)))
        if s.friend is not None:
            return s
    raise AssertionError("no seed found")


FAST = TableSettings(pacing=Pacing(bot_delay=0.05, deal_delay=0.0, grace=60.0))


@pytest.mark.parametrize(("preset", "seats"), [("find-friends", 4), ("find-friends-5", 5)])
async def test_a_find_friends_table_from_the_new_table_dialog(preset: str, seats: int) -> None:
    registry = Registry(None, None, default_options=FAST)
    app = LobbyApp(registry, identity_for_tests("kim"), lang="en")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            # from Create back over the counter, stand-in and grace: the preset list
            await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab", "enter")
            await pilot.pause()
            await pilot.press(*["down"] * SUPPORTED.index(preset), "enter")
            await pilot.pause()
            await pilot.press("tab", "tab", "tab", "tab", "enter")  # Create
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            [room] = registry.listing()
            assert room.preset == preset and room.players == seats == len(room.slots)
    finally:
        await registry.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_watcher_reads_the_call_and_only_the_public_sides(lang: str) -> None:
    cat = Catalogue(lang)
    ct = CardText(cat)
    names = NAMES5
    state = called_state()
    card = state.friend_calls[0].card
    friend = state.friend
    assert friend is not None
    before = spectator_view(state)
    said = friends.spectator_sentence(cat, ct, before, names.__getitem__)
    assert said == friends.call_words(cat, ct, before, names.__getitem__)
    assert names[friend] not in said and ct.card(card) in said
    assert {s: friends.side_of(before, s) for s in range(5)} == {
        0: "dealer",
        **{s: "unknown" for s in range(1, 5)},
    }
    sides = [watch_side(cat.t, before, s) for s in range(5)]
    assert sides == [cat.t("lobby.watch.dealer"), "?", "?", "?", "?"]
    bots = random_bots(3, 5)
    while not state.friend_calls[0].revealed:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    after = spectator_view(state)
    said = friends.spectator_sentence(cat, ct, after, names.__getitem__)
    assert said == cat.t(
        "friend.watch_friend", dealer=names[0], card=ct.card(card), name=names[friend]
    )
    assert friends.side_of(after, friend) == "friend"
    assert all(friends.side_of(after, s) == "attacker" for s in range(1, 5) if s != friend)
    sides = [watch_side(cat.t, after, s) for s in range(5)]
    assert sides[friend] == cat.t("lobby.watch.friend")
    assert all(sides[s] == cat.t("lobby.watch.attacker") for s in range(1, 5) if s != friend)
