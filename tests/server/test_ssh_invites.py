"""Invites and the players a server remembers (`shengji serve --invites`): a real
server on loopback (one for the module) and asyncssh clients with their own
keys: a key redeems a code once and comes back straight to the lobby, under
its registered name; wrong codes are refused, counted and logged as failed
logins, and a key without a valid code sees one sentence and nothing of the
lobby; expired and used-up codes; a keyless friend redeems by
keyboard-interactive login with a password; a removed player is refused and
their seat goes to a bot; settings kept across connections; a finished
match's stats and ratings; `shengji invite` / `players` / `stats` / `backup`."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import redirect_stdout
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from shengji_tui.cli import main as cli
from shengji_tui.players.book import PlayerBook
from shengji_tui.server import AuthPolicy, Limits, ShengjiServer
from shengji_tui.store import Store, db_path

from .conftest import start_server
from .sshclient import Client, _Session

pytestmark = pytest.mark.asyncio(loop_scope="module")

CODE_SCREEN = "does not know your key"
LOBBY = "lobby"


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        rc = cli(list(args))
    return rc, out.getvalue()


def new_code(data: Path, *args: str) -> str:
    rc, out = run_cli("invite", "--data-dir", str(data), *args)
    assert rc == 0, out
    return out.split("invite code: ")[1].split()[0]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[ShengjiServer]:
    data = tmp_path_factory.mktemp("invites") / "data"
    srv = await start_server(
        data,
        auth=AuthPolicy(invites=True),
        # a wrong code waits as a wrong password does: not here
        limits=Limits(auth_delay=0.0, auth_failures_per_minute=60),
    )
    assert srv.players is not None
    srv.players.poll = 0.2
    try:
        yield srv
    finally:
        await srv.close()


def data_of(server: ShengjiServer) -> Path:
    return server.config.data_dir


async def connect_key(
    port: int, name: str, key: asyncssh.SSHKey, size: tuple[int, int] = (100, 32)
) -> Client:
    c = Client(name, size)
    c.conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=[key],
        agent_path=None,
        preferred_auth="publickey",
    )
    c.chan, _ = await c.conn.create_session(
        lambda: _Session(c), term_type="xterm-256color", term_size=c.size, encoding=None
    )
    return c


async def type_code(c: Client, code: str) -> None:
    """Type `code` at the prompt once it asks (the caller waits for the answer)."""
    await c.wait_for(lambda: "invite code" in c.text() and "Checking" not in c.text(), 10)
    c.send(code.encode())
    await c.press("enter")


def never_showed_the_lobby(c: Client) -> bool:
    raw = c.raw.decode("utf-8", "replace")
    return "New table" not in raw and "you are" not in raw and "No tables" not in raw


# ------------------------------------------------------------ keys


async def test_a_key_redeems_an_invite_then_comes_straight_to_the_lobby(
    server: ShengjiServer,
) -> None:
    data = data_of(server)
    code = new_code(data, "--uses", "1")
    key = asyncssh.generate_private_key("ssh-ed25519")
    kim = await connect_key(server.port, "kim", key)
    try:
        await kim.wait_for(CODE_SCREEN, 15)
        assert never_showed_the_lobby(kim)
        await type_code(kim, "WRONG-CODE-1234")
        await kim.wait_for("That is not an invite code of this server. 2 tries left.", 10)
        assert never_showed_the_lobby(kim)
        await type_code(kim, code.lower())  # (as a person may type it)
        await kim.wait_for("you are kim", 15)
    finally:
        await kim.close()
    # the next time: the key goes straight in, under the name it registered
    again = await connect_key(server.port, "someone-else", key)
    try:
        await again.wait_for("you are kim", 15)
        assert CODE_SCREEN not in again.raw.decode("utf-8", "replace")
    finally:
        await again.close()
    _, out = run_cli("players", "--data-dir", str(data), "--json")
    [kim_row] = [r for r in json.loads(out) if r["name"] == "kim"]
    assert kim_row["fingerprint"] == str(key.get_fingerprint("sha256"))
    # the code was for one friend: used up now
    other = await connect_key(server.port, "lee", asyncssh.generate_private_key("ssh-ed25519"))
    try:
        await type_code(other, code)
        await other.wait_for("That invite code has been used up", 10)
    finally:
        await other.close()


async def test_wrong_codes_are_counted_and_a_key_without_one_gets_a_sentence(
    server: ShengjiServer, caplog: pytest.LogCaptureFixture
) -> None:
    data = data_of(server)
    expired = PlayerBook(Store(db_path(data))).add_invite(expires_at=time.time() - 1)
    c = await connect_key(server.port, "mallory", asyncssh.generate_private_key("ssh-ed25519"))
    with caplog.at_level(logging.WARNING, "shengji_tui.server"):
        try:
            await type_code(c, expired)
            await c.wait_for("That invite code has expired", 10)
            await type_code(c, "AAAA-AAAA-AAAA")
            await c.wait_for("1 try left", 10)
            await type_code(c, "BBBB-BBBB-BBBB")
            await c.wait_for(c.closed.is_set, 15, "the session to end")
        finally:
            await c.close()
    said = c.text()
    assert "No valid invite code: ask the host of this server for one" in said
    assert c.exit_status == 1 and never_showed_the_lobby(c)
    failed = [r.getMessage() for r in caplog.records if "by invite code" in r.getMessage()]
    assert len(failed) == 3 and all("'mallory'" in f for f in failed), failed
    assert "expired" in failed[0] and "unknown" in failed[1]
    store = Store(db_path(data))
    assert PlayerBook(store).by_name("mallory") is None
    store.close()
