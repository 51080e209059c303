"""Units (singles, tuples, tractors) and how cards of one suit break into them.

Cards of one effective suit are held as *columns*: position in the suit's
order -> identity -> the actual cards. A unit of shape (width, length) takes
`width` identical cards at each of `length` consecutive positions (one
identity per position). Everything here works on that representation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise, product
from typing import TYPE_CHECKING

from .cards import Card, CardsLike, parse_cards
from .trump import Trump, TrumpContext, get_trump

if TYPE_CHECKING:
    from .ruleset import RuleSet

Shape = tuple[int, int]  # (width, length): (1,1) single, (w,1) tuple, (w,n>1) tractor
Cols = dict[int, dict[int, list[Card]]]
Placement = tuple[Shape, int, tuple[int, ...]]  # shape, bottom position, ident per position
State = tuple[tuple[int, int, int], ...]
Best = tuple[tuple[object, ...], list[Placement]]


def shape_key(s: Shape) -> tuple[int, bool, int]:
    """Bigger first: more cards, then a tractor over a tuple, then wider."""
    w, n = s
    return (w * n, n > 1, w)


@dataclass(frozen=True, eq=True)
class Unit:
    """A single, a tuple (pair, triple, quad) or a tractor, as led or played."""

    cards: list[Card]
    width: int
    length: int
    top: int = field(compare=False, repr=False)  # position of the highest tuple
    suit: str = field(compare=False, repr=False, default="")

    __hash__ = None  # type: ignore[assignment]

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def shape(self) -> Shape:
        return (self.width, self.length)

    @property
    def is_tractor(self) -> bool:
        return self.length > 1

    @property
    def is_tuple(self) -> bool:
        return self.width > 1 and self.length == 1

    @property
    def is_single(self) -> bool:
        return self.width == 1

    @property
    def kind(self) -> str:
        return "tractor" if self.length > 1 else "single" if self.width == 1 else "tuple"

    def describe(self) -> str:
        return describe_shape(self.shape)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


TUPLE_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def describe_shape(s: Shape) -> str:
    w, n = s
    if n == 1:
        return TUPLE_NAMES.get(w, f"{w} of a kind")
    of = {2: "pairs", 3: "triples", 4: "quads"}.get(w, f"{w}-tuples")
    return f"tractor of {n} {of}"


def shape_article(s: Shape) -> str:
    d = describe_shape(s)
    return ("an " if d[0] in "aeiou" else "a ") + d


# ---------------------------------------------------------------- columns


def columns(t: Trump, cards: Iterable[Card]) -> Cols:
    cols: Cols = {}
    pos, ident = t.pos, t.ident
    for c in cards:
        i = c.idx
        cols.setdefault(pos[i], {}).setdefault(ident[i], []).append(c)
    return cols


def cols_size(cols: Cols) -> int:
    return sum(len(v) for d in cols.values() for v in d.values())


def single_suit(t: Trump, cards: Sequence[Card]) -> int:
    """The one effective suit of `cards`; ValueError if they mix suits."""
    if not cards:
        raise ValueError("no cards")
    e = t.eff
    s = e[cards[0].idx]
    for c in cards:
        if e[c.idx] != s:
            raise ValueError("the cards are not all of one suit (trumps count as one suit)")
    return s


def placements(cols: Cols, shape: Shape, substitute: bool = False) -> Iterator[Placement]:
    """Every way to take a unit of `shape` from `cols` (bottom position ascending).

    With `substitute` (four-deck) a pair tractor may also be met by wider units
    of the same card count: (2,2) by a quad, (2,3) by a triple tractor, (2,4) by
    a quad tractor.
    """
    yield from _placements(cols, shape)
    if substitute:
        alt = SUBSTITUTES.get(shape)
        if alt is not None:
            for _, p, ids in _placements(cols, alt):
                yield (alt, p, ids)


SUBSTITUTES: dict[Shape, Shape] = {(2, 2): (4, 1), (2, 3): (3, 2), (2, 4): (4, 2)}


def _placements(cols: Cols, shape: Shape) -> Iterator[Placement]:
    w, n = shape
    ok: dict[int, list[int]] = {}
    for p, d in cols.items():
        ids = [i for i, cs in d.items() if len(cs) >= w]
        if ids:
            ok[p] = sorted(ids)
    for p in sorted(ok):
        if n == 1:
            for i in ok[p]:
                yield (shape, p, (i,))
            continue
        if any(p + k not in ok for k in range(1, n)):
            continue
        for combo in product(*(ok[p + k] for k in range(n))):
            yield (shape, p, combo)


def take(cols: Cols, pl: Placement) -> list[Card]:
    """Remove the placement's cards from `cols` (mutates) and return them, high first."""
    (w, n), p, ids = pl
    out: list[Card] = []
    for k in range(n - 1, -1, -1):
        lst = cols[p + k][ids[k]]
        out.extend(lst[-w:])
        del lst[-w:]
    return out


def give(cols: Cols, pl: Placement, cards: list[Card]) -> None:
    """Undo `take`."""
    (w, n), p, ids = pl
    j = 0
    for k in range(n - 1, -1, -1):
        cols[p + k][ids[k]].extend(cards[j : j + w])
        j += w


def feasible(cols: Cols, shapes: Sequence[Shape], substitute: bool = False) -> bool:
    """Whether disjoint units of all `shapes` (non-singles) can be taken from `cols`."""
    if not shapes:
        return True
    order = sorted(shapes, key=shape_key, reverse=True)
    return _feasible(cols, order, 0, substitute, None)


def _feasible(
    cols: Cols, shapes: list[Shape], k: int, sub: bool, floor: tuple[int, tuple[int, ...]] | None
) -> bool:
    if k == len(shapes):
        return True
    s = shapes[k]
    same_as_next = k + 1 < len(shapes) and shapes[k + 1] == s
    for pl in placements(cols, s, sub):
        key = (pl[1], pl[2])
        if floor is not None and key < floor:
            continue  # identical shapes are placed in order: no permutations
        got = take(cols, pl)
        ok = _feasible(cols, shapes, k + 1, sub, key if same_as_next else None)
        give(cols, pl, got)
        if ok:
            return True
    return False


# ------------------------------------------------------------ decomposition


def _all_shapes(cols: Cols, max_w: int) -> list[Shape]:
    """Shapes present in `cols` (any width >= 2), biggest first."""
    found: list[Shape] = []
    for w in range(2, max_w + 1):
        runs = sorted(p for p, d in cols.items() if any(len(cs) >= w for cs in d.values()))
        if not runs:
            continue
        found.append((w, 1))
        best = 1
        cur = 1
        for a, b in pairwise(runs):
            cur = cur + 1 if b == a + 1 else 1
            best = max(best, cur)
        found.extend((w, n) for n in range(2, best + 1))
    found.sort(key=shape_key, reverse=True)
    return found


def best_decomposition(t: Trump, cards: Sequence[Card], max_w: int = 4) -> list[Unit]:
    """The decomposition of one suit's cards into units docs/rules.md §4 prefers:
    largest unit biggest, then tractors, unit by unit; higher units on ties."""
    suit = single_suit(t, cards)
    if len(cards) == 1:
        c = cards[0]
        return [Unit([c], 1, 1, t.pos[c.idx], t.label(c))]
    key = ("decomp", max_w, tuple(sorted(c.idx for c in cards)))
    hit = t.memo.get(key)
    if isinstance(hit, tuple):  # copies: callers may change the lists they get
        return [Unit(list(u.cards), u.width, u.length, u.top, u.suit) for u in hit]
    if len(t.memo) > 4096:
        t.memo.clear()
    units = _decompose(t, suit, cards, max_w)
    t.memo[key] = tuple(Unit(list(u.cards), u.width, u.length, u.top, u.suit) for u in units)
    return units


def _decompose(t: Trump, suit: int, cards: Sequence[Card], max_w: int) -> list[Unit]:
    cols = columns(t, cards)
    memo: dict[State, Best] = {}
    _, pls = _best(cols, max_w, memo)
    units: list[Unit] = []
    work = columns(t, cards)
    for pl in pls:
        units.append(_unit(t, suit, pl, take(work, pl)))
    for p in sorted(work, reverse=True):
        for ids in sorted(work[p]):
            for c in work[p][ids]:
                units.append(Unit([c], 1, 1, p, t.label(c)))
    return units


def _unit(t: Trump, suit: int, pl: Placement, cards: list[Card]) -> Unit:
    (w, n), p, _ = pl
    return Unit(cards, w, n, p + n - 1, t.label(cards[0]))


def _state(cols: Cols) -> State:
    return tuple(sorted((p, i, len(cs)) for p, d in cols.items() for i, cs in d.items() if cs))


def _best(
    cols: Cols,
    max_w: int,
    memo: dict[tuple[tuple[int, int, int], ...], tuple[tuple[object, ...], list[Placement]]],
) -> tuple[tuple[object, ...], list[Placement]]:
    """Lexicographically best list of multi-card placements; key = (shape keys, tops)."""
    st = _state(cols)
    if st in memo:
        return memo[st]
    shapes = _all_shapes(cols, max_w)
    if not shapes:
        res: Best = ((), [])
        memo[st] = res
        return res
    if not any(n > 1 for _, n in shapes):
        # no tractors anywhere: each identity splits greedily, widest first
        pls: list[Placement] = []
        for p in sorted(cols):
            for i in sorted(cols[p]):
                c = len(cols[p][i])
                for w in range(max_w, 1, -1):
                    while c >= w:
                        pls.append(((w, 1), p, (i,)))
                        c -= w
        pls.sort(key=lambda pl: (shape_key(pl[0]), pl[1] + pl[0][1] - 1), reverse=True)
        res = (_plkey(pls), pls)
        memo[st] = res
        return res
    top_shape = shapes[0]
    best: Best | None = None
    for pl in placements(cols, top_shape):
        got = take(cols, pl)
        _, rest = _best(cols, max_w, memo)
        give(cols, pl, got)
        seq = [pl, *rest]
        seq.sort(key=lambda q: (shape_key(q[0]), q[1] + q[0][1] - 1), reverse=True)
        cand = (_plkey(seq), seq)
        if best is None or cand[0] > best[0]:
            best = cand
    assert best is not None
    memo[st] = best
    return best


def _plkey(pls: list[Placement]) -> tuple[object, ...]:
    return (tuple(shape_key(pl[0]) for pl in pls), tuple(pl[1] + pl[0][1] - 1 for pl in pls))


def decompose(rs: RuleSet, ctx: TrumpContext, cards: CardsLike) -> list[Unit]:
    """A lead's units, largest first (deterministic on ties).

    The cards must be of one effective suit (ValueError otherwise).
    """
    cs = parse_cards(cards)
    t = get_trump(rs, ctx)
    return best_decomposition(t, cs, rs.max_tuple)


def is_tractor(rs: RuleSet, ctx: TrumpContext, cards: CardsLike) -> bool:
    """Whether the cards are exactly one tractor (2+ equal-width tuples, adjacent)."""
    cs = parse_cards(cards)
    if len(cs) < 4:
        return False
    t = get_trump(rs, ctx)
    e = t.eff
    s = e[cs[0].idx]
    if any(e[c.idx] != s for c in cs):
        return False
    cols = columns(t, cs)
    if any(len(d) != 1 for d in cols.values()):
        return False
    widths = {len(next(iter(d.values()))) for d in cols.values()}
    if len(widths) != 1:
        return False
    w = widths.pop()
    if w < 2 or w > rs.max_tuple:
        return False
    ps = sorted(cols)
    return len(ps) >= 2 and ps[-1] - ps[0] == len(ps) - 1


# ------------------------------------------------------------ degradations


Rung = tuple[tuple[Shape, ...], ...]  # alternatives, each a set of non-single shapes


@lru_cache(maxsize=256)
def degradations(shape: Shape, substitute: bool = False) -> tuple[Rung, ...]:
    """What a follower may offer for a lead unit, best first.

    Each rung lists alternatives (any one will do), each a tuple of non-single
    shapes. In general a rung is one way to cut the unit's grid (`length`
    columns of `width` cards) into smaller tuples and tractors, the rest
    singles, ordered by the sorted shape keys. Four-deck (`substitute`) uses the
    seed's own follow orders (seed 002 3.4.5) for the shapes it lists.
    """
    if substitute and shape in FOUR_DECK_LADDERS:
        return FOUR_DECK_LADDERS[shape]
    w, n = shape
    found: set[tuple[Shape, ...]] = set()

    def cut(col: int, heights: tuple[int, ...], acc: tuple[Shape, ...]) -> None:
        # heights: remaining cards per column; place rectangles starting at the first column
        if col == n:
            found.add(tuple(sorted(acc, key=shape_key, reverse=True)))
            return
        if heights[col] == 0:
            cut(col + 1, heights, acc)
            return
        h = heights[col]
        # leave the rest of this column as singles
        cut(col + 1, (*heights[:col], 0, *heights[col + 1 :]), acc)
        for ww in range(2, h + 1):
            for length in range(1, n - col + 1):
                if any(heights[col + k] < ww for k in range(length)):
                    break
                nh = list(heights)
                for k in range(length):
                    nh[col + k] -= ww
                cut(col, tuple(nh), (*acc, (ww, length)))

    cut(0, (w,) * n, ())
    order = sorted(found, key=lambda d: [shape_key(s) for s in d], reverse=True)
    return tuple((d,) for d in order)


_P: Shape = (2, 1)
_T: Shape = (3, 1)
_Q: Shape = (4, 1)
_PAIR_TRACTOR_8: tuple[Rung, ...] = (
    (((2, 3), _P),),
    (((2, 3),),),
    (((2, 2), _P, _P),),
    (((2, 2), _P),),
    (((2, 2),),),
    ((_Q, _P, _P),),
    ((_Q, _P),),
    ((_Q,),),
    ((_T, _T),),
    ((_T, _P, _P),),
    ((_T, _P),),
    ((_T,),),
    ((_P, _P, _P, _P),),
    ((_P, _P, _P),),
    ((_P, _P),),
    ((_P,),),
    ((),),
)
# Seed 002 3.4.5, lists 1-6 (with `substitute` placements a quad also stands
# for a 2-pair tractor, a triple tractor for a 3-pair one, a quad tractor for a
# 4-pair one).
FOUR_DECK_LADDERS: dict[Shape, tuple[Rung, ...]] = {
    (4, 1): (((_Q,),), (((2, 2),),), ((_P, _P),), ((_T,),), ((_P,),), ((),)),
    (2, 3): (
        (((2, 3),),),
        (((2, 2), _P),),
        ((_P, _P, _P),),
        ((_P, _P),),
        ((_P,),),
        ((),),
    ),
    (3, 2): (
        (((3, 2),),),
        (((2, 3),),),
        (((2, 2), _P),),
        ((_T, _T),),
        ((_T, _P),),
        ((_P, _P, _P),),
        ((_P, _P),),
        ((_P,),),
        ((),),
    ),
    (2, 4): ((((2, 4),), (_Q, _Q)), *_PAIR_TRACTOR_8),
    (4, 2): ((((4, 2),), (_Q, _Q)), (((2, 4),),), *_PAIR_TRACTOR_8),
}


def pack_in_order(
    cols: Cols,
    shapes: Sequence[Shape],
    sub: bool = False,
    key: Callable[[Placement], tuple[int, ...]] | None = None,
) -> list[Card] | None:
    """Take units of `shapes` one after another, each the first placement (by
    `key`, highest first; default: placement order) that leaves the rest
    feasible. Returns the cards taken (removed from `cols`), or None (and
    `cols` partly taken) when they do not all fit."""
    out: list[Card] = []
    for k, s in enumerate(shapes):
        cands = list(placements(cols, s, sub))
        if key is not None:
            cands.sort(key=key, reverse=True)
        for pl in cands:
            got = take(cols, pl)
            if feasible(cols, shapes[k + 1 :], sub):
                out.extend(got)
                break
            give(cols, pl, got)
        else:
            return None
    return out
