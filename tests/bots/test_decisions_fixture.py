"""The bots decide as they did when the fixture was recorded.

`fixtures/decisions.json` holds every command the bots made (and how many
times they were asked) in first deals of several presets, seeds and bot
mixes, recorded from the code before the rules API moved to `rules.Order`.
A change meant to keep the bots' play (a refactoring, a faster rules call)
must give the same decisions, position by position. A change that alters the
play on purpose records the fixture again:

    .venv/bin/python -m tests.bots.test_decisions_fixture --write

The hard bot runs without its wall-clock guard and in one process, so its
work is counted in rollout steps and does not depend on the machine.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from shengji_tui.bench.bots_bench import play_deal
from shengji_tui.engine import Command, SeatView

from .bot_helpers import bots_for

FIXTURE = Path(__file__).parent / "fixtures" / "decisions.json"
HARD = {"budget_ms": 15, "workers": 1, "guard": False}

# (preset, seed, bot per seat): every level leads and follows against the others
GAMES: list[tuple[str, int, list[str]]] = [
    (preset, seed, levels)
    for preset in ("classic", "tournament", "one-deck", "two-color", "three-deck", "four-deck")
    for seed, levels in (
        (3, ["normal", "easy", "normal", "random"]),
        (11, ["hard", "normal", "easy", "normal"]),
        (29, ["easy", "hard", "random", "normal"]),
        (41, ["normal", "normal", "hard", "easy"]),
        (57, ["random", "easy", "normal", "hard"]),
    )
]


def key(preset: str, seed: int, levels: list[str]) -> str:
    return f"{preset}/{seed}/{'-'.join(levels)}"


def record(preset: str, seed: int, levels: list[str]) -> dict[str, object]:
    """Every non-None command of one deal (`seat:version:command`; for the hard
    bot also its search's steps and candidate means) and the number of times a
    bot was asked."""
    bots = bots_for(levels, seed, **HARD)
    made: list[str] = []
    asked = [0]
    for s, b in bots.items():
        orig = b.decide

        def spy(view: SeatView, _orig=orig, _s=s) -> Command | None:  # type: ignore[no-untyped-def]
            cmd: Command | None = _orig(view)
            asked[0] += 1
            if cmd is not None:
                made.append(f"{_s}:{view.version}:{cmd.model_dump_json(exclude_none=True)}")
            info = getattr(_orig.__self__, "last_info", None)
            if cmd is not None and info and info.get("searched"):
                # the search itself: rollout steps (an auction-phase or theft search:
                # its samples) and each candidate's mean outcome
                work = info.get("steps", info.get("samples"))
                made.append(f"{_s}:{view.version}:search {work} {info['means']!r}")
            return cmd

        b.decide = spy  # type: ignore[method-assign]
    play_deal(preset, seed, bots, (0, 2))
    return {"asked": asked[0], "commands": made}


def load() -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("preset", "seed", "levels"), GAMES, ids=[key(*g) for g in GAMES])
def test_decisions_match_the_recording(preset: str, seed: int, levels: list[str]) -> None:
    want = load()[key(preset, seed, levels)]
    got = record(preset, seed, levels)
    want_cmds = want["commands"]
    got_cmds = got["commands"]
    assert isinstance(want_cmds, list) and isinstance(got_cmds, list)
    assert len(want_cmds) > 10  # the recording is a real deal (big throws make short ones)
    for i, (w, g) in enumerate(zip(want_cmds, got_cmds, strict=False)):
        assert g == w, f"decision {i} differs"
    assert got == want


def write() -> None:
    FIXTURE.parent.mkdir(exist_ok=True)
    out = {key(*g): record(*g) for g in GAMES}
    FIXTURE.write_text(json.dumps(out, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    n = sum(len(v["commands"]) for v in out.values())  # type: ignore[arg-type,misc]
    print(f"{FIXTURE}: {len(out)} deals, {n} commands")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)
