"""The variant presenters (tui/variants/presenters/): each preset is shown by its rules
family's, picked from the ruleset, and each family's answers for a few views
of a deal (seat 0's screen, in English): the seats' standing and roles, what
the status line says of the levels and what a narrow one leaves out."""

from __future__ import annotations

import pytest

from shengji_tui.engine import GameState, view_for
from shengji_tui.rules import RuleSet
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.variants.presenters import (
    BiddingPresenter,
    FixedPresenter,
    FriendsPresenter,
    SoloPresenter,
    variant_class,
)

from .walk_states import PRESETS, deal_moments

NAMES = ["Lin", "Ana", "Mei", "Ken", "Raj", "Zoe"]

FAMILY = {
    "classic": FixedPresenter,
    "tournament": FixedPresenter,
    "one-deck": FixedPresenter,
    "two-color": FixedPresenter,
    "three-deck": FixedPresenter,
    "six-player": FixedPresenter,
    "four-deck": FixedPresenter,
    "find-friends": FriendsPresenter,
    "find-friends-5": FriendsPresenter,
    "eighty-points": BiddingPresenter,
    "three-player": BiddingPresenter,
}


def test_every_preset_has_its_family() -> None:
    assert set(FAMILY) == set(PRESETS)
    for preset, cls in FAMILY.items():
        assert variant_class(RuleSet.preset(preset)) is cls, preset


def test_a_dealer_alone_without_an_auction_is_the_solo_game() -> None:
    rs = RuleSet.preset("classic").model_copy(update={"players": 3, "partnership": "solo"})
    assert variant_class(rs) is SoloPresenter


def model_at(state: GameState, seat: int = 0, spectating: bool = False) -> Model:
    cat = Catalogue("en")
    facts = TableFacts(NAMES[: state.rules.players], seat, humans=[seat], spectating=spectating)
    m = Model(Prefs(cat, CardText(cat, True)), facts)
    m.take_seat(seat, view_for(state, seat))
    return m


def lead(preset: str) -> GameState:
    """The deal's first lead (its dealer, sides and levels known)."""
    return next(mo.state for mo in deal_moments(preset) if mo.name == "lead")


# preset: (the status line says the levels, the standing is wide, why not declaring)
ANSWERS = {
    "classic": (True, False, "pace.not_now"),
    "six-player": (True, False, "pace.not_now"),
    "find-friends-5": (False, False, "pace.not_now"),
    "eighty-points": (False, True, "pace.auction"),
    "three-player": (False, False, "pace.auction"),
}


@pytest.mark.parametrize("preset", sorted(ANSWERS))
def test_each_family_answers_for_its_views(preset: str) -> None:
    m = model_at(lead(preset))
    v = m.facts.view
    assert v is not None and v.dealer is not None
    variant = Presenter().variant(m)
    in_status, wide, not_declaring = ANSWERS[preset]
    assert variant.levels_in_status(m) is in_status
    assert variant.standing_wide(m) is wide
    assert variant.not_declaring == not_declaring
    t = m.prefs.cat.t
    for seat in range(1, v.rules.players):
        standing = variant.standing(m, seat)
        if preset == "eighty-points":  # every deal at 2: its match points
            assert standing == t("auction.seat_score", n=str(v.match_scores[seat])), standing
        else:
            assert standing == t("seat.level", level=v.levels[seat])


# the other seats' roles on seat 0's screen, by family, as the view says them
def expected_roles(m: Model, seat: int) -> list[str]:
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    if v.rules.partnership == "fixed":
        if v.teams[seat] != v.teams[0]:
            return [t("seat.opponent")]
        return [t("seat.partner" if v.rules.players == 4 else "seat.teammate")]
    if seat == v.dealer:
        return []
    return [t("seat.dealer_side" if seat in v.dealer_side else "seat.attacker")]


@pytest.mark.parametrize("preset", ["classic", "six-player", "eighty-points", "three-player"])
def test_seat_roles_are_the_familys(preset: str) -> None:
    m = model_at(lead(preset))
    variant = Presenter().variant(m)
    for seat in range(1, m.players):
        assert variant.seat_roles(m, seat) == expected_roles(m, seat), seat


def test_a_spectator_of_fixed_partners_sees_sides_and_each_teams_level() -> None:
    """No partner for a spectator: the deal's sides, and each team's level by its names."""
    state = lead("classic")
    m = model_at(state, spectating=True)
    v = m.facts.view
    assert v is not None
    variant = Presenter().variant(m)
    for seat in range(1, 4):
        if seat != v.dealer:
            side = "seat.dealer_side" if seat in v.dealer_side else "seat.attacker"
            assert variant.seat_roles(m, seat) == [m.prefs.cat.t(side)]
    full, narrow = variant.status_parts(m)
    said = [plain(p) for p in full]
    t = m.prefs.cat.t
    for team in ([0, 2], [1, 3]):
        each = t("watch.team_level", names=m.team_name(team), level=v.levels[team[0]])
        assert each in said and "Lin" in m.team_name([0, 2]), said
    assert not any(p.startswith("us ") for p in said)
    assert len(narrow) == len(full) - 1  # (the deal's level: the teams' say it)


@pytest.mark.parametrize(
    ("preset", "left_out"),
    [
        ("classic", "level 2"),  # the deal's level: "us 2 / them 2" says it
        ("find-friends-5", "levels "),  # every seat's level: the panels say them
    ],
)
def test_a_narrow_status_line_leaves_out_what_the_panels_say(preset: str, left_out: str) -> None:
    m = model_at(lead(preset))
    full, narrow = Presenter().variant(m).status_parts(m)
    assert any(plain(p).startswith(left_out) for p in full), [plain(p) for p in full]
    assert not any(plain(p).startswith(left_out) for p in narrow)
    assert len(narrow) == len(full) - 1
