"""The Textual TUI: `ShengjiApp` (one app for solo, hotseat and SSH sessions),
its screens and widgets, the text catalogue (`assets/i18n`) and stylesheet
(`assets/shengji.tcss`).

Imports are lazy so that `shengji_tui.tui.options` (the `play` command's
arguments) can be read without loading Textual.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Catalogue", "GameOptions", "ShengjiApp", "TableUpdate", "detect_lang"]


def __getattr__(name: str) -> Any:
    if name in ("GameOptions", "ShengjiApp", "TableUpdate"):
        from . import app

        return getattr(app, name)
    if name in ("Catalogue", "detect_lang"):
        from . import i18n

        return getattr(i18n, name)
    raise AttributeError(name)
