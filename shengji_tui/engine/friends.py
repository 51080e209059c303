"""Find friends in play (docs/rules.md §10): the reveal, the sides as far as a seat
may know them, and the deal's scoring by seat. The rules are asked of
`shengji_tui.rules` (who the friend is, the five-player table, the next dealer);
this module keeps what is hidden hidden.

- `state.dealer_side` is always the revealed part: the dealer alone until the
  friend is revealed (or, at the end, the dealer is found to be alone).
- Under `holder` the engine knows the friend from the call (`state.friend`);
  a view shows it on the dealer side only where its seat can prove it from
  what it has seen (`rules.friend_sides`: the friend sitting first after the
  dealer, or holding every copy, knows; a holder further on does not), and
  every view shows it once it plays the called card.
- Under `nth_played` nobody is the friend until the nth copy is played.
- The dealer alone is revealed when it becomes public: under `nth_played` when
  the dealer plays the nth copy; under `holder` when every copy has been
  played by the dealer; otherwise when the deal ends (the kitty is shown).
- Failed-throw points (`throw_penalty = points`) would tell which side the
  thrower is on, so under find friends they are settled when the deal ends,
  from the deal's log and the sides as they ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules import (
    Card,
    DealResult,
    FriendSide,
    effective_suit,
    friend_copies,
    friend_deal_result,
    friend_next_dealer,
    friend_sides,
    plays_nth_copy,
)
from .events import Event, FriendRevealed, ThrowFailed
from .friendcall import FriendCall
from .state import GameState

if TYPE_CHECKING:
    from ..rules import RuleSet

Step = tuple[GameState, list[Event]]


def finds_friends(state: GameState) -> bool:
    return state.rules.partnership == "find_friends"


def the_call(state: GameState) -> FriendCall | None:
    return state.friend_calls[0] if state.friend_calls else None


def _reveal(state: GameState, call: FriendCall, seat: int, *, alone: bool = False) -> Step:
    dealer = call.seat
    if alone:
        done = call.model_copy(update={"alone": True, "friend": None})
        side: tuple[int, ...] = (dealer,)
        friend = None
    else:
        done = call.model_copy(update={"friend": seat})
        side = tuple(sorted({dealer, seat}))
        friend = seat
    calls = (done, *state.friend_calls[1:])
    new = state.model_copy(update={"friend_calls": calls, "dealer_side": side, "friend": friend})
    return new, [FriendRevealed(seat=dealer if alone else seat, alone=alone)]


def _clues(
    state: GameState, call: FriendCall, seat: int, cards: Sequence[Card], tried: Sequence[Card]
) -> FriendCall:
    """`call` with what `seat`'s play showed of the called card: the copies it
    played, a failed throw's copies (held then), a follow short of the card's
    suit (it holds no more)."""
    n = state.players
    card = call.card
    by = list(call.by_seat or (0,) * n)
    held = list(call.held or (0,) * n)
    void = list(call.void or (False,) * n)
    if tried:
        held[seat] = max(held[seat], by[seat] + sum(1 for c in tried if c == card))
    by[seat] += sum(1 for c in cards if c == card)
    held[seat] = max(held[seat], by[seat])
    lead = state.trick[0] if state.trick else None
    if lead is not None and lead.seat != seat and not void[seat]:
        rs, ctx = state.rules, state.ctx
        suit = effective_suit(rs, ctx, card)
        if effective_suit(rs, ctx, lead.cards[0]) == suit:
            same = sum(1 for c in cards if effective_suit(rs, ctx, c) == suit)
            void[seat] = same < len(lead.cards)
    return call.model_copy(update={"by_seat": tuple(by), "held": tuple(held), "void": tuple(void)})


def on_played(
    state: GameState, seat: int, cards: Sequence[Card], tried: Sequence[Card] = ()
) -> Step:
    """After `seat` played `cards` (`tried`: the throw it failed, shown to all):
    note what the play showed, count the called copies, reveal the friend."""
    call = the_call(state)
    if call is None:
        return state, []
    call = _clues(state, call, seat, cards, tried)
    k = sum(1 for c in cards if c == call.card)
    if k == 0:
        state = state.model_copy(update={"friend_calls": (call, *state.friend_calls[1:])})
        return state, []
    before = call.played
    call = call.model_copy(update={"played": before + k})
    state = state.model_copy(update={"friend_calls": (call, *state.friend_calls[1:])})
    if call.revealed:
        return state, []
    dealer = call.seat
    if state.rules.friend_rule == "nth_played":
        if plays_nth_copy(call.card, call.nth, before, cards):
            return _reveal(state, call, seat, alone=seat == dealer)
        return state, []
    if state.friend is not None:
        if seat == state.friend:
            return _reveal(state, call, seat)
        return state, []
    # holder, nobody else held a copy: public once every copy has been played
    if call.played >= friend_copies(state.rules):
        return _reveal(state, call, dealer, alone=True)
    return state, []


def settle_sides(state: GameState) -> Step:
    """At the end of the deal: whatever is not revealed yet is now (the friend
    under `holder`, who has played every card by now; else the dealer alone),
    and failed-throw points go to the side opposite the thrower's."""
    events: list[Event] = []
    call = the_call(state)
    if call is not None and not call.revealed:
        if state.friend is not None:
            state, events = _reveal(state, call, state.friend)
        else:
            state, events = _reveal(state, call, call.seat, alone=True)
    if state.rules.throw_penalty == "points":
        side = set(state.dealer_side)
        pts = 0
        for e in state.log:
            if isinstance(e, ThrowFailed) and e.penalty_kind == "points":
                pts += e.penalty if e.seat in side else -e.penalty
        state = state.model_copy(update={"penalty_points": pts})
    return state, events


def deal_result(state: GameState, attacker_points: int, last_winner: int) -> DealResult:
    """The deal's result by seat (docs/rules.md §10), once the sides are settled."""
    friend = state.friend
    return friend_deal_result(
        state.rules,
        attacker_points,
        alone=friend is None,
        friend_won_last=friend is not None and last_winner == friend,
    )


def gains(state: GameState, result: DealResult) -> list[tuple[tuple[int, ...], int]]:
    """(seats, levels) for each group that goes up this deal."""
    if result.attackers_take_over:
        return [(state.attackers, result.attacker_levels)]
    dealer = state.dealer
    assert dealer is not None
    out: list[tuple[tuple[int, ...], int]] = [((dealer,), result.dealer_side_levels)]
    if state.friend is not None:
        out.append(((state.friend,), result.friend_levels))
    return out


def next_dealer(state: GameState, take_over: bool) -> int:
    assert state.dealer is not None
    return friend_next_dealer(state.rules, state.dealer, state.dealer_side, take_over)


def sides_seen(
    rs: RuleSet,
    call: FriendCall | None,
    dealer: int | None,
    seat: int | None,
    hand: Sequence[Card],
    kitty: Sequence[Card] | None,
) -> tuple[FriendSide, ...]:
    """Every seat's side as `seat` (None: a spectator) may know it, from the
    public call and its own cards (`kitty`: the kitty if it may see it):
    the revealed sides once revealed, else what `rules.friend_sides` proves."""
    n = rs.players
    if call is None or dealer is None:
        return tuple("dealer" if s == dealer else "unknown" for s in range(n))
    if call.revealed:
        return tuple(
            "dealer" if s == dealer else "friend" if s == call.friend else "attacker"
            for s in range(n)
        )
    return friend_sides(
        rs,
        dealer,
        call.nth,
        call.by_seat,
        call.held,
        call.void,
        seat=seat,
        in_hand=sum(1 for c in hand if c == call.card),
        kitty=None if kitty is None else sum(1 for c in kitty if c == call.card),
    )


def known_dealer_side(state: GameState, seat: int, kitty: Sequence[Card] | None) -> tuple[int, ...]:
    """The dealer side as `seat` may know it: the revealed part, and the
    friend where `seat` can prove who it is before the reveal (`kitty`: the
    kitty as `seat` sees it)."""
    side = state.dealer_side
    call = the_call(state)
    if call is None or call.revealed or state.dealer is None:
        return side
    sides = sides_seen(state.rules, call, state.dealer, seat, state.hands[seat], kitty)
    proven = [s for s, x in enumerate(sides) if x == "friend" and s not in side]
    return tuple(sorted((*side, *proven))) if proven else side
