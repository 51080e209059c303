"""The built-in bot levels' fixed ratings (μ) per family of presets, measured
by `benchmarks/bot_anchors.py` (see its docstring; `normal` is the scale's
anchor at μ 25). A bot's σ is `ANCHOR_SIGMA`: known, never moved by a match."""

from __future__ import annotations

ANCHOR_SIGMA = 1.0

ANCHORS: dict[str, dict[str, float]] = {}
