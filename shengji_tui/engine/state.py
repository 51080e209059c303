"""`GameState`: the whole game as one immutable, serialisable pydantic model.

Every field is a value (tuples, frozen models), so `apply` builds a new state
with `model_copy(update=...)` and shares what did not change; nothing is ever
mutated in place. Seats are 0..n-1 and play goes to the next index (mod n);
`teams` gives each seat its team id and `dealer_side` lists the seats defending
this deal, so nothing assumes North/South against East/West.

Hidden fields (`stock`, `kitty`, other seats' `hands`, the unrevealed
`friend`) never leave the engine except through `views.view_for`, which shows
each seat only its own. `dealer_side` is public: under find friends it grows
only when the friend is revealed.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..rules import (
    Auction,
    Card,
    DealResult,
    RuleSet,
    Suit,
    TrumpContext,
    auction_status,
    full_deck,
)
from .events import Event
from .friendcall import FriendCall

Phase = Literal[
    "dealing",  # cards are being dealt one at a time; declarations may come between them
    "declaring",  # every card is dealt; last declarations until the table closes it
    "bidding",  # auctions: every card is dealt; the seats bid in turn (engine/auction.py)
    "naming_trump",  # auctions: the winner names trump
    "burying",  # the kitty's taker holds it and must bury as many cards
    "calling",  # find friends: the dealer calls the friend's card
    "kitty_theft",  # 炒底: the other seats in turn may steal the kitty or pass
    "overturning",  # three players' 反牌: each attacker in turn may overturn trump or pass
    "playing",  # tricks
    "scoring",  # the deal is scored; waiting for NextDeal
    "finished",  # the match is over
]


class SeatCards(BaseModel):
    """Cards one seat showed: a declaration or a play."""

    model_config = ConfigDict(frozen=True)

    seat: int
    cards: tuple[Card, ...]


class GameState(BaseModel):
    model_config = ConfigDict(frozen=True)

    rules: RuleSet
    seed: int
    version: int = 0
    phase: Phase = "dealing"

    # ---- the match
    teams: tuple[int, ...]  # team id of each seat
    levels: tuple[str, ...]  # each seat's level (partners share theirs)
    match_scores: tuple[int, ...]  # per seat; four-deck throw penalties come off it
    winners: tuple[int, ...] = ()  # seats that won the match

    # ---- this deal
    deal_no: int = 0
    attempt: int = 0  # redeals of this deal
    dealer: int | None = None
    dealer_by_declaration: bool = False  # first deal: the declaration names the dealer
    first_seat: int = 0  # who gets the first card
    level: str  # the level played this deal (the dealer's)
    dealer_side: tuple[int, ...] = ()  # empty until the dealer is known

    stock: tuple[Card, ...] = ()  # still to deal, next card first
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...] = ()  # the undealt kitty, then the buried one
    kitty_holder: int | None = None  # who took the kitty (and buries / buried it)
    kitty_from_flip: bool = False  # trump came from flipping the kitty (no theft then)

    declarations: tuple[SeatCards, ...] = ()  # in the order made
    standing: SeatCards | None = None  # the declaration that fixed trump (after closing)
    trump_suit: Suit | None = None
    trump_set: bool = False

    theft_turn: int | None = None  # whose turn to steal the kitty (or to overturn)
    theft_passes: int = 0

    # ---- auctions (docs/rules.md §11-12, engine/auction.py)
    auction: Auction | None = None  # this deal's auction (opened when every card is dealt)
    bid: int | None = None  # the winning bid: the deal's contract
    shown_kitty: tuple[Card, ...] = ()  # three players: kitty cards shown to all
    kitty_swapped: bool = False  # an overturn swapped kitty cards: nobody sees it whole
    failed_throws: int = 0  # failed throws this deal (eighty points: 2 end throwing)

    # find friends: the call as it stands (public), and the friend the engine
    # knows under `holder` from the call on (hidden until revealed)
    friend_calls: tuple[FriendCall, ...] = ()
    friend: int | None = None

    turn: int | None = None  # whose play it is
    trick: tuple[SeatCards, ...] = ()  # plays of the current trick, the lead first
    trick_no: int = 0  # tricks completed this deal
    last_trick: tuple[SeatCards, ...] = ()
    last_trick_winner: int | None = None
    captured: tuple[tuple[Card, ...], ...]  # cards won in tricks, per seat
    penalty_points: int = 0  # failed-throw points moved to the attackers (negative: away)

    result: DealResult | None = None
    attacker_points: int | None = None
    next_dealer: int | None = None

    log: tuple[Event, ...] = ()  # this deal's events (the full ones; views filter them)

    # ------------------------------------------------------------ derived
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def ctx(self) -> TrumpContext:
        """The trump context of this deal (no-trump until trump is set)."""
        return TrumpContext(self.level, self.trump_suit)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def partner_after(self, seat: int) -> int:
        """The next seat in play order on `seat`'s team (itself if it has none)."""
        for k in range(1, self.players):
            s = (seat + k) % self.players
            if self.teams[s] == self.teams[seat]:
                return s
        return seat

    def side_of(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.teams[s] == self.teams[seat])

    @property
    def attackers(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.dealer_side)

    @property
    def cards_dealt(self) -> int:
        return self.rules.hand_size * self.players - len(self.stock)

    def awaiting(self) -> int | None:
        """The seat whose action the game waits for (None: the table's pacing)."""
        if self.phase == "burying":
            return self.kitty_holder
        if self.phase in ("kitty_theft", "overturning"):
            return self.theft_turn
        if self.phase == "bidding" and self.auction is not None:
            return auction_status(self.rules, self.auction).turn
        if self.phase in ("naming_trump", "calling"):
            return self.dealer
        if self.phase == "playing":
            return self.turn
        return None


SUPPORTED = (
    "classic",
    "tournament",
    "one-deck",
    "two-color",
    "three-deck",
    "four-deck",
    "six-player",
    "find-friends",
    "find-friends-5",
    "eighty-points",
    "three-player",
)


def check_supported(rs: RuleSet) -> None:
    """The engine plays every preset: fixed partners (two teams on alternate
    seats), `solo` (the dealer alone against every other seat, made by declaring
    or by an auction) and find friends (the dealer calls a friend each deal), at
    3 to 6 seats. An auction makes one dealer against the rest, so it needs solo
    play: `RuleSet` refuses the mix when it validates, and this check keeps a
    copy made without validation (`model_copy(update=...)`) out of the engine."""
    if rs.bidding != "none" and rs.partnership != "solo":
        raise ValueError(
            f"the engine does not play {rs.name!r}: an auction needs solo play "
            f"(partnership {rs.partnership!r})"
        )


def shuffled_pack(rs: RuleSet, seed: int, deal_no: int, attempt: int) -> list[Card]:
    """This deal's pack: derived from (seed, deal number, redeal attempt) only."""
    pack = full_deck(rs.decks)
    random.Random(f"shengji/{seed}/{deal_no}/{attempt}").shuffle(pack)
    return pack


def first_deal_seat(rs: RuleSet, seed: int) -> int:
    return random.Random(f"shengji/{seed}/first-seat").randrange(rs.players)


def teams_for(rs: RuleSet) -> tuple[int, ...]:
    """Fixed partners: two teams on alternate seats (0, 2, 4 ... against 1, 3, 5 ...).
    Otherwise every seat is a team of its own (the dealer side is formed per deal)."""
    if rs.partnership == "fixed":
        return tuple(s % 2 for s in range(rs.players))
    return tuple(range(rs.players))
