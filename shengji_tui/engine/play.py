"""Playing tricks (docs/rules.md §4-5): leads, throws, follows, the trick's winner.

Every judgement is the rules API's: `decompose` (a lead is one effective
suit), `check_throw` (a failed throw's forced unit), `check_follow`,
`trick_winner`, `points`. The engine only moves cards and applies the
preset's throw penalty.
"""

from __future__ import annotations

from ..rules import (
    Card,
    check_follow,
    check_throw,
    contains,
    decompose,
    format_cards,
    points,
    remove_cards,
    throw_allowed,
    throw_penalty_deltas,
    trick_winner,
)
from .commands import Play
from .errors import IllegalCards, NotInHand, WrongSeat
from .events import Event, Played, PlayStarted, ThrowFailed, ThrowPenalty, TrickWon
from .friends import finds_friends, on_played
from .phases import require_phase
from .scoring import end_deal
from .settle import end_auction_deal
from .state import GameState, SeatCards

Step = tuple[GameState, list[Event]]


def start_play(state: GameState) -> Step:
    """The dealer leads the first trick."""
    assert state.dealer is not None
    new = state.model_copy(update={"phase": "playing", "turn": state.dealer})
    return new, [PlayStarted(leader=state.dealer, dealer_side=state.dealer_side)]


def _missing(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> str:
    rest = list(hand)
    out = []
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return format_cards(out)


def _lead(
    state: GameState, seat: int, cards: tuple[Card, ...]
) -> tuple[GameState, tuple[Card, ...], list[Event]]:
    """The cards actually led (a failed throw's forced unit) and the penalty applied."""
    rs, ctx = state.rules, state.ctx
    try:
        units = decompose(rs, ctx, list(cards))
    except ValueError:
        raise IllegalCards(
            "a lead must be all of one suit (all trumps count as one suit)",
            "首家出牌必须是同一门（主牌算一门）",
        ) from None
    if len(units) <= 1:
        return state, cards, []
    allowed = throw_allowed(rs, state.trick_no, state.failed_throws)
    if not allowed.ok:
        raise IllegalCards(allowed.reason, allowed.reason_zh)
    others = [state.hands[s] for s in range(state.players) if s != seat]
    tr = check_throw(rs, ctx, list(cards), others)
    if tr.ok:
        return state, cards, []
    forced = tuple(tr.forced)
    kind = rs.throw_penalty
    amount = 0 if kind == "none" else rs.throw_penalty_amount
    update: dict[str, object] = {"failed_throws": state.failed_throws + 1}
    deltas: tuple[int, ...] = ()
    if kind == "eighty_points":
        deltas = throw_penalty_deltas(rs, seat, state.dealer)
        update["match_scores"] = tuple(
            a + b for a, b in zip(state.match_scores, deltas, strict=True)
        )
    elif kind == "points" and not finds_friends(state):
        # the points go to the other side: to the attackers if the thrower defends
        # (find friends settles them at the end: the sign would show the side)
        delta = amount if seat in state.dealer_side else -amount
        update["penalty_points"] = state.penalty_points + delta
    elif kind == "match_score":
        scores = list(state.match_scores)
        scores[seat] -= amount
        update["match_scores"] = tuple(scores)
    ev = ThrowFailed(
        seat=seat,
        tried=cards,
        forced=forced,
        penalty=amount,
        penalty_kind="match_score" if kind == "eighty_points" else kind,
        reason=tr.reason,
        reason_zh=tr.reason_zh,
    )
    events: list[Event] = [ev]
    if deltas:
        events.append(ThrowPenalty(seat=seat, deltas=deltas))
    return state.model_copy(update=update), forced, events


def play(state: GameState, cmd: Play) -> Step:
    require_phase(state, "play cards", "playing")
    seat = cmd.seat
    if seat != state.turn:
        raise WrongSeat(
            f"it is seat {state.turn}'s turn to play",
            f"轮到 {state.turn} 号座位出牌",
            turn=state.turn,
        )
    cards = cmd.cards
    if not cards:
        raise IllegalCards("choose at least one card to play", "请至少选一张牌")
    hand = state.hands[seat]
    if not contains(hand, cards):
        miss = _missing(hand, cards)
        raise NotInHand(f"you do not hold {miss}", f"你手里没有 {miss}")
    events: list[Event] = []
    leading = not state.trick
    if leading:
        state, played, events = _lead(state, seat, cards)
    else:
        v = check_follow(
            state.rules, state.ctx, list(hand), list(state.trick[0].cards), list(cards)
        )
        if not v.ok:
            raise IllegalCards(v.reason, v.reason_zh)
        played = cards
    hands = list(state.hands)
    hands[seat] = tuple(remove_cards(hand, played))
    trick = (*state.trick, SeatCards(seat=seat, cards=played))
    events.append(Played(seat=seat, cards=played, lead=leading))
    state = state.model_copy(
        update={"hands": tuple(hands), "trick": trick, "turn": state.next_seat(seat)}
    )
    state, evs = on_played(state, seat, played, cards if played != cards else ())
    events.extend(evs)
    if len(trick) < state.players:
        return state, events
    state, evs = finish_trick(state)
    return state, events + evs


def finish_trick(state: GameState) -> Step:
    trick = state.trick
    idx = trick_winner(state.rules, state.ctx, [list(p.cards) for p in trick])
    winner = trick[idx].seat
    cards = tuple(c for p in trick for c in p.cards)
    pts = points(cards)
    captured = list(state.captured)
    captured[winner] = captured[winner] + cards
    state = state.model_copy(
        update={
            "trick": (),
            "trick_no": state.trick_no + 1,
            "last_trick": trick,
            "last_trick_winner": winner,
            "turn": winner,
            "captured": tuple(captured),
        }
    )
    events: list[Event] = [TrickWon(seat=winner, points=pts, trick_no=state.trick_no)]
    if any(state.hands):
        return state, events
    end = end_deal if state.rules.bidding == "none" else end_auction_deal
    state, evs = end(state, idx)
    return state, events + evs
