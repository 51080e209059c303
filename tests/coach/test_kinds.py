"""Every preset's decision kinds, each priced: a declaration or not while
dealing, a bid, a pass or naming trump, the bury, the friend call, a kitty
theft or three players' overturn, the plays; none unpriced (a rules file
may make a decision the pricing does not model: `Priced.unpriced`)."""

from __future__ import annotations

import pytest

from shengji_tui.coach import analyse
from shengji_tui.coach.price import dealing_priced
from shengji_tui.engine import SUPPORTED

from .coach_helpers import one_deal


def expected_kinds(preset: str) -> set[str]:
    kinds = {"play", "bury"}
    if preset in ("eighty-points", "three-player"):
        kinds |= {"bid", "name"}
    else:
        kinds.add("declare")
    if preset.startswith("find-friends"):
        kinds.add("call")
    if preset == "four-deck":
        kinds.add("steal")
    if preset == "three-player":
        kinds.add("overturn")
    return kinds


@pytest.mark.slow(8)
@pytest.mark.parametrize("preset", SUPPORTED)
def test_every_kind_of_decision_is_analysed(preset: str) -> None:
    game = one_deal(preset, 2)
    kinds: set[str] = set()
    with_points: set[str] = set()
    for seat in range(game.rules.players):
        a = analyse(game, 0, seat, budget_ms=2, workers=1)
        for v in a.verdicts:
            kinds.add(v.kind)
            assert not v.priced.unpriced and v.priced.samples > 0, v
            if any(x != 0.0 for x in v.priced.points):
                with_points.add(v.kind)
            assert v.priced.choices[v.priced.played].text() == v.played
    assert kinds == expected_kinds(preset)
    # each kind's choices worth points too (the side's, from the turning point
    # where the choice decides who deals), not only levels
    assert with_points == kinds
    if "declare" in kinds:
        assert dealing_priced(game.rules)


def test_find_friends_calls_without_a_view() -> None:
    """The playbook's call asked of a hand and bury (as a sampled dealer's)
    is the one it makes from the dealer's view."""
    from shengji_tui.bots.friends import call_options, call_options_for
    from shengji_tui.coach.analysis import plan

    for preset in ("find-friends", "find-friends-5"):
        game = one_deal(preset, 3)
        calls = [m for s in range(game.rules.players) for m in plan(game, 0, s).moments]
        calls = [m for m in calls if m.kind == "call"]
        assert calls
        for m in calls:
            v = m.view
            got = call_options_for(
                v.rules, v.level, v.trump_suit, list(v.hand), list(v.kitty or ())
            )
            assert got == call_options(v) and got
