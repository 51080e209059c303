"""Test positions for the bots: chosen cards, the rest dealt at random, and the
tricks so far played through the engine (so the seat's view and log are what a
real game gives, and the engine checks every play of the history is legal).

`position(...)` returns the state at the decision; `view_for(state, seat)` is
what the bot is handed (it never sees the state).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from shengji_tui import rules
from shengji_tui.engine import GameState, Play, apply, new_game, view_for
from shengji_tui.engine.views import SeatView
from shengji_tui.rules import Card, RuleSet, TrumpContext


def position(
    hands: dict[int, str],
    *,
    trump: str | None,
    dealer: int,
    leader: int,
    level: str = "2",
    preset: str | RuleSet = "classic",
    voids: dict[int, str] | None = None,
    kitty: str | None = None,
    history: Sequence[Sequence[str]] = (),
    trick: Sequence[str] = (),
    seed: int = 0,
    burying: bool = False,
) -> GameState:
    """A playing-phase state with `hands` (seat -> the cards it holds at the
    start of the history; the rest of each hand and the kitty dealt at random
    from the cards nobody was given, `voids[seat]` naming effective suits it gets
    none of: letters S H D C, or T for trumps). `history` is whole tricks, each
    the plays in order from its leader (`leader` leads the first; the winner
    leads the next), and `trick` the plays of the current one so far.
    `burying`: the dealer has just taken the kitty (its hand holds the kitty's
    cards too) and buries next."""
    rs = RuleSet.preset(preset) if isinstance(preset, str) else preset
    n = rs.players
    suit = None if trump is None else rules.parse_suit(trump)
    order = rules.compiled(rs, TrumpContext(level, suit))
    pool = Counter(rules.full_deck(rs.decks))
    hs: dict[int, list[Card]] = {s: rules.parse_cards(t) for s, t in hands.items()}
    kt = rules.parse_cards(kitty) if kitty is not None else []
    for cards in [*hs.values(), kt]:
        pool.subtract(cards)
    assert all(k >= 0 for k in pool.values()), "more copies than the pack holds"
    rest = sorted(pool.elements(), key=lambda c: c.idx)
    random.Random(seed).shuffle(rest)
    banned = {s: set(v) for s, v in (voids or {}).items()}

    def fits(s: int, c: Card) -> bool:
        label = order.label(c)
        return label not in banned.get(s, set())

    full = {s: list(hs.get(s, [])) for s in range(n)}
    size = {s: rs.hand_size + (rs.kitty_size if burying and s == dealer else 0) for s in range(n)}
    for c in list(rest):
        # the seat with the most room that may hold the card, else the kitty
        room = [(size[s] - len(full[s]), -s) for s in range(n) if fits(s, c)]
        room = [r for r in room if r[0] > 0]
        if room:
            full[-max(room)[1]].append(c)
        else:
            kt.append(c)
        rest.remove(c)
    assert len(kt) == (0 if burying else rs.kitty_size), f"{len(kt)} cards left over"
    assert all(len(full[s]) == size[s] for s in range(n))
    base = new_game(rs, seed)
    state = base.model_copy(
        update={
            "phase": "burying" if burying else "playing",
            "level": level,
            "levels": (level,) * n,
            "dealer": dealer,
            "dealer_by_declaration": False,
            "dealer_side": base.side_of(dealer),
            "stock": (),
            "hands": tuple(tuple(full[s]) for s in range(n)),
            "kitty": tuple(kt),
            "kitty_holder": dealer,
            "captured": tuple(() for _ in range(n)),
            "trump_suit": suit,
            "trump_set": True,
            "turn": None if burying else leader,
            "log": (),
        }
    )
    for trick_plays in [*history, trick]:
        for text in trick_plays:
            seat = state.turn
            assert seat is not None
            state, _ = apply(state, Play(seat=seat, cards=tuple(rules.parse_cards(text))))
    return state


def view_at(state: GameState) -> SeatView:
    """The view of the seat the game waits for."""
    seat = state.awaiting()
    assert seat is not None
    return view_for(state, seat)
