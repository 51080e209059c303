"""Find friends in the engine (docs/rules.md §10): the `calling` phase and its
refusals, the reveal under `holder` and `nth_played`, the dealer alone, the
deal's levels by seat at four and five seats, the next dealer and the end of
the match, on crafted states with a few cards in each hand."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import all_places, check_invariants, crafted, find, run_match

from shengji_tui import rules
from shengji_tui.engine import (
    BadCommand,
    Bury,
    CallFriend,
    DealNext,
    FriendCalled,
    FriendRevealed,
    GameState,
    IllegalCards,
    Play,
    RuleError,
    WrongPhase,
    WrongSeat,
    allowed_in,
    apply,
    known_sides,
    view_for,
)
from shengji_tui.engine.events import DealerRotated, DealScored, Event, LevelUp, MatchOver
from shengji_tui.rules import RuleSet
from shengji_tui.table.views import spectator_view

FF = RuleSet.preset("find-friends")
FF5 = RuleSet.preset("find-friends-5")
NTH = FF.model_copy(update={"friend_rule": "nth_played"})
NTH5 = FF5.model_copy(update={"friend_rule": "nth_played"})


def calling(
    rs: RuleSet,
    hands: dict[int, str],
    dealer: int = 0,
    kitty: str | None = None,
    levels: tuple[str, ...] | None = None,
    attacker_points: dict[int, int] | None = None,
) -> GameState:
    """A `calling` state: trump S at level 2, the given hands (equal sizes), the
    rest of the pack in the dealer's tricks (moved to `attacker_points` seats
    as point cards where asked)."""
    s = crafted(rs, hands, phase="calling", dealer=dealer, trump="S", kitty=kitty, fill=False)
    update: dict[str, object] = {"kitty_holder": dealer, "turn": None}
    if levels is not None:
        update |= {"levels": levels, "level": levels[dealer]}
    if attacker_points:
        captured = [list(c) for c in s.captured]
        for seat, pts in attacker_points.items():
            for card in sorted(captured[dealer], key=lambda c: -c.points):
                if pts <= 0:
                    break
                if 0 < card.points <= pts:
                    captured[dealer].remove(card)
                    captured[seat].append(card)
                    pts -= card.points
            assert pts == 0, "not enough point cards to move"
        update["captured"] = tuple(tuple(c) for c in captured)
    s = s.model_copy(update=update)
    assert all_places(s) == Counter(rules.full_deck(rs.decks))
    return s


def refused(state: GameState, cmd: object, kind: type[RuleError], words: str = "") -> None:
    before = state.model_dump_json()
    with pytest.raises(kind) as info:
        apply(state, cmd)
    assert info.value.sentence and words in info.value.sentence
    assert info.value.sentence_zh
    assert state.model_dump_json() == before


def play_all(state: GameState, plays: list[tuple[int, str]]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for seat, cards in plays:
        state, evs = apply(state, Play(seat=seat, cards=cards))
        events.extend(evs)
        check_invariants(state)
    return state, events


def sides_seen(state: GameState) -> list[tuple[int, ...]]:
    return [view_for(state, s).dealer_side for s in range(state.players)]


# -------------------------------------------------------------- the phase


def test_the_bury_leads_to_calling_and_the_dealer_is_awaited() -> None:
    s = crafted("find-friends", {0: "S2"})
    s, _ = apply(s, DealNext())
    holder = s.kitty_holder
    assert holder is not None and s.dealer == holder
    s, ev = apply(s, Bury(seat=holder, cards=s.hands[holder][-8:]))
    assert [e.type for e in ev] == ["kitty_buried"]
    assert s.phase == "calling" and s.awaiting() == holder and s.turn is None
    for seat in range(4):
        a = allowed_in(s, seat)
        assert a.kinds == ({"call_friend"} if seat == holder else set())
        assert a.awaiting == holder and a.awaited == {"call_friend"}
    # the dealer sees its own buried kitty while calling, nobody else does
    assert view_for(s, holder).kitty == s.kitty
    assert all(view_for(s, o).kitty is None for o in range(4) if o != holder)
    s, ev = apply(s, CallFriend(seat=holder, card="HA"))
    assert [e.type for e in ev] == ["friend_called", "play_started"]
    assert s.phase == "playing" and s.turn == holder


ONE_EACH = {n: {s: f"C{s + 3}" for s in range(n)} for n in (4, 5)}

CALL_REFUSALS = [
    pytest.param(FF, CallFriend(seat=1, card="HA"), WrongSeat, "dealer", id="not-the-dealer"),
    pytest.param(FF, CallFriend(seat=0, card="HX"), BadCommand, "not a card", id="no-such-card"),
    pytest.param(FF, CallFriend(seat=0, card=""), BadCommand, "not a card", id="empty-card"),
    pytest.param(FF, CallFriend(seat=0, card="HA", nth=2), IllegalCards, "holds", id="holder-nth"),
    pytest.param(NTH, CallFriend(seat=0, card="HA", nth=3), IllegalCards, "2 copies", id="nth-3"),
    pytest.param(NTH, CallFriend(seat=0, card="HA", nth=0), IllegalCards, "copy 1", id="nth-0"),
    pytest.param(NTH5, CallFriend(seat=0, card="BJ", nth=4), IllegalCards, "3 copies", id="five"),
    pytest.param(FF, CallFriend(seat=9, card="HA"), WrongSeat, "no seat 9", id="no-seat"),
]


@pytest.mark.parametrize(("rs", "cmd", "kind", "words"), CALL_REFUSALS)
def test_bad_calls_are_refused_with_a_sentence(
    rs: RuleSet, cmd: CallFriend, kind: type[RuleError], words: str
) -> None:
    refused(calling(rs, ONE_EACH[rs.players]), cmd, kind, words)


def test_no_call_outside_the_calling_phase() -> None:
    s = calling(FF, ONE_EACH[4])
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    refused(s, CallFriend(seat=0, card="HA"), WrongPhase, "call a friend")
    classic = crafted("classic", {0: "S3", 1: "S4", 2: "S5", 3: "S6"}, phase="playing", dealer=0)
    refused(classic, CallFriend(seat=0, card="HA"), WrongPhase, "call a friend")


# ------------------------------------------------------------------ holder


HOLDER_HANDS = {0: "HA H3", 1: "H4 C5", 2: "HA H6", 3: "H7 D8"}


def test_holder_the_other_copy_is_the_friend_revealed_when_played() -> None:
    s = calling(FF, HOLDER_HANDS)
    s, ev = apply(s, CallFriend(seat=0, card="HA"))
    assert find(ev, FriendCalled) == FriendCalled(seat=0, card=rules.parse_card("HA"), nth=1)
    assert s.friend == 2 and s.dealer_side == (0,)
    # nobody can tell yet: seat 1, between the dealer and seat 2, may hold the other HA
    assert sides_seen(s) == [(0,)] * 4
    assert spectator_view(s).dealer_side == (0,)
    s, ev = play_all(s, [(0, "H3"), (1, "H4")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)
    s, ev = apply(s, Play(seat=2, cards="HA"))
    assert [e.type for e in ev] == ["played", "friend_revealed"]
    assert find(ev, FriendRevealed) == FriendRevealed(seat=2)
    assert s.dealer_side == (0, 2) and sides_seen(s) == [(0, 2)] * 4
    assert s.friend_calls[0].friend == 2 and s.friend_calls[0].played == 1
    assert spectator_view(s).dealer_side == (0, 2)


def test_holder_dealer_holds_none_the_nearest_holder() -> None:
    s = calling(FF, {0: "H3 C9", 1: "H4 HA", 2: "H6 C7", 3: "HA D8"}, dealer=0)
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert s.friend == 1
    # seat 3 plays its copy first: not the friend, nothing is revealed
    s = calling(FF, {0: "H3 C9", 1: "H4 HA", 2: "H6 C7", 3: "HA D8"}, dealer=2)
    s, _ = apply(s, CallFriend(seat=2, card="HA"))
    assert s.friend == 3
    s, ev = play_all(s, [(2, "H6"), (3, "HA")])
    assert find(ev, FriendRevealed).seat == 3


def test_holder_dealer_holds_every_copy_plays_alone() -> None:
    s = calling(FF, {0: "HA HA", 1: "H4 C5", 2: "H6 C7", 3: "H7 D8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert s.friend is None
    s, ev = play_all(s, [(0, "HA"), (1, "H4"), (2, "H6"), (3, "H7")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)  # a copy is still out
    s, ev = apply(s, Play(seat=0, cards="HA"))
    assert find(ev, FriendRevealed) == FriendRevealed(seat=0, alone=True)
    assert s.friend_calls[0].alone and s.dealer_side == (0,)


def test_holder_called_card_buried_is_alone_revealed_at_the_end() -> None:
    s = calling(FF, {0: "HA H3", 1: "H4 C5", 2: "H6 C7", 3: "H7 D8"}, kitty="HA")
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert s.friend is None
    s, ev = play_all(s, [(0, "HA"), (1, "H4"), (2, "H6"), (3, "H7")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)
    s, ev = play_all(s, [(0, "H3"), (1, "C5"), (2, "C7"), (3, "D8")])
    kinds = [e.type for e in ev]
    assert kinds.index("kitty_revealed") < kinds.index("friend_revealed")
    assert kinds.index("friend_revealed") < kinds.index("deal_scored")
    assert find(ev, FriendRevealed) == FriendRevealed(seat=0, alone=True)
    assert s.phase == "scoring" and s.dealer_side == (0,) and s.attackers == (1, 2, 3)


# ------------------------------------------------- what each seat knows

SIDE_LETTER = {"dealer": "D", "friend": "F", "attacker": "A", "unknown": "?"}


def sides_text(state: GameState, seat: int | None) -> str:
    """Every seat's side as `seat` (None: a spectator) may know it: D dealer,
    F friend, A attacker, ? not known."""
    v = spectator_view(state) if seat is None else view_for(state, seat)
    return " ".join(SIDE_LETTER[x] for x in known_sides(v))


# (rules, hands, kitty, dealer, call, plays, {seat: what it knows}); the
# friend is in `truth`, to check no claim is wrong
KNOWS = [
    pytest.param(
        FF,
        {0: "H3 C9", 1: "HA C5", 2: "HA H6", 3: "H7 D8"},
        None,
        0,
        ("HA", 1),
        [],
        {0: "D ? ? ?", 1: "D F A A", 2: "D ? ? A", 3: "D ? ? A", None: "D ? ? ?"},
        id="first-after-the-dealer-knows",
    ),
    pytest.param(
        FF,
        {0: "H3 C9", 1: "H4 C5", 2: "HA HA", 3: "H7 D8"},
        None,
        0,
        ("HA", 1),
        [],
        {1: "D A ? ?", 2: "D A F A", 3: "D ? ? A"},
        id="every-copy-knows",
    ),
    pytest.param(
        FF,
        {0: "HA H3", 1: "H4 C5", 2: "HA H6", 3: "H7 D8"},
        None,
        0,
        ("HA", 1),
        [],
        {0: "D ? ? ?", 1: "D A ? ?", 2: "D ? ? A", 3: "D ? ? A"},
        id="dealer-holds-one-the-holder-does-not-know",
    ),
    pytest.param(
        FF,
        {0: "H3 C9", 1: "C4 C5", 2: "HA H6", 3: "HA D8"},
        None,
        0,
        ("HA", 1),
        [(0, "H3"), (1, "C4")],
        {0: "D A ? ?", 1: "D A ? ?", 2: "D A F A", 3: "D A ? ?"},
        id="a-seat-between-shows-a-void",
    ),
    pytest.param(
        FF5,
        {0: "H3 C9", 1: "CA CA", 2: "H5 C6", 3: "CA H8", 4: "H9 D8"},
        None,
        0,
        ("CA", 1),
        [],
        {1: "D F A A A", 2: "D ? A ? ?", 3: "D ? ? ? A", 4: "D ? ? ? A"},
        id="five-a-farther-holder-may-be",
    ),
    pytest.param(
        FF5,
        {0: "H3 C9", 1: "C4 C5", 2: "H6 D6", 3: "HA H8", 4: "HA H9"},
        None,
        0,
        ("HA", 1),
        [(0, "H3"), (1, "C4"), (2, "H6"), (3, "H8"), (4, "HA")],
        {0: "D A ? ? A", 2: "D A A F A", 3: "D A ? ? A", 4: "D A ? ? A", None: "D A ? ? A"},
        id="five-a-copy-played-unrevealed-puts-the-friend-nearer",
    ),
    pytest.param(
        FF5,
        {0: "C3 CA", 1: "H4 H5", 2: "H6 H7", 3: "H8 H9", 4: "CA C4"},
        "CA",
        0,
        ("CA", 1),
        [],
        {0: "D ? ? ? ?", 4: "D ? ? ? ?", 2: "D ? A ? ?"},
        id="five-nobody-knows-at-the-call",
    ),
    pytest.param(
        FF5,
        {0: "C3 CA", 1: "H4 H5", 2: "H6 H7", 3: "H8 H9", 4: "CA C4"},
        "CA",
        0,
        ("CA", 1),
        [(0, "C3"), (1, "H4"), (2, "H6"), (3, "H8"), (4, "C4")],
        {0: "D A A A F", 4: "D A A A F", 2: "D A A A ?", None: "D A A A ?"},
        id="five-voids-between-and-the-dealer-counts-its-kitty",
    ),
    pytest.param(
        NTH,
        {0: "H3 S9", 1: "HA C5", 2: "HA H6", 3: "H7 D8"},
        None,
        0,
        ("HA", 2),
        [],
        {0: "D ? ? ?", 1: "D ? ? ?", 2: "D ? ? ?", 3: "D ? ? A"},
        id="nth-a-seat-with-no-copy-attacks",
    ),
    pytest.param(
        NTH,
        {0: "HA S9", 1: "H4 C5", 2: "H5 H6", 3: "H7 D8"},
        "HA",
        0,
        ("HA", 1),
        [],
        {0: "D A A A", 1: "D A ? ?"},
        id="nth-the-dealer-sees-it-is-alone",
    ),
]


@pytest.mark.parametrize(("rs", "hands", "kitty", "dealer", "call", "plays", "want"), KNOWS)
def test_what_each_seat_knows(
    rs: RuleSet,
    hands: dict[int, str],
    kitty: str | None,
    dealer: int,
    call: tuple[str, int],
    plays: list[tuple[int, str]],
    want: dict[int | None, str],
) -> None:
    s = calling(rs, hands, dealer=dealer, kitty=kitty)
    s, _ = apply(s, CallFriend(seat=dealer, card=call[0], nth=call[1]))
    s, _ = play_all(s, plays)
    assert not s.friend_calls[0].revealed
    for seat, text in want.items():
        assert sides_text(s, seat) == text, seat
    # and no view, of any seat, claims a side that is not so
    truth = ["D" if x == dealer else "F" if x == s.friend else "A" for x in range(rs.players)]
    for seat in [None, *range(rs.players)]:
        for got, true in zip(sides_text(s, seat).split(), truth, strict=True):
            assert got in ("?", true) or rs.friend_rule == "nth_played", (seat, got, true)


def test_only_a_proven_friend_is_on_its_own_view_of_the_dealer_side() -> None:
    s = calling(FF, {0: "H3 C9", 1: "C4 C5", 2: "HA H6", 3: "HA D8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert sides_seen(s) == [(0,)] * 4
    s, _ = play_all(s, [(0, "H3"), (1, "C4")])
    assert sides_seen(s) == [(0,), (0,), (0, 2), (0,)]
    assert spectator_view(s).dealer_side == (0,)


# -------------------------------------------------------------- nth_played


def test_nth_played_whoever_plays_the_nth_copy() -> None:
    s = calling(NTH, {0: "H3 S9", 1: "HA C5", 2: "HA H6", 3: "H7 D8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA", nth=2))
    assert s.friend is None and sides_seen(s) == [(0,)] * 4
    s, ev = play_all(s, [(0, "H3"), (1, "HA")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)
    assert s.friend_calls[0].played == 1
    s, ev = apply(s, Play(seat=2, cards="HA"))
    assert find(ev, FriendRevealed) == FriendRevealed(seat=2)
    assert s.friend == 2 and s.dealer_side == (0, 2)


def test_nth_played_the_dealer_playing_it_is_alone() -> None:
    s = calling(NTH, {0: "HA S9", 1: "H4 C5", 2: "HA H6", 3: "H7 D8"})
    s, _ = apply(s, CallFriend(seat=0, card="HA", nth=1))
    s, ev = apply(s, Play(seat=0, cards="HA"))
    assert find(ev, FriendRevealed) == FriendRevealed(seat=0, alone=True)
    # the second copy later is just a card
    s, ev = play_all(s, [(1, "H4"), (2, "HA")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)
    assert s.dealer_side == (0,) and s.friend is None


def test_nth_played_copy_in_the_kitty_is_alone_at_the_end() -> None:
    s = calling(NTH, {0: "H3 S9", 1: "HA C5", 2: "H6 C6", 3: "H7 D8"}, kitty="HA")
    s, _ = apply(s, CallFriend(seat=0, card="HA", nth=2))
    s, ev = play_all(
        s, [(0, "H3"), (1, "HA"), (2, "H6"), (3, "H7"), (1, "C5"), (2, "C6"), (3, "D8"), (0, "S9")]
    )
    assert find(ev, FriendRevealed) == FriendRevealed(seat=0, alone=True)


def test_nth_played_a_pair_holds_the_nth_copy() -> None:
    s = calling(NTH5, {0: "H3 H4", 1: "HA HA", 2: "H6 H8", 3: "H7 H9", 4: "HJ HQ"})
    s, _ = apply(s, CallFriend(seat=0, card="HA", nth=2))
    s, ev = play_all(s, [(0, "H3"), (1, "HA")])
    assert not any(isinstance(e, FriendRevealed) for e in ev)
    s = calling(NTH5, {0: "H4 H4", 1: "HA HA", 2: "H6 H6", 3: "H7 H7", 4: "HJ HJ"})
    s, _ = apply(s, CallFriend(seat=0, card="HA", nth=2))
    s, ev = play_all(s, [(0, "H4 H4"), (1, "HA HA")])
    assert find(ev, FriendRevealed) == FriendRevealed(seat=1)


# --------------------------------------------------- scoring and rotation


def level_ups(events: list[Event]) -> dict[int, tuple[str, int]]:
    out: dict[int, tuple[str, int]] = {}
    for e in events:
        if isinstance(e, LevelUp):
            for s in e.seats:
                out[s] = (e.new_level, e.gain)
    return out


def test_four_players_friend_holds_both_gain_and_the_friend_deals_next() -> None:
    s = calling(FF, HOLDER_HANDS, attacker_points={1: 30})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    s, ev = play_all(
        s, [(0, "H3"), (1, "H4"), (2, "HA"), (3, "H7"), (2, "H6"), (3, "D8"), (0, "HA"), (1, "C5")]
    )
    scored = find(ev, DealScored)
    assert scored.attacker_points == 30 and scored.result.dealer_side_levels == 2
    assert level_ups(ev) == {0: ("4", 2), 2: ("4", 2)}
    assert s.levels == ("4", "2", "4", "2")
    assert find(ev, DealerRotated) == DealerRotated(seat=2, take_over=False)


def test_four_players_take_over_first_attacker_after_the_dealer() -> None:
    s = calling(FF, HOLDER_HANDS, attacker_points={1: 60, 3: 40})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    s, ev = play_all(
        s, [(0, "H3"), (1, "H4"), (2, "HA"), (3, "H7"), (2, "H6"), (3, "D8"), (0, "HA"), (1, "C5")]
    )
    assert find(ev, DealScored).attacker_points == 100
    assert find(ev, DealerRotated) == DealerRotated(seat=1, take_over=True)
    assert s.levels == ("2",) * 4  # 80-115: take over, no level


def five_hands() -> dict[int, str]:
    return {0: "HA H3", 1: "H4 C5", 2: "H6 C6", 3: "HA H8", 4: "H9 D8"}


FIVE_PLAYS = [(0, "H3"), (1, "H4"), (2, "H6"), (3, "HA"), (4, "H9")]


def test_five_players_split_hard_dealer_two_thirds() -> None:
    # 2 against 3, attackers under 60: +6 in all, the dealer won the last trick: 4 + 2
    s = calling(FF5, five_hands(), attacker_points={1: 30})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert s.friend == 3
    s, ev = play_all(s, [*FIVE_PLAYS, (3, "H8"), (4, "D8"), (0, "HA"), (1, "C5"), (2, "C6")])
    r = find(ev, DealScored).result
    assert (r.dealer_side_levels, r.friend_levels) == (4, 2)
    assert level_ups(ev) == {0: ("6", 4), 3: ("4", 2)}
    assert find(ev, DealerRotated) == DealerRotated(seat=3, take_over=False)


def test_five_players_split_hard_friend_won_the_last_trick() -> None:
    hands = {0: "HA H3", 1: "H4 C5", 2: "H6 C6", 3: "HA BJ", 4: "H9 D8"}
    s = calling(FF5, hands, attacker_points={2: 90})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    s, ev = play_all(s, [*FIVE_PLAYS, (3, "BJ"), (4, "D8"), (0, "HA"), (1, "C5"), (2, "C6")])
    r = find(ev, DealScored).result
    assert find(ev, DealScored).attacker_points == 90
    assert (r.dealer_side_levels, r.friend_levels) == (1, 2)  # +3 in all, 保底 by the friend
    assert s.levels == ("3", "2", "2", "4", "2")


def test_five_players_alone_gains_four_times() -> None:
    s = calling(FF5, {0: "HA HQ", 1: "H4 C5", 2: "H6 C6", 3: "H7 H8", 4: "H9 D8"}, kitty="HA HA")
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    assert s.friend is None
    s, ev = play_all(
        s,
        [
            *[(0, "HA"), (1, "H4"), (2, "H6"), (3, "H7"), (4, "H9")],
            *[(0, "HQ"), (1, "C5"), (2, "C6"), (3, "H8"), (4, "D8")],
        ],
    )
    assert find(ev, FriendRevealed).alone
    assert find(ev, DealScored).attacker_points == 0
    assert level_ups(ev) == {0: ("J", 12)}  # +12 stops on the must-play J
    assert find(ev, DealerRotated) == DealerRotated(seat=0, take_over=False)


def test_five_players_take_over_gains_each_attacker_and_skips_the_friend() -> None:
    s = calling(FF5, five_hands(), dealer=0, attacker_points={1: 100, 2: 90})
    s, _ = apply(s, CallFriend(seat=0, card="HA"))
    s, ev = play_all(s, [*FIVE_PLAYS, (3, "H8"), (4, "D8"), (0, "HA"), (1, "C5"), (2, "C6")])
    assert find(ev, DealScored).attacker_points == 190  # the last trick (C5) is the dealer's
    assert level_ups(ev) == {1: ("3", 1), 2: ("3", 1), 4: ("3", 1)}
    assert find(ev, DealerRotated) == DealerRotated(seat=1, take_over=True)


def test_the_dealer_holding_at_a_wins_the_match_alone() -> None:
    levels = ("A", "5", "K", "2")  # level A: the aces are trumps, call a queen
    hands = {0: "HQ H3", 1: "H4 C5", 2: "HQ H6", 3: "H7 D8"}
    s = calling(FF, hands, levels=levels)
    s, _ = apply(s, CallFriend(seat=0, card="HQ"))
    s, ev = play_all(
        s, [(0, "H3"), (1, "H4"), (2, "HQ"), (3, "H7"), (2, "H6"), (3, "D8"), (0, "HQ"), (1, "C5")]
    )
    assert s.phase == "finished" and s.winners == (0,)
    assert find(ev, MatchOver) == MatchOver(winners=(0,), level="A")


# ---------------------------------------------------------- whole matches


@pytest.mark.parametrize(
    "rs",
    [FF, FF5, NTH, NTH5, RuleSet.from_dict({"preset": "find-friends", "players": 5})],
    ids=["find-friends", "find-friends-5", "nth-4", "nth-5", "five-two-decks"],
)
def test_random_matches_end_with_a_dealer_winning_at_a(rs: RuleSet) -> None:
    events: list[Event] = []
    state = run_match(rs, 4, events=events)
    assert state.phase == "finished" and len(state.winners) == 1
    assert state.levels[state.winners[0]] == "A"
    calls = [e for e in events if isinstance(e, FriendCalled)]
    reveals = [e for e in events if isinstance(e, FriendRevealed)]
    assert len(calls) == len(reveals) == state.deal_no + 1
    # each deal's dealer side as scored: the dealer and at most one friend
    assert Counter(e.alone for e in reveals)[False] >= 1
