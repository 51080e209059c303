"""The Textual patches on for the whole test run, as the CLI and the server turn
them on (`SHENGJI_VANILLA=1` runs everything on Textual's public API instead:
`make test` runs tests/tui so too)."""

from __future__ import annotations

from shengji_tui.tui import patches

patches.install()
