"""One socket write per SSH packet sent, not two.

asyncssh puts an empty `MSG_IGNORE` packet before every packet once the
connection is encrypted (an old defence for CBC ciphers), and hands each
packet to the transport on its own: every frame of a table screen cost two
`send()` system calls. On the development VM a loopback `send()` takes
~0.1-0.3 ms (it wakes the reader), and a play sends a frame to each of four
players from one core. Here the packets one `send_packet` call makes (the
ignore packet, a rekey's KEXINIT, the packet itself) are joined into one
transport write, in the same order: the bytes on the wire are unchanged.

Installed when the server is imported; a no-op if asyncssh's internals differ
from the pinned 2.x (`send_packet` / `_send`), checked by tests/server.
"""

from __future__ import annotations

from typing import Any

from asyncssh.connection import SSHConnection

_original_send_packet = getattr(SSHConnection, "send_packet", None)
_original_send = getattr(SSHConnection, "_send", None)


def _send_packet(self: Any, pkttype: int, *args: bytes, **kw: Any) -> None:
    if getattr(self, "_shengji_batch", None) is not None:  # nested: the ignore packet
        _original_send_packet(self, pkttype, *args, **kw)  # type: ignore[misc]
        return
    batch: list[bytes] = []
    self._shengji_batch = batch
    try:
        _original_send_packet(self, pkttype, *args, **kw)  # type: ignore[misc]
    finally:
        self._shengji_batch = None
        if batch:
            _original_send(self, b"".join(batch))  # type: ignore[misc]


def _send(self: Any, data: bytes) -> None:
    batch = getattr(self, "_shengji_batch", None)
    if batch is not None:
        batch.append(data)
    else:
        _original_send(self, data)  # type: ignore[misc]


def install() -> bool:
    """Patch asyncssh (once); False if its internals are not the expected ones."""
    if getattr(SSHConnection, "_shengji_batched", False):
        return True
    if not callable(_original_send_packet) or not callable(_original_send):
        return False
    SSHConnection.send_packet = _send_packet  # type: ignore[method-assign]
    SSHConnection._send = _send  # type: ignore[method-assign]
    SSHConnection._shengji_batched = True  # type: ignore[attr-defined]
    return True


install()
