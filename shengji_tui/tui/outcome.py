"""A deal's result as the result screen's and the review's last step's
`Line`s: the words are `text/dealend.py`'s (the game log's deal-end lines
are too), so the screen, the review and the log never tell a deal's end two
ways. Pure (no Textual, no Rich).
"""

from __future__ import annotations

from ..text.dealend import (
    DealEnd,
    ReviewVoice,
    Voice,
    end_of_review,
    end_of_view,
    result_said,
    result_title,
)
from .props import Line, Words

__all__ = [
    "DealEnd",
    "ReviewVoice",
    "Voice",
    "end_of_review",
    "end_of_view",
    "result_lines",
    "result_title",
]


def result_lines(end: DealEnd, voice: Voice) -> list[Line]:
    """The deal's end in words (`dealend.result_said`), one `Line` each."""
    return [Line((Words(s.text),), s.style) for s in result_said(end, voice)]
