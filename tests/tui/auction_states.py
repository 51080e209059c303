"""Auction states for the TUI's tests (eighty points, three players), built
through the engine: the bidding with seat 0 to call, naming trump by seat 0,
three players' overturn window with seat 0 able to overturn, scored deals."""

from __future__ import annotations

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    Bid,
    Bury,
    DealAll,
    GameState,
    NameTrump,
    PassBid,
    PassSteal,
    apply,
    new_game,
)
from shengji_tui.table.plan import plan

EIGHTY, THREE = "eighty-points", "three-player"


def dealt(preset: str, seed: int) -> GameState:
    """Every card dealt: the auction's first call is awaited."""
    state, _ = apply(new_game(preset, seed), DealAll())
    assert state.phase == "bidding"
    return state


def call_until_seat(state: GameState, seat: int = 0) -> GameState:
    """The seats before `seat` in the auction pass (or bid the nearest value,
    alternately, so there is a standing bid) until `seat`'s call."""
    k = 0
    while state.phase == "bidding" and state.awaiting() != seat:
        who = state.awaiting()
        assert who is not None
        options = rules.bid_options(state.rules, state.auction, who)
        cmd = Bid(seat=who, points=options[0]) if k == 0 and options else PassBid(seat=who)
        state, _ = apply(state, cmd)
        k += 1
    return state


def bidding_state(preset: str = EIGHTY, seed: int = 3) -> GameState:
    """Seat 0's call, with a standing bid by the seat before (if any called)."""
    return call_until_seat(dealt(preset, seed), 0)


def won_by(state: GameState, winner: int) -> GameState:
    """`winner` bids the nearest value at each call, the others pass: the auction
    ends with `winner` to name trump."""
    while state.phase == "bidding":
        who = state.awaiting()
        assert who is not None
        options = rules.bid_options(state.rules, state.auction, who)
        if who == winner and options:
            state, _ = apply(state, Bid(seat=who, points=options[0]))
        else:
            state, _ = apply(state, PassBid(seat=who))
    assert state.phase == "naming_trump" and state.awaiting() == winner
    return state


def naming_state(preset: str = EIGHTY, seed: int = 3) -> GameState:
    return won_by(dealt(preset, seed), 0)


def bury_cheap(state: GameState) -> GameState:
    seat = state.kitty_holder
    assert seat is not None
    hand = sorted(state.hands[seat], key=lambda c: (rules.points([c]), c.idx))
    count = len(state.hands[seat]) - state.rules.hand_size  # (as the view's bury_count)
    state, _ = apply(state, Bury(seat=seat, cards=tuple(hand[:count])))
    return state


def overturn_state() -> GameState:
    """Three players: seat 1 deals; seat 0's turn to overturn, and it can."""
    for seed in range(1, 200):
        s = won_by(dealt(THREE, seed), 1)
        s, _ = apply(s, NameTrump(seat=1, suit=None if seed % 2 else rules.Suit.S))
        s = bury_cheap(s)
        while s.phase == "overturning" and s.theft_turn != 0:
            s, _ = apply(s, PassSteal(seat=s.theft_turn))
        if s.phase != "overturning" or s.theft_turn != 0:
            continue
        standing = s.standing.cards if s.standing is not None else ()
        if rules.overturn_options(s.rules, s.level, s.hands[0], standing, s.trump_suit):
            return s
    raise AssertionError("no seed gives seat 0 an overturn")


def played_out(state: GameState, seed: int = 5) -> GameState:
    """Every seat a random bot until the deal is scored."""
    bots = {s: RandomBot(seed=seed * 8 + s) for s in range(state.players)}
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    return state


def scored_state(preset: str = EIGHTY, seed: int = 3) -> GameState:
    """A whole deal: seat 0 wins the auction, names the suit making most trumps,
    and the bots play it out."""
    s = naming_state(preset, seed)
    best = max(
        rules.SUITS,
        key=lambda suit: sum(
            rules.is_trump(s.rules, rules.TrumpContext(s.level, suit), c) for c in s.hands[0]
        ),
    )
    s, _ = apply(s, NameTrump(seat=0, suit=best))
    return played_out(s)
