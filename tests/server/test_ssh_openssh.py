"""The OpenSSH client (`ssh -tt`) against the server: host key check, public-key
auth from an authorized_keys file, the lobby, leaving."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pyte
import pytest

from shengji_tui.server import AuthPolicy

from .conftest import start_server
from .game_helpers import until
from .sshclient import SLACK, Client
from .test_ssh_faults import bot_table, leave_to_bots

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")


def key_file(tmp_path: Path) -> tuple[asyncssh.SSHKey, Path]:
    """A new ed25519 key, written where `ssh -i` takes it."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "id_ed25519"
    path.write_bytes(key.export_private_key())
    os.chmod(path, 0o600)
    return key, path


class OpenSSH:
    """`ssh -tt` as a person runs it, its output read by a pyte terminal of 80x24."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task[None] | None = None
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()

    async def start(self, port: int, key: Path, known_hosts: str, *, check_host: bool) -> None:
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("SSH_AUTH_SOCK", None)
        strict = "accept-new" if check_host else "no"
        opts = ["IdentitiesOnly=yes", "BatchMode=yes", f"StrictHostKeyChecking={strict}"]
        opts += [f"UserKnownHostsFile={known_hosts}", "LogLevel=ERROR"]
        self.proc = await asyncio.create_subprocess_exec(
            "ssh",
            "-tt",
            "-p",
            str(port),
            "-i",
            str(key),
            *(a for o in opts for a in ("-o", o)),
            "-F",
            "/dev/null",
            "kim@127.0.0.1",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        self.reader = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while chunk := await self.proc.stdout.read(65536):
            self.raw.extend(chunk)
            self.stream.feed(chunk)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, what: str | Callable[[], bool], timeout: float = 20) -> None:
        end = asyncio.get_running_loop().time() + timeout * SLACK
        check = (lambda: what in self.text()) if isinstance(what, str) else what
        while not check():
            if asyncio.get_running_loop().time() > end:
                raise AssertionError(f"no {what!r} on screen:\n" + self.text())
            await asyncio.sleep(0.05)

    async def press(self, data: bytes) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(data)
        await self.proc.stdin.drain()
        await asyncio.sleep(0.1)

    async def exit_code(self) -> int:
        """The client's exit status once it has ended by itself (within 15 s)."""
        assert self.proc is not None
        rc = await asyncio.wait_for(self.proc.wait(), 15)
        if self.reader is not None:
            await self.reader
        return rc

    async def close(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        if self.reader is not None:
            self.reader.cancel()


async def test_openssh_client(tmp_path: Path) -> None:
    key, key_path = key_file(tmp_path)
    ak = tmp_path / "authorized_keys"
    ak.write_bytes(key.export_public_key())
    srv = await start_server(tmp_path / "data", auth=AuthPolicy(authorized_keys=ak))
    known = tmp_path / "known_hosts"
    ssh = OpenSSH()
    try:
        await ssh.start(srv.port, key_path, str(known), check_host=True)
        await ssh.wait_for("you are kim")
        # the host key the client recorded is the server's
        line = known.read_text().split()
        assert asyncssh.import_public_key(" ".join(line[1:3])).get_fingerprint() == srv.fingerprint
        await ssh.press(b"n")
        await ssh.wait_for("New table")
        await ssh.press(b"\r")
        await ssh.wait_for("waiting for players")
        await ssh.press(b"l")
        await ssh.wait_for("No tables yet")
        await ssh.press(b"q")
        assert await ssh.exit_code() == 0
        assert b"Bye!" in ssh.raw
    finally:
        await ssh.close()
        await srv.close()


async def test_openssh_client_watches_a_table(tmp_path: Path) -> None:
    """`ssh -tt` at 80x24 watches a playing table (made by an asyncssh client, left
    to bots): the table app as a spectator, live, then back to the lobby."""
    _key, key_path = key_file(tmp_path)
    srv = await start_server(tmp_path / "data")  # (open: any key is an identity)
    ann = Client("ann")
    ssh = OpenSSH()
    try:
        await ann.connect(srv.port)
        await ann.wait_for("lobby")
        room = await bot_table(srv, ann)
        await leave_to_bots(ann)  # four bots: the table plays by itself
        table = room.table
        assert table is not None
        await ssh.start(srv.port, key_path, "/dev/null", check_host=False)
        await ssh.wait_for("playing")
        await ssh.press(b"w")
        await ssh.wait_for("watching (旁观)")
        await ssh.wait_for(lambda: len(re.findall(r"\d+ cards", ssh.text())) == 4)
        assert "follow a hand" in ssh.text() and "ann" in ssh.text()
        # live: the screen follows the table
        v0 = table.state.version
        await until(lambda: table.state.version > v0 + 4, 30, "the table to go on")
        first = ssh.text()
        await ssh.wait_for(lambda: ssh.text() != first)
        assert room.spectators == 1
        await ssh.press(b"q")  # back to the lobby, no question asked
        await ssh.wait_for("you are kim")
        assert room.spectators == 0
        await ssh.press(b"q")
        assert await ssh.exit_code() == 0
    finally:
        await ssh.close()
        await ann.close()
        await srv.close()
