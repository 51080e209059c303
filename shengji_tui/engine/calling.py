"""The `calling` phase (find friends, docs/rules.md §10): once the kitty is buried
(and any kitty theft is over, so the dealer is settled), the dealer calls the
friend with `CallFriend(seat, card, nth)`; then the dealer leads.

A call is checked by `rules.check_friend_call` (a card of the pack, a copy the
pack has, nth 1 under `holder`); under `holder` the friend is fixed now from
the hands (`rules.holder_friend`) and kept hidden in the state.
"""

from __future__ import annotations

from ..rules import check_friend_call, holder_friend, parse_friend_card
from .commands import CallFriend
from .errors import BadCommand, IllegalCards, WrongSeat
from .events import Event, FriendCalled
from .friendcall import FriendCall
from .friends import finds_friends
from .phases import require_phase
from .play import start_play
from .state import GameState

Step = tuple[GameState, list[Event]]


def begin_play(state: GameState) -> Step:
    """After the bury (and kitty theft): the call first where the game has one."""
    if finds_friends(state) and not state.friend_calls:
        return state.model_copy(update={"phase": "calling", "turn": None}), []
    return start_play(state)


def call_friend(state: GameState, cmd: CallFriend) -> Step:
    require_phase(state, "call a friend", "calling")
    dealer = state.dealer
    assert dealer is not None
    if cmd.seat != dealer:
        raise WrongSeat(
            f"seat {dealer} is the dealer and calls the friend, not seat {cmd.seat}",
            f"由 {dealer} 号座位（庄家）叫朋友",
            turn=dealer,
        )
    rs = state.rules
    verdict = check_friend_call(rs, cmd.card, cmd.nth)
    if not verdict.ok:
        err = BadCommand if verdict.code == "no_card" else IllegalCards
        raise err(verdict.reason, verdict.reason_zh)
    card = parse_friend_card(cmd.card)
    friend = holder_friend(rs, dealer, card, state.hands) if rs.friend_rule == "holder" else None
    call = FriendCall(seat=dealer, card=card, nth=cmd.nth)
    state = state.model_copy(update={"friend_calls": (call,), "friend": friend})
    events: list[Event] = [FriendCalled(seat=dealer, card=card, nth=cmd.nth)]
    state, evs = start_play(state)
    return state, events + evs
