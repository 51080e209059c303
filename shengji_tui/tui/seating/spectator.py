"""`Spectator`: watching a table (旁观) through its spectator's seat."""

from __future__ import annotations

from dataclasses import dataclass

from ...table import ChatNote
from ..contract import WatchLike
from .base import Coach, Offers


@dataclass(frozen=True)
class Spectator:
    """Watching a table through `watch`, the spectator's seat at it (also the
    app's table: what it hands out is all a spectator may see). It hands out
    one view, the public table's or the seat followed's, as seat 0's; the log
    is told from the public feed. No key acts; the spectator may talk (signed
    as a spectator) and leaves without a question."""

    watch: WatchLike

    seats = (0,)  # (the view shown, whichever seat the watch shows)
    humans = ()
    spectating = True
    acts = False
    hands_over = False
    own_seat = False
    chat = True
    hint_search = False

    @property
    def log_feed(self) -> int | None:
        return None

    def all_here(self, table_humans: int) -> bool:
        return table_humans == 0  # (nobody plays here)

    def coach(self, finished: bool) -> Coach:
        return "none"  # (a spectator's table offers no coach either)

    def take_back_refusal(self, table_humans: int) -> str | None:
        return "takeback.watching"

    def quit_question(self, saved: bool) -> str | None:
        return None  # (a spectator leaves nothing behind)

    def said_by_me(self, note: ChatNote) -> bool:
        # (a spectator's own words come back too, signed with its name)
        return note.seat is None and note.name == self.watch.name

    def speaker(self, seat: int, name: str) -> tuple[int | None, str]:
        return None, self.watch.name  # (said as a spectator)

    def turn_to(self, awaiting: int | None, shown: int) -> int | None:
        return None

    def next_human(self, shown: int, among: tuple[int, ...] | None = None) -> int | None:
        return None

    def follow_choices(self, players: int) -> tuple[int | None, ...]:
        w = self.watch
        seats = tuple(s for s in range(players) if w.may_follow(s) and w.following != s)
        return seats + ((None,) if w.following is not None else ())

    def follow(self, seat: int | None) -> str | None:
        return self.watch.follow(seat)

    def offers(self, table_humans: int) -> Offers:
        return Offers(acts=False, take_back=False, chat=True, next_hand=False, follow=True)
