"""Commands: what a seat (or the table driving the deal) asks the engine to do.

Every command carries `seat` (None for the table's own pacing commands:
`DealNext`, `DealAll`, `NextDeal`; a seat number is accepted there too) and an
optional `version`: when given, it must equal the state's version, else the
command is stale and refused. Cards may be given as `Card`s or notation
(`"S10 S10"`); they serialise as notation.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from ..rules import Card, Suit, parse_cards
from .errors import BadCommand


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int | None = None


class _CardsCommand(_Command):
    seat: int
    cards: tuple[Card, ...]

    @field_validator("cards", mode="before")
    @classmethod
    def _notation(cls, v: Any) -> Any:
        return parse_cards(v) if isinstance(v, str) else v


class DealNext(_Command):
    """Deal one card; once every card is dealt, close declaring (trump is fixed,
    the kitty goes to its taker)."""

    type: Literal["deal_next"] = "deal_next"
    seat: int | None = None


class DealAll(_Command):
    """Deal every remaining card (declarations can still be made afterwards);
    with `close`, also close declaring as `DealNext` would."""

    type: Literal["deal_all"] = "deal_all"
    seat: int | None = None
    close: bool = False


class Declare(_CardsCommand):
    """Show level cards (or identical jokers) to declare trump (亮主 / 反主 / 加固)."""

    type: Literal["declare"] = "declare"


class Bury(_CardsCommand):
    """The kitty's taker lays down as many cards as the kitty had (扣底)."""

    type: Literal["bury"] = "bury"


class Steal(_CardsCommand):
    """Kitty theft (炒底): overturn with a stronger declaration and take the kitty.
    Three players' overturn (反牌, phase `overturning`): overturn trump with a
    stronger declaration and swap `overturn_swap` random kitty cards."""

    type: Literal["steal"] = "steal"


class PassSteal(_Command):
    """Decline to steal the kitty (or to overturn) this time round."""

    type: Literal["pass_steal"] = "pass_steal"
    seat: int


class Play(_CardsCommand):
    """Lead (a single, tuple, tractor or throw) or follow."""

    type: Literal["play"] = "play"


class Bid(_Command):
    """Bidding: a bid of `points` (rising or falling by `RuleSet.bidding`)."""

    type: Literal["bid"] = "bid"
    seat: int
    points: int


class PassBid(_Command):
    """Bidding: a pass (final)."""

    type: Literal["pass_bid"] = "pass_bid"
    seat: int


class NameTrump(_Command):
    """Naming trump: the auction's winner names the trump suit (None: no-trump,
    where the rules allow it; "NT" is read as None)."""

    type: Literal["name_trump"] = "name_trump"
    seat: int
    suit: Suit | None

    @field_validator("suit", mode="before")
    @classmethod
    def _suit(cls, v: Any) -> Any:
        if isinstance(v, str):
            t = v.strip().upper()
            return None if t in ("", "NT", "NONE", "N") else t
        return v


class CallFriend(_Command):
    """Find friends: after burying, the dealer calls the friend's card (`HA`, `BJ`)
    and which copy (`nth`, from 1; it matters under `nth_played` only). The card
    is kept as notation so that a card that does not exist is refused by the
    engine with a sentence, like any other bad call."""

    type: Literal["call_friend"] = "call_friend"
    seat: int
    card: str
    nth: int = 1

    @field_validator("card", mode="before")
    @classmethod
    def _notation(cls, v: Any) -> Any:
        if isinstance(v, Card):
            return str(v)
        return v.strip().upper() if isinstance(v, str) else v


class NextDeal(_Command):
    """Start the next deal once the current one is scored."""

    type: Literal["next_deal"] = "next_deal"
    seat: int | None = None


Command = Annotated[
    DealNext
    | DealAll
    | Declare
    | Bid
    | PassBid
    | NameTrump
    | Bury
    | Steal
    | PassSteal
    | CallFriend
    | Play
    | NextDeal,
    Field(discriminator="type"),
]

# every command's `type`, the names `allowed` answers with
CommandKind = Literal[
    "deal_next",
    "deal_all",
    "declare",
    "bid",
    "pass_bid",
    "name_trump",
    "bury",
    "steal",
    "pass_steal",
    "call_friend",
    "play",
    "next_deal",
]

COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)


def parse_command(data: str | bytes | dict[str, Any]) -> Command:
    """A command from JSON text or a dict; `BadCommand` with a sentence if malformed."""
    try:
        if isinstance(data, (str, bytes)):
            return COMMAND_ADAPTER.validate_json(data)
        return COMMAND_ADAPTER.validate_python(data)
    except ValidationError as e:
        parts = []
        for err in e.errors():
            loc = ".".join(str(x) for x in err["loc"])
            msg = str(err["msg"]).removeprefix("Value error, ")
            parts.append(f"{loc}: {msg}" if loc else msg)
        raise BadCommand("the command is not valid: " + "; ".join(parts)) from None
