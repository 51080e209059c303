"""Every preset's decision kinds, each priced: a declaration or not while
dealing, a bid, a pass or naming trump, the bury, the friend call, a kitty
theft or three players' overturn, the plays. Only declarations the dealing
search does not model (partners found, declarations hidden) go unpriced."""

from __future__ import annotations

import pytest

from shengji_tui.bots.declare_search import searchable
from shengji_tui.coach import analyse
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


@pytest.mark.parametrize("preset", SUPPORTED)
def test_every_kind_of_decision_is_analysed(preset: str) -> None:
    game = one_deal(preset, 2)
    kinds: set[str] = set()
    for seat in range(game.rules.players):
        a = analyse(game, 0, seat, budget_ms=2, workers=1)
        for v in a.verdicts:
            kinds.add(v.kind)
            if v.priced.unpriced:
                assert v.kind == "declare" and not searchable(game.rules), v
            else:
                assert v.priced.samples > 0, v
            assert v.priced.choices[v.priced.played].text() == v.played
    assert kinds == expected_kinds(preset)
