"""The card counter beside the log (terminals 120 columns wide), and in its dialog."""

from __future__ import annotations

from ..aids import CounterProps
from .lines import LinesWidget


class CounterPanel(LinesWidget[CounterProps]):
    pass
