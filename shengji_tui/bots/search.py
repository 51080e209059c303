"""`SearchBot` (level "hard"): the playbook plus sampling search.

For a play decision that is not forced, it takes the playbook's best few
candidate plays, samples hidden hands consistent with every inference of the
tracker (voids, tuple caps, known cards; the kitty too when it is not its own),
plays each candidate out in each sample with a fast rollout policy that sees
the sampled hands, and picks the candidate with the best mean outcome for its
side (levels gained minus levels conceded, plus a small share of the point
margin). Declaring, burying and kitty theft are the playbook's.

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
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from multiprocessing import resource_tracker
from typing import Any

from .. import rules
from ..engine import SeatView
from ..rules import Card, RuleSet, TrumpContext, Unit, points
from .friends import friend_candidates, open_call
from .playbook import PlaybookBot
from .sense import TRUMP, Sense
from .tracker import SampleSpec, sample_spec

# rollout steps (one play by one seat) per millisecond of budget, per worker:
# measured ~20 µs a step on the reference machine (2 cores, 2026): ~60% of the budget.
STEPS_PER_MS = 30.0
TOP_K = 3
DEFAULT_BUDGET_MS = 300.0  # thinking time per play
GUARD = 0.85  # stop at this fraction of the budget whatever the work count says
Z_DEVIATE = 0.5  # deviate from the playbook only when the search is this sure


@dataclass
class FriendPlan:
    """Find friends before the reveal: how each sample decides the sides.
    `holder`: the friend is the nearest of `candidates` after the dealer that
    holds the card in the sample (`known`: this seat knows it); `nth_played`:
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


# ------------------------------------------------------------------ rollouts


class Sim:
    """A deal from the current trick to the end, all hands known (one sample)."""

    def __init__(
        self,
        sn: Sense,
        hands: list[list[Card]],
        trick: list[tuple[int, list[Card]]],
        leader: int,
        captured: list[int],
        attackers: set[int],
        kitty: list[Card],
        watch: tuple[Card, int] | None = None,
        dealer: int = -1,
        friend: int | None = None,
    ) -> None:
        self.sn = sn
        self.rs = sn.rs
        self.n = len(hands)
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.captured = captured
        self.attackers = attackers
        self.kitty = kitty
        # find friends, nth_played: (the called card, copies until the nth) until it is played
        self.watch = watch
        self.dealer = dealer
        self.friend = friend
        self.steps = 0
        self.last_lead: list[Card] = []
        self.last_win: list[Card] = []
        self.last_winner = -1
        self.win = 0
        self.units: list[Unit] | None = None  # the lead's (None for a single)
        self.order_beats = sn.order.beats
        if trick:
            lead = trick[0][1]
            if len(lead) > 1:
                self.units = sn.decompose(lead)
            for k in range(1, len(trick)):
                if self._beats(lead, trick[self.win][1], trick[k][1]):
                    self.win = k

    def side(self, s: int) -> bool:
        return s in self.attackers

    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def apply(self, seat: int, cards: list[Card]) -> None:
        h = self.hands[seat]
        for c in cards:
            h.remove(c)
        trick = self.trick
        trick.append((seat, cards))
        self.steps += 1
        if self.watch is not None:
            card, left = self.watch
            k = cards.count(card)
            if k >= left:
                self.watch = None
                if seat != self.dealer:
                    self.attackers.discard(seat)
                    self.friend = seat
            elif k:
                self.watch = (card, left - k)
        if len(trick) == 1:
            self.win = 0
            self.units = None if len(cards) == 1 else self.sn.decompose(cards)
        else:
            k = len(trick) - 1
            if self._beats(trick[0][1], trick[self.win][1], cards):
                self.win = k
        if len(trick) == self.n:
            plays = [p for _, p in trick]
            w = self.win
            ws = trick[w][0]
            self.captured[ws] += sum(c.points for p in plays for c in p)
            self.last_lead, self.last_win, self.last_winner = plays[0], plays[w], ws
            self.leader = ws
            self.trick = []

    def _beats(self, lead: list[Card], best: list[Card], new: list[Card]) -> bool:
        return self.order_beats(lead, best, new, self.units)

    def winner_with(self, cards: list[Card]) -> bool:
        """Whether `cards`, played now, would be winning the trick."""
        return self._beats(self.trick[0][1], self.trick[self.win][1], cards)

    def run(self, deadline: float = 0.0) -> bool:
        """Play to the end; False if `deadline` (a perf_counter value) passed first."""
        k = 0
        while any(self.hands):
            s = self.turn()
            if not self.trick:
                self.apply(s, fast_lead(self, s))
            else:
                self.apply(s, fast_follow(self, s))
            k += 1
            if deadline and k % 8 == 0 and time.perf_counter() >= deadline:
                return False
        return True

    def attacker_points(self, penalty: int) -> int:
        pts = sum(self.captured[s] for s in self.attackers) + penalty
        if self.rs.bidding == "points_up":
            return pts  # eighty points: the kitty counts for nobody
        if self.last_winner in self.attackers and self.kitty:
            mult = rules.kitty_multiplier(self.rs, self.sn.ctx, self.last_lead, self.last_win)
            pts += points(self.kitty) * mult
        return pts


def _beats_single(sim: Sim, seat: int, card: Card, suit: int) -> bool:
    """Whether a later seat (other side) can beat `card` leading/standing in `suit`."""
    sn = sim.sn
    eff = sn.eff
    beats_card = sn.order.beats_card
    me_att = sim.side(seat)
    for o in range(sim.n):
        if o == seat or sim.side(o) == me_att:
            continue
        h = sim.hands[o]
        # a seat holding the suit must follow it; a void one may play anything
        in_suit = [c for c in h if eff[c.idx] == suit]
        if any(beats_card(card, card, c) for c in in_suit or h):
            return True
    return False


def fast_lead(sim: Sim, s: int) -> list[Card]:
    sn = sim.sn
    hand = sim.hands[s]
    by_suit = sn.by_suit(hand)
    best: tuple[float, list[Card]] | None = None
    low: tuple[float, list[Card]] | None = None
    for suit, cards in by_suit.items():
        units = sn.decompose(cards) if len(cards) > 1 else None
        if units and units[0].width > 1:
            u = units[0]
            lead = list(u.cards)
            if _unit_safe(sim, s, lead, suit):
                sc = 20.0 + 2 * len(lead) + points(lead)
            else:
                sc = 2.0 + len(lead) - sn.rel(lead[0]) * 2 - points(lead) * 0.3
                if suit == TRUMP:
                    sc -= 3
            if best is None or sc > best[0]:
                best = (sc, lead)
        top = cards[-1]
        if not _beats_single(sim, s, top, suit):
            sc = 10.0 + points([top]) + (0 if suit != TRUMP else -2)
            if best is None or sc > best[0]:
                best = (sc, [top])
        if suit != TRUMP:
            bottom = min(cards, key=lambda c: (c.points > 0, sn.pos[c.idx]))
            sc = -len(cards) * 0.1 - bottom.points - (3 if len(cards) > 2 else 0)
            if len(cards) <= 2:
                sc += 0.5
            if low is None or sc > low[0]:
                low = (sc, [bottom])
    if best is not None and best[0] >= 8:
        return best[1]
    if low is not None:
        return low[1]
    if best is not None:
        return best[1]
    trumps = sorted(hand, key=sn.strength)
    return [trumps[0]]


def _unit_safe(sim: Sim, s: int, lead: list[Card], suit: int) -> bool:
    """Whether no opponent can beat the tuple or tractor `lead` (by following or ruffing)."""
    sn = sim.sn
    eff, pos, ident = sn.eff, sn.pos, sn.ident
    me_att = sim.side(s)
    tractor = len({pos[c.idx] for c in lead}) > 1
    width = len(lead) // len({pos[c.idx] for c in lead})
    top = max(pos[c.idx] for c in lead)
    for o in range(sim.n):
        if o == s or sim.side(o) == me_att:
            continue
        h = sim.hands[o]
        in_suit = [c for c in h if eff[c.idx] == suit]
        if not in_suit and suit != TRUMP:
            in_suit = [c for c in h if eff[c.idx] == TRUMP]
            ruff = True
        else:
            ruff = False
        if len(in_suit) < len(lead):
            continue
        if tractor:
            hypo = sn.strongest_play(Counter(in_suit), TRUMP if ruff else suit, lead)
            if hypo is not None and sn.winner([lead, hypo]) == 1:
                return False
            continue
        counts = Counter(ident[c.idx] for c in in_suit)
        for c in in_suit:
            if counts[ident[c.idx]] >= width and (ruff or pos[c.idx] > top):
                return False
    return True


def fast_follow(sim: Sim, s: int) -> list[Card]:
    sn = sim.sn
    hand = sim.hands[s]
    plays = [p for _, p in sim.trick]
    lead = plays[0]
    n = len(lead)
    suit = sn.eff[lead[0].idx]
    eff = sn.eff
    in_suit = [c for c in hand if eff[c.idx] == suit]
    k = len(in_suit)
    w = sim.win
    ws = sim.trick[w][0]
    me_att = sim.side(s)
    partner_wins = sim.side(ws) == me_att
    pts = sum(c.points for p in plays for c in p)
    later = [(sim.leader + i) % sim.n for i in range(len(plays) + 1, sim.n)]
    opp_later = [o for o in later if sim.side(o) != me_att]

    def cheap(c: Card) -> tuple[int, int, int]:
        return (eff[c.idx] == TRUMP, c.points, sn.pos[c.idx])

    def feed(c: Card) -> tuple[int, int, int]:
        return (eff[c.idx] == TRUMP, -c.points, sn.pos[c.idx])

    if n == 1:
        win_card = plays[w][0]
        if k:
            if partner_wins and not _can_beat_later(sim, opp_later, plays, w):
                return [min(in_suit, key=feed)]
            if not partner_wins:
                beaters = [c for c in in_suit if sn.order.beats_card(lead[0], win_card, c)]
                if beaters and (pts > 0 or not opp_later):
                    if not opp_later:
                        return [min(beaters, key=lambda c: sn.pos[c.idx])]
                    top = max(beaters, key=lambda c: sn.pos[c.idx])
                    if not _can_beat_later(sim, opp_later, [*plays, [top]], len(plays)):
                        return [top]
            return [min(in_suit, key=cheap)]
        # void in the led suit (only a trump can take the trick)
        if not partner_wins and suit != TRUMP and (pts >= 10 or not opp_later):
            trumps = sorted(
                (c for c in hand if sn.order.beats_card(lead[0], win_card, c)), key=sn.strength
            )
            if trumps:
                return [trumps[0]]
        if partner_wins and not _can_beat_later(sim, opp_later, plays, w):
            return [min(hand, key=feed)]
        return [min(hand, key=cheap)]
    # multi-card leads
    if k < n:
        rest = [c for c in hand if eff[c.idx] != suit]
        if k == 0 and suit != TRUMP and not partner_wins and pts >= 10:
            held = Counter(c for c in rest if eff[c.idx] == TRUMP)
            hypo = sn.strongest_play(held, TRUMP, lead)
            if hypo is not None and sim.winner_with(hypo):
                return hypo
        key = feed if partner_wins else cheap
        rest.sort(key=key)
        return in_suit + rest[: n - k]
    opts = list(islice(rules.legal_follows(sim.rs, sn.ctx, hand, lead), 12))
    if len(opts) == 1:
        return opts[0]
    if not partner_wins and pts >= 5:
        winning = [p for p in opts if sim.winner_with(p)]
        if winning:
            return min(winning, key=lambda p: sum(sn.strength(c) for c in p))
    if partner_wins:
        return max(opts, key=lambda p: (points(p), -sum(sn.strength(c) for c in p)))
    return min(opts, key=lambda p: (points(p), sum(sn.strength(c) for c in p)))


def _can_beat_later(sim: Sim, opp_later: list[int], plays: list[list[Card]], w: int) -> bool:
    """Whether a later opponent can beat the winning card of a single-card trick."""
    if not opp_later:
        return False
    sn = sim.sn
    eff = sn.eff
    beats_card = sn.order.beats_card
    lead = plays[0][0]
    suit = eff[lead.idx]
    card = plays[w][0]
    for o in opp_later:
        h = sim.hands[o]
        in_suit = [c for c in h if eff[c.idx] == suit]
        if any(beats_card(lead, card, c) for c in in_suit or h):
            return True
    return False


# ------------------------------------------------------------------- search


def utility(
    rs: RuleSet,
    attacker_pts: int,
    me_attacks: bool,
    bid: int | None = None,
    dealer_pts: int | None = None,
    result: rules.DealResult | None = None,
) -> float:
    """My side's outcome: levels gained minus levels conceded, plus a bit of margin
    (eighty points: my match points, `dealer_pts` being the dealer's own points;
    find friends: `result`, the dealer side's levels counted per seat)."""
    if rs.bidding == "points_up":
        assert bid is not None and dealer_pts is not None
        each = rules.eighty_points_settlement(bid, dealer_pts)
        mine = -each if me_attacks else each * (rs.players - 1)
        margin = -dealer_pts if me_attacks else dealer_pts
        return mine + margin / (4.0 * rs.score_step)
    r = rules.deal_result(rs, attacker_pts, bid=bid) if result is None else result
    if rs.bidding == "threshold_down":  # levels only: nobody takes over the deal
        gain = r.attacker_levels - r.dealer_side_levels
        margin = attacker_pts if me_attacks else -attacker_pts
        return (gain if me_attacks else -gain) + margin / (4.0 * rs.score_step)
    if r.attackers_take_over:
        att = r.attacker_levels + 1.0  # taking over the deal is worth about a level
        dfn = 0.0
    elif r.friend_levels:
        att, dfn = 0.0, (r.dealer_side_levels + r.friend_levels) / 2.0
    else:
        att, dfn = 0.0, float(r.dealer_side_levels)
    lv = att - dfn if me_attacks else dfn - att
    margin = attacker_pts if me_attacks else -attacker_pts
    return lv + margin / (4.0 * rs.score_step)


def run_job(job: SearchJob) -> tuple[list[list[float]], int, int]:
    """This worker's samples: per sample, the utility of each candidate."""
    sn = Sense(job.rules, TrumpContext(job.level, job.trump_suit))
    rs = job.rules
    n = rs.players
    fp = job.friend
    results: list[list[float]] = []
    steps = 0
    i = job.worker
    leader = job.trick[0][0] if job.trick else job.me
    while True:
        rng = random.Random(f"{job.seed}/{i}")
        try:
            hands_map, kitty = sample_spec(job.spec, sn, rng)
        except RuntimeError:
            break
        row: list[float] = []
        late = False
        attackers, watch, friend = sides_in_sample(job, hands_map)
        for cand in job.candidates:
            if job.deadline and time.perf_counter() >= job.deadline:
                late = True
                break
            hands = [list(job.hand) if s == job.me else list(hands_map[s]) for s in range(n)]
            sim = Sim(
                sn,
                hands,
                [(s, list(p)) for s, p in job.trick],
                leader,
                list(job.captured),
                set(attackers),
                list(job.kitty_known) if job.kitty_known is not None else kitty,
                watch,
                fp.dealer if fp is not None else -1,
                friend,
            )
            sim.apply(job.me, list(cand))
            done = sim.run(job.deadline)
            steps += sim.steps
            if not done:
                late = True
                break
            # the sides as the sample ends (nth_played: the friend may have shown)
            me_attacks = job.me in sim.attackers
            dealer_pts = sum(sim.captured[s] for s in range(n) if s not in sim.attackers)
            pts = sim.attacker_points(job.penalty)
            result = None
            if fp is not None:
                result = rules.friend_deal_result(
                    rs,
                    pts,
                    alone=sim.friend is None,
                    friend_won_last=sim.friend is not None and sim.last_winner == sim.friend,
                )
            row.append(utility(rs, pts, me_attacks, job.bid, dealer_pts, result))
        if late:
            break
        results.append(row)
        i += job.stride
        if steps >= job.max_steps:
            break
        if job.deadline and time.perf_counter() >= job.deadline:
            break
    return results, steps, len(results)


def sides_in_sample(
    job: SearchJob, hands: dict[int, list[Card]]
) -> tuple[set[int], tuple[Card, int] | None, int | None]:
    """The attackers of one sample, the nth_played watch, and the friend if fixed."""
    fp = job.friend
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
            if s in fp.candidates and fp.card in hands.get(s, ()):
                friend = s
                break
    return rest - {friend} if friend is not None else rest, None, friend


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _start_resource_tracker() -> None:
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
        _start_resource_tracker()
        # spawn, not fork: the table's process runs threads (asyncio, SSH)
        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"))
        _POOL_SIZE = workers
        # warm the workers up (imports) so the first move is not slow
        list(_POOL.map(_noop, range(workers)))
    return _POOL


def _noop(_: int) -> int:
    return 0


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

    def __init__(
        self,
        seed: int = 0,
        name: str = "hard",
        budget_ms: float = DEFAULT_BUDGET_MS,
        workers: int | None = None,
        top_k: int = TOP_K,
        guard: bool = True,
    ) -> None:
        super().__init__(seed, name)
        self.budget_ms = float(budget_ms)
        cpus = os.cpu_count() or 1
        self.workers = max(1, min(2, cpus) if workers is None else int(workers))
        self.top_k = top_k
        self.guard = guard
        self.last_info: dict[str, Any] = {}
        if self.workers > 1 and self.budget_ms > 0:
            _pool(self.workers - 1)  # started (and warmed up) now, not in the first move

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, name={self.name!r}, budget_ms={self.budget_ms})"

    def pick_top(self, view: SeatView, cands: list[tuple[float, list[Card]]]) -> list[list[Card]]:
        """The playbook's best `top_k` plays that differ in kind (suits, points,
        whether they take the trick now, high or low): equivalent plays (two low
        spades) would waste the search."""
        sn = self.tracker(view).sense
        trick = [list(p.cards) for p in view.trick]
        out: list[list[Card]] = []
        sigs: set[tuple[object, ...]] = set()
        for _, play in cands:
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
            if len(out) >= self.top_k:
                break
        return out

    def play(self, view: SeatView) -> list[Card]:
        start = time.perf_counter()
        cands = self.candidates(view)
        if len(cands) == 1 or len(view.hand) == len(cands[0][1]) or self.budget_ms <= 0:
            self.last_info = {"searched": False}
            return cands[0][1]
        top = self.pick_top(view, cands)
        if len(top) == 1:
            self.last_info = {"searched": False}
            return top[0]
        tr = self.tracker(view)
        deadline = start + self.budget_ms * GUARD / 1000.0 if self.guard else 0.0
        # the work depends on the budget only (not on the clock): same seed, same moves
        max_steps = max(len(top) * 8, int(self.budget_ms * STEPS_PER_MS))
        attackers = [s for s in range(view.rules.players) if s not in view.dealer_side]
        call = open_call(view)
        friend = None
        if call is not None:
            me_friend = view.seat != call.seat and view.seat in view.dealer_side
            friend = FriendPlan(
                rule=view.rules.friend_rule,
                card=call.card,
                nth_left=call.nth - call.played,
                dealer=call.seat,
                candidates=sorted(friend_candidates(view, tr)),
                known=view.seat if me_friend else None,
            )
        base = dict(
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
            seed=f"hard/{self.seed}/{view.seat}/{view.version}",
            stride=self.workers,
            max_steps=max_steps,
            deadline=deadline,
        )
        jobs = [SearchJob(worker=w, **base) for w in range(self.workers)]  # type: ignore[arg-type]
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
        if not rows:
            self.last_info = {"searched": False}
            return cands[0][1]
        means = [sum(r[j] for r in rows) / len(rows) for j in range(len(top))]
        best = choose(rows, len(top))
        self.last_info = {
            "searched": True,
            "samples": len(rows),
            "steps": sum(s for _, s, _ in outs),
            "means": means,
        }
        return top[best]
