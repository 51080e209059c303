"""The analysis's summary in words: counts in the singular and plural, and a
total below nothing said as no cost (as each decision's is)."""

from __future__ import annotations

import pytest

from shengji_tui.coach import DealAnalysis, Verdict
from shengji_tui.coach.price import Choice, Priced
from shengji_tui.coach.words import summary_lines
from shengji_tui.rules import parse_cards
from shengji_tui.text import CardText, Catalogue


def _verdict(cls: str, cost: float) -> Verdict:
    choices = (Choice(cards=tuple(parse_cards("SA"))), Choice(cards=tuple(parse_cards("S3"))))
    p = Priced(
        choices=choices,
        played=1,
        best=0,
        levels=(0.0, -cost),
        points=(0.0, -30 * cost),
        cost_levels=cost,
        cost_points=30 * cost,
        stderr_levels=0.01,
        stderr_points=0.3,
        samples=10,
        steps=100,
    )
    return Verdict(kind="play", move=1, trick=1, priced=p, cls=cls, reason="generic", args={})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("verdicts", "lang", "first"),
    [
        (
            [("fine", -0.3), ("mistake", 0.4), ("blunder", 0.7), ("blunder", 0.8)],
            "en",
            "4 decisions: 1 fine, 0 inaccuracies, 1 mistake, 2 blunders; "
            "estimated cost 48 points (1.60 levels).",
        ),
        (
            [("fine", -0.5), ("inaccuracy", 0.2)],
            "en",
            "2 decisions: 1 fine, 1 inaccuracy, 0 mistakes, 0 blunders; "
            "estimated cost 0 points (0.00 levels).",
        ),
        (
            [("mistake", 0.4)],
            "en",
            "1 decision: 0 fine, 0 inaccuracies, 1 mistake, 0 blunders; "
            "estimated cost 12 points (0.40 levels).",
        ),
        (
            [("fine", -0.3), ("mistake", 0.4), ("blunder", 0.7)],
            "zh",
            "3 个决定：好 1，欠佳 0，失误 1，大错 1；估计损失 24 分（0.80 级）。",
        ),
    ],
)
def test_the_summary(verdicts: list[tuple[str, float]], lang: str, first: str) -> None:
    a = DealAnalysis(
        table_id="t",
        deal_no=0,
        seat=0,
        budget_ms=400,
        horizon=0,
        verdicts=tuple(_verdict(c, x) for c, x in verdicts),
    )
    cat = Catalogue(lang)
    lines = summary_lines(a, cat, CardText(cat, False), lambda s: "Ana")
    assert lines[0] == first
