"""The server's edges with real SSH clients: host key, auth, refusals, limits,
resize, colours, garbage input, idle timeout."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import asyncssh
import pytest

from shengji_tui.server import AuthPolicy, Limits, ShengjiServer
from shengji_tui.server.auth import add_password, display_name, hash_password, verify_password
from shengji_tui.server.driver import Terminal, color_system
from shengji_tui.tui.terminal import patches

from .conftest import ALSO_WORKERS, start_server
from .game_helpers import until
from .split import counted
from .sshclient import Client


async def test_host_key_made_once_0600_and_reused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    srv = await start_server(data)
    try:
        key_file = data / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        assert srv.host_key_created
        first = srv.fingerprint
        assert first.startswith("SHA256:")
        conn = await asyncssh.connect(
            "127.0.0.1",
            srv.port,
            username="x",
            password="x",
            known_hosts=None,
            client_keys=[],
            agent_path=None,
        )
        seen = conn.get_server_host_key()
        assert seen is not None and seen.get_fingerprint("sha256") == first
        conn.close()
    finally:
        await srv.close()
    again = await start_server(data)
    try:
        assert not again.host_key_created
        assert again.fingerprint == first
    finally:
        await again.close()


async def test_no_pty_gets_one_sentence(server: ShengjiServer, clients: list[Client]) -> None:
    c = Client("nopty")
    clients.append(c)
    await c.connect(server.port, term=None)
    await asyncio.wait_for(c.closed.wait(), 10)
    assert b"ssh -t" in c.raw
    assert c.exit_status == 1


async def test_exec_is_refused(server: ShengjiServer, clients: list[Client]) -> None:
    c = Client("exec")
    clients.append(c)
    await c.connect(server.port, term=None, command="cat /etc/passwd")
    await asyncio.wait_for(c.closed.wait(), 10)
    assert b"only runs the game" in c.stderr
    assert b"root:" not in c.raw
    assert c.exit_status == 1


async def test_sftp_and_forwarding_are_refused(server: ShengjiServer) -> None:
    conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="x",
        password="x",
        known_hosts=None,
        client_keys=[],
        agent_path=None,
    )
    try:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession, subsystem="sftp")
    finally:
        conn.close()


async def test_refused_auth_keys_and_passwords(tmp_path: Path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    ak = tmp_path / "authorized_keys"
    ak.write_bytes(b'command="x" ' + good.export_public_key())
    pw = tmp_path / "passwords"
    add_password(pw, "meg", "s3cret")
    assert stat.S_IMODE(pw.stat().st_mode) == 0o600
    policy = AuthPolicy(authorized_keys=ak, passwords=pw)
    srv = await start_server(tmp_path / "data", auth=policy)
    try:

        def connect(**kw):
            kw.setdefault("client_keys", [])
            kw.setdefault("password", None)
            return asyncssh.connect("127.0.0.1", srv.port, known_hosts=None, agent_path=None, **kw)

        with pytest.raises(asyncssh.PermissionDenied):
            await connect(username="eve", client_keys=[bad])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(username="meg", password="wrong")
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(username="nobody", password="s3cret")
        ok = await connect(username="kim", client_keys=[good])
        ok.close()
        c = Client("meg")
        try:
            c.conn = await connect(username="meg", password="s3cret")
            c.chan, _ = await c.conn.create_session(
                lambda: __import__("tests.server.sshclient", fromlist=["_Session"])._Session(c),
                term_type="xterm",
                term_size=c.size,
                encoding=None,
            )
            await c.wait_for("you are meg")
        finally:
            await c.close()
    finally:
        await srv.close()


def test_password_hashes() -> None:
    # a password long enough that a random base64 hash cannot hold it by chance
    pw = "correct horse battery"
    h = hash_password(pw)
    assert h.startswith("scrypt$") and pw not in h and "horse" not in h
    assert verify_password(pw, h)
    assert not verify_password(pw.upper(), h)
    assert not verify_password(pw, "garbage")
    assert hash_password(pw) != h  # salted


def test_display_names_are_safe() -> None:
    assert display_name("ann") == "ann"
    assert display_name("\x1b[31mevil\x07") == "evil"
    assert display_name("a" * 40) == "a" * 16
    assert display_name("\x00\x01") == "player"


@pytest.mark.parametrize("workers", [1, 2], ids=["one", "workers2"])
async def test_connection_and_session_limits(
    tmp_path: Path, clients: list[Client], workers: int
) -> None:
    srv = await start_server(
        tmp_path / "d", limits=Limits(max_connections=2, max_sessions=1), workers=workers
    )
    try:
        a = Client("a")
        b = Client("b")
        clients.extend([a, b])
        await a.connect(srv.port)
        await b.connect(srv.port)
        # (with front ends: a and b on one each, the third on a's, which counts b's)
        await until(lambda: counted(srv) == [2] * workers, 10, "the whole server's count")
        with pytest.raises((asyncssh.DisconnectError, asyncssh.ConnectionLost, OSError)):
            conn = await asyncssh.connect(
                "127.0.0.1",
                srv.port,
                username="c",
                password="x",
                known_hosts=None,
                client_keys=[],
                agent_path=None,
            )
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
        assert a.conn is not None
        with pytest.raises(asyncssh.ChannelOpenError):
            await a.conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
        await a.wait_for("lobby")
    finally:
        await srv.close()


async def test_idle_timeout(tmp_path: Path, clients: list[Client]) -> None:
    srv = await start_server(tmp_path / "d", limits=Limits(idle_timeout=1.0))
    try:
        c = Client("sleepy")
        clients.append(c)
        await c.connect(srv.port)
        await c.wait_for("lobby")
        await asyncio.wait_for(c.closed.wait(), 10)
        assert b"without a key" in c.raw
    finally:
        await srv.close()


async def test_resize(server: ShengjiServer, clients: list[Client]) -> None:
    c = Client("res", size=(100, 30))
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    assert "palette" in c.lines()[29]
    c.resize(120, 40)
    await c.wait_for(lambda: "palette" in c.lines()[39], 10, "the footer on the new last line")
    assert c.lines()[39].rstrip().endswith("palette")
    assert len(c.lines()[39]) == 120


@ALSO_WORKERS
async def test_garbage_and_oversized_input(server: ShengjiServer, clients: list[Client]) -> None:
    c = Client("junk")
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    # random bytes that press no key of the lobby (a random "q" would leave): invalid
    # UTF-8, stray continuation bytes, NULs, half escape sequences
    rnd = bytes(b for b in os.urandom(8192) if b >= 0x80 or b == 0)
    c.send(rnd)
    c.send(b"\x1b[1;" * 200 + b"\x1bO" * 100 + b"\x1b[<0;1" + b"\x1b]52;c;" + b"A" * 10)
    c.send(b"\x1b[" + b"9" * 5000 + b"m\x1b[<99999;99999;99999M\x1b]0;title\x07\xff\xfe\xc3")
    c.send(b"\x1b[200~" + b"x" * 300_000 + b"\x1b[201~")  # an enormous paste
    c.send(b"\x1b" * 1000)
    session = next(iter(server.sessions))
    assert session.terminal is not None
    terminal = session.terminal  # (over the bucket, and the rest of what was cut)
    await until(lambda: terminal.dropped > 250_000, 20, "the paste dropped")
    # the lobby answers once the bucket refills
    await c.press("escape", "escape")
    await c.press_until("New table", "n", each=1.0, tries=30)
    assert not c.closed.is_set()


def test_colours_come_from_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")  # the server's: must not matter
    assert color_system({}, "xterm-256color") == "256"
    assert color_system({"COLORTERM": "truecolor"}, "xterm-256color") == "truecolor"
    assert color_system({}, "xterm") == "standard"
    assert color_system({}, "dumb") == "standard"  # never None: Textual would use 24-bit
    t = Terminal(lambda b: None, (90, 30), term="xterm-256color", env={})
    con = t.console()
    assert con.color_system == "256" and con.size == (90, 30)


@pytest.mark.skipif(
    not patches.active(), reason="one colour system for every session without the patches"
)
async def test_colours_on_the_wire(
    server: ShengjiServer, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")
    c256 = Client("c256")
    ctrue = Client("ctrue")
    cstd = Client("cstd")
    clients.extend([c256, ctrue, cstd])
    await c256.connect(server.port, term="xterm-256color")
    await ctrue.connect(server.port, term="xterm-256color", env={"COLORTERM": "truecolor"})
    await cstd.connect(server.port, term="xterm")
    for c in (c256, ctrue, cstd):
        await c.wait_for("lobby")
        await c.settle()
    assert b"38;2;" in ctrue.raw or b"48;2;" in ctrue.raw
    assert b"38;2;" not in c256.raw and b"48;2;" not in c256.raw
    assert b"38;5;" in c256.raw or b"48;5;" in c256.raw
    for seq in (b"38;2;", b"48;2;", b"38;5;", b"48;5;"):
        assert seq not in cstd.raw


async def test_server_side_actions_are_off(
    server: ShengjiServer, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    import webbrowser

    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url))
    c = Client("act")
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    session = next(iter(server.sessions))
    app = session.app
    assert app is not None
    driver = app._driver
    assert driver is not None and not driver.can_suspend
    driver.open_url("http://example.invalid/")
    app.open_url("http://example.invalid/")
    app.action_suspend_process()
    names = [cmd.title for cmd in app.get_system_commands(app.screen)]
    assert not any("screenshot" in n.lower() for n in names)
    assert opened == []
    await c.wait_for("lobby")


async def test_plain_sentences_follow_the_clients_language(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """The lines written outside the apps (no terminal, a command, goodbye) are in
    the client's language (its LANG), like the lobby and the table."""
    from shengji_tui.text import load_catalogue

    zh = {"LANG": "zh_CN.UTF-8"}
    c = Client("nopty-zh")
    clients.append(c)
    await c.connect(server.port, term=None, env=zh)
    await asyncio.wait_for(c.closed.wait(), 10)
    assert "需要一个终端" in c.raw.decode()
    e = Client("exec-zh")
    clients.append(e)
    await e.connect(server.port, command="ls", env=zh)
    await asyncio.wait_for(e.closed.wait(), 10)
    assert "只运行游戏" in e.stderr.decode()
    b = Client("bye-zh")
    clients.append(b)
    await b.connect(server.port, env=zh)
    await b.wait_for("大厅")
    b.send(b"q")
    await asyncio.wait_for(b.closed.wait(), 10)
    assert "再见" in b.raw.decode()
    # both catalogues have every sentence (host_lost: a front end's, its host restarting;
    # input_dropped: a session over its byte budget)
    en, zh_texts = load_catalogue("en"), load_catalogue("zh")
    keys = {k for k in en if k.startswith("session.")}
    assert len(keys) == 12 and keys == {k for k in zh_texts if k.startswith("session.")}
