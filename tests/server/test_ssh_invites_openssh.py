"""`shengji serve --invites` as a process, and OpenSSH's `ssh -tt` as a friend
runs it with a key the server does not know: the banner gives the invite
line, the code typed once in the terminal registers the key, the next
connection goes straight to the lobby."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shengji_tui.server.process import free_port

from .conftest import ServerProcess
from .test_ssh_invites import new_code
from .test_ssh_openssh import OpenSSH, key_file

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")


async def test_openssh_redeems_an_invite_then_comes_straight_in(tmp_path: Path) -> None:
    data = tmp_path / "data"
    code = new_code(data)
    _key, key_path = key_file(tmp_path)
    server = await ServerProcess(data, free_port(), "--invites").start()
    try:
        assert "invites: `shengji invite` makes a code" in server.banner
        assert f"ssh -t -p {server.port} YOUR-NAME@" in server.banner
        assert "(the server's key: SHA256:" in server.banner
        ssh = OpenSSH()
        try:
            await ssh.start(server.port, key_path, "/dev/null", check_host=False)
            await ssh.wait_for("does not know your key")
            assert "Tables" not in ssh.text() and "lobby" not in ssh.text()
            await ssh.press(code.encode() + b"\r")
            await ssh.wait_for("you are kim")
            await ssh.press(b"q")
            assert await ssh.exit_code() == 0
        finally:
            await ssh.close()
        again = OpenSSH()
        try:
            await again.start(server.port, key_path, "/dev/null", check_host=False)
            await again.wait_for("you are kim")
            assert b"does not know your key" not in again.raw
        finally:
            await again.close()
    finally:
        await server.stop()
