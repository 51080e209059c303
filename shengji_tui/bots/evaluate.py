"""What the rest of a deal is worth, from a position with every hand known: the
hard bot's search plays a few tricks out and asks this instead of playing to
the end (a cut-off evaluation: less noise per sample, many more samples).

At a trick boundary, `expected_attacker_points` is the attackers' points so
far plus their expected share of the points still in the hands, plus the
kitty's expected bonus (the chance they take the last trick times the
multiplier). Both are linear in a few features of the hands, from the
attackers' side: their share of the trumps (count, strength, the top ones),
the side-suit boss cards each side holds, who leads next, the points they
hold themselves, and how far the deal is. The weights were fitted by self-play
(`benchmarks/calibrate_eval.py`: the normal bot at every seat, each trick
boundary of each deal against what the attackers went on to take).
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
)

# fitted by benchmarks/calibrate_eval.py (see docs/bots.md)
SHARE_WEIGHTS = (0.223, -1.268, 1.701, 0.062, 0.027, 0.010, 0.004, -0.265, 0.408)
LAST_WEIGHTS = (-0.251, 1.516, 0.854, -0.157, 0.002, 0.017, -0.403, 0.508, -0.503)


def features(
    sn: Sense, hands: Sequence[Sequence[Card]], attackers: set[int], leader: int, progress: float
) -> list[float]:
    eff, pos = sn.eff, sn.pos
    att_tr = all_tr = 0
    att_pow = all_pow = 0.0
    trumps: list[tuple[int, bool]] = []
    top: dict[int, int] = {}
    att_pts = all_pts = 0
    for s, hand in enumerate(hands):
        mine = s in attackers
        for c in hand:
            i = c.idx
            e = eff[i]
            p = c.points
            all_pts += p
            if mine:
                att_pts += p
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
