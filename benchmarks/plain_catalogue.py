"""The plain-mistake catalogue's recorded positions (tests/bots/fixtures/
plain_positions.json) from `coach_scan.py`'s positions, and its pass rate.

    .venv/bin/python benchmarks/plain_catalogue.py scan.jsonl ... --write
    .venv/bin/python benchmarks/plain_catalogue.py --rate

With scan files: each position is put to the bots as the tests ask them
(`tests/bots/test_plain_mistakes.py`: normal, hard at 120 ms of work on one
worker, the hint at 60 ms), once avoiding plain mistakes (as they play) and
once not (as they did); a position where a bot's answer was a plain mistake
before and is not now goes into the catalogue with that answer as its bad
move (`--write`); `--add-worst` adds the coach's blunders
(`coach_figures.py cost --worst` files) for the bots that avoid them now.
With `--rate`: every bot level (easy, normal, hard, the
hint) against every catalogue position (the tests' constructed positions,
the recorded ones and `--with` files: the coach's blunders found by
`coach_figures.py cost --worst`), the share that does not play its bad move.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui import rules
from shengji_tui.bots import Advisor, BotSpec
from shengji_tui.bots.plain import plain_mistake
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.tracker import Tracker
from shengji_tui.engine import Play, SeatView
from shengji_tui.rules import TrumpContext, points

FIXTURE = Path(__file__).resolve().parent.parent / "tests/bots/fixtures/plain_positions.json"
HARD = {"budget_ms": 120, "workers": 1, "guard": False}
HINT_MS = 60.0


def answer(who: str, view: SeatView) -> list[str]:
    """The bot's play, as notation (sorted)."""
    if who == "hint":
        advice = Advisor(HINT_MS, seed=0).advise(view)
        assert advice is not None
        cards = list(advice.cards)
    else:
        spec = BotSpec(level=who, seed=1, options=HARD if who == "hard" else {})
        cmd = spec.make().decide(view)
        assert isinstance(cmd, Play)
        cards = list(cmd.cards)
    return sorted(str(c) for c in cards)


def fewest(view: SeatView) -> int:
    if not view.trick:
        return 0
    ctx = TrumpContext(view.level, view.trump_suit)
    lead = list(view.trick[0].cards)
    follows = islice(rules.legal_follows(view.rules, ctx, list(view.hand), lead), 400)
    return min((points(f) for f in follows), default=0)


def build(paths: list[Path]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    seen: set[tuple[object, ...]] = set()
    for path in paths:
        for line in path.read_text().splitlines():
            d = json.loads(line)
            key = (d["preset"], d["seed"], d["move"])
            if key in seen:
                continue
            seen.add(key)
            view = SeatView.model_validate(d["view"])
            tr = Tracker(view)
            low = fewest(view)
            for who in ("normal", "hard", "hint"):
                PlaybookBot.avoid_plain = False
                before = answer(who, view)
                kind = plain_mistake(view, tr, rules.parse_cards(" ".join(before)), low)
                if kind is None:
                    continue
                PlaybookBot.avoid_plain = True
                after = answer(who, view)
                if after == before:
                    continue
                name = f"{d['preset']}_{d['seed']}_{d['move']}_{who}"
                out.append(
                    {
                        "name": name,
                        "note": f"{d['preset']} seed {d['seed']}, move {d['move']}, seat "
                        f"{d['seat']}: {who} played {' '.join(before)} ({kind})",
                        "bots": [who],
                        "kind": kind,
                        "bad": [before],
                        "view": d["view"],
                    }
                )
                print(name, kind, before, "->", after, file=sys.stderr)
    PlaybookBot.avoid_plain = True
    return out


def add_worst(paths: list[Path]) -> None:
    """The coach's blunders (`coach_figures.py cost --worst` files) into the
    recorded positions, each for the bots (normal, hard, the hint) that do not
    make it now."""
    cases = json.loads(FIXTURE.read_text("utf-8"))
    names = {c["name"] for c in cases}
    for path in paths:
        for line in path.read_text().splitlines():
            d = json.loads(line)
            if d["name"] in names:
                continue
            view = SeatView.model_validate(d["view"])
            bad = [sorted(b) for b in d["bad"]]
            ok = [w for w in ("normal", "hard", "hint") if answer(w, view) not in bad]
            print(d["name"], ok, file=sys.stderr)
            if ok:
                note = "the coach's blunder (classic, 1,200 ms): " + d["note"]
                row = {"name": d["name"], "note": note, "bots": ok, "kind": "coach"}
                cases.append({**row, "bad": d["bad"], "view": d["view"]})
    FIXTURE.write_text(json.dumps(cases, separators=(",", ":")) + "\n", "utf-8")


def catalogue(extra: list[Path]) -> list[tuple[str, SeatView, list[list[str]]]]:
    """Every position of the catalogue: the tests' constructed ones (three
    seeds each), the recorded ones, and those of `extra` files (the coach's
    blunders: `coach_figures.py cost --worst`), as (name, view, bad moves)."""
    from tests.bots.positions import view_at
    from tests.bots.test_plain_mistakes import CASES

    out: list[tuple[str, SeatView, list[list[str]]]] = []
    for name, make, bad, _ in CASES:
        for seed in (1, 2, 3):
            out.append((f"{name}/{seed}", view_at(make(seed)), [sorted(bad.split())]))
    cases = json.loads(FIXTURE.read_text("utf-8"))
    for path in extra:
        cases += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for case in cases:
        view = SeatView.model_validate(case["view"])
        out.append((case["name"], view, [sorted(b) for b in case["bad"]]))
    return out


def rate(extra: list[Path]) -> dict[str, object]:
    cases = catalogue(extra)
    res: dict[str, object] = {"positions": len(cases)}
    for who in ("easy", "normal", "hard", "hint"):
        ok = sum(answer(who, view) not in bad for _, view, bad in cases)
        res[who] = f"{ok}/{len(cases)}"
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scans", nargs="*", type=Path)
    ap.add_argument("--write", action="store_true", help=f"write {FIXTURE.name}")
    ap.add_argument("--rate", action="store_true", help="the catalogue's pass rate per bot")
    ap.add_argument(
        "--with",
        dest="extra",
        type=Path,
        nargs="*",
        default=[],
        help="(--rate) more positions (coach_figures.py cost --worst files)",
    )
    ap.add_argument(
        "--add-worst",
        type=Path,
        nargs="*",
        default=[],
        help="add the coach's blunders (coach_figures.py cost --worst files) to the catalogue",
    )
    a = ap.parse_args()
    if a.add_worst:
        add_worst(a.add_worst)
    if a.scans:
        cases = build(a.scans)
        print(f"{len(cases)} positions", file=sys.stderr)
        if a.write:
            FIXTURE.write_text(json.dumps(cases, separators=(",", ":")) + "\n", "utf-8")
    if a.rate:
        print(json.dumps(rate(a.extra)))


if __name__ == "__main__":
    main()
