"""Find friends for the bots (docs/rules.md §10): which card to call, who may still
be the friend, and who is certainly a partner before the reveal.

Everything comes from the seat's view and its tracker, never from another
hand. Until the friend is revealed a bot counts as partners only the seats it
knows are on its side (`known_partners`); the others it plays against.

Inferences about the friend are the engine's (`engine.known_sides`, from
`rules.friend_sides`: what the seat's hand, its kitty and the play prove),
narrowed by the tracker's (a seat it knows holds no copy now cannot be or
become the friend):
- `holder`: the friend is the nearest seat after the dealer that held a copy
  at the call, and it has not played one yet (that would have revealed it).
  A holder is sure to be the friend only when no seat between the dealer and
  itself can hold a copy; otherwise it may be, and it counts itself among
  the candidates (the search's samples decide).
- `nth_played`: any seat but the dealer that may still hold a copy may play
  the nth one.

The call (`call_options`): the dealer asks for a boss card it cannot make a
friend of itself with: the top card of a side suit (an ace, or a king where
aces are the level) with copies outside its hand and kitty, preferring suits
where it keeps one to three low cards to lead towards the friend and (under
`holder`) a copy in its own hand, so that the other copy's holder is the
friend for sure; else the top trumps; never a card it holds every copy of.
Under `nth_played` it calls the copy after its own ones (it leads its copies
first, so the friend's is the nth).
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import CallFriend, FriendCall, SeatView, known_sides
from ..rules import ALL_CARDS, Card, RuleSet, Suit, TrumpContext
from .sense import TRUMP, Sense
from .tracker import Tracker


def open_call(view: SeatView) -> FriendCall | None:
    """The call whose friend is not revealed yet (None: none, or revealed)."""
    if view.rules.partnership != "find_friends" or view.result is not None:
        return None
    if not view.friend_calls or view.friend_calls[0].revealed:
        return None
    return view.friend_calls[0]


def friend_candidates(view: SeatView, tr: Tracker) -> frozenset[int]:
    """The seats that may still be (or become) the friend, as `view.seat` knows:
    the seats whose side the engine does not rule out (`engine.known_sides`),
    that the tracker allows a copy of the card now (this seat: its hand)."""
    call = open_call(view)
    if call is None:
        return frozenset()
    card = call.card
    sides = known_sides(view)
    return frozenset(
        s
        for s, x in enumerate(sides)
        if x in ("friend", "unknown") and (s == view.seat or tr.possible(s)[card] > 0)
    )


def proven_friend(view: SeatView) -> int | None:
    """The friend, where `view.seat` can prove who it is before the reveal."""
    if open_call(view) is None:
        return None
    return next((s for s, x in enumerate(known_sides(view)) if x == "friend"), None)


def known_partners(view: SeatView, tr: Tracker, base: frozenset[int]) -> frozenset[int]:
    """`base` (the view's `side_of` for this seat) with what the tracker adds
    before the reveal: a seat sure to attack knows as partners the seats that
    cannot be the friend. The dealer side knows what the view says (a friend
    proven from the dealer's hand and kitty is on it); a seat that may itself
    be the friend knows no partner for sure."""
    call = open_call(view)
    if call is None:
        return base
    me, dealer = view.seat, call.seat
    if me in view.dealer_side:
        return base
    cands = friend_candidates(view, tr)
    if me in cands:
        return base
    n = view.rules.players
    sure = {s for s in range(n) if s not in (dealer, me) and s not in cands}
    return base | frozenset(sure)


# ------------------------------------------------------------------ calling


def call_options(view: SeatView) -> list[tuple[float, Card, int]]:
    """Scored calls `(score, card, nth)`, best first; only calls that leave the
    friend something to do (a copy outside the dealer's hand and kitty, and
    under `nth_played` an nth copy that can be played by someone else)."""
    return call_options_for(
        view.rules, view.level, view.trump_suit, list(view.hand), list(view.kitty or ())
    )


def call_options_for(
    rs: RuleSet, level: str, trump: Suit | None, cards: list[Card], bury: list[Card]
) -> list[tuple[float, Card, int]]:
    """`call_options` of a dealer holding `cards` that buried `bury` (no view:
    a sampled deal's dealer, as the coach plays a find-friends deal out)."""
    sn = Sense(rs, TrumpContext(level, trump))
    hand, kitty = Counter(cards), Counter(bury)
    copies = rs.decks
    by_suit = sn.by_suit(cards)
    out: list[tuple[float, Card, int]] = []
    for c in ALL_CARDS:
        held, buried = hand[c], kitty[c]
        outside = copies - held - buried
        if outside <= 0:
            continue
        nth = 1 if rs.friend_rule == "holder" else held + 1
        if nth > copies - buried:
            continue
        i = c.idx
        suit = sn.eff[i]
        top = sn.pos[i] == sn.npos[suit] - 1
        mine = by_suit.get(suit, [])
        low = [x for x in mine if x != c]
        if suit == TRUMP:
            score = 2.0 * sn.rel(c) - 1.0
        else:
            score = 3.0 if top else 2.0 * sn.rel(c) - 1.5
            if 1 <= len(low) <= 3:
                score += 1.0
            elif not low:
                score -= 0.5
            elif len(low) >= 6:
                score -= 1.0
        if held and rs.friend_rule == "holder":
            score += 1.5  # the other copy's holder is the friend for sure
        if held and rs.friend_rule == "nth_played":
            score += 0.5  # my copy goes first and wins its trick
        score -= 0.05 * c.points
        out.append((score, c, nth))
    out.sort(key=lambda t: (-t[0], t[1].idx))
    return out


def best_call(view: SeatView) -> CallFriend:
    opts = call_options(view)
    if opts:
        _, card, nth = opts[0]
    else:  # every card of the pack is with the dealer: any call leaves it alone
        card, nth = ALL_CARDS[-1], 1
    return CallFriend(seat=view.seat, card=str(card), nth=nth)


def easy_call(view: SeatView, rng: random.Random) -> CallFriend:
    """A side-suit boss card it does not hold all of, chosen at random."""
    sn = Sense(view.rules, TrumpContext(view.level, view.trump_suit))
    opts = call_options(view)
    tops = [
        (c, nth)
        for _, c, nth in opts
        if sn.eff[c.idx] != TRUMP and sn.pos[c.idx] == sn.npos[sn.eff[c.idx]] - 1
    ]
    if tops:
        card, nth = rng.choice(tops)
        return CallFriend(seat=view.seat, card=str(card), nth=nth)
    return best_call(view)


def random_call(view: SeatView, rng: random.Random) -> CallFriend:
    """Any card of the pack and any copy the rule takes (a legal call, not a good one)."""
    rs = view.rules
    nth = 1 if rs.friend_rule == "holder" else rng.randint(1, rs.decks)
    return CallFriend(seat=view.seat, card=str(rng.choice(ALL_CARDS)), nth=nth)


# ------------------------------------------------------------------ playing


def lead_bonus(view: SeatView, sn: Sense, hand: list[Card], lead: list[Card]) -> float:
    """The dealer, before the reveal, leads towards its friend: a low card of the
    called side suit (the friend wins it with the called card), or under
    `nth_played` its own copies of the called card first."""
    call = open_call(view)
    if call is None or view.seat != call.seat:
        return 0.0
    card = call.card
    suit = sn.eff[card.idx]
    if sn.eff[lead[0].idx] != suit:
        return 0.0
    if card in lead:
        return 1.5 if view.rules.friend_rule == "nth_played" else 0.0
    if suit == TRUMP or len(lead) != 1:
        return 0.0
    if hand.count(card) and view.rules.friend_rule == "nth_played":
        return 0.0  # my own copy first
    return 2.0 - 2.0 * sn.rel(lead[0])
