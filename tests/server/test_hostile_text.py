"""Text a logged-in player supplies reaches nobody else's terminal as anything but
plain text (docs/security.md, "Players' text"): a pasted rules file's name with
OSC sequences (window title, clipboard) and a screen clear, names and a rules
name that Rich or Textual markup would refuse or act on, a chat line with both,
bidi and zero-width characters. A real server on loopback, real SSH clients;
the bystanders' raw bytes are read, not only their screens."""

from __future__ import annotations

import asyncio
import json

from shengji_tui.server import ShengjiServer

from .conftest import start_server
from .game_helpers import until, watch_table
from .sshclient import Client

# as the attack pasted it (TOML basic-string escapes), and what each part was for
OSC = r"\u001b]0;PWNED-TITLE\u001b\\\u001b]52;c;cHduZWQ=\u001b\\\u001b[2J"
RULES = f'preset = "classic"\nname = "{OSC}[@a=(]y[/]{"x" * 2000}"\n'
EVIL_USER = "[@a=[]y[/]"
CHAT = "\x1b]0;T\x07[link=https://evil.example]click[/link] \u202eright\u200b"
# bytes that only the attack could have made a terminal receive (the attacker's
# own paste box shows the TOML as typed, with its `\u001b` as six characters)
PAYLOADS = (b"\x1b]0;", b"\x1b]52;", b"\x1b]8;", b"\x1b[2J")
SEEN_BY_OTHERS = (b"PWNED", b"cHduZWQ", b"]52;")


def _clean(c: Client, *, other: bool = True) -> None:
    for p in PAYLOADS + (SEEN_BY_OTHERS if other else ()):
        assert p not in c.raw, (c.name, p)
    assert not c.closed.is_set(), f"{c.name} was disconnected"


async def _make_table_with_pasted_rules(c: Client) -> None:
    await c.press("n")
    await c.wait_for("New table")
    await c.press("tab", "enter")  # (focus starts on Create; the next button pastes)
    await c.wait_for("Rules from a file", what="the paste dialog")
    c.send(b"\x1b[200~" + RULES.encode() + b"\x1b[201~")
    await c.wait_for('preset = "classic"', what="the pasted text in the box")
    await c.press("ctrl+s")
    await c.wait_for("New table", what="back in the new-table dialog")
    await c.press("ctrl+s")
    await c.wait_for("waiting for players")


async def test_hostile_names_rules_and_chat_stay_plain_text(tmp_path, clients) -> None:
    data = tmp_path / "data"
    server: ShengjiServer = await start_server(data)
    try:
        evil = Client("evil")
        bystander = Client("bea")
        clients.extend([evil, bystander])
        await evil.connect(server.port, username=EVIL_USER)
        await bystander.connect(server.port)
        await asyncio.gather(evil.wait_for("lobby"), bystander.wait_for("lobby"))
        await _make_table_with_pasted_rules(evil)
        room = server.registry.listing()[-1]
        assert room.table is None or room.table.settings.rules.name.startswith("[@a=(]y[/]")
        # the name as kept: cleaned where it entered (no escape, one short line)
        kept = json.loads((data / "lobby.json").read_text())
        assert "PWNED" not in json.dumps(kept) and "\\u001b" not in json.dumps(kept)
        await evil.press("b")  # bots in the other seats
        await until(lambda: not room.free_seats(), what="bots")
        await evil.press("r")
        await until(lambda: room.status == "playing", what="the table to start")
        # the bystander's lobby lists the table, its maker and its rules by name
        await bystander.wait_for("[@a=(]y[/]", what="the rules name in the list")
        await bystander.wait_for(EVIL_USER, what="the maker's name in the list")
        _clean(bystander)
        # chat at the table; the bystander watches it
        await watch_table(bystander)
        await evil.wait_for(lambda: "▶" in evil.text() or "You" in evil.text())
        await evil.press("c")
        await evil.wait_for("Say something to the table")
        evil.send(b"\x1b[200~" + CHAT.encode() + b"\x1b[201~")
        await evil.press("enter")
        table = room.table
        assert table is not None
        await until(lambda: any("[/link]" in getattr(n, "text", "") for n in table.recent_notes()))
        (said,) = [n for n in table.recent_notes() if "[/link]" in getattr(n, "text", "")]
        # (the raw ESC and BEL inside the paste reach the app as keys or not at all)
        assert "[link=https://evil.example]" in said.text and said.text.endswith("[/link] right")
        assert said.text.isprintable()
        await bystander.wait_for(
            lambda: "[/link] right" in bystander.toasts(), what="the chat line, as typed"
        )
        await bystander.wait_for(EVIL_USER, what="the name on the watched table")
        _clean(bystander)
        _clean(evil, other=False)
        assert "\u202e" not in bystander.text() and "\u200b" not in bystander.text()
    finally:
        await server.close()
    # after a restart the lobby still lists the table and nobody's lobby crashes
    server = await start_server(data)
    try:
        late = Client("late")
        clients.append(late)
        await late.connect(server.port)
        await late.wait_for("[@a=(]y[/]", what="the restored table in the list")
        await late.settle()
        _clean(late)
    finally:
        await server.close()
