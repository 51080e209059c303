"""`engine.allowed(view)`: the command kinds a seat may send now, per phase.

The answer is checked against `apply` itself: at states of every phase, for
every seat, a command of each kind is refused for the phase or the seat
(`WrongPhase`, `WrongSeat`) exactly when `allowed` leaves that kind out.
"""

from __future__ import annotations

import random
from typing import get_args

import pytest
from engine_helpers import legal_command, run_match

from shengji_tui import engine, rules
from shengji_tui.engine import (
    PACING,
    Bid,
    Bury,
    CallFriend,
    Command,
    CommandKind,
    DealAll,
    DealNext,
    Declare,
    GameState,
    NameTrump,
    NextDeal,
    PassBid,
    PassSteal,
    Play,
    RuleError,
    Steal,
    WrongPhase,
    WrongSeat,
    allowed,
    allowed_in,
    apply,
    declare_options,
    new_game,
    view_for,
)
from shengji_tui.rules import ALL_CARDS, Card, Suit

KINDS: tuple[CommandKind, ...] = get_args(CommandKind)


def command(kind: CommandKind, state: GameState, seat: int) -> Command:
    """A command of `kind` from `seat` (its cards from the seat's hand when it has any)."""
    hand = list(state.hands[seat])
    one: tuple[Card, ...] = (hand[0],) if hand else (ALL_CARDS[0],)
    if kind == "deal_next":
        return DealNext(seat=seat)
    if kind == "deal_all":
        return DealAll(seat=seat, close=True)
    if kind == "declare":
        return Declare(seat=seat, cards=one)
    if kind == "bury":
        extra = len(hand) - state.rules.hand_size
        return Bury(seat=seat, cards=tuple(hand[: max(extra, 0)]) or one)
    if kind == "bid":
        a = state.auction
        bids = rules.bid_options(state.rules, a, seat) if a is not None else []
        return Bid(seat=seat, points=bids[0] if bids else state.rules.bid_start)
    if kind == "pass_bid":
        return PassBid(seat=seat)
    if kind == "name_trump":
        return NameTrump(seat=seat, suit=Suit.S)
    if kind == "steal":
        return Steal(seat=seat, cards=one)
    if kind == "pass_steal":
        return PassSteal(seat=seat)
    if kind == "play":
        return Play(seat=seat, cards=one)
    if kind == "call_friend":
        return CallFriend(seat=seat, card="HA", nth=1)
    assert kind == "next_deal"
    return NextDeal(seat=seat)


def refused_for_phase_or_seat(state: GameState, cmd: Command) -> bool:
    try:
        apply(state, cmd)
    except WrongSeat as e:
        # the seat it names as the one to move (screens say its name) may move
        assert e.turn is None or allowed_in(state, e.turn).kinds, (cmd, e.turn)
        return True
    except WrongPhase:
        return True
    except RuleError:  # the right phase and seat, the wrong cards
        return False
    return False


def states(preset: str, seed: int, deals: int) -> list[GameState]:
    """States of the first `deals` deals of a random legal game, a few of each phase."""
    rng = random.Random(seed)
    state = new_game(preset, seed)
    out: list[GameState] = []
    k = 0
    while state.deal_no < deals and state.phase != "finished":
        if state.phase != "dealing" or k % 25 == 0:
            out.append(state)
        state, _ = apply(state, legal_command(state, rng))
        k += 1
    out.append(state)
    return out


def check(state: GameState) -> None:
    for seat in range(state.players):
        a = allowed_in(state, seat)
        assert a == allowed(view_for(state, seat))
        for kind in KINDS:
            refused = refused_for_phase_or_seat(state, command(kind, state, seat))
            assert refused == (kind not in a), (state.phase, seat, kind, a)
        assert a.awaiting == state.awaiting()
        assert a.my_turn == (state.awaiting() == seat)
        assert a.moves == a.kinds - PACING
        assert a.closing == (state.phase == "declaring")


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("classic", 3),
        ("one-deck", 8),
        ("four-deck", 5),
        ("eighty-points", 4),
        ("three-player", 6),
        ("find-friends", 4),
        ("find-friends-5", 2),
    ],
)
def test_allowed_is_what_apply_takes_in_every_phase(preset: str, seed: int) -> None:
    seen = set()
    for state in states(preset, seed, deals=2):
        check(state)
        seen.add(state.phase)
    want = {"dealing", "burying", "playing", "scoring"}
    if preset == "four-deck":
        want.add("kitty_theft")
    if preset in ("eighty-points", "three-player"):
        want |= {"bidding", "naming_trump"}
        assert "declaring" not in seen
    else:
        want.add("declaring")
    if preset == "three-player":
        want.add("overturning")
    if preset.startswith("find-friends"):
        want.add("calling")
    assert want <= seen


def test_a_finished_match_takes_nothing() -> None:
    state = run_match("one-deck", 2, check=False)
    assert state.phase == "finished"
    check(state)
    assert all(allowed_in(state, s).kinds == frozenset() for s in range(state.players))


def test_the_answer_per_phase() -> None:
    """The table, spelled out for a reader (and for the TUI's keys)."""
    turn_kinds = {"burying": {"bury"}, "kitty_theft": {"steal", "pass_steal"}, "playing": {"play"}}
    rng = random.Random(1)
    state = new_game("four-deck", 5)
    seen = set()
    while state.deal_no < 1:
        phase = state.phase
        seen.add(phase)
        for s in range(state.players):
            a = allowed_in(state, s)
            if phase in ("dealing", "declaring"):
                assert a.kinds == {"declare", "deal_next", "deal_all"} and a.awaiting is None
                assert a.moves == {"declare"}
            elif phase == "scoring":
                assert a.kinds == {"next_deal"} and a.awaiting is None and not a.moves
            else:  # one seat acts, the others see whom they wait for and for what
                mover = state.awaiting()
                assert a.awaiting == mover and a.awaited == turn_kinds[phase]
                assert a.kinds == (turn_kinds[phase] if s == mover else set())
                assert a.my_turn == (s == mover) and a.waiting == (s != mover)
                assert ("bury" in a) == (phase == "burying" and s == mover)
        state, _ = apply(state, legal_command(state, rng))
    assert seen == {"dealing", "declaring", "burying", "kitty_theft", "playing", "scoring"}


@pytest.mark.parametrize("preset", ["eighty-points", "three-player"])
def test_the_answer_per_phase_in_an_auction(preset: str) -> None:
    """Auctions deal without declaring; then one seat at a time acts."""
    turn_kinds = {
        "bidding": {"bid", "pass_bid"},
        "naming_trump": {"name_trump"},
        "burying": {"bury"},
        "overturning": {"steal", "pass_steal"},
        "playing": {"play"},
    }
    rng = random.Random(3)
    state = new_game(preset, 3)
    seen = set()
    while state.deal_no < 1:
        phase = state.phase
        seen.add(phase)
        for s in range(state.players):
            a = allowed_in(state, s)
            if phase == "dealing":
                assert a.kinds == {"deal_next", "deal_all"} and not a.moves
            elif phase == "scoring":
                assert a.kinds == {"next_deal"}
            else:
                mover = state.awaiting()
                assert mover is not None and a.awaited == turn_kinds[phase]
                assert a.kinds == (turn_kinds[phase] if s == mover else set())
        state, _ = apply(state, legal_command(state, rng))
    assert set(turn_kinds) - seen <= {"overturning"}
    assert ("overturning" in seen) == (preset == "three-player")


def test_declaring_takes_deal_all_only_to_close() -> None:
    rng = random.Random(2)
    state = new_game("one-deck", 2)
    while state.phase != "declaring":
        state, _ = apply(state, legal_command(state, rng))
    assert "deal_all" in allowed_in(state, 0)
    with pytest.raises(WrongPhase):
        apply(state, DealAll(seat=0))
    new, _ = apply(state, DealAll(seat=0, close=True))
    assert new.phase == "burying"


def test_every_command_kind_is_a_command_type() -> None:
    types = {cls.model_fields["type"].default for cls in get_args(get_args(Command)[0])}
    assert types == set(KINDS)
    assert set(engine.PHASE_COMMANDS) == set(get_args(engine.Phase))


def test_allowed_in_an_unknown_seat() -> None:
    with pytest.raises(ValueError, match="no seat 7"):
        allowed_in(new_game("classic", 1), 7)


def test_declare_options_is_what_apply_takes() -> None:
    """`declare_options(view)`: every set of cards it lists is taken by `apply`
    (a Declare while dealing, a Steal in kitty theft and three players'
    overturn), and a seat that may send neither gets none, in random games of
    every preset that declares or overturns."""
    listed: dict[str, int] = {}
    games = [(p, seed) for p in ("classic", "find-friends-5", "one-deck") for seed in (1, 2)]
    games += [("four-deck", 0), ("four-deck", 1), ("three-player", 1), ("three-player", 2)]
    for preset, seed in games:
        rng = random.Random(seed)
        state = new_game(preset, seed)
        for _ in range(600):
            if state.phase in ("playing", "scoring", "finished"):
                break
            for seat in range(state.players):
                view = view_for(state, seat)
                opts = declare_options(view)
                kinds = allowed(view).kinds
                if not {"declare", "steal"} & kinds:
                    assert opts == []
                for cards in opts[:3]:
                    make = Declare if "declare" in kinds else Steal
                    apply(state, make(seat=seat, cards=tuple(cards)))  # raises if refused
                    listed[state.phase] = listed.get(state.phase, 0) + 1
            state, _ = apply(state, legal_command(state, rng))
    assert {"dealing", "declaring", "kitty_theft", "overturning"} <= set(listed), listed
