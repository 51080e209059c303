"""`SessionContext`: what a session needs of the server, handed to each
`GameSession` instead of the server itself.

The server imports the session; the session imports only this (no cycle), and
it sees of the server only what it uses: the limits (PTY size cap, output
cap, idle timeout), the lobby's tables (`lobbyapi.LobbyLike`: by table id,
as snapshots; never the registry's live rooms), the garbage
collector's policy (told when an app is up and when one ends) and the set of
live sessions (a session joins it once its app runs and leaves it when done:
the server's idle sweep and shutdown walk it), and the players' desk (their
records, invites and settings: `players.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .gcpolicy import GcPolicy
from .limits import Limits
from .lobbyapi import LobbyLike
from .players import PlayersLike

S = TypeVar("S")  # the session type (the server's `GameSession`)


@dataclass(frozen=True)
class SessionContext(Generic[S]):
    limits: Limits
    lobby: LobbyLike
    gc: GcPolicy
    live: set[S]  # the server's own set: shared, not copied
    floor: bool = False  # the tables' sessions run the benchmark's floor app (floor.py)
    players: PlayersLike | None = None  # the players remembered (None: no store)
    # a front end's: until the host is linked again (None: the house is here)
    host_back: Callable[[], Awaitable[None]] | None = None
    front_id: str = ""  # a front end's name (`--workers N`): its sessions' ids start with it
