#!/usr/bin/env python3
"""An outside bot for shengji-tui (docs/bot-protocol.md), standard library only.

    shengji play --bots external:"python3 examples/bots/cautious_bot.py"
    shengji bench bots --a external:"python3 examples/bots/cautious_bot.py" --b easy

It reads one JSON request a line on its standard input and writes one answer
line (echoing the request's "id") on its standard output. Its play is simple
on purpose: it never declares, passes every bid and steal, buries what it is
offered, and plays the legal move that gives away the fewest points (5s, 10s
and kings), the first one listed among equals.
"""

from __future__ import annotations

import json
import sys

POINTS = {"5": 5, "10": 10, "K": 10}


def points(cards: list[str]) -> int:
    # a card is "S10", "HK", "D5", or a joker "LJ" / "BJ": the rank follows the suit letter
    return sum(POINTS.get(c[1:], 0) for c in cards if c not in ("LJ", "BJ"))


def answer(request: dict) -> dict | None:
    legal = request["legal"]
    phase = request["view"]["phase"]
    if phase in ("dealing", "declaring"):
        return None  # never declares
    for kind in ("pass_bid", "pass_steal"):
        passing = [c for c in legal if c["type"] == kind]
        if passing:
            return passing[0]
    plays = [c for c in legal if c["type"] == "play"]
    if plays:
        return min(plays, key=lambda c: points(c["cards"]))
    return legal[0]


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        move = answer(request)
        out = {"id": request["id"], **move} if move is not None else {"id": request["id"]}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
