"""`shengji bench rules --json`: keys and plausible numbers (no timing thresholds)."""

from __future__ import annotations

import json

import pytest

from shengji_tui.cli import main

KEYS = {"deals_per_s", "legal_follows_p50_us", "legal_follows_p99_us", "deals"}


def test_bench_rules_json(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["bench", "rules", "--preset", "classic", "--seconds", "0.3", "--json"])
    assert rc == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"classic"}
    figures = data["classic"]
    assert set(figures) == KEYS
    for k in KEYS:
        assert isinstance(figures[k], (int, float)) and figures[k] > 0, (k, figures[k])
    assert isinstance(figures["deals"], int)
    assert figures["legal_follows_p99_us"] >= figures["legal_follows_p50_us"]


def test_bench_rules_table(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["bench", "rules", "--preset", "one-deck", "--seconds", "0.1"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "one-deck" in out and "deals/s" in out
