"""asyncssh's packets leave in one transport write each (shengji_tui/server/sshbatch.py):
the empty ignore packet asyncssh puts before every encrypted packet goes out with
it, the bytes unchanged (the client reads the lobby and moves in it)."""

from __future__ import annotations

from typing import Any

import pytest
from asyncssh.connection import SSHConnection

from shengji_tui.server import ShengjiServer, sshbatch

from .sshclient import Client


async def test_one_transport_write_per_packet(
    server: ShengjiServer, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert SSHConnection.send_packet is sshbatch._send_packet
    writes: list[int] = []
    packets = {"outer": 0, "all": 0}
    send, send_packet = sshbatch._original_send, sshbatch._original_send_packet

    def counting_send(self: Any, data: bytes) -> None:
        writes.append(len(data))
        send(self, data)

    def counting_send_packet(self: Any, *args: Any, **kw: Any) -> None:
        packets["all"] += 1
        send_packet(self, *args, **kw)

    def outer(self: Any, *args: Any, **kw: Any) -> None:
        if getattr(self, "_shengji_batch", None) is None:
            packets["outer"] += 1
        sshbatch._send_packet(self, *args, **kw)

    monkeypatch.setattr(sshbatch, "_original_send", counting_send)
    monkeypatch.setattr(sshbatch, "_original_send_packet", counting_send_packet)
    monkeypatch.setattr(SSHConnection, "send_packet", outer)
    c = Client("batch")
    clients.append(c)
    await c.connect(server.port)
    await c.wait_for("lobby")
    await c.press("down", "up")
    await c.wait_for("lobby")
    assert packets["outer"] > 10
    assert packets["all"] > packets["outer"]  # ignore packets went out, joined to the next
    # (both ends are in this process: the client's packets are counted too; the
    # version string and anything sent outside send_packet write on their own)
    assert len(writes) <= packets["outer"] + 2
