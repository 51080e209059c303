"""Plain mistakes: plays a club player calls out, judged from what the deciding
seat knows (its tracker: voids, tuple caps, the cards unseen). The hard bot's
search may choose one only when it prices every other choice clearly worse
(`SearchBot.plain_guard`); the playbook avoids them among its candidates;
the coach's scan (`benchmarks/coach_scan.py`) finds them in bot games.

- `feeds_a_taker`: a follow that gives points to a trick this seat's side is
  winning and an opponent still to play can take: known void in the led side
  suit, it could ruff the trick with trumps it may hold (`Tracker.possible`),
  when a follow with fewer points is legal.
- `tuple_into_higher`: a lead of a tuple (a pair, a triple) of a side suit
  holding points when a higher tuple of its suit is known to be out: no
  partner may hold a copy of the higher card, every copy the tuple's width
  needs is unseen, and an opponent may hold them together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine import SeatView
from ..rules import Card, points
from .base import side_of
from .sense import TRUMP, Sense
from .tracker import Tracker


def later_seats(view: SeatView) -> list[int]:
    """The seats still to play in the trick after this one."""
    n = view.rules.players
    lead = view.trick[0].seat if view.trick else view.seat
    return [(lead + i) % n for i in range(len(view.trick) + 1, n)]


def opponents(view: SeatView) -> list[int]:
    """The seats not known to be on this seat's side (find friends before the
    reveal: every seat but the ones it is sure of)."""
    mine = side_of(view, view.seat)
    return [s for s in range(view.rules.players) if s not in mine]


def ruffs_over(tr: Tracker, seat: int, plays: Sequence[Sequence[Card]]) -> bool:
    """Whether `seat`, known void in the led side suit, could take the trick of
    `plays` (the lead first) with trumps it may hold."""
    sn = tr.sense
    lead = list(plays[0])
    suit = sn.eff[lead[0].idx]
    if suit == TRUMP or suit not in tr.void[seat] or TRUMP in tr.void[seat]:
        return False
    held = Counter({c: k for c, k in tr.possible(seat).items() if sn.eff[c.idx] == TRUMP})
    hypo = sn.strongest_play(held, TRUMP, lead)
    if hypo is None:
        return False
    return sn.winner([*plays, hypo]) == len(plays)


def taker_after(view: SeatView, tr: Tracker, play: Sequence[Card]) -> int | None:
    """An opponent still to play that could take the trick from this seat's
    side (winning it once `play` is in) by ruffing (see `ruffs_over`), or None."""
    if not view.trick:
        return None
    plays = [list(p.cards) for p in view.trick] + [list(play)]
    seats = [p.seat for p in view.trick] + [view.seat]
    foes = set(opponents(view))
    if seats[tr.sense.winner(plays)] in foes:
        return None  # (the trick is the other side's already)
    for s in later_seats(view):
        if s in foes and ruffs_over(tr, s, plays):
            return s
    return None


def feeds_a_taker(view: SeatView, tr: Tracker, play: Sequence[Card], fewest: int) -> bool:
    """A follow giving more points than `fewest` (the fewest another legal
    follow gives) to a trick an opponent still to play could ruff."""
    return points(play) > fewest and taker_after(view, tr, play) is not None


def higher_tuple_out(view: SeatView, tr: Tracker, play: Sequence[Card]) -> Card | None:
    """For a lead of one tuple in a side suit: a card of its suit above it
    that is known to be out, or None. Out: no seat of this side may hold a
    copy of it (void in the suit, or capped), every copy the tuple's width
    needs is unseen, and an opponent may hold that many."""
    if view.trick or len(play) < 2:
        return None
    sn: Sense = tr.sense
    units = sn.decompose(list(play))
    if len(units) != 1 or not units[0].is_tuple:
        return None
    u = units[0]
    suit = sn.eff[play[0].idx]
    if suit == TRUMP:
        return None  # (drawing trumps with a pair is the dealer side's way)
    width = u.width
    foes = opponents(view)
    mine = [s for s in range(view.rules.players) if s != view.seat and s not in foes]
    unseen: dict[int, int] = {}
    first: dict[int, Card] = {}
    for c, k in tr.unseen.items():
        if sn.eff[c.idx] == suit and sn.pos[c.idx] > u.top and k > 0:
            i = sn.ident[c.idx]
            unseen[i] = unseen.get(i, 0) + k
            first.setdefault(i, c)
    for ident in sorted(unseen, key=lambda i: -sn.pos[first[i].idx]):
        if unseen[ident] < width or any(tr.max_copies(s, ident) > 0 for s in mine):
            continue
        if any(tr.max_copies(s, ident) >= width for s in foes):
            return first[ident]
    return None


def tuple_into_higher(view: SeatView, tr: Tracker, play: Sequence[Card]) -> bool:
    """A lead of a tuple holding points into a higher tuple that is out."""
    return points(play) > 0 and higher_tuple_out(view, tr, play) is not None


def plain_mistake(view: SeatView, tr: Tracker, play: Sequence[Card], fewest: int) -> str | None:
    """Which plain mistake `play` would be ("feeds_a_taker", "tuple_into_higher")
    or None; `fewest`: the fewest points another choice gives (a follow)."""
    if view.trick:
        return "feeds_a_taker" if feeds_a_taker(view, tr, play, fewest) else None
    return "tuple_into_higher" if tuple_into_higher(view, tr, play) else None
