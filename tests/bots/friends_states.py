"""A find-friends state at its `calling` phase with chosen small hands, for the
bots' tests (the engine's tests have their own `crafted`)."""

from __future__ import annotations

from collections import Counter

from shengji_tui import rules
from shengji_tui.engine import GameState, new_game
from shengji_tui.rules import RuleSet


def calling(rs: RuleSet, hands: dict[int, str], dealer: int = 0) -> GameState:
    """Trump S at level 2; the hands as given, the kitty from the rest, every
    other card in the dealer's tricks (so every card is in one place)."""
    base = new_game(rs, 0)
    n = rs.players
    hs = [tuple(rules.parse_cards(hands.get(s, ""))) for s in range(n)]
    rest = Counter(rules.full_deck(rs.decks))
    for h in hs:
        rest.subtract(h)
    assert all(k >= 0 for k in rest.values()), "more copies than the pack holds"
    left = sorted(rest.elements())
    kitty = tuple(c for c in left if c.rank.value not in ("A",))[: rs.kitty_size]
    won = list((Counter(left) - Counter(kitty)).elements())
    captured = [tuple(won) if s == dealer else () for s in range(n)]
    return base.model_copy(
        update={
            "phase": "calling",
            "dealer": dealer,
            "dealer_by_declaration": False,
            "dealer_side": (dealer,),
            "kitty_holder": dealer,
            "stock": (),
            "hands": tuple(hs),
            "kitty": kitty,
            "captured": tuple(captured),
            "trump_suit": rules.parse_suit("S"),
            "trump_set": True,
            "turn": None,
            "log": (),
        }
    )
