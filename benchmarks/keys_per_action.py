"""Keys per common action at the table: the plain keys alone ("before") and all ("after").

    .venv/bin/python benchmarks/keys_per_action.py              # 12 deals of classic
    .venv/bin/python benchmarks/keys_per_action.py --deals 40 --json

The normal bot plays every seat of seeded classic deals; each seat is a
player in turn, and what the bot plays there is what the player wants to
play. At each of a seat's decisions of four kinds, the fewest key presses that select exactly
those cards and send them, found by breadth-first search over the real
`Model`'s actions (tui/model.py), from where the table puts the cursor:

- a plain single follow: a single led, followed in its suit;
- a pair follow: a pair led, followed by a pair of its suit;
- a lead of a tractor;
- a hand-picked bury of the 8 kitty cards (the hint key `s` is not counted
  anywhere: it plays the hint, not the player's choice).

Before: ← → to move (round the hand), space to select, enter to send; the
cursor where the last action left it. After: also ↑ ↓ (Tab, shift+Tab) to the
previous / next suit, Home / End to the suit's edges, `a` for the unit under
the cursor (following: the play of the lead's shape holding it), the digits
for the n-th legal play (listed when there are 2 to 9), enter alone for the
only legal play; the cursor starts on the led suit when following. After an
action the cursor is left on the last card sent (both ways).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import Any

from shengji_tui import rules
from shengji_tui.bots import BotSpec
from shengji_tui.engine import Bury, GameState, Play, SeatView, events_for, new_game, view_for
from shengji_tui.rules import Card
from shengji_tui.table.plan import plan
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.records import Prefs, TableFacts

KINDS = ("single follow", "pair follow", "tractor lead", "bury of 8")
Node = tuple[int, frozenset[int]]


class OldModel(Model):
    """The model as it was: the cursor stays where it was when a follow begins."""

    def _follow_began(self, prev: SeatView | None, view: SeatView) -> bool:
        return False


def model(cls: type[Model], seat: int) -> Model:
    cat = Catalogue("en")
    return cls(
        Prefs(cat, CardText(cat, False)),
        TableFacts(["You", "Ana", "Mei", "Ken"], seat, humans=[seat]),
    )


def kind_of(state: GameState, cmd: Play | Bury) -> str | None:
    rs, ctx = state.rules, state.ctx
    if isinstance(cmd, Bury):
        return "bury of 8" if len(cmd.cards) == 8 else None
    cards = list(cmd.cards)
    if not state.trick:
        return "tractor lead" if rules.is_tractor(rs, ctx, cards) else None
    lead = list(state.trick[0].cards)
    suit = rules.effective_suit(rs, ctx, lead[0])
    if any(rules.effective_suit(rs, ctx, c) != suit for c in cards):
        return None
    if len(lead) == 1:
        return "single follow"
    if len(lead) == 2 and lead[0] == lead[1] and cards[0] == cards[1]:
        return "pair follow"
    return None


def actions(m: Model, new_keys: bool) -> list[Callable[[], object]]:
    out: list[Callable[[], object]] = [lambda: m.move(-1), lambda: m.move(1), m.toggle]
    if new_keys:
        out += [
            lambda: m.jump(-1),
            lambda: m.jump(1),
            lambda: m.suit_edge(False),
            lambda: m.suit_edge(True),
            m.toggle_unit,
        ]
        out += [functools.partial(m.pick_play, n) for n in range(1, len(m.listed_plays()) + 1)]
    return out


def fewest_keys(m: Model, target: Sequence[Card], new_keys: bool) -> int:
    """The fewest presses from the model's cursor (nothing selected) to sending
    exactly `target` (the selection stays within it: a card picked by mistake
    only costs more)."""
    want = Counter(target)
    if new_keys and m.only_play() is not None and Counter(m.only_play()) == want:
        return 1  # enter alone
    hand = list(m.facts.hand)

    def fits(sel: frozenset[int]) -> bool:
        got = Counter(hand[i] for i in sel)
        return all(got[c] <= want[c] for c in got)

    start: Node = (m.cursor.at, frozenset())
    seen = {start}
    todo: deque[tuple[Node, int]] = deque([(start, 0)])
    acts = actions(m, new_keys)
    while todo:
        (cursor, sel), cost = todo.popleft()
        if Counter(hand[i] for i in sel) == want:
            return cost + 1  # enter
        for act in acts:
            m.cursor.at, m.cursor.selected = cursor, sorted(sel)
            act()
            node: Node = (m.cursor.at, frozenset(m.cursor.selected))
            if node not in seen and fits(node[1]):
                seen.add(node)
                todo.append((node, cost + 1))
    raise AssertionError("no way to select the target")


def one_deal(seed: int) -> dict[str, list[tuple[int, int]]]:
    """Per kind: (keys before, keys after) of each decision of every seat (each
    seat a player in turn: four players' worth of decisions a deal)."""
    state = new_game("classic", seed)
    bots = {s: BotSpec(level="normal", seed=seed * 8 + s, name=f"bot{s}").make() for s in range(4)}
    worlds = {s: (model(OldModel, s), model(Model, s)) for s in range(4)}
    for s, pair in worlds.items():
        for m in pair:
            m.take_seat(s, view_for(state, s))
    out: dict[str, list[tuple[int, int]]] = {k: [] for k in KINDS}
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        assert step is not None
        cmd = step.command
        if step.seat is not None and isinstance(cmd, (Play, Bury)):
            before, after = worlds[step.seat]
            kind = kind_of(state, cmd)
            if kind is not None:
                keys = [
                    fewest_keys(m, cmd.cards, new) for m, new in ((before, False), (after, True))
                ]
                out[kind].append((keys[0], keys[1]))
            for m in (before, after):  # the cursor left on the last card sent
                m.cursor.selected = []
                m.cursor.at = max(i for i, c in enumerate(m.facts.hand) if c in cmd.cards)
        state = step.state
        for s, pair in worlds.items():
            view = view_for(state, s)
            for m in pair:
                m.apply(view, events_for(step.events, s, state))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    found: dict[str, list[tuple[int, int]]] = {k: [] for k in KINDS}
    for seed in range(1, args.deals + 1):
        for k, v in one_deal(seed).items():
            found[k].extend(v)
    report: dict[str, dict[str, Any]] = {}
    for k in KINDS:
        v = found[k]
        if not v:
            continue
        b, a = [x for x, _ in v], [y for _, y in v]
        report[k] = {
            "cases": len(v),
            "before": {
                "median": statistics.median(b),
                "mean": round(statistics.fmean(b), 1),
                "max": max(b),
            },
            "after": {
                "median": statistics.median(a),
                "mean": round(statistics.fmean(a), 1),
                "max": max(a),
            },
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'action':<15} {'cases':>5}   before median/mean/max   after median/mean/max")
        for k, r in report.items():
            b, a = r["before"], r["after"]
            print(
                f"{k:<15} {r['cases']:>5}   {b['median']:>6} {b['mean']:>5} {b['max']:>4}"
                f"          {a['median']:>6} {a['mean']:>5} {a['max']:>4}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
