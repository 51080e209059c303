"""A seat around the table: name, role, level, cards left, dealer and turn
marks, and what it played in this trick (or the last one)."""

from __future__ import annotations

from ..props import SeatProps
from .lines import LinesWidget


class SeatPanel(LinesWidget[SeatProps]):
    """One of the other seats (its place: `props.position`)."""
