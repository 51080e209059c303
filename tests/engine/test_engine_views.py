"""Information hiding: after every event of random deals, no seat's view holds
another seat's cards, the cards still to deal, or the buried kitty (until it is
revealed at the end of the deal)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter

import pytest
from engine_helpers import PRESETS, SEAT_RULES, legal_command

from shengji_tui.engine import GameState, SeatView, apply, events_for, new_game, view_for
from shengji_tui.engine.events import (
    CardDealt,
    DeclarationsRevealed,
    Declared,
    Event,
    FriendCalled,
    KittyBuried,
    KittyFlipped,
    KittyRevealed,
    KittyShown,
    KittyTaken,
    Played,
    ThrowFailed,
    TrumpNamed,
)
from shengji_tui.rules import Card, RuleSet, parse_card

CARD_RE = re.compile(r'"((?:[SHDC](?:10|[2-9JQKA]))|BJ|LJ)"')


def shown_cards(e: Event, seat: int, declaring: bool) -> tuple[Card, ...]:
    """The cards event `e` legitimately showed `seat`."""
    if isinstance(e, CardDealt):
        return (e.card,) if e.seat == seat and e.card is not None else ()
    if isinstance(e, (KittyTaken, KittyBuried)):
        return e.cards if e.seat == seat else ()
    if isinstance(e, Declared):
        return e.cards if e.seat == seat or not (e.hidden and declaring) else ()
    if isinstance(e, (Played, KittyFlipped, KittyRevealed, KittyShown, TrumpNamed)):
        return e.cards
    if isinstance(e, ThrowFailed):
        return e.tried
    if isinstance(e, DeclarationsRevealed):
        return tuple(c for cs in e.cards for c in cs)
    if isinstance(e, FriendCalled):  # the called card names a card, it shows none
        return (e.card,)
    return ()


def known_to(state: GameState, seat: int) -> set[Card]:
    """Every card `seat` has legitimately seen this deal (from the full log)."""
    declaring = state.phase in ("dealing", "declaring")
    known: set[Card] = set(state.hands[seat])
    for e in state.log:
        known.update(shown_cards(e, seat, declaring))
    return known


def check_view(state: GameState, v: SeatView, seat: int) -> None:
    assert v.version == state.version and v.seat == seat
    assert Counter(v.hand) == Counter(state.hands[seat])
    assert v.hand_sizes == tuple(len(h) for h in state.hands)
    assert v.cards_left == len(state.stock)
    ended = state.result is not None
    if v.kitty is not None:
        own = state.kitty_holder == seat and not state.kitty_swapped
        assert ended or (
            own and state.phase in ("kitty_theft", "overturning", "calling", "playing")
        )
        assert v.kitty == state.kitty
    elif ended:
        raise AssertionError("the kitty is revealed to all at the end of the deal")
    for e in v.log:
        if isinstance(e, CardDealt):
            assert (e.card is not None) == (e.seat == seat)
        if isinstance(e, (KittyTaken, KittyBuried)) and e.seat != seat:
            assert e.cards == ()
        if isinstance(e, Declared) and e.hidden and e.seat != seat:
            assert state.phase not in ("dealing", "declaring")
    data = v.model_dump_json()
    assert '"stock"' not in data and '"hands"' not in data
    shown = {parse_card(t) for t in CARD_RE.findall(data)}
    leaked = shown - known_to(state, seat)
    assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"


def check_events(events: list[Event], state: GameState) -> None:
    for seat in range(state.players):
        for e in events_for(events, seat, state):
            if isinstance(e, CardDealt):
                assert (e.card is not None) == (e.seat == seat)
            if isinstance(e, (KittyTaken, KittyBuried)) and e.seat != seat:
                assert not e.cards
            if isinstance(e, Declared) and e.hidden and e.seat != seat:
                assert state.phase not in ("dealing", "declaring")


# every preset, and the solo tables of 3 and 5 seats
VIEWED: list[str | RuleSet] = [*PRESETS, SEAT_RULES[3], SEAT_RULES[5]]


@pytest.mark.parametrize("preset", VIEWED, ids=lambda p: p if isinstance(p, str) else p.name)
def test_views_hide_other_hands_and_the_kitty(preset: str | RuleSet) -> None:
    rng = random.Random(21)
    state = new_game(preset, 21)
    deals = 0
    # two deals (the first names the dealer by declaring, the second by rotation);
    # one for the big packs, to keep the suite quick
    target = 2 if state.rules.decks <= 2 else 1
    while deals < target:
        cmd = legal_command(state, rng)
        state, events = apply(state, cmd)
        check_events(events, state)
        for seat in range(state.players):
            check_view(state, view_for(state, seat), seat)
        if state.phase == "scoring":
            deals += 1
            for seat in range(state.players):
                assert view_for(state, seat).kitty == state.kitty
        if state.phase == "finished":
            break


def test_view_json_round_trip() -> None:
    state = new_game("four-deck", 2)
    rng = random.Random(2)
    for _ in range(400):
        state, _ = apply(state, legal_command(state, rng))
    v = view_for(state, 1)
    assert SeatView.model_validate_json(v.model_dump_json()) == v


def test_view_for_unknown_seat() -> None:
    with pytest.raises(ValueError):
        view_for(new_game("classic", 1), 4)


def test_engine_imports_no_ui_or_network() -> None:
    code = (
        "import sys, shengji_tui.engine; "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('textual', 'rich', 'asyncssh', 'asyncio'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
