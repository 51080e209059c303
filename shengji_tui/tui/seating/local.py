"""`shengji play`'s keyboard: one human against bots (`Solo`), or several
sharing it (`Hotseat`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...table import ChatNote
from .base import Coach, Offers, OwnSeat


@dataclass(frozen=True)
class Solo(OwnSeat):
    """One human against bots: their seat shown, their moves their own to take
    back (the bots saw them, nobody else did)."""

    chat = False  # (nobody to talk to: the log still tells the table's own notes)
    hint_search = True

    def coach(self, finished: bool) -> Coach:
        return "any"

    def take_back_refusal(self, table_humans: int) -> str | None:
        # (another human at the table saw the move)
        return "takeback.hotseat" if table_humans > 1 else None

    def quit_question(self, saved: bool) -> str | None:
        return "quit.question_saved" if saved else "quit.question"

    def offers(self, table_humans: int) -> Offers:
        take_back = self.take_back_refusal(table_humans) is None
        return Offers(acts=True, take_back=take_back, chat=False, next_hand=False, follow=False)


@dataclass(frozen=True)
class Hotseat:
    """Several humans on one keyboard (the first shown first): the keyboard goes
    to whoever the game awaits, through a screen that hides the hands; the log
    tells what all of them may see; no take-back (the others saw the move)."""

    humans: tuple[int, ...]

    spectating = False
    acts = True
    hands_over = True
    own_seat = False  # (several humans: nobody is "you")
    chat = False
    hint_search = True

    def __post_init__(self) -> None:
        if len(self.humans) < 2 or len(set(self.humans)) != len(self.humans):
            raise ValueError(f"a hotseat is two humans or more, each at a seat: {self.humans}")

    @property
    def seats(self) -> tuple[int, ...]:
        return self.humans

    @property
    def log_feed(self) -> int | None:
        return None

    def all_here(self, table_humans: int) -> bool:
        return table_humans <= len(self.humans)

    def coach(self, finished: bool) -> Coach:
        return "any"

    def take_back_refusal(self, table_humans: int) -> str | None:
        return "takeback.hotseat"

    def quit_question(self, saved: bool) -> str | None:
        return "quit.question_saved" if saved else "quit.question"

    def said_by_me(self, note: ChatNote) -> bool:
        return note.seat in self.humans

    def speaker(self, seat: int, name: str) -> tuple[int | None, str]:
        return seat, name

    def turn_to(self, awaiting: int | None, shown: int) -> int | None:
        return awaiting if awaiting in self.humans and awaiting != shown else None

    def next_human(self, shown: int, among: tuple[int, ...] | None = None) -> int | None:
        i = self.humans.index(shown)
        after = self.humans[i + 1 :] + self.humans[:i]
        return next((s for s in after if among is None or s in among), None)

    def follow_choices(self, players: int) -> tuple[int | None, ...]:
        return ()

    def follow(self, seat: int | None) -> str | None:
        return None  # (each human's own view is shown in turn)

    def offers(self, table_humans: int) -> Offers:
        return Offers(acts=True, take_back=False, chat=False, next_hand=True, follow=False)


def at_keyboard(humans: Sequence[int]) -> Solo | Hotseat:
    """`shengji play`'s seating for a game whose humans are `humans`."""
    if len(humans) == 1:
        return Solo(humans[0])
    return Hotseat(tuple(humans))
