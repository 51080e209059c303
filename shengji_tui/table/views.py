"""Seat views for the table: a spectator's view, and a cache that builds each
seat's view incrementally.

`engine.view_for` filters the whole deal's log on every call, which makes one
view per card dealt quadratic in the deal's length (a two-deck deal has ~200
log events; four decks ~450). The cache keeps each seat's filtered log and
only filters the events that are new since its last view, falling back to a
full `view_for` when the log does not simply extend the cached one, or when
the phase changes (visibility of old events depends on the phase: hidden
declarations are revealed when dealing ends).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState, SeatView, events_for, view_for
from ..engine.events import Event

SPECTATOR = -1  # the `seat` of a spectator's view
_DECLARING = ("dealing", "declaring")


def spectator_view(state: GameState) -> SeatView:
    """The public table: no hand, no hidden declaration, the kitty only at the end."""
    base = view_for(state.model_copy(update={"log": ()}), 0)
    return _spectator_from(base, state, tuple(events_for(state.log, SPECTATOR, state)))


def _spectator_from(base: SeatView, state: GameState, log: tuple[Event, ...]) -> SeatView:
    hidden = state.rules.hidden_declaring and state.phase in _DECLARING
    declarations = () if hidden else base.declarations
    standing = None if hidden else base.standing
    return base.model_copy(
        update={
            "seat": SPECTATOR,
            "hand": (),
            "kitty": state.kitty if state.result is not None else None,
            "declarations": declarations,
            "standing": standing,
            "dealer_side": state.dealer_side,  # the revealed part (seat 0 may be a friend)
            "log": log,
        }
    )


@dataclass
class _Entry:
    state: GameState
    log: tuple[Event, ...]
    view: SeatView


class ViewCache:
    """`get(state, seat)`: the same view as `view_for` (or `spectator_view` for None)."""

    def __init__(self) -> None:
        self._entries: dict[int, _Entry] = {}

    def clear(self) -> None:
        self._entries.clear()

    def get(self, state: GameState, seat: int | None) -> SeatView:
        key = SPECTATOR if seat is None else seat
        entry = self._entries.get(key)
        if entry is not None and entry.state is state:
            return entry.view
        log = self._log(entry, state, key)
        bare = state.model_copy(update={"log": ()})
        if key == SPECTATOR:
            view = _spectator_from(view_for(bare, 0), state, log)
        else:
            view = view_for(bare, key).model_copy(update={"log": log})
        self._entries[key] = _Entry(state, log, view)
        return view

    @staticmethod
    def _log(entry: _Entry | None, state: GameState, seat: int) -> tuple[Event, ...]:
        if entry is not None:
            old = entry.state
            n_old, n_new = len(old.log), len(state.log)
            extends = (
                old.phase == state.phase
                and n_new >= n_old
                and (n_old == 0 or state.log[n_old - 1] is old.log[-1])
                and (n_old == 0 or state.log[0] is old.log[0])
            )
            if extends:
                return entry.log + tuple(events_for(state.log[n_old:], seat, state))
        return tuple(events_for(state.log, seat, state))
