"""Declaring trump (docs/rules.md §6): overturn, reinforce/lock, self-overturn,
joker no-trump, hidden declaring, the first deal naming the dealer, and the
`no_declaration` fallbacks."""

from __future__ import annotations

import pytest
from engine_helpers import crafted, find

from shengji_tui import rules
from shengji_tui.engine import (
    DealAll,
    DealNext,
    Declare,
    GameState,
    IllegalCards,
    NotInHand,
    Play,
    RuleError,
    WrongPhase,
    apply,
    new_game,
    view_for,
)
from shengji_tui.engine.events import DeclarationsRevealed, Declared, Event, TrumpSet

HANDS = {0: "S2 S2 H2 LJ LJ", 1: "D2 D2 BJ BJ", 2: "C2", 3: "H3"}


def ok(state: GameState, cmd: object) -> tuple[GameState, list[Event]]:
    return apply(state, cmd)


def refused(state: GameState, cmd: object, kind: type[RuleError], words: str = "") -> str:
    with pytest.raises(kind) as info:
        apply(state, cmd)
    assert info.value.sentence
    assert words in info.value.sentence
    return info.value.sentence


def test_overturn_reinforce_lock_and_jokers_first_deal() -> None:
    s = crafted("classic", HANDS)
    s, ev = ok(s, Declare(seat=0, cards="S2"))
    assert [e.type for e in ev] == ["declared"]
    refused(s, Declare(seat=1, cards="D2"), IllegalCards, "not stronger")
    refused(s, Declare(seat=0, cards="H2"), IllegalCards)  # a single does not beat a single
    refused(s, Declare(seat=2, cards="C2 C2"), NotInHand, "do not hold")
    refused(s, Declare(seat=3, cards="H3"), IllegalCards, "level cards")
    s, _ = ok(s, Declare(seat=0, cards="S2 S2"))  # 加固: reinforce = lock
    refused(s, Declare(seat=1, cards="D2 D2"), IllegalCards, "not stronger")
    s, _ = ok(s, Declare(seat=1, cards="BJ BJ"))  # only a joker pair overturns a lock
    refused(s, Declare(seat=0, cards="LJ LJ"), IllegalCards, "not stronger")
    s, ev = ok(s, DealNext())  # every card is dealt: this closes declaring
    kinds = [e.type for e in ev]
    assert kinds == ["dealer_chosen", "trump_set", "kitty_taken"]
    assert s.dealer == 1 and s.dealer_side == (1, 3)
    assert s.trump_set and s.trump_suit is None  # jokers: no-trump
    assert s.phase == "burying" and s.kitty_holder == 1
    assert len(s.hands[1]) == s.rules.hand_size + s.rules.kitty_size


def test_self_overturn_follows_the_preset() -> None:
    hands = {0: "S2 LJ LJ"}
    classic = crafted("classic", hands)
    classic, _ = ok(classic, Declare(seat=0, cards="S2"))
    ok(classic, Declare(seat=0, cards="LJ LJ"))  # classic allows 自反
    tour = crafted("tournament", hands)
    tour, _ = ok(tour, Declare(seat=0, cards="S2"))
    refused(tour, Declare(seat=0, cards="LJ LJ"), IllegalCards, "overturn your own")


def test_later_deal_declaration_sets_trump_but_not_the_dealer() -> None:
    s = crafted("classic", {1: "H5 H5", 2: "S5"}, level="5", dealer=0)
    s = s.model_copy(update={"deal_no": 3})
    s, _ = ok(s, Declare(seat=2, cards="S5"))
    s, _ = ok(s, Declare(seat=1, cards="H5 H5"))
    s, ev = ok(s, DealNext())
    assert [e.type for e in ev] == ["trump_set", "kitty_taken"]
    assert s.dealer == 0 and s.trump_suit == rules.Suit.H and s.kitty_holder == 0


def test_declarations_between_cards_while_dealing() -> None:
    s = new_game("classic", 3)
    declared = False
    while s.phase == "dealing":
        if not declared:
            opts = rules.valid_declarations(s.rules, s.level, list(s.hands[2]))
            if opts:
                s, ev = ok(s, Declare(seat=2, cards=tuple(opts[0])))
                declared = True
                assert ev[0].type == "declared"
                assert s.cards_dealt < 100
                refused(s, Play(seat=2, cards=tuple(opts[0])), WrongPhase, "being dealt")
                continue
        s, _ = ok(s, DealNext())
    assert declared and s.phase == "declaring"
    s, _ = ok(s, DealNext())
    assert s.dealer == 2 and s.standing is not None and s.standing.seat == 2


def test_hidden_declaring_shows_declarations_only_when_dealing_ends() -> None:
    s = crafted("four-deck", {0: "H2 H2", 1: "S2 S2 S2", 2: "D2"})
    s, ev = ok(s, Declare(seat=0, cards="H2"))
    assert ev[0].hidden
    # seat 2 cannot see seat 0's H2, so a single D2 is still accepted from it
    s, _ = ok(s, Declare(seat=2, cards="D2"))
    s, _ = ok(s, Declare(seat=1, cards="S2 S2"))
    refused(s, Declare(seat=1, cards="S2"), IllegalCards)  # weaker than its own
    for seat in range(4):
        v = view_for(s, seat)
        assert all(d.seat == seat for d in v.declarations)
        assert all(e.seat == seat for e in v.log if isinstance(e, Declared))
    s, ev = ok(s, DealNext())
    rev = find(ev, DeclarationsRevealed)
    assert ev[0] is rev and rev.seats == (0, 2, 1) and rev.standing == 2
    assert s.dealer == 1 and s.trump_suit == rules.Suit.S
    v = view_for(s, 3)
    assert len(v.declarations) == 3 and v.standing is not None and v.standing.seat == 1


def test_nobody_declares_first_deal_flips_the_kitty_and_names_the_dealer() -> None:
    s = crafted("classic", {}, kitty="D9 S3 S4 S5 S6 S7 S8 S9")
    s, ev = ok(s, DealNext())
    kinds = [e.type for e in ev]
    assert kinds == ["kitty_flipped", "dealer_chosen", "trump_set", "kitty_taken"]
    assert s.trump_suit == rules.Suit.D  # the first kitty card's suit
    assert s.dealer == (s.first_seat + 9 - 1) % 4  # counted by its rank
    assert s.kitty_from_flip


def test_flipped_joker_means_no_trump_and_later_deals_keep_the_dealer() -> None:
    s = crafted("classic", {}, kitty="LJ S3 S4 S5 S6 S7 S8 S9", dealer=2)
    s, _ = ok(s, DealNext())
    assert s.trump_set and s.trump_suit is None and s.dealer == 2


def test_no_trump_and_redeal_fallbacks() -> None:
    base = rules.RuleSet.preset("classic")
    nt = crafted(base.model_copy(update={"no_declaration": "no_trump"}), {})
    nt, ev = ok(nt, DealNext())
    assert nt.trump_suit is None and nt.dealer == nt.first_seat
    assert ev[0].type == "dealer_chosen" and find(ev, TrumpSet).reason == "no_trump"
    rd = crafted(base.model_copy(update={"no_declaration": "redeal"}), {})
    rd2, ev = ok(rd, DealNext())
    assert [e.type for e in ev] == ["redealt", "deal_started"]
    assert rd2.phase == "dealing" and rd2.attempt == 1 and rd2.deal_no == rd.deal_no
    assert rd2.stock != new_game("classic", 0).stock
    assert not any(rd2.hands)


def test_deal_all_then_close() -> None:
    s = new_game("one-deck", 4)
    s, ev = ok(s, DealAll())
    assert s.phase == "declaring" and len(ev) == 4 * 12 + 1
    refused(s, DealAll(), WrongPhase, "already dealt")
    s, _ = ok(s, DealAll(close=True))
    assert s.phase == "burying"
