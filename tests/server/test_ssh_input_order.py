"""Keys and a paste that reach the server in one read (a link that batches a
player's input) do their work in the order they were typed. Textual runs a
key's binding only once the key has gone up from the focused widget to the
app, while a paste goes to the widget at once: f7 (select all) and delete
read together with a paste inserted the paste first, then deleted it with
the rest. A real server on loopback, a real SSH client."""

from __future__ import annotations

import pytest

from shengji_tui.server import ShengjiServer

from .conftest import ALSO_WORKERS
from .game_helpers import act, seat_of, seat_table, until
from .sshclient import Client

SELECT_ALL, DELETE, LEFT = b"\x1b[18~", b"\x1b[3~", b"\x1b[D"  # f7: TextArea's select all


def _paste(text: str) -> bytes:
    return b"\x1b[200~" + text.encode() + b"\x1b[201~"


# (the box's text, what is sent in one write, the box's text then; the text it
# held when the keys ran after what followed them)
CASES = [
    pytest.param(
        "first = 1",
        SELECT_ALL + DELETE + _paste("second = 2"),
        "second = 2",
        "",
        id="select all, delete, paste",
    ),
    pytest.param(
        "first = 1",
        SELECT_ALL + _paste("second = 2"),
        "second = 2",
        "first = 1second = 2",
        id="select all, paste over it",
    ),
    pytest.param("abcdef", LEFT + LEFT + b"XY", "abcdXYef", "abcdefXY", id="left, left, type"),
]


def _box(c: Client) -> str:
    """The text box's first line (inside its border: "▊ text ▎")."""
    rows = [line for line in c.lines() if "▊ " in line]
    return rows[0].split("▊ ", 1)[1].split("▎", 1)[0].strip() if rows else ""


async def _new_table_dialog(server: ShengjiServer, clients: list[Client]) -> Client:
    """A player in the lobby's new-table dialog."""
    c = Client("paster")
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    await c.press("n")
    await c.wait_for("New table")
    return c


@pytest.mark.parametrize(("before", "sent", "after", "reordered"), CASES)
async def test_keys_and_pastes_in_one_read_keep_their_order(
    server: ShengjiServer,
    clients: list[Client],
    before: str,
    sent: bytes,
    after: str,
    reordered: str,
) -> None:
    c = await _new_table_dialog(server, clients)
    await c.press("tab", "enter")  # (focus starts on Create; the next button pastes)
    await c.wait_for("Rules from a file", what="the paste dialog")
    c.send(_paste(before))
    await c.wait_for(lambda: _box(c) == before, what=f"{before!r} in the box")
    c.send(sent)
    await c.wait_for(lambda: _box(c) == after, what=f"{after!r} in the box, not {reordered!r}")
    assert not c.closed.is_set()


async def test_the_rest_of_a_paste_cut_for_the_budget_is_not_read_as_keys(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """A paste over the session's input budget is thrown away whole: its tail,
    let in as the budget fills again, is not typed into the screen as keys
    (here "n": the lobby's new table)."""
    c = Client("paster")
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    c.send(b"\x1b[200~" + b"n" * 20_000)  # (16 KiB at once)
    await c.wait_for(lambda: "Too much input at once" in c.toasts(), what="the sentence")
    c.send(b"n" * 200 + b"\x1b[201~")  # the paste's end, the budget filling again
    await c.press_until("Players: profiles and ratings", "p")
    assert "New table" not in c.text() and not server.registry.listing()


async def test_a_paste_after_the_key_that_opens_its_box_reaches_the_box(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """Enter on "Paste a rules file…" and the paste, read together: the paste
    waits for the dialog that key opens (its box focused), not the screen that
    was on top when the key went out."""
    c = await _new_table_dialog(server, clients)
    await c.press("tab")  # (focus starts on Create; the next button pastes)
    c.send(b"\r" + _paste("second = 2"))
    await c.wait_for("Rules from a file", what="the paste dialog")
    await c.wait_for(lambda: _box(c) == "second = 2", what="the paste in the dialog's box")
    assert not c.closed.is_set()


@ALSO_WORKERS
async def test_table_keys_in_one_read_keep_their_order(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """At the table the app runs a table key itself, at once (no turn through
    the screen): c (the chat box) and the words typed after it in the same
    read go into the box the key opened (its input focused), not to the table
    as keys (h would move in the hand), and enter sends them."""
    ann, bob = Client("ann", (112, 40)), Client("bob", (112, 40))
    clients.extend((ann, bob))
    for c in (ann, bob):
        await c.connect(server.port)
        await c.wait_for("lobby")
    room = await seat_table(server, [ann, bob], 4, bots=True)
    table = room.table
    assert table is not None
    await until(lambda: table.state.phase in ("burying", "playing"), 90, "the deal's end")
    if table.state.phase == "burying" and table.state.awaiting() in (
        by_seat := {seat_of(room, c.name): c for c in (ann, bob)}
    ):
        await act(room, by_seat)
    await ann.wait_for("trick 1", 60)
    ann.send(b"chi there\r")
    await bob.wait_for("ann: hi there", 10, "the words said at the table")
    await ann.wait_for(lambda: "Say something to the table" not in ann.text(), 10, "the box shut")
    assert not ann.closed.is_set()
