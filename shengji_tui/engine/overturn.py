"""Three players' overturn (反牌, docs/rules.md §12; the reading is in
docs/rules-decisions.md): "同经典升级，但是反牌者只能从底牌中随机换6张".

After the dealer buries, phase `overturning`: each attacker once, in play
order from the seat after the dealer, may overturn (`Steal`) with a
declaration stronger than the standing one on the classic ladder (the
naming's shown level cards, a naming showing none counting as a single), or
pass (`PassSteal`). An overturn makes the trump suit the overturner's (the
level stays the dealer's), gives the overturner `overturn_swap` (6) cards of
the kitty drawn at random, and the overturner buries as many (phase burying);
then the next attacker's turn, who may overturn the new standing declaration.
The dealer stays the dealer and leads the first trick once every attacker
has had its turn. After a swap nobody sees the whole kitty until the deal
ends: each burier knows only what it buried.
"""

from __future__ import annotations

import random

from ..rules import check_overturn, parse_declaration
from .commands import Bury, PassSteal, Steal
from .deal import Step
from .errors import IllegalCards, NotInHand, WrongSeat
from .events import Declared, Event, KittyTaken, StealPassed, StealTurn, TrumpSet
from .kitty import lay_down
from .phases import require_phase
from .play import start_play
from .state import GameState, SeatCards


def _turn_of(state: GameState, seat: int, events: list[Event]) -> Step:
    """`seat`'s turn to overturn or pass; the dealer's seat means every attacker had it."""
    if seat == state.dealer:
        state = state.model_copy(update={"theft_turn": None})
        state, evs = start_play(state)
        return state, events + evs
    state = state.model_copy(update={"phase": "overturning", "theft_turn": seat})
    return state, [*events, StealTurn(seat=seat)]


def overturn_bury(state: GameState, cmd: Bury) -> Step:
    state, buried = lay_down(state, cmd)
    dealer = state.dealer
    assert dealer is not None
    if cmd.seat != dealer:  # an overturner's swap: the kitty is the dealer's again
        state = state.model_copy(update={"kitty_holder": dealer, "kitty_swapped": True})
    return _turn_of(state, state.next_seat(cmd.seat), [buried])


def _require_turn(state: GameState, seat: int) -> None:
    if seat != state.theft_turn:
        raise WrongSeat(
            f"it is seat {state.theft_turn}'s turn to overturn or pass",
            f"轮到 {state.theft_turn} 号座位反牌",
            turn=state.theft_turn,
        )


def overturn_steal(state: GameState, cmd: Steal) -> Step:
    require_phase(state, "overturn trump", "overturning")
    _require_turn(state, cmd.seat)
    rs = state.rules
    standing = state.standing.cards if state.standing is not None else ()
    hand = state.hands[cmd.seat]
    v = check_overturn(rs, state.level, hand, cmd.cards, standing, state.trump_suit)
    if not v.ok:
        raise (NotInHand if v.code == "not_in_hand" else IllegalCards)(v.reason, v.reason_zh)
    suit = parse_declaration(rs, state.level, list(cmd.cards)).trump_suit
    rng = random.Random(f"shengji/{state.seed}/{state.deal_no}/{state.attempt}/overturn/{cmd.seat}")
    kitty = list(state.kitty)
    picks = set(rng.sample(range(len(kitty)), min(rs.overturn_swap, len(kitty))))
    taken = tuple(c for i, c in enumerate(kitty) if i in picks)
    left = tuple(c for i, c in enumerate(kitty) if i not in picks)
    hands = list(state.hands)
    hands[cmd.seat] = hand + taken
    rec = SeatCards(seat=cmd.seat, cards=cmd.cards)
    state = state.model_copy(
        update={
            "declarations": (*state.declarations, rec),
            "standing": rec,
            "trump_suit": suit,
            "theft_turn": None,
            "hands": tuple(hands),
            "kitty": left,
            "kitty_holder": cmd.seat,
            "phase": "burying",
        }
    )
    events: list[Event] = [
        Declared(seat=cmd.seat, cards=cmd.cards, steal=True),
        TrumpSet(level=state.level, trump_suit=suit, seat=cmd.seat, reason="steal"),
        KittyTaken(seat=cmd.seat, count=len(taken), cards=taken),
    ]
    return state, events


def overturn_pass(state: GameState, cmd: PassSteal) -> Step:
    require_phase(state, "pass on overturning", "overturning")
    _require_turn(state, cmd.seat)
    return _turn_of(state, state.next_seat(cmd.seat), [StealPassed(seat=cmd.seat)])
