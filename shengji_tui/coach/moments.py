"""The decisions a seat made in a deal, each with the seat's view at that
moment, rebuilt from a game's commands (the engine replays them; nothing of
another hand is read).

A `Moment` is one decision: the view the seat had just before it acted (what
its bot or player was shown), and what it did. While the cards are dealt a
seat decides at every card whether to declare; the moments kept are its
declarations and each card that gave it a suit it could declare in and did not
(the card after which "not now" was a choice). Forced plays (one legal play)
are no decision.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import Literal

from .. import rules
from ..engine import (
    Bid,
    Bury,
    CallFriend,
    Command,
    Declare,
    GameState,
    NameTrump,
    PassBid,
    PassSteal,
    Play,
    SeatView,
    Steal,
    apply,
    declare_options,
    new_game,
    view_for,
)
from ..rules import Card, RuleSet, Suit, TrumpContext

Kind = Literal["declare", "bid", "name", "bury", "call", "steal", "overturn", "play"]
KINDS: tuple[Kind, ...] = ("declare", "bid", "name", "bury", "call", "steal", "overturn", "play")


@dataclass(frozen=True)
class Moment:
    """One decision of `seat`: its view just before, and what it did (`command`
    None: it could declare after this card and did not)."""

    kind: Kind
    seat: int
    deal_no: int
    move: int  # the game's move (state version) the view is of
    view: SeatView
    command: Command | None
    # find friends, the bury: the friend call this seat made next (its own
    # plan, which the bury was made for)
    call: CallFriend | None = None


def _kind(state: GameState, cmd: Command) -> Kind | None:
    if isinstance(cmd, Declare):
        return "declare"
    if isinstance(cmd, (Bid, PassBid)):
        return "bid"
    if isinstance(cmd, NameTrump):
        return "name"
    if isinstance(cmd, Bury):
        return "bury"
    if isinstance(cmd, CallFriend):
        return "call"
    if isinstance(cmd, (Steal, PassSteal)):
        return "overturn" if state.phase == "overturning" else "steal"
    if isinstance(cmd, Play):
        return "play"
    return None


def forced(view: SeatView) -> bool:
    """Whether the seat's play in `view` is forced (one legal play: a follow
    with one way to follow, or the last card)."""
    if len(view.hand) <= 1:
        return True
    if not view.trick:
        return False
    lead = list(view.trick[0].cards)
    if len(view.hand) == len(lead):
        return True
    ctx = TrumpContext(view.level, view.trump_suit)
    return len(list(islice(rules.legal_follows(view.rules, ctx, list(view.hand), lead), 2))) < 2


def declarable(view: SeatView) -> frozenset[Suit | None]:
    """The trumps the seat could declare now (the suits of its valid declarations)."""
    if view.phase not in ("dealing", "declaring") or view.rules.bidding != "none":
        return frozenset()
    opts = declare_options(view)
    return frozenset(declared(view.rules, view.level, c) for c in opts)


def declared(rs: RuleSet, level: str, cards: Sequence[Card]) -> Suit | None:
    """The trump a declaration makes (None: no-trump, by jokers)."""
    rank = rules.parse_rank(level)
    for c in cards:
        if c.rank == rank:
            return c.suit
    return None


Step = tuple[GameState, Command, GameState]  # a state, the command applied, the next


def moments(steps: Iterator[Step], seat: int, deal_no: int) -> list[Moment]:
    """`seat`'s decisions in deal `deal_no` (0-based) of a game given as its
    steps (each state, the command applied to it and the state it gave), in
    order."""
    out: list[Moment] = []
    offered: frozenset[Suit | None] = frozenset()  # what it could declare at the last card
    waiting: Moment | None = None  # a card after which it could declare something new
    for state, cmd, nxt in steps:
        if state.deal_no < deal_no:
            continue
        if state.deal_no > deal_no:
            break
        k = _kind(state, cmd)
        mine = getattr(cmd, "seat", None) == seat and k is not None
        if state.phase in ("dealing", "declaring") and state.rules.bidding == "none":
            if mine and k == "declare":
                waiting = None
            elif cmd.type in ("deal_next", "deal_all") and waiting is not None:
                out.append(waiting)  # it let the card go by without declaring
                waiting = None
        if mine and k is not None:
            view = view_for(state, seat)
            if k != "play" or not forced(view):
                out.append(Moment(k, seat, deal_no, state.version, view, cmd))
        if state.phase in ("dealing", "declaring") and state.rules.bidding == "none":
            # after this command: a suit it could not declare before?
            if nxt.phase in ("dealing", "declaring") and nxt.deal_no == deal_no:
                view = view_for(nxt, seat)
                now = declarable(view)
                if now - offered and not (mine and k == "declare"):
                    waiting = Moment("declare", seat, deal_no, nxt.version, view, None)
                offered = now
            else:
                offered = frozenset()
    return with_calls(out)


def with_calls(ms: list[Moment]) -> list[Moment]:
    """Each bury followed by the same seat's friend call, the call beside it."""
    out = list(ms)
    for i, m in enumerate(out):
        if m.kind != "bury":
            continue
        nxt = next((n for n in out[i + 1 :] if n.kind == "call"), None)
        if nxt is not None and isinstance(nxt.command, CallFriend):
            out[i] = replace(m, call=nxt.command)
    return out


def replayed(rs: RuleSet, seed: int, commands: Sequence[Command]) -> Iterator[Step]:
    """Each state of a game, the command applied to it and the next state, by
    the engine."""
    state = new_game(rs, seed)
    for cmd in commands:
        nxt, _ = apply(state, cmd)
        yield state, cmd, nxt
        state = nxt
