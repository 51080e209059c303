"""While cards arrive: what you may declare now (exactly the rules' list), the
standing declaration, and the keys."""

from __future__ import annotations

from ..props import DeclareProps
from .lines import LinesWidget


class DeclarePanel(LinesWidget[DeclareProps]):
    """Shown while the seat may declare or steal the kitty (`props.shown`)."""
