"""A random full deal, played only through the rules API (no rule written here).

`play_random_deal` shuffles, deals, picks trump from a random valid
declaration, lets the dealer bury random cards, then plays random tricks:
leads are uniform among the units the leader holds (sometimes a random
throw, judged by `check_throw`), follows are uniform among `legal_follows`,
`trick_winner` decides. Invariants are asserted as it goes. It serves the
rules benchmark (`shengji bench rules`) and the Hypothesis invariant tests.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice

from .. import rules
from ..rules import TRUMP, Card, Cols, Order, Placement, RuleSet, TrumpContext

THROW_PROBABILITY = 0.1

# A follower short in the led suit may add *any* cards of its hand, so
# `legal_follows` can yield millions of plays (a 12-card tractor lead against a
# follower holding 7 of the suit in four-deck: 3.4 million, ~19 s). The
# simulator lists at most this many and picks uniformly among them.
FOLLOW_CAP = 20_000


@dataclass
class DealStats:
    """What happened in one random deal."""

    preset: str
    seed_info: str = ""
    level: str = "2"
    trump_suit: str | None = None  # "S", "H", "D", "C" or None (no-trump)
    declaration: list[Card] = field(default_factory=list)
    dealer_side: frozenset[int] = frozenset({0})
    tricks: int = 0
    points_by_seat: list[int] = field(default_factory=list)
    trick_points: int = 0  # attackers' points from tricks
    kitty_points: int = 0
    kitty_multiplier: int = 0  # 0 when the kitty was not captured
    kitty_captured: bool = False
    attacker_points: int = 0  # tricks + kitty (+ throw penalties) — what deal_result scores
    last_winner: int = 0
    throws_tried: int = 0
    throws_failed: int = 0
    penalty_points: int = 0  # tournament: points moved by failed throws (to the attackers: +)
    legal_follow_calls: int = 0
    capped_follow_calls: int = 0  # calls with more than `follow_cap` legal plays
    max_follow_options: int = 0
    result: rules.DealResult | None = None
    bid: int | None = None

    def summary(self) -> str:
        trump = "no-trump" if self.trump_suit is None else f"trump {self.trump_suit}"
        side = "+".join(seat_name(s, len(self.points_by_seat)) for s in sorted(self.dealer_side))
        parts = [
            f"{self.preset}: level {self.level}, {trump}, dealer side {side}",
            f"{self.tricks} tricks, attackers {self.attacker_points} points"
            f" (tricks {self.trick_points}"
            + (
                f", kitty {self.kitty_points}×{self.kitty_multiplier}"
                if self.kitty_captured
                else ""
            )
            + (f", throw penalties {self.penalty_points:+d}" if self.penalty_points else "")
            + ")",
        ]
        r = self.result
        if r is None:
            parts.append("not scored")
        elif r.attackers_take_over:
            parts.append(f"attackers take over, +{r.attacker_levels} level(s)")
        else:
            parts.append(f"dealer side holds, +{r.dealer_side_levels} level(s)")
        if r is not None and r.match_points:
            parts.append(f"match points {r.match_points:+d}")
        return "; ".join(parts)


SEAT_NAMES = {3: ("S", "E", "W"), 4: ("S", "E", "N", "W")}


def seat_name(seat: int, players: int) -> str:
    names = SEAT_NAMES.get(players)
    return names[seat] if names is not None else f"P{seat}"


def _unit_cards(cols: Cols, pl: Placement) -> list[Card]:
    """The cards of a placement, high first, without touching `cols`."""
    (w, n), p, ids = pl
    out: list[Card] = []
    for k in range(n - 1, -1, -1):
        out.extend(cols[p + k][ids[k]][-w:])
    return out


def leadable_units(rs: RuleSet, ctx: TrumpContext, hand: Sequence[Card]) -> list[list[Card]]:
    """Every distinct single, tuple and tractor of one effective suit in `hand`."""
    order = rules.compiled(rs, ctx)
    out: list[list[Card]] = [[c] for c in set(hand)]  # the singles (deterministic order)
    max_w = rs.max_tuple
    if max_w < 2:
        return out
    by_suit: dict[int, list[Card]] = {}
    e = order.eff
    for c in hand:
        by_suit.setdefault(e[c.idx], []).append(c)
    for cards in by_suit.values():
        if len(cards) < 2:
            continue
        cols = order.columns(cards)
        widest = 1
        for d in cols.values():
            for cs in d.values():
                k = len(cs)
                if k > widest:
                    widest = k
                # tuples: every identity with w or more copies
                for w in range(2, min(k, max_w) + 1):
                    out.append(cs[-w:])
        if len(cols) < 2:
            continue
        for w in range(2, min(widest, max_w) + 1):
            n = 2
            while True:
                found = False
                for pl in order.placements(cols, (w, n)):
                    found = True
                    out.append(_unit_cards(cols, pl))
                if not found:
                    break
                n += 1
    return out


def _random_throw(rng: random.Random, order: Order, hand: Sequence[Card]) -> list[Card] | None:
    """A random sub-multiset of 2-6 cards of one effective suit, or None."""
    e = order.eff
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(e[c.idx], []).append(c)
    suits = [cs for _, cs in sorted(by_suit.items()) if len(cs) >= 2]
    if not suits:
        return None
    cards = rng.choice(suits)
    k = rng.randint(2, min(6, len(cards)))
    return rng.sample(cards, k)


def _sides(rs: RuleSet) -> frozenset[int]:
    """The dealer side when it is known from the seating (seat 0 deals)."""
    if rs.partnership == "fixed":
        return frozenset(range(0, rs.players, 2))
    return frozenset({0})


@lru_cache(maxsize=8)
def _pack_key(decks: int) -> list[int]:
    """The pack as a sorted list of card indices (a cheap multiset)."""
    return sorted(c.idx for c in rules.full_deck(decks))


def _cards_key(groups: Sequence[Sequence[Card]], more: Sequence[Card]) -> list[int]:
    out = [c.idx for g in groups for c in g]
    out.extend(c.idx for c in more)
    out.sort()
    return out


def _check(cond: bool, msg: str) -> None:
    if not cond:
        raise AssertionError(msg)


def play_random_deal(
    rs: RuleSet,
    rng: random.Random,
    level: str = "2",
    timings: list[float] | None = None,
    log: list[str] | None = None,
    *,
    verify: bool = False,
    follow_cap: int | None = FOLLOW_CAP,
) -> DealStats:
    """Play one random deal of `rs`; seat 0 deals. Raises AssertionError when an
    invariant breaks (cards conserved, points add up, a legal follow exists).

    `timings` receives each `legal_follows` call's duration in microseconds;
    `log` readable lines per trick; `verify` also checks every chosen follow
    with `check_follow` (slower; used by the tests). A follower picks uniformly
    among the plays `legal_follows` yields, listing at most `follow_cap` of them
    (None: all, however many; see FOLLOW_CAP).
    """
    players = rs.players
    names = [seat_name(s, players) for s in range(players)]
    full = _pack_key(rs.decks)
    total_cards = 54 * rs.decks

    # ---- shuffle and deal, one card at a time in turn
    pack = rules.full_deck(rs.decks)
    rng.shuffle(pack)
    hs = rs.hand_size
    hands: list[list[Card]] = [pack[s : players * hs : players] for s in range(players)]
    kitty = pack[players * hs :]
    _check(len(kitty) == rs.kitty_size, f"kitty has {len(kitty)} cards, expected {rs.kitty_size}")
    _check(
        _cards_key(hands, kitty) == full,
        "after the deal the hands and the kitty are not exactly the pack",
    )

    # ---- trump from a random valid declaration
    options: list[tuple[int, list[Card]]] = []
    for s, h in enumerate(hands):
        options.extend((s, d) for d in rules.valid_declarations(rs, level, h))
    stats = DealStats(preset=rs.name, level=rules.parse_rank(level).value)
    trump_suit = None
    if options:
        who, decl = rng.choice(options)
        stats.declaration = list(decl)
        trump_suit = decl[0].suit.value if decl[0].suit is not None else None
        if log is not None:
            log.append(f"{names[who]} declares {rules.format_cards(decl)}")
    elif log is not None:
        log.append("nobody can declare: no-trump")
    stats.trump_suit = trump_suit
    ctx = TrumpContext(level, trump_suit)
    order = rules.compiled(rs, ctx)
    if log is not None:
        log.append(f"{ctx.merged(rs).describe()}; {names[0]} deals")

    # ---- the dealer takes the kitty and buries random cards
    hands[0].extend(kitty)
    kitty = rng.sample(hands[0], rs.kitty_size)
    hands[0] = rules.remove_cards(hands[0], kitty)
    _check(
        _cards_key(hands, kitty) == full,
        "after the bury the hands and the kitty are not exactly the pack",
    )
    _check(all(len(h) == hs for h in hands), "hands differ in size after the bury")

    # ---- find-friends: the dealer calls a random card it does not hold; whoever
    # plays the first copy becomes the partner (none if it lies in the kitty)
    dealer_side = set(_sides(rs))
    called: Card | None = None
    if rs.partnership == "find_friends":
        held = set(hands[0])
        candidates = [c for c in rules.ALL_CARDS if c not in held]
        if candidates:
            called = rng.choice(candidates)
            if log is not None:
                log.append(f"{names[0]} calls the first {called}")

    # ---- tricks
    captured: list[list[Card]] = [[] for _ in range(players)]
    points_by_seat = [0] * players
    played_count = 0
    leader = 0
    trick_no = 0
    last_lead: list[Card] = []
    last_win_play: list[Card] = []
    throw_limit = rs.throw_trick_limit
    while hands[leader]:
        trick_no += 1
        hand = hands[leader]
        lead: list[Card] | None = None
        lead_note = ""
        if (throw_limit is None or trick_no <= throw_limit) and rng.random() < THROW_PROBABILITY:
            attempt = _random_throw(rng, order, hand)
            if attempt is not None:
                others = [hands[(leader + k) % players] for k in range(1, players)]
                tr = rules.check_throw(rs, ctx, attempt, others)
                units = rules.decompose(rs, ctx, attempt)
                is_throw = len(units) > 1
                if is_throw:
                    stats.throws_tried += 1
                if tr.ok:
                    lead = attempt
                    if is_throw:
                        lead_note = f"{names[leader]} throws {rules.format_cards(attempt)}"
                else:
                    stats.throws_failed += 1
                    lead = list(tr.forced)
                    if not lead or Counter(lead) - Counter(attempt):
                        raise AssertionError(
                            f"a failed throw of {rules.format_cards(attempt)} forced "
                            f"{rules.format_cards(lead)}, which is not part of it"
                        )
                    lead_note = (
                        f"{names[leader]} tries {rules.format_cards(attempt)}, fails, "
                        f"plays {rules.format_cards(lead)}"
                    )
                    if rs.throw_penalty == "points":
                        amount = rs.throw_penalty_amount
                        stats.penalty_points += amount if leader in dealer_side else -amount
        if lead is None:
            units_list = leadable_units(rs, ctx, hand)
            if not units_list:
                raise AssertionError(f"{names[leader]} holds cards but can lead nothing")
            lead = rng.choice(units_list)
        hands[leader] = rules.remove_cards(hand, lead)
        plays: list[list[Card]] = [lead]
        lead_suit = order.eff[lead[0].idx]
        for k in range(1, players):
            seat = (leader + k) % players
            h = hands[seat]
            t0 = time.perf_counter_ns()
            it = rules.legal_follows(rs, ctx, h, lead)
            if follow_cap is None:
                follows = list(it)
            else:
                follows = list(islice(it, follow_cap))
                if len(follows) == follow_cap and next(it, None) is not None:
                    stats.capped_follow_calls += 1
            if timings is not None:
                timings.append((time.perf_counter_ns() - t0) / 1000.0)
            stats.legal_follow_calls += 1
            if not follows:
                raise AssertionError(
                    f"trick {trick_no}: {names[seat]} has no legal follow to "
                    f"{rules.format_cards(lead)} from {rules.format_cards(h)}"
                )
            stats.max_follow_options = max(stats.max_follow_options, len(follows))
            play = rng.choice(follows)
            if verify:
                v = rules.check_follow(rs, ctx, h, lead, play)
                if not v.ok:
                    raise AssertionError(
                        f"trick {trick_no}: legal_follows offered {rules.format_cards(play)} "
                        f"to {rules.format_cards(lead)} from {rules.format_cards(h)}, but "
                        f"check_follow says: {v.reason}"
                    )
            hands[seat] = rules.remove_cards(h, play)
            plays.append(play)
        if called is not None:
            for k, p in enumerate(plays):
                seat = (leader + k) % players
                if called in p:
                    dealer_side.add(seat)
                    if log is not None:
                        log.append(
                            f"{names[seat]} plays the called {called}: partner of {names[0]}"
                        )
                    called = None
                    break
        win = rules.trick_winner(rs, ctx, plays)
        if not 0 <= win < players:
            raise AssertionError(f"trick_winner returned {win} for {players} plays")
        winner = (leader + win) % players
        trick_cards = [c for p in plays for c in p]
        pts = rules.points(trick_cards)
        points_by_seat[winner] += pts
        captured[winner].extend(trick_cards)
        played_count += len(trick_cards)
        if played_count + sum(len(h) for h in hands) + len(kitty) != total_cards:
            raise AssertionError(
                f"trick {trick_no}: {played_count} played + hands + kitty != {total_cards} cards"
            )
        if len({len(h) for h in hands}) != 1:
            raise AssertionError(
                f"trick {trick_no}: hands differ in size: {[len(h) for h in hands]}"
            )
        if log is not None:
            parts = []
            for k, p in enumerate(plays):
                seat = (leader + k) % players
                txt = rules.format_cards(p)
                if k == 0:
                    parts.append(lead_note or f"{names[seat]} led {txt}")
                    continue
                effs = {order.eff[c.idx] for c in p}
                if effs == {lead_suit}:
                    verb = "follows"
                elif effs == {TRUMP} and rules.is_ruff(rs, ctx, plays[0], p):
                    verb = "ruffs"
                elif lead_suit not in effs:
                    verb = "discards"
                else:
                    verb = "follows with"
                parts.append(f"{names[seat]} {verb} {txt}")
            log.append(
                f"trick {trick_no}: "
                + "; ".join(parts)
                + f" → {names[winner]} wins {pts} point{'s' if pts != 1 else ''}"
            )
        last_lead, last_win_play = lead, plays[win]
        leader = winner

    # ---- end of deal
    _check(all(not h for h in hands), "hands are not all empty at the end")
    _check(_cards_key(captured, kitty) == full, "captured cards + kitty are not exactly the pack")
    kitty_points = rules.points(kitty)
    _check(
        sum(points_by_seat) + kitty_points == rs.total_points,
        f"captured {sum(points_by_seat)} + kitty {kitty_points} != {rs.total_points} points",
    )
    stats.tricks = trick_no
    stats.dealer_side = frozenset(dealer_side)
    stats.points_by_seat = points_by_seat
    stats.last_winner = leader
    stats.kitty_points = kitty_points
    attackers = [s for s in range(players) if s not in dealer_side]
    stats.trick_points = sum(points_by_seat[s] for s in attackers)
    score = stats.trick_points
    if leader not in dealer_side:
        mult = rules.kitty_multiplier(rs, ctx, last_lead, last_win_play)
        _check(mult >= 1, f"kitty multiplier {mult} < 1")
        stats.kitty_multiplier = mult
        stats.kitty_captured = True
        score += kitty_points * mult
        if log is not None:
            log.append(
                f"{names[leader]} wins the last trick: kitty {rules.format_cards(kitty)} "
                f"= {kitty_points} × {mult} to the attackers"
            )
    elif log is not None:
        log.append(f"{names[leader]} wins the last trick for the dealer side; the kitty stays")
    score += stats.penalty_points
    stats.attacker_points = score
    if rs.bidding == "none":
        stats.result = rules.deal_result(rs, score)
    else:
        bid = rs.total_points * 3 // 8
        stats.bid = bid
        dealer_points = rs.total_points - score
        try:
            stats.result = rules.deal_result(rs, score, bid=bid, dealer_points=dealer_points)
        except ValueError as exc:  # an auction preset the API cannot score this way
            stats.result = None
            if log is not None:
                log.append(f"not scored: {exc}")
    return stats
