"""The compact drop-down choice of the start menu and the lobby's dialogs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from textual.widgets import Select

T = TypeVar("T")


def choice(options: Sequence[tuple[str, T]], value: T, id: str) -> Select[T]:
    """A one-line `Select` of `options` (label, value), one always chosen."""
    return Select(options, value=value, allow_blank=False, compact=True, id=id)


def on_off(on: str, off: str, value: bool, id: str, off_first: bool = False) -> Select[bool]:
    """A two-way choice (`off_first`: "off" listed first)."""
    options = [(on, True), (off, False)]
    return choice(options[::-1] if off_first else options, value, id)
