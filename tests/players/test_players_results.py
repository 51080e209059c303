"""A finished match's results and ratings (`players.results`): the figures
per seat against the engine's own events, the ratings moved (a bot level's
anchor never), a match recorded once, hotseat not rated."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_tui.engine import apply, new_game
from shengji_tui.engine.events import DealScored, KittyCaptured, MatchOver
from shengji_tui.players.ratings import MU, SIGMA, Rating, anchor, family_of, rate
from shengji_tui.players.results import history, leaderboard, ratings_of, record_match, stats
from shengji_tui.rules import RuleSet
from shengji_tui.store import Store
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs, random_bots, run_headless
from shengji_tui.table.autoplay import bot_names


def short_match(rules: RuleSet) -> RuleSet:
    """The match of its last two levels (a few deals: the suite's time)."""
    levels = rules.levels[-2:]
    must = [lv for lv in rules.must_play if lv in levels]
    return rules.model_copy(update={"levels": levels, "must_play": must})


async def finished_table(store: Store, tid: str, rules: RuleSet, seed: int) -> None:
    n = rules.players
    names = bot_names(n)
    settings = TableSettings.build(
        rules,
        seed,
        names=names,
        bots=bot_specs(seed, range(n), "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=0),
    )
    t = Table(settings, table_id=tid, store=store)
    await t.start()
    await t.wait_finished()
    await t.close()


def expected(rules: RuleSet, seed: int) -> dict[str, list[int]]:
    """Each seat's figures counted from the engine's events of the same match."""
    n = rules.players
    run = run_headless(rules, seed, random_bots(seed, n, bot_names(n)))
    out = {k: [0] * n for k in ("won", "deals", "dealer_wins", "takeovers", "kitty")}
    state = new_game(rules, seed)
    for cmd, events in zip(run.commands, run.events, strict=True):
        state, _ = apply(state, cmd)
        side = state.dealer_side  # (the deal's, as it is scored)
        for e in events:
            if isinstance(e, KittyCaptured):
                out["kitty"][e.seat] += 1
            elif isinstance(e, DealScored):
                for s in range(n):
                    out["deals"][s] += 1
                    if s in side:
                        out["dealer_wins"][s] += e.result.dealer_holds
                    else:
                        out["takeovers"][s] += e.result.attackers_take_over
            elif isinstance(e, MatchOver):
                for s in e.winners:
                    out["won"][s] = 1
    return out


@pytest.mark.parametrize(("preset", "seed"), [("classic", 17), ("find-friends", 17)])
async def test_results_are_the_engines_and_ratings_move(
    tmp_path: Path, preset: str, seed: int
) -> None:
    store = Store(tmp_path / "shengji.db")
    rules = short_match(RuleSet.preset(preset))
    await finished_table(store, "m1", rules, seed)
    ids = ["local:me", "bot:normal", "key:friend", "bot:easy"]
    rec = record_match(store, "m1", ids, now=5.0)
    assert rec is not None and rec.rated and rec.family == family_of(rules)
    want = expected(rules, seed)
    for key in want:
        assert [int(getattr(r, key)) for r in rec.seats] == want[key], key
    assert record_match(store, "m1", ids) is None  # once
    mine = ratings_of(store, "local:me")[rec.family]
    assert mine.matches == 1 and mine.sigma < SIGMA
    assert (mine.mu > MU) == bool(want["won"][0])
    for bot in ("bot:normal", "bot:easy"):  # an anchor stays where the bench put it
        fixed = anchor(bot, rec.family)
        assert fixed is None or ratings_of(store, bot)[rec.family] == fixed
    [st] = stats(store, "local:me")
    assert (st.preset, st.matches, st.won, st.deals) == (
        preset,
        1,
        want["won"][0],
        want["deals"][0],
    )
    [game] = history(store, "key:friend")
    assert (game.table_id, game.seat, game.rating_after) == ("m1", 2, rec.seats[2].rating_after)
    board = leaderboard(store, rec.family)
    assert {"local:me", "key:friend"} <= {s.identity for s in board}
    assert [s.shown for s in board] == sorted((s.shown for s in board), reverse=True)
    store.close()


async def test_hotseat_is_recorded_but_not_rated(tmp_path: Path) -> None:
    store = Store(tmp_path / "shengji.db")
    await finished_table(store, "h", short_match(RuleSet.preset("classic")), 17)
    rec = record_match(store, "h", ["local:me", "bot:normal", "local:me", "bot:normal"])
    assert rec is not None and not rec.rated
    assert all(s.rating_after is None for s in rec.seats)
    assert ratings_of(store, "local:me") == {}
    assert stats(store, "local:me")[0].matches == 2  # (both of its seats)
    store.close()


@pytest.mark.parametrize(
    ("sides", "winners", "up"),
    [
        ((0, 1, 0, 1), (0, 2), [True, False, True, False]),  # fixed partners
        ((0, 1, 2, 3), (1, 3), [False, True, False, True]),  # find friends: each seat alone
        ((0, 1, 2), (0,), [True, False, False]),  # an auction won by the dealer alone
    ],
)
def test_rate_moves_winners_up_and_keeps_anchors(
    sides: tuple[int, ...], winners: tuple[int, ...], up: list[bool]
) -> None:
    before = [Rating() for _ in sides]
    after = rate(before, sides, winners)
    assert [a.mu > b.mu for a, b in zip(after, before, strict=True)] == up
    fixed = [True] + [False] * (len(sides) - 1)
    assert rate(before, sides, winners, fixed)[0] == before[0]
    assert rate(before, sides, ()) == before  # nobody won: nothing learnt
