"""`Bot`: what the table asks a computer player, and nothing more.

A bot sees only its seat's `SeatView` (its own hand and the public table, never
another hand) and answers with a command, or None when it has nothing to do
now. The table calls `decide` whenever something changed and the bot may act:
while cards are dealt (a bot may declare between cards), and whenever
`view.awaiting` is the bot's seat (bury, steal or pass, play). A bot's command
goes through the engine like a human's; a refused one is replaced by a random
legal move, so a buggy bot cannot stall a table.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import Command, SeatView


@runtime_checkable
class Bot(Protocol):
    name: str

    def decide(self, view: SeatView) -> Command | None:
        """The command to make in `view` (its `seat`), or None: nothing to do now."""
        ...


def sides_settled(view: SeatView) -> bool:
    """Whether `view.dealer_side` is the whole dealer side: always, except under
    find friends before the friend (or the dealer's being alone) is revealed."""
    if view.rules.partnership != "find_friends" or view.result is not None:
        return True
    return bool(view.friend_calls) and view.friend_calls[0].revealed


def side_of(view: SeatView, seat: int) -> frozenset[int]:
    """The seats known to be on `seat`'s side this deal, from the view: once the
    dealer is known, the dealer side or the attackers (a solo dealer's opponents
    play as one side); before that, `seat`'s team. With fixed partners both are
    its team. Find friends: the dealer side as far as it is revealed (and the
    friend where this seat can prove who it is); until the reveal, a seat not
    on it knows no partner for sure (the tracker may narrow it: `bots.friends`)."""
    n = view.rules.players
    if view.dealer_side:
        defending = frozenset(view.dealer_side)
        if seat in defending:
            return defending
        if not sides_settled(view):
            return frozenset({seat})
        return frozenset(range(n)) - defending
    return frozenset(s for s in range(n) if view.teams[s] == view.teams[seat])
