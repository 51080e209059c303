"""Finding friends (docs/rules.md §10): the dealer calls a card and its holder
is the friend. The status line says the call (or the friend, or the dealer
alone) and every seat's level; each seat's side is what the viewer may know
of it (`friends.seat_roles`); the centre says the call while the dealer calls
and, while cards are played, the call, what the viewer alone knows and the
reveal; the score line counts the seats known to attack and, at five seats,
the dealer side's levels in all (`variants/friends/presenter.py` says each of them)."""

from __future__ import annotations

from ....rules import ScoreBand
from ...model import Model
from ...props import Line
from ..friends import presenter as friends
from .base import SoloPresenter, words


class FriendsPresenter(SoloPresenter):
    """The dealer and a friend found by a called card (see the module doc)."""

    def level_parts(self, m: Model) -> tuple[list[Line], list[Line]]:
        out: list[Line] = []
        call = friends.status_part(m)
        if call:
            out.append(words(call))
        levels = words(friends.levels_part(m))  # (a narrow line leaves it to the panels)
        return [*out, levels], [levels]

    def seat_roles(self, m: Model, seat: int) -> list[str]:
        return friends.seat_roles(m, seat)

    def own_roles(self, m: Model, seat: int) -> list[str]:
        return friends.seat_roles(m, seat)

    def calling_lines(self, m: Model) -> list[Line]:
        return friends.calling_lines(m)

    def playing_lines(self, m: Model) -> tuple[list[Line], list[Line]]:
        # (the call: the status line says it too, so a small centre may leave it out)
        before = [
            self.lender.optional(line, 2) if line.style == "seat--dim" else line
            for line in friends.centre_lines(m)
        ]
        return before, []

    def score_left(self, m: Model) -> tuple[int, str, bool]:
        # among the seats known to attack, provisional until the friend is revealed
        return friends.score_left(m)

    def band_text(self, m: Model, b: ScoreBand) -> str:
        return friends.band_text(m, b)
