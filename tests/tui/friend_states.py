"""Find-friends game states built through the engine, for the TUI's tests (no
Textual here: the presenter's tests use them without an app)."""

from __future__ import annotations

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    Bury,
    CallFriend,
    DealAll,
    DealNext,
    Declare,
    GameState,
    apply,
    new_game,
)
from shengji_tui.rules import RuleSet
from shengji_tui.table.plan import plan

NAMES5 = ["Bo", "Ana", "Mei", "Ken", "Raj"]


def ruleset(preset: str = "find-friends", rule: str = "holder", split: str = "hard") -> RuleSet:
    base = RuleSet.preset(preset)
    return base.model_copy(update={"friend_rule": rule, "friend_split": split})


def declare_options(state: GameState, seat: int) -> list[list[rules.Card]]:
    st = state.declarations[-1] if state.declarations else None
    return rules.valid_declarations(
        state.rules,
        state.level,
        list(state.hands[seat]),
        None if st is None else list(st.cards),
        st is not None and st.seat == seat,
    )


def calling_state(rs: RuleSet | str = "find-friends", dealer: int = 0, first: int = 1) -> GameState:
    """`dealer` declared on the whole deal (the first seed from `first` where it
    can), buried its cheapest cards: the game waits for its call."""
    for seed in range(first, first + 300):
        s = new_game(rs, seed)
        s, _ = apply(s, DealAll())
        opts = declare_options(s, dealer)
        if not opts:
            continue
        s, _ = apply(s, Declare(seat=dealer, cards=tuple(opts[-1])))
        s, _ = apply(s, DealNext())
        if s.phase != "burying" or s.kitty_holder != dealer:
            continue
        hand = sorted(s.hands[dealer], key=lambda c: (c.points, c.idx))
        s, _ = apply(s, Bury(seat=dealer, cards=tuple(hand[: s.rules.kitty_size])))
        if s.phase == "calling":
            return s
    raise AssertionError("no seed found")


def outside_card(state: GameState) -> rules.Card:
    """A card of which the dealer holds and buried no copy (an ace first)."""
    assert state.dealer is not None
    mine = set(state.hands[state.dealer]) | set(state.kitty)
    order = sorted(rules.ALL_CARDS, key=lambda c: (c.rank is not rules.Rank.ACE, c.idx))
    return next(c for c in order if c not in mine and not c.is_joker)


def call(state: GameState, card: str, nth: int = 1) -> GameState:
    assert state.dealer is not None
    state, _ = apply(state, CallFriend(seat=state.dealer, card=card, nth=nth))
    return state


def bots(seed: int, players: int) -> dict[int, RandomBot]:
    return {s: RandomBot(seed=seed * 8 + s) for s in range(players)}


def play_until(state: GameState, stop, seed: int = 3, limit: int = 5000) -> GameState:
    """Random bots play every seat until `stop(state)`."""
    b = bots(seed, state.rules.players)
    for _ in range(limit):
        if stop(state):
            return state
        step = plan(state, b, all_bots=True)
        assert step is not None, state.phase
        state = step.state
    raise AssertionError("play_until did not stop")
