"""Spectators (旁观) over real SSH, in the one table app: a whole deal watched
with every frame read against every hand the spectator may not see, a
kibitzer who sees exactly the hand its player lets watchers see, the leave
taken back mid-deal (gone at once), a spectator's keys that act doing nothing,
its chat reaching the players, and a spectator dropping mid-trick."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from shengji_tui.engine import SeatView
from shengji_tui.rules import Card, Rank, parse_cards
from shengji_tui.server import ShengjiServer
from shengji_tui.server.watching import WatchedTable
from shengji_tui.table import TableStatus
from shengji_tui.text import Catalogue

from .conftest import ALSO_WORKERS, out
from .game_helpers import (
    GLYPHS,
    act,
    card_labels,
    connect_all,
    seat_of,
    skip_dealing,
    table_state,
    until,
    watch_table,
)
from .sshclient import Client

CAT = Catalogue("en")
JOKERS = {CAT.t("card.lj"), CAT.t("card.bj")}
RANKS = {r.value for r in Rank}


def labels(rows: list[str]) -> Counter[str]:
    """The card ranks (a joker: its label) written on `rows`, as a hand's rows
    write them ("♠ 4 J A", "LJ") and as plays do ("A♦")."""
    found: Counter[str] = Counter()
    for row in rows:
        for tok in row.split():
            bare = tok.strip(GLYPHS + "▲+")
            if tok in JOKERS or bare in JOKERS or bare in RANKS:
                found[bare] += 1
    return found


SUIT_OF = dict(zip(GLYPHS, "SHCD", strict=True))
TRUMP_HEADER = CAT.t("hand.trump_header")


def suited_labels(rows: list[str]) -> Counter[str]:
    """The cards written on `rows` with their suits ("A♦"; a joker: its label):
    a play's own label, or a hand group's rank under its header ("♠ 4 J A",
    "T♣ 3 K 5♠ LJ"; a wrapped row goes on in the group above it). Every other
    word ends a group, so a bare number in a sentence ("lvl 2", "8 cards") is
    no card."""
    found: Counter[str] = Counter()
    suit: str | None = None
    for row in rows:
        for tok in row.split():
            tok = tok.strip("▲+")
            head = tok.removeprefix(TRUMP_HEADER)
            if head in SUIT_OF:
                suit = head  # a group's header: its plain cards show the rank alone
            elif tok in JOKERS:
                found[tok] += 1
            elif tok[:-1] in RANKS and tok[-1] in SUIT_OF:
                found[tok] += 1  # a full label, in a play or a trump group
            elif tok in RANKS and suit is not None:
                found[tok + suit] += 1
            else:
                suit = None
    return found


def suited_card_labels(cards: Sequence[Card]) -> Counter[str]:
    """Each card as `suited_labels` reads it off the screen."""
    glyph = {v: k for k, v in SUIT_OF.items()}
    return Counter(
        CAT.t("card.lj")
        if c.rank is Rank.LJ
        else CAT.t("card.bj")
        if c.rank is Rank.BJ
        else c.rank.value + glyph[str(c.suit)]
        for c in cards
    )


def test_the_screen_is_read_card_by_card_with_suits() -> None:
    """What the whole-deal test below sees: a hand's rows as its cards (a row
    wrapped goes on in the group above), plays by their labels, and no card in
    a sentence's numbers."""
    hand = ["♠ 4 J A  ♥ 3 K  T♣ 5 K 2♠ LJ", "   A 2"]
    want = Counter(["4♠", "J♠", "A♠", "3♥", "K♥", "5♣", "K♣", "2♠", "LJ", "A♣", "2♣"])
    assert suited_labels(hand) == want
    assert suited_labels(["Ana led Q♣ J♣  ◀ winning"]) == Counter(["Q♣", "J♣"])
    assert not suited_labels(["trump ♣ clubs · level 2 · lvl 2 · 8 cards", "ann at 2"])
    assert suited_card_labels(parse_cards("S4 HK LJ")) == Counter(["4♠", "K♥", "LJ"])


def hand_rows(lines: list[str], names: list[str]) -> list[str]:
    """The rows under the bottom seat's line (the hand's place), above the footer."""
    for i in range(len(lines) - 1, -1, -1):
        ln = lines[i].lstrip(" ▶")
        # (the dealer's name has its mark: "ann ★  9♦ 9♦  follows")
        if any(ln.startswith((f"{n}  ", f"{n} ★  ")) for n in names):
            return [r for r in lines[i + 1 : -1] if r.strip()]
    return []


def hand_area(c: Client, names: list[str]) -> list[str]:
    """`hand_rows` of a client's screen."""
    return hand_rows(c.lines(), names)


def test_the_hand_is_found_under_the_bottom_seat_dealer_or_not() -> None:
    """The hand's rows are under the bottom seat's line, also when that seat is
    the dealer and its name carries the mark (a deal once failed on it)."""
    for line in ("ann  9♦ 9♦  follows", " ▶ ann ★  9♦ 9♦  follows ◀ winning"):
        screen = ["Ana (dealer side)", line, "", " ♠ J J  ♥ 5 Q", "t last trick"]
        assert hand_rows(screen, ["ann", "Ana"]) == [" ♠ J J  ♥ 5 Q"]
    assert hand_rows(["Ana (dealer side)", " ♠ J", "t last trick"], ["Ana"]) == []


@dataclass
class Shown:
    """One view a spectator's seat handed to its app, and what was allowed then."""

    view: SeatView
    following: int | None
    allowed: bool
    scored: bool


@pytest.fixture
def deliveries(monkeypatch: pytest.MonkeyPatch) -> list[Shown]:
    """Every view any spectator's seat hands to its app (the server's side)."""
    seen: list[Shown] = []
    original = WatchedTable._tell_shown

    def tell(self: WatchedTable, view: SeatView, events: list, status: TableStatus) -> None:  # type: ignore[type-arg]
        f = self.following
        allowed = f is not None and self.may_follow(f)
        seen.append(Shown(view, f, allowed, self.table.state.result is not None))
        original(self, view, events, status)

    monkeypatch.setattr(WatchedTable, "_tell_shown", tell)
    return seen


PLAYING = ("burying", "playing")  # the phases a human acts in by keys here


@pytest.mark.slow(13)
async def test_a_whole_deal_watched_never_shows_a_hand_but_the_one_let_see(
    server: ShengjiServer, clients: list[Client], deliveries: list[Shown]
) -> None:
    ann, bob, eve = await connect_all(server.port, ["ann", "bob", "eve"], clients)
    await ann.press("n")
    await ann.wait_for("New table")
    await ann.press("enter")
    await ann.wait_for("waiting for players")
    await ann.press("w")  # let watchers see my hand (the waiting room's option)
    await ann.wait_for("hand open to watchers")
    room = server.registry.listing()[-1]
    await bob.wait_for("1/4")
    await bob.press("j")
    await bob.wait_for("waiting for players")
    await ann.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    await ann.press("r")
    await bob.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    table = room.table
    assert table is not None
    by_seat = {seat_of(room, "ann"): ann, seat_of(room, "bob"): bob}
    a, b = seat_of(room, "ann"), seat_of(room, "bob")
    names = [s.name for s in table.seats]
    # ann's own table says that watchers see her hand (bob's does not)
    await ann.wait_for("watchers see your hand", 60)
    assert "watchers see your hand" not in bob.text()
    await eve.wait_for("playing")
    await watch_table(eve)

    # On every frame eve receives: no hand she may not see. Public: the hand's
    # place shows no card at all. Anywhere on the screen: no other seat's hand.
    stage = ["public"]  # public, following (ann's hand), revoking, revoked
    leaks: list[str] = []
    frames = [0]

    def check() -> None:
        st = table.state
        frames[0] += 1
        rows = hand_area(eve, names)
        area = labels(rows)
        if stage[0] in ("public", "revoked") and area:
            leaks.append(f"a hand on the public screen ({stage[0]}):\n{eve.text()}")
        if stage[0] == "revoking" and not area:
            stage[0] = "revoked"  # (from here on: never again)
        # (the screen but the followed hand's rows: ranks alone, another seat's
        # short hand could otherwise seem to be there in the followed one's;
        # by suit, as ranks alone a long throw shown on the table and in the
        # trick's popup holds most hands' ranks)
        whole = suited_labels([ln for ln in eve.lines() if ln not in rows])
        for s in range(4):
            if s == a and stage[0] in ("following", "revoking"):
                continue
            hand = suited_card_labels(st.hands[s])
            if hand.total() >= 8 and not hand - whole:
                leaks.append(f"seat {s}'s hand on eve's screen ({stage[0]}):\n{eve.text()}")

    eve.watchers.append(check)
    await skip_dealing(room, ann)
    await until(lambda: table.state.phase in ("burying", "playing"), 30, "dealing to end")
    moves = 0
    while table.state.phase in ("burying", "playing"):
        if moves == 4:
            # bob does not let watchers see his hand: refused, with a sentence
            await eve.press(str(b + 1))
            await eve.wait_for(
                lambda: "bob does not let watchers see their hand" in eve.toasts(),
                10,
                "the refusal",
            )
            # ann does: eve follows her and sees exactly her hand
            stage[0] = "following"
            await eve.press(str(a + 1))
            await eve.wait_for(
                lambda: labels(hand_area(eve, names)) == card_labels(table.state.hands[a]),
                10,
                "ann's hand on eve's screen",
            )
            assert "watching (旁观) ann's hand" in eve.text()
        if moves == 12:
            # ann takes it back from the palette, mid-deal
            stage[0] = "revoking"
            await ann.press("\x10")  # ctrl+p
            await ann.wait_for("Search for commands", 10, "the palette")
            await ann.press(*"Hide my hand")
            await ann.wait_for("Hide my hand from watchers", 10)
            await ann.press("enter")
            await until(lambda: not room.slots[a].show_hand, 10, "ann's choice")
            # at once (in the same call): the last view eve's seat handed out is public
            assert deliveries[-1].view.seat == -1 and deliveries[-1].view.hand == ()
            await eve.wait_for(lambda: stage[0] == "revoked", 10, "ann's hand gone")
            await eve.press(str(a + 1))  # and she may not follow it again
            await eve.wait_for(
                lambda: "ann does not let watchers see their hand" in eve.toasts(),
                10,
                "the refusal",
            )
        await until(  # a human's turn, or the bots played the last cards meanwhile
            lambda: table.state.phase not in PLAYING or table.state.awaiting() in by_seat,
            60,
            "a human's turn or the deal's end",
        )
        if table.state.phase not in PLAYING:
            break
        await act(room, by_seat, timeout=60)  # (bots between, a busy machine)
        moves += 1
    out("a deal watched:", moves, "human moves,", frames[0], "frames read")
    assert table.state.phase in ("scoring", "finished")
    assert stage[0] == "revoked"
    assert not leaks, leaks[0]
    assert frames[0] > 50
    # the server's side: no view with a hand but ann's while she let watchers see it
    assert any(d.view.hand for d in deliveries)
    for d in deliveries:
        if d.view.hand:
            assert d.view.seat == a and d.following == a and d.allowed, d
        else:
            assert d.view.seat in (-1, a)
        if d.view.kitty is not None:
            assert d.scored or (d.view.seat == a and d.allowed), d


@ALSO_WORKERS
async def test_a_spectators_keys_do_nothing_its_chat_is_heard_and_a_drop_leaves_the_table(
    server: ShengjiServer, clients: list[Client]
) -> None:
    ann, eve = await connect_all(server.port, ["ann", "eve"], clients)
    await ann.press("n")
    await ann.wait_for("New table")
    await ann.press("enter")
    await ann.wait_for("waiting for players")
    room = server.registry.listing()[-1]
    await ann.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    await ann.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    table = room.table
    assert table is not None
    await ann.wait_for("cards", 20)  # (ann's own app subscribed)
    subs = len(table._subs)
    await eve.wait_for("playing")
    await watch_table(eve)
    assert len(table._subs) > subs
    await until(lambda: room.spectators == 1, 10, "eve counted")
    a = seat_of(room, "ann")
    by_seat = {a: ann}
    await skip_dealing(room, ann)

    # mid-trick: the table waits for ann, a bot having led (she buries or
    # leads until then; a trick her play ends is not one: check before acting)
    def ann_to_act() -> bool:
        st = table.state
        return st.awaiting() == a and st.phase in ("burying", "playing")

    while True:
        await until(ann_to_act, 60, lambda: f"ann's turn ({table_state(room)})")
        if table.state.phase == "playing" and table.state.trick:
            break
        await act(room, by_seat, timeout=60)  # (bots between, a busy machine)
    await eve.settle()
    # the keys that act, at a spectator's screen: nothing moves, nothing is held
    v0 = table.state.version
    seats0 = table.seats
    keys = ["s", "enter", "space", "a", "d", "f", "n", "p", "u", "left", "right", "tab", "k"]
    await eve.press(*keys, gap=0.1)
    await eve.press("2", "3", "4", "0")  # (following bots: refused; harmless)
    await eve.settle(0.5)
    assert table.state.version == v0 and table.state.awaiting() == a
    assert not table.deal_held and table.seats == seats0 and table.bot_at(a) is None
    assert "watching (旁观)" in eve.text()
    # the footer shows only what works for a spectator
    footer = eve.lines()[-1]
    for word in ("play", "select", "suggest", "declare", "take back"):
        assert word not in footer, footer
    assert "chat" in footer and "follow a hand" in footer
    # eve speaks: ann reads it, marked as from a watcher
    await eve.press("c")
    await eve.wait_for("Say something", 10, "the chat box")
    await eve.press(*"go ann", "enter")
    said = "eve (watching): go ann"
    await ann.wait_for(lambda: said in ann.text() or said in ann.toasts(), 10, "the chat")
    # eve drops mid-trick: the table as it was, nothing of her subscribed
    eve.drop()
    await until(lambda: room.spectators == 0, 10, "eve gone")
    await until(lambda: len(table._subs) == subs, 10, "eve's subscriptions gone")
    assert table.state.version == v0 and table.seats == seats0
    await act(room, by_seat)  # and the table plays on
    assert table.state.version > v0
