"""The kitty (docs/rules.md §6-7): burying, and kitty theft (炒底) rounds.

Kitty theft (four-deck, `kitty_theft`): after each bury the other seats, in
play order from the one after the burier, may steal with a declaration that
overturns the standing one (the rules' `can_declare`, so the preset's
self-overturn rule holds: a seat cannot steal over its own declaration) or
pass. A steal sets trump, gives the thief the kitty to bury, and starts a new
round; on the first deal it also makes the thief the dealer (it counts as an
overturn, 反主). The rounds end when every other seat has passed in a row.
No theft when trump came from flipping the kitty (seed 002: 翻底亮主的不允许炒底).
Find friends: the dealer calls its friend once the bury (and any theft) is over.
"""

from __future__ import annotations

from ..rules import contains, format_cards, remove_cards
from .calling import begin_play
from .commands import Bury, PassSteal, Steal
from .deal import Step, check_declaration, choose_dealer, take_kitty
from .errors import IllegalCards, NotInHand, WrongSeat
from .events import Declared, Event, KittyBuried, StealPassed, StealTurn, TrumpSet
from .phases import require_phase
from .state import GameState, SeatCards


def lay_down(state: GameState, cmd: Bury) -> tuple[GameState, KittyBuried]:
    """Check a bury and make it: the holder lays down the cards it holds beyond a
    hand (the whole kitty; three players' overturn: the cards swapped in)."""
    require_phase(state, "bury the kitty", "burying")
    holder = state.kitty_holder
    if cmd.seat != holder:
        raise WrongSeat(
            f"seat {holder} holds the kitty and buries it, not seat {cmd.seat}",
            f"由 {holder} 号座位扣底",
            turn=holder,
        )
    hand = state.hands[cmd.seat]
    k = len(hand) - state.rules.hand_size
    if len(cmd.cards) != k:
        raise IllegalCards(f"bury exactly {k} cards, not {len(cmd.cards)}", f"必须扣 {k} 张牌")
    if not contains(hand, cmd.cards):
        raise NotInHand(
            f"you do not hold {format_cards(cmd.cards)}",
            f"你手里没有 {format_cards(cmd.cards)}",
        )
    hands = list(state.hands)
    hands[cmd.seat] = tuple(remove_cards(hand, cmd.cards))
    state = state.model_copy(update={"hands": tuple(hands), "kitty": state.kitty + cmd.cards})
    return state, KittyBuried(seat=cmd.seat, count=k, cards=cmd.cards)


def bury(state: GameState, cmd: Bury) -> Step:
    state, buried = lay_down(state, cmd)
    events: list[Event] = [buried]
    rs = state.rules
    if rs.kitty_theft and state.standing is not None and not state.kitty_from_flip:
        first = state.next_seat(cmd.seat)
        state = state.model_copy(
            update={"phase": "kitty_theft", "theft_turn": first, "theft_passes": 0}
        )
        events.append(StealTurn(seat=first))
        return state, events
    state, evs = begin_play(state)
    return state, events + evs


def _require_turn(state: GameState, seat: int) -> None:
    if seat != state.theft_turn:
        raise WrongSeat(
            f"it is seat {state.theft_turn}'s turn to steal the kitty or pass",
            f"轮到 {state.theft_turn} 号座位炒底",
            turn=state.theft_turn,
        )


def steal(state: GameState, cmd: Steal) -> Step:
    require_phase(state, "steal the kitty", "kitty_theft")
    _require_turn(state, cmd.seat)
    decl = check_declaration(state, cmd.seat, cmd.cards, state.standing)
    rec = SeatCards(seat=cmd.seat, cards=cmd.cards)
    state = state.model_copy(
        update={
            "declarations": (*state.declarations, rec),
            "standing": rec,
            "trump_suit": decl.trump_suit,
            "theft_turn": None,
            "theft_passes": 0,
        }
    )
    events: list[Event] = [
        Declared(seat=cmd.seat, cards=cmd.cards, steal=True),
        TrumpSet(level=state.level, trump_suit=decl.trump_suit, seat=cmd.seat, reason="steal"),
    ]
    if state.dealer_by_declaration and state.dealer != cmd.seat:
        state, evs = choose_dealer(state, cmd.seat, "steal")
        events.extend(evs)
    state, evs = take_kitty(state, cmd.seat)
    return state, events + evs


def pass_steal(state: GameState, cmd: PassSteal) -> Step:
    require_phase(state, "pass on the kitty", "kitty_theft")
    _require_turn(state, cmd.seat)
    passes = state.theft_passes + 1
    events: list[Event] = [StealPassed(seat=cmd.seat)]
    if passes >= state.players - 1:
        state = state.model_copy(update={"theft_turn": None, "theft_passes": 0})
        state, evs = begin_play(state)
        return state, events + evs
    nxt = state.next_seat(cmd.seat)
    if nxt == state.kitty_holder:
        nxt = state.next_seat(nxt)
    state = state.model_copy(update={"theft_turn": nxt, "theft_passes": passes})
    events.append(StealTurn(seat=nxt))
    return state, events
