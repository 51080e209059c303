"""Fixed game states built through the engine, for the TUI's tests (no Textual
here: the presenter's tests use them without an app)."""

from __future__ import annotations

from collections.abc import Callable

from shengji_tui import rules
from shengji_tui.bots import RandomBot
from shengji_tui.engine import (
    Bury,
    DealAll,
    DealNext,
    Declare,
    GameState,
    Play,
    apply,
    new_game,
    view_for,
)
from shengji_tui.table.plan import plan

NAMES = ["You", "Ana", "Mei", "Ken"]


def bots(seed: int, seats=(1, 2, 3)) -> dict[int, RandomBot]:
    return {s: RandomBot(seed=seed * 8 + s, name=NAMES[s]) for s in seats}


def run_until(
    state: GameState,
    stop: Callable[[GameState], bool],
    seats=(1, 2, 3),
    seed: int = 0,
    limit: int = 5000,
) -> GameState:
    """Let the bots (and the dealer of cards) move until `stop(state)` or seat 0 must act."""
    b = bots(seed, seats)
    for _ in range(limit):
        if stop(state):
            return state
        step = plan(state, b, all_bots=len(seats) == 4)
        if step is None:
            return state
        state = step.state
    raise AssertionError("run_until did not stop")


def declare_options(state: GameState, seat: int = 0) -> list[list[rules.Card]]:
    st = state.declarations[-1] if state.declarations else None
    return rules.valid_declarations(
        state.rules,
        state.level,
        list(state.hands[seat]),
        None if st is None else list(st.cards),
        st is not None and st.seat == seat,
    )


def dealing_state(preset: str = "classic", cards: int = 60) -> GameState:
    """Mid-deal, seat 0 able to declare (the first seed that gives that)."""
    for seed in range(1, 200):
        s = new_game(preset, seed)
        for _ in range(cards):
            s, _ = apply(s, DealNext())
        if declare_options(s) and not s.declarations:
            return s
    raise AssertionError("no seed found")


def burying_state(preset: str = "classic") -> GameState:
    """Seat 0 declared and holds the kitty to bury."""
    for seed in range(1, 200):
        s = new_game(preset, seed)
        s, _ = apply(s, DealAll())
        opts = declare_options(s)
        if not opts:
            continue
        s, _ = apply(s, Declare(seat=0, cards=tuple(opts[-1])))
        s, _ = apply(s, DealNext())
        if s.phase == "burying" and s.kitty_holder == 0:
            return s
    raise AssertionError("no seed found")


def bury_cheap(state: GameState) -> GameState:
    hand = sorted(state.hands[0], key=lambda c: (c.points, c.idx))
    state, _ = apply(state, Bury(seat=0, cards=tuple(hand[: state.rules.kitty_size])))
    return state


def following_state(preset: str = "classic", min_trick: int = 2) -> GameState:
    """Seat 0 must follow a lead (after a few tricks played by everyone)."""
    s = bury_cheap(burying_state(preset))
    b = bots(7, (0, 1, 2, 3))
    while True:
        if s.phase == "playing" and s.turn == 0 and s.trick and s.trick_no >= min_trick:
            return s
        step = plan(s, b, all_bots=True)
        assert step is not None
        s = step.state


def illegal_follow(state: GameState) -> list[rules.Card] | None:
    """Cards of seat 0 that `check_follow` refuses for the current lead."""
    lead = list(state.trick[0].cards)
    hand = list(state.hands[0])
    ctx = state.ctx
    from itertools import combinations

    for combo in combinations(range(len(hand)), len(lead)):
        cards = [hand[i] for i in combo]
        if not rules.check_follow(state.rules, ctx, hand, lead, cards).ok:
            return cards
    return None


def failing_throw_state(preset: str = "classic") -> tuple[GameState, list[rules.Card]]:
    """Seat 0 to lead, with a throw of one side suit that someone can beat."""
    s = bury_cheap(burying_state(preset))
    b = bots(11, (0, 1, 2, 3))
    for _ in range(4000):
        if s.phase == "playing" and s.turn == 0 and not s.trick:
            hand = list(s.hands[0])
            by: dict[str, list[rules.Card]] = {}
            for c in hand:
                by.setdefault(rules.effective_suit(s.rules, s.ctx, c), []).append(c)
            for suit, cards in sorted(by.items()):
                if suit == "T" or len(cards) < 3:
                    continue
                units = rules.decompose(s.rules, s.ctx, cards)
                others = [s.hands[k] for k in (1, 2, 3)]
                if len(units) > 1 and not rules.check_throw(s.rules, s.ctx, cards, others).ok:
                    return s, cards
        step = plan(s, b, all_bots=True)
        assert step is not None and s.phase != "finished"
        s = step.state
    raise AssertionError("no failing throw found")


def scored_state(preset: str = "classic") -> GameState:
    """A whole deal played to its result (seat 0 declared and dealt)."""
    s = bury_cheap(burying_state(preset))
    b = bots(5, (0, 1, 2, 3))
    while s.phase == "playing":
        step = plan(s, b, all_bots=True)
        assert step is not None
        s = step.state
    return s


def play_cards(state: GameState, seat: int, cards) -> GameState:
    state, _ = apply(state, Play(seat=seat, cards=tuple(cards)))
    return state


def finished_state(preset: str = "classic") -> GameState:
    """A match that ends with this deal: every seat at A, the dealer side holds."""
    for seed in range(1, 60):
        s = new_game(preset, seed)
        s = s.model_copy(update={"levels": ("A",) * 4, "level": "A"})
        s, _ = apply(s, DealAll())
        opts = declare_options(s)
        if not opts:
            continue
        s, _ = apply(s, Declare(seat=0, cards=tuple(opts[-1])))
        s, _ = apply(s, DealNext())
        if s.phase != "burying" or s.kitty_holder != 0:
            continue
        s = bury_cheap(s)
        b = bots(5, (0, 1, 2, 3))
        while s.phase == "playing":
            s = plan(s, b, all_bots=True).state
        if s.phase == "finished":
            return s
    raise AssertionError("no seed found")


def theft_state() -> GameState:
    """Four-deck: seat 3 declared and buried; seat 0 may steal the kitty (炒底)."""
    for seed in range(1, 200):
        s = new_game("four-deck", seed)
        s, _ = apply(s, DealAll())
        opts = declare_options(s, 3)
        if not opts:
            continue
        s, _ = apply(s, Declare(seat=3, cards=tuple(opts[0])))
        s, _ = apply(s, DealNext())
        if s.phase != "burying" or s.kitty_holder != 3:
            continue
        hand = sorted(s.hands[3], key=lambda c: c.idx)
        s, _ = apply(s, Bury(seat=3, cards=tuple(hand[: s.rules.kitty_size])))
        if s.phase == "kitty_theft" and s.theft_turn == 0 and declare_options(s, 0):
            return s
    raise AssertionError("no seed found")


def scored_state_no_capture(preset: str = "classic") -> GameState:
    """A whole deal played to its result, the dealer side winning the last trick."""
    base = bury_cheap(burying_state(preset))
    for seed in range(1, 100):
        s = base
        b = bots(seed, (0, 1, 2, 3))
        while s.phase == "playing":
            s = plan(s, b, all_bots=True).state
        v = view_for(s, 0)
        if v.last_trick_winner is not None and v.last_trick_winner in v.dealer_side:
            return s
    raise AssertionError("no seed found")


# ---------------------------------------------------------------- any seat count

SEAT_NAMES = ["You", "Ana", "Mei", "Ken", "Raj", "Zoe"]


def trick_state(preset: str, played: int | None = None, min_trick: int = 1, seed: int = 3):
    """Bots at every seat (the easy level: the auction and the friend's call as a
    player would make them) until seat 0 is to play after `played` plays of a
    trick (None: as the last of it), a few tricks in."""
    from shengji_tui.bots import BotSpec

    state = new_game(preset, seed)
    n = state.rules.players
    want = n - 1 if played is None else played
    b = {s: BotSpec(level="easy", seed=seed * 8 + s, name=SEAT_NAMES[s]).make() for s in range(n)}
    for _ in range(20000):
        if (
            state.phase == "playing"
            and state.turn == 0
            and len(state.trick) == want
            and state.trick_no >= min_trick
        ):
            return state
        step = plan(state, b, all_bots=True)
        assert step is not None and state.phase != "finished"
        state = step.state
    raise AssertionError("no such trick")
