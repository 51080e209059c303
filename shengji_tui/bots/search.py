"""`SearchBot` (level "hard"): the playbook plus sampling search.

For a play decision that is not forced, it takes the playbook's best few
candidate plays, samples hidden hands consistent with every inference of the
tracker (voids, tuple caps, known cards; the kitty too when it is not its own),
plays each candidate out in each sample with a fast rollout policy that sees
the sampled hands, and picks the candidate with the best mean outcome for its
side (levels gained minus levels conceded, plus a small share of the point
margin). Buries are searched the same way where the bury is the deal's last
word on the kitty, three players' overturn (auction_search.py) and kitty
theft (declare_search.py). The declarations (while dealing, in the window),
the friend call and the bids were searched too, measured no better than the
playbook's and are its (three players' falling auction with a lower margin,
`falling_bid_margin`: docs/bots.md).

Time: `budget_ms` per move (default 300). The work is counted in rollout
steps, converted from the budget with a fixed rate, so the same seed gives the
same moves on any machine fast enough for the budget; a wall-clock guard
stops the search at the budget on a slower one. With `workers` = 2 the samples
are split between two processes (one shared pool per process), each with the
full budget.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from multiprocessing import resource_tracker
from multiprocessing import util as mp_util
from typing import Any

from .. import rules
from ..engine import Bid, Command, PassBid, SeatView, declare_options
from ..rules import Card, RuleSet, TrumpContext, points
from .auction_search import choose_call, choose_overturn
from .bidding import choose_bid
from .declare_search import choose_dealing_declaration, choose_theft, searchable
from .friends import friend_candidates, open_call, proven_friend
from .plain import plain_mistake
from .playbook import PlaybookBot, declared_suit, trump_value
from .rollout import Sim
from .sense import Sense
from .tracker import SampleSpec, sample_spec

# rollout steps (one play by one seat) per millisecond of budget, per worker:
# measured ~15 µs a step on the reference machine (2 cores, 2026): ~60% of the
# budget. A sample's deal, a rollout's set-up and a cut-off evaluation count as
# the steps they cost in time.
STEPS_PER_MS = 40.0
SAMPLE_STEPS = 7
SIM_STEPS = 1
EVAL_STEPS = 2
TOP_K = 3
# from WIDE_MS on, up to WIDE_K candidates: the samples a candidate gets then
# still settle the choice (a search with 4x the samples agrees), and the
# playbook's 5th-8th kinds are often the search's best (docs/bots.md)
WIDE_MS = 200.0
WIDE_K = 8
# ... and LONG_K in deals whose hands are half again classic's: a three-deck hand
# offers more kinds of play (a sixth of its searched plays have more than 8),
# and there the playbook's 9th-16th are often the search's best (docs/bots.md);
# classic's hands searched 16 wide gained nothing (paired -0.002 over 284 pairs)
LONG_K = 16
DEFAULT_BUDGET_MS = 300.0  # thinking time per play
GUARD = 0.85  # stop at this fraction of the budget whatever the work count says
Z_DEVIATE = 0.5  # deviate from the playbook only when the search is this sure
# ... and a plain mistake (bots/plain.py) only when priced above every other
# play: 0 (the mean); 2 (sure by two standard errors) changed plays the coach
# priced better than their replacements (docs/bots.md, "Plain mistakes")
Z_PLAIN = 0.0
HORIZON = 6  # tricks a rollout plays before the cut-off evaluation (0: to the end)
HORIZON_HAND = 25  # ... in a deal of this many cards a hand (classic); longer deals
# cut off at the same fraction of the deal (three decks: 9, four: 12; docs/bots.md)


def horizon_for(rs: RuleSet) -> int:
    """The default cut-off for a deal of `rs`: `HORIZON` tricks, more for hands
    longer than classic's (the evaluation guesses the rest no better there)."""
    return max(HORIZON, round(HORIZON * rs.hand_size / HORIZON_HAND))


@dataclass
class FriendPlan:
    """Find friends before the reveal: how each sample decides the sides.
    `holder`: the friend is the nearest of `candidates` after the dealer that
    holds the card in the sample, this seat's own hand included (`known`: this
    seat can prove who it is); `nth_played`:
    whoever plays the card when `nth_left` more copies make the nth."""

    rule: str
    card: Card
    nth_left: int
    dealer: int
    candidates: list[int]
    known: int | None = None


@dataclass
class SearchJob:
    """Everything a worker needs for its share of the samples (picklable)."""

    rules: RuleSet
    level: str
    trump_suit: Any
    me: int
    hand: list[Card]
    spec: SampleSpec
    trick: list[tuple[int, list[Card]]]
    candidates: list[list[Card]]
    captured: list[int]  # points won per seat so far
    penalty: int
    attackers: list[int]
    kitty_known: list[Card] | None
    bid: int | None  # an auction's winning bid (None: no auction)
    friend: FriendPlan | None
    seed: str
    worker: int
    stride: int
    max_steps: int
    deadline: float  # perf_counter() value; 0 = none
    horizon: int = 0  # tricks played out before the evaluation (0: to the end)
    bury: bool = False  # the candidates are buries (the play starts with the first lead)


# ------------------------------------------------------------------- search


def utility(
    rs: RuleSet,
    attacker_pts: int,
    me_attacks: bool,
    bid: int | None = None,
    dealer_pts: int | None = None,
    result: rules.DealResult | None = None,
    pivot: int = 0,
) -> float:
    """My side's outcome: levels gained minus levels conceded, plus a bit of margin
    (eighty points: my match points, `dealer_pts` being the dealer's own points;
    find friends: `result`, the dealer side's levels counted per seat). The
    margin counts the attackers' points from `pivot`: 0 where every choice
    leaves the sides as they are (a constant then), `even_points` where the
    choice decides who deals (else the margin alone favours attacking)."""
    if rs.bidding == "points_up":
        assert bid is not None and dealer_pts is not None
        each = rules.eighty_points_settlement(bid, dealer_pts)
        mine = -each if me_attacks else each * (rs.players - 1)
        margin = pivot - dealer_pts if me_attacks else dealer_pts - pivot
        return mine + margin / (4.0 * rs.score_step)
    r = rules.deal_result(rs, attacker_pts, bid=bid) if result is None else result
    if rs.bidding == "threshold_down":  # levels only: nobody takes over the deal
        gain = r.attacker_levels - r.dealer_side_levels
        margin = attacker_pts - pivot if me_attacks else pivot - attacker_pts
        return (gain if me_attacks else -gain) + margin / (4.0 * rs.score_step)
    if r.attackers_take_over:
        att = r.attacker_levels + 1.0  # taking over the deal is worth about a level
        dfn = 0.0
    elif r.friend_levels:
        att, dfn = 0.0, (r.dealer_side_levels + r.friend_levels) / 2.0
    else:
        att, dfn = 0.0, float(r.dealer_side_levels)
    lv = att - dfn if me_attacks else dfn - att
    margin = attacker_pts - pivot if me_attacks else pivot - attacker_pts
    return lv + margin / (4.0 * rs.score_step)


def even_points(rs: RuleSet) -> int:
    """The attackers' points at which the deal turns (they take it over)."""
    return rules.takeover_points(rs)


def at_stake(
    rs: RuleSet, attacker_pts: int, me_attacks: bool, bid: int, dealer_pts: int | None = None
) -> float:
    """`utility` where the choice decides who deals at `bid` (an auction's
    calls): the margin counted from the bid, where that deal turns."""
    return utility(rs, attacker_pts, me_attacks, bid, dealer_pts, pivot=bid)


def run_job(job: SearchJob) -> tuple[list[list[float]], int, int]:
    """This worker's samples: per sample, the utility of each candidate."""
    sn = Sense(job.rules, TrumpContext(job.level, job.trump_suit))
    fp = job.friend
    results: list[list[float]] = []
    steps = 0
    i = job.worker
    while True:
        rng = random.Random(f"{job.seed}/{i}")
        try:
            hands_map, kitty = sample_spec(job.spec, sn, rng)
        except RuntimeError:
            break
        steps += SAMPLE_STEPS
        row: list[float] = []
        late = False
        plan = fp
        for cand in job.candidates:
            if job.deadline and time.perf_counter() >= job.deadline:
                late = True
                break
            sim, horizon = start_rollout(job, sn, hands_map, kitty, plan, cand, job.bury)
            if not job.bury:  # (a bury: the play starts with the first lead)
                sim.apply(job.me, list(cand))
            done = sim.run(job.deadline, horizon)
            steps += sim.steps + SIM_STEPS
            if not done:
                late = True
                break
            if not sim.finished():
                steps += EVAL_STEPS
            row.append(outcome(job, sim, plan)[0])
        if late:
            break
        results.append(row)
        i += job.stride
        if steps >= job.max_steps:
            break
        if job.deadline and time.perf_counter() >= job.deadline:
            break
    return results, steps, len(results)


def start_rollout(
    job: SearchJob,
    sn: Sense,
    hands_map: dict[int, list[Card]],
    kitty: list[Card],
    plan: FriendPlan | None,
    cand: list[Card] | tuple[Card, ...],
    bury: bool,
) -> tuple[Sim, int]:
    """One candidate's rollout in one sampled deal (`hands_map`, `kitty`), set
    up and not started, and the tricks it plays before its cut-off evaluation
    (0: to the end): the sides as `plan` makes them in this sample; `bury`:
    `cand` is a bury (the hand without it, the kitty it makes; the play then
    starts with the first lead), else a play the caller applies. The hard
    bot's search (`run_job`) and the coach's pricing (`coach/price.py`) alike."""
    n = job.rules.players
    attackers, watch, friend = sides_in_sample(job, hands_map, plan)
    mine = list(job.hand)
    kitty_now = list(job.kitty_known) if job.kitty_known is not None else kitty
    if bury:  # this bury: the hand without it, the kitty it makes
        for c in cand:
            mine.remove(c)
        kitty_now = list(cand)
    hands = [mine if s == job.me else list(hands_map[s]) for s in range(n)]
    sim = Sim(
        sn,
        hands,
        [(s, list(p)) for s, p in job.trick],
        job.trick[0][0] if job.trick else job.me,
        list(job.captured),
        set(attackers),
        kitty_now,
        watch,
        plan.dealer if plan is not None else -1,
        friend,
    )
    # a cut-off only where the sides are known (not while nth_played may still
    # make a friend) and the attackers' points decide
    horizon = job.horizon if watch is None and job.rules.bidding != "points_up" else 0
    return sim, horizon


def outcome(
    job: SearchJob, sim: Sim, plan: FriendPlan | None, spread: int = 0
) -> tuple[float, float]:
    """What a rollout that has run (to the end, or to its horizon: `cut_outcome`)
    is worth to this seat: the search's utility, and its side's points (the
    attackers' points for an attacker, minus them for the dealer side; eighty
    points: the dealer's own points, minus them for an attacker). `spread`: the
    utility is the mean at the points and at the points plus or minus `spread`
    (the result is a step function of the points: a rollout's few points either
    side of a threshold are its policy's noise, not a level)."""
    if not sim.finished():
        return cut_outcome(job, sim, plan)
    rs = job.rules
    # the sides as the sample ends (nth_played: the friend may have shown)
    me_attacks = job.me in sim.attackers
    dealer_pts = sum(sim.captured[s] for s in range(rs.players) if s not in sim.attackers)
    pts = sim.attacker_points(job.penalty)
    friend_won_last = sim.friend is not None and sim.last_winner == sim.friend

    def worth(d: int) -> float:
        a, b = (pts, dealer_pts) if not d else (max(0, pts + d), max(0, dealer_pts - d))
        result = None
        if plan is not None:
            result = rules.friend_deal_result(
                rs, a, alone=sim.friend is None, friend_won_last=friend_won_last
            )
        return utility(rs, a, me_attacks, job.bid, b, result)

    u = worth(0) if not spread else (worth(-spread) + worth(0) + worth(spread)) / 3.0
    if rs.bidding == "points_up":
        return u, float(-dealer_pts if me_attacks else dealer_pts)
    return u, float(pts if me_attacks else -pts)


def cut_outcome(job: SearchJob, sim: Sim, plan: FriendPlan | None) -> tuple[float, float]:
    """The utility of a rollout stopped at its horizon: the mean over the guess of
    the attackers' points and that guess plus or minus its spread (the deal's
    result is a step function of the points; the spread smooths it); and the
    guess, as `outcome`'s points."""
    est, spread = sim.expected_attacker_points(job.penalty, job.rules.hand_size)
    me_attacks = job.me in sim.attackers
    total = 0.0
    for d in (-spread, 0.0, spread):
        pts = max(0, round(est + d))
        result = None
        if plan is not None:
            result = rules.friend_deal_result(
                job.rules, pts, alone=sim.friend is None, friend_won_last=False
            )
        total += utility(job.rules, pts, me_attacks, job.bid, None, result)
    return total / 3.0, est if me_attacks else -est


def cut_utility(job: SearchJob, sim: Sim, plan: FriendPlan | None) -> float:
    """`cut_outcome`'s utility."""
    return cut_outcome(job, sim, plan)[0]


def sides_in_sample(
    job: SearchJob, hands: dict[int, list[Card]], fp: FriendPlan | None
) -> tuple[set[int], tuple[Card, int] | None, int | None]:
    """The attackers of one sample, the nth_played watch, and the friend if fixed."""
    if fp is None:
        return set(job.attackers), None, None
    n = job.rules.players
    rest = set(range(n)) - {fp.dealer}
    if fp.rule == "nth_played":
        return rest, (fp.card, fp.nth_left), None
    friend = fp.known
    if friend is None:
        for k in range(1, n):
            s = (fp.dealer + k) % n
            held = job.hand if s == job.me else hands.get(s, ())
            if s in fp.candidates and fp.card in held:
                friend = s
                break
    return rest - {friend} if friend is not None else rest, None, friend


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (the pool's locks need it) with a
    real stderr: it is handed `sys.stderr`'s descriptor, and while a Textual app
    runs, `sys.stderr` is Textual's capture, whose descriptor is -1 ("bad value(s)
    in fds_to_keep"). Swapped for the process's own for that one call only."""
    try:
        has_fd = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        has_fd = False
    if has_fd or sys.__stderr__ is None:
        resource_tracker.ensure_running()
        return
    captured, sys.stderr = sys.stderr, sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured


def _pool(workers: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_SIZE
    if _POOL is None or workers != _POOL_SIZE:
        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        start_resource_tracker()
        # spawn, not fork: the table's process runs threads (asyncio, SSH)
        _POOL = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=mp.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )
        _POOL_SIZE = workers
        # In a process that is itself a multiprocessing child (a bench worker),
        # exiting joins its children before the executors' own atexit shuts this
        # pool down: its workers would wait for work forever and the exit with
        # them. Finalizers run before that join; this one before the queues'
        # own (priority 10), which would stop the pool's shutdown reaching them.
        mp_util.Finalize(None, close_pool, exitpriority=100)
        # warm the workers up (imports) so the first move is not slow
        list(_POOL.map(_noop, range(workers)))
    return _POOL


def close_pool() -> None:
    """Shut the search's worker processes down (they start again on demand)."""
    global _POOL, _POOL_SIZE
    if _POOL is not None:
        _POOL.shutdown(cancel_futures=True)
        _POOL, _POOL_SIZE = None, 0


def _noop(_: int) -> int:
    return 0


PARENT_POLL_S = 1.0


def watch_parent(parent: int) -> None:
    """In each pool worker: exit once the process that started it is gone. A
    spawned worker holds its own queue's writing end, so a parent killed without
    shutting the pool down (SIGTERM, SIGKILL) never gives it end-of-file: it
    would outlive the table or the bench, searching on."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_S)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def choose(rows: list[list[float]], k: int, z: float = Z_DEVIATE) -> int:
    """The candidate with the best mean, but the playbook's first choice (0)
    unless the best beats it by more than `z` standard errors of the paired
    differences (the same samples served every candidate)."""
    m = len(rows)
    if m < 2:  # one sample says nothing of the spread: the playbook's move
        return 0
    means = [sum(r[j] for r in rows) / m for j in range(k)]
    best = max(range(k), key=lambda j: (round(means[j], 9), -j))
    if best == 0:
        return best
    diffs = [r[best] - r[0] for r in rows]
    mu = sum(diffs) / m
    var = sum((d - mu) ** 2 for d in diffs) / (m - 1)
    se = (var / m) ** 0.5
    return best if mu > z * se else 0


class SearchBot(PlaybookBot):
    """The "hard" bot."""

    level = "hard"
    # three players' falling auction: bid down to the estimate plus this
    # (negative: below it); measured by duplicate sets (docs/bots.md)
    falling_bid_margin = -10.0
    # the auction's calls played out (auction_search.py): measured worse than the
    # estimate's bids in both auctions (docs/bots.md), so off; bid_margin.py
    # --search-bids MS measures it
    search_bids = False
    search_overturns = True  # three players' 反牌 played out (auction_search.py)
    # a declaration while the cards are dealt, against waiting (declare_search.py):
    # measured no better than the playbook's on classic (docs/bots.md), so off;
    # declare_grab.py --search-dealing MS measures it
    search_dealing = False
    dealing_z = Z_DEVIATE  # how sure that search must be to leave the playbook's
    # ... and searched also where the playbook would declare with shares this much lower
    dealing_reach = 0.0
    search_window = False  # ... and in the declaring window
    search_dealing_first = True  # ... and on a first deal (the declaration makes the dealer)
    # kitty theft (炒底) played out (declare_search.choose_theft): kept (docs/bots.md)
    search_theft = True
    # the bids' and overturns' own budget (None: budget_ms; bid_margin.py holds
    # the play fixed at 0 ms and searches these alone)
    auction_budget_ms: float | None = None

    def __init__(
        self,
        seed: int = 0,
        name: str = "hard",
        budget_ms: float = DEFAULT_BUDGET_MS,
        workers: int | None = None,
        top_k: int | None = None,
        guard: bool = True,
        horizon: int | None = None,
        play_k: int | None = None,
    ) -> None:
        super().__init__(seed, name)
        self.horizon = horizon  # None: horizon_for the deal's rules
        self.budget_ms = float(budget_ms)
        cpus = os.cpu_count() or 1
        self.workers = max(1, min(2, cpus) if workers is None else int(workers))
        # more candidates when the budget allows
        self.wide = self.budget_ms >= WIDE_MS
        self.given_k = top_k
        self.play_k = play_k  # the plays searched in every deal (None: `width`'s rule)
        self.top_k = top_k if top_k is not None else WIDE_K if self.wide else TOP_K
        self.guard = guard
        self.last_info: dict[str, Any] = {}
        self.last_rows: list[list[float]] = []  # the last search's samples
        # the dealing-time declarations searched (a table asks every bot at every card)
        self._declared: dict[tuple[object, ...], list[Card] | None] = {}
        if self.workers > 1 and self.budget_ms > 0:
            _pool(self.workers - 1)  # started (and warmed up) now, not in the first move

    def cut_off(self, rs: RuleSet) -> int:
        """The tricks a rollout plays before the evaluation (the bot's own, else
        the deal's `horizon_for`)."""
        return horizon_for(rs) if self.horizon is None else self.horizon

    def width(self, rs: RuleSet) -> int:
        """The candidate plays searched in a deal of `rs` (the bot's own `top_k`,
        else `top_k`, `LONG_K` for hands half again as long as classic's), or
        `play_k` when given."""
        if self.play_k is not None:
            return self.play_k
        if self.given_k is None and self.wide and rs.hand_size >= 1.5 * HORIZON_HAND:
            return LONG_K
        return self.top_k

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, name={self.name!r}, budget_ms={self.budget_ms})"

    def pick_top(self, view: SeatView, cands: list[tuple[float, list[Card]]]) -> list[list[Card]]:
        """The playbook's best `width` plays that differ in kind (suits, points,
        whether they take the trick now, high or low): equivalent plays (two low
        spades) would waste the search; nor are pieces of a lead the playbook
        ranks higher searched (the rollouts undervalue making the others break
        their pairs)."""
        sn = self.tracker(view).sense
        trick = [list(p.cards) for p in view.trick]
        k = self.width(view.rules)
        out: list[list[Card]] = []
        sigs: set[tuple[object, ...]] = set()
        for _, play in cands:
            if not trick and any(
                len(p) > len(play) and not Counter(play) - Counter(p) for p in out
            ):
                continue  # a piece of a unit the playbook would rather lead whole (A of A-A)
            wins = bool(trick) and sn.winner([*trick, play]) == len(trick)
            sig = (
                tuple(sorted(sn.eff[c.idx] for c in play)),
                points(play),
                wins,
                tuple(sorted(sn.rel(c) > 0.75 for c in play)),
                len({sn.ident[c.idx] for c in play}),
            )
            if sig in sigs:
                continue
            sigs.add(sig)
            out.append(play)
            if len(out) >= k:
                break
        return out

    def sure_losses_out(self, view: SeatView, top: list[list[Card]]) -> list[list[Card]]:
        """`top` without the follows that give the other side more points than
        the playbook's own (`top[0]`) to a trick it is sure to win (its seat is
        winning and only its seats play after this one). Those points are lost
        for certain; the gain the cut-off rollouts find in shedding them is the
        evaluation's bias (a 15-point trump dump scored +0.13 levels at the
        horizon was worse played to the end: docs/bots.md)."""
        if not view.trick or open_call(view) is not None:
            return top  # (find friends before the friend shows: the sides are unknown)
        sn = self.tracker(view).sense
        n = view.rules.players
        lead = view.trick[0].seat
        mine = view.seat in view.dealer_side
        later = [(lead + i) % n for i in range(len(view.trick) + 1, n)]
        if any((s in view.dealer_side) == mine for s in later):
            return top  # a partner still plays: the trick is not settled
        trick = [list(p.cards) for p in view.trick]
        seats = [p.seat for p in view.trick]
        base = points(top[0])

        def sure_loss(play: list[Card]) -> bool:
            w = sn.winner([*trick, play])
            return w < len(seats) and (seats[w] in view.dealer_side) != mine

        return [top[0]] + [p for p in top[1:] if points(p) <= base or not sure_loss(p)]

    def decide(self, view: SeatView) -> Command | None:
        self.last_info = {"searched": False}  # (each search says what it did)
        return super().decide(view)

    def bid_margin_of(self, rs: RuleSet) -> float:
        return self.falling_bid_margin if rs.bidding == "threshold_down" else self.bid_margin

    def auction_work(self, on: bool) -> tuple[int, float] | None:
        """The work count and deadline of an auction-phase search (None: the
        playbook's call: switched off, or no budget)."""
        budget = self.budget_ms if self.auction_budget_ms is None else self.auction_budget_ms
        if not on or budget <= 0:
            return None
        deadline = time.perf_counter() + budget * GUARD / 1000.0 if self.guard else 0.0
        return int(budget * STEPS_PER_MS), deadline

    def searched(self, means: list[float], samples: int) -> bool:
        """Record an auction-phase search; whether it saw enough to decide."""
        self.last_info = {"searched": samples > 1, "samples": samples, "means": means}
        return samples > 1

    def bid(self, view: SeatView) -> Command:
        rs = view.rules
        base = choose_bid(view, self.bid_margin_of(rs))
        work = self.auction_work(self.search_bids)
        assert view.auction is not None
        opts = rules.bid_options(rs, view.auction, view.seat)
        if work is None or not opts:
            return base
        unseen = sorted(self.tracker(view).unseen.elements(), key=lambda c: c.idx)
        margins = [
            self.bid_margin_of(rs) if s == view.seat else PlaybookBot.bid_margin
            for s in range(rs.players)
        ]
        seed = f"hard-bid/{self.seed}/{view.seat}/{view.version}"
        means, samples = choose_call(view, unseen, margins, seed, *work, at_stake)
        if not self.searched(means, samples):
            return base
        if means[0] > means[1]:
            return Bid(seat=view.seat, points=opts[0])
        return PassBid(seat=view.seat)

    def overturn(self, view: SeatView) -> list[Card] | None:
        """Three players' 反牌: the playbook's choice, a pass and the other suits
        it may overturn with, each played out over sampled deals
        (`auction_search.choose_overturn`) when `search_overturns` is on."""
        base = super().overturn(view)
        work = self.auction_work(self.search_overturns)
        if work is None:
            return base
        rs, level = view.rules, view.level
        opts = declare_options(view)
        cands: list[list[Card] | None] = [None] if base is None else [base, None]
        suits = set() if base is None else {declared_suit(rs, level, base)}
        for cards in opts:
            suit = declared_suit(rs, level, cards)
            if len(cands) < self.top_k + 1 and suit not in suits:
                cands.append(cards)
                suits.add(suit)
        if len(cands) < 2:
            return base
        unseen = sorted(self.tracker(view).unseen.elements(), key=lambda c: c.idx)
        seed = f"hard-overturn/{self.seed}/{view.seat}/{view.version}"
        means, samples = choose_overturn(view, unseen, cands, seed, *work, utility)
        if not self.searched(means, samples):
            return base
        return cands[max(range(len(cands)), key=lambda k: (means[k], -k))]

    def other_suits(
        self, view: SeatView, cands: list[list[Card] | None]
    ) -> list[list[Card] | None]:
        """`cands` (declarations, None: none) and, best for this hand first, a
        declaration of each suit not among them, up to `top_k` + 1 in all."""
        rs, level, hand = view.rules, view.level, list(view.hand)
        out = list(cands)
        suits = {declared_suit(rs, level, c) for c in cands if c is not None}
        ranked = sorted(
            self.options(view),
            key=lambda c: -trump_value(rs, level, declared_suit(rs, level, c), hand),
        )
        for cards in ranked:
            suit = declared_suit(rs, level, cards)
            if len(out) < self.top_k + 1 and suit not in suits:
                out.append(cards)
                suits.add(suit)
        return out

    def steal(self, view: SeatView) -> list[Card] | None:
        """Kitty theft (炒底, fixed partners): the playbook's choice, a pass and
        the other suits it may steal with, each played out over sampled deals
        (`declare_search.choose_theft`) when `search_theft` is on."""
        base = super().steal(view)
        rs = view.rules
        work = self.auction_work(self.search_theft)
        if work is None or view.standing is None or rs.partnership != "fixed":
            return base
        cands = self.other_suits(view, [None] if base is None else [base, None])
        if len(cands) < 2:
            return base
        tr = self.tracker(view)
        seed = f"hard-steal/{self.seed}/{view.seat}/{view.version}"
        even = partial(utility, pivot=even_points(rs))
        rows = choose_theft(view, tr.spec(), tr.sense, cands, seed, *work, even)
        means = [sum(r[j] for r in rows) / max(1, len(rows)) for j in range(len(cands))]
        if not self.searched(means, len(rows)):
            return base
        return cands[choose(rows, len(cands), self.dealing_z)]

    def declaration(self, view: SeatView) -> list[Card] | None:
        """While the cards are dealt, when the playbook would declare: its
        declaration, not declaring now and the other suits' best, each played
        out over sampled deals (`declare_search.py`) when `search_dealing` is on
        (in the declaring window too with `search_window`); both measured no
        better than the playbook's (docs/bots.md), so off."""
        base = super().declaration(view)
        rs = view.rules
        window = view.phase == "declaring"
        if (window and not self.search_window) or not searchable(rs):
            return base
        work = self.auction_work(self.search_dealing)
        if work is None:
            return base
        if view.dealer is None and not self.search_dealing_first:
            return base
        reach = None
        if base is None:  # declaring where the playbook needs a little more (dealing_reach)
            if self.dealing_reach <= 0:
                return None
            grab = self.grab if view.dealer is None else 0.0
            reach = self.declaration_at(view, grab + self.dealing_reach)
            if reach is None:
                return None
        st = view.standing
        key = (
            view.phase,
            view.deal_no,
            view.level,
            view.hand,
            None if st is None else (st.seat, st.cards),
        )
        if key in self._declared:
            self.last_info = {"searched": False, "cached": True}
            return self._declared[key]
        cands = self.other_suits(view, [base, None] if base is not None else [None, reach])
        tr = self.tracker(view)
        known = [tr.known[s] for s in range(rs.players)]
        seed = f"hard-declare/{self.seed}/{view.seat}/{view.version}"
        # (the choice decides who deals: the margin counted from the turning point)
        even = partial(utility, pivot=even_points(rs))
        rows = choose_dealing_declaration(view, tr.unseen, known, cands, seed, *work, even)
        means = [sum(r[j] for r in rows) / max(1, len(rows)) for j in range(len(cands))]
        pick = choose(rows, len(cands), self.dealing_z) if self.searched(means, len(rows)) else 0
        if len(self._declared) > 256:
            self._declared.clear()
        self._declared[key] = cands[pick]
        return cands[pick]

    def bury(self, view: SeatView) -> list[Card]:
        """The playbook's best few buries (different suits voided, points kept or
        not), each played out over the same sampled deals from the first lead.
        Where a bury is not the deal's last word on the kitty (kitty theft, three
        players' overturn swap, find friends' call still to come) the playbook's."""
        start = time.perf_counter()
        options = self.bury_options(view)
        rs = view.rules
        fixed = rs.partnership != "find_friends" and not rs.kitty_theft and not rs.overturn_swap
        if not fixed or self.budget_ms <= 0 or len(options) < 2 or view.kitty_holder != view.seat:
            self.last_info = {"searched": False}
            return options[0][1]
        top = [pick for _, pick in options[: self.top_k + 1]]
        return top[self.search(view, top, start, bury=True)]

    def play(self, view: SeatView) -> list[Card]:
        start = time.perf_counter()
        cands = self.candidates(view)
        if len(cands) == 1 or len(view.hand) == len(cands[0][1]) or self.budget_ms <= 0:
            self.last_info = {"searched": False}
            return cands[0][1]
        top = self.sure_losses_out(view, self.pick_top(view, cands))
        if len(top) == 1:
            self.last_info = {"searched": False}
            return top[0]
        best = self.search(view, top, start)
        return top[self.plain_guard(view, top, best)]

    def plain_guard(self, view: SeatView, top: list[list[Card]], best: int) -> int:
        """`best`, unless it is a plain mistake (`plain.py`) and the search does
        not price it above every other searched play (by `Z_PLAIN` standard
        errors of the paired differences): then the best of the others. The
        choice rule keeps the playbook's play unless another is clearly better
        (`Z_DEVIATE`); a plain mistake is kept only on its own price."""
        if not self.avoid_plain:
            return best
        tr = self.tracker(view)
        fewest = min(points(p) for p in top) if view.trick else 0
        bad = [plain_mistake(view, tr, p, fewest) is not None for p in top]
        clean = [j for j in range(len(top)) if not bad[j]]
        if not bad[best] or not clean:
            return best
        rows = self.last_rows
        if len(rows) < 2:
            return clean[0]
        m = len(rows)
        alt = max(clean, key=lambda j: (sum(r[j] for r in rows) / m, -j))
        diffs = [r[best] - r[alt] for r in rows]
        mu = sum(diffs) / m
        se = (sum((d - mu) ** 2 for d in diffs) / (m - 1) / m) ** 0.5
        return best if mu > Z_PLAIN * se else alt

    def search_job(
        self,
        view: SeatView,
        top: list[list[Card]],
        seed: str,
        max_steps: int,
        deadline: float = 0.0,
        bury: bool = False,
    ) -> SearchJob:
        """The search of `top` (plays; `bury`: buries) in `view`, as one worker's
        job (worker 0 of 1): the tracker's sampling, the sides (find friends: how
        each sample decides them), the rollouts' horizon."""
        tr = self.tracker(view)
        attackers = [s for s in range(view.rules.players) if s not in view.dealer_side]
        call = open_call(view)
        friend = None
        if call is not None:
            friend = FriendPlan(
                rule=view.rules.friend_rule,
                card=call.card,
                nth_left=call.nth - call.played,
                dealer=call.seat,
                candidates=sorted(friend_candidates(view, tr)),
                known=proven_friend(view),
            )
        return SearchJob(
            rules=view.rules,
            level=view.level,
            trump_suit=view.trump_suit,
            me=view.seat,
            hand=list(view.hand),
            spec=tr.spec(),
            trick=[(p.seat, list(p.cards)) for p in view.trick],
            candidates=top,
            captured=list(view.points_by_seat),
            penalty=view.penalty_points,
            attackers=attackers,
            kitty_known=list(view.kitty) if view.kitty is not None else None,
            bid=view.bid,
            friend=friend,
            seed=seed,
            worker=0,
            stride=1,
            horizon=0 if bury else self.cut_off(view.rules),
            bury=bury,
            max_steps=max_steps,
            deadline=deadline,
        )

    def search(
        self, view: SeatView, top: list[list[Card]], start: float, bury: bool = False
    ) -> int:
        """Which of `top` (plays; `bury`: buries) does best over sampled deals
        (0, the playbook's choice, unless another is clearly better)."""
        deadline = start + self.budget_ms * GUARD / 1000.0 if self.guard else 0.0
        # the work depends on the budget only (not on the clock): same seed, same moves
        max_steps = max(len(top) * 8, int(self.budget_ms * STEPS_PER_MS))
        seed = f"hard/{self.seed}/{view.seat}/{view.version}"
        job = self.search_job(view, top, seed, max_steps, deadline, bury)
        jobs = [replace(job, worker=w, stride=self.workers) for w in range(self.workers)]
        if self.workers == 1:
            outs = [run_job(jobs[0])]
        else:  # this process is worker 0, the pool runs the others
            futs = [_pool(self.workers - 1).submit(run_job, j) for j in jobs[1:]]
            outs = [run_job(jobs[0])]
            for f in futs:
                wait = max(0.0, deadline - time.perf_counter()) + 0.005 if deadline else None
                try:
                    outs.append(f.result(timeout=wait))
                except TimeoutError:
                    f.cancel()  # late (a busy machine): search with what is in
        rows = [r for res, _, _ in outs for r in res]
        self.last_rows = rows
        if not rows:
            self.last_info = {"searched": False}
            return 0
        means = [sum(r[j] for r in rows) / len(rows) for j in range(len(top))]
        best = choose(rows, len(top))
        self.last_info = {
            "searched": True,
            "samples": len(rows),
            "steps": sum(s for _, s, _ in outs),
            "means": means,
        }
        return best
