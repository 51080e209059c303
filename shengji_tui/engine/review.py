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
  included) cut into deals, each told in full (`shengji replay --json`), with
  every seat's level after each deal.

Beside the cards, a review tells how the deal was set up and how it ended:
the auction (every call, its winner and bid, the redeals of a falling auction
nobody bid in), the naming of trump and the level cards it showed, three
players' overturns, the friend's call and its reveal, and the deal's end as
its events (`ending`: the kitty shown, its capture, the score, eighty points'
settlement and throw penalties, the levels gained, the next dealer or the
next auction's opener, the match's end), which the result screen's text reads
too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from ..rules import Card, RuleSet, Suit, points
from .events import (
    AuctionOpenerNext,
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    CardDealt,
    DealerChosen,
    DealerRotated,
    DealScored,
    DealSettled,
    DealStarted,
    Declared,
    Event,
    FriendCalled,
    FriendRevealed,
    JackRule,
    KittyBuried,
    KittyCaptured,
    KittyFlipped,
    KittyRevealed,
    KittyShown,
    KittyTaken,
    LevelUp,
    MatchOver,
    Played,
    Redealt,
    StealPassed,
    ThrowFailed,
    ThrowPenalty,
    TrickWon,
    TrumpNamed,
    TrumpSet,
)
from .state import GameState, teams_for
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


class ReviewCall(_Frozen):
    """One call of the auction: a bid of `points`, or a pass (None); `out`: the
    70 bidder this bid put out of the auction (eighty points)."""

    seat: int
    points: int | None = None
    out: int | None = None


class ReviewAuction(_Frozen):
    """The auction of the deal: who opened, every call, who won it at what bid
    (`forced`: everyone passed and the first to pass deals at the opening
    bid); `redeals`: auctions before it in which everyone passed (three
    players: the cards were dealt again)."""

    opener: int | None = None
    calls: tuple[ReviewCall, ...] = ()
    winner: int | None = None
    bid: int | None = None
    forced: bool = False
    redeals: int = 0


class ReviewNaming(_Frozen):
    """Trump named by the auction's winner (`suit` None: no-trump) and the level
    cards the naming showed (three players: what an overturn must beat)."""

    seat: int
    suit: Suit | None
    cards: tuple[Card, ...] = ()


class ReviewOverturn(_Frozen):
    """Three players' overturn window: `seat` overturned with `cards` (the trump
    suit became `suit`), or passed (`cards` empty)."""

    seat: int
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None


class ReviewFriend(_Frozen):
    """Find friends: the dealer's call and, once revealed, the friend (`friend`
    None and `alone`: the dealer played alone) and the trick it was shown in
    (None: at the deal's end)."""

    seat: int
    card: Card
    nth: int
    friend: int | None = None
    alone: bool = False
    trick: int | None = None

    @property
    def revealed(self) -> bool:
        return self.friend is not None or self.alone


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
    shown_kitty: tuple[Card, ...] = ()  # three players: the kitty cards shown to all
    auction: ReviewAuction | None = None  # an auction preset's auction
    naming: ReviewNaming | None = None
    overturns: tuple[ReviewOverturn, ...] = ()
    friend: ReviewFriend | None = None  # find friends: the call and its reveal
    dealer_side: tuple[int, ...] = ()  # as it ended (find friends: as far as revealed)
    ending: tuple[Event, ...] = ()  # the deal's end, as its events (see the module doc)
    levels: tuple[str, ...] | None = None  # every seat's level after the deal, where known


def review_of(
    rules: RuleSet,
    events: Iterable[Event],
    seat: int | None = None,
    levels: tuple[str, ...] | None = None,
) -> DealReview:
    """The review of one deal from its events (those of several deals: the last one).

    `seat`: the reader, whose hand the events show (only its own `CardDealt`
    carry a card in its view); None: every hand the events show. `levels`:
    every seat's level after the deal, where the caller knows it."""
    players = rules.players
    evs = _last_deal(list(events))
    hands: list[list[Card]] = [[] for _ in range(players)]
    start = next((e for e in reversed(evs) if isinstance(e, DealStarted)), None)
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
    shown_kitty: tuple[Card, ...] = ()
    auction: ReviewAuction | None = None
    naming: ReviewNaming | None = None
    overturns: list[ReviewOverturn] = []
    friend: ReviewFriend | None = None
    ending: list[Event] = []
    for e in evs:
        if isinstance(e, _ENDING):
            ending.append(e)
        if isinstance(e, Redealt):
            hands = [[] for _ in range(players)]
            auction = None
        elif isinstance(e, KittyShown):
            shown_kitty = e.cards
        elif isinstance(e, AuctionStarted):
            auction = ReviewAuction(opener=e.opener, redeals=start.attempt if start else 0)
        elif isinstance(e, (BidMade, BidPassed)) and auction is not None:
            call = (
                ReviewCall(seat=e.seat, points=e.points, out=e.out)
                if isinstance(e, BidMade)
                else ReviewCall(seat=e.seat)
            )
            auction = auction.model_copy(update={"calls": (*auction.calls, call)})
        elif isinstance(e, AuctionWon):
            dealer = e.seat
            if auction is not None:
                auction = auction.model_copy(
                    update={"winner": e.seat, "bid": e.points, "forced": e.forced}
                )
        elif isinstance(e, TrumpNamed):
            naming = ReviewNaming(seat=e.seat, suit=e.suit, cards=e.cards)
            trump_suit, trump_set, level = e.suit, True, e.level
        elif isinstance(e, Declared) and e.steal and naming is not None:
            overturns.append(ReviewOverturn(seat=e.seat, cards=e.cards))
        elif isinstance(e, StealPassed) and naming is not None:
            overturns.append(ReviewOverturn(seat=e.seat))
        elif isinstance(e, FriendCalled):
            friend = ReviewFriend(seat=e.seat, card=e.card, nth=e.nth)
        elif isinstance(e, FriendRevealed) and friend is not None:
            done = over or (bool(ending) and isinstance(ending[0], KittyRevealed))
            friend = friend.model_copy(
                update={
                    "friend": None if e.alone else e.seat,
                    "alone": e.alone,
                    "trick": None if done else len(tricks) + 1,
                }
            )
        elif isinstance(e, CardDealt) and e.card is not None:
            hands[e.seat].append(e.card)
        elif isinstance(e, DealerChosen):
            dealer = e.seat
        elif isinstance(e, TrumpSet):
            trump_suit, trump_set, level = e.trump_suit, True, e.level
            if e.reason == "steal" and overturns and overturns[-1].seat == e.seat:
                overturns[-1] = overturns[-1].model_copy(update={"suit": e.trump_suit})
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
    side: tuple[int, ...] = ()
    if dealer is not None:
        side = _dealer_side(rules, dealer, friend)
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
        shown_kitty=shown_kitty,
        auction=auction,
        naming=naming,
        overturns=tuple(overturns),
        friend=friend,
        dealer_side=side,
        ending=tuple(ending),
        levels=levels,
    )


# the events that tell the deal's end (and eighty points' throw penalties, paid at once)
_ENDING = (
    KittyRevealed,
    KittyCaptured,
    DealScored,
    DealSettled,
    ThrowPenalty,
    LevelUp,
    JackRule,
    DealerRotated,
    AuctionOpenerNext,
    MatchOver,
)


def _dealer_side(rules: RuleSet, dealer: int, friend: ReviewFriend | None) -> tuple[int, ...]:
    """The dealer side: the dealer's team (fixed partners), the dealer alone (an
    auction, a solo table), or the dealer and its friend as far as revealed."""
    if rules.partnership == "find_friends":
        if friend is not None and friend.friend is not None:
            return tuple(sorted({dealer, friend.friend}))
        return (dealer,)
    if rules.bidding != "none" or rules.partnership != "fixed":
        return (dealer,)
    teams = teams_for(rules)
    return tuple(s for s in range(rules.players) if teams[s] == teams[dealer])


def review_for(state: GameState, seat: int) -> DealReview:
    """What `seat` may review of the deal in `state` (see the module docstring)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    if state.result is not None:  # the deal is over: nothing of it is hidden any more
        return review_of(state.rules, state.log, levels=state.levels)
    return review_of(state.rules, events_for(state.log, seat, state), seat)


def reviews_of(rules: RuleSet, events: Sequence[Event]) -> list[DealReview]:
    """Every deal of a game's events (full ones, the first deal's start included),
    with every seat's level after each deal (the levels gained counted from the
    first deal's)."""
    deals: list[list[Event]] = []
    for e in events:
        if isinstance(e, DealStarted) and (e.attempt == 0 or not deals):
            deals.append([])
        if deals:
            deals[-1].append(e)
    levels = [rules.levels[0]] * rules.players
    out = []
    for d in deals:
        for e in d:
            if isinstance(e, (LevelUp, JackRule)):
                for s in e.seats:
                    levels[s] = e.new_level
        scored = any(isinstance(e, DealScored) for e in d)
        out.append(review_of(rules, d, levels=tuple(levels) if scored else None))
    return out


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
