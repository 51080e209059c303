"""What one seat may see: `view_for(state, seat)` and `events_for(events, seat, state)`.

A view holds the seat's own hand, the public state (levels, trump, the trick,
captured points, hand sizes, the deal's public history) and the state version.
Never another hand, the cards still to deal, or the buried kitty (except to the
seat that buried it, and to all once the deal is over). Find friends: the
dealer side is the revealed part, and the friend where the seat can prove who
it is from what it has seen (`rules.friend_sides`); `friend_calls` is the
public call.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from ..rules import (
    Auction,
    AuctionCall,
    Card,
    DealResult,
    FriendSide,
    RuleSet,
    Suit,
    TrumpContext,
    points,
    sort_hand,
)
from .events import CardDealt, Declared, Event, KittyBuried, KittyTaken
from .friendcall import FriendCall
from .friends import known_dealer_side, sides_seen
from .state import GameState, Phase, SeatCards

_DECLARING = ("dealing", "declaring")


class SeatView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    version: int
    phase: Phase
    rules: RuleSet
    teams: tuple[int, ...]
    levels: tuple[str, ...]
    match_scores: tuple[int, ...]
    winners: tuple[int, ...]

    deal_no: int
    dealer: int | None
    level: str
    dealer_side: tuple[int, ...]  # as far as this seat knows (find friends: revealed or proven)
    first_seat: int
    cards_left: int  # still to deal (a count only)
    hand: tuple[Card, ...]  # sorted for display
    hand_sizes: tuple[int, ...]

    declarations: tuple[SeatCards, ...]  # the ones this seat may see
    standing: SeatCards | None  # the declaration to beat, as far as this seat knows
    trump_suit: Suit | None
    trump_set: bool

    kitty_size: int
    kitty_holder: int | None
    kitty: tuple[Card, ...] | None  # the buried kitty: to its burier, or to all at the end

    theft_turn: int | None  # whose turn to steal the kitty (or, three players, to overturn)
    bids: tuple[AuctionCall, ...]  # the auction's calls so far, in order (public)
    auction: Auction | None  # the auction's record, for `rules.bid_options` and friends
    bid: int | None  # the winning bid once the auction is over: the deal's contract
    shown_kitty: tuple[Card, ...]  # three players: the kitty cards shown to everyone
    bury_count: int  # cards the kitty's holder buries now (0 outside burying)
    friend_calls: tuple[FriendCall, ...]  # find friends: the call and its reveal, public
    awaiting: int | None  # whose action the game waits for
    turn: int | None
    trick: tuple[SeatCards, ...]
    trick_no: int
    last_trick: tuple[SeatCards, ...]
    last_trick_winner: int | None
    points_by_seat: tuple[int, ...]  # point cards won in tricks
    penalty_points: int
    failed_throws: int  # failed throws this deal (eighty points: 2 end throwing)

    result: DealResult | None
    attacker_points: int | None
    next_dealer: int | None

    log: tuple[Event, ...]  # this deal's events as this seat sees them


_PUBLIC_DEALT: dict[tuple[int, int], CardDealt] = {}


def _public_dealt(event: CardDealt) -> CardDealt:
    # Shared instances: views are rebuilt after every card, copying each time was quadratic.
    key = (event.seat, event.left)
    hit = _PUBLIC_DEALT.get(key)
    if hit is None:
        hit = _PUBLIC_DEALT[key] = CardDealt(seat=event.seat, card=None, left=event.left)
    return hit


def visible_event(event: Event, seat: int, state: GameState) -> Event | None:
    """`event` as `seat` may see it in `state` (None: not at all)."""
    if isinstance(event, CardDealt) and event.seat != seat and event.card is not None:
        return _public_dealt(event)
    if isinstance(event, Declared) and event.hidden and event.seat != seat:
        return None if state.phase in _DECLARING else event
    if isinstance(event, (KittyTaken, KittyBuried)) and event.seat != seat and event.cards:
        return event.model_copy(update={"cards": ()})
    return event


def events_for(events: Iterable[Event], seat: int, state: GameState) -> list[Event]:
    """The events of one `apply` as `seat` sees them (`state`: the state after them)."""
    out = []
    for e in events:
        v = visible_event(e, seat, state)
        if v is not None:
            out.append(v)
    return out


def _visible_declarations(
    state: GameState, seat: int
) -> tuple[tuple[SeatCards, ...], SeatCards | None]:
    if state.rules.hidden_declaring and state.phase in _DECLARING:
        own = tuple(d for d in state.declarations if d.seat == seat)
        return own, (own[-1] if own else None)
    if state.phase in _DECLARING:
        return state.declarations, state.declarations[-1] if state.declarations else None
    return state.declarations, state.standing


def view_for(state: GameState, seat: int) -> SeatView:
    """What `seat` may see of `state`."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    ended = state.result is not None
    kitty: tuple[Card, ...] | None = None
    own = state.kitty_holder == seat and not state.kitty_swapped
    if ended or (own and state.phase in ("kitty_theft", "overturning", "calling", "playing")):
        kitty = state.kitty
    decls, standing = _visible_declarations(state, seat)
    ctx = state.ctx
    if state.dealer is None and state.rules.bidding != "none":
        ctx = TrumpContext(state.levels[seat])  # before the auction: the level this seat would play
    holder = state.kitty_holder
    bury_count = 0
    if state.phase == "burying" and holder is not None:
        bury_count = len(state.hands[holder]) - state.rules.hand_size
    # model_construct: every part is already a validated model of the state
    return SeatView.model_construct(
        seat=seat,
        version=state.version,
        phase=state.phase,
        rules=state.rules,
        teams=state.teams,
        levels=state.levels,
        match_scores=state.match_scores,
        winners=state.winners,
        deal_no=state.deal_no,
        dealer=state.dealer,
        level=state.level,
        dealer_side=known_dealer_side(state, seat, kitty),
        first_seat=state.first_seat,
        cards_left=len(state.stock),
        hand=tuple(sort_hand(state.rules, ctx, state.hands[seat])),
        hand_sizes=tuple(len(h) for h in state.hands),
        declarations=decls,
        standing=standing,
        trump_suit=state.trump_suit,
        trump_set=state.trump_set,
        kitty_size=state.rules.kitty_size,
        kitty_holder=state.kitty_holder,
        kitty=kitty,
        theft_turn=state.theft_turn,
        bids=state.auction.calls if state.auction is not None else (),
        auction=state.auction,
        bid=state.bid,
        shown_kitty=state.shown_kitty,
        bury_count=bury_count,
        friend_calls=state.friend_calls,
        awaiting=state.awaiting(),
        turn=state.turn,
        trick=state.trick,
        trick_no=state.trick_no,
        last_trick=state.last_trick,
        last_trick_winner=state.last_trick_winner,
        points_by_seat=tuple(points(c) for c in state.captured),
        penalty_points=state.penalty_points,
        failed_throws=state.failed_throws,
        result=state.result,
        attacker_points=state.attacker_points,
        next_dealer=state.next_dealer,
        log=tuple(events_for(state.log, seat, state)),
    )


def known_sides(view: SeatView) -> tuple[FriendSide, ...]:
    """Find friends: every seat's side as the view's seat may know it ("dealer",
    "friend", "attacker", "unknown"); see `rules.friend_sides`."""
    call = view.friend_calls[0] if view.friend_calls else None
    seat = view.seat if 0 <= view.seat < view.rules.players else None
    return sides_seen(view.rules, call, view.dealer, seat, view.hand, view.kitty)
