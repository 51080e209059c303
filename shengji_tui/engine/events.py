"""Events: what happened, as the engine returns them from `apply`.

These are the full events (the store keeps them). A seat sees them through
`views.visible_event`, which hides what is not that seat's: the card of a
`CardDealt` to someone else, another seat's kitty cards, hidden declarations
until dealing ends.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..rules import Card, DealResult, Settlement, Suit


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DealStarted(_Event):
    type: Literal["deal_started"] = "deal_started"
    deal_no: int
    attempt: int = 0  # > 0 after a redeal
    dealer: int | None  # None on the first deal: the winning declaration names it
    level: str
    first_seat: int  # the seat dealt the first card


class CardDealt(_Event):
    type: Literal["card_dealt"] = "card_dealt"
    seat: int
    card: Card | None = None  # None in every view but the receiving seat's
    left: int = 0  # cards still to deal after this one


class DealingDone(_Event):
    """Every card is dealt; declarations are still open until the table closes them."""

    type: Literal["dealing_done"] = "dealing_done"


class Declared(_Event):
    type: Literal["declared"] = "declared"
    seat: int
    cards: tuple[Card, ...] = ()
    hidden: bool = False  # hidden declaring: shown to others only when dealing ends
    steal: bool = False  # made to steal the kitty (炒底)


class DeclarationsRevealed(_Event):
    """Hidden declaring: every declaration made, in order; `standing` indexes the winner."""

    type: Literal["declarations_revealed"] = "declarations_revealed"
    seats: tuple[int, ...]
    cards: tuple[tuple[Card, ...], ...]
    standing: int | None


class KittyFlipped(_Event):
    """Nobody declared (`no_declaration = flip_kitty`): the kitty is shown in order."""

    type: Literal["kitty_flipped"] = "kitty_flipped"
    cards: tuple[Card, ...]


class Redealt(_Event):
    """Nobody declared (`no_declaration = redeal`): the cards are shuffled and dealt again."""

    type: Literal["redealt"] = "redealt"


class KittyShown(_Event):
    """Three players: these kitty cards are shown to everyone before the auction."""

    type: Literal["kitty_shown"] = "kitty_shown"
    cards: tuple[Card, ...]


class AuctionStarted(_Event):
    """Every card is dealt: the auction opens with `opener`'s call."""

    type: Literal["auction_started"] = "auction_started"
    opener: int


class BidMade(_Event):
    type: Literal["bid_made"] = "bid_made"
    seat: int
    points: int
    out: int | None = None  # eighty points: the outbid 70 bidder, out of the auction now


class BidPassed(_Event):
    type: Literal["bid_passed"] = "bid_passed"
    seat: int


class AuctionWon(_Event):
    """The auction's winner deals at `points` (`forced`: everyone passed, and the
    first to pass deals at the opening bid)."""

    type: Literal["auction_won"] = "auction_won"
    seat: int
    points: int
    forced: bool = False


class TrumpNamed(_Event):
    """The auction's winner named trump (None: no-trump); `cards`: the level cards
    the naming shows (three players: what an overturn must beat)."""

    type: Literal["trump_named"] = "trump_named"
    seat: int
    suit: Suit | None
    level: str
    cards: tuple[Card, ...] = ()


DealerReason = Literal["declaration", "flip", "first_seat", "steal"]


class DealerChosen(_Event):
    type: Literal["dealer_chosen"] = "dealer_chosen"
    seat: int
    reason: DealerReason


class TrumpSet(_Event):
    type: Literal["trump_set"] = "trump_set"
    level: str
    trump_suit: Suit | None  # None = no-trump
    seat: int | None = None  # whose declaration (None: flip / fallback)
    reason: Literal["declaration", "flip", "no_trump", "spades", "steal"]


class KittyTaken(_Event):
    type: Literal["kitty_taken"] = "kitty_taken"
    seat: int
    count: int
    cards: tuple[Card, ...] = ()  # only in the taker's view


class KittyBuried(_Event):
    type: Literal["kitty_buried"] = "kitty_buried"
    seat: int
    count: int
    cards: tuple[Card, ...] = ()  # only in the burier's view


class StealTurn(_Event):
    """Kitty theft: it is this seat's turn to steal or pass."""

    type: Literal["steal_turn"] = "steal_turn"
    seat: int


class StealPassed(_Event):
    type: Literal["steal_passed"] = "steal_passed"
    seat: int


class FriendCalled(_Event):
    """Find friends: the dealer's call, shown to everyone."""

    type: Literal["friend_called"] = "friend_called"
    seat: int  # the dealer
    card: Card
    nth: int


class FriendRevealed(_Event):
    """Find friends: `seat` is the dealer's friend (it played the called card).
    `alone`: there is no friend, the dealer (`seat`) plays alone against the rest."""

    type: Literal["friend_revealed"] = "friend_revealed"
    seat: int
    alone: bool = False


class PlayStarted(_Event):
    type: Literal["play_started"] = "play_started"
    leader: int
    dealer_side: tuple[int, ...]


class ThrowFailed(_Event):
    """A throw (甩牌) someone could beat: `tried` is shown to all, `forced` is led instead."""

    type: Literal["throw_failed"] = "throw_failed"
    seat: int
    tried: tuple[Card, ...]
    forced: tuple[Card, ...]
    penalty: int = 0
    penalty_kind: Literal["none", "points", "match_score"] = "none"
    reason: str = ""
    reason_zh: str = ""


class ThrowPenalty(_Event):
    """Eighty points: a failed throw's match points, paid at once (after `ThrowFailed`)."""

    type: Literal["throw_penalty"] = "throw_penalty"
    seat: int  # the thrower
    deltas: tuple[int, ...]  # every seat's match-score change


class Played(_Event):
    type: Literal["played"] = "played"
    seat: int
    cards: tuple[Card, ...]
    lead: bool = False


class TrickWon(_Event):
    type: Literal["trick_won"] = "trick_won"
    seat: int
    points: int
    trick_no: int  # 1-based


class KittyRevealed(_Event):
    """End of the deal: the buried kitty is shown to all."""

    type: Literal["kitty_revealed"] = "kitty_revealed"
    seat: int | None  # who buried it
    cards: tuple[Card, ...]
    points: int


class KittyCaptured(_Event):
    """The attackers won the last trick (抠底): kitty points × multiplier are theirs."""

    type: Literal["kitty_captured"] = "kitty_captured"
    seat: int
    points: int
    multiplier: int
    total: int


class DealScored(_Event):
    type: Literal["deal_scored"] = "deal_scored"
    attacker_points: int  # tricks + kitty + throw penalties: what the table scores
    trick_points: int
    kitty_points: int  # after the multiplier (0 if not captured)
    penalty_points: int
    result: DealResult


class DealSettled(_Event):
    """Eighty points: the dealer settles with each other seat in match points."""

    type: Literal["deal_settled"] = "deal_settled"
    dealer: int
    settlement: Settlement
    deltas: tuple[int, ...]  # every seat's match-score change this deal
    scores: tuple[int, ...]  # every seat's match score after it


class LevelUp(_Event):
    type: Literal["level_up"] = "level_up"
    seats: tuple[int, ...]
    old_level: str
    new_level: str
    gain: int


class JackRule(_Event):
    """Tournament: the attackers captured the kitty with a J; the dealer side goes back."""

    type: Literal["jack_rule"] = "jack_rule"
    seats: tuple[int, ...]
    old_level: str
    new_level: str


class DealerRotated(_Event):
    """Who deals next: the dealer's partner if the dealer side held, else the next seat."""

    type: Literal["dealer_rotated"] = "dealer_rotated"
    seat: int
    take_over: bool


class AuctionOpenerNext(_Event):
    """Auctions (eighty points, three players): who opens the next deal's auction."""

    type: Literal["auction_opener_next"] = "auction_opener_next"
    seat: int


class MatchOver(_Event):
    type: Literal["match_over"] = "match_over"
    winners: tuple[int, ...]
    level: str


Event = Annotated[
    DealStarted
    | CardDealt
    | DealingDone
    | Declared
    | DeclarationsRevealed
    | KittyFlipped
    | KittyShown
    | AuctionStarted
    | BidMade
    | BidPassed
    | AuctionWon
    | TrumpNamed
    | Redealt
    | DealerChosen
    | TrumpSet
    | KittyTaken
    | KittyBuried
    | StealTurn
    | StealPassed
    | FriendCalled
    | FriendRevealed
    | PlayStarted
    | ThrowFailed
    | ThrowPenalty
    | Played
    | TrickWon
    | KittyRevealed
    | KittyCaptured
    | DealScored
    | DealSettled
    | LevelUp
    | JackRule
    | DealerRotated
    | AuctionOpenerNext
    | MatchOver,
    Field(discriminator="type"),
]
