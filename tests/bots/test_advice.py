"""The suggestion key's adviser (bots/advice.py): the best bot's move and its
reason, never the plain mistakes the old cheap hint made."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.bots import Advisor
from shengji_tui.bots.advice import reason
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.engine import view_for

from .positions import position, view_at

# the hard bot (a short search, the default path) and the normal bot (the fallback)
BUDGETS = (60.0, 0.0)


def advise(state, budget: float):  # type: ignore[no-untyped-def]
    advice = Advisor(budget, seed=0).advise(view_at(state))
    assert advice is not None
    return advice


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_it_never_buries_a_tractor(budget: float, seed: int) -> None:
    # the dealer (seat 0) holds S-9 S-9 S-10 S-10, a tractor, and buries 8 cards
    state = position(
        {0: "S9 S9 S10 S10 SK C3 C4 C6 D3 D4 D6 D7"},
        trump="H",
        dealer=0,
        leader=0,
        burying=True,
        seed=seed,
    )
    assert view_for(state, 0).bury_count == 8
    advice = advise(state, budget)
    buried = [str(c) for c in advice.cards]
    assert not {"S9", "S10"} & set(buried), buried
    assert advice.reason in ("bury_void", "bury_low")


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_pair_of_aces_is_led_as_a_pair(budget: float, seed: int) -> None:
    state = position(
        {0: "SA SA S3 C3 C5 D6", 1: "S4 S5", 2: "S6", 3: "S7 S8"},
        trump="H",
        dealer=0,
        leader=0,
        seed=seed,
    )
    cards = [str(c) for c in advise(state, budget).cards]
    assert cards != ["SA"], "one ace led alone while the pair is the boss pair"


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_five_led_into_the_opponents(budget: float, seed: int) -> None:
    # the longest side suit is spades, whose lowest card is the five; the
    # opponents hold the spade aces and kings
    state = position(
        {0: "S5 S10 SJ SQ C3 C4 D3", 1: "SA SA SK", 3: "SK"},
        trump="H",
        dealer=0,
        leader=0,
        seed=seed,
        voids={0: "S"},
    )
    advice = advise(state, budget)
    led = list(advice.cards)
    if rules.points(led):
        assert advice.reason in ("lead_boss", "throw", "draw_trumps"), (led, advice.reason)


def test_the_reasons_say_what_the_move_does() -> None:
    bot = PlaybookBot(seed=0)
    # the partner (seat 2) has won the trick for sure: feeding a ten is "feed"
    state = position(
        {0: "C10 C3 D4", 1: "S3", 2: "SA", 3: "S4"},
        trump="H",
        dealer=0,
        leader=1,
        voids={0: "S"},
        trick=["S3", "SA", "S4"],
    )
    view = view_at(state)
    assert reason(bot, view, rules.parse_cards("C10")) == ("feed", {"points": 10})
    assert reason(bot, view, rules.parse_cards("C3"))[0] == "partner_low"
    # the opponent's ace wins and cannot be taken: "duck"
    state = position(
        {0: "S5", 1: "SA", 2: "SK S10 S3"}, trump="H", dealer=0, leader=0, trick=["S5", "SA"]
    )
    assert reason(bot, view_at(state), rules.parse_cards("S3"))[0] == "duck"


def test_the_normal_bot_advises_when_the_search_fails_or_the_budget_is_short() -> None:
    state = position({0: "SA SA S3 C3"}, trump="H", dealer=0, leader=0, seed=1)
    view = view_at(state)
    short = Advisor(10.0).advise(view)
    assert short is not None and short.level == "normal"
    advisor = Advisor(60.0)
    assert advisor.hard is not None

    def broken(view):  # type: ignore[no-untyped-def]
        raise RuntimeError("a search that fails")

    advisor.hard.decide = broken  # type: ignore[method-assign]
    advice = advisor.advise(view)
    assert advice is not None and advice.level == "normal"
    assert advice.cards == Advisor(0.0).advise(view).cards  # type: ignore[union-attr]
    # nothing to advise on another seat's turn
    other = position({0: "S3"}, trump="H", dealer=0, leader=1, seed=1)
    assert Advisor(0.0).advise(view_for(other, 0)) is None
