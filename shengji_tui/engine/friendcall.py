"""`FriendCall`: a find-friends call and how far it has come, as every seat sees it.

It holds only what is public: the call, how many copies of the called card have
been played this deal (by each seat), what the play showed of who held them
(a failed throw's cards, a seat that could not follow the card's suit), and
the friend once revealed. `rules.friend_sides` reads a seat's sides from it. Under the `holder` rule
the engine knows the friend from the call on (`GameState.friend`); that stays
out of this record until the friend plays the card.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..rules import Card


class FriendCall(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int  # the dealer who called
    card: Card
    nth: int  # which copy (nth_played); 1 under holder
    played: int = 0  # copies of `card` played so far this deal
    by_seat: tuple[int, ...] = ()  # copies each seat played (empty: none yet)
    held: tuple[int, ...] = ()  # copies each seat is known to have held at the call
    void: tuple[bool, ...] = ()  # each seat showed it holds no more copies
    friend: int | None = None  # the revealed friend
    alone: bool = False  # revealed: no friend, the dealer plays alone

    @property
    def revealed(self) -> bool:
        return self.friend is not None or self.alone
