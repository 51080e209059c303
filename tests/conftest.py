"""The Textual patches on for the whole test run, as the CLI and the server turn
them on (`SHENGJI_VANILLA=1` runs everything on Textual's public API instead:
`make test` runs tests/tui so too).

The longest tests (marked `slow(seconds)`, their time in `make test`) go first:
with several workers (pytest-xdist, `--dist worksteal` as `make test` runs it)
each worker starts on its share of them, so that none is left alone at the
end of the run (most of them wait on a server, a clock or a deal's pace, and
the other workers' tests fill the cores meanwhile)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import pytest

from shengji_tui.table import Pacing, TableSettings, bot_specs
from shengji_tui.tui.terminal import patches

patches.install()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow(seconds): one of the longest tests (about `seconds` in make test)"
    )


def _seconds(item: pytest.Item) -> float | None:
    mark = item.get_closest_marker("slow")
    if mark is None:
        return None
    return float(mark.args[0]) if mark.args else 10.0


@pytest.hookimpl(trylast=True)  # (after -m and -k took theirs out)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `slow` tests first, longest first; with N xdist workers, dealt out so
    that each of worksteal's N first shares (the collection cut in N runs of
    equal length, in order) starts with its part of them, the parts about as
    long (each to the share with the least so far). The other tests keep their
    order (a module's tests together: its fixtures are made once)."""
    timed = [(t, item) for item in items if (t := _seconds(item)) is not None]
    if not timed:
        return
    timed.sort(key=lambda ti: -ti[0])  # (stable: equal times keep their order)
    rest = [item for item in items if _seconds(item) is None]
    n = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if n <= 1:
        items[:] = [item for _, item in timed] + rest
        return
    shares: list[list[pytest.Item]] = [[] for _ in range(n)]
    load = [0.0] * n
    for t, item in timed:
        k = min(range(n), key=lambda k: (load[k], len(shares[k])))
        shares[k].append(item)
        load[k] += t
    out: list[pytest.Item] = []
    left = len(items)
    for k in range(n):
        size = left // (n - k)  # (worksteal's first shares: what is left, evenly)
        left -= size
        fill = max(0, size - len(shares[k]))
        out += shares[k] + rest[:fill]
        del rest[:fill]
    items[:] = out + rest


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
