"""Shown while the terminal is smaller than the table needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from .base import SizeWatch


class EnlargeScreen(SizeWatch, Screen[None]):
    """Shown while the terminal is smaller than 80x24."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="enlarge", markup=False)
