"""Find friends in the lobby, in-process: a four-seat find-friends table made
from the new-table dialog by keys, and what a watcher of a find-friends table
reads at the table app (the call, the sides only as far as they are public)
before and after the reveal, in both languages."""

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
from shengji_tui.server.lobby import LobbyApp, RoomScreen
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import Registry
from shengji_tui.server.server import identity_for_tests
from shengji_tui.table import Pacing, TableSettings
from shengji_tui.table.plan import plan, random_bots
from shengji_tui.table.views import spectator_view
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.variants.friends import presenter as friends

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
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang="en")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            # from Create back over the turn clock's two, the counter, stand-in and
            # grace: the preset list
            await pilot.press(*["shift+tab"] * 6, "enter")
            await pilot.pause()
            await pilot.press(*["down"] * SUPPORTED.index(preset), "enter")
            await pilot.pause()
            await pilot.press(*["tab"] * 6, "enter")  # Create
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            [room] = registry.listing()
            assert room.preset == preset and room.players == seats == len(room.slots)
    finally:
        await registry.close()


def watcher(lang: str, state: GameState) -> list[str]:
    """Every line of a spectator's table screen (the one table app, watching:
    seat 0 at the bottom, the public view) at `state`."""
    cat = Catalogue(lang)
    m = Model(Prefs(cat, CardText(cat)), TableFacts(list(NAMES5), 0, humans=[0], spectating=True))
    m.take_seat(0, spectator_view(state))
    p = Presenter().present(m, 0.0)
    out = [plain(part) for part in p.status.parts]
    for sp in p.seats:
        out += [plain(line) for line in sp.lines]
    out += [plain(p.me.left)] + [plain(line) for line in p.centre.lines]
    return out


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
    assert {s: friends.side_of(before, s) for s in range(5)} == {
        0: "dealer",
        **{s: "unknown" for s in range(1, 5)},
    }
    lines = watcher(lang, state)
    text = "\n".join(lines)
    assert ct.card(card) in text  # the call is public
    unknown = cat.t("friend.side_unknown")
    for s in range(1, 5):  # every other seat's side: "?" (no seat is named the friend)
        panel = next(ln for ln in lines if ln.startswith(names[s]))
        assert unknown in panel and cat.t("friend.side_friend") not in panel, panel
    bots = random_bots(3, 5)
    while not state.friend_calls[0].revealed:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    after = spectator_view(state)
    assert friends.side_of(after, friend) == "friend"
    assert all(friends.side_of(after, s) == "attacker" for s in range(1, 5) if s != friend)
    lines = watcher(lang, state)
    assert cat.t("friend.status_friend", name=names[friend]) in "\n".join(lines)
    if friend != 0:
        panel = next(ln for ln in lines if ln.startswith(names[friend]))
        assert cat.t("friend.side_friend") in panel, panel
