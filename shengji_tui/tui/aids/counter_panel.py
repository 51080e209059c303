"""The card counter beside the log (terminals 120 columns wide), and in its dialog."""

from __future__ import annotations

from ..widgets.lines import LinesWidget
from .presenter import CounterProps


class CounterPanel(LinesWidget[CounterProps]):
    pass
