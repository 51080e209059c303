"""The SSH server (`shengji serve`): asyncssh, one Textual app per session on a
shared `Table` per game, a lobby of tables backed by the store.

Modules: `driver` (Textual over an SSH channel), `session` (one SSH session),
`context` (what a session is given of the server), `remote` (what the remote
apps switch off), `channel` (its SSH channel: the environment kept), `server` (connections,
auth callbacks, limits), `auth`, `authguard` (password threads, failures per
address), `names` (shown names), `hostkey`, `limits`, `registry` (the lobby's
tables), `lobby` (the lobby's Textual app), `cli`.
"""

from __future__ import annotations

from .auth import AuthError, AuthPolicy, Identity
from .limits import Limits
from .registry import Registry, TableLimits
from .server import ServerConfig, ShengjiServer

__all__ = [
    "AuthError",
    "AuthPolicy",
    "Identity",
    "Limits",
    "Registry",
    "ServerConfig",
    "ShengjiServer",
    "TableLimits",
]
