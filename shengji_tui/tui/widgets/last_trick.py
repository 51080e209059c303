"""The last trick: each seat's play in play order, who won it and its points
(in the side panel of wide terminals, and in its dialog)."""

from __future__ import annotations

from ..props import LastTrickProps
from .lines import LinesWidget


class LastTrick(LinesWidget[LastTrickProps]):
    pass
