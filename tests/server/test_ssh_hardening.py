"""The attacks on logins, slots and input, each against a real
server on loopback with asyncssh (or OpenSSH) clients (docs/security.md,
"Authentication, connections and input")."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from shengji_tui.server import AuthPolicy, Limits, ShengjiServer
from shengji_tui.server.auth import add_password
from shengji_tui.server.driver import Terminal
from shengji_tui.server.process import free_port
from shengji_tui.server.server import BLOCKED
from shengji_tui.server.session import GameSession
from shengji_tui.store import Store, db_path

from .conftest import ALSO_WORKERS, ServerProcess, out, start_server
from .game_helpers import until
from .sshclient import Client, _Session

SECRET = "correct horse battery staple"


def connect(port: int, **kw: object) -> asyncssh.SSHClientConnection:
    kw.setdefault("client_keys", [])
    kw.setdefault("password", None)
    return asyncssh.connect(  # type: ignore[return-value]
        "127.0.0.1", port, known_hosts=None, agent_path=None, **kw
    )


class Guesser(asyncssh.SSHClient):
    """Answers each password prompt with a new wrong guess, `limit` times."""

    def __init__(self, limit: int, counts: dict[str, int]) -> None:
        self.limit = limit
        self.counts = counts

    def password_auth_requested(self) -> str | None:
        if self.counts["guesses"] >= self.limit:
            return None
        self.counts["guesses"] += 1
        return f"guess-{self.counts['guesses']}"


async def guess(
    port: int, limit: int, user: str = "meg", counts: dict[str, int] | None = None
) -> tuple[dict[str, int], Exception]:
    """One connection guessing up to `limit` passwords; what ended it."""
    counts = {"guesses": 0} if counts is None else counts
    try:
        conn = await connect(
            port,
            username=user,
            preferred_auth="password",
            client_factory=lambda: Guesser(limit, counts),
        )
    except (asyncssh.Error, OSError) as e:
        return counts, e
    conn.close()
    raise AssertionError("a guess logged in")


async def session_of(server: ShengjiServer, name: str, timeout: float = 10.0) -> GameSession:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in server.sessions:
            if s.identity.name == name and s.app is not None:
                return s
        await asyncio.sleep(0.05)
    raise AssertionError(f"no session of {name}")


async def in_the_lobby(
    server: ShengjiServer, clients: list[Client], name: str, **kw: Any
) -> tuple[Client, Terminal]:
    """A client `name` connected and in the lobby, and its session's terminal."""
    c = Client(name, **kw)
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    session = await session_of(server, name)
    assert session.terminal is not None
    return c, session.terminal


@pytest.fixture
def passwords(tmp_path: Path) -> Path:
    pw = tmp_path / "passwords"
    add_password(pw, "meg", SECRET)
    return pw


# ------------------------------------------------------------ broken 1: the flood


def commands(data: Path) -> int:
    store = Store(db_path(data))
    try:
        return sum(t.commands for t in store.tables())
    finally:
        store.close()


async def make_bot_table(port: int) -> None:
    """meg makes a table, fills it with bots, starts it and leaves it to them."""
    c = Client("meg")
    try:
        c.conn = await connect(port, username="meg", password=SECRET)
        c.chan, _ = await c.conn.create_session(
            lambda: _Session(c), term_type="xterm", term_size=c.size, encoding=None
        )
        await c.wait_for("lobby", 20)
        await c.press("n")
        await c.wait_for("New table", 20)
        await c.press("enter")
        await c.wait_for("waiting for players", 20)
        await c.press("b")
        await c.wait_for(lambda: "(empty)" not in c.text(), 20, "bots in the empty seats")
        await c.press("r")
        await c.wait_for("deal 1", 30)
        await c.press("q")
        await c.wait_for("quit (y)", 20)
        await c.press("y")
        await c.wait_for("lobby", 20)
    finally:
        await c.close()


@pytest.mark.load  # (its own run in `make test`: the table's pace, measured alone)
async def test_password_flood_keeps_tables_moving(tmp_path: Path, passwords: Path) -> None:
    """60 connections guess passwords for 5 s: a bot table keeps moving (it
    stopped for seconds at a time when the guesses' scrypt shared the default
    thread pool with the store and the bots), the address is blocked once its
    budget of failures is used (most guesses refused unchecked), and each
    failed login is in the log (user, address, method)."""
    data, log_file = tmp_path / "data", tmp_path / "server.log"
    port = free_port()
    # every step of the table at the same pace (dealing too), so that its
    # moves per second do not depend on the phase it is in
    srv = await ServerProcess(
        data,
        port,
        "--passwords",
        str(passwords),
        "--log-file",
        str(log_file),
        "--bot-delay",
        "0.1",
        "--deal-delay",
        "0.1",
    ).start()
    try:
        await make_bot_table(port)
        c0, t0 = commands(data), time.monotonic()
        await asyncio.sleep(3.0)
        rate = (commands(data) - c0) / (time.monotonic() - t0)
        assert rate > 0, "the bot table does not play"

        total = {"guesses": 0}

        async def attacker() -> None:
            while True:
                await guess(port, 10**9, counts=total)
                await asyncio.sleep(0.2)  # a bounded burst: at most 5 connections/s each

        c1, t1 = commands(data), time.monotonic()
        attackers = [asyncio.create_task(attacker()) for _ in range(60)]
        try:
            # 5 s, and on until the address is blocked (its budget used: on a
            # busy machine the hashing takes longer), 30 s at most
            await asyncio.sleep(5.0)
            end = time.monotonic() + 25.0
            while BLOCKED not in log_file.read_text() and time.monotonic() < end:
                await asyncio.sleep(0.1)
        finally:
            for task in attackers:
                task.cancel()
            ended = await asyncio.gather(*attackers, return_exceptions=True)
        assert not [e for e in ended if isinstance(e, Exception)], ended  # (a guess let in)
        moved, span = commands(data) - c1, time.monotonic() - t1
        guesses = total["guesses"]
        out(f"flood: {rate:.2f} moves/s before, {moved / span:.2f} during ({guesses} guesses)")
        # the table keeps (most of) its pace; with the shared pool it made ~1/10
        assert moved > 0
        assert moved >= 0.3 * rate * span, (moved, rate, span)
        log_text = log_file.read_text()
        failed = [ln for ln in log_text.splitlines() if "failed login: " in ln]
        odd = [ln for ln in failed if "user 'meg' from 127.0.0.1 by password" not in ln]
        assert failed and not odd, odd[:3]
        checked = [ln for ln in failed if "not checked" not in ln]
        # the flood went past the per-address budget of a minute: the address
        # is refused from then on, and no more than the budget was hashed
        budget = Limits().auth_failures_per_minute
        assert guesses > budget, f"a flood of {guesses} guesses only"
        assert len(checked) <= budget
        assert BLOCKED in log_text
    finally:
        await srv.stop()


async def test_passwords_are_checked_on_their_own_threads(
    tmp_path: Path, passwords: Path, clients: list[Client]
) -> None:
    seen: list[str] = []
    real = AuthPolicy.password_matches

    def spy(password: str, stored: str | None) -> bool:
        seen.append(threading.current_thread().name)
        return real(password, stored)

    srv = await start_server(tmp_path / "d", auth=AuthPolicy(passwords=passwords))
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(AuthPolicy, "password_matches", staticmethod(spy))
            mp.setattr(
                AuthPolicy, "password_ok", lambda self, u, p: spy(p, self.stored_password(u))
            )
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(srv.port, username="meg", password="wrong")
            ok = await connect(srv.port, username="meg", password=SECRET)
            ok.close()
        assert len(seen) == 2 and all(n.startswith("shengji-password") for n in seen), seen
    finally:
        await srv.close()


async def test_password_pool_refuses_when_full() -> None:
    from shengji_tui.server.authguard import PasswordPool

    pool = PasswordPool(1, 1)
    gate = threading.Event()
    try:
        running = [asyncio.ensure_future(pool.run(gate.wait, 10)) for _ in range(2)]
        await asyncio.sleep(0.05)
        t = time.monotonic()
        assert await pool.run(gate.wait, 10) is None  # full: refused at once
        assert time.monotonic() - t < 1.0 and pool.refused == 1
        gate.set()
        assert await asyncio.gather(*running) == [True, True]
        await asyncio.sleep(0.05)
        assert pool.pending == 0
        assert await pool.run(lambda: 7) == 7
    finally:
        gate.set()
        pool.close()


async def test_auth_tries_per_connection(tmp_path: Path, passwords: Path) -> None:
    srv = await start_server(
        tmp_path / "d",
        auth=AuthPolicy(passwords=passwords),
        limits=Limits(auth_delay=0.01, auth_failures_per_minute=100),
    )
    try:
        counts, err = await guess(srv.port, 30)
        assert isinstance(err, asyncssh.DisconnectError), err
        assert "too many authentication failures" in err.reason
        assert counts["guesses"] == Limits().max_auth_tries
        # another connection starts again
        counts, err = await guess(srv.port, 2)
        assert isinstance(err, asyncssh.PermissionDenied) and counts["guesses"] == 2
    finally:
        await srv.close()


async def test_failures_per_address_block_it(tmp_path: Path, passwords: Path) -> None:
    srv = await start_server(
        tmp_path / "d",
        auth=AuthPolicy(passwords=passwords),
        limits=Limits(auth_delay=0.01, auth_failures_per_minute=5),
    )
    try:
        counts, err = await guess(srv.port, 3)
        assert isinstance(err, asyncssh.PermissionDenied)
        counts, err = await guess(srv.port, 10)
        assert isinstance(err, asyncssh.DisconnectError)
        assert "too many failed logins from your address" in err.reason
        assert counts["guesses"] == 3  # 2 more failures made 5, the 3rd was not checked
        # a new connection, even with the right password: refused, with the reason
        with pytest.raises(asyncssh.DisconnectError, match="failed logins from your address"):
            await connect(srv.port, username="meg", password=SECRET)
        assert srv.failures.blocked("127.0.0.1")
    finally:
        await srv.close()


def test_failure_log_window_and_delay() -> None:
    from shengji_tui.server.authguard import FailureLog

    now = [1000.0]
    log = FailureLog(per_minute=3, delay=0.25, delay_max=2.0, clock=lambda: now[0])
    assert [log.delay(log.record("a")) for _ in range(3)] == [0.25, 0.5, 1.0]
    assert log.blocked("a") and not log.blocked("b")
    assert log.delay(6) == 2.0  # capped
    now[0] += 61
    assert not log.blocked("a") and log.count("a") == 0
    for k in range(10_000):  # memory stays bounded whatever the addresses
        log.record(f"10.0.{k // 256}.{k % 256}")
    assert len(log._by_addr) <= 4096


async def test_failed_logins_are_logged(
    tmp_path: Path, passwords: Path, caplog: pytest.LogCaptureFixture
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    ak = tmp_path / "authorized_keys"
    ak.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    srv = await start_server(
        tmp_path / "d",
        auth=AuthPolicy(passwords=passwords, authorized_keys=ak),
        limits=Limits(auth_delay=0.01),
    )
    caplog.set_level(logging.INFO, "shengji_tui")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, username="eve", password="nope")
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, username="kim", client_keys=[key])
        lines = [r.getMessage() for r in caplog.records if "failed login" in r.getMessage()]
        assert any("user 'eve' from 127.0.0.1 by password" in ln for ln in lines)
        fp = key.get_fingerprint("sha256")
        assert any(f"user 'kim' from 127.0.0.1 by publickey ({fp})" in ln for ln in lines)
    finally:
        await srv.close()


# ------------------------------------------------------------ broken 2: the size


async def test_terminal_size_is_capped(server: ShengjiServer, clients: list[Client]) -> None:
    """A PTY of 10000x10000 and a resize to it render at 500x200; another
    player's keys are answered meanwhile."""
    eve = Client("eve", size=(100, 30))  # the screen this test reads stays small
    ann = Client("ann")
    clients.extend([eve, ann])
    await ann.connect(server.port)
    await ann.wait_for("lobby")
    eve.conn = await connect(server.port, username="eve", password="x")
    eve.chan, _ = await eve.conn.create_session(
        lambda: _Session(eve), term_type="xterm", term_size=(10000, 10000), encoding=None
    )
    session = await session_of(server, "eve")
    assert session.terminal is not None and session.terminal.size == (500, 200)
    assert session.app is not None and tuple(session.app.size) == (500, 200)
    eve.chan.change_terminal_size(120, 40)
    await asyncio.sleep(0.3)
    eve.chan.change_terminal_size(10000, 9999)
    ann.send(b"n")
    await ann.wait_for("New table", 20, "ann's key answered")
    await eve_settled(session, (500, 200))
    # the largest row and column eve was sent are within the cap
    assert b"\x1b[201;" not in eve.raw and b";501H" not in eve.raw


async def test_the_input_cannot_resize_the_terminal_or_answer_for_it(
    server: ShengjiServer, clients: list[Client]
) -> None:
    """Replies a terminal sends when asked (an in-band resize report, a cursor
    position, focus in and out, a mode's report) typed by a player are not
    taken as such: Textual's parser reads an in-band resize of 10000x10000 as
    a resize, which the app would have laid out, past the PTY's cap."""
    eve, t = await in_the_lobby(server, clients, "eve", size=(100, 30))
    session = await session_of(server, "eve")
    eve.send(
        b"\x1b[48;10000;10000;0;0t"  # in-band resize report
        b"\x1b[5;7R"  # cursor position report
        b"\x1b[I\x1b[O"  # focus in, focus out
        b"\x1b[?2026;2$y"  # synchronized output: supported
    )
    await until(lambda: t.ignored >= 5, 10, "the replies set aside")
    await asyncio.sleep(0.3)
    assert session.app is not None and tuple(session.app.size) == (100, 30)
    await eve.press_until("New table", "n")  # the keys still work


async def eve_settled(session: GameSession, size: tuple[int, int]) -> None:
    end = time.monotonic() + 20
    while time.monotonic() < end:
        app = session.app
        if app is not None and tuple(app.size) == size:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the app is at {session.app and session.app.size}, not {size}")


async def test_a_resize_flood_ends_at_the_newest_size(
    server: ShengjiServer, clients: list[Client]
) -> None:
    c = Client("res", size=(100, 30))
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    session = await session_of(server, "res")
    assert c.chan is not None
    for k in range(300):
        c.chan.change_terminal_size(80 + k % 40, 24 + k % 20)
    c.resize(111, 33)
    await eve_settled(session, (111, 33))
    await c.wait_for(lambda: "palette" in c.lines()[32], 10, "the footer on the last line")


# ------------------------------------------------------------ weak: input events


@ALSO_WORKERS
async def test_events_per_second_are_limited(server: ShengjiServer, clients: list[Client]) -> None:
    """Keys under the byte limit still pass the event limit: 3000 arrow keys
    (9 KB, under the 16 KiB byte burst) at once reach the app as at most the
    event burst; the lobby answers afterwards."""
    c, t = await in_the_lobby(server, clients, "keys")
    c.send(b"\x1b[A" * 3000)
    most = Limits().input_events_burst + 2 * Limits().input_events  # (2 s of refill)
    await until(lambda: t.events.dropped >= 3000 - most, 20, "the keys over the budget dropped")
    assert t.bucket.dropped == 0  # the bytes were allowed...
    await c.press_until("New table", "n")  # ...and the lobby answers once the events refill


@ALSO_WORKERS
async def test_mouse_floods_are_coalesced(server: ShengjiServer, clients: list[Client]) -> None:
    c, t = await in_the_lobby(server, clients, "mouse")
    c.send(b"\x1b[<65;10;10M" * 500 + b"\x1b[<35;3;3M\x1b[<35;4;4M")  # wheel; two moves
    await until(lambda: t.coalesced >= 499 + 1, 20, "the reports coalesced")
    assert t.coalesced == 499 + 1
    assert t.events.dropped == 0  # the two that stayed were within the budget
    await c.press("n")
    await c.wait_for("New table", 10)


# ------------------------------------------------------------ weak: slots


async def silent_sockets(port: int, n: int) -> list[asyncio.StreamWriter]:
    out = []
    for _ in range(n):
        _, w = await asyncio.open_connection("127.0.0.1", port)
        out.append(w)
    await asyncio.sleep(0.2)
    return out


async def test_silent_sockets_do_not_take_the_players_slots(
    tmp_path: Path, clients: list[Client]
) -> None:
    """8 silent sockets at --max-connections 8: a player still gets in (they
    are counted as logins in progress, not players)."""
    srv = await start_server(tmp_path / "d", limits=Limits(max_connections=8))
    socks = await silent_sockets(srv.port, 8)
    try:
        c = Client("ann")
        clients.append(c)
        await asyncio.wait_for(c.connect(srv.port), 10)
        await c.wait_for("lobby")
    finally:
        for w in socks:
            w.close()
        await srv.close()


async def test_logins_in_progress_are_capped_and_time_out(
    tmp_path: Path, clients: list[Client]
) -> None:
    srv = await start_server(
        tmp_path / "d", limits=Limits(max_unauthenticated=3, handshake_timeout=1.0)
    )
    socks = await silent_sockets(srv.port, 3)
    try:
        with pytest.raises(asyncssh.DisconnectError, match="too many logins in progress"):
            await connect(srv.port, username="ann", password="x")
        # the silent ones are closed after the handshake timeout...
        end = time.monotonic() + 10
        while srv.unauthenticated and time.monotonic() < end:
            await asyncio.sleep(0.1)
        assert srv.unauthenticated == 0
        # ...and a player gets in
        c = Client("ann")
        clients.append(c)
        await c.connect(srv.port)
        await c.wait_for("lobby")
    finally:
        for w in socks:
            w.close()
        await srv.close()


async def test_logged_in_without_a_session_is_closed(tmp_path: Path) -> None:
    srv = await start_server(tmp_path / "d", limits=Limits(session_open_timeout=1.0))
    try:
        conn = await connect(srv.port, username="ann", password="x")
        assert srv.connections == 1
        await asyncio.wait_for(conn.wait_closed(), 10)
        assert srv.connections == 0
    finally:
        await srv.close()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")
@pytest.mark.parametrize(
    ("flags", "sentence"),
    [
        (("--max-connections", "0"), "the server is full"),
        (("--max-unauthenticated", "0"), "too many logins in progress"),
    ],
)
async def test_openssh_shows_the_refusal(
    tmp_path: Path, flags: tuple[str, str], sentence: str
) -> None:
    """OpenSSH prints the reason ("Received disconnect ...: the server is
    full ..."), not "banner line contains invalid characters"."""
    port = free_port()
    srv = await ServerProcess(tmp_path / "data", port, "--open", *flags).start()
    env = dict(os.environ)
    env.pop("SSH_AUTH_SOCK", None)
    try:
        proc = await asyncio.create_subprocess_exec(
            "ssh",
            "-F",
            "/dev/null",
            "-T",
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-p",
            str(port),
            "ann@127.0.0.1",
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        _, err = await asyncio.wait_for(proc.communicate(), 30)
        text = err.decode(errors="replace")
        assert "Received disconnect" in text and sentence in text, text
        assert "banner" not in text
    finally:
        await srv.stop()


# ------------------------------------------------------------ weak: revocation


async def test_removed_or_broken_authorized_keys_revoke(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    ak = tmp_path / "authorized_keys"
    ak.write_bytes(good.export_public_key() + other.export_public_key())
    srv = await start_server(tmp_path / "d", auth=AuthPolicy(authorized_keys=ak))
    caplog.set_level(logging.INFO, "shengji_tui")
    try:
        (await connect(srv.port, username="kim", client_keys=[good])).close()
        ak.unlink()  # revoked: nobody gets in by the file
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, username="kim", client_keys=[good])
        assert any("cannot read the authorized keys file" in r.getMessage() for r in caplog.records)
        # back, with a malformed line: skipped and logged, the rest works
        ak.write_bytes(b"ssh-ed25519 AAAA-not-base64 x\n" + other.export_public_key())
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, username="kim", client_keys=[good])
        (await connect(srv.port, username="lee", client_keys=[other])).close()
        assert any("skipped malformed lines 1" in r.getMessage() for r in caplog.records)
    finally:
        await srv.close()


async def test_removed_or_broken_passwords_revoke(
    tmp_path: Path, passwords: Path, caplog: pytest.LogCaptureFixture
) -> None:
    srv = await start_server(
        tmp_path / "d", auth=AuthPolicy(passwords=passwords), limits=Limits(auth_delay=0.01)
    )
    caplog.set_level(logging.INFO, "shengji_tui")
    try:
        (await connect(srv.port, username="meg", password=SECRET)).close()
        original = passwords.read_text()
        passwords.unlink()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, username="meg", password=SECRET)
        assert any("cannot read the passwords file" in r.getMessage() for r in caplog.records)
        passwords.write_text("garbage line\n" + original)
        (await connect(srv.port, username="meg", password=SECRET)).close()
        assert any("skipped malformed lines 1" in r.getMessage() for r in caplog.records)
        if os.geteuid() != 0:  # root reads a 000 file anyway
            passwords.chmod(0)
            try:
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(srv.port, username="meg", password=SECRET)
            finally:
                passwords.chmod(0o600)
    finally:
        await srv.close()


# ------------------------------------------------------------ weak: SetEnv, names


async def test_only_the_games_environment_is_kept(
    server: ShengjiServer, clients: list[Client]
) -> None:
    env = {f"JUNK{k}": "x" * 1000 for k in range(300)}
    env.update(
        LANG="zh_CN.UTF-8",
        LC_ALL="zh_CN.UTF-8",
        COLORTERM="truecolor",
        NO_COLOR="1",
        LC_HUGE="y" * 5000,
        LD_PRELOAD="/tmp/x.so",
    )
    c = Client("envy")
    clients.append(c)
    await c.connect(server.port, env=env)
    await c.wait_for("大厅")
    session = await session_of(server, "envy")
    assert session.chan is not None
    kept = dict(session.chan.get_environment())
    assert kept == {
        "LANG": "zh_CN.UTF-8",
        "LC_ALL": "zh_CN.UTF-8",
        "COLORTERM": "truecolor",
        "NO_COLOR": "1",
    }


async def test_names_are_normalised_at_login(server: ShengjiServer, clients: list[Client]) -> None:
    """Full-width letters, a zero-width space and 16 combining accents on one
    letter (asyncssh's SASLprep, on both ends, already folds the first two):
    the others see "alice"."""
    c = Client("ａｌｉｃｅ\u200b" + "\u0301" * 16)
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("you are alice ", 15)
    session = await session_of(server, "alice")
    assert session.identity.name == "alice"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("ａｌｉｃｅ", "alice"),
        ("alice\u200b", "alice"),
        ("al\u200dice\ufeff\u00ad", "alice"),
        ("\u202eecila", "ecila"),  # a right-to-left override
        ("e" + "\u0301" * 16, "e"),  # a run of marks: gone whole
        ("jose\u0301", "josé"),  # one accent: kept (composed)
        ("ที่ดิน", "ที่ดิน"),  # Thai: two marks on one letter
        ("Nguyễn Văn", "Nguyễn Văn"),
        ("  a \u3000  b ", "a b"),
        ("\u0301x", "x"),
        ("ﬁ²", "fi2"),
        ("张伟" * 5, "张伟" * 4),  # 16 cells
        ("a" * 40, "a" * 16),
        ("\u3164\u115f", "player"),  # Hangul fillers only
        ("\x1b[31mevil\x07", "evil"),
    ],
)
def test_normalise_name(raw: str, shown: str) -> None:
    from shengji_tui.server.names import normalise_name

    assert normalise_name(raw) == shown
