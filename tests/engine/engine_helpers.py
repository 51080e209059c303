"""Random legal players and invariant checks for the engine tests.

The players read the full state (they are test drivers, not bots) but choose
only through the rules API: `valid_declarations` for declaring and stealing,
the leader's units (or a random throw) for leads, `legal_follows` for follows.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import islice
from typing import TypeVar

from shengji_tui import rules
from shengji_tui.bench.random_deal import leadable_units
from shengji_tui.engine import (
    Bid,
    Bury,
    CallFriend,
    DealNext,
    Declare,
    GameState,
    NameTrump,
    NextDeal,
    PassBid,
    PassSteal,
    Play,
    Steal,
    apply,
    new_game,
)
from shengji_tui.engine.commands import Command
from shengji_tui.engine.events import Event
from shengji_tui.rules import Card, RuleSet

PRESETS = (
    "classic",
    "tournament",
    "one-deck",
    "two-color",
    "three-deck",
    "four-deck",
    "six-player",
    "find-friends",
    "find-friends-5",
    "eighty-points",
    "three-player",
)
AUCTIONS = ("eighty-points", "three-player")


def custom(name: str, base: str = "classic", **options: object) -> RuleSet:
    """A validated ruleset: `base` preset with `options` changed."""
    return RuleSet.model_validate({**RuleSet.preset(base).model_dump(), "name": name, **options})


# A table of every seat count the engine plays. Odd counts have no fixed partners:
# the dealer plays alone (solo) against the rest; the step is raised so that random
# players (the dealer takes about 1/n of the points) hold deals now and then and a
# match ends.
SEAT_RULES: dict[int, RuleSet] = {
    3: custom("solo-3", players=3, kitty_size=9, partnership="solo", score_step=70),
    4: RuleSet.preset("classic"),
    5: custom(
        "solo-5",
        "three-deck",
        players=5,
        kitty_size=7,
        partnership="solo",
        score_step=125,
        extra_step=60,
    ),
    6: RuleSet.preset("six-player"),
}

DECLARE_P = 0.12
THROW_P = 0.12
STEAL_P = 0.4
BID_P = 0.45
NO_TRUMP_P = 0.15


def declare_options(state: GameState, seat: int) -> list[list[Card]]:
    rs = state.rules
    if rs.hidden_declaring:
        own = [d for d in state.declarations if d.seat == seat]
        standing = own[-1] if own else None
    else:
        standing = state.declarations[-1] if state.declarations else None
    return rules.valid_declarations(
        rs,
        state.level,
        list(state.hands[seat]),
        None if standing is None else list(standing.cards),
        standing is not None and standing.seat == seat,
    )


def random_throw(state: GameState, rng: random.Random, hand: list[Card]) -> list[Card] | None:
    ctx = state.ctx
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(ctx.merged(state.rules).effective_suit(c), []).append(c)
    suits = [cs for _, cs in sorted(by_suit.items()) if len(cs) >= 2]
    if not suits:
        return None
    cards = rng.choice(suits)
    return rng.sample(cards, rng.randint(2, min(6, len(cards))))


def throws_allowed(state: GameState) -> bool:
    """Whether a lead may be a throw now (three players: the first three tricks;
    eighty points: until two throws failed)."""
    rs = state.rules
    if rs.throw_trick_limit is not None and state.trick_no >= rs.throw_trick_limit:
        return False
    return rs.throw_failure_limit is None or state.failed_throws < rs.throw_failure_limit


def legal_command(state: GameState, rng: random.Random) -> Command:
    """A random command the rules allow in `state`."""
    rs = state.rules
    phase = state.phase
    seat: int | None
    if phase == "dealing" and rs.bidding != "none":
        return DealNext()
    if phase == "bidding":
        seat = state.awaiting()
        assert seat is not None and state.auction is not None
        bids = rules.bid_options(rs, state.auction, seat)
        if bids and rng.random() < BID_P:
            return Bid(seat=seat, points=rng.choice(bids[:4]))
        return PassBid(seat=seat)
    if phase == "naming_trump":
        seat = state.dealer
        assert seat is not None
        if rs.name_no_trump and rng.random() < NO_TRUMP_P:
            return NameTrump(seat=seat, suit=None)
        return NameTrump(seat=seat, suit=rng.choice(list(rules.Suit)))
    if phase == "overturning":
        seat = state.theft_turn
        assert seat is not None and state.standing is not None
        opts = rules.overturn_options(
            rs, state.level, list(state.hands[seat]), state.standing.cards, state.trump_suit
        )
        if opts and rng.random() < STEAL_P:
            return Steal(seat=seat, cards=tuple(rng.choice(opts)))
        return PassSteal(seat=seat)
    if phase in ("dealing", "declaring"):
        if state.phase == "declaring" or rng.random() < 0.5:
            seat = rng.randrange(state.players)
            opts = declare_options(state, seat)
            if opts and rng.random() < DECLARE_P:
                return Declare(seat=seat, cards=tuple(rng.choice(opts)))
        return DealNext()
    if phase == "burying":
        seat = state.kitty_holder
        assert seat is not None
        hand = list(state.hands[seat])
        return Bury(seat=seat, cards=tuple(rng.sample(hand, len(hand) - rs.hand_size)))
    if phase == "kitty_theft":
        seat = state.theft_turn
        assert seat is not None and state.standing is not None
        opts = rules.valid_declarations(
            rs,
            state.level,
            list(state.hands[seat]),
            list(state.standing.cards),
            state.standing.seat == seat,
        )
        if opts and rng.random() < STEAL_P:
            return Steal(seat=seat, cards=tuple(rng.choice(opts)))
        return PassSteal(seat=seat)
    if phase == "calling":
        seat = state.dealer
        assert seat is not None
        nth = 1 if rs.friend_rule == "holder" else rng.randint(1, rs.decks)
        return CallFriend(seat=seat, card=str(rng.choice(rules.ALL_CARDS)), nth=nth)
    if phase == "playing":
        seat = state.turn
        assert seat is not None
        hand = list(state.hands[seat])
        if not state.trick:
            lead = None
            if throws_allowed(state) and rng.random() < THROW_P:
                lead = random_throw(state, rng, hand)
            if lead is None:
                lead = rng.choice(leadable_units(rs, state.ctx, hand))
            return Play(seat=seat, cards=tuple(lead))
        lead_cards = list(state.trick[0].cards)
        opts = list(islice(rules.legal_follows(rs, state.ctx, hand, lead_cards), 40))
        assert opts, f"seat {seat} has no legal follow"
        return Play(seat=seat, cards=tuple(rng.choice(opts)))
    if phase == "scoring":
        return NextDeal()
    raise AssertionError(f"no command in phase {phase}")


def all_places(state: GameState) -> Counter[Card]:
    c: Counter[Card] = Counter(state.stock)
    c.update(state.kitty)
    for h in state.hands:
        c.update(h)
    for p in state.trick:
        c.update(p.cards)
    for cap in state.captured:
        c.update(cap)
    return c


@functools.cache
def _full_deck_indices(decks: int) -> list[int]:
    return sorted(c.idx for c in rules.full_deck(decks))


def check_invariants(state: GameState) -> None:
    rs = state.rules
    on_table = list(state.stock) + [c for h in state.hands for c in h]
    on_table += [c for p in state.trick for c in p.cards]
    captured = [c for cap in state.captured for c in cap]
    # (sorted indices, not Counters of cards: this runs after every command)
    everywhere = [*on_table, *captured, *state.kitty]
    assert sorted([c.idx for c in everywhere]) == _full_deck_indices(rs.decks), (
        "cards are not each in exactly one place"
    )
    assert (
        rules.points(on_table) + rules.points(captured) + rules.points(state.kitty)
        == rs.total_points
    )
    sizes = [len(h) for h in state.hands]
    n, hs = rs.players, rs.hand_size
    if state.phase in ("dealing", "declaring"):
        dealt = state.cards_dealt
        for s in range(n):
            k = (s - state.first_seat) % n
            assert sizes[s] == dealt // n + (1 if k < dealt % n else 0)
        assert len(state.kitty) == rs.kitty_size
    elif state.phase == "burying":
        holder = state.kitty_holder
        assert holder is not None
        # the whole kitty, or (three players' overturn) the cards swapped in
        extra = rs.kitty_size - len(state.kitty)
        assert extra == (rs.overturn_swap if state.kitty else rs.kitty_size)
        assert all(sizes[s] == hs + (extra if s == holder else 0) for s in range(n))
    else:
        assert len(state.kitty) == rs.kitty_size and not state.stock
        played = {p.seat: len(p.cards) for p in state.trick}
        base = {sizes[s] + played.get(s, 0) for s in range(n)}
        assert len(base) == 1, f"hand sizes {sizes} with trick {state.trick}"
        if state.phase in ("kitty_theft", "overturning"):
            assert sizes == [hs] * n and state.theft_turn is not None
        elif state.phase in ("bidding", "naming_trump"):
            assert sizes == [hs] * n and state.awaiting() is not None
            assert state.shown_kitty == state.kitty[: rs.kitty_shown]
        elif state.phase == "calling":
            assert sizes == [hs] * n and not state.friend_calls and state.turn is None
        elif state.phase == "playing":
            assert state.turn is not None
        else:
            assert not any(sizes)
    assert state.deal_no >= 0 and state.version >= 0


def run_match(
    preset: str | RuleSet,
    seed: int,
    *,
    max_deals: int = 200,
    check: bool = True,
    record: list[Command] | None = None,
    events: list[Event] | None = None,
) -> GameState:
    """Play a whole match with random legal players; AssertionError if it does not end."""
    rng = random.Random(seed)
    state = new_game(preset, seed)
    if check:
        check_invariants(state)
    while state.phase != "finished":
        assert state.deal_no < max_deals, f"{preset} seed {seed}: no winner in {max_deals} deals"
        cmd = legal_command(state, rng)
        if record is not None:
            record.append(cmd)
        new, evs = apply(state, cmd)
        assert new.version == state.version + 1
        if events is not None:
            events.extend(evs)
        state = new
        if check:
            check_invariants(state)
    return state


# ------------------------------------------------------------ crafted states


def crafted(
    preset: str | rules.RuleSet,
    hands: dict[int, str],
    *,
    phase: str = "declaring",
    level: str | None = None,
    dealer: int | None = None,
    trump: str | None = None,
    kitty: str | None = None,
    fill: bool = True,
    **update: object,
) -> GameState:
    """A consistent state with chosen cards: every card of the pack is in exactly
    one place. `fill` tops each hand up to the hand size with cards that are
    neither level cards nor jokers (declaring phases); otherwise the cards not
    named go to the dealer's captured pile (playing phases)."""
    rs = rules.RuleSet.preset(preset) if isinstance(preset, str) else preset
    base = new_game(rs, 0)
    n = rs.players
    lv = level or rs.levels[0]
    pool = Counter(rules.full_deck(rs.decks))
    hs: list[list[Card]] = [[] for _ in range(n)]
    for s, text in hands.items():
        hs[s] = rules.parse_cards(text)
        pool.subtract(hs[s])
    kt = rules.parse_cards(kitty) if kitty is not None else []
    pool.subtract(kt)
    assert all(v >= 0 for v in pool.values()), "more copies than the pack holds"
    rest = sorted(pool.elements())
    plain = [c for c in rest if not c.is_joker and c.rank.value != lv]
    others = [c for c in rest if c.is_joker or c.rank.value == lv]
    captured: list[tuple[Card, ...]] = [() for _ in range(n)]
    if fill:
        # level cards and jokers go to the kitty first, so hands get few extra ones
        while len(kt) < rs.kitty_size and others:
            kt.append(others.pop())
        left = others + plain
        for s in range(n):
            while len(hs[s]) < rs.hand_size:
                hs[s].append(left.pop())
        while len(kt) < rs.kitty_size:
            kt.append(left.pop())
        assert not left, "cards left over"
    else:
        left = plain + others
        while len(kt) < rs.kitty_size:
            kt.append(left.pop(0))
        captured[dealer if dealer is not None else 0] = tuple(left)
    side = base.side_of(dealer) if dealer is not None else ()
    fields: dict[str, object] = {
        "phase": phase,
        "level": lv,
        "levels": (lv,) * n,
        "dealer": dealer,
        "dealer_by_declaration": dealer is None,
        "dealer_side": side,
        "stock": (),
        "hands": tuple(tuple(h) for h in hs),
        "kitty": tuple(kt),
        "captured": tuple(captured),
        "trump_suit": None if trump is None else rules.parse_suit(trump),
        "trump_set": phase not in ("dealing", "declaring"),
        "log": (),
    }
    if phase == "playing":
        fields["turn"] = dealer
        fields["kitty_holder"] = dealer
    fields.update(update)
    return base.model_copy(update=fields)


E = TypeVar("E")


def find(events: list[Event] | tuple[Event, ...], kind: type[E]) -> E:
    """The first event of class `kind` (AssertionError if none)."""
    for e in events:
        if isinstance(e, kind):
            return e
    raise AssertionError(f"no {kind.__name__} among {[e.type for e in events]}")
