"""The SSH channel of a game session: asyncssh's, keeping only the environment
variables the game reads.

asyncssh stores every `env` request (OpenSSH's SendEnv / SetEnv) on the
channel, as many and as long as the client likes: 4 sessions x 25 MB of
variables used to stay in the server's memory. Kept here: `LANG`, `LC_*`,
`TERM`, `COLORTERM`, `NO_COLOR` (the language and the colours), names of at
most 32 bytes, values of at most 256, at most 16 variables; the rest is
refused and not stored.

The one override of an asyncssh internal (`_process_env_request`, the
handler of the `env` channel request; asyncssh pinned in pyproject.toml).
"""

from __future__ import annotations

import re
from typing import Any

import asyncssh

MAX_NAME = 32
MAX_VALUE = 256
MAX_VARS = 16
_KEPT = re.compile(rb"LANG|LC_[A-Z_]{1,24}|TERM|COLORTERM|NO_COLOR")


def env_kept(name: bytes, value: bytes) -> bool:
    """Whether an `env` request is stored (see the module docstring)."""
    return len(name) <= MAX_NAME and len(value) <= MAX_VALUE and _KEPT.fullmatch(name) is not None


class GameChannel(asyncssh.SSHServerChannel[bytes]):
    def _process_env_request(self, packet: Any) -> bool:
        name = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        env: dict[bytes, bytes] = self._env
        if not env_kept(name, value) or (name not in env and len(env) >= MAX_VARS):
            return False
        env[name] = value
        return True


def game_channel(conn: asyncssh.SSHServerConnection) -> GameChannel:
    """asyncssh's channel for a new session (its encoding, window and packet
    size, as `create_server_channel` makes it), as a `GameChannel`."""
    chan = conn.create_server_channel()
    chan.__class__ = GameChannel  # same layout: only the env handler differs
    assert isinstance(chan, GameChannel)
    return chan
