"""Following a lead (docs/rules.md §4) in two and three decks.

Each case: hand, lead, and a play with the verdict docs/rules.md gives. Where a hand is
small, `legal_follows` must produce exactly the accepted plays (each multiset once).
The three-deck ladders (Titanic, triple) are seeds 000/002's 跟牌顺序, one case per
entry where the hand's best shape is that entry.
"""

from __future__ import annotations

import pytest

from shengji_tui import rules

_RS: dict[str, rules.RuleSet] = {}


def rs(name: str) -> rules.RuleSet:
    if name not in _RS:
        _RS[name] = rules.RuleSet.preset(name)
    return _RS[name]


def key(cards: object) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in rules.parse_cards(cards)))  # type: ignore[arg-type]


def F(
    preset: str, level: str, trump: str | None, hand: str, lead: str, play: str, ok: bool, id: str
):
    return pytest.param(preset, level, trump, hand, lead, play, ok, id=id)


# classic, level 2, trump hearts: side suits S, D, C run 3..A; all 2s, hearts and jokers are trumps
# fmt: off
FOLLOW = [
    # suit obligation
    F("classic", "2", "H", "S3 SK D4", "S9", "D4", False, "single-must-follow-suit"),
    F("classic", "2", "H", "S3 SK D4", "S9", "S3", True, "single-follows-low"),
    F("classic", "2", "H", "S3 SK D4", "S9", "SK", True, "single-follows-high"),
    F("classic", "2", "H", "D4 H6 C7", "S9", "D4", True, "void-may-discard"),
    F("classic", "2", "H", "D4 H6 C7", "S9", "H6", True, "void-may-ruff"),
    F("classic", "2", "H", "S2 SA D4", "HK", "SA", False, "trump-lead-off-suit-level-is-trump"),
    F("classic", "2", "H", "S2 SA D4", "HK", "S2", True, "trump-lead-follow-with-S2"),
    F("classic", "2", "H", "LJ SA", "H9", "SA", False, "trump-lead-joker-is-trump"),
    F("classic", "2", "H", "LJ SA", "H9", "LJ", True, "trump-lead-follow-with-joker"),
    F("classic", "2", "H", "S2 D4", "SA", "D4", True, "S2-is-not-a-spade-so-void"),
    F("classic", "2", "H", "S2 D4", "SA", "S2", True, "S2-ruffs-spade-lead"),
    # two-colour pack: HK DK is a pair (same rank and colour), so a red pair must be followed
    F("two-color", "5", "S", "H9 D9 HA", "HK DK", "H9 HA", False, "seed000-two-color-pair-forced"),
    F("two-color", "5", "S", "H9 D9 HA", "HK DK", "H9 D9", True, "seed000-two-color-H9-D9-pair"),
    F("two-color", "5", "S", "H9 DA C3", "HK DK", "H9 DA", True, "two-color-H9-DA-not-a-pair"),
    F("two-color", "5", "S", "H9 DA C3", "HK DK", "H9 C3", False, "two-color-D-and-H-one-suit"),
    # counts and possession
    F("classic", "2", "H", "S3 S4 S5", "S9 S9", "S3", False, "wrong-card-count"),
    F("classic", "2", "H", "S3 S4 S5", "S9 S9", "S3 S4 S5", False, "too-many-cards"),
    F("classic", "2", "H", "S3 S4", "S9", "S5", False, "card-not-in-hand"),
    F("classic", "2", "H", "S3 S4", "S9 S9", "S3 S3", False, "pair-not-in-hand"),
    # pairs (seed 000: 首家出对牌时，其余家有对牌必须出对牌（包括拖拉机中的对牌）)
    F("classic", "2", "H", "S4 S4 S7 D3", "S9 S9", "S4 S7", False, "pair-lead-forces-pair"),
    F("classic", "2", "H", "S4 S4 S7 D3", "S9 S9", "S4 S4", True, "pair-lead-pair-played"),
    F("classic", "2", "H", "S4 S7 D3 D3", "S9 S9", "S4 S7", True, "pair-lead-no-pair-two-spades"),
    F("classic", "2", "H", "S4 S7 D3 D3", "S9 S9", "D3 D3", False, "pair-lead-no-pair-still-suit"),
    F("classic", "2", "H", "S4 S7 D3 D3", "S9 S9", "S4 D3", False,
      "pair-lead-must-use-both-spades"),
    F("classic", "2", "H", "S4 D3 D3 H5", "S9 S9", "S4 D3", True, "pair-lead-one-spade-plus-any"),
    F("classic", "2", "H", "S4 D3 D3 H5", "S9 S9", "S4 H5", True, "pair-lead-one-spade-plus-trump"),
    F("classic", "2", "H", "S4 D3 D3 H5", "S9 S9", "D3 D3", False, "pair-lead-the-one-spade-first"),
    F("classic", "2", "H", "S3 S3 S4 S4 S8", "SK SK", "S3 S8", False,
      "seed000-pair-from-a-tractor-counts"),
    F("classic", "2", "H", "S3 S3 S4 S4 S8", "SK SK", "S4 S4", True, "pair-taken-from-tractor"),
    F("classic", "2", "H", "D2 D2 HK H3 SA", "H9 H9", "HK H3", False, "trump-pair-of-off-level-2s"),
    F("classic", "2", "H", "D2 D2 HK H3 SA", "H9 H9", "D2 D2", True, "trump-pair-D2-D2-played"),
    F("classic", "2", "H", "S2 D2 H3 SA", "H9 H9", "S2 D2", True, "S2-D2-are-not-a-pair"),
    F("classic", "2", "H", "S2 D2 H3 SA", "H9 H9", "S2 SA", False,
      "three-trumps-two-must-be-trump"),
    # tractors (seed 000: 首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出对牌)
    F("classic", "2", "H", "S5 S5 S6 S6 S9 S9 S10", "SQ SQ SJ SJ", "S5 S5 S6 S6", True,
      "seed000-tractor-lead-tractor-played"),
    F("classic", "2", "H", "S5 S5 S6 S6 S9 S9 S10", "SQ SQ SJ SJ", "S5 S5 S9 S9", False,
      "seed000-tractor-lead-two-pairs-not-enough"),
    F("classic", "2", "H", "S5 S5 S9 S9 S7 S3", "SQ SQ SJ SJ", "S5 S5 S9 S9", True,
      "seed000-tractor-lead-no-tractor-two-pairs"),
    F("classic", "2", "H", "S5 S5 S9 S9 S7 S3", "SQ SQ SJ SJ", "S5 S5 S7 S9", False,
      "seed000-tractor-lead-both-pairs-required"),
    F("classic", "2", "H", "S5 S5 S7 S8 S9", "SQ SQ SJ SJ", "S5 S5 S7 S8", True,
      "tractor-lead-one-pair-plus-two"),
    F("classic", "2", "H", "S5 S5 S7 S8 S9", "SQ SQ SJ SJ", "S5 S7 S8 S9", False,
      "tractor-lead-the-pair-required"),
    F("classic", "2", "H", "S5 S7 S8 S9 S10", "SQ SQ SJ SJ", "S7 S8 S9 S10", True,
      "tractor-lead-no-pairs-any-four"),
    F("classic", "2", "H", "S5 S5 S7 D3 D4", "SQ SQ SJ SJ", "S5 S5 S7 D3", True,
      "tractor-lead-three-spades-all-plus-one"),
    F("classic", "2", "H", "S5 S5 S7 D3 D4", "SQ SQ SJ SJ", "S5 S5 D3 D4", False,
      "tractor-lead-all-three-spades-first"),
    F("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S8", "SQ SQ SK SK", "S4 S4 S5 S5", True,
      "tractor-lead-part-of-longer-tractor"),
    F("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S8", "SQ SQ SK SK", "S3 S3 S5 S5", False,
      "tractor-lead-non-adjacent-pairs-from-long-tractor"),
    # docs/rules.md §4: a 3-pair tractor lead, C10 C10 CJ CJ and CA CA force C10 C10 CJ CJ + a pair
    F("classic", "2", "H", "C10 C10 CJ CJ CA CA C3 C5", "C6 C6 C7 C7 C8 C8",
      "C10 C10 CJ CJ CA CA", True, "rules4-C10C10CJCJ-plus-CACA"),
    F("classic", "2", "H", "C10 C10 CJ CJ CA CA C3 C5", "C6 C6 C7 C7 C8 C8",
      "C10 C10 CJ CJ C3 C5", False, "rules4-tractor-plus-singles-rejected-when-pair-held"),
    F("classic", "2", "H", "C10 C10 CJ CJ CA CA C3 C5", "C6 C6 C7 C7 C8 C8",
      "C10 C10 CA CA CJ C3", False, "rules4-pairs-only-rejected-when-tractor-held"),
    # 3-pair tractor ladder: 3-tractor > 2-tractor + pair > 2-tractor + 2 any > 3 pairs >
    # 2 pairs + 2 > pair + 4 > singles
    F("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S7", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S4 S5 S5",
      True, "3pair-ladder-r0-tractor"),
    F("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S7", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S4 S5 S7",
      False, "3pair-ladder-r0-rejects-r1"),
    F("classic", "2", "H", "S3 S3 S4 S4 S7 S7 S8", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S4 S7 S7",
      True, "3pair-ladder-r1-tractor-plus-pair"),
    F("classic", "2", "H", "S3 S3 S4 S4 S7 S7 S8", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S4 S7 S8",
      False, "3pair-ladder-r1-rejects-r2"),
    F("classic", "2", "H", "S3 S3 S4 S4 S7 S8 SK", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S4 S7 SK",
      True, "3pair-ladder-r2-tractor-plus-two"),
    F("classic", "2", "H", "S3 S3 S4 S4 S7 S8 SK", "S9 S9 S10 S10 SJ SJ", "S3 S3 S4 S7 S8 SK",
      False, "3pair-ladder-r2-rejects-pair-plus-four"),
    F("classic", "2", "H", "S3 S3 S5 S5 S7 S7 SK", "S9 S9 S10 S10 SJ SJ", "S3 S3 S5 S5 S7 S7",
      True, "3pair-ladder-r3-three-pairs"),
    F("classic", "2", "H", "S3 S3 S5 S5 S7 S7 SK", "S9 S9 S10 S10 SJ SJ", "S3 S3 S5 S5 S7 SK",
      False, "3pair-ladder-r3-rejects-two-pairs"),
    F("classic", "2", "H", "S3 S3 S5 S5 S7 SK SA", "S9 S9 S10 S10 SJ SJ", "S3 S3 S5 S5 S7 SK",
      True, "3pair-ladder-r4-two-pairs-plus-two"),
    F("classic", "2", "H", "S3 S3 S5 S5 S7 SK SA", "S9 S9 S10 S10 SJ SJ", "S3 S3 S5 S7 SK SA",
      False, "3pair-ladder-r4-rejects-one-pair"),
    F("classic", "2", "H", "S3 S3 S5 S7 SK SA S8", "S9 S9 S10 S10 SJ SJ", "S3 S3 S5 S7 SK SA",
      True, "3pair-ladder-r5-pair-plus-four"),
    F("classic", "2", "H", "S3 S3 S5 S7 SK SA S8", "S9 S9 S10 S10 SJ SJ", "S3 S5 S7 SK SA S8",
      False, "3pair-ladder-r5-rejects-singles"),
    F("classic", "2", "H", "S3 S5 S7 SK SA S8 D3", "S9 S9 S10 S10 SJ SJ", "S3 S5 S7 SK SA S8",
      True, "3pair-ladder-r6-six-singles"),
    F("classic", "2", "H", "S3 S5 S7 SK SA S8 D3", "S9 S9 S10 S10 SJ SJ", "S3 S5 S7 SK SA D3",
      False, "3pair-ladder-r6-rejects-off-suit"),
    # throws: each unit of the lead forces the best shape (pair + single, two pairs + single)
    F("classic", "2", "H", "S3 S3 S5 S6", "SA SK SK", "S3 S3 S5", True, "throw-AKK-pair-followed"),
    F("classic", "2", "H", "S3 S3 S5 S6", "SA SK SK", "S3 S5 S6", False, "throw-AKK-pair-required"),
    F("classic", "2", "H", "S3 S3 S6 S6 S7 SK", "S9 S8 S8 S4 S4", "S3 S3 S6 S6 S7", True,
      "throw-98844-two-pairs-followed"),
    F("classic", "2", "H", "S3 S3 S6 S6 S7 SK", "S9 S8 S8 S4 S4", "S3 S3 S6 S7 SK", False,
      "throw-98844-both-pairs-required"),
    F("classic", "2", "H", "S3 S3 S5 S6 S7 SK", "S9 S8 S8 S4 S4", "S3 S3 S5 S6 S7", True,
      "throw-98844-one-pair-held"),
    F("classic", "2", "H", "S3 S3 S5 S6 S7 SK", "S9 S8 S8 S4 S4", "S3 S5 S6 S7 SK", False,
      "throw-98844-the-pair-required"),
    F("classic", "10", "H", "S7 S7 S8 S8 SJ SJ S3", "SA SA S5 S5 S4 S4", "S7 S7 S8 S8 SJ SJ",
      True, "throw-AA5544-tractor-and-pair"),
    F("classic", "10", "H", "S7 S7 S8 S8 SJ SJ S3", "SA SA S5 S5 S4 S4", "S7 S7 S8 S8 SJ S3",
      False, "throw-AA5544-pair-also-required"),
    # three decks: triple lead (seed 000/002: 三同张 → 一副对子 + 一单张 → 三单张)
    F("three-deck", "2", "H", "S5 S5 S5 S8", "SK SK SK", "S5 S5 S5", True,
      "seed000-triple-lead-r0-triple"),
    F("three-deck", "2", "H", "S5 S5 S5 S8", "SK SK SK", "S5 S5 S8", False,
      "seed000-triple-lead-r0-rejects-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S8 S9", "SK SK SK", "S5 S5 S8", True,
      "seed000-triple-lead-r1-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S8 S9", "SK SK SK", "S5 S8 S9", False,
      "seed000-triple-lead-r1-rejects-singles"),
    F("three-deck", "2", "H", "S5 S8 S9 S10", "SK SK SK", "S5 S9 S10", True,
      "seed000-triple-lead-r2-three-singles"),
    F("three-deck", "2", "H", "S5 S8 S9 S10 D3", "SK SK SK", "S5 S9 D3", False,
      "seed000-triple-lead-r2-rejects-off-suit"),
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S6", "SK SK SK", "S6 S6 S6", True,
      "triple-lead-triple-from-titanic"),
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S6", "SK SK SK", "S5 S5 S6", False,
      "triple-lead-titanic-hand-rejects-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S5 S8", "SK SK", "S5 S5", True, "pair-lead-from-a-triple"),
    F("three-deck", "2", "H", "S5 S5 S5 S8", "SK SK", "S5 S8", False,
      "pair-lead-triple-holds-pair"),
    # Titanic lead (seeds 000/002): 泰坦尼克 → 一副拖拉机 + 任意两张 → 两副三同张 →
    # 一副三同张 + 一副对子 + 一单张 → 一副三同张 + 三单张 → 两副对子 + 两单张 →
    # 一副对子 + 四单张 → 六单张
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S6 S9 S9", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S6 S6 S6", True, "seed000-titanic-r0-titanic"),
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S6 S9 S9", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S9 S9 S6", False, "seed000-titanic-r0-rejects-triple-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S6 S6 S8 S9 S10", "SQ SQ SQ SK SK SK",
      "S5 S5 S6 S6 S8 S9", True, "seed000-titanic-r1-tractor-plus-two"),
    F("three-deck", "2", "H", "S5 S5 S6 S6 S8 S9 S10", "SQ SQ SQ SK SK SK",
      "S5 S5 S8 S9 S10 S6", False, "seed000-titanic-r1-rejects-pair-plus-four"),
    F("three-deck", "2", "H", "S5 S5 S5 S8 S8 S8 S10", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S8 S8 S8", True, "seed000-titanic-r2-two-triples"),
    F("three-deck", "2", "H", "S5 S5 S5 S8 S8 S8 S10", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S8 S8 S10", False, "seed000-titanic-r2-rejects-triple-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S5 S8 S8 S10 SJ", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S8 S8 S10", True, "seed000-titanic-r3-triple-pair-single"),
    F("three-deck", "2", "H", "S5 S5 S5 S8 S8 S10 SJ", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S10 SJ S8", False, "seed000-titanic-r3-rejects-triple-three-singles"),
    F("three-deck", "2", "H", "S5 S5 S5 S7 S9 SJ SA", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S7 S9 SJ", True, "seed000-titanic-r4-triple-three-singles"),
    F("three-deck", "2", "H", "S5 S5 S5 S7 S9 SJ SA", "SQ SQ SQ SK SK SK",
      "S5 S5 S7 S9 SJ SA", False, "seed000-titanic-r4-rejects-pair-four-singles"),
    F("three-deck", "2", "H", "S5 S5 S8 S8 S10 SJ SA", "SQ SQ SQ SK SK SK",
      "S5 S5 S8 S8 S10 SJ", True, "seed000-titanic-r5-two-pairs-two-singles"),
    F("three-deck", "2", "H", "S5 S5 S8 S8 S10 SJ SA", "SQ SQ SQ SK SK SK",
      "S5 S5 S8 S10 SJ SA", False, "seed000-titanic-r5-rejects-pair-four-singles"),
    F("three-deck", "2", "H", "S5 S5 S7 S9 SJ SA S3", "SQ SQ SQ SK SK SK",
      "S5 S5 S7 S9 SJ SA", True, "seed000-titanic-r6-pair-four-singles"),
    F("three-deck", "2", "H", "S5 S5 S7 S9 SJ SA S3", "SQ SQ SQ SK SK SK",
      "S5 S7 S9 SJ SA S3", False, "seed000-titanic-r6-rejects-six-singles"),
    F("three-deck", "2", "H", "S3 S5 S7 S9 SJ SA D4", "SQ SQ SQ SK SK SK",
      "S3 S5 S7 S9 SJ SA", True, "seed000-titanic-r7-six-singles"),
    F("three-deck", "2", "H", "S3 S5 S7 S9 SJ SA D4", "SQ SQ SQ SK SK SK",
      "S3 S5 S7 S9 SJ D4", False, "seed000-titanic-r7-rejects-off-suit"),
    # decided: seeds 000/002 put the pair tractor + any two above two triples (seed 003 reverses)
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S9 S9 S9", "SQ SQ SQ SK SK SK",
      "S5 S5 S6 S6 S9 S9", True, "seed000-titanic-tractor-outranks-two-triples"),
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S9 S9 S9", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S6 S6 S9", True, "seed000-titanic-tractor-plus-any-two-incl-5"),
    F("three-deck", "2", "H", "S5 S5 S5 S6 S6 S9 S9 S9", "SQ SQ SQ SK SK SK",
      "S5 S5 S5 S9 S9 S9", False, "seed000-titanic-two-triples-rejected-when-tractor-held"),
    F("three-deck", "2", "H", "S5 S5 S6 S6 S9 S9 S10", "SQ SQ SQ SK SK SK",
      "S5 S5 S6 S6 S9 S10", True, "seed000-titanic-any-two-need-not-be-a-pair"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "hand", "lead", "play", "ok"), FOLLOW)
def test_check_follow(
    preset: str, level: str, trump: str | None, hand: str, lead: str, play: str, ok: bool
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    v = rules.check_follow(rs(preset), ctx, hand, lead, play)
    assert v.ok is ok, v.reason
    if not ok:
        assert v.reason, "a refusal must say why"


def L(preset: str, level: str, trump: str | None, hand: str, lead: str, plays: list[str], id: str):
    return pytest.param(preset, level, trump, hand, lead, plays, id=id)


# fmt: off
LEGAL = [
    L("classic", "2", "H", "S3 SK D4", "S9", ["S3", "SK"], "single-lead-spades-only"),
    L("classic", "2", "H", "H3 H4 D5", "S9 S9", ["H3 H4", "H3 D5", "H4 D5"], "void-any-two"),
    L("classic", "2", "H", "S4 D3 D3 H5", "S9 S9", ["S4 D3", "S4 H5"],
      "one-spade-plus-each-distinct-card-once"),
    L("classic", "2", "H", "S4 S4 S7 D3", "S9 S9", ["S4 S4"], "pair-forced"),
    L("classic", "2", "H", "S3 S3 S4 S4 S5 S5 S8", "SQ SQ SK SK", ["S3 S3 S4 S4", "S4 S4 S5 S5"],
      "both-sub-tractors-of-a-long-tractor"),
    L("classic", "2", "H", "C10 C10 CJ CJ CA CA C3 C5", "C6 C6 C7 C7 C8 C8",
      ["C10 C10 CJ CJ CA CA"], "rules4-C10C10CJCJ-CACA-only"),
    L("classic", "2", "H", "C10 C10 CJ CJ CA C3 C5 C7", "C6 C6 C7 C7 C8 C8",
      ["C10 C10 CJ CJ CA C3", "C10 C10 CJ CJ CA C5", "C10 C10 CJ CJ CA C7",
       "C10 C10 CJ CJ C3 C5", "C10 C10 CJ CJ C3 C7", "C10 C10 CJ CJ C5 C7"],
      "3pair-lead-tractor-plus-any-two"),
    L("classic", "2", "H", "S3 S3 S4 S4 S7 S7 S8", "S9 S9 S10 S10 SJ SJ", ["S3 S3 S4 S4 S7 S7"],
      "3pair-ladder-r1-only"),
    L("classic", "2", "H", "S3 S3 S5 S5 S7 SK SA", "S9 S9 S10 S10 SJ SJ",
      ["S3 S3 S5 S5 S7 SK", "S3 S3 S5 S5 S7 SA", "S3 S3 S5 S5 SK SA"], "3pair-ladder-r4"),
    L("classic", "2", "H", "S3 S3 S5 S7 SK SA S8", "S9 S9 S10 S10 SJ SJ",
      ["S3 S3 S5 S7 SK SA", "S3 S3 S5 S7 SK S8", "S3 S3 S5 S7 SA S8", "S3 S3 S5 SK SA S8",
       "S3 S3 S7 SK SA S8"], "3pair-ladder-r5"),
    L("classic", "2", "H", "S3 S5 S7 SK SA S8 D3", "S9 S9 S10 S10 SJ SJ",
      ["S3 S5 S7 SK SA S8"], "3pair-ladder-r6"),
    L("three-deck", "2", "H", "S5 S5 S5 S8", "SK SK SK", ["S5 S5 S5"], "seed000-triple-r0"),
    L("three-deck", "2", "H", "S5 S5 S8 S9", "SK SK SK", ["S5 S5 S8", "S5 S5 S9"],
      "seed000-triple-r1"),
    L("three-deck", "2", "H", "S5 S8 S9 S10", "SK SK SK",
      ["S5 S8 S9", "S5 S8 S10", "S5 S9 S10", "S8 S9 S10"], "seed000-triple-r2"),
    L("three-deck", "2", "H", "S5 S5 S5 S6 S6 S6 S9 S9", "SQ SQ SQ SK SK SK",
      ["S5 S5 S5 S6 S6 S6"], "seed000-titanic-r0"),
    L("three-deck", "2", "H", "S5 S5 S6 S6 S8 S9 S10", "SQ SQ SQ SK SK SK",
      ["S5 S5 S6 S6 S8 S9", "S5 S5 S6 S6 S8 S10", "S5 S5 S6 S6 S9 S10"], "seed000-titanic-r1"),
    L("three-deck", "2", "H", "S5 S5 S5 S8 S8 S8 S10", "SQ SQ SQ SK SK SK",
      ["S5 S5 S5 S8 S8 S8"], "seed000-titanic-r2"),
    L("three-deck", "2", "H", "S5 S5 S5 S8 S8 S10 SJ", "SQ SQ SQ SK SK SK",
      ["S5 S5 S5 S8 S8 S10", "S5 S5 S5 S8 S8 SJ"], "seed000-titanic-r3"),
    L("three-deck", "2", "H", "S5 S5 S5 S7 S9 SJ SA", "SQ SQ SQ SK SK SK",
      ["S5 S5 S5 S7 S9 SJ", "S5 S5 S5 S7 S9 SA", "S5 S5 S5 S7 SJ SA", "S5 S5 S5 S9 SJ SA"],
      "seed000-titanic-r4"),
    L("three-deck", "2", "H", "S5 S5 S8 S8 S10 SJ SA", "SQ SQ SQ SK SK SK",
      ["S5 S5 S8 S8 S10 SJ", "S5 S5 S8 S8 S10 SA", "S5 S5 S8 S8 SJ SA"], "seed000-titanic-r5"),
    L("three-deck", "2", "H", "S3 S5 S7 S9 SJ SA D4", "SQ SQ SQ SK SK SK",
      ["S3 S5 S7 S9 SJ SA"], "seed000-titanic-r7"),
]
# fmt: on


@pytest.mark.parametrize(("preset", "level", "trump", "hand", "lead", "plays"), LEGAL)
def test_legal_follows_exact(
    preset: str, level: str, trump: str | None, hand: str, lead: str, plays: list[str]
) -> None:
    ctx = rules.TrumpContext(level=level, trump_suit=trump)
    got = [key(p) for p in rules.legal_follows(rs(preset), ctx, hand, lead)]
    assert len(got) == len(set(got)), "each distinct multiset once"
    assert set(got) == {key(p) for p in plays}
    for p in plays:  # and check_follow agrees with every one of them
        assert rules.check_follow(rs(preset), ctx, hand, lead, p).ok
