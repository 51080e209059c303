"""One decision priced by the hard bot's search, from the deciding seat's view
only (run in a worker process: `price(job)`).

The choices weighed are the search's own (the playbook's best of each kind, as
`SearchBot` takes them) and the choice the seat made, each played out over the
same sampled deals (the tracker's: voids, tuple caps, known cards, the kitty
as a burier lays it down), so that the difference between two choices is
measured sample by sample and its standard error is small. Each sample gives
every choice the search's utility (levels, with a share of the point margin)
and its side's points; the search's choice is the best mean utility, and the
cost of the choice made is how much less it is worth, in levels and in points,
with the standard errors of those paired differences.

Per kind, the play-outs are the search's:
- a play, a bury, a friend call: `SearchBot`'s rollouts (a call: the play
  from the first lead, the sides of each sample as that call makes them; a
  throw that could fail: the sample's hands decide, and a failed one plays the
  forced unit and pays its penalty);
- a declaration while dealing or not (open declaring, no theft):
  `declare_search.choose_dealing_declaration` (find friends: the friend
  called after the bury as the playbook calls it, `friends_played_out`);
- kitty theft: `declare_search.choose_theft`; three players' overturn:
  `auction_search.choose_overturn`;
- a bid or a pass: `auction_search.call_rows`; naming trump: every trump the
  rules allow, the kitty taken and the deal played out.

A bury the kitty round may still overturn (kitty theft, three players'
overturn): each bury, then the round as the playbook plays it
(`theft_round`, `overturn_round`), then the deal under the trump, dealer and
kitty the round leaves. A find-friends bury is played out with the call its
dealer made after it (its own plan), a find-friends declaration with the
call the playbook makes after it, a declaration where declarations are
hidden (four-deck) with the others' hidden ones and the theft round played
as the playbook would (`hidden_dealing_rows`). A decision none of these
models (a rules file's mix: `dealing_priced`) is `Priced.unpriced`: weighed
by nobody, cost 0.

The samples depend on the view and the decision's place in the game only
(`Job.seed`), so a decision is priced the same whatever the hands the seat
could not see.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pydantic import BaseModel, ConfigDict

from .. import rules
from ..bots.auction_search import (
    SETUP_STEPS,
    call_rows,
    choose_overturn,
    play_out_auction,
    quick_bury,
    split,
)
from ..bots.bidding import trump_choices
from ..bots.declare_search import (
    CHECK_STEPS,
    choose_dealing_declaration,
    choose_theft,
    searchable,
)
from ..bots.friends import call_options
from ..bots.playbook import PlaybookBot, clearly_better, declared_suit, pick_declaration
from ..bots.rollout import Sim
from ..bots.search import (
    EVAL_STEPS,
    SAMPLE_STEPS,
    SIM_STEPS,
    STEPS_PER_MS,
    FriendPlan,
    SearchBot,
    SearchJob,
    at_stake,
    even_points,
    outcome,
    start_rollout,
    utility,
)
from ..bots.sense import Sense
from ..bots.tracker import Tracker, sample_spec
from ..engine import (
    Bid,
    Bury,
    CallFriend,
    Declare,
    NameTrump,
    Play,
    SeatView,
    Steal,
    declare_options,
)
from ..rules import (
    Card,
    Rank,
    RuleSet,
    Suit,
    TrumpContext,
    format_cards,
    parse_card,
    parse_suit,
)
from .moments import Moment

DEFAULT_BUDGET_MS = 400.0  # the search's work per decision (counted in steps, not time)
SMOOTH = 0.25  # a rollout's result: the mean at its points and this many steps either side


def smoothing(rs: RuleSet) -> int:
    """The points either side of a rollout's at which its utility is also
    taken (`search.outcome`'s spread)."""
    return max(1, round(SMOOTH * rs.score_step))


class Choice(BaseModel):
    """One way to decide: cards (a play, a bury, a declaration, a steal or an
    overturn; none: a pass, or not declaring now), a bid (None with `kind`
    "bid": a pass), a trump named ("H", "NT") or a friend's card and copy."""

    model_config = ConfigDict(frozen=True)

    cards: tuple[Card, ...] = ()
    bid: int | None = None
    trump: str | None = None
    nth: int = 0  # a friend call's copy (its card is `cards[0]`)

    def text(self) -> str:
        """The choice in notation: `S10 S10`, `pass`, `85`, `NT`, `HA#2`."""
        if self.trump is not None:
            return self.trump
        if self.bid is not None:
            return str(self.bid)
        if self.nth:
            card = str(self.cards[0])
            return card if self.nth == 1 else f"{card}#{self.nth}"
        return format_cards(self.cards) if self.cards else "pass"


class Priced(BaseModel):
    """The choices weighed for one decision and what each is worth to the seat."""

    model_config = ConfigDict(frozen=True)

    choices: tuple[Choice, ...]
    played: int  # the choice made (an index of `choices`)
    best: int  # the search's choice
    levels: tuple[float, ...]  # each choice's mean utility (levels)
    points: tuple[float, ...]  # each choice's mean points for the seat's side
    cost_levels: float  # what the choice made lost against the best (`settle`)
    cost_points: float
    stderr_levels: float  # standard errors of those paired differences
    stderr_points: float
    samples: int
    steps: int  # rollout steps spent
    unpriced: bool = False  # the search does not model this decision


@dataclass(frozen=True)
class Job:
    """One decision to price (picklable: it goes to a worker process)."""

    moment: Moment
    budget_ms: float = DEFAULT_BUDGET_MS
    horizon: int = 0  # tricks a play's rollouts play before the evaluation (0: to the end)
    top_k: int | None = None  # choices the search weighs (None: the hard bot's width)

    @property
    def seed(self) -> str:
        m = self.moment
        return f"coach/{m.kind}/{m.seat}/{m.move}"

    @property
    def max_steps(self) -> int:
        """The work: `budget_ms` of the search's steps, scaled by how much of
        the deal is left to play out (an early play's rollouts are long: as
        many samples as a late one's, for the same work over the deal)."""
        view = self.moment.view
        left = 1.0
        if self.moment.kind == "play":
            left = min(1.0, max(0.125, len(view.hand) / max(1, view.rules.hand_size)))
        return max(16, int(2.0 * left * self.budget_ms * STEPS_PER_MS))


def price(job: Job) -> Priced:
    """What the search makes of `job`'s decision (see the module docstring)."""
    kind = job.moment.kind
    return _PRICERS[kind](job)


# ------------------------------------------------------------------ statistics


def settle(
    choices: Sequence[Choice],
    played: int,
    urows: Sequence[Sequence[float]],
    prows: Sequence[Sequence[float]],
    steps: int,
) -> Priced:
    """The best choice by mean utility (the one made, on a tie) and the cost of
    the one made, with the standard errors of the paired differences.

    The cost is cross-fitted: the samples are cut in two halves (odd and even),
    the best choice of each half is measured against the one made on the other
    half, and the two differences are averaged. Measured on the samples that
    chose it, the best of several choices would look better than it is (the
    largest of several noisy means): a decision as good as the search's would
    always seem to cost something. So a cost is unbiased, and can come out
    below 0 (the choice made did better on the samples that did not pick it)."""
    k, m = len(choices), len(urows)
    if m == 0:
        return unpriced(choices, played)
    lv = [sum(r[j] for r in urows) / m for j in range(k)]
    pt = [sum(r[j] for r in prows) / m for j in range(k)]
    best = _best(lv, played)
    if m < 4:  # too few to cut in two: the plain difference
        pairs = [(i, best) for i in range(m)]
    else:
        halves = [list(range(0, m, 2)), list(range(1, m, 2))]
        picks = []
        for h in halves:
            means = [sum(urows[i][j] for i in h) / len(h) for j in range(k)]
            picks.append(_best(means, played))
        # each sample against the choice the other half picked
        pairs = [(i, picks[1 - i % 2]) for i in range(m)]

    def diff(rows: Sequence[Sequence[float]]) -> tuple[float, float]:
        d = [rows[i][j] - rows[i][played] for i, j in pairs]
        mu = sum(d) / m
        if m < 2:
            return mu, 0.0
        var = sum((x - mu) ** 2 for x in d) / (m - 1)
        return mu, (var / m) ** 0.5

    cl, sl = diff(urows)
    cp, sp = diff(prows)
    return Priced(
        choices=tuple(choices),
        played=played,
        best=best,
        levels=tuple(lv),
        points=tuple(pt),
        cost_levels=cl,
        cost_points=cp,
        stderr_levels=sl,
        stderr_points=sp,
        samples=m,
        steps=steps,
    )


def _best(means: Sequence[float], played: int) -> int:
    """The choice of the best mean (the one made on a tie, else the first)."""
    return max(range(len(means)), key=lambda j: (round(means[j], 9), j == played, -j))


def unpriced(choices: Sequence[Choice], played: int) -> Priced:
    k = len(choices)
    return Priced(
        choices=tuple(choices),
        played=played,
        best=played,
        levels=(0.0,) * k,
        points=(0.0,) * k,
        cost_levels=0.0,
        cost_points=0.0,
        stderr_levels=0.0,
        stderr_points=0.0,
        samples=0,
        steps=0,
        unpriced=True,
    )


def with_choice(choices: list[Choice], made: Choice) -> tuple[list[Choice], int]:
    """`choices` with `made` among them (cards compared as multisets), and its index."""
    for i, c in enumerate(choices):
        if _same(c, made):
            return choices, i
    return [*choices, made], len(choices)


def _same(a: Choice, b: Choice) -> bool:
    return (
        Counter(a.cards) == Counter(b.cards)
        and a.bid == b.bid
        and a.trump == b.trump
        and a.nth == b.nth
    )


def _distinct(choices: list[Choice]) -> list[Choice]:
    out: list[Choice] = []
    for c in choices:
        if not any(_same(c, o) for o in out):
            out.append(c)
    return out


# ------------------------------------------------------- scored utilities


class Scored(float):
    """A utility that also carries the seat's side's points (`pts`)."""

    pts: float

    def __new__(cls, value: float, pts: float) -> Scored:
        self = super().__new__(cls, value)
        self.pts = pts
        return self


def scored(base: Callable[..., float] = utility, pivot: int | None = None) -> Callable[..., float]:
    """`base` (the search's utility, or `at_stake`) returning `Scored` values:
    the seat's side's points beside the utility (as `search.outcome` counts
    them), counted from the utility's margin pivot (`pivot`; `at_stake`'s:
    the bid): where the choice decides who deals (declaring, a theft, a bid)
    the points are the side's margin from the deal's turning point, so that
    holding a deal and attacking one compare; elsewhere the pivot is 0."""

    def f(
        rs: RuleSet,
        attacker_pts: int,
        me_attacks: bool,
        bid: int | None = None,
        dealer_pts: int | None = None,
        result: rules.DealResult | None = None,
        **kw: object,
    ) -> float:
        if pivot is not None:
            kw["pivot"] = pivot
        args: list[object] = [rs, attacker_pts, me_attacks, bid, dealer_pts]
        if result is not None:
            args.append(result)
        u = base(*args, **kw)
        pv = pivot if pivot is not None else bid if base is at_stake and bid is not None else 0
        if rs.bidding == "points_up" and dealer_pts is not None:
            pts = pv - dealer_pts if me_attacks else dealer_pts - pv
        else:
            pts = attacker_pts - pv if me_attacks else pv - attacker_pts
        return Scored(float(u), float(pts))

    return f


def split_rows(rows: Sequence[Sequence[float]]) -> tuple[list[list[float]], list[list[float]]]:
    """Rows of `Scored` values as rows of utilities and rows of points (a plain
    0.0, a redeal: no points either)."""
    u = [[float(x) for x in r] for r in rows]
    p = [[getattr(x, "pts", 0.0) for x in r] for r in rows]
    return u, p


# -------------------------------------------------------------------- plays


@dataclass(frozen=True)
class Variant:
    """One choice as a rollout starts it: cards this seat plays now, a bury
    (the play then starts with the first lead), or a friend call."""

    play: tuple[Card, ...] = ()
    bury: tuple[Card, ...] = ()
    plan: FriendPlan | None = None


def rollout_rows(
    job: SearchJob, variants: Sequence[Variant]
) -> tuple[list[list[float]], list[list[float]], int]:
    """`SearchBot`'s rollouts of each variant over the same sampled deals: per
    sample the utilities and the side's points; the steps spent. A lead of
    several units is judged against the sample's hands (`rules.check_throw`):
    a failed throw plays its forced unit and pays the preset's penalty."""
    rs = job.rules
    n = rs.players
    ctx = TrumpContext(job.level, job.trump_suit)
    sn = Sense(rs, ctx)
    urows: list[list[float]] = []
    prows: list[list[float]] = []
    steps = 0
    i = 0
    while steps < job.max_steps:
        rng = random.Random(f"{job.seed}/{i}")
        i += 1
        try:
            hands_map, kitty = sample_spec(job.spec, sn, rng)
        except RuntimeError:
            break
        steps += SAMPLE_STEPS
        ur: list[float] = []
        pr: list[float] = []
        for v in variants:
            plan = v.plan if v.plan is not None else job.friend
            bury = bool(v.bury)
            sim, horizon = start_rollout(job, sn, hands_map, kitty, plan, v.bury or v.play, bury)
            lead, this = list(v.play), job
            if lead and not job.trick and len(lead) > 1:
                others = [sim.hands[s] for s in range(n) if s != job.me]
                tr = rules.check_throw(rs, ctx, lead, others)
                if not tr.ok:
                    lead = list(tr.forced)
                    this = replace(job, penalty=job.penalty + throw_penalty(job, plan))
            if lead:
                sim.apply(job.me, lead)
            sim.run(0.0, horizon)
            steps += sim.steps + SIM_STEPS
            if not sim.finished():
                steps += EVAL_STEPS
            u, p = outcome(this, sim, plan, smoothing(rs))
            ur.append(u)
            pr.append(p)
        urows.append(ur)
        prows.append(pr)
    return urows, prows, steps


def throw_penalty(job: SearchJob, plan: FriendPlan | None) -> int:
    """The attackers' points a failed throw of this seat adds (the preset's
    `points` penalty: to the other side; find friends settles it at the end)."""
    rs = job.rules
    if rs.throw_penalty != "points" or plan is not None or rs.partnership == "find_friends":
        return 0
    return -rs.throw_penalty_amount if job.me in job.attackers else rs.throw_penalty_amount


def _bot(job: Job) -> SearchBot:
    budget = max(job.budget_ms, 200.0)  # (the width of the hard bot at its default budget)
    return SearchBot(
        seed=0, name="coach", budget_ms=budget, workers=1, top_k=job.top_k, guard=False
    )


def price_play(job: Job) -> Priced:
    m = job.moment
    view = m.view
    assert isinstance(m.command, Play)
    bot = _bot(job)
    top = bot.pick_top(view, bot.candidates(view))
    made = Choice(cards=m.command.cards)
    choices, played = with_choice([Choice(cards=tuple(p)) for p in top], made)
    sj = bot.search_job(view, [list(c.cards) for c in choices], job.seed, job.max_steps)
    sj = replace(sj, horizon=job.horizon)
    urows, prows, steps = rollout_rows(sj, [Variant(play=c.cards) for c in choices])
    return settle(choices, played, urows, prows, steps)


def bury_priced(rs: RuleSet) -> bool:
    """Whether a bury is the deal's last word on the kitty (what the search models)."""
    return rs.partnership != "find_friends" and not rs.kitty_theft and not rs.overturn_swap


def price_bury(job: Job) -> Priced:
    m = job.moment
    view = m.view
    assert isinstance(m.command, Bury)
    bot = _bot(job)
    opts = [Choice(cards=tuple(p)) for _, p in bot.bury_options(view)[: bot.top_k + 1]]
    choices, played = with_choice(_distinct(opts), Choice(cards=m.command.cards))
    call = m.call if view.rules.partnership == "find_friends" else None
    if call is None and kitty_round(view) is not None:
        return price_bury_round(job, bot, choices, played)
    if not bury_priced(view.rules) and call is None:
        return unpriced(choices, played)
    sj = bot.search_job(view, [list(c.cards) for c in choices], job.seed, job.max_steps, bury=True)
    plan = None
    if call is not None:  # find friends: each bury played out with the call made after it
        sj = replace(sj, attackers=[s for s in range(view.rules.players) if s != view.seat])
        plan = call_plan(view, bot.tracker(view), parse_card(call.card), max(1, call.nth))
    variants = [Variant(bury=c.cards, plan=plan) for c in choices]
    urows, prows, steps = rollout_rows(sj, variants)
    return settle(choices, played, urows, prows, steps)


def kitty_round(view: SeatView) -> str | None:
    """What may follow this seat's bury: "theft" (kitty theft: the other seats
    in turn may steal the kitty), "overturn" (three players: the attackers
    after this seat may overturn), or None (the bury is the last word)."""
    rs = view.rules
    if view.standing is None or view.dealer is None:
        return None
    if rs.kitty_theft and rs.partnership == "fixed":
        return "theft"
    if rs.overturn_swap and rs.bidding != "none":
        return "overturn"
    return None


@dataclass
class KittyDeal:
    """A sampled deal after a bury, as the kitty round leaves it."""

    hands: list[list[Card]]
    kitty: list[Card]
    trump: Suit | None
    dealer: int
    checks: int  # the declarations the playbook was asked for


def theft_round(
    rs: RuleSet,
    level: str,
    hands: list[list[Card]],
    kitty: list[Card],
    standing: tuple[int, list[Card]],
    trump: Suit | None,
    burier: int,
    dealer: int,
    first_deal: bool,
    sense: Callable[[Suit | None], Sense],
) -> KittyDeal:
    """Kitty theft (炒底) after `burier`'s bury, each seat as the playbook
    steals (`playbook.clearly_better`): from the seat after the kitty's holder,
    every other seat in turn steals with a stronger declaration or passes; a
    thief makes its suit trump (on the first deal it deals), takes the kitty,
    buries its cheapest cards, and a new round starts after it; the round ends
    when every other seat has passed in a row (as the engine's `kitty.py`)."""
    n = rs.players
    holder, passes, checks = burier, 0, 0
    s = (holder + 1) % n
    while passes < n - 1:
        if s == holder:
            s = (s + 1) % n
        checks += 1
        opts = rules.valid_declarations(rs, level, hands[s], standing[1], standing[0] == s)
        pick = clearly_better(rs, level, trump, hands[s], opts)
        if pick is None:
            passes += 1
        else:
            standing, trump, holder, passes = (s, pick), declared_suit(rs, level, pick), s, 0
            if first_deal:
                dealer = s
            full = hands[s] + kitty
            kitty = quick_bury(sense(trump), full, len(kitty))
            hands[s] = list((Counter(full) - Counter(kitty)).elements())
        s = (s + 1) % n
    return KittyDeal(hands, kitty, trump, dealer, checks)


def overturn_round(
    rs: RuleSet,
    level: str,
    hands: list[list[Card]],
    kitty: list[Card],
    standing: tuple[int, list[Card]],
    trump: Suit | None,
    burier: int,
    dealer: int,
    rng: random.Random,
    sense: Callable[[Suit | None], Sense],
) -> KittyDeal:
    """Three players' overturn (反牌) after `burier`'s bury: each attacker after
    it until the dealer's turn, once, overturns as the playbook does
    (`playbook.clearly_better`) or passes; an overturn makes its suit trump,
    draws `overturn_swap` cards of the kitty at random and buries its cheapest
    as many (as the engine's `overturn.py`). The dealer stays the dealer."""
    n = rs.players
    checks = 0
    s = (burier + 1) % n
    while s != dealer:
        checks += 1
        opts = rules.overturn_options(rs, level, hands[s], standing[1], trump)
        pick = clearly_better(rs, level, trump, hands[s], opts)
        if pick is not None:
            standing, trump = (s, pick), declared_suit(rs, level, pick)
            drawn = rng.sample(kitty, rs.overturn_swap)
            full = hands[s] + drawn
            mine = quick_bury(sense(trump), full, rs.overturn_swap)
            hands[s] = list((Counter(full) - Counter(mine)).elements())
            kitty = list((Counter(kitty) - Counter(drawn)).elements()) + mine
        s = (s + 1) % n
    return KittyDeal(hands, kitty, trump, dealer, checks)


def price_bury_round(job: Job, bot: SearchBot, choices: list[Choice], played: int) -> Priced:
    """A bury the kitty round may still overturn (kitty theft, three players'
    overturn): each bury over the same sampled deals (the tracker's), the
    round played as the playbook plays it (`theft_round`, `overturn_round`),
    then the deal from the dealer's lead by the rollout policy to the end,
    under the trump and with the dealer and kitty the round leaves."""
    view = job.moment.view
    rs, level, me, n = view.rules, view.level, view.seat, view.rules.players
    st, dealer = view.standing, view.dealer
    assert st is not None and dealer is not None
    standing = (st.seat, list(st.cards))
    kind = kitty_round(view)
    tr = bot.tracker(view)
    spec = tr.spec()
    senses: dict[Suit | None, Sense] = {view.trump_suit: tr.sense}

    def sense(trump: Suit | None) -> Sense:
        sn = senses.get(trump)
        if sn is None:
            sn = senses[trump] = Sense(rs, TrumpContext(level, trump))
        return sn

    # the margin from the turning point where a theft may change who deals
    first_deal = view.deal_no == 0
    pivot = even_points(rs) if kind == "theft" and first_deal else 0
    spread = smoothing(rs)
    urows: list[list[float]] = []
    prows: list[list[float]] = []
    steps = 0
    i = 0
    while steps < job.max_steps:
        rng = random.Random(f"{job.seed}/{i}")
        i += 1
        try:
            hands_map, hidden = sample_spec(spec, tr.sense, rng)
        except RuntimeError:
            break
        steps += SAMPLE_STEPS
        draws = random.Random(f"{job.seed}/{i}/draw")  # the same draws for every bury
        ur: list[float] = []
        pr: list[float] = []
        for c in choices:
            mine = list((Counter(view.hand) - Counter(c.cards)).elements())
            hands = [mine if s == me else list(hands_map[s]) for s in range(n)]
            kitty = list(hidden) + list(c.cards)  # (an overturner: the cards it did not draw)
            if kind == "theft":
                deal = theft_round(
                    rs,
                    level,
                    hands,
                    kitty,
                    standing,
                    view.trump_suit,
                    me,
                    dealer,
                    first_deal,
                    sense,
                )
            else:
                draws.seed(f"{job.seed}/{i}/draw")
                deal = overturn_round(
                    rs, level, hands, kitty, standing, view.trump_suit, me, dealer, draws, sense
                )
            sn = sense(deal.trump)
            if rs.partnership == "fixed" and rs.bidding == "none":
                attackers = {s for s in range(n) if view.teams[s] != view.teams[deal.dealer]}
            else:
                attackers = {s for s in range(n) if s != deal.dealer}
            sim = Sim(sn, deal.hands, [], deal.dealer, [0] * n, attackers, deal.kitty)
            sim.run(0.0, 0)
            steps += sim.steps + SIM_STEPS + CHECK_STEPS * deal.checks
            pts = sim.attacker_points(view.penalty_points)
            dealer_pts = sum(sim.captured[s] for s in range(n) if s not in attackers)
            me_attacks = me in attackers

            u = 0.0
            for d in (-spread, 0, spread):  # (as `search.outcome` smooths it)
                a, b = max(0, pts + d), max(0, dealer_pts - d)
                u += utility(rs, a, me_attacks, view.bid, b, pivot=pivot) / 3.0
            ur.append(u)
            if rs.bidding == "points_up":
                pr.append(float(-dealer_pts if me_attacks else dealer_pts))
            else:
                pr.append(float(pts if me_attacks else -pts))
        urows.append(ur)
        prows.append(pr)
    return settle(choices, played, urows, prows, steps)


def call_plan(view: SeatView, tr: Tracker, card: Card, nth: int) -> FriendPlan:
    """The sides a friend call of `card` (its `nth` copy) by this seat makes in
    each sample: the seats that may hold the card are the friend's candidates."""
    others = [s for s in range(view.rules.players) if s != view.seat]
    return FriendPlan(
        rule=view.rules.friend_rule,
        card=card,
        nth_left=nth,
        dealer=view.seat,
        candidates=[s for s in others if tr.possible(s)[card] > 0],
    )


def price_call(job: Job) -> Priced:
    """A friend call: each call's play from the first lead, the sides of each
    sample as the call makes them (`search.FriendPlan`)."""
    m = job.moment
    view = m.view
    assert isinstance(m.command, CallFriend)
    bot = _bot(job)
    k = bot.top_k
    opts = [Choice(cards=(c,), nth=nth) for _, c, nth in call_options(view)[:k]]
    made = Choice(cards=(parse_card(m.command.card),), nth=max(1, m.command.nth))
    choices, played = with_choice(opts, made)
    tr = bot.tracker(view)
    others = [s for s in range(view.rules.players) if s != view.seat]
    plans = [call_plan(view, tr, c.cards[0], c.nth) for c in choices]
    sj = bot.search_job(view, [[]], job.seed, job.max_steps)
    sj = replace(sj, horizon=job.horizon, attackers=others)
    urows, prows, steps = rollout_rows(sj, [Variant(plan=p) for p in plans])
    return settle(choices, played, urows, prows, steps)


# ------------------------------------------------------- the other kinds


def _cards_choice(cards: Sequence[Card] | None) -> Choice:
    return Choice(cards=tuple(cards or ()))


def _other_suits(bot: SearchBot, view: SeatView, cands: list[list[Card] | None]) -> list[Choice]:
    return _distinct([_cards_choice(c) for c in bot.other_suits(view, cands)])


def dealing_priced(rs: RuleSet) -> bool:
    """Whether a declaration while dealing is priced: where the dealing search
    models it (fixed partners, open declaring, no kitty theft), and in find
    friends (open declaring, no auction, no theft), the dealer's friend called
    as the playbook calls it (`declare_search.friends_played_out`)."""
    if searchable(rs) or hidden_dealing(rs):
        return True
    return (
        rs.partnership == "find_friends"
        and rs.bidding == "none"
        and not rs.kitty_theft
        and not rs.hidden_declaring
    )


def price_declare(job: Job) -> Priced:
    """A declaration while the cards are dealt, or not declaring after a card
    that offered one (`Moment.command` None)."""
    m = job.moment
    view = m.view
    bot = _bot(job)
    made = _cards_choice(m.command.cards if isinstance(m.command, Declare) else None)
    base = PlaybookBot.declaration(bot, view)
    cands: list[list[Card] | None] = [None] if base is None else [base, None]
    choices, played = with_choice(_other_suits(bot, view, cands), made)
    if not dealing_priced(view.rules):
        return unpriced(choices, played)
    tr = bot.tracker(view)
    opts = [list(c.cards) if c.cards else None for c in choices]
    even = scored(utility, even_points(view.rules))
    if hidden_dealing(view.rules):
        rows = hidden_dealing_rows(view, tr.unseen, opts, job.seed, job.max_steps, even)
    else:
        known = [tr.known[s] for s in range(view.rules.players)]
        rows = choose_dealing_declaration(
            view, tr.unseen, known, opts, job.seed, job.max_steps, 0.0, even
        )
    u, p = split_rows(rows)
    return settle(choices, played, u, p, job.max_steps)


def hidden_dealing(rs: RuleSet) -> bool:
    """Declarations hidden until the dealing ends, the kitty stolen after the
    bury (four-deck: fixed partners, no auction)."""
    return (
        rs.hidden_declaring
        and rs.kitty_theft
        and rs.partnership == "fixed"
        and rs.bidding == "none"
    )


def hidden_dealing_rows(
    view: SeatView,
    unseen: Counter[Card],
    options: Sequence[list[Card] | None],
    seed: str,
    max_steps: int,
    utility: Callable[..., float],
) -> list[list[float]]:
    """Per sampled deal, the worth of each of `options` (a declaration now;
    None: not now) where declarations are hidden and the kitty may be stolen
    (four-deck). A sample deals the cards this seat has not seen (the others'
    hands so far, the cards still to come in the engine's order, the kitty);
    each other seat is taken to have declared what the playbook would with its
    hand so far (hidden: this seat saw nothing of it). The rest is dealt card
    by card, each seat declaring as the playbook would against its own last
    declaration (hidden declaring: a seat overturns only itself) when a level
    card or a joker comes and every third card, this seat quiet after "not
    now"; then a round at full hands. The declarations are replayed by the
    overturn rules (`rules.winning_declaration`), the declaring closed
    (`rules.close_declaring`: a redeal is worth 0), the dealer buries its
    cheapest cards, the theft round played (`theft_round`) and the deal played
    out to the end under what it leaves."""
    rs = view.rules
    n, me, level = rs.players, view.seat, view.level
    rank = rules.parse_rank(level)
    sizes = view.hand_sizes
    hand = list(view.hand)
    dealt0 = sum(sizes)
    free = sorted(unseen.elements(), key=lambda c: c.idx)
    mine0 = view.standing.cards if view.standing is not None else None
    senses: dict[Suit | None, Sense] = {}

    def sense(trump: Suit | None) -> Sense:
        sn = senses.get(trump)
        if sn is None:
            sn = senses[trump] = Sense(rs, TrumpContext(level, trump))
        return sn

    Decls = list[tuple[int, list[Card]]]

    def asks(s: int, held: list[Card], last: dict[int, list[Card]], decls: Decls) -> int:
        """Seat `s` declares as the playbook would against its own last
        declaration (hidden: it sees no other); the checks it cost."""
        own = last.get(s)
        standing = None if own is None else (s, own)
        pick = pick_declaration(rs, level, held, standing, own is not None, s)
        if pick is not None:
            last[s] = pick
            decls.append((s, pick))
        return 1

    rows: list[list[float]] = []
    steps = 0
    while steps < max_steps:
        rng = random.Random(f"{seed}/{len(rows)}")
        pool = list(free)
        rng.shuffle(pool)
        parts, rest = split(pool, [0 if s == me else sizes[s] for s in range(n)])
        hands = [hand if s == me else parts[s] for s in range(n)]
        still, kitty = split(rest, [rs.hand_size - sizes[s] for s in range(n)])
        row: list[float] = []
        for opt in options:
            held = [list(h) for h in hands]
            last: dict[int, list[Card]] = {}
            decls: Decls = []
            checks = 0
            for s in range(n):  # what the others declared so far, unseen here
                if s != me:
                    checks += asks(s, held[s], last, decls)
            if mine0 is not None:
                last[me] = list(mine0)
                decls.append((me, list(mine0)))
            if opt is not None:
                last[me] = list(opt)
                decls.append((me, list(opt)))
            quiet = me if opt is None else None
            at = [0] * n
            dealt = dealt0
            for _ in range(sum(len(f) for f in still)):
                s = (view.first_seat + dealt) % n
                dealt += 1
                card = still[s][at[s]]
                at[s] += 1
                held[s].append(card)
                if s == quiet or (card.rank not in (rank, Rank.LJ, Rank.BJ) and len(held[s]) % 3):
                    continue
                checks += asks(s, held[s], last, decls)
            for s in range(n):  # a round at full hands
                if not (s == quiet and view.phase == "declaring"):
                    checks += asks(s, held[s], last, decls)
            steps += checks * CHECK_STEPS
            win = rules.winning_declaration(rs, level, decls)
            standing = None if win is None else decls[win]
            closed = rules.close_declaring(rs, level, standing, kitty, view.first_seat, view.dealer)
            if closed.redeal or closed.dealer is None:
                row.append(0.0)  # nothing won or lost
                continue
            trump, dealer = closed.trump_suit, closed.dealer
            full = held[dealer] + kitty
            bury = quick_bury(sense(trump), full, len(kitty))
            held[dealer] = list((Counter(full) - Counter(bury)).elements())
            if standing is not None:
                deal = theft_round(
                    rs, level, held, bury, standing, trump, dealer, dealer,
                    view.dealer is None, sense,
                )  # fmt: skip
                held, bury, trump, dealer = deal.hands, deal.kitty, deal.trump, deal.dealer
                steps += deal.checks * CHECK_STEPS
            attackers = {s for s in range(n) if view.teams[s] != view.teams[dealer]}
            sim = Sim(sense(trump), held, [], dealer, [0] * n, attackers, bury, dealer=dealer)
            sim.run(0.0, 0)
            steps += sim.steps
            row.append(utility(rs, sim.attacker_points(0), me in attackers))
        steps += SETUP_STEPS
        rows.append(row)
    return rows


def price_steal(job: Job) -> Priced:
    """Kitty theft (炒底): steal with one of the suits it may, or pass."""
    m = job.moment
    view = m.view
    bot = _bot(job)
    made = _cards_choice(m.command.cards if isinstance(m.command, Steal) else None)
    base = PlaybookBot.steal(bot, view)
    cands: list[list[Card] | None] = [None] if base is None else [base, None]
    choices, played = with_choice(_other_suits(bot, view, cands), made)
    if view.standing is None or view.rules.partnership != "fixed":
        return unpriced(choices, played)
    tr = bot.tracker(view)
    opts = [list(c.cards) if c.cards else None for c in choices]
    even = scored(utility, even_points(view.rules))
    rows = choose_theft(view, tr.spec(), tr.sense, opts, job.seed, job.max_steps, 0.0, even)
    u, p = split_rows(rows)
    return settle(choices, played, u, p, job.max_steps)


def price_overturn(job: Job) -> Priced:
    """Three players' overturn (反牌): overturn with one of the suits it may, or pass."""
    m = job.moment
    view = m.view
    bot = _bot(job)
    made = _cards_choice(m.command.cards if isinstance(m.command, Steal) else None)
    rs, level = view.rules, view.level
    opts = declare_options(view)
    base = PlaybookBot.overturn(bot, view)
    cands: list[Choice] = [_cards_choice(base), _cards_choice(None)]
    suits = {declared_suit(rs, level, base)} if base is not None else set()
    for cards in opts:
        suit = declared_suit(rs, level, cards)
        if len(cands) < bot.top_k + 1 and suit not in suits:
            cands.append(_cards_choice(cards))
            suits.add(suit)
    choices, played = with_choice(_distinct(cands), made)
    unseen = sorted(bot.tracker(view).unseen.elements(), key=lambda c: c.idx)
    rows: list[list[float]] = []
    options = [list(c.cards) if c.cards else None for c in choices]
    choose_overturn(view, unseen, options, job.seed, job.max_steps, 0.0, scored(), rows)
    u, p = split_rows(rows)
    return settle(choices, played, u, p, job.max_steps)


def price_bid(job: Job) -> Priced:
    """A bid or a pass: the nearest bid, a pass and the bid made, each followed
    by the rest of the auction as the playbook calls it (`auction_search`)."""
    m = job.moment
    view = m.view
    assert view.auction is not None
    bot = _bot(job)
    rs = view.rules
    opts = rules.bid_options(rs, view.auction, view.seat)
    made = Choice(bid=m.command.points) if isinstance(m.command, Bid) else Choice()
    cands = [Choice(bid=opts[0]), Choice()] if opts else [Choice()]
    choices, played = with_choice(cands, made)
    if len(choices) < 2:
        return unpriced(choices, played)
    unseen = sorted(bot.tracker(view).unseen.elements(), key=lambda c: c.idx)
    margins = [
        bot.bid_margin_of(rs) if s == view.seat else PlaybookBot.bid_margin
        for s in range(rs.players)
    ]
    calls = [c.bid for c in choices]
    rows = call_rows(view, unseen, margins, calls, job.seed, job.max_steps, 0.0, scored(at_stake))
    u, p = split_rows(rows)
    return settle(choices, played, u, p, job.max_steps)


def _trump_text(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.value


def price_name(job: Job) -> Priced:
    """Naming trump after the auction: each trump the rules allow, the kitty
    taken and its cheapest cards buried, the deal played out (the same
    sampled deals of the others' hands and the kitty for every trump)."""
    m = job.moment
    view = m.view
    assert isinstance(m.command, NameTrump) and view.bid is not None
    rs, me, n = view.rules, view.seat, view.rules.players
    bot = _bot(job)
    suits = trump_choices(rs)
    choices, played = with_choice(
        [Choice(trump=_trump_text(s)) for s in suits], Choice(trump=_trump_text(m.command.suit))
    )
    named = [None if c.trump == "NT" else parse_suit(c.trump or "") for c in choices]
    shown = list(view.shown_kitty)
    free = sorted((bot.tracker(view).unseen - Counter(shown)).elements(), key=lambda c: c.idx)
    size = (len(free) - (rs.kitty_size - len(shown))) // (n - 1)
    f = scored()
    rows: list[list[float]] = []
    steps = 0
    while steps < job.max_steps:
        rng = random.Random(f"{job.seed}/{len(rows)}")
        pool = list(free)
        rng.shuffle(pool)
        parts, rest = split(pool, [0 if s == me else size for s in range(n)])
        hands = [list(view.hand) if s == me else parts[s] for s in range(n)]
        kitty = shown + rest
        row: list[float] = []
        for suit in named:
            worth, used = play_out_auction(rs, view, hands, kitty, me, view.bid, suit, f)
            row.append(worth)
            steps += used
        steps += SETUP_STEPS
        rows.append(row)
    u, p = split_rows(rows)
    return settle(choices, played, u, p, steps)


_PRICERS: dict[str, Callable[[Job], Priced]] = {
    "play": price_play,
    "bury": price_bury,
    "call": price_call,
    "declare": price_declare,
    "steal": price_steal,
    "overturn": price_overturn,
    "bid": price_bid,
    "name": price_name,
}
