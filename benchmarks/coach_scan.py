"""Plain mistakes of the bots and the hint in bot games (`bots/plain.py`).

    .venv/bin/python benchmarks/coach_scan.py --preset classic --deals 200 --out scan.jsonl

Deals are played by the `--bots` levels (default normal at every seat; the
first deal of each seed from `--seed`). At every play where a plain mistake
is possible from what the deciding seat knows (an opponent still to play
known void in the led side suit who could ruff; a tuple with points in hand
while a higher one is out), the normal bot, the hard bot (`--hard-ms` of
work, one worker, no clock guard) and the hint (`bots.Advisor` as the TUI
asks it) are asked what they would play from that view; each answer is
judged (`plain.plain_mistake`), and the hint's reason checked (a ruff or a
win counting its own card as the trick's points); with `--price-ms` each
plain mistake is priced by the coach (`coach.price`: the deal played to the
end over many samples), which tells a plain mistake the search is right to
make from one it is not. Prints the counts per bot; `--out` keeps every
position where one of them erred (the view as JSON, each answer, its
verdict and price), the test positions' source.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shengji_tui import rules
from shengji_tui.bots import Advisor, BotOptions, BotSpec
from shengji_tui.bots.plain import plain_mistake, ruffs_over, tuple_into_higher
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.tracker import Tracker
from shengji_tui.coach import classify
from shengji_tui.coach.moments import Moment
from shengji_tui.coach.price import Job, price
from shengji_tui.engine import GameState, Play, SeatView, new_game, view_for
from shengji_tui.rules import Card, TrumpContext, format_cards, points
from shengji_tui.table.plan import plan


def fewest_points(view: SeatView) -> int:
    """The fewest points a legal follow gives (a lead: 0)."""
    if not view.trick:
        return 0
    ctx = TrumpContext(view.level, view.trump_suit)
    lead = list(view.trick[0].cards)
    follows = islice(rules.legal_follows(view.rules, ctx, list(view.hand), lead), 400)
    return min((points(f) for f in follows), default=0)


def risky(view: SeatView, tr: Tracker) -> bool:
    """Whether a plain mistake is possible here at all (a cheap screen)."""
    if view.trick:
        plays = [list(p.cards) for p in view.trick]
        return points(view.hand) > 0 and any(
            ruffs_over(tr, s, plays) for s in range(view.rules.players) if s != view.seat
        )
    sn = tr.sense
    by_ident: dict[int, list[Card]] = {}
    for c in view.hand:
        by_ident.setdefault(sn.ident[c.idx], []).append(c)
    return any(len(cs) >= 2 and tuple_into_higher(view, tr, cs[:2]) for cs in by_ident.values())


def counts_own(view: SeatView, key: str, args: dict[str, object], cards: list[Card]) -> bool:
    """The hint's reason counts its own cards as the trick's points."""
    if key not in ("ruff", "win"):
        return False
    before = sum(points(p.cards) for p in view.trick)
    return args.get("points") != before


def deal_states(preset: str, seed: int, levels: list[str]) -> list[GameState]:
    """The states at each play of the first deal of `new_game(preset, seed)`."""
    state = new_game(preset, seed)
    n = state.players
    bots = {
        s: BotSpec(level=levels[s % len(levels)], seed=seed * 10 + s, name=f"s{s}").make()
        for s in range(n)
    }
    out = []
    while state.result is None:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        if isinstance(step.command, Play):
            out.append(state)
        state = step.state
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="normal", help="levels per seat, comma separated")
    ap.add_argument("--hard-ms", type=float, default=300.0)
    ap.add_argument("--hint-ms", type=float, default=150.0)
    ap.add_argument(
        "--price-ms",
        type=float,
        default=0.0,
        help="also price each plain mistake with the coach at this budget (0: not)",
    )
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument(
        "--plain",
        choices=["avoid", "allow"],
        default="avoid",
        help="the bots avoid plain mistakes (as they play) or not (as they did)",
    )
    a = ap.parse_args()
    PlaybookBot.avoid_plain = a.plain == "avoid"  # (the hard bot's and the hint's too)
    levels = a.bots.split(",")
    opts = BotOptions(budget_ms=a.hard_ms, workers=1, guard=False)
    counts: dict[str, int] = {"positions": 0, "normal": 0, "hard": 0, "hint": 0, "hint_reason": 0}
    out = a.out.open("a") if a.out else None
    t0 = time.perf_counter()
    for seed in range(a.seed, a.seed + a.deals):
        normal = BotSpec(level="normal", seed=seed, name="normal").make()
        hard = BotSpec(level="hard", seed=seed, name="hard", options=opts).make()
        hint = Advisor(a.hint_ms, seed=seed)
        for state in deal_states(a.preset, seed, levels):
            seat = state.awaiting()
            assert seat is not None
            view = view_for(state, seat)
            tr = Tracker(view)
            if len(view.hand) <= 1 or not risky(view, tr):
                continue
            fewest = fewest_points(view)
            answers: dict[str, list[Card]] = {}
            for name, bot in (("normal", normal), ("hard", hard)):
                cmd = bot.decide(view)
                assert isinstance(cmd, Play)
                answers[name] = list(cmd.cards)
            advice = hint.advise(view)
            assert advice is not None
            answers["hint"] = list(advice.cards)
            verdicts = {k: plain_mistake(view, tr, v, fewest) for k, v in answers.items()}
            own = counts_own(view, advice.reason, advice.args, answers["hint"])
            priced: dict[str, dict[str, object]] = {}
            for k, v in verdicts.items():
                if v is None or a.price_ms <= 0:
                    continue
                m = Moment(
                    "play",
                    seat,
                    view.deal_no,
                    view.version,
                    view,
                    Play(seat=seat, cards=answers[k]),
                )
                pr = price(Job(m, a.price_ms))
                priced[k] = {
                    "best": pr.choices[pr.best].text(),
                    "cost_levels": round(pr.cost_levels, 4),
                    "stderr_levels": round(pr.stderr_levels, 4),
                    "cost_points": round(pr.cost_points, 2),
                    "class": classify(pr),
                }
                counts[f"{k}_priced_bad"] = counts.get(f"{k}_priced_bad", 0) + (
                    classify(pr) in ("mistake", "blunder")
                )
            counts["positions"] += 1
            for k, v in verdicts.items():
                counts[k] += v is not None
            counts["hint_reason"] += own
            if out is not None and (any(verdicts.values()) or own):
                out.write(
                    json.dumps(
                        {
                            "preset": a.preset,
                            "seed": seed,
                            "seat": seat,
                            "move": state.version,
                            "answers": {k: format_cards(v) for k, v in answers.items()},
                            "verdicts": verdicts,
                            "hint_reason": [advice.reason, advice.args] if own else None,
                            "priced": priced,
                            "view": json.loads(view.model_dump_json()),
                        },
                        default=str,
                    )
                    + "\n"
                )
                out.flush()
        el = time.perf_counter() - t0
        print(f"seed {seed}: {counts} ({el:.0f}s)", file=sys.stderr, flush=True)
    print(json.dumps({"preset": a.preset, "deals": a.deals, "bots": a.bots, **counts}))


if __name__ == "__main__":
    main()
