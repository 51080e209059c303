"""A cheap screen for the hard bot's rollout policy: the policy plays
against the normal bot.

    .venv/bin/python benchmarks/rollout_duel.py --preset three-deck --deals 1000
    .venv/bin/python benchmarks/rollout_duel.py --preset three-deck --deals 1000 \\
        --per-seed NEW.txt --compare OLD.txt

The search plays each candidate on with `rollout.fast_lead` / `fast_follow`
over sampled hands; a policy that misplays there misjudges the candidates. This
script seats that policy on one team and the normal bot on the other, for the
play; every other decision (declaring, burying) is the playbook's. At each of
its plays the policy sees one deal sampled as the search samples them (its own
hand, the others' consistent with what it has seen). `--true-hands` shows it
every hand instead: that flatters the rules that read a partner's hand.
Duplicate pairs (the same cards with the teams swapped), seeds from `--seed`;
a three-deck pair costs about a second.

This ranks policies as players, not as the search's policy: three rules that
gained +0.05 levels a deal here cost the hard bot 0.07 (docs/bots.md, "Finding
strength", item 13). Use it to find a policy's plain mistakes and to check a
change does what it means to; only the hard bot's own duplicate pairs decide.

`--per-seed FILE` writes each pair's figures (seed, levels, points); with
`--compare OLD` the run is also compared seed by seed with an earlier file
(the same seeds: most of the deals' luck cancels).
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path

from shengji_tui.bots import rollout
from shengji_tui.bots.base import Bot
from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.sense import Sense
from shengji_tui.bots.tracker import sample_spec
from shengji_tui.engine import GameState, SeatView, new_game
from shengji_tui.rules import Card, RuleSet, TrumpContext
from shengji_tui.table.plan import plan


class PolicyBot(PlaybookBot):
    """The rollout policy for the play, on one sampled deal (`true_hands`: on
    the true deal); the playbook otherwise."""

    def __init__(self, seed: int, truth: list[GameState], true_hands: bool = False) -> None:
        super().__init__(seed, "policy")
        self.truth = truth  # [the state being decided]: set by the driver
        self.true_hands = true_hands

    def play(self, view: SeatView) -> list[Card]:
        sn = Sense(view.rules, TrumpContext(view.level, view.trump_suit))
        trick = [(p.seat, list(p.cards)) for p in view.trick]
        leader = trick[0][0] if trick else view.seat
        n = view.rules.players
        if self.true_hands:
            st = self.truth[0]
            hands, kitty = [list(h) for h in st.hands], list(st.kitty)
        else:  # what the search's rollouts see: a deal consistent with this seat's view
            rng = random.Random(f"duel/{self.seed}/{view.version}")
            others, kitty = sample_spec(self.tracker(view).spec(), sn, rng)
            hands = [list(view.hand) if s == view.seat else list(others[s]) for s in range(n)]
            if view.kitty is not None:
                kitty = list(view.kitty)
        sim = rollout.Sim(
            sn,
            hands,
            trick,
            leader,
            list(view.points_by_seat),
            {s for s in range(n) if s not in view.dealer_side},
            kitty,
        )
        if trick:
            return rollout.fast_follow(sim, view.seat)
        return rollout.fast_lead(sim, view.seat)


def one_run(
    rs: RuleSet, seed: int, a_seats: tuple[int, ...], true_hands: bool = False
) -> tuple[float, float]:
    """The first deal of `seed` with the policy on `a_seats`: A's levels (taking
    over counts one, as in the search) and A's attacker points (negative: B's)."""
    truth: list[GameState] = [new_game(rs, seed)]
    bots: dict[int, Bot] = {
        s: PolicyBot(seed * 8 + s, truth, true_hands) if s in a_seats else PlaybookBot(seed * 8 + s)
        for s in range(rs.players)
    }
    st = truth[0]
    while st.phase not in ("scoring", "finished"):
        truth[0] = st
        step = plan(st, bots, all_bots=True)
        assert step is not None
        st = step.state
    r, pts = st.result, st.attacker_points
    assert r is not None and pts is not None
    a_attacks = not set(a_seats) & set(st.dealer_side)
    att = r.attacker_levels + 1 if r.attackers_take_over else 0
    dfn = 0 if r.attackers_take_over else r.dealer_side_levels
    return float(att - dfn if a_attacks else dfn - att), float(pts if a_attacks else -pts)


def teams(rs: RuleSet) -> list[tuple[int, ...]]:
    n = rs.players
    return [tuple(range(0, n, 2)), tuple(range(1, n, 2))]


def summary(name: str, xs: list[float]) -> str:
    mean = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return f"{name} {mean:+.3f} ± {half:.3f}"


def load(path: Path) -> dict[int, tuple[float, float]]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        seed, lv, pts = line.split()
        out[int(seed)] = (float(lv), float(pts))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="three-deck")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-seed", type=Path, default=None)
    ap.add_argument("--compare", type=Path, default=None)
    ap.add_argument(
        "--true-hands", action="store_true", help="the policy sees every hand (flatters it)"
    )
    a = ap.parse_args()
    rs = RuleSet.preset(a.preset)
    if rs.partnership != "fixed" or rs.players % 2:
        raise SystemExit("the duel needs two fixed teams (classic, three-deck, four-deck, ...)")
    rows: dict[int, tuple[float, float]] = {}
    out = a.per_seed.open("w", encoding="utf-8") if a.per_seed else None
    for seed in range(a.seed, a.seed + a.deals):
        runs = [one_run(rs, seed, t, a.true_hands) for t in teams(rs)]
        rows[seed] = (sum(r[0] for r in runs) / 2, sum(r[1] for r in runs) / 2)
        if out is not None:
            out.write(f"{seed} {rows[seed][0]} {rows[seed][1]}\n")
            out.flush()
    lv = [v[0] for v in rows.values()]
    pts = [v[1] for v in rows.values()]
    print(
        f"{a.preset}, {len(rows)} pairs: policy − normal",
        summary("levels/deal", lv),
        summary("points", pts),
    )
    if a.compare is not None:
        old = load(a.compare)
        seeds = sorted(set(old) & set(rows))
        dl = [rows[s][0] - old[s][0] for s in seeds]
        dp = [rows[s][1] - old[s][1] for s in seeds]
        print(
            f"against {a.compare} on {len(seeds)} seeds:",
            summary("levels/deal", dl),
            summary("points", dp),
        )


if __name__ == "__main__":
    main()
