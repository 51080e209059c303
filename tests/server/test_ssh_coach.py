"""The coach over SSH, through a real server and client (one process, and a
host with two front ends): a player analyses their own seat in a deal that
is over, is refused another seat while the match goes on, and analyses any
seat once the match is over (as the review then shows every hand)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shengji_tui.coach import service
from shengji_tui.rules import RuleSet
from shengji_tui.server import ShengjiServer

from .conftest import FAST, start_server
from .game_helpers import act, connect_all, seat_of, seat_table, skip_dealing, until
from .sshclient import Client

TITLE = "deal {n}: each decision priced by the search"
REFUSED = "your own seat"  # (of the refusal: a toast wraps its line)
SEED = 5


@pytest.fixture
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's analyses at a tiny budget on one process (the path, not the figures)."""
    init = service.Analyst.__init__

    def small(self: service.Analyst, *a: Any, **kw: Any) -> None:
        init(self, *a, **kw)
        self.budget_ms, self.workers = 5.0, 1

    monkeypatch.setattr(service.Analyst, "__init__", small)


async def _play_deal(server: ShengjiServer, room: Any, c: Client, n: int) -> None:
    table = room.table
    await skip_dealing(room, c)
    by_seat = {seat_of(room, c.name): c}
    while table.state.phase in ("dealing", "declaring", "burying", "playing"):
        if table.state.awaiting() in by_seat and table.state.phase in ("burying", "playing"):
            await act(room, by_seat, timeout=30)
        else:
            await until(
                lambda: (
                    table.state.awaiting() in by_seat
                    or table.state.phase not in ("dealing", "declaring", "burying", "playing")
                ),
                60,
                "ann's turn or the deal's end",
            )
    assert table.state.deal_no == n - 1
    await c.wait_for(
        lambda: f"Deal {n} is over" in c.text() or "the match" in c.text(), 20, "the result"
    )


async def _analyse(c: Client, name: str, n: int) -> None:
    await c.wait_for(f"{name}, {TITLE.format(n=n)}", 120, f"{name}'s analysis")
    await c.wait_for("decisions:", 120, "the summary")


@pytest.mark.slow(17)
@pytest.mark.parametrize("workers", [1, 2], ids=["one", "workers2"])
async def test_own_seat_then_any_once_the_match_is_over(
    tmp_path: Path, clients: list[Client], quick_coach: None, workers: int
) -> None:
    """With `--workers 2` (a host, two front ends) the host analyses: the
    analysis of the seat the player may analyse crosses, whole."""
    # a short match: two levels (K, A), over once a side holds a deal as dealer
    # at A (not after the first deal, at K)
    rules = RuleSet.preset("classic").model_copy(update={"levels": ["K", "A"]})
    options = FAST.replace(rules=rules, seed=SEED)
    srv = await start_server(tmp_path / "data", options=options, workers=workers)
    try:
        (ann,) = await connect_all(srv.port, ["ann"], clients)
        room = await seat_table(srv, [ann], 4, bots=True)
        table = room.table
        me = seat_of(room, "ann")
        other = (me + 1) % 4
        other_name = table.settings.names[other]
        n = 0
        refused = False
        while True:
            n += 1
            await _play_deal(srv, room, ann, n)
            await ann.press("r")
            await ann.wait_for("a analyse", 10, "the review")
            await ann.press("a")
            await _analyse(ann, "You", n)  # (her own seat: "You")
            await ann.press(str(other + 1))
            if table.state.phase == "finished":
                break
            # a deal over, the match not: her own seat, not another
            await ann.wait_for(REFUSED, 10, "the refusal")
            assert f"{other_name}, {TITLE.format(n=n)}" not in ann.text()
            refused = True
            await ann.press("escape")
            await ann.wait_for(lambda: "each decision priced" not in ann.text(), 10, "closed")
            await ann.press("escape")
            await ann.wait_for(f"Deal {n} is over", 10, "the result again")
            await ann.press("n")
            await until(lambda n=n: table.state.deal_no == n, 30, "the next deal")
        # the match is over: any seat
        await _analyse(ann, other_name, n)
        assert REFUSED not in ann.text()
        assert refused and n >= 2
    finally:
        await srv.close()
