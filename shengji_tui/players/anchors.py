"""The built-in bot levels' fixed ratings (μ) per family of presets, measured
from the bot bench's whole matches by `benchmarks/bot_anchors.py` (its
docstring says how: the rating model's comparison of two sides, fitted per
pair of neighbouring levels; `normal` is the scale's anchor at μ 25). A bot's
σ is `ANCHOR_SIGMA`: known, never moved by a match. The runs are kept in
`benchmarks/results/bot_anchors_<family>.jsonl.gz` (`--from-log` fits them
again); docs/players.md has the table.

    .venv/bin/python benchmarks/bot_anchors.py --family partners --matches 30 --hard-matches 4
    .venv/bin/python benchmarks/bot_anchors.py --family friends --matches 25 --hard-matches 2
    .venv/bin/python benchmarks/bot_anchors.py --family auction --matches 25 --hard-matches 2

(the hard bot at 60 ms a decision by work count, one process; 2 cores shared
with other work)
"""

from __future__ import annotations

ANCHOR_SIGMA = 1.0

ANCHORS: dict[str, dict[str, float]] = {
    # classic: 128 runs; easy won 60 of 60 team comparisons against random,
    # normal 60 of 60 against easy, hard 7 of 8 against normal
    "partners": {"random": -0.6, "easy": 12.2, "normal": 25.0, "hard": 29.3},
    # find-friends: 208 runs; seat comparisons 291 of 294, 214 of 244, 18 of 20
    "friends": {"random": -12.7, "easy": 13.3, "normal": 25.0, "hard": 36.2},
    # eighty-points: 208 runs; seat comparisons 288 of 292, 176 of 217, 9 of 14
    "auction": {"random": -8.3, "easy": 16.3, "normal": 25.0, "hard": 28.1},
}
