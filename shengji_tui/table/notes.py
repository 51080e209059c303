"""A table's notes: what is said at the table beside the game (chat), and what
the table itself says of its clock (a timeout, a seat in 托管 or back).

Notes are not game commands: the engine never sees them and they change no
`GameState`. A `TableChannel` holds one table's (or waiting room's) recent
notes, tells its listeners of each new one, and keeps each in the store's
`notes` table (when given a `persist` function), so a player who reconnects
(or a table restored after a restart) reads the last ones. Notes are public
to everyone at that table, players and spectators, and to nobody else: each
table has its own channel.
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from .chat import ChatBudget, RateLimit, check_text

log = logging.getLogger("shengji_tui.table")

KEEP = 50  # notes a channel keeps (and a restored table reads back)


class _Note(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    version: int = 0  # the game's state version when it was said (0: the waiting room)
    at: float = 0.0  # wall-clock time (time.time())


class ChatNote(_Note):
    """`name` said `text` (cleaned: chat.py); `seat` None: a spectator."""

    kind: Literal["chat"] = "chat"
    seat: int | None
    name: str
    text: str


class TimeoutNote(_Note):
    """`seat`'s clock ran out: the stand-in bot made its move (`command`: its type)."""

    kind: Literal["timeout"] = "timeout"
    seat: int
    name: str
    command: str
    timeouts: int  # in a row, this one included


class AutoNote(_Note):
    """`seat` went into 托管 (`on`: after `timeouts` timeouts in a row) or its
    player took it back."""

    # ("hosted": a note stored before the name was `on_auto`, read as one)
    kind: Literal["on_auto", "hosted"] = "on_auto"
    seat: int
    name: str
    on: bool
    timeouts: int = 0

    @field_validator("kind")
    @classmethod
    def _renamed(cls, kind: str) -> Literal["on_auto"]:
        return "on_auto"


Note = Annotated[ChatNote | TimeoutNote | AutoNote, Field(discriminator="kind")]
NOTE: TypeAdapter[Note] = TypeAdapter(Note)
NoteCallback = Callable[[Note], object]


def parse_note(text: str) -> Note | None:
    """A stored note (None: one of a kind this version does not know, or damaged)."""
    try:
        return NOTE.validate_json(text)
    except ValueError:
        return None


class TableChannel:
    """One table's notes: `recent()`, `listen(callback)`, `post(note)`, and
    `say(...)` for chat (cleaned and rate-limited)."""

    def __init__(self, keep: int = KEEP, server_rate: RateLimit | None = None) -> None:
        self._recent: deque[Note] = deque(maxlen=keep)
        self._listeners: list[NoteCallback] = []
        self.persist: Callable[[Note], None] | None = None  # the table's store writer
        self.budget = ChatBudget(server_rate)

    def recent(self) -> list[Note]:
        """The last notes, oldest first."""
        return list(self._recent)

    def load(self, notes: Sequence[Note]) -> None:
        """Notes said before (the store's, the waiting room's) without telling anyone."""
        self._recent.extend(notes)

    def listen(self, callback: NoteCallback) -> Callable[[], None]:
        """`callback(note)` for every new note; returns the unsubscriber."""
        self._listeners.append(callback)

        def unlisten() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(callback)

        return unlisten

    def post(self, note: Note) -> Note:
        """Keep `note`, store it (a failed write is logged: a note is no move) and
        tell every listener."""
        self._recent.append(note)
        if self.persist is not None:
            try:
                self.persist(note)
            except Exception:
                log.exception("a table note could not be stored")
        for cb in list(self._listeners):
            try:
                cb(note)
            except Exception:
                log.exception("a note listener failed")
        return note

    def say(
        self,
        sender: str,
        name: str,
        seat: int | None,
        text: str,
        *,
        now: float,
        at: float,
        version: int = 0,
    ) -> ChatNote:
        """`name` (at `seat`, None: watching) says `text`; `sender` is who is
        counted for the rate (a seat, an identity). ChatRefused with a sentence:
        nothing to say, too long, too fast (the sender, or the table's, its
        spectators' or the server's budget: `ChatBudget`)."""
        said = check_text(text)
        self.budget.take(sender, seat is None, now)
        note = ChatNote(seat=seat, name=name, text=said, version=version, at=at)
        self.post(note)
        return note

    def close(self) -> None:
        self._listeners.clear()
        self.persist = None
