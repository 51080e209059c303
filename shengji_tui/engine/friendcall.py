"""`FriendCall`: a find-friends call and how far it has come, as every seat sees it.

It holds only what is public: the call, how many copies of the called card have
been played this deal, and the friend once revealed. Under the `holder` rule
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
    friend: int | None = None  # the revealed friend
    alone: bool = False  # revealed: no friend, the dealer plays alone

    @property
    def revealed(self) -> bool:
        return self.friend is not None or self.alone
