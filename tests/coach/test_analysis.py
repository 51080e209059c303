"""The coach's analysis of a deal: what it finds, that it reads nothing its
seat could not see, that the result does not depend on the workers, that it
is kept (a second run searches nothing) and that a stopped one keeps nothing.
Budgets are tiny (a few samples a decision): these check the machinery, the
figures in docs/bots.md measure the coach."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest

from shengji_tui.bots.sense import Sense
from shengji_tui.coach import Cancelled, analyse, moments, replayed
from shengji_tui.coach import analysis as analysis_module
from shengji_tui.coach.analysis import analyse_steps
from shengji_tui.coach.moments import forced
from shengji_tui.coach.stored import StoreShelf, analyse_kept, game_log
from shengji_tui.engine import GameState, Play, apply, view_for
from shengji_tui.rules import Card, TrumpContext
from shengji_tui.store import Store

from .coach_helpers import one_deal, store_game


def test_a_deal_gives_every_decision_of_the_seat_in_order() -> None:
    game = one_deal("classic", 3)
    dp = analysis_module.plan(game, 0, 0)
    # every play of the seat but the forced ones (one legal play)
    mine = [
        (st, c)
        for st, c, _ in replayed(game.rules, game.seed, game.commands)
        if isinstance(c, Play) and c.seat == 0
    ]
    chosen = {m.move for m in dp.moments if m.kind == "play"}
    for st, _ in mine:
        assert (st.version in chosen) != forced(view_for(st, 0))
    assert len(chosen) >= 10 and any(m.kind == "declare" for m in dp.moments)
    assert [m.move for m in dp.moments] == sorted(m.move for m in dp.moments)
    assert dp.review is not None and dp.review.over
    for m in dp.moments:
        assert m.view.seat == 0 and m.view.deal_no == 0
        if m.kind == "play":
            assert isinstance(m.command, Play) and m.view.awaiting == 0


@pytest.mark.parametrize("seed", [3])
def test_the_random_bot_is_priced_far_worse_than_hard(seed: int) -> None:
    # the random bot at seat 0, the hard bot at seat 1, normal bots partner them
    game = one_deal("classic", seed, ("random", "hard", "normal", "normal"))
    rnd = analyse(game, 0, 0, budget_ms=30, workers=1).summary()
    hard = analyse(game, 0, 1, budget_ms=30, workers=1).summary()
    assert rnd.cost_levels - hard.cost_levels >= 1.5, (rnd, hard)
    assert rnd.cost_points - hard.cost_points >= 30, (rnd, hard)
    bad_rnd = rnd.counts["mistake"] + rnd.counts["blunder"]
    bad_hard = hard.counts["mistake"] + hard.counts["blunder"]
    assert bad_rnd > bad_hard, (rnd, hard)


def _swapped(state: GameState, a: int, x: Card, b: int, y: Card) -> GameState:
    hands = [list(h) for h in state.hands]
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    return state.model_copy(update={"hands": tuple(tuple(h) for h in hands)})


def _kitty_swapped(state: GameState, c: int, z: Card, k: Card) -> GameState:
    hands = [list(h) for h in state.hands]
    kitty = list(state.kitty)
    hands[c][hands[c].index(z)] = k
    kitty[kitty.index(k)] = z
    return state.model_copy(update={"hands": tuple(tuple(h) for h in hands), "kitty": tuple(kitty)})


def _replay_from(start: GameState, commands: list[object], stop: set[tuple[int, Card]]) -> list:
    """The steps of `commands` applied to `start`, up to the first play of a
    card of `stop` (seat, card): after it the two deals' views differ."""
    steps = []
    state = start
    for cmd in commands:
        if isinstance(cmd, Play) and any((cmd.seat, c) in stop for c in cmd.cards):
            break
        nxt, _ = apply(state, cmd)  # type: ignore[arg-type]
        steps.append((state, cmd, nxt))
        state = nxt
    return steps


def test_the_analysis_never_reads_a_hand_or_kitty_its_seat_could_not_see() -> None:
    """Two deals that differ only in cards the seat cannot see (two other hands
    swap a card each, a third hand swaps one with the buried kitty) give the
    same verdicts, with the same sampling seeds, up to the first of those
    cards played."""
    game = one_deal("classic", 21)
    steps = list(replayed(game.rules, game.seed, game.commands))
    k = next(i for i, (st, _, _) in enumerate(steps) if st.phase == "playing")
    start = steps[k][0]
    assert start.dealer is not None
    seat = (start.dealer + 1) % 4  # an attacker: the kitty is hidden from it
    a, b = (seat + 1) % 4, (seat + 3) % 4  # the dealer and the other attacker
    c = (seat + 2) % 4
    sn = Sense(start.rules, TrumpContext(start.level, start.trump_suit))
    later = [c2 for c2 in game.commands[k:] if isinstance(c2, Play)]
    order = {}  # (seat, card) -> when it is first played
    for i, p in enumerate(later):
        for card in p.cards:
            order.setdefault((p.seat, card), i)

    def singles(s: int) -> list[Card]:
        hand = Counter(start.hands[s])
        return [x for x, n in hand.items() if n == 1]

    def late(s: int, x: Card) -> int:
        return order.get((s, x), 10**6)

    # the swaps played as late as possible, each card of the same suit as its
    # partner, single in both hands (the hands keep their pairs and tractors)
    pairs = [
        (min(late(a, x), late(b, y)), x, y)
        for x in singles(a)
        for y in singles(b)
        if x != y
        and sn.eff[x.idx] == sn.eff[y.idx]
        and y not in start.hands[a]
        and x not in start.hands[b]
    ]
    kitties = [
        (late(c, z), z, q)
        for z in singles(c)
        for q in start.kitty
        if q != z and sn.eff[q.idx] == sn.eff[z.idx] and q not in start.hands[c]
    ]
    assert pairs and kitties
    _, x, y = max(pairs, key=lambda t: t[0])
    _, z, q = max(kitties, key=lambda t: t[0])
    other = _kitty_swapped(_swapped(start, a, x, b, y), c, z, q)
    assert other.hands != start.hands and other.kitty != start.kitty
    stop = {(a, x), (b, y), (c, z)}
    rest = list(game.commands[k:])
    steps_a = steps[:k] + _replay_from(start, rest, stop)
    steps_b = steps[:k] + _replay_from(other, rest, stop)
    assert len(steps_a) == len(steps_b)
    ms_a = moments(iter(steps_a), seat, 0)
    ms_b = moments(iter(steps_b), seat, 0)
    plays = [m for m in ms_a if m.kind == "play"]
    assert len(plays) >= 6
    # what the seat saw is the same; what it could not see is not
    assert [m.view for m in ms_a] == [m.view for m in ms_b]
    st_a, st_b = steps_a[-1][2], steps_b[-1][2]
    assert st_a.hands != st_b.hands
    assert view_for(st_a, seat) == view_for(st_b, seat)
    got_a = analyse_steps("a", steps_a, 0, seat, budget_ms=20, workers=1)
    got_b = analyse_steps("b", steps_b, 0, seat, budget_ms=20, workers=1)
    assert got_a.verdicts == got_b.verdicts
    assert sum(v.priced.samples for v in got_a.verdicts) > 0


def test_the_workers_do_not_change_the_result() -> None:
    game = one_deal("classic", 4)
    one = analyse(game, 0, 2, budget_ms=5, workers=1)
    two = analyse(game, 0, 2, budget_ms=5, workers=2)
    assert one == two


def test_a_second_analysis_is_read_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = one_deal("classic", 5)
    path = tmp_path / "shengji.db"
    store_game(path, game)
    with Store(path) as store:
        log = game_log(store, game.table_id)
        first, cached = analyse_kept(StoreShelf(store), log, 0, 1, budget_ms=10, workers=1)
        assert not cached and store.analyses(game.table_id) == 1

    def no_search(job: object) -> object:
        raise AssertionError("searched again")

    monkeypatch.setattr(analysis_module, "price", no_search)
    with Store(path) as store:
        again, cached = analyse_kept(StoreShelf(store), log, 0, 1, budget_ms=10, workers=1)
        assert cached and again == first
        # another seat (or budget) is another analysis
        with pytest.raises(AssertionError, match="searched again"):
            analyse_kept(StoreShelf(store), log, 0, 2, budget_ms=10, workers=1)
        assert store.analyses(game.table_id) == 1


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_analysis_keeps_nothing(tmp_path: Path, workers: int) -> None:
    game = one_deal("classic", 6)
    path = tmp_path / "shengji.db"
    store_game(path, game)
    stop = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 1:
            stop.set()  # after the first decision priced

    with Store(path) as store:
        log = game_log(store, game.table_id)
        with pytest.raises(Cancelled):
            analyse_kept(
                StoreShelf(store),
                log,
                0,
                0,
                budget_ms=10,
                workers=workers,
                progress=progress,
                cancel=stop,
            )
        assert store.analyses(game.table_id) == 0
    assert seen[0][0] == 0 and seen[-1][0] < seen[-1][1]
