"""The auction presets in the engine (docs/rules.md §11-12): each phase, every
refusal (a sentence in English and Chinese, the state unchanged), the
settlement of eighty points and the scoring of three players against the bid,
and what each seat may see."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import check_invariants, crafted, find

from shengji_tui import rules
from shengji_tui.engine import (
    AuctionStarted,
    AuctionWon,
    Bid,
    BidMade,
    Bury,
    DealAll,
    DealNext,
    DealScored,
    DealSettled,
    Declare,
    GameState,
    IllegalCards,
    KittyCaptured,
    KittyShown,
    KittyTaken,
    LevelUp,
    MatchOver,
    NameTrump,
    NextDeal,
    NotInHand,
    PassBid,
    PassSteal,
    Play,
    Redealt,
    RuleError,
    Steal,
    ThrowFailed,
    ThrowPenalty,
    TrumpNamed,
    WrongPhase,
    WrongSeat,
    apply,
    events_for,
    new_game,
    view_for,
)
from shengji_tui.engine.events import Event
from shengji_tui.engine.state import SeatCards, first_deal_seat
from shengji_tui.rules import Card, RuleSet, Suit, TrumpContext, parse_cards, points

EIGHTY = RuleSet.preset("eighty-points")
THREE = RuleSet.preset("three-player")


def refused(state: GameState, cmd: object, kind: type[RuleError], words: str = "") -> None:
    """`cmd` is refused with `kind`, a sentence in both languages, and no change."""
    before = state.model_dump_json()
    with pytest.raises(kind) as info:
        apply(state, cmd)
    assert info.value.sentence and info.value.sentence_zh
    assert words in info.value.sentence, info.value.sentence
    assert state.model_dump_json() == before


def dealt(preset: str, seed: int = 1) -> GameState:
    state, _ = apply(new_game(preset, seed), DealAll())
    return state


def call(state: GameState, *calls: int | None) -> tuple[GameState, list[Event]]:
    """Make `calls` (a bid, None for a pass) by whoever has the call."""
    events: list[Event] = []
    for c in calls:
        seat = state.awaiting()
        assert seat is not None and state.phase == "bidding"
        cmd = PassBid(seat=seat) if c is None else Bid(seat=seat, points=c)
        state, ev = apply(state, cmd)
        events += ev
    return state, events


# ------------------------------------------------------------ dealing and bidding


@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
def test_no_declaring_while_dealing(preset: str) -> None:
    state = new_game(preset, 4)
    for _ in range(10):
        state, _ = apply(state, DealNext())
    seat = state.hands[0][0]
    refused(state, Declare(seat=0, cards=(seat,)), WrongPhase, "nobody declares")
    state = dealt(preset, 4)
    assert state.phase == "bidding" and state.declarations == ()
    refused(state, Declare(seat=0, cards=(state.hands[0][0],)), WrongPhase, "nobody declares")
    refused(state, DealNext(), WrongPhase, "auction")


def test_eighty_points_deals_25_each_then_bids() -> None:
    state, events = apply(new_game("eighty-points", 2), DealAll())
    assert [len(h) for h in state.hands] == [25] * 4 and len(state.kitty) == 8
    opener = first_deal_seat(EIGHTY, 2)
    assert find(events, AuctionStarted).opener == opener == state.awaiting()
    assert not any(isinstance(e, KittyShown) for e in events) and state.shown_kitty == ()
    assert state.level == "2" and state.dealer is None and state.trump_set is False


def test_the_opener_moves_one_seat_each_deal() -> None:
    state = dealt("eighty-points", 5)
    first = state.first_seat
    openers = []
    for _ in range(4):
        openers.append(state.awaiting())
        state, _ = call(state, None, None, None, None)
        state = state.model_copy(update={"phase": "scoring"})  # skip the play of the deal
        state, _ = apply(state, NextDeal())
        state, _ = apply(state, DealAll())
    assert openers == [(first + k) % 4 for k in range(4)]


def test_eighty_points_auction_rules_in_the_engine() -> None:
    state = dealt("eighty-points", 3)
    o = state.awaiting()
    assert o is not None
    # the 70 rule: an outbid 70 is out
    s, ev = call(state, 70, 75)
    assert find(ev, BidMade).out is None and ev[-1].type == "bid_made"
    assert ev[-1] == BidMade(seat=(o + 1) % 4, points=75, out=o)
    refused(s, Bid(seat=o, points=80), WrongSeat, "no further bid")
    s, ev = call(s, None, None)
    won = find(ev, AuctionWon)
    assert (won.seat, won.points, won.forced) == ((o + 1) % 4, 75, False)
    assert s.phase == "naming_trump" and s.dealer == won.seat and s.bid == 75
    assert s.dealer_side == (won.seat,) and s.awaiting() == won.seat
    # everyone passes: the first to pass (the opener) deals at 70
    s, ev = call(state, None, None, None, None)
    won = find(ev, AuctionWon)
    assert (won.seat, won.points, won.forced) == (o, 70, True) and s.bid == 70


def test_bad_bids_are_refused_with_a_sentence() -> None:
    state = dealt("eighty-points", 3)
    o = state.awaiting()
    assert o is not None
    nxt = (o + 1) % 4
    refused(state, Bid(seat=nxt, points=70), WrongSeat, f"seat {o}'s turn")
    refused(state, PassBid(seat=nxt), WrongSeat, "turn")
    refused(state, Bid(seat=o, points=65), IllegalCards, "lowest bid is 70")
    refused(state, Bid(seat=o, points=72), IllegalCards, "steps of 5")
    refused(state, Bid(seat=o, points=205), IllegalCards, "highest bid is 200")
    s, _ = call(state, 80)
    refused(s, Bid(seat=nxt, points=80), IllegalCards, "above the standing 80")
    s, _ = call(s, None)  # nxt passes
    s, _ = call(s, None, None)  # the other two pass: the 80 stands
    assert s.phase == "naming_trump"
    refused(s, Bid(seat=nxt, points=85), WrongPhase, "naming trump")
    s, _ = call(state, None, 75)  # the opener passes
    refused(s, Bid(seat=o, points=80), WrongSeat, "pass is final")
    # three players: at most 150, lower each time
    t = dealt("three-player", 3)
    to = t.awaiting()
    assert to is not None
    refused(t, Bid(seat=to, points=155), IllegalCards, "highest threshold is 150")
    refused(t, Bid(seat=to, points=148), IllegalCards, "steps of 5")
    t, _ = call(t, 140)
    refused(t, Bid(seat=(to + 1) % 3, points=140), IllegalCards, "below the standing 140")
    refused(t, Bid(seat=(to + 1) % 3, points=145), IllegalCards, "at most 135")
    refused(t, Bid(seat=(to + 2) % 3, points=130), WrongSeat, "turn")


def test_bids_in_a_game_without_an_auction() -> None:
    state, _ = apply(new_game("classic", 1), DealNext())
    refused(state, Bid(seat=0, points=70), WrongPhase, "no auction")
    refused(state, PassBid(seat=0), WrongPhase, "no auction")
    refused(state, NameTrump(seat=0, suit=Suit.H), WrongPhase, "no auction")


# --------------------------------------------------------------- naming trump


def test_naming_trump_eighty_points() -> None:
    s, ev = call(dealt("eighty-points", 3), 90, None, None, None)
    d = find(ev, AuctionWon).seat
    refused(s, NameTrump(seat=(d + 1) % 4, suit=Suit.H), WrongSeat, f"seat {d} won")
    refused(s, NameTrump(seat=d, suit=None), IllegalCards, "no-trump cannot be named")
    refused(s, Bury(seat=d, cards=s.hands[d][:8]), WrongPhase, "naming trump")
    before = s.hands[d]
    kitty = s.kitty
    s, ev = apply(s, NameTrump(seat=d, suit="H"))
    assert [e.type for e in ev] == ["trump_named", "kitty_taken"]
    assert ev[0] == TrumpNamed(seat=d, suit=Suit.H, level="2")
    assert s.phase == "burying" and s.kitty_holder == d and s.trump_suit == Suit.H
    assert len(s.hands[d]) == 33 and s.hands[d] == before + kitty
    # 2s are trumps at level 2, the trump suit's above the others (docs/rules.md §11)
    ctx = s.ctx
    assert all(rules.is_trump(EIGHTY, ctx, c) for c in parse_cards("S2 D2 C2 H2 BJ LJ HA"))
    order = rules.compiled(EIGHTY, ctx)
    seq = parse_cards("BJ LJ H2 S2 HA HK H3")
    assert [order.strength(c) for c in seq] == sorted(
        (order.strength(c) for c in seq), reverse=True
    )
    assert order.strength(parse_cards("S2")[0]) == order.strength(parse_cards("C2")[0])
    refused(s, Bury(seat=d, cards=s.hands[d][:7]), IllegalCards, "exactly 8")
    s, _ = apply(s, Bury(seat=d, cards=s.hands[d][:8]))
    assert s.phase == "playing" and s.turn == d and len(s.kitty) == 8
    check_invariants(s)


def test_naming_parses_no_trump_words() -> None:
    assert NameTrump(seat=0, suit="NT").suit is None
    assert NameTrump(seat=0, suit="h").suit == Suit.H


def test_three_player_shown_kitty_and_naming() -> None:
    state, events = apply(new_game("three-player", 8), DealAll())
    assert [len(h) for h in state.hands] == [33] * 3 and len(state.kitty) == 9
    shown = find(events, KittyShown).cards
    assert shown == state.kitty[:3] == state.shown_kitty
    for seat in range(3):
        v = view_for(state, seat)
        assert v.shown_kitty == shown and v.kitty is None
    # every seat's level is its own; the winner's is played
    state = state.model_copy(update={"levels": ("3", "5", "7")})
    s, ev = call(state, 150, 145, None, None)
    won = find(ev, AuctionWon)
    assert s.level == state.levels[won.seat] and s.bid == 145
    d = won.seat
    s, ev = apply(s, NameTrump(seat=d, suit=None))  # no-trump is allowed here
    named = find(ev, TrumpNamed)
    assert named.suit is None and s.trump_suit is None
    assert s.standing is not None and s.standing.cards == named.cards
    assert len(s.hands[d]) == 42
    s, _ = apply(s, Bury(seat=d, cards=s.hands[d][:9]))
    assert s.phase == "overturning" and s.theft_turn == (d + 1) % 3
    check_invariants(s)


def test_three_player_all_pass_redeals_with_the_next_opener() -> None:
    state = dealt("three-player", 9)
    o = state.awaiting()
    assert o is not None
    s, ev = call(state, None, None, None)
    kinds = [e.type for e in ev]
    assert kinds[:3] == ["bid_passed", "bid_passed", "bid_passed"]
    assert "redealt" in kinds and find(ev, Redealt)
    assert s.phase == "dealing" and s.attempt == 1 and s.deal_no == 0 and s.dealer is None
    assert s.first_seat == (o + 1) % 3 and s.auction is None and s.shown_kitty == ()
    s, ev = apply(s, DealAll())
    assert s.awaiting() == (o + 1) % 3 and s.stock == () and s.shown_kitty
    assert s.hands != state.hands  # shuffled again


# ------------------------------------------------------------------ overturning


def overturn_state(standing: str, suit: str | None, hands: dict[int, str]) -> GameState:
    """Three players, dealer 0 has buried, the window opens at seat 1."""
    s = crafted(
        "three-player",
        hands,
        phase="overturning",
        dealer=0,
        trump=suit,
        theft_turn=1,
        kitty_holder=0,
        bid=120,
    )
    return s.model_copy(update={"standing": SeatCards(seat=0, cards=tuple(parse_cards(standing)))})


def test_overturn_swaps_six_random_kitty_cards() -> None:
    s = overturn_state("H2", "H", {0: "H2 HA", 1: "LJ LJ S3", 2: "D2 D2 C3"})
    check_invariants(s)
    refused(s, Steal(seat=2, cards="D2 D2"), WrongSeat, "seat 1's turn")
    refused(s, Steal(seat=1, cards="S3"), IllegalCards, "only level cards")
    refused(s, Steal(seat=1, cards="BJ BJ"), NotInHand, "BJ")
    kitty = s.kitty
    s1, ev = apply(s, Steal(seat=1, cards="LJ LJ"))
    assert [e.type for e in ev] == ["declared", "trump_set", "kitty_taken"]
    taken = find(ev, KittyTaken)
    assert taken.count == 6 and len(s1.kitty) == 3
    assert sorted(taken.cards + s1.kitty) == sorted(kitty)
    assert s1.trump_suit is None and s1.dealer == 0 and s1.phase == "burying"
    assert s1.awaiting() == 1 and view_for(s1, 1).bury_count == 6
    # the others see that six cards were taken, not which
    assert events_for(ev, 0, s1)[2] == KittyTaken(seat=1, count=6)
    check_invariants(s1)
    refused(s1, Bury(seat=1, cards=s1.hands[1][:9]), IllegalCards, "exactly 6")
    s2, _ = apply(s1, Bury(seat=1, cards=s1.hands[1][:6]))
    assert s2.kitty_swapped and s2.kitty_holder == 0 and len(s2.kitty) == 9
    assert s2.phase == "overturning" and s2.theft_turn == 2
    # nobody sees the kitty whole after a swap
    assert all(view_for(s2, seat).kitty is None for seat in range(3))
    # seat 2 must now beat the little jokers: its level pair does not
    refused(s2, Steal(seat=2, cards="D2 D2"), IllegalCards, "not stronger")
    s3, ev = apply(s2, PassSteal(seat=2))
    assert s3.phase == "playing" and s3.turn == 0  # the dealer stays the dealer and leads
    assert [e.type for e in ev] == ["steal_passed", "play_started"]
    assert all(view_for(s3, seat).kitty is None for seat in range(3))
    check_invariants(s3)


def test_overturn_needs_a_pair_over_a_naming_that_shows_nothing() -> None:
    s = overturn_state("", "H", {0: "HA", 1: "S2 C2 C2", 2: "D3"})
    refused(s, Steal(seat=1, cards="S2"), IllegalCards, "single level card")
    s, _ = apply(s, Steal(seat=1, cards="C2 C2"))
    assert s.trump_suit == Suit.C


def test_the_dealer_sees_its_kitty_when_nobody_overturns() -> None:
    s = overturn_state("H2 H2", "H", {0: "H2 H2", 1: "S3", 2: "D3"})
    assert view_for(s, 0).kitty == s.kitty and view_for(s, 1).kitty is None
    s, _ = apply(s, PassSteal(seat=1))
    s, _ = apply(s, PassSteal(seat=2))
    assert s.phase == "playing" and view_for(s, 0).kitty == s.kitty
    assert view_for(s, 1).kitty is None and view_for(s, 2).kitty is None


# --------------------------------------------------------------------- throws


def playing(
    preset: str,
    hands: dict[int, str],
    *,
    trump: str = "H",
    kitty: str | None = None,
    level: str | None = None,
    **kw: object,
) -> GameState:
    kw.setdefault("bid", 90 if preset == "eighty-points" else 120)
    return crafted(
        preset,
        hands,
        phase="playing",
        fill=False,
        dealer=0,
        trump=trump,
        kitty=kitty,
        level=level,
        **kw,
    )


EIGHTY_THROW = {
    0: "S9 S8 S8 S4 S4 H9",
    1: "SJ S3 S3 S5 S6 C3",
    2: "C4 C5 C6 C7 C8 C9",
    3: "D3 D4 D5 D6 D7 D8",
}


def test_eighty_points_failed_throw_by_the_dealer() -> None:
    s = playing("eighty-points", EIGHTY_THROW)
    s, ev = apply(s, Play(seat=0, cards="S9 S8 S8 S4 S4"))
    tf = find(ev, ThrowFailed)
    assert tf.penalty == 3 and tf.penalty_kind == "match_score"
    assert [e.type for e in ev] == ["throw_failed", "throw_penalty", "played"]
    assert find(ev, ThrowPenalty).deltas == (-3, 1, 1, 1) == s.match_scores
    assert s.failed_throws == 1


def test_eighty_points_failed_throw_by_an_attacker() -> None:
    hands = {1: EIGHTY_THROW[0], 0: EIGHTY_THROW[1], 2: EIGHTY_THROW[2], 3: EIGHTY_THROW[3]}
    s = playing("eighty-points", hands, turn=1)
    s, ev = apply(s, Play(seat=1, cards="S9 S8 S8 S4 S4"))
    assert find(ev, ThrowPenalty).deltas == (3, -3, 0, 0) == s.match_scores


def test_eighty_points_two_failed_throws_end_throwing() -> None:
    s = playing("eighty-points", EIGHTY_THROW, failed_throws=2)
    refused(s, Play(seat=0, cards="S9 S8 S8 S4 S4"), IllegalCards, "nobody may throw again")
    refused(s, Play(seat=0, cards="S8 S8 S4 S4"), IllegalCards, "nobody may throw again")
    s, ev = apply(s, Play(seat=0, cards="S8 S8"))  # a single unit is no throw
    assert [e.type for e in ev] == ["played"]


def test_three_player_throws_only_in_the_first_three_tricks() -> None:
    hands = {0: "SA SK SK", 1: "S3 S4 S5", 2: "C4 C5 C6"}
    s = playing("three-player", hands, trick_no=2)
    _, ev = apply(s, Play(seat=0, cards="SA SK SK"))
    assert [e.type for e in ev] == ["played"]  # the third trick: a throw stands
    s = playing("three-player", hands, trick_no=3)
    refused(s, Play(seat=0, cards="SA SK SK"), IllegalCards, "first 3 tricks")
    s, _ = apply(s, Play(seat=0, cards="SK SK"))


# ----------------------------------------------------- the last trick, scored


def last_trick(
    preset: str,
    dealer_points: int,
    *,
    dealer_wins: bool = True,
    kitty: str = "",
    level: str | None = None,
    **kw: Any,
) -> tuple[GameState, list[Event]]:
    """The last trick of a deal (one card each, dealer 0 leads) with the point
    cards so far arranged: the dealer holds `dealer_points` (eighty points) or
    the attackers hold `dealer_points` (three players), the rest on the other side."""
    rs = RuleSet.preset(preset)
    n = rs.players
    hands = {0: "SA" if dealer_wins else "S3"}
    low = ["S4", "S6", "S7"] if dealer_wins else ["SA", "S4", "S6"]
    for k in range(1, n):
        hands[k] = low[k - 1]
    kitty = kitty or "C3 C4 C6 C7 C8 C9 CJ CQ" + (" D3" if n == 3 else "")
    s = playing(preset, hands, kitty=kitty, level=level, trick_no=rs.hand_size - 1, **kw)
    pile = list(s.captured[0])
    pts = sorted((c for c in pile if c.points), key=lambda c: -c.points)
    keep: list[Card] = []
    total = 0
    for c in pts:
        if total + c.points <= dealer_points:
            keep.append(c)
            total += c.points
    assert total == dealer_points
    moved = list(pile)
    for c in keep:
        moved.remove(c)
    rest = [c for c in moved if c.points]
    plain = [c for c in moved if not c.points]
    captured: list[tuple[Card, ...]] = [() for _ in range(n)]
    if preset == "eighty-points":  # the dealer's pile holds its points
        captured[0] = tuple(keep + plain)
        captured[1] = tuple(rest)
    else:  # the attackers' piles hold theirs
        captured[1] = tuple(keep)
        captured[0] = tuple(rest + plain)
    s = s.model_copy(update={"captured": tuple(captured)})
    check_invariants(s)
    events: list[Event] = []
    for k in range(n):
        s, ev = apply(s, Play(seat=k, cards=hands[k]))
        events += ev
    return s, events


# seed 001 记分方式 (bid 90): 90 → each pays 2, the dealer gets 6; 100 → 4 / 12;
# 70 → the dealer pays 6 each, 18 in all
SETTLED = [
    pytest.param(90, 90, (6, -2, -2, -2), id="seed001-made-90"),
    pytest.param(90, 100, (12, -4, -4, -4), id="seed001-made-100"),
    pytest.param(90, 70, (-18, 6, 6, 6), id="seed001-made-70"),
    pytest.param(100, 120, (36, -12, -12, -12), id="big-bid-doubled"),
    pytest.param(75, 0, (-102, 34, 34, 34), id="zero-score-doubled"),
]


@pytest.mark.parametrize(("bid", "dealer_points", "deltas"), SETTLED)
def test_eighty_points_settlement(bid: int, dealer_points: int, deltas: tuple[int, ...]) -> None:
    s, ev = last_trick("eighty-points", dealer_points, bid=bid)
    settled = find(ev, DealSettled)
    assert settled.deltas == deltas == s.match_scores == settled.scores
    assert settled.settlement.dealer_points == dealer_points and settled.dealer == 0
    scored = find(ev, DealScored)
    assert scored.kitty_points == 0
    assert scored.trick_points == 200 - dealer_points - points(s.kitty)
    assert s.phase == "scoring" and s.levels == ("2",) * 4
    for seat in range(4):
        assert view_for(s, seat).match_scores == deltas


def test_eighty_points_kitty_counts_for_nobody() -> None:
    kitty = "SK SK S10 S10 D5 D5 C10 CK"
    _, ev = last_trick("eighty-points", 80, dealer_wins=False, kitty=kitty, bid=80)
    assert not any(isinstance(e, KittyCaptured) for e in ev)
    assert find(ev, DealScored).kitty_points == 0
    assert find(ev, DealSettled).settlement.made  # the dealer's 80 stands


def test_eighty_points_sweep_doubles() -> None:
    _, ev = last_trick("eighty-points", 200, bid=100)
    settlement = find(ev, DealSettled).settlement
    assert settlement.doublings == ("big_bid", "sweep") and settlement.each == 2 * 2 * (2 + 20)


def test_eighty_points_match_ends_after_match_deals() -> None:
    s, ev = last_trick("eighty-points", 90, bid=90, deal_no=7, match_scores=(0, 5, -3, -2))
    over = find(ev, MatchOver)
    assert s.phase == "finished" and s.match_scores == (6, 3, -5, -4)
    assert over.winners == (0,) == s.winners
    s, ev = last_trick("eighty-points", 90, bid=90, deal_no=6)
    assert s.phase == "scoring"
    s, ev = apply(s, NextDeal())
    assert s.dealer is None and s.phase == "dealing" and s.deal_no == 7


# three players (seed 002): bid 120: 120 → attackers +1 each, +1 per further 60;
# below 120 the dealer +2, below 60 +4, 0 → +6
SCORED = [
    pytest.param(120, 0, ("8", "5", "5"), id="zero-dealer+6"),
    pytest.param(120, 55, ("6", "5", "5"), id="below-half-dealer+4"),
    pytest.param(120, 115, ("4", "5", "5"), id="below-bid-dealer+2"),
    pytest.param(120, 120, ("2", "6", "6"), id="at-bid-attackers+1"),
    pytest.param(120, 180, ("2", "7", "7"), id="bid+half-attackers+2"),
]


@pytest.mark.parametrize(("bid", "attacker_points", "levels"), SCORED)
def test_three_player_scoring_against_the_bid(
    bid: int, attacker_points: int, levels: tuple[str, ...]
) -> None:
    s, ev = last_trick("three-player", attacker_points, bid=bid, levels=("2", "5", "5"))
    scored = find(ev, DealScored)
    assert scored.attacker_points == attacker_points
    assert s.levels == levels and s.phase == "scoring"
    if levels != ("2", "5", "5"):
        assert any(isinstance(e, LevelUp) for e in ev)
    opener = (s.first_seat + 1) % 3
    s, ev = apply(s, NextDeal())  # no holding or losing the deal: auctioned again
    assert s.dealer is None and s.first_seat == opener and s.phase == "dealing"
    s, ev = apply(s, DealAll())
    assert s.phase == "bidding" and s.awaiting() == opener


def test_three_player_attackers_capture_the_kitty() -> None:
    kitty = "SK SK S10 S10 D5 D5 C10 CK D3"
    s, ev = last_trick("three-player", 40, dealer_wins=False, kitty=kitty, bid=150)
    cap = find(ev, KittyCaptured)
    assert cap.points == 70 and cap.multiplier == 2
    assert find(ev, DealScored).attacker_points == 40 + 140 == s.attacker_points


def test_three_player_match_ends_when_a_dealer_holds_at_a() -> None:
    s, ev = last_trick("three-player", 50, bid=120, level="A", levels=("A", "K", "K"))
    assert s.phase == "finished" and s.winners == (0,) and find(ev, MatchOver).level == "A"
    s, ev = last_trick("three-player", 130, bid=120, level="A", levels=("A", "K", "K"))
    assert s.phase == "scoring" and s.levels == ("A", "A", "A")


# ------------------------------------------------------------------ visibility


@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
def test_views_during_the_auction(preset: str) -> None:
    s, _ = call(dealt(preset, 6), 100)
    for seat in range(s.players):
        v = view_for(s, seat)
        assert v.bids == s.auction.calls if s.auction else False
        assert v.auction == s.auction and v.bid is None
        assert v.kitty is None and len(v.hand) == len(s.hands[seat])
        assert v.awaiting == s.awaiting()
        data = v.model_dump_json()
        for other in range(s.players):
            if other != seat:
                # no other hand's card appears beyond what the shown kitty shows
                extra = set(s.hands[other]) - set(s.hands[seat]) - set(s.shown_kitty)
                assert not any(f'"{c}"' in data for c in map(str, extra))


def test_before_the_auction_each_seat_sorts_by_its_own_level() -> None:
    state = new_game("three-player", 4).model_copy(update={"levels": ("2", "5", "7")})
    for _ in range(40):
        state, _ = apply(state, DealNext())
    for phase_state in (state, apply(state, DealAll())[0]):
        for seat, level in enumerate(("2", "5", "7")):
            hand = phase_state.hands[seat]
            want = rules.sort_hand(THREE, TrumpContext(level), hand)
            assert list(view_for(phase_state, seat).hand) == want
