"""Two deals that differ only in cards the analysed seat cannot see give the
same verdicts, on the presets with other kinds of decision: two other seats'
hands swap a card each from the first card dealt, so every decision of the
seat (declaring while dealing, its bids and naming, its bury, its friend
call, a theft or overturn, its plays) is priced against other hands than
the real ones. The deals are compared up to the first play of a swapped
card (or the first moment the seat's view differs, as a failed throw can
make it)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui.coach import moments, replayed
from shengji_tui.coach.analysis import analyse_steps
from shengji_tui.engine import Command, GameState, Play, RuleError, apply, view_for
from shengji_tui.rules import Card, Rank

from .coach_helpers import final_state, one_deal

PLAIN = set(Rank) - {Rank.LJ, Rank.BJ}


def _steps(start: GameState, commands: list[Command], stop: int) -> list:
    out = []
    state = start
    for cmd in commands[:stop]:
        try:
            nxt, _ = apply(state, cmd)
        except RuleError:
            break
        out.append((state, cmd, nxt))
        state = nxt
    return out


@pytest.mark.parametrize(
    "preset", ["find-friends", "find-friends-5", "eighty-points", "three-player", "four-deck"]
)
def test_unseen_cards_change_no_verdict(preset: str) -> None:
    game = one_deal(preset, 2)
    end = final_state(game)
    assert end.kitty_holder is not None
    seat = end.kitty_holder  # (its bury, its call or bids: every kind it decides)
    steps = list(replayed(game.rules, game.seed, game.commands))
    s0 = steps[0][0]
    n = game.rules.players
    commands = list(game.commands)
    # cards named in a command other than a play (declared, buried, stolen
    # with, called) stay where they are
    named: set[Card] = set()
    for c in commands:
        if not isinstance(c, Play):
            named.update(getattr(c, "cards", ()) or ())
            card = getattr(c, "card", None)
            if isinstance(card, str):
                named.update(x for x in s0.stock if str(x) == card)

    def dest(i: int) -> int:
        return (s0.first_seat + i) % n

    hands = [Counter(s0.stock[i] for i in range(len(s0.stock)) if dest(i) == s) for s in range(n)]

    def first_play(s: int, x: Card) -> int:
        for k, c in enumerate(commands):
            if isinstance(c, Play) and c.seat == s and x in c.cards:
                return k
        return len(commands)

    # two plain cards of one suit, single in their hands, in neither's other
    # hand, played as late as possible
    best: tuple[int, int, int] | None = None
    for i, x in enumerate(s0.stock):
        a = dest(i)
        if a == seat or x.rank not in PLAIN or x in named or hands[a][x] != 1:
            continue
        for j, y in enumerate(s0.stock):
            b = dest(j)
            if b in (seat, a) or y == x or y.suit != x.suit or y.rank not in PLAIN:
                continue
            if y in named or hands[b][y] != 1 or hands[a][y] or hands[b][x]:
                continue
            if x.rank.value == game.rules.levels[0] or y.rank.value == game.rules.levels[0]:
                continue
            late = min(first_play(a, x), first_play(b, y))
            if best is None or late > best[0]:
                best = (late, i, j)
    assert best is not None
    stop, i, j = best
    stock = list(s0.stock)
    stock[i], stock[j] = stock[j], stock[i]
    other = s0.model_copy(update={"stock": tuple(stock)})
    steps_a = _steps(s0, commands, stop)
    steps_b = _steps(other, commands, stop)
    k = 0  # up to the first step whose view differs for the seat
    while (
        k < min(len(steps_a), len(steps_b))
        and steps_a[k][2].deal_no == 0
        and view_for(steps_a[k][2], seat) == view_for(steps_b[k][2], seat)
    ):
        k += 1
    steps_a, steps_b = steps_a[:k], steps_b[:k]
    st_a, st_b = steps_a[-1][2], steps_b[-1][2]
    assert st_a.hands != st_b.hands  # what the seat could not see differs
    ms_a, ms_b = moments(iter(steps_a), seat, 0), moments(iter(steps_b), seat, 0)
    assert [m.view for m in ms_a] == [m.view for m in ms_b]
    kinds = {m.kind for m in ms_a}
    assert "bury" in kinds and sum(m.kind == "play" for m in ms_a) >= 3, kinds
    got_a = analyse_steps("a", steps_a, 0, seat, budget_ms=10, workers=1)
    got_b = analyse_steps("b", steps_b, 0, seat, budget_ms=10, workers=1)
    assert got_a.verdicts == got_b.verdicts
    assert sum(v.priced.samples for v in got_a.verdicts) > 0
