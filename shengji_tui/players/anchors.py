"""The built-in bot levels' fixed ratings (μ) per family of presets, measured
by the bot bench's whole matches rated as the server rates them
(`benchmarks/bot_anchors.py`, whose docstring says how; `normal` is the
scale's anchor at μ 25). A bot's σ is `ANCHOR_SIGMA`: known, never moved by a
match. A family without figures here has no anchors: its bots are rated as
players are.

Measured (2 cores shared with other work; the hard bot at 60 ms a decision
by work count, one process):

    .venv/bin/python benchmarks/bot_anchors.py --matches 40 --hard-matches 6 \\
        --jobs 1 --family partners
        classic, 172 match runs: easy beat random 80 of 80, normal beat easy
        80 of 80, hard beat normal 11 of 12; σ after: random 4.67, easy 3.06,
        hard 5.8
"""

from __future__ import annotations

ANCHOR_SIGMA = 1.0

ANCHORS: dict[str, dict[str, float]] = {
    "partners": {"random": -3.3, "easy": 13.9, "normal": 25.0, "hard": 35.1},
}
