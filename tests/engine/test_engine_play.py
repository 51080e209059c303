"""Burying, kitty theft, leads, follows, failed throws, the last trick's kitty
capture, scoring, level advancement, the jack rule, rotation and the end of
the match, on crafted states."""

from __future__ import annotations

import pytest
from engine_helpers import check_invariants, crafted, find

from shengji_tui import rules
from shengji_tui.engine import (
    Bury,
    DealNext,
    GameState,
    IllegalCards,
    NextDeal,
    NotInHand,
    PassSteal,
    Play,
    RuleError,
    SeatCards,
    StaleVersion,
    Steal,
    WrongPhase,
    WrongSeat,
    apply,
    view_for,
)
from shengji_tui.engine.events import Event, KittyCaptured


def refused(state: GameState, cmd: object, kind: type[RuleError], words: str = "") -> None:
    before = state.model_dump_json()
    with pytest.raises(kind) as info:
        apply(state, cmd)
    assert info.value.sentence and words in info.value.sentence
    assert state.model_dump_json() == before


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


# ------------------------------------------------------------------ burying


def test_bury_checks_seat_count_and_cards() -> None:
    s = crafted("classic", {0: "S2"})
    s, _ = apply(s, DealNext())
    holder = s.kitty_holder
    assert holder is not None
    hand = s.hands[holder]
    other = (holder + 1) % 4
    refused(s, Bury(seat=other, cards=s.hands[other][:8]), WrongSeat, "buries")
    refused(s, Bury(seat=holder, cards=hand[:7]), IllegalCards, "exactly 8")
    missing = next(c for c in rules.full_deck(2) if hand.count(c) == 0)
    refused(s, Bury(seat=holder, cards=(*hand[:7], missing)), NotInHand, "do not hold")
    s2, ev = apply(s, Bury(seat=holder, cards=hand[-8:]))
    assert kinds(ev) == ["kitty_buried", "play_started"]
    assert s2.phase == "playing" and s2.turn == s2.dealer and s2.kitty == hand[-8:]
    check_invariants(s2)
    assert view_for(s2, holder).kitty == hand[-8:]
    assert view_for(s2, other).kitty is None


def test_kitty_theft_rounds() -> None:
    s = crafted(
        "four-deck",
        {0: "H2 H2", 1: "S2 S2 S2", 2: "BJ BJ"},
        phase="burying",
        dealer=0,
        trump="H",
        standing=SeatCards(seat=0, cards=rules.parse_cards("H2 H2")),
        kitty_holder=0,
        trump_set=True,
        dealer_by_declaration=True,  # the first deal: a steal names the dealer
    )
    # the dealer holds the kitty: move it into the hand, as closing would have
    s = s.model_copy(update={"hands": (s.hands[0] + s.kitty, *s.hands[1:]), "kitty": ()})
    check_invariants(s)
    s, ev = apply(s, Bury(seat=0, cards=s.hands[0][-8:]))
    assert kinds(ev) == ["kitty_buried", "steal_turn"] and s.theft_turn == 1
    refused(s, PassSteal(seat=2), WrongSeat, "turn")
    refused(s, Steal(seat=1, cards="S2"), IllegalCards, "not stronger")
    s, ev = apply(s, Steal(seat=1, cards="S2 S2 S2"))
    assert kinds(ev) == ["declared", "trump_set", "dealer_chosen", "kitty_taken"]
    assert s.dealer == 1 and s.dealer_side == (1, 3) and s.trump_suit == rules.Suit.S
    assert s.phase == "burying" and s.kitty_holder == 1
    check_invariants(s)
    s, ev = apply(s, Bury(seat=1, cards=s.hands[1][:8]))
    assert s.theft_turn == 2
    s, _ = apply(s, PassSteal(seat=2))
    s, _ = apply(s, PassSteal(seat=3))
    assert s.theft_turn == 0  # the first burier may steal back: it is not its own suit now
    s, ev = apply(s, PassSteal(seat=0))
    assert kinds(ev) == ["steal_passed", "play_started"]
    assert s.phase == "playing" and s.turn == 1
    check_invariants(s)


def test_no_theft_after_a_flipped_kitty() -> None:
    s = crafted("four-deck", {}, kitty="D9 S3 S4 S5 S6 S7 S8 S9")
    s, ev = apply(s, DealNext())
    assert "kitty_flipped" in kinds(ev)
    holder = s.kitty_holder
    assert holder is not None
    s, ev = apply(s, Bury(seat=holder, cards=s.hands[holder][:8]))
    assert kinds(ev) == ["kitty_buried", "play_started"]


# -------------------------------------------------------------------- play


def playing(preset: str, hands: dict[int, str], **kw: object) -> GameState:
    kw.setdefault("dealer", 0)
    kw.setdefault("trump", "H")
    return crafted(preset, hands, phase="playing", fill=False, **kw)


THROW_HANDS = {
    0: "S9 S8 S8 S4 S4 H9",
    1: "SJ S3 S3 S5 S6 C3",
    2: "C4 C5 C6 C7 C8 C9",
    3: "D3 D4 D5 D6 D7 D8",
}


@pytest.mark.parametrize(
    ("preset", "penalty_points", "match_scores"),
    [
        ("classic", 0, (0, 0, 0, 0)),
        ("tournament", 10, (0, 0, 0, 0)),
        ("four-deck", 0, (-1, 0, 0, 0)),
    ],
)
def test_failed_throw(preset: str, penalty_points: int, match_scores: tuple[int, ...]) -> None:
    s = playing(preset, THROW_HANDS, level="10" if preset == "tournament" else "2")
    check_invariants(s)
    refused(s, Play(seat=1, cards="SJ"), WrongSeat, "turn")
    refused(s, Play(seat=0, cards="S9 H9"), IllegalCards, "one suit")
    refused(s, Play(seat=0, cards="SA"), NotInHand, "SA")
    s, ev = apply(s, Play(seat=0, cards="S9 S8 S8 S4 S4"))
    assert kinds(ev) == ["throw_failed", "played"]
    tf = ev[0]
    assert tf.type == "throw_failed"
    assert tf.forced == tuple(rules.parse_cards("S9")) and len(tf.tried) == 5
    assert s.trick[0].cards == tf.forced and len(s.hands[0]) == 5
    assert s.penalty_points == penalty_points and s.match_scores == match_scores
    # the tried cards are shown to everyone
    for seat in range(4):
        assert any(e.type == "throw_failed" for e in view_for(s, seat).log)
    refused(s, Play(seat=1, cards="S3 S3"), IllegalCards, "exactly 1")
    refused(s, Play(seat=1, cards="C3"), IllegalCards, "spades")
    s, _ = apply(s, Play(seat=1, cards="SJ"))
    s, _ = apply(s, Play(seat=2, cards="C4"))
    s, ev = apply(s, Play(seat=3, cards="D3"))
    assert kinds(ev) == ["played", "trick_won"]
    assert s.turn == 1 and s.last_trick_winner == 1 and s.trick_no == 1
    check_invariants(s)


def test_successful_throw_stands() -> None:
    s = playing("classic", {0: "SA SK SK", 1: "S3 S4 S5", 2: "C4 C5 C6", 3: "D3 D4 D5"})
    s, ev = apply(s, Play(seat=0, cards="SA SK SK"))
    assert kinds(ev) == ["played"] and len(s.trick[0].cards) == 3


def last_trick(
    preset: str, hands: dict[int, str], kitty: str, **kw: object
) -> tuple[GameState, list[Event]]:
    s = playing(preset, hands, kitty=kitty, **kw)
    check_invariants(s)
    events: list[Event] = []
    for k in range(4):
        seat = (0 + k) % 4
        s, ev = apply(s, Play(seat=seat, cards=hands[seat]))
        events += ev
        check_invariants(s)
    return s, events


KITTY70 = "SK SK S10 S10 D5 D5 C10 CK"


def test_attackers_capture_the_kitty_and_take_over() -> None:
    hands = {0: "S3", 1: "SA", 2: "S4", 3: "S5"}
    s, ev = last_trick("classic", hands, KITTY70)
    cap = find(ev, KittyCaptured)
    assert (cap.points, cap.multiplier, cap.total) == (70, 2, 140)
    assert s.attacker_points == 5 + 140
    assert s.result is not None and s.result.attackers_take_over
    assert s.result.attacker_levels == 1 and s.levels == ("2", "3", "2", "3")
    assert s.phase == "scoring" and s.next_dealer == 1  # the seat after the old dealer
    assert "kitty_revealed" in kinds(ev) and "dealer_rotated" in kinds(ev)
    for seat in range(4):
        assert view_for(s, seat).kitty == tuple(rules.parse_cards(KITTY70))
    s2, ev2 = apply(s, NextDeal())
    assert kinds(ev2) == ["deal_started"] and s2.dealer == 1 and s2.level == "3"
    assert s2.phase == "dealing" and s2.dealer_side == (1, 3) and s2.first_seat == 1
    assert s2.deal_no == 1 and s2.log == tuple(ev2)


def test_pair_lead_multiplies_by_four_and_four_deck_needs_a_trump() -> None:
    hands = {0: "S3 S3", 1: "SA SA", 2: "S4 S6", 3: "S7 S8"}
    _, ev = last_trick("classic", hands, KITTY70)
    assert find(ev, KittyCaptured).multiplier == 4
    # four-deck: a side-suit win does not multiply (副牌扣底不翻倍); a trump win does
    hands = {0: "S4 S4", 1: "SA SA", 2: "S5 S6", 3: "S7 S8"}  # level 3: S3 would be trump
    _, ev = last_trick("four-deck", hands, KITTY70, level="3")
    assert find(ev, KittyCaptured).multiplier == 1
    ruff = {0: "S4 S4", 1: "HA HA", 2: "S5 S6", 3: "S7 S8"}
    _, ev = last_trick("four-deck", ruff, KITTY70, level="3")
    assert find(ev, KittyCaptured).multiplier == 4


def test_dealer_side_holds_partner_deals_next() -> None:
    hands = {0: "SA", 1: "S3", 2: "S4", 3: "S6"}
    s, ev = last_trick("classic", hands, KITTY70)
    assert "kitty_captured" not in kinds(ev)
    assert s.attacker_points == 0 and s.result is not None
    assert s.result.dealer_side_levels == 3 and s.levels == ("5", "2", "5", "2")
    assert s.next_dealer == 2


def test_jack_rule_sends_the_dealer_side_back() -> None:
    hands = {0: "S3", 1: "SJ", 2: "S4", 3: "S5"}  # level J: SJ is a trump, seat 1 has no spade
    kitty = "S6 S7 S8 S9 C6 C7 C8 C9"
    s, ev = last_trick("tournament", hands, kitty, level="J")
    assert "kitty_captured" in kinds(ev) and "jack_rule" in kinds(ev)
    assert s.levels[0] == s.levels[2] == "2"
    assert s.result is not None and not s.result.attackers_take_over
    assert s.next_dealer == 2


def test_match_ends_when_the_dealer_side_holds_at_the_last_level() -> None:
    hands = {0: "SA", 1: "S3", 2: "S4", 3: "S6"}
    s, ev = last_trick("classic", hands, KITTY70, level="A")
    assert kinds(ev)[-1] == "match_over"
    assert s.phase == "finished" and s.winners == (0, 2)
    refused(s, NextDeal(), WrongPhase, "over")
    refused(s, Play(seat=0, cards="SA"), WrongPhase, "over")


def test_stale_version_is_refused() -> None:
    s = playing("classic", {0: "SA", 1: "S3", 2: "S4", 3: "S6"})
    s = s.model_copy(update={"version": 5})
    refused(s, Play(seat=0, cards="SA", version=4), StaleVersion, "older")
    refused(s, Play(seat=9, cards="SA"), WrongSeat, "no seat 9")
    s2, _ = apply(s, Play(seat=0, cards="SA", version=5))
    assert s2.version == 6
    refused(s2, Play(seat=1, cards="S3", version=5), StaleVersion)
