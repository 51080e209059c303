"""Fixed partners (classic, tournament, one deck, two colours, three and four
decks, six players): two teams on alternate seats, each playing at its team's
level. The status line says the teams' levels ("us 2 / them 3", or for a
spectator each team by its names), each other seat is a partner or an
opponent (a spectator's: the dealer side or an attacker, as the deal makes
them)."""

from __future__ import annotations

from ...model import Model
from ...props import Line
from .base import SoloPresenter, words


class FixedPresenter(SoloPresenter):
    """Two teams on alternate seats (see the module doc)."""

    def level_parts(self, m: Model) -> tuple[list[Line], list[Line]]:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        if m.facts.spectating:  # no "us": each team by name
            out = []
            for team in sorted(set(v.teams)):
                seats = [s for s in range(m.players) if v.teams[s] == team]
                said = t("watch.team_level", names=m.team_name(seats), level=v.levels[seats[0]])
                out.append(words(said))
            return out, []
        # two teams on alternate seats: the next seat is theirs
        us, them = v.levels[m.facts.seat], v.levels[(m.facts.seat + 1) % m.players]
        return [words(t("status.levels", us=us, them=them))], []

    def levels_in_status(self, m: Model) -> bool:
        return True

    def seat_roles(self, m: Model, seat: int) -> list[str]:
        if m.facts.spectating:  # (a spectator has no partner: the deal's sides)
            return super().seat_roles(m, seat)
        if not m.is_partner(seat):
            return [m.prefs.cat.t("seat.opponent")]
        # (at four seats the partner sits across: 对家; else a teammate: 队友)
        return [m.prefs.cat.t("seat.partner" if m.players == 4 else "seat.teammate")]
