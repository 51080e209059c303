"""Following a lead: `check_follow` (with a reason a player understands) and
`legal_follows` (every legal play, enumerated by structure, not by subsets).

The model (docs/rules.md §4, seed follow orders): each lead unit, largest first,
has a ladder of ever weaker shapes (`units.degradations`). Going unit by
unit, the hand's best achievable rung is required; a play is legal when it
reaches that same rung for every unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from pydantic import BaseModel

from .cards import ALL_CARDS, Card, CardsLike, format_cards, parse_cards
from .trump import TRUMP, Trump, TrumpContext, get_trump
from .units import (
    SUBSTITUTES,
    Cols,
    Rung,
    Shape,
    Unit,
    best_decomposition,
    columns,
    degradations,
    feasible,
    give,
    placements,
    shape_key,
    single_suit,
    take,
)

if TYPE_CHECKING:
    from .ruleset import RuleSet


class Verdict(BaseModel):
    """Whether a play is allowed, and if not, why (English and Chinese)."""

    ok: bool
    reason: str = ""
    reason_zh: str = ""
    code: str = "ok"

    def __bool__(self) -> bool:
        return self.ok


OK = Verdict(ok=True)

SUIT_ZH = {
    "spades": "黑桃",
    "hearts": "红桃",
    "diamonds": "方块",
    "clubs": "梅花",
    "trumps": "主牌",
    "black": "黑色牌",
    "red": "红色牌",
}
SHAPE_ZH = {1: "单张", 2: "对子", 3: "三条", 4: "四条"}


def shape_zh(s: Shape) -> str:
    w, n = s
    if n == 1:
        return SHAPE_ZH.get(w, f"{w}张")
    return f"{n}连{SHAPE_ZH.get(w, '')}拖拉机" if w == 2 else f"{n}连{SHAPE_ZH.get(w, '')}推土机"


def shape_en(s: Shape) -> str:
    w, n = s
    if n == 1:
        return {1: "a single", 2: "a pair", 3: "a triple", 4: "a quad"}.get(w, f"{w} of a kind")
    of = {2: "pairs", 3: "triples", 4: "quads"}.get(w, "tuples")
    return f"a tractor of {n} {of}"


def _fail(code: str, en: str, zh: str) -> Verdict:
    return Verdict(ok=False, reason=en, reason_zh=zh, code=code)


# ------------------------------------------------------------- requirement


def requirement(
    lead_units: Sequence[Unit], cols: Cols, substitute: bool
) -> list[tuple[int, tuple[Shape, ...]]]:
    """Unit by unit, the best rung of each lead unit's ladder `cols` can reach
    (given the shapes already taken for earlier units): (rung index, shapes)."""
    chosen: list[Shape] = []
    out: list[tuple[int, tuple[Shape, ...]]] = []
    for u in lead_units:
        if u.width == 1:
            out.append((0, ()))
            continue
        found = False
        for k, rung in enumerate(degradations(u.shape, substitute)):
            for alt in rung:
                if not alt or feasible(cols, [*chosen, *alt], substitute):
                    chosen.extend(alt)
                    out.append((k, alt))
                    found = True
                    break
            if found:
                break
    return out


def lead_units_of(rs: RuleSet, t: Trump, lead: Sequence[Card]) -> list[Unit]:
    return best_decomposition(t, lead, rs.max_tuple)


# ------------------------------------------------------------- check_follow


def check_follow(
    rs: RuleSet, ctx: TrumpContext, hand: CardsLike, lead: CardsLike, play: CardsLike
) -> Verdict:
    """Whether `play` is a legal follow to `lead` from `hand` (`play` ⊆ `hand`)."""
    hand_c, lead_c, play_c = parse_cards(hand), parse_cards(lead), parse_cards(play)
    t = get_trump(rs, ctx)
    suit = single_suit(t, lead_c)
    return _check(rs, t, hand_c, lead_c, play_c, suit, None)


def _check(
    rs: RuleSet,
    t: Trump,
    hand: list[Card],
    lead: list[Card],
    play: list[Card],
    suit: int,
    lead_units: list[Unit] | None,
) -> Verdict:
    n = len(lead)
    if len(play) != n:
        return _fail(
            "count",
            f"you must play exactly {n} card{'s' if n != 1 else ''}, not {len(play)}",
            f"必须出{n}张牌（你选了{len(play)}张）",
        )
    have = Counter(hand)
    missing = [c for c, k in Counter(play).items() if have[c] < k]
    if missing:
        txt = format_cards(missing)
        return _fail("not_in_hand", f"you do not hold {txt}", f"你手里没有 {txt}")
    e = t.eff
    in_suit_hand = [c for c in hand if e[c.idx] == suit]
    in_suit_play = [c for c in play if e[c.idx] == suit]
    name = t.suit_name(suit)
    zh = SUIT_ZH[name]
    k = len(in_suit_hand)
    if k < n:
        if len(in_suit_play) < k:
            return _fail(
                "suit_all",
                f"you hold {k} {name}, so you must play all of them first",
                f"你还有{k}张{zh}，必须全部跟出",
            )
        return OK
    if len(in_suit_play) < n:
        return _fail(
            "suit",
            f"you still hold {name}, so you must follow with {name}",
            f"你还有{zh}，必须跟{zh}",
        )
    units = lead_units if lead_units is not None else lead_units_of(rs, t, lead)
    if all(u.width == 1 for u in units):
        return OK
    sub = rs.wide_units_substitute
    hand_cols = columns(t, in_suit_hand)
    need = requirement(units, hand_cols, sub)
    got = requirement(units, columns(t, play), sub)
    for (kh, dh), (kp, dp) in zip(need, got, strict=True):
        if kp > kh:
            lack = _first_missing(dh, dp)
            en_s, zh_s = shape_en(lack), shape_zh(lack)
            held_en, held_zh = en_s, zh_s
            alt = SUBSTITUTES.get(lack) if sub else None
            if alt is not None and not feasible(hand_cols, [lack]):
                # four-deck: the hand holds the wider stand-in (a quad for a 2-pair tractor)
                held_en, held_zh = shape_en(alt), shape_zh(alt)
                en_s, zh_s = f"{held_en} or {en_s}", f"{held_zh}或{zh_s}"
            of = "of" if lack[1] == 1 and held_en == en_s else "in"
            return _fail(
                "shape",
                f"you hold {held_en} {of} {name}, so you must play {en_s}",
                f"你有{zh}的{held_zh}，必须跟出{zh_s}",
            )
    return OK


def _first_missing(need: tuple[Shape, ...], got: tuple[Shape, ...]) -> Shape:
    rest = list(got)
    for s in need:
        if s in rest:
            rest.remove(s)
        else:
            return s
    return need[0] if need else (1, 1)


# ------------------------------------------------------------- legal_follows


def legal_follows(
    rs: RuleSet, ctx: TrumpContext, hand: CardsLike, lead: CardsLike
) -> Iterator[list[Card]]:
    """Every legal follow, each distinct multiset of cards once (cards sorted)."""
    hand_c, lead_c = parse_cards(hand), parse_cards(lead)
    t = get_trump(rs, ctx)
    suit = single_suit(t, lead_c)
    return _legal(rs, t, hand_c, lead_c, suit)


def _legal(
    rs: RuleSet, t: Trump, hand: list[Card], lead: list[Card], suit: int
) -> Iterator[list[Card]]:
    n = len(lead)
    if len(hand) < n:
        return
    e = t.eff
    in_suit = [c for c in hand if e[c.idx] == suit]
    k = len(in_suit)
    if k < n:
        others = Counter(c for c in hand if e[c.idx] != suit)
        base = sorted(in_suit)
        for fill in submultisets(sorted(others.items()), n - k):
            yield sorted(base + fill)
        return
    if n == 1:
        for c in sorted(set(in_suit)):
            yield [c]
        return
    units = lead_units_of(rs, t, lead)
    sub = rs.wide_units_substitute
    cols = columns(t, in_suit)
    if len(units) == 1 and units[0].length == 1 and units[0].width == n == 2:
        # a pair lead: every pair held, else any two cards of the suit
        pairs = [cs for d in cols.values() for cs in d.values() if len(cs) >= 2]
        if pairs:
            seen_p: set[tuple[int, int]] = set()
            for cs in pairs:
                for a, b in combinations(sorted(cs), 2):
                    if (a.idx, b.idx) not in seen_p:
                        seen_p.add((a.idx, b.idx))
                        yield [a, b]
            return
        yield from submultisets(sorted(Counter(in_suit).items()), 2)
        return
    alt_lists: list[Rung] = []
    if any(u.width > 1 for u in units):
        need = requirement(units, cols, sub)
        alt_lists = [
            degradations(u.shape, sub)[k]
            for u, (k, _) in zip(units, need, strict=True)
            if u.width > 1
        ]
    seen: set[tuple[int, ...]] = set()
    single_choice = all(len(a) == 1 for a in alt_lists)
    for combo in product(*alt_lists) if alt_lists else [()]:
        shapes = sorted((s for alt in combo for s in alt), key=shape_key, reverse=True)
        for core in _packings(cols, shapes, 0, sub, None):
            rest = Counter(in_suit)
            rest.subtract(core)
            items = sorted((c, m) for c, m in rest.items() if m > 0)
            for fill in submultisets(items, n - len(core)):
                play = sorted(core + fill)
                key = tuple(c.idx for c in play)
                if key in seen:
                    continue
                seen.add(key)
                if single_choice or _check(rs, t, hand, lead, play, suit, units).ok:
                    yield play


def _packings(
    cols: Cols, shapes: list[Shape], k: int, sub: bool, floor: tuple[int, tuple[int, ...]] | None
) -> Iterator[list[Card]]:
    """Every way to take disjoint units of `shapes` (cards, possibly repeated)."""
    if k == len(shapes):
        yield []
        return
    s = shapes[k]
    same_as_next = k + 1 < len(shapes) and shapes[k + 1] == s
    for pl in list(placements(cols, s, sub)):
        key = (pl[1], pl[2])
        if floor is not None and key < floor and pl[0] == s:
            continue
        got = take(cols, pl)
        for rest in _packings(cols, shapes, k + 1, sub, key if same_as_next else None):
            yield got + rest
        give(cols, pl, got)


def submultisets(items: Sequence[tuple[Card, int]], k: int) -> Iterator[list[Card]]:
    """Every sub-multiset of size `k` of (card, count) items, each once."""
    flat = [c for c, m in items for _ in range(m)]
    if k > len(flat) or k < 0:
        return
    if len(flat) == len(items):  # no repeated card: plain combinations
        for cards in combinations(flat, k):
            yield list(cards)
        return
    idx = [c.idx for c in flat]
    seen: set[tuple[int, ...]] = set()
    for ids in combinations(idx, k):
        if ids not in seen:
            seen.add(ids)
            yield [ALL_CARDS[i] for i in ids]


def is_trump_suit(suit: int) -> bool:
    return suit == TRUMP
