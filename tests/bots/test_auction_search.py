"""The hard bot's searched auction-phase calls (bots/auction_search.py): the rest
of the auction as the playbook calls it, a bid and an overturn played out."""

from __future__ import annotations

import pytest

from shengji_tui.bots import BotOptions, BotSpec, bot_level
from shengji_tui.bots.auction_search import choose_call, finish_auction
from shengji_tui.bots.search import SearchBot, at_stake, utility
from shengji_tui.engine import Bid, DealAll, PassBid, PassSteal, Steal, apply, new_game, view_for
from shengji_tui.rules import Auction, AuctionCall, RuleSet

EIGHTY = RuleSet.preset("eighty-points")
THREE = RuleSet.preset("three-player")


@pytest.mark.parametrize(
    ("rs", "opener", "calls", "limits", "result"),
    [
        # eighty points, rising from 70 by 5: bids while the next bid is within the limit
        (EIGHTY, 0, [], [85, 60, 75, 60], (2, 75)),  # an outbid 70 has no further bid
        (EIGHTY, 1, [], [100, 100, 60, 60], (0, 75)),
        (EIGHTY, 0, [], [60, 60, 60, 60], (0, 70)),  # all pass: the first to pass deals at 70
        # three players, falling from 150: bids while the next threshold is not below the limit
        (THREE, 0, [], [120, 140, 200], (0, 140)),
        (THREE, 2, [(2, 150)], [120, 200, 200], (0, 145)),
        (THREE, 0, [], [200, 200, 200], (None, None)),  # all pass: a redeal
    ],
)
def test_the_rest_of_the_auction_as_the_playbook_calls_it(
    rs: RuleSet,
    opener: int,
    calls: list[tuple[int, int | None]],
    limits: list[int],
    result: tuple[int | None, int | None],
) -> None:
    auction = Auction(opener=opener, calls=tuple(AuctionCall(seat=s, points=p) for s, p in calls))
    assert finish_auction(rs, auction, limits) == result


def hard(seed: int, budget_ms: float = 30) -> SearchBot:
    bot = BotSpec(
        level=bot_level("hard"),
        seed=seed,
        name="hard",
        options=BotOptions(budget_ms=budget_ms, workers=1, guard=False),
    ).make()
    assert isinstance(bot, SearchBot)
    bot.search_bids = True  # (off by default: docs/bots.md)
    return bot


@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
def test_the_searched_call_is_legal_and_played_out(preset: str) -> None:
    for seed in range(4):
        state, _ = apply(new_game(preset, seed), DealAll())
        seat = state.awaiting()
        assert seat is not None
        view = view_for(state, seat)
        bot = hard(seed)
        cmd = bot.decide(view)
        assert isinstance(cmd, (Bid, PassBid)) and cmd.seat == seat
        assert bot.last_info["searched"] and bot.last_info["samples"] >= 2
        if isinstance(cmd, Bid):
            assert state.auction is not None
            assert cmd.points == state.rules.bid_start  # the nearest bid, the opener's
        state, _ = apply(state, cmd)  # the engine takes it


def test_a_call_is_worth_what_its_deals_pay() -> None:
    """Three players, the opener: bidding 150 and passing are both played out
    over the same samples (the seed's: the same means again), each worth the
    levels a deal can move."""
    state, _ = apply(new_game("three-player", 7), DealAll())
    seat = state.awaiting()
    assert seat is not None
    view = view_for(state, seat)
    # what the seat has not seen: the others' hands and the kitty (shown cards too)
    unseen = [c for s in range(3) if s != seat for c in state.hands[s]] + list(state.kitty)
    args = (view, unseen, [-10.0, 5.0, 5.0], "t", 3000, 0.0, utility)
    means, samples = choose_call(*args)
    assert samples >= 2 and len(means) == 2
    assert choose_call(*args) == (means, samples)
    assert all(-7.0 < m < 7.0 for m in means)


def overturning_views(count: int) -> list[tuple[object, int]]:
    """Three-player states at an attacker's overturn with something to overturn
    with (the normal bots bid, name and bury)."""
    from shengji_tui.bots.playbook import PlaybookBot
    from shengji_tui.rules import overturn_options

    found: list[tuple[object, int]] = []
    for seed in range(200):
        state, _ = apply(new_game("three-player", seed), DealAll())
        bots = [PlaybookBot(seed, f"n{s}") for s in range(3)]
        while state.phase in ("bidding", "naming_trump", "burying"):
            s = state.awaiting()
            assert s is not None
            cmd = bots[s].decide(view_for(state, s))
            assert cmd is not None
            state, _ = apply(state, cmd)
        if state.phase != "overturning":
            continue  # a redeal
        s = state.awaiting()
        assert s is not None
        v = view_for(state, s)
        standing = v.standing.cards if v.standing is not None else ()
        if overturn_options(v.rules, v.level, list(v.hand), standing, v.trump_suit):
            found.append((state, s))
            if len(found) == count:
                break
    return found


def test_the_searched_overturn_is_legal_and_played_out() -> None:
    cases = overturning_views(3)
    assert cases
    for state, seat in cases:
        view = view_for(state, seat)  # type: ignore[arg-type]
        bot = hard(seat)
        cmd = bot.decide(view)
        assert isinstance(cmd, (Steal, PassSteal)) and cmd.seat == seat
        assert bot.last_info["searched"] and len(bot.last_info["means"]) >= 2
        apply(state, cmd)  # type: ignore[arg-type]  # the engine takes it


def test_a_pass_nobody_follows_is_a_redeal_and_a_bid_deals() -> None:
    """Three players, the opener; the others never bid (a margin no hand
    meets): passing redeals (worth 0 in every sample), bidding 150 deals at 150,
    worth the deal's levels."""
    state, _ = apply(new_game("three-player", 7), DealAll())
    seat = state.awaiting()
    assert seat is not None
    view = view_for(state, seat)
    unseen = [c for s in range(3) if s != seat for c in state.hands[s]] + list(state.kitty)
    margins = [1000.0] * 3
    margins[seat] = -10.0
    (bid, passed), samples = choose_call(view, unseen, margins, "t", 3000, 0.0, utility)
    assert samples >= 2
    assert passed == 0.0
    assert bid != 0.0


def test_an_auctions_deal_is_scored_from_its_bid() -> None:
    """A call decides who deals: the margin is counted from the bid, where the
    deal turns, so a deal is worth to one side what the other loses."""
    step3 = 4 * THREE.score_step
    for pts in (60, 120, 150):
        assert at_stake(THREE, pts, True, 120) == utility(THREE, pts, True, 120) - 120 / step3
        assert at_stake(THREE, pts, True, 120) == -at_stake(THREE, pts, False, 120)
    step8 = 4 * EIGHTY.score_step
    got = at_stake(EIGHTY, 40, True, 85, 80)
    assert got == utility(EIGHTY, 40, True, 85, 80) + 85 / step8
