"""A deal analysed for one seat: every decision it made priced by the search
(`price.py`) from its view at that moment, classed, with a reason, and the
deal's summary.

`analyse(game, deal_no, seat, ...)` rebuilds the seat's decisions from the
game's commands (`moments.py`), prices them on a pool of worker processes
(one per core; one decision per task, so the result does not depend on how
many there are), reports progress and stops when asked (nothing is kept of a
stopped analysis). `DealAnalysis` is what is kept in the store
(`Store.keep_analysis`) and shown: `as_json` gives the command's JSON.

Classes, by the cost in levels (`cost`): fine below `INACCURACY` or within
`Z_SURE` standard errors of nothing; an inaccuracy from `INACCURACY`, a
mistake from `MISTAKE`, a blunder from `BLUNDER` (docs/bots.md, "The coach").
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..engine import Command, DealReview, GameState, review_of
from ..rules import RuleSet
from .moments import Kind, Moment, Step, moments, replayed
from .price import DEFAULT_BUDGET_MS, Job, Priced, price
from .reasons import Reason, reason

Class = Literal["fine", "inaccuracy", "mistake", "blunder"]
CLASSES: tuple[Class, ...] = ("fine", "inaccuracy", "mistake", "blunder")
INACCURACY = 0.15  # levels (about 5 points of classic)
MISTAKE = 0.3
BLUNDER = 0.6
Z_SURE = 2.0  # a cost within this many standard errors of 0 is noise: fine
METHOD = 7  # the analysis's own version: a stored one of another is done again


def classify(p: Priced) -> Class:
    """The class of a priced decision (see the module docstring)."""
    cost = p.cost_levels
    if p.unpriced or cost < INACCURACY or cost <= Z_SURE * p.stderr_levels:
        return "fine"
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    return "inaccuracy"


class Verdict(BaseModel):
    """One decision: what it was, what the search made of it, why."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    move: int  # the game's move (state version) the decision was made at
    trick: int | None  # plays: the trick (1-based)
    priced: Priced
    cls: Class
    reason: str  # a key of the catalogue's [coach] section
    args: dict[str, str | int]

    @property
    def played(self) -> str:
        return self.priced.choices[self.priced.played].text()

    @property
    def best(self) -> str:
        return self.priced.choices[self.priced.best].text()


class Summary(BaseModel):
    model_config = ConfigDict(frozen=True)

    decisions: int
    priced: int
    cost_levels: float
    cost_points: float
    counts: dict[str, int]
    worst: tuple[int, ...]  # the three costliest decisions (indices), costliest first


class DealAnalysis(BaseModel):
    """One seat's decisions in one deal, priced."""

    model_config = ConfigDict(frozen=True)

    table_id: str
    deal_no: int  # 0-based
    seat: int
    budget_ms: float
    horizon: int
    method: int = METHOD
    verdicts: tuple[Verdict, ...]

    def summary(self) -> Summary:
        vs = self.verdicts
        counts = {c: sum(1 for v in vs if v.cls == c) for c in CLASSES}
        # the costliest: by cost in levels, only decisions that cost something
        costly = sorted(
            (i for i, v in enumerate(vs) if v.cls != "fine"),
            key=lambda i: (-vs[i].priced.cost_levels, i),
        )
        return Summary(
            decisions=len(vs),
            priced=sum(1 for v in vs if not v.priced.unpriced),
            cost_levels=sum(v.priced.cost_levels for v in vs),
            cost_points=sum(v.priced.cost_points for v in vs),
            counts=counts,
            worst=tuple(costly[:3]),
        )


def method_key(budget_ms: float, horizon: int) -> str:
    """What an analysis in the store is keyed by beside its deal and seat."""
    return f"v{METHOD}/{budget_ms:g}ms/h{horizon}"


# ------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class GameLog:
    """A game as the analysis needs it: its rules, seed and commands."""

    table_id: str
    rules: RuleSet
    seed: int
    commands: Sequence[Command]


@dataclass(frozen=True)
class DealPlan:
    """A deal's decisions for one seat, and the deal's public record."""

    moments: list[Moment]
    review: DealReview | None  # None: the deal is not over


def plan(game: GameLog, deal_no: int, seat: int) -> DealPlan:
    """`seat`'s decisions in deal `deal_no` and the deal's review (once over)."""
    steps = list(replayed(game.rules, game.seed, game.commands))
    return plan_of(steps, deal_no, seat)


def plan_of(steps: Sequence[Step], deal_no: int, seat: int) -> DealPlan:
    ms = moments(iter(steps), seat, deal_no)
    end: GameState | None = None
    for _, _, nxt in steps:
        if nxt.deal_no == deal_no and nxt.result is not None:
            end = nxt
            break
    review = review_of(end.rules, end.log) if end is not None else None
    return DealPlan(ms, review)


def scored_deals(game: GameLog) -> int:
    """How many deals of the game were scored."""
    n = 0
    for _, _, nxt in replayed(game.rules, game.seed, game.commands):
        if nxt.result is not None and nxt.deal_no == n:
            n += 1
    return n


class Cancelled(Exception):
    """The analysis was stopped before its end (nothing of it is kept)."""


Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


def analyse(
    game: GameLog,
    deal_no: int,
    seat: int,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    horizon: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> DealAnalysis:
    """Price every decision of `seat` in deal `deal_no` (0-based) of `game`.
    `workers`: processes (default: one per core; 1: this process only).
    `Cancelled` if `cancel` is set before the end."""
    steps = list(replayed(game.rules, game.seed, game.commands))
    return analyse_steps(
        game.table_id,
        steps,
        deal_no,
        seat,
        budget_ms=budget_ms,
        horizon=horizon,
        workers=workers,
        progress=progress,
        cancel=cancel,
    )


def analyse_steps(
    table_id: str,
    steps: Sequence[Step],
    deal_no: int,
    seat: int,
    *,
    budget_ms: float = DEFAULT_BUDGET_MS,
    horizon: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> DealAnalysis:
    """`analyse` of a game given as its steps (each state, the command applied
    and the next state): the decisions of `seat` in deal `deal_no` among them,
    and the deal's public record if it is over."""
    dp = plan_of(steps, deal_no, seat)
    jobs = [Job(m, budget_ms, horizon) for m in dp.moments]
    priced = run_jobs(jobs, workers, progress, cancel)
    verdicts = []
    for m, p in zip(dp.moments, priced, strict=True):
        cls = classify(p)
        r: Reason = reason(m, p, cls, dp.review)
        verdicts.append(
            Verdict(
                kind=m.kind,
                move=m.move,
                trick=m.view.trick_no + 1 if m.kind == "play" else None,
                priced=p,
                cls=cls,
                reason=r.key,
                args=r.args,
            )
        )
    return DealAnalysis(
        table_id=table_id,
        deal_no=deal_no,
        seat=seat,
        budget_ms=budget_ms,
        horizon=horizon,
        verdicts=tuple(verdicts),
    )


def _cost_order(job: Job) -> float:
    """Big jobs first (a deal's early plays, the bury, the dealing): the pool
    ends together."""
    m = job.moment
    return -len(m.view.hand) - (100 if m.kind != "play" else 0)


def run_jobs(
    jobs: Sequence[Job],
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> list[Priced]:
    """`price` of each job, in order: on `workers` processes (default one per
    core), or in this process with 1."""
    total = len(jobs)
    out: list[Priced | None] = [None] * total
    done = 0
    if progress is not None:
        progress(0, total)
    procs = max(1, (os.cpu_count() or 1) if workers is None else workers)
    if procs == 1 or total <= 1:
        for i, job in enumerate(jobs):
            if cancel is not None and cancel.is_set():
                raise Cancelled
            out[i] = price(job)
            done += 1
            if progress is not None:
                progress(done, total)
        return [p for p in out if p is not None]
    order = sorted(range(total), key=lambda i: _cost_order(jobs[i]))
    pool = _start_pool(min(procs, total))
    try:
        pending = {i: pool.apply_async(price, (jobs[i],)) for i in order}
        while pending:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            for i, res in list(pending.items()):
                if res.ready():
                    out[i] = res.get()
                    del pending[i]
                    done += 1
                    if progress is not None:
                        progress(done, total)
            if pending:
                next(iter(pending.values())).wait(0.05)
    except BaseException:
        pool.terminate()  # (a stop, Ctrl-C, an error: no worker goes on)
        pool.join()
        raise
    pool.close()
    pool.join()
    return [p for p in out if p is not None]


def _start_pool(n: int) -> Any:
    from ..bots.search import start_resource_tracker

    start_resource_tracker()
    ctx = mp.get_context("spawn")  # (the TUI's process runs threads)
    return ctx.Pool(n, initializer=_worker_init, initargs=(os.getpid(),))


def _worker_init(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle (it stops the pool);
    exit once the parent is gone."""
    from ..bots.search import watch_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent(parent)
