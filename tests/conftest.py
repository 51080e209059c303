"""The Textual patches on for the whole test run, as the CLI and the server turn
them on (`SHENGJI_VANILLA=1` runs everything on Textual's public API instead:
`make test` runs tests/tui so too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from shengji_tui.table import Pacing, TableSettings, bot_specs
from shengji_tui.tui.terminal import patches

patches.install()

BotsOnly = Callable[[int, Sequence[str]], TableSettings]  # the `bots_only` fixture's type


@pytest.fixture
def bots_only() -> BotsOnly:
    """The settings of a one-deck table of four random bots named `names`,
    dealt and played at full speed (a whole match in a second or so)."""

    def settings(seed: int, names: Sequence[str]) -> TableSettings:
        return TableSettings.build(
            "one-deck",
            seed,
            names=list(names),
            bots=bot_specs(seed, range(4), "random", names),
            pacing=Pacing(bot_delay=0, deal_delay=0),
        )

    return settings
