"""Find friends (docs/rules.md §10; seeds 000 "挑选对家", 000/002 "5人3副牌打找朋友",
002 "4人两幅牌找朋友" / "5人两幅牌（找朋友）"), one case per rule and per seed
example, in the notation: the call, who the friend is under `holder`, the nth
copy under `nth_played`, the five-player table and its split, the next dealer."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.rules import RuleSet

FF = RuleSet.preset("find-friends")
FF5 = RuleSet.preset("find-friends-5")
FF5_2 = RuleSet.from_dict({"preset": "find-friends", "players": 5})  # 5人两幅牌
NTH = FF.model_copy(update={"friend_rule": "nth_played"})
NTH5 = FF5.model_copy(update={"friend_rule": "nth_played"})
EVEN5 = FF5.model_copy(update={"friend_split": "even"})


def test_presets() -> None:
    assert FF.players == 4 and FF.decks == 2 and FF.friend_rule == "holder"
    assert (FF5.players, FF5.decks, FF5.hand_size, FF5.kitty_size) == (5, 3, 31, 7)
    assert FF5.score_step == 60 and FF5.must_play == ["J", "A"] and FF5.friend_split == "hard"
    assert (FF5_2.players, FF5_2.decks, FF5_2.hand_size, FF5_2.kitty_size) == (5, 2, 20, 8)
    assert rules.five_player_table(FF5) and rules.five_player_table(FF5_2)
    assert not rules.five_player_table(FF)


def test_find_friends_needs_four_players() -> None:
    with pytest.raises(ValueError, match="find friends needs 4 to 6 players"):
        RuleSet.from_dict({"preset": "find-friends", "players": 3, "kitty_size": 9})


# ------------------------------------------------------------------ the call

CALLS = [
    pytest.param(FF, "HA", 1, True, "ok", id="holder-any-card"),
    pytest.param(FF, "BJ", 1, True, "ok", id="holder-a-joker"),
    pytest.param(FF, "h10", 1, True, "ok", id="lower-case-notation"),
    pytest.param(FF, "HX", 1, False, "no_card", id="not-a-card"),
    pytest.param(FF, "", 1, False, "no_card", id="empty"),
    pytest.param(FF, "HA", 2, False, "nth", id="holder-takes-no-copy-number"),
    pytest.param(NTH, "HA", 2, True, "ok", id="nth-2nd-of-two"),
    pytest.param(NTH, "HA", 3, False, "nth", id="nth-beyond-two-decks"),
    pytest.param(NTH, "HA", 0, False, "nth", id="nth-zero"),
    pytest.param(NTH5, "SA", 3, True, "ok", id="nth-3rd-of-three-decks"),
    pytest.param(NTH5, "SA", 4, False, "nth", id="nth-beyond-three-decks"),
    pytest.param(RuleSet.preset("classic"), "HA", 1, False, "no_call", id="classic-no-call"),
]


@pytest.mark.parametrize(("rs", "card", "nth", "ok", "code"), CALLS)
def test_check_friend_call(rs: RuleSet, card: str, nth: int, ok: bool, code: str) -> None:
    v = rules.check_friend_call(rs, card, nth)
    assert v.ok == ok and v.code == code
    if not ok:
        assert v.reason and v.reason_zh


# ---------------------------------------------------- holder (seed 000 挑选对家)


def hands(n: int, **by_seat: str) -> list[list[rules.Card]]:
    out: list[list[rules.Card]] = [[] for _ in range(n)]
    for k, text in by_seat.items():
        out[int(k[1:])] = rules.parse_cards(text)
    return out


HOLDER = [
    # 如果庄家自己有其中一张，则拿到另外一张的玩家为其对家
    pytest.param(FF, 0, hands(4, s0="HA S3", s2="HA"), 2, id="dealer-holds-one-other-holder"),
    pytest.param(FF, 3, hands(4, s3="HA", s1="HA C4"), 1, id="dealer-3-holds-one"),
    # 如果庄自己没有该牌，则按出牌顺序，靠近庄家的有该牌的玩家和他是对家
    pytest.param(FF, 0, hands(4, s1="HA", s3="HA"), 1, id="none-nearest-after-dealer"),
    pytest.param(FF, 2, hands(4, s1="HA", s3="HA"), 3, id="none-nearest-wraps-round"),
    pytest.param(FF, 1, hands(4, s0="HA HA"), 0, id="none-one-seat-holds-both"),
    # 如果庄家自己拿到2张该牌，则庄家一打三
    pytest.param(FF, 0, hands(4, s0="HA HA"), None, id="dealer-holds-both-alone"),
    pytest.param(FF, 0, hands(4, s0="HA"), None, id="other-copy-buried-alone"),
    pytest.param(FF, 0, hands(4), None, id="both-buried-alone"),
    pytest.param(FF5, 1, hands(5, s1="SA", s4="SA", s3="SA"), 3, id="five-three-decks-nearest"),
    pytest.param(FF5, 4, hands(5, s4="SA SA", s2="SA"), 2, id="five-dealer-holds-two"),
    pytest.param(FF5, 0, hands(5, s0="SA SA SA"), None, id="five-dealer-holds-all-alone"),
]


@pytest.mark.parametrize(("rs", "dealer", "hs", "friend"), HOLDER)
def test_holder_friend(
    rs: RuleSet, dealer: int, hs: list[list[rules.Card]], friend: int | None
) -> None:
    assert rules.holder_friend(rs, dealer, "HA" if rs is FF else "SA", hs) == friend


# ------------------------------------------------------------ nth_played

NTH_CASES = [
    pytest.param(1, 0, "HA", True, id="1st-copy-first-played"),
    pytest.param(2, 0, "HA", False, id="2nd-called-1st-played"),
    pytest.param(2, 1, "HA", True, id="2nd-called-2nd-played"),
    pytest.param(2, 0, "HA HA", True, id="a-pair-holds-the-2nd"),
    pytest.param(1, 0, "HA HA", True, id="a-pair-holds-the-1st"),
    pytest.param(1, 1, "HA", False, id="the-1st-already-out"),
    pytest.param(3, 1, "HA HA HA", True, id="three-decks-triple"),
    pytest.param(1, 0, "HK HQ", False, id="no-copy-in-the-play"),
]


@pytest.mark.parametrize(("nth", "before", "play", "hit"), NTH_CASES)
def test_plays_nth_copy(nth: int, before: int, play: str, hit: bool) -> None:
    assert rules.plays_nth_copy("HA", nth, before, rules.parse_cards(play)) == hit


# --------------------------------------------------- levels (docs/rules.md §10, §8)

R = tuple[int, int, int, bool]  # dealer's levels, friend's, each attacker's, take over

RESULTS = [
    # four players, two decks: the classic table, both dealer-side seats gain it
    pytest.param(FF, 0, False, False, (3, 3, 0, False), id="four-0-+3-each"),
    pytest.param(FF, 35, False, False, (2, 2, 0, False), id="four-35-+2-each"),
    pytest.param(FF, 75, False, True, (1, 1, 0, False), id="four-75-+1-each"),
    pytest.param(FF, 75, True, False, (1, 0, 0, False), id="four-alone-+1"),
    pytest.param(FF, 80, False, False, (0, 0, 0, True), id="four-80-take-over"),
    pytest.param(FF, 160, False, False, (0, 0, 2, True), id="four-160-attackers-+2"),
    # 5人3副牌: 2打3 未捉满120分 +3 (2+1); 未捉满60分 +6 (2*2+1*2); 未捉分 +9 (2*3+1*3)
    pytest.param(FF5, 115, False, False, (2, 1, 0, False), id="five-115-+3-2+1"),
    pytest.param(FF5, 60, False, False, (2, 1, 0, False), id="five-60-+3"),
    pytest.param(FF5, 55, False, False, (4, 2, 0, False), id="five-55-+6-4+2"),
    pytest.param(FF5, 5, False, False, (4, 2, 0, False), id="five-5-+6"),
    pytest.param(FF5, 0, False, False, (6, 3, 0, False), id="five-0-+9-6+3"),
    # 硬性分配: 靠朋友保底, 朋友分得2/3
    pytest.param(FF5, 100, False, True, (1, 2, 0, False), id="five-friend-last-trick-2/3"),
    pytest.param(FF5, 30, False, True, (2, 4, 0, False), id="five-friend-last-30"),
    pytest.param(FF5, 0, False, True, (3, 6, 0, False), id="five-friend-last-0"),
    # 1打4: 未捉满120分 +4; 未捉满60分 +8; 未捉分 +12
    pytest.param(FF5, 90, True, False, (4, 0, 0, False), id="five-alone-+4"),
    pytest.param(FF5, 40, True, False, (8, 0, 0, False), id="five-alone-+8"),
    pytest.param(FF5, 0, True, False, (12, 0, 0, False), id="five-alone-+12"),
    # 抓分方捉满120分即可上台；以后每增加60分升每个玩家一级
    pytest.param(FF5, 120, False, False, (0, 0, 0, True), id="five-120-take-over"),
    pytest.param(FF5, 175, True, False, (0, 0, 0, True), id="five-175-take-over"),
    pytest.param(FF5, 180, False, False, (0, 0, 1, True), id="five-180-+1-each"),
    pytest.param(FF5, 300, False, False, (0, 0, 3, True), id="five-300-+3-each"),
    # 弹性分配 (`even`): halves, the odd level to the seat that won the last trick
    pytest.param(EVEN5, 60, False, False, (2, 1, 0, False), id="even-+3-dealer-odd"),
    pytest.param(EVEN5, 60, False, True, (1, 2, 0, False), id="even-+3-friend-odd"),
    pytest.param(EVEN5, 30, False, True, (3, 3, 0, False), id="even-+6-3+3"),
    pytest.param(EVEN5, 0, False, False, (5, 4, 0, False), id="even-+9-5+4"),
    pytest.param(EVEN5, 0, True, False, (12, 0, 0, False), id="even-alone-+12"),
    # 5人两幅牌: the five-player table in steps of 40
    pytest.param(FF5_2, 80, False, False, (0, 0, 0, True), id="five-2-decks-80-take-over"),
    pytest.param(FF5_2, 40, False, False, (2, 1, 0, False), id="five-2-decks-40-+3"),
    pytest.param(FF5_2, 35, True, False, (8, 0, 0, False), id="five-2-decks-alone-35-+8"),
    pytest.param(FF5_2, 125, False, False, (0, 0, 1, True), id="five-2-decks-125-+1"),
]


@pytest.mark.parametrize(("rs", "pts", "alone", "friend_last", "want"), RESULTS)
def test_friend_deal_result(rs: RuleSet, pts: int, alone: bool, friend_last: bool, want: R) -> None:
    r = rules.friend_deal_result(rs, pts, alone=alone, friend_won_last=friend_last)
    assert (r.dealer_side_levels, r.friend_levels, r.attacker_levels, r.attackers_take_over) == want


def test_five_player_levels_stop_on_j_and_a() -> None:
    assert rules.advance_level(FF5, "9", 6) == "J"
    assert rules.advance_level(FF5, "Q", 12) == "A"


# ------------------------------------------------------------- next dealer

NEXT = [
    pytest.param(FF, 1, (1, 3), False, 3, id="four-held-the-friend-deals"),
    pytest.param(FF, 1, (1, 2), False, 2, id="four-held-friend-on-the-right"),
    pytest.param(FF, 1, (1,), False, 1, id="four-alone-held-deals-again"),
    pytest.param(FF, 1, (1, 2), True, 3, id="four-taken-first-attacker-after"),
    pytest.param(FF, 1, (1, 3), True, 2, id="four-taken-next-seat"),
    pytest.param(FF, 3, (3, 0), True, 1, id="four-taken-wraps"),
    pytest.param(FF5, 4, (1, 4), False, 1, id="five-held-friend-after-wrap"),
    pytest.param(FF5, 4, (0, 4), True, 1, id="five-taken-skips-the-friend"),
    pytest.param(FF5, 2, (2,), True, 3, id="five-alone-taken"),
]


@pytest.mark.parametrize(("rs", "dealer", "side", "take_over", "nxt"), NEXT)
def test_friend_next_dealer(
    rs: RuleSet, dealer: int, side: tuple[int, ...], take_over: bool, nxt: int
) -> None:
    assert rules.friend_next_dealer(rs, dealer, side, take_over) == nxt


# ------------------------------------------- what each seat knows (§10)

SIDES = {"dealer": "D", "friend": "F", "attacker": "A", "unknown": "?"}


def _sides(rs: RuleSet, seat: int | None, in_hand: int, kitty: int | None = None, **clues) -> str:
    n = rs.players
    played = clues.get("played", (0,) * n)
    got = rules.friend_sides(
        rs,
        0,
        clues.get("nth", 1),
        played,
        clues.get("held", played),
        clues.get("void", (False,) * n),
        seat=seat,
        in_hand=in_hand,
        kitty=kitty,
    )
    return " ".join(SIDES[x] for x in got)


@pytest.mark.parametrize(
    ("preset", "seat", "in_hand", "kitty", "clues", "want"),
    [
        # holder, at the call (the dealer is seat 0)
        ("find-friends-5", 1, 1, None, {}, "D F A A A"),  # first after the dealer
        ("find-friends-5", 3, 1, None, {}, "D ? ? ? A"),  # a farther holder may be
        ("find-friends-5", 3, 3, None, {}, "D A A F A"),  # every copy
        ("find-friends-5", 2, 0, None, {}, "D ? A ? ?"),  # no copy: attacks
        ("find-friends-5", 0, 1, 1, {}, "D ? ? ? ?"),  # the dealer: one copy out
        ("find-friends-5", 0, 2, 1, {}, "D A A A A"),  # none out: alone
        ("find-friends-5", None, 0, None, {}, "D ? ? ? ?"),  # a spectator
        # holder, during the play: the seats between show voids
        ("find-friends-5", 3, 1, None, {"void": (False, True, True, False, False)}, "D A A F A"),
        ("find-friends-5", 3, 1, None, {"void": (False, True, False, False, False)}, "D A ? ? A"),
        # a copy played by seat 4 without a reveal: the friend sits nearer
        (
            "find-friends-5",
            2,
            0,
            None,
            {"played": (0, 0, 0, 0, 1), "void": (False, True, False, False, False)},
            "D A A F A",
        ),
        # nth_played: no copy, no friend; the dealer holding what is left is alone
        ("nth-5", 2, 0, None, {"nth": 2}, "D ? A ? ?"),
        ("nth-5", 1, 1, None, {"nth": 2}, "D ? ? ? ?"),
        ("nth-5", 0, 1, 2, {"nth": 1}, "D A A A A"),
        ("nth-5", 0, 0, 2, {"nth": 2}, "D A A A A"),  # only one copy can be played
    ],
)
def test_friend_sides_claim_only_what_the_seat_can_prove(
    preset: str, seat: int | None, in_hand: int, kitty: int | None, clues: dict, want: str
) -> None:
    rs = RuleSet.preset("find-friends-5")
    if preset == "nth-5":
        rs = rs.model_copy(update={"friend_rule": "nth_played"})
    assert _sides(rs, seat, in_hand, kitty, **clues) == want
