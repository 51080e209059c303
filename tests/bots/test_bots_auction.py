"""Bots in the auction presets: every level bids, names trump, overturns and
plays whole matches with legal moves only; the estimate behind the bids."""

from __future__ import annotations

import logging

import pytest

from shengji_tui.bots import LEVELS, Bot, BotOptions, BotSpec, bidding, bot_level
from shengji_tui.bots.base import side_of
from shengji_tui.engine import (
    Bid,
    Bury,
    DealAll,
    DealNext,
    NameTrump,
    PassBid,
    apply,
    new_game,
    view_for,
)
from shengji_tui.rules import RuleSet, Suit, parse_cards
from shengji_tui.table.plan import run_headless

EIGHTY = RuleSet.preset("eighty-points")
THREE = RuleSet.preset("three-player")


def make(level: str, seed: int) -> Bot:
    """A bot of `level` (the hard one thinking 5 ms a move, in this process)."""
    opts = {"budget_ms": 5, "workers": 1} if level == "hard" else {}
    return BotSpec(level=bot_level(level), seed=seed, name=level, options=BotOptions(**opts)).make()


@pytest.mark.parametrize(
    ("preset", "levels"),
    [
        ("eighty-points", ["hard", "normal", "easy", "random"]),
        ("three-player", ["normal", "easy", "random"]),
        ("three-player", ["hard", "normal", "easy"]),
    ],
)
def test_whole_matches_with_legal_moves_only(
    preset: str, levels: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    bots = {s: make(lv, 40 + s) for s, lv in enumerate(levels)}
    with caplog.at_level(logging.WARNING, logger="shengji_tui.table"):
        run = run_headless(preset, 31, bots)
    refused = [r.getMessage() for r in caplog.records]
    assert not refused, refused[:3]  # no bot's move was refused or failed
    state = run.state
    assert state.phase == "finished" and state.winners
    kinds = {c.type for c in run.commands}
    assert {"bid", "pass_bid", "name_trump", "bury", "play"} <= kinds
    if preset == "three-player":
        assert "pass_steal" in kinds


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
def test_every_level_answers_every_auction_phase(level: str, preset: str) -> None:
    state, _ = apply(new_game(preset, 5), DealAll())
    bot = make(level, 1)
    seat = state.awaiting()
    assert seat is not None
    cmd = bot.decide(view_for(state, seat))
    assert isinstance(cmd, (Bid, PassBid)) and cmd.seat == seat
    assert bot.decide(view_for(state, (seat + 1) % state.players)) is None  # not its call
    state, _ = apply(state, Bid(seat=seat, points=state.rules.bid_start))
    while state.phase == "bidding":  # the others pass: the bot deals
        s = state.awaiting()
        assert s is not None
        state, _ = apply(state, PassBid(seat=s))
    assert state.dealer == seat
    cmd = bot.decide(view_for(state, seat))
    assert isinstance(cmd, NameTrump) and cmd.seat == seat
    if preset == "eighty-points":
        assert cmd.suit is not None
    state, _ = apply(state, cmd)
    cmd = bot.decide(view_for(state, seat))
    assert isinstance(cmd, Bury) and len(cmd.cards) == state.rules.kitty_size
    state, _ = apply(state, cmd)
    assert state.phase == ("playing" if preset == "eighty-points" else "overturning")


def test_bots_do_not_declare_in_an_auction_preset() -> None:
    state = new_game("eighty-points", 2)
    for _ in range(60):
        state, _ = apply(state, DealNext())
        for s in range(4):
            for level in ("random", "easy", "normal"):
                assert make(level, s).decide(view_for(state, s)) is None


STRONG = "BJ BJ LJ LJ H2 H2 S2 D2 HA HA HK HK HQ HJ H10 H9 H8 SA SA SK DA DK CA C3 C4"
WEAK = "S3 S4 S6 S7 S8 H3 H4 H6 H7 H8 D3 D4 D6 D7 D8 C5 C6 C7 C8 C9 SJ HJ DJ CJ D9"


def test_the_estimate_ranks_hands_and_suits() -> None:
    strong, weak = parse_cards(STRONG), parse_cards(WEAK)
    best = bidding.appraise(EIGHTY, "2", strong)
    assert best.suit == Suit.H  # the long, strong suit
    assert best.points > bidding.appraise(EIGHTY, "2", weak).points
    assert bidding.estimate(EIGHTY, "2", Suit.H, strong) > bidding.estimate(
        EIGHTY, "2", Suit.C, strong
    )
    # three players: a strong hand concedes fewer points
    assert bidding.appraise(THREE, "2", strong).points < bidding.appraise(THREE, "2", weak).points
    assert None not in bidding.trump_choices(EIGHTY) and None in bidding.trump_choices(THREE)
    assert bidding.trump_count(EIGHTY, "2", Suit.H, strong) == 17


def test_bid_limits_round_to_the_step() -> None:
    assert bidding.bid_limit(EIGHTY, 93.0, 5.0) == 85
    assert bidding.bid_limit(THREE, 101.0, 5.0) == 110


def test_the_lone_dealers_opponents_are_one_side() -> None:
    state, _ = apply(new_game("eighty-points", 3), DealAll())
    seat = state.awaiting()
    assert seat is not None
    state, _ = apply(state, Bid(seat=seat, points=80))
    while state.phase == "bidding":
        s = state.awaiting()
        assert s is not None
        state, _ = apply(state, PassBid(seat=s))
    v = view_for(state, (seat + 1) % 4)
    assert side_of(v, seat) == {seat}
    assert side_of(v, v.seat) == frozenset(range(4)) - {seat}


def test_hard_bids_three_players_lower_than_normal() -> None:
    """The hard bot bids the falling auction down to its estimate less 10
    points (measured by duplicate sets, docs/bots.md), the normal bot to its
    estimate plus 5: over the openers of many deals, hard bids every threshold
    normal bids, and some that normal passes."""
    hard_only = 0
    for seed in range(40):
        state, _ = apply(new_game("three-player", seed), DealAll())
        seat = state.awaiting()
        assert seat is not None
        view = view_for(state, seat)
        h, n = make("hard", seed).decide(view), make("normal", seed).decide(view)
        assert isinstance(h, (Bid, PassBid)) and isinstance(n, (Bid, PassBid))
        if isinstance(n, Bid):
            assert h == n
        hard_only += isinstance(h, Bid) and isinstance(n, PassBid)
    assert hard_only > 0


def test_hard_bids_eighty_points_as_normal() -> None:
    for seed in range(20):
        state, _ = apply(new_game("eighty-points", seed), DealAll())
        seat = state.awaiting()
        assert seat is not None
        view = view_for(state, seat)
        assert make("hard", seed).decide(view) == make("normal", seed).decide(view)
