"""Which commands a seat may send now: `allowed(view)` (or `allowed_in(state, seat)`).

One table of (phase -> command kinds) says what the engine takes in each
phase, from any seat or only from the seat the game waits for
(`GameState.awaiting()`: the seat whose call it is while bidding, the
auction's winner while naming trump, the kitty's holder while burying, the
dealer while calling a friend, `theft_turn` during kitty theft and three
players' overturning, `turn` while playing). An auction preset deals without
declaring: no `declare` then. A client asks it instead of reading phase
strings; `apply` refuses a command of a kind not allowed with `WrongPhase` or
`WrongSeat`
(tests/engine/test_engine_allowed.py checks the table against `apply` in
every phase, for every seat).

An allowed kind says the phase and the seat are right, not that any cards
will do: a `Declare` may still be refused for its cards, a `Play` for not
following suit. `declare_options(view)` lists the cards a seat may declare,
steal the kitty or overturn with now (the one answer the TUI, the bots and
the bot protocol ask). The pacing commands (`deal_next`, `deal_all`, `next_deal`)
are taken from any seat (or none); a table decides whether its players send
them (the TUI: only a table of one human skips the dealing). While
`declaring`, `deal_next` closes the declarations, and `deal_all` is taken only
with `close=True`.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from .. import rules
from ..rules import Card
from .commands import CommandKind
from .state import GameState, Phase
from .views import SeatView

_DECLARING: frozenset[CommandKind] = frozenset({"declare", "deal_next", "deal_all"})

# phase -> (kinds any seat may send, kinds only the awaited seat may send)
PHASE_COMMANDS: dict[Phase, tuple[frozenset[CommandKind], frozenset[CommandKind]]] = {
    "dealing": (_DECLARING, frozenset()),
    "declaring": (_DECLARING, frozenset()),
    "burying": (frozenset(), frozenset({"bury"})),
    "bidding": (frozenset(), frozenset({"bid", "pass_bid"})),
    "naming_trump": (frozenset(), frozenset({"name_trump"})),
    "kitty_theft": (frozenset(), frozenset({"steal", "pass_steal"})),
    "overturning": (frozenset(), frozenset({"steal", "pass_steal"})),
    "calling": (frozenset(), frozenset({"call_friend"})),
    "playing": (frozenset(), frozenset({"play"})),
    "scoring": (frozenset({"next_deal"}), frozenset()),
    "finished": (frozenset(), frozenset()),
}

PACING: frozenset[CommandKind] = frozenset({"deal_next", "deal_all", "next_deal"})

# an auction preset deals without declaring (docs/rules.md §11-12)
_AUCTION_DEALING: frozenset[CommandKind] = frozenset({"deal_next", "deal_all"})


class Allowed(BaseModel):
    """What `seat` may send now, and whom the game waits for.

    `kinds`: the command kinds (`Command.type`) this seat may send now.
    `awaiting`: the seat the game waits for (None while any seat may act: the
    dealing and declaring, the scored deal, or nobody: the match is over).
    `awaited`: what that seat may send (so a client can show, greyed, the
    keys of a turn that is someone else's).
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    phase: Phase
    kinds: frozenset[CommandKind]
    awaiting: int | None
    awaited: frozenset[CommandKind]

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    @property
    def my_turn(self) -> bool:
        """The game waits for this seat."""
        return self.awaiting == self.seat

    @property
    def waiting(self) -> bool:
        """The game waits for another seat."""
        return self.awaiting is not None and self.awaiting != self.seat

    @property
    def closing(self) -> bool:
        """Every card is dealt: `deal_next` (or `deal_all` with `close=True`) now
        closes the declarations instead of dealing a card."""
        return self.phase == "declaring"

    @property
    def moves(self) -> frozenset[CommandKind]:
        """`kinds` without the table's pacing commands: what a player decides."""
        return self.kinds - PACING


@lru_cache(maxsize=256)
def _allowed(phase: Phase, seat: int, awaiting: int | None, auction: bool = False) -> Allowed:
    anyone, mover = PHASE_COMMANDS[phase]
    if auction and phase == "dealing":
        anyone = _AUCTION_DEALING
    awaited = mover if awaiting is not None else frozenset()
    kinds = anyone | (mover if awaiting == seat else frozenset())
    return Allowed(seat=seat, phase=phase, kinds=kinds, awaiting=awaiting, awaited=awaited)


def allowed(view: SeatView) -> Allowed:
    """What the view's seat may send now (all a client needs is its view)."""
    return _allowed(view.phase, view.seat, view.awaiting, view.rules.bidding != "none")


def allowed_in(state: GameState, seat: int) -> Allowed:
    """What `seat` may send in `state` (the same answer as `allowed(view_for(state, seat))`)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    return _allowed(state.phase, seat, state.awaiting(), state.rules.bidding != "none")


def declare_options(view: SeatView) -> list[list[Card]]:
    """Every set of cards the view's seat may declare, reinforce, steal the
    kitty with or (three players) overturn the naming with now, as the engine
    would take it: [] when it may send neither `declare` nor `steal`."""
    if not {"declare", "steal"} & allowed(view).kinds:
        return []
    st = view.standing
    if view.phase == "overturning":  # against the naming's shown cards
        shown = () if st is None else st.cards
        return rules.overturn_options(view.rules, view.level, view.hand, shown, view.trump_suit)
    return rules.valid_declarations(
        view.rules,
        view.level,
        list(view.hand),
        None if st is None else list(st.cards),
        st is not None and st.seat == view.seat,
    )
