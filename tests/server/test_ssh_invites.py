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

import contextlib
import io
import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import redirect_stdout
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from shengji_tui.cli import main as cli
from shengji_tui.players.book import PlayerBook
from shengji_tui.players.settings import PlayerSettings
from shengji_tui.rules import RuleSet
from shengji_tui.server import AuthPolicy, Limits, ShengjiServer
from shengji_tui.store import Store, db_path
from shengji_tui.table import Pacing, TableSettings

from .conftest import start_server
from .game_helpers import until
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


# ------------------------------------------------------------ no key


class Answers(asyncssh.SSHClient):
    """Answers keyboard-interactive prompts with `answers`, one challenge each."""

    def __init__(self, *answers: Sequence[str]) -> None:
        self.answers = list(answers)
        self.said: list[str] = []

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str] | None:
        self.said.append(instructions)
        if not prompts:
            return []
        if not self.answers:
            return None
        return list(self.answers.pop(0))


async def connect_kbdint(port: int, name: str, client: Answers) -> Client:
    c = Client(name)
    c.conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        password=None,
        preferred_auth="keyboard-interactive",
        client_factory=lambda: client,
    )
    c.chan, _ = await c.conn.create_session(
        lambda: _Session(c), term_type="xterm-256color", term_size=c.size, encoding=None
    )
    return c


async def test_a_keyless_friend_redeems_a_code_with_a_password(server: ShengjiServer) -> None:
    code = new_code(data_of(server))
    answers = Answers(
        (code, "a good password", "a typo password"),  # the two differ: asked again
        (code, "a good password", "a good password"),
    )
    ria = await connect_kbdint(server.port, "ria", answers)
    try:
        await ria.wait_for("you are ria", 15)
    finally:
        await ria.close()
    assert "The two passwords differ" in answers.said[1]
    # from then on: her password (keyboard-interactive or plain)
    back = await connect_kbdint(server.port, "ria", Answers(("a good password",)))
    try:
        await back.wait_for("you are ria", 15)
    finally:
        await back.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect_kbdint(server.port, "ria", Answers(("not her password",)))
    # the code is used up: another keyless friend is refused
    with pytest.raises(asyncssh.PermissionDenied):
        await connect_kbdint(server.port, "sam", Answers((code, "passwords", "passwords")))


# ------------------------------------------------------------ removal


async def test_a_removed_player_is_refused_and_their_seat_goes_to_a_bot(
    server: ShengjiServer,
) -> None:
    data = data_of(server)
    key = asyncssh.generate_private_key("ssh-ed25519")
    joe = await connect_key(server.port, "joe", key)
    ident = "key:" + str(key.get_fingerprint("sha256"))
    try:
        await type_code(joe, new_code(data))
        await joe.wait_for("you are joe", 15)
        await joe.press("n")
        await joe.wait_for("New table")
        await joe.press("enter")
        await joe.wait_for("waiting for players")
        room = next(r for r in server.registry.listing() if r.seat_of(ident) is not None)
        await joe.press("b")
        await until(lambda: not room.free_seats(), what="bots")
        await joe.press("r")
        await until(lambda: room.status == "playing", what="the table to start")
        seat = room.seat_of(ident)
        assert seat is not None
        rc, out = run_cli("players", "--data-dir", str(data), "--remove", "JOE")
        assert rc == 0 and "removed joe" in out
        await joe.wait_for(joe.closed.is_set, 10, "joe's session closed")
        assert "The host of this server removed you" in joe.text()
        assert room.slots[seat].kind == "bot" and room.table is not None
        await until(lambda: room.table is not None and room.table.bot_at(seat) is not None, 10)
    finally:
        await joe.close()
    with pytest.raises(asyncssh.DisconnectError) as e:
        await connect_key(server.port, "joe", key)
    assert "removed from the server by its host" in str(e.value)
    if room.table is not None:  # (the bots' table ends here: the module's server goes on)
        await room.table.close()


# ------------------------------------------------------------ settings


async def open_palette(c: Client) -> None:
    """ctrl+p until the command palette shows (a key pressed while the screen
    was still being made may be lost: on a loaded machine, pressed again)."""
    for _ in range(3):
        await c.press("\x10")
        with contextlib.suppress(AssertionError):
            await c.wait_for("Search for commands", 5, "the palette")
            return
    await c.wait_for("Search for commands", 5, "the palette")


async def test_settings_follow_the_player_across_connections(server: ShengjiServer) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    ivy = await connect_key(server.port, "ivy", key)
    try:
        await type_code(ivy, new_code(data_of(server)))
        await ivy.wait_for("you are ivy", 15)
        await ivy.press("n")
        await ivy.wait_for("New table")
        await ivy.press("enter")
        await ivy.wait_for("waiting for players")
        await ivy.press("b")
        await ivy.wait_for("Bo")
        await ivy.press("r")
        await ivy.wait_for("cards", 20)
        for command in ("Card style", "Language"):  # ASCII cards, then Chinese
            await open_palette(ivy)
            await ivy.press(*command)
            await ivy.wait_for(command + ":", 10)
            await ivy.press("enter")
            await ivy.wait_for(lambda: "Search for commands" not in ivy.text(), 10)
        await ivy.wait_for("出牌", 10)
    finally:
        await ivy.close()
    ident = "key:" + str(key.get_fingerprint("sha256"))
    store = Store(db_path(data_of(server)))
    kept = PlayerBook(store).get(ident)
    store.close()
    assert kept is not None and kept.settings == PlayerSettings(lang="zh", ascii=True)
    # the next connection (an English terminal): Chinese, ASCII cards, at her table
    back = await connect_key(server.port, "ivy", key)
    try:
        await back.wait_for("出牌", 20)
        hand = back.text()
        assert not any(s in hand for s in "♠♥♦♣")
    finally:
        await back.close()
    found = server.registry.find_seat(ident)
    assert found is not None
    server.registry.leave(ident)


# ------------------------------------------------------------ a finished match


def short(preset: str) -> RuleSet:
    """The preset's match of its last two levels (a few deals)."""
    rules = RuleSet.preset(preset)
    levels = rules.levels[-2:]
    return rules.model_copy(
        update={"levels": levels, "must_play": [lv for lv in rules.must_play if lv in levels]}
    )


async def test_a_finished_match_gives_stats_and_ratings(server: ShengjiServer) -> None:
    """zoe (registered by an invite) makes a table of three random bots and is
    away (a stand-in plays her seat): when the match ends her results and
    rating are recorded; `p` in the lobby shows them, `shengji stats` too."""
    data = data_of(server)
    key = asyncssh.generate_private_key("ssh-ed25519")
    ident = "key:" + str(key.get_fingerprint("sha256"))
    zoe = await connect_key(server.port, "zoe", key)
    try:
        await type_code(zoe, new_code(data))
        await zoe.wait_for("you are zoe", 15)
    finally:
        await zoe.close()
    reg = server.registry
    settings = TableSettings(
        rules=short("one-deck"),
        seed=17,
        pacing=Pacing(bot_delay=0.0, deal_delay=0.0, grace=0.0),
    )
    room = reg.create(settings, ident, "zoe")
    reg.add_bots(room, "random")
    reg.set_ready(room, ident, True)
    table = room.table
    assert table is not None
    await until(lambda: table.finished, 60, "the match to end")
    store = Store(db_path(data))
    try:
        from shengji_tui.players.results import ratings_of, recorded

        await until(lambda: recorded(store, room.table_id), 10, "the results")
        rating = ratings_of(store, ident)["partners"]
    finally:
        store.close()
    assert rating.matches == 1
    rc, out = run_cli("stats", "zoe", "--json", "--data-dir", str(data))
    prof = json.loads(out)
    assert rc == 0 and prof["presets"][0]["matches"] == 1
    assert prof["games"][0]["table_id"] == room.table_id
    assert round(prof["ratings"]["partners"]["shown"], 6) == round(rating.shown, 6)
    rc, out = run_cli("stats", "--top", "--json", "--data-dir", str(data))
    assert "zoe" in [r["name"] for r in json.loads(out)["partners"]]
    # another player, rated higher (as if from matches of their own)
    with Store(db_path(data)) as store:
        PlayerBook(store).arrive("key:SHA256:yan", "yan", "keys")
        with store.sql("rate yan") as db:
            db.execute(
                "INSERT INTO ratings VALUES ('key:SHA256:yan', 'partners', 40.0, 2.0, 9, 0.0)"
            )
    # the lobby's players screen: her profile, the leaderboard, yan's public stats
    back = await connect_key(server.port, "zoe", key)
    try:
        await back.wait_for("you are zoe", 15)
        await back.press("p")
        await back.wait_for("You: zoe", 10)
        await back.wait_for(f"rating, fixed partners: {rating.shown:.1f}", 10)
        assert "1 match, " in back.text() and room.table_id in back.text()
        await back.wait_for("Leaderboard, fixed partners", 10)
        head = next(k for k, ln in enumerate(back.lines()) if "#  player" in ln)
        rows = back.lines()[head + 1 :]
        at = next(k for k, ln in enumerate(rows) if " yan " in ln)
        assert "34.0" in rows[at]  # (40 - 3 x 2)
        await back.press(*["down"] * at, "enter")
        await back.wait_for(lambda: "You: zoe" not in back.text(), 10, "yan's stats")
        assert "rating, fixed partners: 34.0 (mean 40.0, uncertainty 2.0; 9 matches)" in back.text()
        await back.press("m")
        await back.wait_for("You: zoe", 10)
        await back.press("escape")
        await back.wait_for("you are zoe", 10)
    finally:
        await back.close()
