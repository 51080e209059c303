"""A seat's update over the host link (`shengji serve --workers N`): the bytes
of one update's message and the front end's time to read it back
(server/updates.py), over one classic deal's updates of one seat.

    .venv/bin/python benchmarks/link_update.py            # as the server sends them
    .venv/bin/python benchmarks/link_update.py --whole    # the rules in every view (as before)
    .venv/bin/python benchmarks/link_update.py --json

Reading is what a front end does for each of its screens at each move:
`json.loads` of the frame and `UpdateReader.read` (the view, its log's new
entries, the events and the status validated); the time is the median over
`--rounds` passes through the deal's updates, per update.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui.engine import events_for, new_game, view_for
from shengji_tui.server.updates import UpdateReader, UpdateWriter
from shengji_tui.server.wire import frame
from shengji_tui.table import SeatInfo, TableStatus
from shengji_tui.table.plan import deal_steps, random_bots

STATUS = TableStatus(tuple(SeatInfo("human", f"p{s}", True) for s in range(4)))


def frames(seed: int, whole: bool) -> list[bytes]:
    """Seat 1's updates of one classic deal, as the frames that cross."""
    writer = UpdateWriter(rules_once=not whole)
    out = []
    for step in deal_steps(new_game("classic", seed), random_bots(seed, 4)):
        state = step.state
        message = writer.message(view_for(state, 1), events_for(step.events, 1, state), STATUS)
        out.append(frame({"k": "push", "op": "update", "a": {"sub": 1, **message}}))
    return out


def read_all(data: list[bytes]) -> float:
    """Seconds to read every frame, in order (one reader: one subscription)."""
    reader = UpdateReader()
    t0 = time.perf_counter()
    for f in data:
        reader.read(json.loads(f[4:])["a"])
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--whole", action="store_true", help="the rules in every view")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    data = frames(args.seed, args.whole)
    times = [read_all(data) / len(data) for _ in range(args.rounds)]
    result = {
        "updates": len(data),
        "bytes_p50": int(statistics.median(len(f) for f in data)),
        "read_ms_p50": round(statistics.median(times) * 1000, 4),
        "rules": "every view" if args.whole else "once",
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['updates']} updates, rules {result['rules']}: "
            f"{result['bytes_p50']} bytes a message (median), "
            f"read in {result['read_ms_p50']} ms"
        )


if __name__ == "__main__":
    main()
