"""Auctions in the engine (docs/rules.md §11-12): dealing without declaring, the
shown kitty, the bidding, naming trump and the kitty going to the winner.

Every judgement is the rules API's (`auction_status`, `check_bid`,
`check_pass`, `check_naming`, `naming_cards`); this module moves the state:

- dealing: the cards are dealt one at a time as in every game, but nobody
  declares (a `Declare` is refused with a sentence); after the last card the
  preset's `kitty_shown` kitty cards are shown to all (three players: 3,
  `KittyShown`) and the auction opens (`AuctionStarted`) with the seat dealt
  the first card: the opener, at random on the first deal, then the next
  seat each deal (and on a redeal);
- bidding: `Bid` / `PassBid` by the seat whose call it is; when the auction
  is over its winner deals at the winning bid (`AuctionWon`) and the level
  played is the winner's; if everyone passed a falling auction, the cards
  are shuffled and dealt again (`Redealt`, the next seat opens);
- naming_trump: the winner names trump (`NameTrump`, `TrumpNamed`) and takes
  the kitty to bury it (`KittyTaken`, phase burying). Where the preset has an
  overturn (`overturn_swap`), the naming stands as a declaration of the
  winner's level cards of the named suit (for no-trump, its joker pair): they
  are shown, and an overturn must beat them (engine/overturn.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import (
    Auction,
    AuctionCall,
    RuleSet,
    auction_status,
    check_bid,
    check_naming,
    check_pass,
    naming_cards,
)
from .commands import (
    Bid,
    Bury,
    DealAll,
    DealNext,
    Declare,
    NameTrump,
    NextDeal,
    PassBid,
    PassSteal,
    Steal,
)
from .deal import Step, deal_one, start_deal, take_kitty
from .errors import IllegalCards, RuleError, WrongPhase, WrongSeat
from .events import (
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    Event,
    KittyShown,
    Redealt,
    TrumpNamed,
)
from .overturn import overturn_bury, overturn_pass, overturn_steal
from .phases import require_phase
from .settle import next_auction_deal
from .state import GameState, SeatCards

Handler = Callable[[GameState, Any], Step]


def _require_auction(state: GameState) -> None:
    if state.rules.bidding == "none":
        raise WrongPhase(
            f"there is no auction in {state.rules.name}: trump is declared while dealing",
            "本玩法没有叫分：亮主定主",
        )


# ------------------------------------------------------------------ dealing


def open_auction(state: GameState, events: list[Event]) -> Step:
    """Every card is dealt: show the kitty cards the preset shows, open the bidding."""
    rs = state.rules
    shown = state.kitty[: rs.kitty_shown]
    opener = state.first_seat
    state = state.model_copy(
        update={"phase": "bidding", "auction": Auction(opener=opener), "shown_kitty": shown}
    )
    if shown:
        events.append(KittyShown(cards=shown))
    events.append(AuctionStarted(opener=opener))
    return state, events


def deal_next(state: GameState, cmd: DealNext) -> Step:
    require_phase(state, "deal the next card", "dealing")
    state, events = deal_one(state)
    if state.stock:
        return state, events
    return open_auction(state, events)


def deal_all(state: GameState, cmd: DealAll) -> Step:
    require_phase(state, "deal the remaining cards", "dealing")
    events: list[Event] = []
    while state.stock:
        state, evs = deal_one(state)
        events.extend(evs)
    return open_auction(state, events)


def refuse_declare(state: GameState, cmd: Declare) -> Step:
    raise WrongPhase(
        f"nobody declares in {state.rules.name}: the auction's winner names trump",
        "本玩法不亮主：叫分最高者定主",
    )


# ------------------------------------------------------------------ bidding


def _refused(code: str, en: str, zh: str, turn: int | None = None) -> RuleError:
    if code in ("bid_turn", "bid_passed", "bid_out"):
        # (having passed, or being out, is the better reason than whose turn it is)
        return WrongSeat(en, zh, turn=turn if code == "bid_turn" else None)
    if code == "auction_over":
        return WrongPhase(en, zh)
    return IllegalCards(en, zh)


def _after_call(state: GameState, auction: Auction, events: list[Event]) -> Step:
    rs = state.rules
    st = auction_status(rs, auction)
    state = state.model_copy(update={"auction": auction})
    if not st.over:
        return state, events
    if st.redeal:
        nxt, evs = start_deal(
            state, state.deal_no, state.attempt + 1, None, state.next_seat(state.first_seat)
        )
        return nxt, [*events, Redealt(), *evs]
    assert st.winner is not None and st.points is not None
    seat = st.winner
    state = state.model_copy(
        update={
            "phase": "naming_trump",
            "dealer": seat,
            "dealer_side": state.side_of(seat),
            "level": state.levels[seat],
            "bid": st.points,
        }
    )
    events.append(AuctionWon(seat=seat, points=st.points, forced=st.forced))
    return state, events


def bid(state: GameState, cmd: Bid) -> Step:
    _require_auction(state)
    require_phase(state, "bid", "bidding")
    rs, auction = state.rules, state.auction
    assert auction is not None
    v = check_bid(rs, auction, cmd.seat, cmd.points)
    if not v.ok:
        raise _refused(v.code, v.reason, v.reason_zh, auction_status(rs, auction).turn)
    before = auction_status(rs, auction)
    auction = auction.with_call(AuctionCall(seat=cmd.seat, points=cmd.points))
    after = auction_status(rs, auction)
    out = [s for s in after.out if s not in before.out]
    return _after_call(
        state, auction, [BidMade(seat=cmd.seat, points=cmd.points, out=out[0] if out else None)]
    )


def pass_bid(state: GameState, cmd: PassBid) -> Step:
    _require_auction(state)
    require_phase(state, "pass", "bidding")
    rs, auction = state.rules, state.auction
    assert auction is not None
    v = check_pass(rs, auction, cmd.seat)
    if not v.ok:
        raise _refused(v.code, v.reason, v.reason_zh, auction_status(rs, auction).turn)
    auction = auction.with_call(AuctionCall(seat=cmd.seat))
    return _after_call(state, auction, [BidPassed(seat=cmd.seat)])


# ------------------------------------------------------------- naming trump


def name_trump(state: GameState, cmd: NameTrump) -> Step:
    _require_auction(state)
    require_phase(state, "name trump", "naming_trump")
    rs, dealer = state.rules, state.dealer
    assert dealer is not None
    if cmd.seat != dealer:
        raise WrongSeat(
            f"seat {dealer} won the auction and names trump, not seat {cmd.seat}",
            f"由叫分最高的 {dealer} 号座位定主",
            turn=dealer,
        )
    v = check_naming(rs, cmd.suit)
    if not v.ok:
        raise IllegalCards(v.reason, v.reason_zh)
    shown: tuple[Any, ...] = ()
    standing = None
    if rs.overturn_swap:
        shown = tuple(naming_cards(rs, state.level, state.hands[dealer], cmd.suit))
        standing = SeatCards(seat=dealer, cards=shown)
    state = state.model_copy(
        update={"trump_suit": cmd.suit, "trump_set": True, "standing": standing}
    )
    named = TrumpNamed(seat=dealer, suit=cmd.suit, level=state.level, cards=shown)
    state, evs = take_kitty(state, dealer)
    return state, [named, *evs]


# ------------------------------------------------------------ the handlers

HANDLERS: dict[type, Handler] = {Bid: bid, PassBid: pass_bid, NameTrump: name_trump}


_AUCTION: dict[type, Handler] = {
    DealNext: deal_next,
    DealAll: deal_all,
    Declare: refuse_declare,
    NextDeal: next_auction_deal,
}
_OVERTURN: dict[type, Handler] = {
    **_AUCTION,
    Bury: overturn_bury,
    Steal: overturn_steal,
    PassSteal: overturn_pass,
}
_NONE: dict[type, Handler] = {}


def overrides(rs: RuleSet) -> dict[type, Handler]:
    """The handlers an auction preset uses instead of the declaring game's."""
    if rs.bidding == "none":
        return _NONE
    return _OVERTURN if rs.overturn_swap else _AUCTION
