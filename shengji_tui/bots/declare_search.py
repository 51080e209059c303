"""The hard bot's declaration while the cards are being dealt (fixed partners,
no auction, no kitty theft, open declaring: docs/rules.md §4): declare now,
another suit now, or not while dealing, each played out over sampled deals;
in the declaring window the same with nothing left to deal ("not now": a
pass in the window).

A sample deals the cards this seat has not seen: the rest of the others'
hands so far (each holding the declaration cards it has shown), the cards
still to come, in the engine's order, and the kitty. For each choice the rest
of the dealing is replayed card by card: a seat that gets a card declares or
overturns as the playbook would (`playbook.pick_declaration`, asked when a
level card or joker arrives and every third card); this seat too after a
declaration now, but after "not now" it keeps quiet until every card is out.
Then the declaring window: each seat in turn from seat 0, this one included,
declares as the playbook would at full hands until a round passes quietly.
The declaration left standing names trump (and on the first deal the dealer);
with none, the preset's `no_declaration` rule does (a redeal is worth 0). The
dealer takes the kitty, buries its cheapest cards and the deal is played out
by the rollout policy to the end; the choice is scored by the search's
`utility`. Asked again at each card while the playbook would declare, the bot
declares as soon as declaring beats keeping quiet.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence

from .. import rules
from ..engine import SeatView
from ..rules import ALL_CARDS, Card, Rank, RuleSet, Suit, TrumpContext
from .auction_search import SETUP_STEPS, quick_bury, split
from .friends import call_options_for
from .playbook import declared_suit, pick_declaration
from .rollout import Sim
from .sense import Sense
from .tracker import SampleSpec, sample_spec

Standing = tuple[int, list[Card]]  # a declaration: its seat and cards
CHECK_STEPS = 2  # a playbook's declaration asked, in rollout steps of time


def searchable(rs: RuleSet) -> bool:
    """Whether the deal's declaring is one this search models."""
    return (
        rs.partnership == "fixed"
        and rs.bidding == "none"
        and not rs.kitty_theft
        and not rs.hidden_declaring
    )


def settle_declaring(
    rs: RuleSet,
    level: str,
    teams: Sequence[int],
    hands: Sequence[list[Card]],
    standing: Standing | None,
    first: int,
    quiet: int | None = None,
) -> Standing | None:
    """The declaration left standing when every seat, in turn from `first`,
    declares at full hands as the playbook would, until a round passes quietly
    (at most three rounds): the declaring window (`quiet`: a seat that passes)."""
    n = len(hands)
    for _ in range(3):
        moved = False
        for i in range(n):
            s = (first + i) % n
            if s == quiet:
                continue
            partner = standing is not None and teams[standing[0]] == teams[s]
            cards = pick_declaration(rs, level, hands[s], standing, partner, s)
            if cards is not None:
                standing = (s, cards)
                moved = True
        if not moved:
            break
    return standing


def finish_dealing(
    rs: RuleSet,
    level: str,
    teams: Sequence[int],
    hands: Sequence[list[Card]],
    still: Sequence[list[Card]],
    dealt: int,
    first_seat: int,
    standing: Standing | None,
    quiet: int | None,
    window_quiet: bool = False,
) -> tuple[Standing | None, int]:
    """The declaration standing once the cards `still` to come (per seat, in
    order) are dealt onto `hands` (`dealt` cards out so far, the first to
    `first_seat`), each seat declaring as the playbook would when it gets a
    level card or a joker and every third card (`quiet`: a seat that does not;
    in the window too with `window_quiet`), then the declaring window; and the
    declarations asked."""
    n = len(hands)
    rank = rules.parse_rank(level)
    held = [list(h) for h in hands]
    at = [0] * n
    asked = 0
    for _ in range(sum(len(f) for f in still)):
        s = (first_seat + dealt) % n
        dealt += 1
        card = still[s][at[s]]
        at[s] += 1
        held[s].append(card)
        if s == quiet:
            continue
        if card.rank not in (rank, Rank.LJ, Rank.BJ) and len(held[s]) % 3:
            continue
        partner = standing is not None and teams[standing[0]] == teams[s]
        asked += 1
        cards = pick_declaration(rs, level, held[s], standing, partner, s)
        if cards is not None:
            standing = (s, cards)
    last = quiet if window_quiet else None
    return settle_declaring(rs, level, teams, held, standing, 0, last), asked + 3 * n


def played_out(
    sn: Sense,
    hands: Sequence[list[Card]],
    kitty: list[Card],
    dealer: int,
    taker: int | None,
    teams: Sequence[int],
    me: int,
    utility: Callable[..., float],
) -> tuple[float, int]:
    """The deal played to the end from `hands`, `dealer` leading, after `taker`
    took `kitty` and buried its cheapest cards (None: `kitty` is the buried
    one as it is): this seat's utility (as `utility` gives it: the coach's
    carries the side's points) and the rollout's steps."""
    n = len(hands)
    held = [list(h) for h in hands]
    bury = list(kitty)
    if taker is not None:
        full = held[taker] + bury
        bury = quick_bury(sn, full, len(kitty))
        held[taker] = list((Counter(full) - Counter(bury)).elements())
    if sn.rs.partnership == "find_friends":
        return friends_played_out(sn, held, bury, dealer, me, utility)
    attackers = {s for s in range(n) if teams[s] != teams[dealer]}
    sim = Sim(sn, held, [], dealer, [0] * n, attackers, bury, dealer=dealer)
    sim.run(0.0, 0)
    return utility(sn.rs, sim.attacker_points(0), me in attackers), sim.steps


def friends_played_out(
    sn: Sense,
    held: list[list[Card]],
    bury: list[Card],
    dealer: int,
    me: int,
    utility: Callable[..., float],
) -> tuple[float, int]:
    """`played_out` in find friends: the dealer calls its friend as the
    playbook would (`friends.call_options_for`'s best), the sides as the call
    makes them in this deal (the holder rule: the first seat after the dealer
    holding the card; the nth played: whoever plays its nth copy), the deal
    played out and scored by the find-friends result."""
    rs = sn.rs
    n = rs.players
    ctx = sn.ctx
    opts = call_options_for(rs, ctx.level.value, ctx.trump_suit, held[dealer], bury)
    card, nth = (opts[0][1], opts[0][2]) if opts else (ALL_CARDS[-1], 1)
    others = {s for s in range(n) if s != dealer}
    watch: tuple[Card, int] | None = None
    friend: int | None = None
    if rs.friend_rule == "nth_played":
        watch = (card, nth)
    else:
        seats = [(dealer + k) % n for k in range(1, n)]
        friend = next((s for s in seats if card in held[s]), None)
    attackers = others - {friend} if friend is not None else others
    sim = Sim(sn, held, [], dealer, [0] * n, attackers, bury, watch, dealer, friend)
    sim.run(0.0, 0)
    pts = sim.attacker_points(0)
    won_last = sim.friend is not None and sim.last_winner == sim.friend
    result = rules.friend_deal_result(rs, pts, alone=sim.friend is None, friend_won_last=won_last)
    return utility(rs, pts, me in sim.attackers, None, None, result), sim.steps


def choose_dealing_declaration(
    view: SeatView,
    unseen: Counter[Card],
    known: Sequence[Counter[Card]],
    options: Sequence[list[Card] | None],
    seed: str,
    max_steps: int,
    deadline: float,
    utility: Callable[..., float],
) -> list[list[float]]:
    """Per sample, the utility of each of `options` (a declaration now; None:
    not now). `unseen`: the cards this seat has not seen (the deck less its
    hand); `known[s]`: the cards seat `s` has shown by declaring."""
    rs = view.rules
    n, me, level = rs.players, view.seat, view.level
    st = view.standing
    base_standing: Standing | None = None if st is None else (st.seat, list(st.cards))
    free = list((unseen - sum((Counter(k) for k in known), Counter())).elements())
    free.sort(key=lambda c: c.idx)
    sizes = view.hand_sizes
    shown = [sum(k.values()) for k in known]
    hand = list(view.hand)
    dealt = sum(sizes)
    senses: dict[Suit | None, Sense] = {}
    rows: list[list[float]] = []
    steps = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{len(rows)}")
        pool = list(free)
        rng.shuffle(pool)
        # the hands so far (the shown cards kept where they are), what is still
        # to come to each seat, and the kitty
        parts, rest = split(pool, [0 if s == me else sizes[s] - shown[s] for s in range(n)])
        hands = [hand if s == me else list(known[s].elements()) + parts[s] for s in range(n)]
        still, kitty = split(rest, [rs.hand_size - sizes[s] for s in range(n)])
        full = [h + f for h, f in zip(hands, still, strict=True)]
        row: list[float] = []
        for opt in options:
            standing = base_standing if opt is None else (me, list(opt))
            quiet = me if opt is None else None
            final, asked = finish_dealing(
                rs,
                level,
                view.teams,
                hands,
                still,
                dealt,
                view.first_seat,
                standing,
                quiet,
                window_quiet=view.phase == "declaring",
            )
            steps += asked * CHECK_STEPS
            closed = rules.close_declaring(rs, level, final, kitty, view.first_seat, view.dealer)
            if closed.redeal:
                row.append(0.0)  # nothing won or lost
                continue
            suit, dealer = closed.trump_suit, closed.dealer
            assert dealer is not None
            sn = senses.get(suit)
            if sn is None:
                sn = senses[suit] = Sense(rs, TrumpContext(level, suit))
            u, used = played_out(sn, full, kitty, dealer, dealer, view.teams, me, utility)
            row.append(u)
            steps += used
        steps += SETUP_STEPS
        rows.append(row)
    return rows


def choose_theft(
    view: SeatView,
    spec: SampleSpec,
    sense: Sense,
    options: Sequence[list[Card] | None],
    seed: str,
    max_steps: int,
    deadline: float,
    utility: Callable[..., float],
) -> list[list[float]]:
    """Kitty theft (炒底, fixed partners): per sample, the utility of each of
    `options` (a steal; None: pass). A sample deals the hidden cards to the
    other hands and the buried kitty (`spec`, the tracker's: the kitty as a
    burier lays it down). A steal makes its suit trump, takes the kitty and
    buries this seat's cheapest cards, and on the first deal makes this seat
    the dealer; a pass leaves trump, dealer and kitty as they are. Nobody
    steals after it; the dealer leads and the deal is played out to the end."""
    rs = view.rules
    n, me, level = rs.players, view.seat, view.level
    assert view.dealer is not None
    hand = list(view.hand)
    senses: list[Sense] = []
    dealers: list[int] = []
    for opt in options:
        suit = view.trump_suit if opt is None else declared_suit(rs, level, opt)
        senses.append(Sense(rs, TrumpContext(level, suit)))
        first = view.deal_no == 0 and opt is not None  # (the first deal's dealer: the thief)
        dealers.append(me if first else view.dealer)
    rows: list[list[float]] = []
    steps = 0
    while steps < max_steps and (not deadline or time.perf_counter() < deadline):
        rng = random.Random(f"{seed}/{len(rows)}")
        try:
            others, kitty = sample_spec(spec, sense, rng)
        except RuntimeError:
            break
        row: list[float] = []
        hands = [hand if s == me else others[s] for s in range(n)]
        for opt, sn, dealer in zip(options, senses, dealers, strict=True):
            taker = None if opt is None else me
            u, used = played_out(sn, hands, kitty, dealer, taker, view.teams, me, utility)
            row.append(u)
            steps += used
        steps += SETUP_STEPS
        rows.append(row)
    return rows
