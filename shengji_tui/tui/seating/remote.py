"""`Remote`: one player's seat at a shared (SSH) table."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Coach, Offers, OwnSeat


@dataclass(frozen=True)
class Remote(OwnSeat):
    """One player of a server's table: a seat of its own like `Solo`, but the
    others saw each move (no take-back), there is somebody to talk to, leaving
    lets a bot stand in, and the app shares the server's one event loop (the
    suggestion key asks the normal bot: a search would hold up every player's
    screen; the coach analyses the player's own seat until the match is over)."""

    chat = True
    hint_search = False

    def coach(self, finished: bool) -> Coach:
        # (the others' hands stay theirs until the match is over)
        return "any" if finished else "own"

    def take_back_refusal(self, table_humans: int) -> str | None:
        return "takeback.remote"

    def quit_question(self, saved: bool) -> str | None:
        # the stand-in bot plays the seat at once; the player may sit down again
        return "quit.question_remote"

    def offers(self, table_humans: int) -> Offers:
        return Offers(acts=True, take_back=False, chat=True, next_hand=False, follow=False)
