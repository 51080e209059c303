"""`Remote`: one player's seat at a shared (SSH) table."""

from __future__ import annotations

from dataclasses import dataclass

from ...table import ChatNote
from .base import Coach, Offers


@dataclass(frozen=True)
class Remote:
    """One player of a server's table: a seat of its own like `Solo`, but the
    others saw each move (no take-back), there is somebody to talk to, leaving
    lets a bot stand in, and the app shares the server's one event loop (the
    suggestion key asks the normal bot: a search would hold up every player's
    screen; the coach analyses the player's own seat until the match is over)."""

    seat: int

    spectating = False
    acts = True
    hands_over = False
    chat = True
    hint_search = False

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def humans(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def log_feed(self) -> int | None:
        return self.seat

    def coach(self, finished: bool) -> Coach:
        # (the others' hands stay theirs until the match is over)
        return "any" if finished else "own"

    def take_back_refusal(self, table_humans: int) -> str | None:
        return "takeback.remote"

    def quit_question(self, saved: bool) -> str | None:
        # the stand-in bot plays the seat at once; the player may sit down again
        return "quit.question_remote"

    def said_by_me(self, note: ChatNote) -> bool:
        return note.seat == self.seat

    def speaker(self, seat: int, name: str) -> tuple[int | None, str]:
        return seat, name

    def turn_to(self, awaiting: int | None, shown: int) -> int | None:
        return None

    def next_human(self, shown: int, among: tuple[int, ...] | None = None) -> int | None:
        return None

    def follow_choices(self, players: int) -> tuple[int | None, ...]:
        return ()

    def follow(self, seat: int | None) -> str | None:
        return None  # (the player's own view is shown)

    def offers(self, table_humans: int) -> Offers:
        return Offers(acts=True, take_back=False, chat=True, next_hand=False, follow=False)
