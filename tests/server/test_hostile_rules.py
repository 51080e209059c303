"""Rules files a logged-in player pastes over SSH that once froze the server,
crashed the paster's lobby or made a table that never finishes (docs/security.md,
"Rules files"): each is refused with a sentence in the paste dialog, no table
is made, the paster's session and a bystander's lobby stay up and answer
keys; a paste over the session's input budget is thrown away with a sentence.
A real server on loopback, real SSH clients, bracketed pastes as a terminal
sends them."""

from __future__ import annotations

import asyncio

import pytest

from shengji_tui.server import ShengjiServer

from .sshclient import Client

# what was pasted, and the words of the refusal that must be read
BAD = (  # (in an order where no refusal holds the next one's words; the largest
    # first, while the session's input budget (16 KiB at once) is whole)
    ("x = " + "[" * 12_000, "8 KiB"),  # RecursionError in the parser
    ("bid_start = 9000000000000000000", "bid_start"),  # MemoryError at the first bot bid
    ("score_table = [{min_points = 0}]", "without going up"),  # no level ever changes
    ('preset = "three-player"\nbid_start = 100000', "bid_start"),  # O(n^2) a key
    ("throw_penalty_amount = -1000000", "0 to 100"),
    ('{"a": ' + "[" * 3000 + "]" * 3000 + "}", "nested too deep"),
)
LONG_NAME = 'preset = "classic"\nname = "' + "n" * 6_000 + '"\n'  # cut to a short name


SELECT_ALL, DELETE = b"\x1b[18~", b"\x1b[3~"  # f7 (TextArea's select all), delete
REFUSED = "These rules cannot be used"


async def _paste(c: Client, text: str) -> None:
    """An empty box, then the text as a terminal pastes it."""
    c.send(SELECT_ALL + DELETE)
    await c.settle()
    c.send(b"\x1b[200~" + text.encode() + b"\x1b[201~")
    ends = (text[:12], text.rstrip()[-12:])  # (a long line shows its end)
    await c.wait_for(lambda: any(e in c.text() for e in ends), what="the pasted text in the box")


def _refusal(c: Client) -> str:
    """The dialog's sentence below the box, on as many rows as it takes."""
    text = " ".join(line.strip(" │") for line in c.lines())
    return text[text.index(REFUSED) :] if REFUSED in text else ""


@pytest.mark.parametrize("lang", ["en"])
async def test_bad_rules_pastes_are_refused_with_a_sentence(
    server: ShengjiServer, clients: list[Client], lang: str
) -> None:
    evil, bystander = Client("evil"), Client("bea")
    clients.extend([evil, bystander])
    await evil.connect(server.port)
    await bystander.connect(server.port)
    await asyncio.gather(evil.wait_for("lobby"), bystander.wait_for("lobby"))
    await evil.press("n")
    await evil.wait_for("New table")
    await evil.press("tab", "enter")  # (focus starts on Create; the next button pastes)
    await evil.wait_for("Rules from a file", what="the paste dialog")
    for text, said in BAD:
        await _paste(evil, text)
        await evil.press("ctrl+s")
        await evil.wait_for(
            lambda said=said: said in _refusal(evil), what=f"the refusal of {text[:40]!r}"
        )
        assert not evil.closed.is_set(), f"the paster was disconnected by {text[:40]!r}"
        assert not server.registry.listing(), "a table was made from bad rules"
        await evil.wait_for("Rules from a file", what="the paste dialog still open")
    # nothing was made; a long name makes a table under a name cut short
    await _paste(evil, LONG_NAME)
    await evil.press("ctrl+s")
    await evil.wait_for("New table", what="back in the new-table dialog")
    await evil.press("ctrl+s")
    await evil.wait_for("waiting for players")
    (room,) = server.registry.listing()
    assert room.preset == "n" * 32, room.preset
    await bystander.wait_for("n" * 32, what="the table in the bystander's list")
    assert "n" * 33 not in bystander.text()
    assert not bystander.closed.is_set() and not evil.closed.is_set()
    # more than the session's input budget at once: the rest is thrown away, and said
    evil.send(b"\x1b[200~" + b"x" * 40_000 + b"\x1b[201~")
    await evil.wait_for(lambda: "Too much input at once" in evil.toasts(), what="the sentence")
    await evil.settle()
    assert not evil.closed.is_set() and "r ready" in evil.text()  # (its footer)
