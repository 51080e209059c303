"""The hard bot's declaration while the cards are dealt (bots/declare_search.py):
the rest of the declaring as the playbook declares at full hands, the trump
and dealer it makes, and a declare-now-or-wait search that sees only the view."""

from __future__ import annotations

import math

import pytest

from shengji_tui.bots.declare_search import (
    choose_dealing_declaration,
    searchable,
    settle_declaring,
)
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.search import SearchBot, even_points, utility
from shengji_tui.engine import (
    DealAll,
    DealNext,
    Declare,
    PassSteal,
    Steal,
    apply,
    new_game,
    view_for,
)
from shengji_tui.engine.events import CardDealt
from shengji_tui.engine.state import GameState
from shengji_tui.rules import RuleSet, parse_cards

CLASSIC = RuleSet.preset("classic")
TEAMS = (0, 1, 0, 1)
QUIET = "S3 S4 D6 D7 C8 C9"  # no level card, no joker: nothing to declare


@pytest.mark.parametrize(
    ("hands", "standing", "first", "result"),
    [
        # nobody has anything: nothing stands
        ([QUIET, QUIET, QUIET, QUIET], None, 0, None),
        # a pair of level cards in a fair suit is declared by whoever holds it
        (["H2 H2 H5 H9 HK S3", QUIET, QUIET, QUIET], None, 1, (0, "H2 H2")),
        # ... and overturns an opponent's single
        (["H2 H2 H5 H9 HK S3", "S2 S5 S8 D3 D4 C5", QUIET, QUIET], (1, "S2"), 1, (0, "H2 H2")),
        # a partner's single stands against a hand only a little better
        (
            ["H2 H2 H5 S7 D9 C3", "S3 S5 S8 D3 D4 C5", "S2 S5 S8 D3 D4 C5", QUIET],
            (2, "S2"),
            0,
            (2, "S2"),
        ),
        # two seats with pairs: a pair does not overturn a pair (that needs more
        # cards), so the first in turn keeps it
        (["H2 H2 H5 H9 HK S3", "S2 S2 S5 S8 SK C5", QUIET, QUIET], None, 1, (1, "S2 S2")),
        (["H2 H2 H5 H9 HK S3", "S2 S2 S5 S8 SK C5", QUIET, QUIET], None, 0, (0, "H2 H2")),
    ],
)
def test_the_rest_of_the_declaring_at_full_hands(
    hands: list[str],
    standing: tuple[int, str] | None,
    first: int,
    result: tuple[int, str] | None,
) -> None:
    st = None if standing is None else (standing[0], parse_cards(standing[1]))
    got = settle_declaring(CLASSIC, "2", TEAMS, [parse_cards(h) for h in hands], st, first)
    want = None if result is None else (result[0], parse_cards(result[1]))
    assert got == want


def dealing(seed: int, preset: str = "classic") -> tuple[GameState, int]:
    """The first moment of `seed`'s deal, every hand as long, at which the
    playbook would declare for some seat (and that seat)."""
    state = new_game(preset, seed)
    while state.phase == "dealing":
        state, _ = apply(state, DealNext())
        sizes = {len(h) for h in state.hands}
        if len(sizes) != 1:
            continue
        for seat in range(state.players):
            if PlaybookBot(seed=seat).declaration(view_for(state, seat)) is not None:
                return state, seat
    raise AssertionError(f"nobody declares while dealing seed {seed}")


def test_which_deals_the_search_models() -> None:
    assert searchable(CLASSIC)
    assert searchable(RuleSet.preset("three-deck"))
    assert not searchable(RuleSet.preset("four-deck"))  # kitty theft
    assert not searchable(RuleSet.preset("eighty-points"))  # an auction
    assert not searchable(RuleSet.preset("find-friends"))


def test_each_choice_is_played_out_over_the_same_samples() -> None:
    state, seat = dealing(2)
    view = view_for(state, seat)
    base = PlaybookBot(seed=seat).declaration(view)
    assert base is not None
    bot = SearchBot(seed=seat, budget_ms=0, workers=1)
    tr = bot.tracker(view)
    known = [tr.known[s] for s in range(4)]
    options = [base, None]

    def run() -> list[list[float]]:
        return choose_dealing_declaration(view, tr.unseen, known, options, "t", 3000, 0.0, utility)

    rows = run()
    assert len(rows) >= 2 and all(len(r) == 2 for r in rows)
    # a deal moves at most a few levels either way (plus a share of the margin)
    assert all(math.isfinite(v) and abs(v) < 8 for r in rows for v in r)
    assert rows == run()  # the seed's samples: the same values again


def hard(budget_ms: float = 60, reach: float = 0.0) -> SearchBot:
    bot = SearchBot(seed=5, budget_ms=budget_ms, workers=1, guard=False)
    bot.search_dealing = True  # (off by default: docs/bots.md)
    bot.dealing_reach = reach
    return bot


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_searched_declaration_is_legal_and_asked_once(seed: int) -> None:
    state, seat = dealing(seed)
    view = view_for(state, seat)
    bot = hard()
    cmd = bot.decide(view)
    assert bot.last_info["searched"] and bot.last_info["samples"] >= 2
    assert len(bot.last_info["means"]) >= 2  # the playbook's choice and waiting, at least
    if cmd is not None:
        assert isinstance(cmd, Declare) and cmd.seat == seat
        apply(state, cmd)  # the engine takes it
    # a table asks every bot at every card: the same question is not searched again
    again = bot.decide(view)
    assert again == cmd and bot.last_info.get("cached")


def test_switched_off_or_in_the_window_it_is_the_playbooks() -> None:
    state, seat = dealing(3)
    view = view_for(state, seat)
    base = PlaybookBot(seed=seat).declaration(view)
    assert not SearchBot.search_dealing  # measured no better: off
    off = hard()
    off.search_dealing = False
    assert off.declaration(view) == base
    window = view.model_copy(update={"phase": "declaring"})
    assert hard().declaration(window) == PlaybookBot(seed=seat).declaration(window)
    assert hard(budget_ms=0).declaration(view) == base


def test_the_search_does_not_see_the_other_hands() -> None:
    """Two deals alike for this seat (the others' hands and the undealt cards
    traded around) get the same decision."""
    compared = 0
    for seed in (1, 2, 3, 4):
        state, seat = dealing(seed)
        others = [s for s in range(4) if s != seat]
        hands = list(state.hands)
        a, b = others[0], others[1]
        if any(d.seat in (a, b) for d in state.declarations):
            continue  # (a declared card is public: it must stay where it is)
        hands[a], hands[b] = hands[b], hands[a]
        stock = tuple(reversed(state.stock))
        traded = state.model_copy(update={"hands": tuple(hands), "stock": stock})
        mine, theirs = view_for(state, seat), view_for(traded, seat)
        assert mine.hand == theirs.hand
        assert hard().decide(mine) == hard().decide(theirs)
        compared += 1
    assert compared >= 2


@pytest.mark.parametrize(
    ("preset", "even"), [("classic", 80), ("three-deck", 120), ("one-deck", 40)]
)
def test_the_deal_turns_where_the_attackers_take_it_over(preset: str, even: int) -> None:
    assert even_points(RuleSet.preset(preset)) == even


def test_counted_from_the_turning_point_a_deal_is_worth_as_much_to_each_side() -> None:
    """Where a choice decides who deals, the margin is counted from the
    turning point: a deal is worth to one side what the other loses."""
    for pts in range(0, 205, 5):
        dealing = utility(CLASSIC, pts, False, pivot=80)
        assert dealing == -utility(CLASSIC, pts, True, pivot=80)
    # at the turning point the margin counts nothing: the take-over (a level) alone
    assert utility(CLASSIC, 80, True, pivot=80) == 1.0
    # counted from 0, the attackers' points count for the attackers only: attacking
    # would gain half a level on dealing whatever the cards
    assert utility(CLASSIC, 80, True) == 1.5


def test_with_a_reach_it_weighs_declaring_where_the_playbook_waits() -> None:
    """`dealing_reach`: where the playbook would declare only with the trump
    shares it needs that much lower, not declaring (its choice, first) and
    that declaration are played out."""
    state = new_game("classic", 1)
    for _ in range(200):
        state, _ = apply(state, DealNext())
        seat = next(
            (
                s
                for s in range(4)
                if PlaybookBot(seed=s).declaration(view_for(state, s)) is None
                and PlaybookBot(seed=s).declaration_at(view_for(state, s), 0.15) is not None
            ),
            None,
        )
        if seat is not None:
            break
    assert seat is not None
    view = view_for(state, seat)
    assert hard().decide(view) is None  # no reach: the playbook's wait, not searched
    bot = hard(reach=0.15)
    cmd = bot.decide(view)
    assert bot.last_info["searched"] and len(bot.last_info["means"]) >= 2
    if cmd is not None:
        assert isinstance(cmd, Declare)
        apply(state, cmd)


def test_a_seat_that_passes_in_the_window_leaves_it_to_the_others() -> None:
    mine = ["H2 H2 H5 H9 HK S3", QUIET, "D2 D2 D5 D9 DK S3", QUIET]
    hands = [parse_cards(h) for h in mine]
    assert settle_declaring(CLASSIC, "2", TEAMS, hands, None, 0) == (0, parse_cards("H2 H2"))
    got = settle_declaring(CLASSIC, "2", TEAMS, hands, None, 0, quiet=0)
    assert got == (2, parse_cards("D2 D2"))  # the partner's, this seat passing


def test_in_the_window_the_search_weighs_a_pass() -> None:
    state, _ = apply(new_game("classic", 2), DealAll())
    for seat in range(4):
        view = view_for(state, seat)
        base = PlaybookBot(seed=seat).declaration(view)
        if base is None:
            continue
        assert view.phase == "declaring"
        assert hard().declaration(view) == base  # the window: the playbook's unless asked
        bot = hard()
        bot.search_window = True
        cmd = bot.decide(view)
        assert bot.last_info["searched"]
        if cmd is not None:
            apply(state, cmd)
        return
    raise AssertionError("nobody declares in this window")


def theft_turn(seed: int) -> GameState:
    """Four decks: `seed`'s first deal declared by the playbook card by card,
    the dealer's bury made, the kitty-theft round begun."""
    state = new_game("four-deck", seed)
    bots = [PlaybookBot(seed=s) for s in range(4)]
    while state.phase == "dealing":
        state, events = apply(state, DealNext())
        for e in events:
            if isinstance(e, CardDealt):
                cmd = bots[e.seat].decide(view_for(state, e.seat))
                if isinstance(cmd, Declare):
                    state, _ = apply(state, cmd.model_copy(update={"version": state.version}))
    state, _ = apply(state, DealNext())  # the window closed: the dealer takes the kitty
    seat = state.awaiting()
    assert state.phase == "burying" and seat is not None
    bury = bots[seat].decide(view_for(state, seat))
    assert bury is not None
    state, _ = apply(state, bury)
    assert state.phase == "kitty_theft"
    return state


def test_a_searched_theft_is_legal_and_weighs_a_pass() -> None:
    state = theft_turn(1)
    seat = state.theft_turn
    assert seat is not None
    view = view_for(state, seat)
    base = PlaybookBot(seed=seat).steal(view)
    assert SearchBot.search_theft  # measured better: kept (docs/bots.md)
    off = hard()
    off.search_theft = False
    assert off.steal(view) == base
    bot = hard()
    cmd = bot.decide(view)
    assert isinstance(cmd, (Steal, PassSteal)) and cmd.seat == seat
    assert bot.last_info["searched"] and len(bot.last_info["means"]) >= 2
    apply(state, cmd)  # the engine takes it
