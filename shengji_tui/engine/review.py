"""A deal told again: every hand as dealt, the kitty, the tricks one by one and
the result (`DealReview`), from a deal's events.

- `review_of(rules, events, seat)`: from one deal's events as they are given
  (the full ones of the store, or those a seat saw); `seat` None: every hand
  the events hold.
- `review_for(state, seat)`: what `seat` may review of the deal in `state`.
  While the deal is played, its own hand as dealt, the kitty only if it took
  it, and the tricks (all public); once the deal is over, every hand as dealt
  and the kitty too (the deal's hidden cards are no longer hidden then).
- `reviews_of(rules, events)`: a whole game's events (the first deal's
  included) cut into deals, each told in full (`shengji replay --json`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from ..rules import Card, RuleSet, Suit, points
from .events import (
    CardDealt,
    DealerChosen,
    DealerRotated,
    DealScored,
    DealStarted,
    Event,
    KittyBuried,
    KittyFlipped,
    KittyRevealed,
    KittyTaken,
    LevelUp,
    Played,
    Redealt,
    ThrowFailed,
    TrickWon,
    TrumpSet,
)
from .state import GameState
from .views import events_for


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class ReviewPlay(_Frozen):
    seat: int
    cards: tuple[Card, ...]


class KittyRound(_Frozen):
    """One take of the kitty: the dealer's, then each theft (炒底) or three
    players' overturn (反牌). `taken` / `buried` None: not for this reader."""

    seat: int
    taken: tuple[Card, ...] | None
    buried: tuple[Card, ...] | None = None


class ReviewTrick(_Frozen):
    no: int  # 1-based
    plays: tuple[ReviewPlay, ...]  # in play order, the lead first
    winner: int | None  # None: the trick is not over
    points: int  # the point cards in it
    tried: ReviewPlay | None = None  # a failed throw: what the leader tried (its lead is forced)


class DealReview(_Frozen):
    """One deal as it went. Cards serialise as notation ("S10", "BJ")."""

    deal_no: int  # 0-based
    dealer: int | None
    level: str
    trump_suit: Suit | None  # None: no trump, or not set yet (`trump_set`)
    trump_set: bool
    first_seat: int  # dealt the first card
    hands: tuple[tuple[Card, ...] | None, ...]  # per seat, as dealt (None: not for this reader)
    kitty: tuple[Card, ...] | None  # the kitty as dealt (None: not for this reader, or not yet)
    kitty_holder: int | None  # who took it (the dealer, or the last thief)
    buried: tuple[Card, ...] | None  # what was buried last (what the last trick may capture)
    rounds: tuple[KittyRound, ...] = ()  # every take of the kitty and what was buried after it
    tricks: tuple[ReviewTrick, ...]
    scored: DealScored | None  # the points and the result, once the deal is scored
    level_up: LevelUp | None = None
    next_dealer: int | None = None
    over: bool  # the deal was played to its end


def review_of(rules: RuleSet, events: Iterable[Event], seat: int | None = None) -> DealReview:
    """The review of one deal from its events (those of several deals: the last one).

    `seat`: the reader, whose hand the events show (only its own `CardDealt`
    carry a card in its view); None: every hand the events show."""
    players = rules.players
    evs = _last_deal(list(events))
    hands: list[list[Card]] = [[] for _ in range(players)]
    start = next((e for e in evs if isinstance(e, DealStarted)), None)
    dealer = start.dealer if start is not None else None
    level = start.level if start is not None else rules.levels[0]
    first_seat = start.first_seat if start is not None else 0
    trump_suit: Suit | None = None
    trump_set = False
    kitty: tuple[Card, ...] | None = None
    holder: int | None = None
    buried: tuple[Card, ...] | None = None
    rounds: list[KittyRound] = []
    tricks: list[ReviewTrick] = []
    plays: list[ReviewPlay] = []
    tried: ReviewPlay | None = None
    scored: DealScored | None = None
    level_up: LevelUp | None = None
    next_dealer: int | None = None
    over = False
    for e in evs:
        if isinstance(e, Redealt):
            hands = [[] for _ in range(players)]
        elif isinstance(e, CardDealt) and e.card is not None:
            hands[e.seat].append(e.card)
        elif isinstance(e, DealerChosen):
            dealer = e.seat
        elif isinstance(e, TrumpSet):
            trump_suit, trump_set, level = e.trump_suit, True, e.level
        elif isinstance(e, KittyFlipped) and kitty is None:
            kitty = e.cards
        elif isinstance(e, KittyTaken):
            holder = e.seat
            rounds.append(KittyRound(seat=e.seat, taken=e.cards or None))
            if kitty is None and e.cards:
                kitty = e.cards  # the first take is the kitty as dealt
        elif isinstance(e, KittyBuried):
            if e.cards:
                buried = e.cards
            if rounds and rounds[-1].seat == e.seat:
                rounds[-1] = rounds[-1].model_copy(update={"buried": e.cards or None})
        elif isinstance(e, KittyRevealed):
            buried = e.cards
            holder = e.seat if e.seat is not None else holder
        elif isinstance(e, ThrowFailed):
            tried = ReviewPlay(seat=e.seat, cards=e.tried)
        elif isinstance(e, Played):
            if e.lead:
                if plays:  # (a trick left open: never in a well-formed log)
                    tricks.append(_trick(len(tricks) + 1, plays, None, tried))
                plays, tried = [], tried if tried is not None and tried.seat == e.seat else None
            plays.append(ReviewPlay(seat=e.seat, cards=e.cards))
        elif isinstance(e, TrickWon):
            tricks.append(_trick(e.trick_no, plays, e.seat, tried))
            plays, tried = [], None
        elif isinstance(e, DealScored):
            scored, over = e, True
        elif isinstance(e, LevelUp):
            level_up = e
        elif isinstance(e, DealerRotated):
            next_dealer = e.seat
    if plays:
        tricks.append(_trick(len(tricks) + 1, plays, None, tried))
    shown = [seat is None or s == seat for s in range(players)]
    return DealReview(
        deal_no=start.deal_no if start is not None else 0,
        dealer=dealer,
        level=level,
        trump_suit=trump_suit,
        trump_set=trump_set,
        first_seat=first_seat,
        hands=tuple(tuple(h) if shown[s] else None for s, h in enumerate(hands)),
        kitty=kitty,
        kitty_holder=holder,
        buried=buried,
        rounds=tuple(rounds),
        tricks=tuple(tricks),
        scored=scored,
        level_up=level_up,
        next_dealer=next_dealer,
        over=over,
    )


def review_for(state: GameState, seat: int) -> DealReview:
    """What `seat` may review of the deal in `state` (see the module docstring)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    if state.result is not None:  # the deal is over: nothing of it is hidden any more
        return review_of(state.rules, state.log)
    return review_of(state.rules, events_for(state.log, seat, state), seat)


def reviews_of(rules: RuleSet, events: Sequence[Event]) -> list[DealReview]:
    """Every deal of a game's events (full ones, the first deal's start included)."""
    deals: list[list[Event]] = []
    for e in events:
        if isinstance(e, DealStarted) and (e.attempt == 0 or not deals):
            deals.append([])
        if deals:
            deals[-1].append(e)
    return [review_of(rules, d) for d in deals]


def _last_deal(events: list[Event]) -> list[Event]:
    """The events from the last deal's start on (a redeal stays in its deal)."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, DealStarted) and e.attempt == 0:
            return events[i:]
    return events


def _trick(
    no: int, plays: Sequence[ReviewPlay], winner: int | None, tried: ReviewPlay | None
) -> ReviewTrick:
    return ReviewTrick(
        no=no,
        plays=tuple(plays),
        winner=winner,
        points=points(c for p in plays for c in p.cards),
        tried=tried,
    )
