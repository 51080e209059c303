"""Chat through real SSH clients: in the waiting room and at the table (players
and a spectator), the quick phrases, control characters removed from a paste,
the rate limit's sentence, a reconnecting player reading the last lines, and
another table that hears none of it."""

from __future__ import annotations

from shengji_tui.server import ShengjiServer
from shengji_tui.table import ChatNote
from shengji_tui.table.chat import RATE_COUNT

from .conftest import ALSO_WORKERS
from .game_helpers import act, seat_of, until, watch_table
from .sshclient import Client

WIDE = (112, 40)  # the log beside the table (from 110 columns; the counter from 120)


async def _connect(
    server: ShengjiServer, clients: list[Client], *names: str, lobby: bool = True
) -> list[Client]:
    made = [Client(n, WIDE) for n in names]
    clients.extend(made)
    for c in made:
        await c.connect(server.port)
        if lobby:
            await c.wait_for("lobby")
    return made


async def _say(c: Client, text: str) -> None:
    await c.press("c")
    await c.wait_for("Say something to the table")
    c.send(text.encode())
    await c.press("enter")
    await c.wait_for(lambda: "Say something to the table" not in c.text(), 10, "the box to close")


@ALSO_WORKERS
async def test_chat_in_the_waiting_room_at_the_table_and_watching(
    server: ShengjiServer, clients: list[Client]
) -> None:
    ann, bob = await _connect(server, clients, "ann", "bob")
    # the waiting room
    await ann.press("n")
    await ann.wait_for("New table")
    await ann.press("enter")
    await ann.wait_for("waiting for players")
    room = server.registry.listing()[-1]
    await bob.wait_for("1/4")
    await bob.press("j")
    await bob.wait_for("waiting for players")
    await _say(ann, "hi room")
    await bob.wait_for("ann: hi room", 10)
    # the table (two bots fill it): the waiting room's lines are in its log
    await ann.press("b")
    await until(lambda: not room.free_seats(), what="bots")
    for c in (ann, bob):
        await c.press("r")
    await until(lambda: room.status == "playing", what="the table to start")
    table = room.table
    assert table is not None
    # each sender's window an hour long, not RATE_SECONDS: the burst below fills
    # it however slowly a loaded machine types (the window's length: test_chat.py)
    table.channel.budget.senders.seconds = 3600.0
    # (the table's seed is random: a human may hold the kitty, and buries)
    await until(lambda: table.state.phase in ("burying", "playing"), 90, "the deal's end")
    if table.state.phase == "burying" and table.state.awaiting() in (
        by_seat := {seat_of(room, c.name): c for c in (ann, bob)}
    ):
        await act(room, by_seat)
    await bob.wait_for("trick 1", 60)  # (the deal and its window, on a busy machine)
    await bob.wait_for("ann: hi room", 10)
    # another table, of cat and bots, hears nothing of it
    (cat,) = await _connect(server, clients, "cat")
    await room_of(cat, server, bots=True)
    other = server.registry.listing()[-1]
    assert other is not room

    await _say(ann, "hello table")
    await bob.wait_for("ann: hello table", 10)
    # a quick phrase: a number in the empty box
    await ann.press("c")
    await ann.wait_for("Say something to the table")
    await ann.press("2")
    await bob.wait_for("ann: Nice!", 10)
    # a paste with control characters: they are gone
    await ann.press("c")
    await ann.wait_for("Say something to the table")
    ann.send(b"\x1b[200~hey\x07 you\x1b[201~")
    await ann.press("enter")
    await until(
        lambda: any(isinstance(n, ChatNote) and n.text == "hey you" for n in table.recent_notes()),
        10,
        "the pasted line",
    )
    await bob.wait_for("ann: hey you", 10)
    said = [n for n in table.recent_notes() if isinstance(n, ChatNote) and n.name == "ann"]
    # at most RATE_COUNT in the window: the next is refused with a sentence, and
    # not said
    sent = 0
    for k in range(4 * RATE_COUNT):
        await _say(ann, f"more {k}")
        sent += 1
        if k >= RATE_COUNT - len(said) and "Not so fast" in ann.text():
            break
    await ann.wait_for("Not so fast", 10)
    kept = sum(isinstance(n, ChatNote) and n.name == "ann" for n in table.recent_notes())
    assert kept < len(said) + sent, "every message was said, none refused"

    # a spectator says something: "watching"
    (eve,) = await _connect(server, clients, "eve")
    await eve.wait_for("playing")
    await watch_table(eve)
    await eve.wait_for("ann: hello table", 10)  # the last lines
    await _say(eve, "go ann")
    await ann.wait_for("eve (watching): go ann", 10)
    await bob.wait_for("eve (watching): go ann", 10)

    # bob drops and comes back: the last lines are in his log
    bob.drop()
    await until(lambda: not table.seats[1].connected, 10, "bob away")
    (again,) = await _connect(server, clients, "bob", lobby=False)  # (back at the table)
    await again.wait_for("trick", 20)
    await again.wait_for("eve (watching): go ann", 10)
    await again.wait_for("ann: hello table", 10)

    # cat, at the other table, never received a word of it
    for words in ("hi room", "hello table", "Nice!", "go ann"):
        assert words.encode() not in cat.raw, words
    assert other.channel.recent() == []


async def room_of(c: Client, server: ShengjiServer, *, bots: bool) -> None:
    """`c` makes a table and, with bots, starts it."""
    await c.press("n")
    await c.wait_for("New table")
    await c.press("enter")
    await c.wait_for("waiting for players")
    room = server.registry.listing()[-1]
    if bots:
        await c.press("b")
        await until(lambda: not room.free_seats(), what="bots")
        await c.press("r")
        await until(lambda: room.status == "playing", what="cat's table")
