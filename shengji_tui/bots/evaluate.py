"""What the rest of a deal is worth, from a position with every hand known: the
hard bot's search plays a few tricks out and asks this instead of playing to
the end (a cut-off evaluation: less noise per sample, many more samples).

At a trick boundary, `expected_attacker_points` is the attackers' points so
far plus their expected share of the points still in the hands, plus the
kitty's expected bonus (the chance they take the last trick times the
multiplier). Both are linear in a few features of the hands, from the
attackers' side: their share of the trumps (count, strength, the top ones),
the side-suit boss cards each side holds, who leads next, the points they
hold themselves, how far the deal is, and their share of the pairs (trumps,
side suits): what each side still holds to lead or answer a tuple with. The
weights were fitted by self-play (`benchmarks/calibrate_eval.py`: the normal
bot at every seat, each trick boundary of each deal against what the
attackers went on to take).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Card
from .sense import TRUMP, Sense

FEATURES = (
    "bias",
    "trumps",  # the attackers' share of the trumps in the hands (0.5 if none)
    "trump_power",  # their share of the trumps' strength (higher trumps weigh more)
    "top_trumps",  # their share of the four highest trumps left
    "bosses",  # side-suit boss cards: theirs minus the dealer side's, per suit
    "lead",  # 1 when an attacker leads next
    "held_points",  # their share of the points still in the hands
    "progress",  # tricks played / tricks in the deal
    "trumps_x_progress",
    "trump_pairs",  # their share of the pairs of trumps in the hands (0.5 if none)
    "side_pairs",  # their share of the side-suit pairs in the hands (0.5 if none)
)

# fitted by benchmarks/calibrate_eval.py (see docs/bots.md)
SHARE_WEIGHTS = (0.233, -1.619, 1.860, 0.063, 0.036, 0.010, 0.014, -0.354, 0.590, 0.202, -0.035)
LAST_WEIGHTS = (-0.270, 0.856, 1.359, -0.225, 0.047, 0.020, -0.390, 0.375, -0.251, 0.525, -0.209)


def features(
    sn: Sense, hands: Sequence[Sequence[Card]], attackers: set[int], leader: int, progress: float
) -> list[float]:
    eff, pos, ident = sn.eff, sn.pos, sn.ident
    att_tr = all_tr = 0
    att_pow = all_pow = 0.0
    trumps: list[tuple[int, bool]] = []
    top: dict[int, int] = {}
    att_pts = all_pts = 0
    # pairs: a triple holds one, four copies two
    pairs = [0, 0, 0, 0]  # trump pairs theirs, all; side-suit pairs theirs, all
    for s, hand in enumerate(hands):
        mine = s in attackers
        copies: dict[int, int] = {}
        for c in hand:
            i = c.idx
            e = eff[i]
            p = c.points
            all_pts += p
            if mine:
                att_pts += p
            k = copies[ident[i]] = copies.get(ident[i], 0) + 1
            if not k % 2:
                j = 0 if e == TRUMP else 2
                pairs[j + 1] += 1
                if mine:
                    pairs[j] += 1
            if e == TRUMP:
                w = 1.0 + 2.0 * sn.rel(c)
                all_tr += 1
                all_pow += w
                if mine:
                    att_tr += 1
                    att_pow += w
                trumps.append((pos[i], mine))
            elif pos[i] > top.get(e, -1):
                top[e] = pos[i]
    bosses = 0
    for s, hand in enumerate(hands):
        sign = 1 if s in attackers else -1
        for c in hand:
            i = c.idx
            e = eff[i]
            if e != TRUMP and pos[i] == top[e]:
                bosses += sign
    trumps.sort(reverse=True)
    best = trumps[:4]
    tr = att_tr / all_tr if all_tr else 0.5
    return [
        1.0,
        tr,
        att_pow / all_pow if all_pow else 0.5,
        sum(1 for _, m in best if m) / len(best) if best else 0.5,
        bosses / max(1, len(top)),
        1.0 if leader in attackers else 0.0,
        att_pts / all_pts if all_pts else 0.5,
        progress,
        tr * progress,
        pairs[0] / pairs[1] if pairs[1] else 0.5,
        pairs[2] / pairs[3] if pairs[3] else 0.5,
    ]


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def remaining_share(x: Sequence[float]) -> float:
    """The attackers' expected share of the points still in the hands."""
    return min(1.0, max(0.0, _dot(SHARE_WEIGHTS, x)))


def kitty_factor(x: Sequence[float]) -> float:
    """The kitty's expected bonus per kitty point for the attackers (the chance
    they take the last trick times its multiplier)."""
    return max(0.0, _dot(LAST_WEIGHTS, x))
