"""`shengji bench bots`: duplicate deals between two bot levels.

Each deal (`new_game(preset, seed)`, the match's first deal) is played once per
seat arrangement of a duplicate set, with the same cards:
- fixed partners (two teams on alternate seats): A takes every seat of one
  team and B the other's, then the teams are swapped (four seats: A on 0 and 2,
  then on 1 and 3; six seats: A on 0, 2, 4, then on 1, 3, 5);
- otherwise (a solo dealer against the rest, odd seat counts; find friends):
  A takes one seat and B every other, A rotated through every seat, so the
  deal is played once per seat of A.
The engine is driven directly (no Table, no delays): cards are dealt one at a
time and the seat that just got a card may declare; when every card is dealt
each seat in turn may still declare (until a full round passes), then the
declarations close; burying, kitty theft and play go to the seat
`state.awaiting()` names.

Per duplicate set it records, from A's side: levels gained minus levels
conceded and the point margin (attacker points, + for the attackers), each
compared seat by seat with what B scored in the same seat of the same deal
and halved (with two teams, exactly the mean over the pair of A's side's gain
minus B's side's gain); the deal-win rate of A's side (dealer side held /
attackers reached the take-over threshold); and per bot: kitty captures,
failed throws, illegal (refused) commands, and the time of every decision a
bot was awaited for (bury, steal or pass, play). Means come with 95%
bootstrap confidence intervals over the sets.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..bots import Bot, BotOptions, BotSpec, UnknownBotLevel, bot_level, is_external
from ..bots.search import watch_parent
from ..engine import (
    SUPPORTED,
    CardDealt,
    DealNext,
    DealScored,
    DealSettled,
    Declare,
    GameState,
    KittyCaptured,
    NextDeal,
    RuleError,
    ThrowFailed,
    apply,
    new_game,
    view_for,
)
from ..rules import DealResult, RuleSet
from ..table.plan import fallback_bot


@dataclass
class RunResult:
    """One deal played once."""

    preset: str
    seed: int
    a_seats: tuple[int, ...]
    dealer_side: tuple[int, ...] = ()
    attacker_points: int = 0
    # levels gained by A's side (the side of A's seats); eighty points: match points
    a_levels: int = 0
    b_levels: int = 0  # levels gained by the side against A's
    a_won: bool = False
    # per seat: its side's levels minus the other side's; attacker points, + for
    # the attackers; whether its side won the deal (a match: see play_match)
    seat_levels: tuple[float, ...] = ()
    seat_margin: tuple[int, ...] = ()
    seat_won: tuple[bool, ...] = ()
    kitty_captured_by: str | None = None  # "a" / "b"
    failed_throws: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    illegal: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    decisions: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    illegal_notes: list[str] = field(default_factory=list)
    deals: int = 1  # deals played (a whole match: more)
    # external bots: answers replaced by the normal bot's move (bots/external.py)
    fallbacks: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    kitty_counts: dict[str, int] | None = None  # a whole match: captures per bot


def _who(seat: int, a_seats: Sequence[int]) -> str:
    return "a" if seat in a_seats else "b"


def play_deal(
    preset: str | RuleSet,
    seed: int,
    bots: dict[int, Bot],
    a_seats: tuple[int, ...],
    max_commands: int = 20_000,
) -> RunResult:
    """Play the first deal of `new_game(preset, seed)` with `bots` at the seats."""
    state = new_game(preset, seed)
    res = RunResult(preset=state.rules.name, seed=seed, a_seats=a_seats)
    fallback = {s: fallback_bot(seed, s) for s in range(state.players)}
    state = drive(state, bots, res, fallback, max_commands)
    _score(state, res)
    _done(bots, res)
    return res


def _done(bots: dict[int, Bot], res: RunResult) -> None:
    """Count the external bots' fallbacks and stop their programs."""
    for s, bot in bots.items():
        res.fallbacks[_who(s, res.a_seats)] += getattr(bot, "fallbacks", 0)
        close = getattr(bot, "close", None)
        if callable(close):
            close()


def drive(
    state: GameState,
    bots: dict[int, Bot],
    res: RunResult,
    fallback: dict[int, Bot],
    max_commands: int = 20_000,
) -> GameState:
    """Play the deal in `state` until it is scored (or the match is over),
    counting into `res` each bot's decisions, times and refused commands."""
    preset, seed, a_seats = res.preset, res.seed, res.a_seats
    n = state.players
    steps = 0

    def declare(state: GameState, seat: int) -> tuple[GameState, bool]:
        view = view_for(state, seat)
        cmd = bots[seat].decide(view)
        if not isinstance(cmd, Declare):
            return state, False
        try:
            state, _ = apply(state, cmd.model_copy(update={"version": state.version}))
            return state, True
        except RuleError as e:
            who = _who(seat, a_seats)
            res.illegal[who] += 1
            res.illegal_notes.append(f"{preset}/{seed} seat {seat}: {e.sentence}")
            return state, False

    while state.phase not in ("scoring", "finished"):
        steps += 1
        if steps > max_commands:
            raise RuntimeError(f"{preset}/{seed}: the deal did not end")
        phase = state.phase
        if phase == "dealing":
            state, evs = apply(state, DealNext())
            for e in evs:
                if isinstance(e, CardDealt):
                    state, _ = declare(state, e.seat)
            continue
        if phase == "declaring":
            for _ in range(8):
                any_decl = False
                for seat in range(n):
                    state, did = declare(state, seat)
                    any_decl = any_decl or did
                if not any_decl:
                    break
            state, _ = apply(state, DealNext())
            continue
        awaited = state.awaiting()
        assert awaited is not None
        seat = awaited
        who = _who(seat, a_seats)
        view = view_for(state, seat)
        t0 = time.perf_counter()
        cmd = bots[seat].decide(view)
        res.decisions[who].append((time.perf_counter() - t0) * 1000.0)
        ok = False
        if cmd is not None:
            try:
                state, _ = apply(state, cmd.model_copy(update={"version": state.version}))
                ok = True
            except RuleError as e:
                res.illegal_notes.append(f"{preset}/{seed} seat {seat}: {e.sentence}")
        if not ok:
            res.illegal[who] += 1
            fb = fallback[seat].decide(view)
            assert fb is not None
            state, _ = apply(state, fb.model_copy(update={"version": state.version}))
    return state


def play_match(
    preset: str | RuleSet,
    seed: int,
    bots: dict[int, Bot],
    a_seats: tuple[int, ...],
    max_deals: int = 40,
) -> RunResult:
    """Play the match of `new_game(preset, seed)` from its first deal to its end
    (or `max_deals` deals). The figures are the match's: per seat the levels it
    climbed (eighty points: its match points), the sum of the deals' point
    margins, and whether its side won the match (at the cap: was ahead)."""
    state = new_game(preset, seed)
    rs = state.rules
    n = state.players
    res = RunResult(preset=rs.name, seed=seed, a_seats=a_seats)
    fallback = {s: fallback_bot(seed, s) for s in range(n)}
    start = [rs.levels.index(lv) for lv in state.levels]
    margins = [0] * n
    counts = {"a": 0, "b": 0}
    res.kitty_counts = counts
    deals = 0
    while True:
        state = drive(state, bots, res, fallback)
        deal = RunResult(preset=rs.name, seed=seed, a_seats=a_seats)
        _score(state, deal)
        deals += 1
        margins = [m + d for m, d in zip(margins, deal.seat_margin or (0,) * n, strict=True)]
        for who in ("a", "b"):
            res.failed_throws[who] += deal.failed_throws[who]
        if deal.kitty_captured_by is not None:
            counts[deal.kitty_captured_by] += 1
        if state.phase == "finished" or deals >= max_deals:
            break
        state, _ = apply(state, NextDeal())
    if rs.bidding == "points_up":
        gains = list(state.match_scores)
    else:
        gains = [rs.levels.index(lv) - s0 for lv, s0 in zip(state.levels, start, strict=True)]
    res.deals = deals
    res.seat_margin = tuple(margins)
    if state.winners:
        won = [s in state.winners for s in range(n)]
    else:  # the cap: the seats of the highest gain lead the match
        top = max(gains)
        won = [g == top and gains.count(top) < n for g in gains]
    res.seat_won = tuple(won)
    res.a_won = won[a_seats[0]]
    # per seat: its gain minus the mean gain of the seats not on its side
    teams = state.teams
    res.seat_levels = tuple(
        g - _mean([gains[o] for o in range(n) if teams[o] != teams[s]] or [0])
        for s, g in enumerate(gains)
    )
    res.a_levels = gains[a_seats[0]]
    res.b_levels = max((gains[o] for o in range(n) if o not in a_seats), default=0)
    _done(bots, res)
    return res


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _score(state: GameState, res: RunResult) -> None:
    a = res.a_seats
    res.dealer_side = state.dealer_side
    a_defends = a[0] in state.dealer_side
    for e in state.log:
        if isinstance(e, ThrowFailed):
            res.failed_throws[_who(e.seat, a)] += 1
        elif isinstance(e, KittyCaptured):
            res.kitty_captured_by = _who(e.seat, a)
        elif isinstance(e, DealScored):
            r = e.result
            res.attacker_points = e.attacker_points
            if r.attackers_take_over:
                gain_att, gain_def = r.attacker_levels, 0
            else:
                gain_att, gain_def = 0, r.dealer_side_levels
            if a_defends:
                res.a_levels, res.b_levels = gain_def, gain_att
                res.a_won = not r.attackers_take_over
            else:
                res.a_levels, res.b_levels = gain_att, gain_def
                res.a_won = r.attackers_take_over
            defends = [s in state.dealer_side for s in range(state.players)]
            res.seat_levels = tuple(
                gain_def - gain_att if d else gain_att - gain_def for d in defends
            )
            if state.rules.partnership == "find_friends":
                gains = _friend_gains(state, r)
                res.seat_levels = tuple(own - other for own, other in gains)
                res.a_levels, res.b_levels = gains[a[0]]
            res.seat_margin = tuple(-e.attacker_points if d else e.attacker_points for d in defends)
            res.seat_won = tuple(d != r.attackers_take_over for d in defends)
        elif isinstance(e, DealSettled):
            # eighty points: the deal is worth match points, not levels
            res.seat_levels = e.deltas
            res.a_levels = sum(e.deltas[s] for s in a)
            res.b_levels = sum(d for s, d in enumerate(e.deltas) if s not in a)
            res.seat_won = tuple(d > 0 for d in e.deltas)
            res.a_won = res.a_levels > res.b_levels


def _friend_gains(state: GameState, r: DealResult) -> list[tuple[int, int]]:
    """Find friends, per seat: (its own gain, the other side's gain). Levels are
    per seat: at five seats the dealer's and the friend's shares differ."""
    out = []
    for s in range(state.players):
        if r.attackers_take_over:
            att = r.attacker_levels
            out.append((0, att) if s in state.dealer_side else (att, 0))
        elif s in state.dealer_side:
            out.append((r.dealer_side_levels if s == state.dealer else r.friend_levels, 0))
        else:
            out.append((0, r.dealer_side_levels))
    return out


def make_bots(
    level_a: str, level_b: str, seed: int, a_seats: tuple[int, ...], n: int, options: dict[str, Any]
) -> dict[int, Bot]:
    out: dict[int, Bot] = {}
    for s in range(n):
        lv = level_a if s in a_seats else level_b
        given = options if lv == "hard" else {}
        if is_external(lv) and "budget_ms" in options:  # (its time per decision)
            given = {"budget_ms": options["budget_ms"]}
        opts = BotOptions.model_validate(given)
        spec = BotSpec(level=bot_level(lv), seed=seed * 8 + s, name=f"{lv}-{s}", options=opts)
        out[s] = spec.make()
    return out


def arrangements(teams: Sequence[int]) -> list[tuple[int, ...]]:
    """A's seats in each run of a duplicate set, from the seats' teams: two teams
    of several seats (fixed partners): A on each team in turn; otherwise A on
    each seat in turn (B everywhere else)."""
    ids = sorted(set(teams))
    n = len(teams)
    if len(ids) == 2 and all(teams.count(t) > 1 for t in ids):
        return [tuple(s for s in range(n) if teams[s] == t) for t in ids]
    return [(s,) for s in range(n)]


def play_set(
    preset: str | RuleSet,
    seed: int,
    level_a: str,
    level_b: str,
    options: dict[str, Any],
    match: int = 0,
) -> tuple[RunResult, ...]:
    """The duplicate set of one deal (`match` > 0: of one whole match of at most
    that many deals): one run per seat arrangement of A and B."""
    state = new_game(preset, seed)
    n = state.players
    out = []
    for a in arrangements(list(state.teams)):
        bots = make_bots(level_a, level_b, seed, a, n, options)
        if match:
            out.append(play_match(preset, seed, bots, a, max_deals=match))
        else:
            out.append(play_deal(preset, seed, bots, a))
    return tuple(out)


def play_pair(
    preset: str | RuleSet, seed: int, level_a: str, level_b: str, options: dict[str, Any]
) -> tuple[RunResult, RunResult]:
    """The duplicate pair of a two-team preset: A on one team, then on the other."""
    runs = play_set(preset, seed, level_a, level_b, options)
    if len(runs) != 2:
        raise ValueError(f"{runs[0].preset} is not played by two teams: use play_set")
    return runs[0], runs[1]


def _set_job(
    args: tuple[str | RuleSet, int, str, str, dict[str, Any], int],
) -> tuple[RunResult, ...]:
    return play_set(*args)


# ------------------------------------------------------------------ statistics


def bootstrap_ci(
    values: Sequence[float], reps: int = 2000, seed: int = 12345
) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean."""
    if not values:
        return (0.0, 0.0)
    rng = random.Random(seed)
    k = len(values)
    means = []
    for _ in range(reps):
        s = 0.0
        for _ in range(k):
            s += values[rng.randrange(k)]
        means.append(s / k)
    means.sort()
    return (means[int(0.025 * reps)], means[int(0.975 * reps) - 1])


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))
    return s[i]


def seat_edge(runs: Sequence[RunResult], per_seat: Callable[[RunResult], Sequence[float]]) -> float:
    """A's edge over B in one duplicate set: for each seat, A's mean figure there
    minus B's mean figure in that seat of the same deal; the mean over the seats,
    halved (so that with two teams it is the mean of A's side minus B's side)."""
    n = len(per_seat(runs[0]))
    total = 0.0
    for s in range(n):
        a = [per_seat(r)[s] for r in runs if s in r.a_seats]
        b = [per_seat(r)[s] for r in runs if s not in r.a_seats]
        total += sum(a) / len(a) - sum(b) / len(b)
    return total / n / 2


def summarise(
    pairs: Sequence[Sequence[RunResult]], level_a: str, level_b: str, extra: dict[str, Any]
) -> dict[str, Any]:
    """The figures over duplicate sets (`pairs`: the runs of each set)."""
    diffs = [seat_edge(p, lambda r: r.seat_levels) for p in pairs]
    margins = [seat_edge(p, lambda r: r.seat_margin) for p in pairs]
    wins_a = [sum(1.0 for r in p if r.a_won) / len(p) for p in pairs]
    runs = [r for p in pairs for r in p]

    def per(key: str) -> dict[str, Any]:
        dec = [x for r in runs for x in r.decisions[key]]
        return {
            "level": level_a if key == "a" else level_b,
            "deal_win_rate": round(
                sum(1 for r in runs if r.a_won == (key == "a")) / max(1, len(runs)), 4
            ),
            "kitty_captures": sum(
                r.kitty_counts[key] if r.kitty_counts is not None else r.kitty_captured_by == key
                for r in runs
            ),
            "failed_throws": sum(r.failed_throws[key] for r in runs),
            "illegal_moves": sum(r.illegal[key] for r in runs),
            "decisions": len(dec),
            "decision_ms_p50": round(percentile(dec, 50), 3),
            "decision_ms_p99": round(percentile(dec, 99), 3),
            "decision_ms_max": round(max(dec, default=0.0), 3),
            "external_fallbacks": sum(r.fallbacks[key] for r in runs),
        }

    a, b = per("a"), per("b")
    lo, hi = bootstrap_ci(diffs)
    mlo, mhi = bootstrap_ci(margins)
    wlo, whi = bootstrap_ci(wins_a)
    out: dict[str, Any] = {
        "a": level_a,
        "b": level_b,
        "pairs": len(pairs),
        "deals_played": len(runs),
        "level_diff_mean": round(sum(diffs) / max(1, len(diffs)), 4),
        "level_diff_ci": [round(lo, 4), round(hi, 4)],
        "point_margin_mean": round(sum(margins) / max(1, len(margins)), 3),
        "point_margin_ci": [round(mlo, 3), round(mhi, 3)],
        "deal_win_rate_a": round(sum(wins_a) / max(1, len(wins_a)), 4),
        "deal_win_rate_a_ci": [round(wlo, 4), round(whi, 4)],
        "kitty_captures": {"a": a["kitty_captures"], "b": b["kitty_captures"]},
        "failed_throws": {"a": a["failed_throws"], "b": b["failed_throws"]},
        "illegal_moves": a["illegal_moves"] + b["illegal_moves"],
        "decisions": a["decisions"] + b["decisions"],
        "decision_ms_p50": {"a": a["decision_ms_p50"], "b": b["decision_ms_p50"]},
        "decision_ms_p99": {"a": a["decision_ms_p99"], "b": b["decision_ms_p99"]},
        "external_fallbacks": {"a": a["external_fallbacks"], "b": b["external_fallbacks"]},
        "per_bot": {"a": a, "b": b},
    }
    out.update(extra)
    notes = [n for r in runs for n in r.illegal_notes][:20]
    if notes:
        out["illegal_notes"] = notes
    return out


# ------------------------------------------------------------------ the command


class Progress:
    def __init__(self, total: int, label: str, enabled: bool = True) -> None:
        self.total = max(1, total)
        self.label = label
        self.enabled = enabled
        self.start = time.perf_counter()
        self.done = 0

    def step(self, k: int = 1) -> None:
        self.done += k
        if not self.enabled:
            return
        width = 30
        fill = int(width * self.done / self.total)
        el = time.perf_counter() - self.start
        eta = el / self.done * (self.total - self.done) if self.done else 0.0
        sys.stderr.write(
            f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] "
            f"{self.done}/{self.total} pairs  {el:5.0f}s  eta {eta:5.0f}s"
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()


def run_bench(
    level_a: str,
    level_b: str,
    deals: int,
    presets: Sequence[str | RuleSet],
    seed: int = 1,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: bool = True,
    match: int = 0,
    log: Path | None = None,
) -> dict[str, Any]:
    """`deals` duplicate sets of first deals (`match` > 0: of whole matches of
    at most `match` deals each). `log`: each set's runs are appended to it as
    one JSON line as soon as the set is played (a long run stopped early keeps
    what it played: `summarise_log` reads it back)."""
    opts = dict(options or {})
    tasks = []
    for i in range(deals):
        preset = presets[i % len(presets)]
        tasks.append((preset, seed + i, level_a, level_b, opts, match))
    bar = Progress(len(tasks), f"{level_a} vs {level_b}", progress)
    pairs: list[tuple[RunResult, ...]] = []
    t0 = time.perf_counter()
    out = log.open("ab") if log is not None else None
    packed = log is not None and log.suffix == ".gz"

    def done(runs: tuple[RunResult, ...]) -> None:
        pairs.append(runs)
        if out is not None:
            line = (json.dumps([asdict(r) for r in runs]) + "\n").encode("utf-8")
            # a compressed log gets one whole gzip member per set: a run killed
            # mid-way leaves a log that reads back (members concatenate)
            out.write(gzip.compress(line) if packed else line)
            out.flush()
        bar.step()

    try:
        if jobs <= 1:
            for t in tasks:
                done(_set_job(t))
        else:
            # (a bench killed mid-run takes its workers with it: watch_parent)
            with ProcessPoolExecutor(
                max_workers=jobs, initializer=watch_parent, initargs=(os.getpid(),)
            ) as ex:
                for r in ex.map(_set_job, tasks, chunksize=1):
                    done(r)
    finally:
        if out is not None:
            out.close()
    bar.close()
    extra = {
        "presets": [p if isinstance(p, str) else p.name for p in presets],
        "runs_per_set": sorted({len(p) for p in pairs}),
        "seed": seed,
        "budget_ms": opts.get("budget_ms"),
        "guard": opts.get("guard", True),
        "horizon": opts.get("horizon"),
        "play_k": opts.get("play_k"),
        "seconds": round(time.perf_counter() - t0, 1),
        "match": bool(match),
    }
    if match:
        runs = [r for p in pairs for r in p]
        extra["match_deal_cap"] = match
        extra["deals_per_match"] = round(sum(r.deals for r in runs) / max(1, len(runs)), 2)
        extra["matches_capped"] = sum(1 for r in runs if r.deals >= match)
    return summarise(pairs, level_a, level_b, extra)


def headline(r: dict[str, Any]) -> dict[str, Any]:
    """The figures of a `run_bench` result a one-line report prints (the
    benchmarks' scripts: one JSON line per setting they try)."""
    return {
        "sets": r["pairs"],
        "deals": r["deals_played"],
        "per_deal": r["level_diff_mean"],
        "ci": list(r["level_diff_ci"]),
        "points": r["point_margin_mean"],
        "points_ci": list(r["point_margin_ci"]),
        "deal_win_rate_a": r["deal_win_rate_a"],
        "illegal": r["illegal_moves"],
        "seconds": r["seconds"],
    }


def _run_from(d: dict[str, Any]) -> RunResult:
    tuples = ("a_seats", "dealer_side", "seat_levels", "seat_margin", "seat_won")
    fields: dict[str, Any] = {k: tuple(v) if k in tuples else v for k, v in d.items()}
    return RunResult(**fields)


def log_text(path: Path) -> str:
    """A log's text, whether kept as written or compressed (`.gz`): what every
    reader of the bench's logs (and of benchmarks/results) goes through."""
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


def log_sets(path: Path) -> list[list[RunResult]]:
    """The sets logged in `path`, one list of runs per set (a log kept
    compressed, `.gz`, read as it is)."""
    text = log_text(path)
    return [[_run_from(d) for d in json.loads(ln)] for ln in text.splitlines() if ln.strip()]


def summarise_log(paths: Sequence[Path], level_a: str, level_b: str) -> dict[str, Any]:
    """The figures over the sets logged by `run_bench(log=...)` in `paths`
    (several runs' logs together; a set logged twice counts twice)."""
    pairs: list[tuple[RunResult, ...]] = []
    for path in paths:
        pairs.extend(tuple(runs) for runs in log_sets(path))
    runs = [r for p in pairs for r in p]
    extra: dict[str, Any] = {
        "presets": sorted({r.preset for r in runs}),
        "runs_per_set": sorted({len(p) for p in pairs}),
        "seeds": [min((r.seed for r in runs), default=0), max((r.seed for r in runs), default=0)],
        "budget_ms": None,
        "seconds": 0.0,
        "match": any(r.kitty_counts is not None for r in runs),
        "from_log": [str(p) for p in paths],
    }
    if extra["match"]:
        extra["deals_per_match"] = round(sum(r.deals for r in runs) / max(1, len(runs)), 2)
    return summarise(pairs, level_a, level_b, extra)


def _sets(r: dict[str, Any]) -> str:
    sizes = r.get("runs_per_set", [2])
    if sizes == [2]:
        return "pairs"
    return f"sets ({' or '.join(map(str, sizes))} seatings each)"


def format_text(r: dict[str, Any]) -> str:
    a, b = r["per_bot"]["a"], r["per_bot"]["b"]
    unit = "match" if r.get("match") else "deal"
    lines = [
        f"bots: A = {r['a']}, B = {r['b']}; {r['pairs']} duplicate {_sets(r)} "
        f"({r['deals_played']} deals) of {', '.join(r['presets'])}"
        + (f", budget {r['budget_ms']} ms" if r.get("budget_ms") else "")
        + f", {r['seconds']} s"
        + (
            f"\n  whole matches (at most {r.get('match_deal_cap', '?')} deals): "
            f"{r['deals_per_match']} deals a match, "
            f"{r.get('matches_capped', '?')} stopped at the cap"
            if r.get("match")
            else ""
        ),
        f"  levels gained per {unit}, A minus B: {r['level_diff_mean']:+.3f}  "
        f"95% CI [{r['level_diff_ci'][0]:+.3f}, {r['level_diff_ci'][1]:+.3f}]",
        f"  point margin per {unit} (A's view):  {r['point_margin_mean']:+.1f}  "
        f"95% CI [{r['point_margin_ci'][0]:+.1f}, {r['point_margin_ci'][1]:+.1f}]",
        f"  {unit}-win rate A: {r['deal_win_rate_a']:.3f}  "
        f"95% CI [{r['deal_win_rate_a_ci'][0]:.3f}, {r['deal_win_rate_a_ci'][1]:.3f}]",
        f"  {'':10} {'kitty caps':>10} {'failed thr':>10} {'illegal':>8} "
        f"{'decisions':>9} {'p50 ms':>8} {'p99 ms':>8}",
    ]
    for tag, x in (("A", a), ("B", b)):
        if x["external_fallbacks"]:
            lines.append(f"  {tag}: {x['external_fallbacks']} answers replaced by the normal bot's")
        lines.append(
            f"  {tag + ' ' + x['level']:10} {x['kitty_captures']:>10} {x['failed_throws']:>10} "
            f"{x['illegal_moves']:>8} {x['decisions']:>9} {x['decision_ms_p50']:>8.2f} "
            f"{x['decision_ms_p99']:>8.2f}"
        )
    lines.append(f"  illegal moves: {r['illegal_moves']} (must be 0)")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    presets: list[str] = []
    chosen = list(SUPPORTED) if getattr(args, "all_presets", False) else args.preset
    for p in chosen or ["classic"]:
        presets.extend(SUPPORTED if p == "all" else [p])
    for p in presets:
        if p not in SUPPORTED:
            print(f"shengji: the engine does not play {p!r} yet", file=sys.stderr)
            return 2
    for lv in (args.a, args.b):
        try:
            bot_level(lv)
        except UnknownBotLevel as e:
            print(f"shengji: {e}", file=sys.stderr)
            return 2
    if args.from_log:
        r = summarise_log([Path(p) for p in args.from_log], args.a, args.b)
        print(json.dumps(r) if args.json else format_text(r))
        return 0 if r["illegal_moves"] == 0 else 1
    options: dict[str, Any] = {}
    if args.budget_ms is not None:
        options["budget_ms"] = args.budget_ms
    if args.workers is not None:
        options["workers"] = args.workers
    if args.no_guard:
        options["guard"] = False
    if args.horizon is not None:
        options["horizon"] = args.horizon
    if args.play_k is not None:
        options["play_k"] = args.play_k
    r = run_bench(
        args.a,
        args.b,
        args.deals,
        presets,
        seed=args.seed,
        options=options,
        jobs=args.jobs,
        progress=not args.no_progress,
        match=args.match_deals if args.match else 0,
        log=Path(args.log) if args.log else None,
    )
    if args.json:
        print(json.dumps(r))
    else:
        print(format_text(r))
    return 0 if r["illegal_moves"] == 0 else 1


def _level(text: str) -> str:
    try:
        return bot_level(text)
    except UnknownBotLevel as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _horizon(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"a number of tricks, 0 or more, not {text!r}")
    return n


def _plays(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"a number of plays, 1 or more, not {text!r}")
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    """`shengji bench bots`'s flags, in groups (--preset, --seed and --json are
    the bench command's own)."""
    levels = "random, easy, normal, hard or external:COMMAND"
    bots = p.add_argument_group("bench bots: who plays")
    runs = p.add_argument_group("bench bots: the runs")
    logs = p.add_argument_group("bench bots: logs")
    bots.add_argument("--a", default="hard", type=_level, help=f"bot A: {levels}")
    bots.add_argument("--b", default="normal", type=_level, help="bot B")
    runs.add_argument("--deals", type=int, default=50, help="deals, each a duplicate set")
    bots.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="hard bot: time per move (default: its own, 300); an external bot: time per "
        "decision (default: 1000)",
    )
    bots.add_argument(
        "--workers",
        type=int,
        default=None,
        help="hard bot: search processes (default: 2 on a machine with 2 cores or more)",
    )
    bots.add_argument(
        "--no-guard",
        action="store_true",
        help="hard bot: no wall-clock stop, its moves depend on the work count only "
        "(the same on a loaded machine; decision times may then exceed the budget)",
    )
    bots.add_argument(
        "--horizon",
        type=_horizon,
        default=None,
        help="hard bot: tricks a rollout plays before the cut-off evaluation "
        "(0: to the end of the deal; default: 6, more on longer deals)",
    )
    bots.add_argument(
        "--play-k",
        type=_plays,
        default=None,
        help="hard bot: candidate plays searched in every deal (default: 3; from 200 ms 8, "
        "hands half again classic's 16)",
    )
    runs.add_argument("--jobs", type=int, default=1, help="deals played in parallel processes")
    runs.add_argument("--no-progress", action="store_true", help="no progress bar")
    runs.add_argument(
        "--match",
        action="store_true",
        help="duplicate whole matches (level 2 to the end) instead of first deals",
    )
    runs.add_argument(
        "--match-deals", type=int, default=40, help="--match: stop a match after this many deals"
    )
    logs.add_argument(
        "--log",
        metavar="FILE",
        help="append each duplicate set's runs to FILE as one JSON line when it is played",
    )
    logs.add_argument(
        "--from-log",
        metavar="FILE",
        nargs="+",
        help="play nothing: the figures over the sets logged in FILE(s) (--a/--b name the bots)",
    )
    runs.add_argument(
        "--all-presets", action="store_true", help="cycle through every preset the engine plays"
    )
