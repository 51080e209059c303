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
from .sshclient import Client
from .test_ssh_faults import bot_table, leave_to_bots

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")


async def test_openssh_client(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.export_private_key())
    os.chmod(key_file, 0o600)
    ak = tmp_path / "authorized_keys"
    ak.write_bytes(key.export_public_key())
    srv = await start_server(tmp_path / "data", auth=AuthPolicy(authorized_keys=ak))
    known = tmp_path / "known_hosts"
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("SSH_AUTH_SOCK", None)
    proc = await asyncio.create_subprocess_exec(
        "ssh",
        "-tt",
        "-p",
        str(srv.port),
        "-i",
        str(key_file),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=accept-new",
        "-o",
        f"UserKnownHostsFile={known}",
        "-o",
        "LogLevel=ERROR",
        "-F",
        "/dev/null",
        "kim@127.0.0.1",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    raw = bytearray()

    async def pump() -> None:
        assert proc.stdout is not None
        while chunk := await proc.stdout.read(65536):
            raw.extend(chunk)
            stream.feed(chunk)

    reader = asyncio.create_task(pump())

    async def wait_for(text: str, timeout: float = 20) -> None:
        end = asyncio.get_running_loop().time() + timeout
        while text not in "\n".join(screen.display):
            if asyncio.get_running_loop().time() > end:
                raise AssertionError(f"no {text!r} on screen:\n" + "\n".join(screen.display))
            await asyncio.sleep(0.05)

    async def press(data: bytes) -> None:
        assert proc.stdin is not None
        proc.stdin.write(data)
        await proc.stdin.drain()
        await asyncio.sleep(0.1)

    try:
        await wait_for("you are kim")
        # the host key the client recorded is the server's
        line = known.read_text().split()
        assert asyncssh.import_public_key(" ".join(line[1:3])).get_fingerprint() == srv.fingerprint
        await press(b"n")
        await wait_for("New table")
        await press(b"\r")
        await wait_for("waiting for players")
        await press(b"l")
        await wait_for("No tables yet")
        await press(b"q")
        rc = await asyncio.wait_for(proc.wait(), 15)
        await reader
        assert rc == 0
        assert b"Bye!" in raw
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        reader.cancel()
        await srv.close()


async def test_openssh_client_watches_a_table(tmp_path: Path) -> None:
    """`ssh -tt` at 80x24 watches a playing table (made by an asyncssh client, left
    to bots): the table app as a spectator, live, then back to the lobby."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.export_private_key())
    os.chmod(key_file, 0o600)
    srv = await start_server(tmp_path / "data")  # (open: any key is an identity)
    ann = Client("ann")
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("SSH_AUTH_SOCK", None)
    proc: asyncio.subprocess.Process | None = None
    reader: asyncio.Task[None] | None = None
    try:
        await ann.connect(srv.port)
        await ann.wait_for("lobby")
        room = await bot_table(srv, ann)
        await leave_to_bots(ann)  # four bots: the table plays by itself
        table = room.table
        assert table is not None
        proc = await asyncio.create_subprocess_exec(
            "ssh",
            "-tt",
            "-p",
            str(srv.port),
            "-i",
            str(key_file),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-F",
            "/dev/null",
            "kim@127.0.0.1",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        screen = pyte.Screen(80, 24)
        stream = pyte.ByteStream(screen)

        async def pump() -> None:
            assert proc is not None and proc.stdout is not None
            while chunk := await proc.stdout.read(65536):
                stream.feed(chunk)

        reader = asyncio.create_task(pump())

        def text() -> str:
            return "\n".join(screen.display)

        async def wait_for(what: str | Callable[[], bool], timeout: float = 20) -> None:
            end = asyncio.get_running_loop().time() + timeout
            check = (lambda: what in text()) if isinstance(what, str) else what
            while not check():
                if asyncio.get_running_loop().time() > end:
                    raise AssertionError(f"no {what!r} on screen:\n" + text())
                await asyncio.sleep(0.05)

        async def press(data: bytes) -> None:
            assert proc is not None and proc.stdin is not None
            proc.stdin.write(data)
            await proc.stdin.drain()
            await asyncio.sleep(0.1)

        await wait_for("playing")
        await press(b"w")
        await wait_for("watching (旁观)")
        await wait_for(lambda: len(re.findall(r"\d+ cards", text())) == 4)
        assert "follow a hand" in text() and "ann" in text()
        # live: the screen follows the table
        v0 = table.state.version
        await until(lambda: table.state.version > v0 + 4, 30, "the table to go on")
        first = text()
        await wait_for(lambda: text() != first)
        assert room.spectators == 1
        await press(b"q")  # back to the lobby, no question asked
        await wait_for("you are kim")
        assert room.spectators == 0
        await press(b"q")
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc is not None and proc.returncode is None:
            proc.kill()
            await proc.wait()
        if reader is not None:
            reader.cancel()
        await ann.close()
        await srv.close()
