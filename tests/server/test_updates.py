"""A seat's updates over the host link (server/updates.py): what the front end
reads back is what the host's table gave, though the log and the rules cross
only when they change."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from shengji_tui.engine import Event, SeatView, events_for, new_game, view_for
from shengji_tui.rules import RuleSet
from shengji_tui.server.updates import UpdateReader, UpdateWriter
from shengji_tui.table import SeatInfo, TableStatus
from shengji_tui.table.plan import deal_steps, random_bots

STATUS = TableStatus(tuple(SeatInfo("bot", f"p{s}", True) for s in range(4)))


def updates(seat: int = 1, seed: int = 3) -> list[tuple[SeatView, list[Event]]]:
    """`seat`'s view and events after every step of one classic deal."""
    steps = deal_steps(new_game("classic", seed), random_bots(seed, 4))
    return [(view_for(st.state, seat), events_for(st.events, seat, st.state)) for st in steps]


def crossed(message: dict[str, Any]) -> dict[str, Any]:
    """The message as the front end gets it (JSON both ways)."""
    back: dict[str, Any] = json.loads(json.dumps(message))
    return back


def test_the_front_end_reads_every_update_as_the_table_gave_it() -> None:
    writer, reader = UpdateWriter(), UpdateReader()
    steps = updates()
    assert len(steps) > 80
    messages = []
    for view, events in steps:
        m = crossed(writer.message(view, events, STATUS))
        messages.append(m)
        got_view, got_events, got_status = reader.read(m)
        assert got_view == view
        assert got_events == events
        assert got_status == STATUS
    # the rules crossed once; the log's entries once each (whole again at most
    # when the log changed otherwise: the declarations revealed)
    assert "rules" in messages[0]["view"]
    assert not any("rules" in m["view"] for m in messages[1:])
    assert sum(not m["log_keep"] for m in messages) <= 3
    assert sum(len(m["log_new"]) for m in messages) <= 3 * len(steps[-1][0].log)


def test_rules_that_change_cross_again() -> None:
    writer, reader = UpdateWriter(), UpdateReader()
    (v1, e1), (v2, e2) = updates()[:2]
    other = RuleSet.preset("tournament")
    assert other != v1.rules
    reader.read(crossed(writer.message(v1, e1, STATUS)))
    changed = v2.model_copy(update={"rules": other})
    m = crossed(writer.message(changed, e2, STATUS))
    assert "rules" in m["view"]
    assert reader.read(m)[0].rules == other


def test_the_whole_view_crosses_each_time_when_asked() -> None:
    writer = UpdateWriter(rules_once=False)
    messages = [writer.message(v, e, STATUS) for v, e in updates()[:5]]
    assert all("rules" in m["view"] for m in messages)


def test_a_view_without_rules_before_any_is_refused() -> None:
    writer = UpdateWriter()
    (v1, e1), (v2, e2) = updates()[:2]
    writer.message(v1, e1, STATUS)
    second = crossed(writer.message(v2, e2, STATUS))
    with pytest.raises(ValidationError):
        UpdateReader().read(second)


def test_the_link_benchmark_runs_and_shows_the_saving() -> None:
    root = Path(__file__).resolve().parents[2]

    def run(*args: str) -> dict[str, Any]:
        out = subprocess.run(
            [sys.executable, "benchmarks/link_update.py", "--rounds", "1", "--json", *args],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        got: dict[str, Any] = json.loads(out.stdout)
        return got

    once, whole = run(), run("--whole")
    assert once["updates"] == whole["updates"] > 80
    assert once["bytes_p50"] < whole["bytes_p50"] * 0.8
    assert once["read_ms_p50"] > 0
