"""Five real SSH clients at a five-seat find-friends table, made from the
new-table dialog by keys: the players declare, the dealer buries and calls
the friend in the calling dialog, everyone plays the whole deal by keys, and
a spectator watches. On every frame every client receives, until the friend
is revealed: no screen puts the friend's name beside the word "friend" (the
friend's own says "you", under `holder`), and the spectator's neither; then
the reveal is told to all; the deal's result explains the five-player split."""

from __future__ import annotations

import re

import pytest

from shengji_tui.engine import GameState, known_sides, view_for
from shengji_tui.rules import Card
from shengji_tui.server import ShengjiServer
from shengji_tui.table import spectator_view
from shengji_tui.text import CardText, Catalogue

from .conftest import out
from .game_helpers import connect_all, seat_of, skip_dealing, until, watch_table
from .sshclient import Client

NAMES5 = ("ann", "bob", "cat", "dan", "eve")
SHIFT_TAB = "\x1b[Z"
CAT = Catalogue("en")


def outside_card(state: GameState) -> Card:
    """A card of which the dealer holds and buried no copy (an ace first)."""
    from shengji_tui import rules

    assert state.dealer is not None
    mine = set(state.hands[state.dealer]) | set(state.kitty)
    order = sorted(rules.ALL_CARDS, key=lambda c: (c.rank is not rules.Rank.ACE, c.idx))
    return next(c for c in order if c not in mine and not c.is_joker)


def tells(name: str) -> re.Pattern[str]:
    """What would tell that `name` is the friend (a screen row holds several
    widgets side by side, so the words must be together)."""
    n = re.escape(name)
    return re.compile(
        rf"{n} \(friend|{n}\s+friend\b|friend {n}\b|{n} is (the|your|\w+'s) (dealer's )?friend"
        rf"|{n} played \S+: "
    )


def shown_cards(line: str) -> int | None:
    """The card count the own line shows ("lvl 2 · 6 cards")."""
    m = re.search(r"(\d+) cards", line)
    return int(m.group(1)) if m else None


async def make_five_seat_table(first: Client) -> None:
    """The new-table dialog by keys: the preset list, find-friends-5, create."""
    await first.press("n")
    await first.wait_for("New table")
    # from Create back to the preset (over the turn clock's two, the card counter,
    # stand-in and grace)
    await first.press(*[SHIFT_TAB] * 6)
    await first.press("enter")  # the list opens on the preset chosen (classic)
    from shengji_tui.engine.state import SUPPORTED

    await first.press(*["down"] * SUPPORTED.index("find-friends-5"), "enter")
    about = CAT.t("preset.find-friends-5").split(",")[0]  # (the dialog wraps it)
    await first.wait_for(about, 10, "the preset's words")
    await first.press(*["tab"] * 6, "enter")  # to the Create button
    await first.wait_for("Find friends (5) — waiting for players")  # (the preset in words)


@pytest.mark.slow(17)
async def test_five_clients_play_a_find_friends_deal(
    server: ShengjiServer, clients: list[Client]
) -> None:
    cs = await connect_all(server.port, NAMES5, clients)
    await make_five_seat_table(cs[0])
    room = server.registry.listing()[-1]
    assert room.players == 5 and room.preset == "find-friends-5"
    for k, c in enumerate(cs[1:], start=1):
        await c.wait_for(f"{k}/5")
        await c.press("j")
        await c.wait_for("waiting for players")
    for c in cs:
        await c.press("r")
    await until(lambda: room.status == "playing", 20, "the table to start")
    table = room.table
    assert table is not None
    by_seat = {seat_of(room, c.name): c for c in cs}
    assert sorted(by_seat) == [0, 1, 2, 3, 4]
    await skip_dealing(room, cs[0])
    # whoever can declares (the last one standing deals)
    for c in cs:
        await c.press("d")
    await until(lambda: table.state.phase == "burying", 30, "the bury")

    # On every frame of every client: nothing tells who the friend is before the
    # reveal, unless that seat can prove it.
    room_names = [s.name for s in table.seats]
    leaks: list[str] = []
    checked = [0]
    secret_seen: set[int] = set()

    def watch(seat: int | None, c: Client) -> None:
        st = table.state
        call = st.friend_calls[0] if st.friend_calls else None
        if call is None or call.revealed or st.friend is None:
            return
        checked[0] += 1
        told = tells(room_names[st.friend])
        # what this seat (or a spectator) can prove from its hand and the public plays (a seat
        # may deduce the friend before the reveal: a farther holder played a
        # copy, and it holds none itself)
        view = spectator_view(st) if seat is None else view_for(st, seat)
        proven = known_sides(view)[st.friend] == "friend"
        for line in c.lines():
            if seat != st.friend and not proven and told.search(line):
                leaks.append(f"{c.name} (seat {seat}) is told who the friend is: {line!r}")
            if "(secret)" in line:
                if seat == st.friend:
                    secret_seen.add(seat)
                else:
                    leaks.append(f"{c.name} is told it is the friend: {line!r}")
            # a holder that cannot prove it is the friend is told it may be
            # (docs/rules.md §10, "What each seat knows"); a seat without a copy never
            if "you may be the friend" in line and seat is not None:
                if st.hands[seat].count(call.card) or seat == st.friend:
                    secret_seen.add(seat)
                elif shown_cards(line) in (None, len(st.hands[seat])):
                    leaks.append(f"{c.name} holds no copy but may be the friend: {line!r}")
                # (else a frame from before this seat's last play, read once its
                # play was made: its next frame says what it holds now)

    for seat, c in by_seat.items():
        c.watchers.append(lambda seat=seat, c=c: watch(seat, c))

    dealer = table.state.dealer
    assert dealer is not None
    d = by_seat[dealer]
    await d.press("s", "enter")  # suggest, bury
    await until(lambda: table.state.phase == "calling", 10, "the call")
    await d.wait_for("CALL A FRIEND", 10)
    await d.press("enter")
    await d.wait_for("Call your friend (找朋友)", 10, "the calling dialog")
    card = outside_card(table.state)
    assert card.suit is not None
    rank = {"10": "0"}.get(card.rank.value, card.rank.value.lower())
    await d.press(card.suit.value.lower(), rank)
    label = CardText(CAT).card(card)
    await d.wait_for(f"Your call: {label}", 10, "the chosen card")
    await d.press("enter")
    await until(lambda: table.state.phase == "playing", 10, "play")
    call = table.state.friend_calls[0]
    assert call.card == card
    # every player reads the call in the centre
    for c in cs:
        await c.wait_for(f"called {label}: ", 10, "the call")

    # a spectator sees the call, and the sides only as far as they are revealed
    fay = Client("fay")
    clients.append(fay)
    await fay.connect(server.port)
    await fay.wait_for("playing")
    await watch_table(fay)
    await fay.wait_for(f"called {label}: the friend is", 10, "the call")

    fay.watchers.append(lambda: watch(None, fay))
    fay_told: set[str] = set()  # the friend, once revealed, as the spectator is told

    def fay_reads() -> None:
        st = table.state
        call = st.friend_calls[0] if st.friend_calls else None
        if call is not None and call.revealed and call.friend is not None:
            name = room_names[call.friend]
            if f"friend {name}" in fay.text() or f"{name} is" in fay.text():
                fay_told.add(name)

    fay.watchers.append(fay_reads)

    plays = 0
    while table.state.phase == "playing":
        st = table.state
        seat = st.awaiting()
        assert seat is not None
        v0 = st.version
        c = by_seat[seat]
        for _ in range(4):
            await c.press("s", "enter", gap=0.02)
            try:
                await until(lambda v0=v0: table.state.version != v0, 3.0)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError(f"seat {seat} could not play:\n{c.text()}")
        plays += 1
    out("five-seat find friends over SSH:", plays, "plays,", checked[0], "frames checked")
    assert not leaks, leaks[0]
    assert checked[0] > 10
    state = table.state
    assert state.phase in ("scoring", "finished")
    revealed = state.friend_calls[0]
    assert revealed.revealed
    if revealed.friend is not None:
        friend = room_names[revealed.friend]
        if revealed.friend in by_seat and state.rules.friend_rule == "holder":
            assert revealed.friend in secret_seen or revealed.friend == dealer
        for c in cs:
            await c.wait_for("Deal 1 is over", 20, "the result")
        held = state.result is not None and not state.result.attackers_take_over
        if held:
            for c in cs:
                await c.wait_for("Five players: the dealer side gains", 10, "the split")
        await fay.wait_for("Deal 1 is over", 20, "the spectator's result")
        assert friend in fay_told, "the spectator was never told who the friend is"
