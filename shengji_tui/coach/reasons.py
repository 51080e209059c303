"""Why a decision cost what it did, in one line: a key of the catalogue's
`[coach]` section and its arguments, from facts of the position.

What the seat knew then comes from its view (the tracker's voids, who was
still to play); what came of it from the deal's public record once it is
over (who took the trick, and its points). Arguments: `seat` (a seat number,
worded as its player's name), `suit` (an effective suit: `S` `H` `D` `C`, or
`T` for trumps), `cards` / `best` (notation), numbers as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bots.sense import TRUMP, Sense
from ..bots.tracker import Tracker
from ..engine import DealReview, ReviewTrick
from ..rules import Card, TrumpContext, format_cards, points
from .moments import Moment, declared
from .price import Choice, Priced


@dataclass(frozen=True)
class Reason:
    key: str  # in the catalogue's [coach] section
    args: dict[str, str | int] = field(default_factory=dict)


def suit_label(sn: Sense, c: Card) -> str:
    """The effective suit of `c` as a label: `T` for trumps, else its suit's
    letter (`R` / `B` in the two-colour pack)."""
    return sn.order.label(c)


def reason(m: Moment, p: Priced, cls: str, review: DealReview | None) -> Reason:
    """The line for decision `m` priced as `p` (class `cls`)."""
    if p.unpriced:
        return Reason("unpriced")
    if p.played == p.best:
        return Reason("best")
    best, made = p.choices[p.best], p.choices[p.played]
    if cls == "fine":
        return Reason("close", {"best": best.text()})
    if m.kind == "play":
        return play_reason(m, p, best, made, review)
    if m.kind == "bury":
        return bury_reason(m, best, made, p)
    if m.kind in ("declare", "steal", "overturn"):
        return declare_reason(m, best, made, p)
    if m.kind == "bid":
        key = "bid_pass" if best.bid is None else "bid_bid"
        return Reason(key, {"best": best.text(), "points": _pts(p)})
    if m.kind == "name":
        return Reason("name_other", {"suit": best.trump or "NT", "points": _pts(p)})
    if m.kind == "call":
        return Reason("call_other", {"best": best.text(), "points": _pts(p)})
    return generic(best, p)


def _pts(p: Priced) -> int:
    return max(0, round(p.cost_points))


def generic(best: Choice, p: Priced) -> Reason:
    return Reason("generic", {"best": best.text(), "points": _pts(p)})


def play_reason(
    m: Moment, p: Priced, best: Choice, made: Choice, review: DealReview | None
) -> Reason:
    """A play: points given to a trick the other side took, a tuple led into a
    higher one, a trick the search's play would have taken, trumps spent."""
    view = m.view
    rs = view.rules
    n = rs.players
    sn = Sense(rs, TrumpContext(view.level, view.trump_suit))
    tracker = Tracker(view)
    played = list(made.cards)
    trick: ReviewTrick | None = None
    if review is not None and view.trick_no < len(review.tricks):
        trick = review.tricks[view.trick_no]
    lead_seat = view.trick[0].seat if view.trick else view.seat
    later = [(lead_seat + i) % n for i in range(len(view.trick) + 1, n)]
    side = _sides(view, review)
    mine = side.get(view.seat)
    if trick is not None and trick.winner is not None and side.get(trick.winner) != mine:
        w = trick.winner
        given = points(played)
        lead = list(view.trick[0].cards) if view.trick else played
        suit = suit_label(sn, lead[0])
        if not view.trick and len(played) > 1 and trick.plays:
            won_with = next((pl.cards for pl in trick.plays if pl.seat == w), ())
            if sn.decompose(played)[0].width > 1:
                return Reason(
                    "higher_tuple",
                    {"seat": w, "cards": format_cards(won_with), "points": trick.points},
                )
        if given > points(best.cards) and w in later:
            if sn.eff[lead[0].idx] in tracker.void[w]:
                return Reason("gave_void", {"seat": w, "suit": suit, "points": trick.points})
            return Reason("gave_later", {"seat": w, "points": trick.points})
        if given > points(best.cards):
            return Reason("gave_lost", {"seat": w, "points": given})
        if view.trick and _wins(sn, view, list(best.cards)) and trick.points:
            return Reason("missed", {"best": best.text(), "points": trick.points})
    if (
        len(played) == len(best.cards)
        and {sn.eff[c.idx] for c in played} == {sn.eff[c.idx] for c in best.cards}
        and max(map(sn.strength, played)) > max(map(sn.strength, best.cards))
        and points(played) <= points(best.cards)
    ):
        return Reason("spent_high", {"cards": made.text(), "best": best.text()})
    trumps_made = sum(1 for c in played if sn.eff[c.idx] == TRUMP)
    trumps_best = sum(1 for c in best.cards if sn.eff[c.idx] == TRUMP)
    if trumps_made > trumps_best:
        return Reason("trumps_spent", {"n": trumps_made - trumps_best, "best": best.text()})
    return generic(best, p)


def _wins(sn: Sense, view: object, play: list[Card]) -> bool:
    from ..engine import SeatView

    assert isinstance(view, SeatView)
    trick = [list(t.cards) for t in view.trick]
    return sn.winner([*trick, play]) == len(trick)


def _sides(view: object, review: DealReview | None) -> dict[int, bool]:
    """Each seat's side (True: the dealer's) as the deal ended (find friends:
    the friend known by then), else as the view knew it."""
    from ..engine import SeatView

    assert isinstance(view, SeatView)
    n = view.rules.players
    dealer_side = set(view.dealer_side)
    if review is not None and review.scored is not None and view.rules.partnership == "fixed":
        dealer = review.dealer
        if dealer is not None:
            dealer_side = {s for s in range(n) if view.teams[s] == view.teams[dealer]}
    return {s: s in dealer_side for s in range(n)}


def bury_reason(m: Moment, best: Choice, made: Choice, p: Priced) -> Reason:
    view = m.view
    sn = Sense(view.rules, TrumpContext(view.level, view.trump_suit))
    if points(made.cards) > points(best.cards):
        return Reason("bury_points", {"points": points(made.cards), "best": best.text()})
    left = list(view.hand)
    for c in best.cards:
        left.remove(c)
    before = {sn.eff[c.idx] for c in view.hand if sn.eff[c.idx] != TRUMP}
    after = {sn.eff[c.idx] for c in left if sn.eff[c.idx] != TRUMP}
    emptied = before - after
    if emptied:
        c = next(c for c in best.cards if sn.eff[c.idx] in emptied)
        return Reason("bury_void", {"suit": suit_label(sn, c), "best": best.text()})
    return generic(best, p)


def declare_reason(m: Moment, best: Choice, made: Choice, p: Priced) -> Reason:
    view = m.view
    rs, level = view.rules, view.level
    verb = {"declare": "declare", "steal": "steal", "overturn": "overturn"}[m.kind]
    if not best.cards:
        suit = declared(rs, level, made.cards)
        return Reason(f"{verb}_not", {"suit": _trump(suit), "points": _pts(p)})
    suit = declared(rs, level, best.cards)
    key = f"{verb}_now" if not made.cards else f"{verb}_other"
    return Reason(key, {"suit": _trump(suit), "best": best.text(), "points": _pts(p)})


def _trump(suit: object) -> str:
    return "NT" if suit is None else str(getattr(suit, "value", suit))
