"""Plain mistakes a club player calls out (bots/plain.py), a view in and the bad
move never out, for the normal bot, the hard bot (its search without the
clock guard, one process) and the hint (`bots.Advisor`, as the TUI asks it):

- points given to a trick this seat's side is winning while an opponent still
  to play, known void in the led suit, can ruff it (the play-test's 10♥ 10♣ K♠
  onto the partner's A♥ K♥ Q♥ with Mei last and void in hearts; the hint's
  5♠ 5♥ K♦ with the dealer still to play);
- a side-suit tuple with points led into a higher one known to be out (the
  hint's 10♣ 10♣ into K♣ K♣);
- the hint's reason counting the card it plays as the trick's points ("Ruff
  it: the trick holds 5 points", its own 5♥).

The positions are played up to the decision through the engine
(tests/bots/positions.py). The recorded ones (fixtures/plain_positions.json)
are views from bot games: where a bot made a plain mistake before it avoided
them (benchmarks/plain_catalogue.py from benchmarks/coach_scan.py's games),
and plays the coach priced a blunder, surely, at 1,200 ms
(benchmarks/coach_figures.py cost --worst), each for the bots that do not
make it now (the catalogue's pass rate per bot: docs/bots.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_tui import rules
from shengji_tui.bots import Advisor, BotSpec
from shengji_tui.bots.advice import reason
from shengji_tui.bots.plain import feeds_a_taker, plain_mistake, tuple_into_higher
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.tracker import Tracker
from shengji_tui.engine import GameState, Play, SeatView

from .positions import position, view_at

HARD = {"budget_ms": 120, "workers": 1, "guard": False}
HINT_MS = 60.0
WHO = ("normal", "hard", "hint")


def answer(who: str, view: SeatView) -> list[str]:
    if who == "hint":
        advice = Advisor(HINT_MS, seed=0).advise(view)
        assert advice is not None
        return sorted(str(c) for c in advice.cards)
    spec = BotSpec(level=who, seed=1, options=HARD if who == "hard" else {})
    cmd = spec.make().decide(view)
    assert isinstance(cmd, Play)
    return sorted(str(c) for c in cmd.cards)


def cards(text: str) -> list[rules.Card]:
    return rules.parse_cards(text)


def fed_to_a_ruff(seed: int) -> GameState:
    """Seat 2 leads the boss H-A, seat 3 follows; seat 0 holds H-10 and H-3;
    seat 1, last, discarded on the first heart lead: void in hearts, and it
    may hold trumps."""
    return position(
        {0: "H10 H3 H4 S6 D3 D7 C4 C8", 1: "S5 S9 DK", 2: "HA HK H8 S3", 3: "H5 H6 H7 HJ"},
        trump="C",
        dealer=0,
        leader=2,
        voids={1: "H"},
        history=[["HK", "H5", "H4", "S5"]],
        trick=["HA", "H6"],
        seed=seed,
    )


def discarded_to_a_ruff(seed: int) -> GameState:
    """Seat 2 leads the boss D-A; seat 0, void in diamonds, may discard S-5 or
    S-K; the dealer (seat 1), last, is known void in diamonds."""
    return position(
        {0: "S5 SK S3 S4 H4 H6 C3 C6", 1: "S9 C9", 2: "DA DA DK D3", 3: "D4 D5 D6 D7"},
        trump="C",
        dealer=1,
        leader=2,
        voids={0: "D", 1: "D"},
        history=[["DK", "D4", "S4", "S9"]],
        trick=["DA", "D5"],
        seed=seed,
    )


def pair_into_kings(seed: int) -> GameState:
    """Seat 0 leads, holding C-10 C-10; both C-K are unseen and its partner
    (seat 2) is void in clubs: the kings are out with the opponents."""
    return position(
        {0: "C10 C10 CA S3 S4 D3 D4 H4", 1: "CK CK C4", 2: "S5 S6", 3: "C5 C6"},
        trump="H",
        dealer=0,
        leader=3,
        voids={2: "C"},
        history=[["C5", "CA", "C4", "S5"]],
        seed=seed,
    )


CASES = [
    ("fed_to_a_ruff", fed_to_a_ruff, "H10", "H3"),
    ("discarded_to_a_ruff", discarded_to_a_ruff, "S5", "S3"),
    ("pair_into_kings", pair_into_kings, "C10 C10", "S3"),
]


@pytest.mark.parametrize(("name", "make", "bad", "good"), CASES, ids=[c[0] for c in CASES])
def test_the_mistakes_are_recognised(name: str, make: object, bad: str, good: str) -> None:
    state = make(1)  # type: ignore[operator]
    view = view_at(state)
    tr = Tracker(view)
    assert plain_mistake(view, tr, cards(bad), 0) is not None
    assert plain_mistake(view, tr, cards(good), 0) is None
    if view.trick:
        assert feeds_a_taker(view, tr, cards(bad), 0)
        assert not feeds_a_taker(view, tr, cards(bad), rules.points(cards(bad)))
    else:
        assert tuple_into_higher(view, tr, cards(bad))


def test_a_partner_who_may_hold_the_higher_pair_is_no_mistake() -> None:
    # the same lead with the partner not void in clubs: the kings may be its
    state = position(
        {0: "C10 C10 CA S3 S4 D3 D4 H4", 3: "C5 C6", 2: "C7 C8"},
        trump="H",
        dealer=0,
        leader=3,
        history=[["C5", "CA", "C4", "C7"]],
        seed=1,
    )
    view = view_at(state)
    assert not tuple_into_higher(view, Tracker(view), cards("C10 C10"))


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("name", "make", "bad", "good"), CASES, ids=[c[0] for c in CASES])
def test_the_bad_move_never_comes_out(
    name: str, make: object, bad: str, good: str, seed: int, who: str
) -> None:
    view = view_at(make(seed))  # type: ignore[operator]
    assert answer(who, view) != sorted(bad.split()), (name, who, seed)


@pytest.mark.parametrize(
    ("led", "said"), [("S3", ("ruff_lead", {})), ("S10", ("ruff", {"points": 10}))]
)
def test_the_hint_never_counts_its_own_card_as_the_tricks_points(
    led: str, said: tuple[str, dict[str, int]]
) -> None:
    # seat 1 leads a spade; seat 2, second to play and void in spades, ruffs
    # with H-5: the reason tells the trick's points before it (none, or the
    # ten's), never its own five's
    state = position(
        {1: f"{led} S4", 2: "H5 H6 D3 D4 D6 C3 C4 C6", 3: "S6", 0: "S7"},
        trump="H",
        dealer=0,
        leader=1,
        voids={2: "S"},
        trick=[led],
        seed=1,
    )
    view = view_at(state)
    assert reason(PlaybookBot(seed=0), view, cards("H5")) == said
    # and whatever the hint advises there, its points are the trick's
    for budget in (HINT_MS, 0.0):
        advice = Advisor(budget, seed=0).advise(view)
        assert advice is not None
        if advice.reason in ("ruff", "win"):
            assert advice.args == {"points": rules.points(cards(led))}


RECORDED = json.loads((Path(__file__).parent / "fixtures" / "plain_positions.json").read_text())


BY_BOT = [(c, who) for c in RECORDED for who in c["bots"]]


@pytest.mark.parametrize(("case", "who"), BY_BOT, ids=[f"{c['name']}-{who}" for c, who in BY_BOT])
def test_recorded_mistakes_are_not_made_again(case: dict[str, object], who: str) -> None:
    view = SeatView.model_validate(case["view"])
    bad = [sorted(b) for b in case["bad"]]  # type: ignore[attr-defined]
    assert answer(who, view) not in bad, case["note"]
