"""The hard bot's search pieces: the choice rule, forced moves, the budget."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from shengji_tui import rules
from shengji_tui.bots.search import SearchBot, choose
from shengji_tui.bots.sense import TRUMP, Sense
from shengji_tui.engine import view_for

from .bot_helpers import walk
from .positions import position, view_at


def test_choose_keeps_the_playbook_move_unless_the_search_is_sure() -> None:
    noisy = [[0.0, 1.0], [0.0, -1.0], [0.0, 1.2], [0.0, -1.0]]
    assert choose(noisy, 2) == 0
    clear = [[0.0, 1.0], [0.1, 1.1], [0.0, 0.9], [0.2, 1.0]]
    assert choose(clear, 2) == 1


def test_no_search_gives_the_other_side_points_it_is_sure_to_win() -> None:
    # Seat 0 (dealer side) leads S-A, seat 1 and seat 2 follow low: the trick is
    # the dealer side's. Seat 3 plays last: a follow with more points than the
    # playbook's is not searched (those points are lost for certain).
    hands = {0: "SA", 1: "S3", 2: "S4", 3: "S5 S7 S9 SK H3 C4"}
    state = position(hands, trump="H", dealer=0, leader=0, trick=["SA", "S3", "S4"])
    view = view_at(state)
    assert view.seat == 3
    bot = SearchBot(seed=1, budget_ms=300, workers=1, guard=False)
    cards = [rules.parse_cards(t) for t in ("S7", "S5", "SK", "S9")]
    assert bot.sure_losses_out(view, cards) == [cards[0], cards[3]]
    # the playbook's own points stay; cheaper follows stay too
    kept = [cards[2], cards[1], cards[0]]
    assert bot.sure_losses_out(view, kept) == kept
    # seat 1 (second to play, its partner seat 3 still to come): nothing is settled
    state = position(hands, trump="H", dealer=0, leader=0, trick=["SA"])
    view = view_at(state)
    assert view.seat == 1
    assert bot.sure_losses_out(view, cards) == cards


def test_strongest_play_follows_the_lead_structure() -> None:
    rs = rules.RuleSet.preset("classic")
    sn = Sense(rs, rules.TrumpContext("2", "H"))
    held = Counter(rules.parse_cards("S3 S3 S9 SK SK SA"))
    lead = rules.parse_cards("S5 S5")
    play = sn.strongest_play(held, sn.suit(lead[0]), lead)
    assert play is not None and sorted(map(str, play)) == ["SK", "SK"]
    assert sn.strongest_play(Counter(rules.parse_cards("S9 SA")), sn.suit(lead[0]), lead) is None
    trumps = Counter(rules.parse_cards("H3 H3 BJ"))
    ruff = sn.strongest_play(trumps, TRUMP, lead)
    assert ruff is not None and sorted(map(str, ruff)) == ["H3", "H3"]


def test_hard_searches_only_real_choices_and_keeps_to_its_budget() -> None:
    bot = SearchBot(seed=1, name="h", budget_ms=40, workers=1)
    searched = forced = 0
    for state in walk("one-deck", 31, ["normal"] * 4):
        if state.phase != "playing" or state.awaiting() != 0:
            continue
        v = view_for(state, 0)
        bot.decide(v)
        if bot.last_info.get("searched"):
            searched += 1
            assert bot.last_info["samples"] >= 1
        else:
            forced += 1
        if len(v.hand) == 1:
            assert not bot.last_info.get("searched")
    assert searched >= 1 and forced >= 1


def test_hard_searches_up_to_eight_kinds_of_play_from_200_ms() -> None:
    assert SearchBot(seed=1, budget_ms=150, workers=1).top_k == 3
    bot = SearchBot(seed=1, budget_ms=300, workers=1, guard=False)
    assert bot.top_k == 8
    for state in walk("classic", 5, ["normal"] * 4):
        if state.phase != "playing" or state.awaiting() != 0:
            continue
        v = view_for(state, 0)
        top = bot.pick_top(v, bot.candidates(v))
        if len(top) <= 4:
            continue
        bot.decide(v)
        # every kind was played out, on the same samples
        assert bot.last_info["searched"] and len(bot.last_info["means"]) == len(top)
        return
    raise AssertionError("no play with more than four kinds of candidate in the deal")


SEARCH_POOL_UNDER_TEXTUAL = """
import sys


class Captured:  # what Textual puts in sys.stderr while an app runs
    def write(self, text):
        return len(text)

    def flush(self):
        pass

    def fileno(self):
        return -1


if __name__ == "__main__":
    sys.stderr = Captured()
    from shengji_tui.bots import BotSpec

    bot = BotSpec(level="hard", seed=1, options={"workers": 2}).make()
    print("workers", bot.workers, "stderr still captured", isinstance(sys.stderr, Captured))
"""


def test_the_hard_bots_workers_start_inside_a_textual_app(tmp_path: Path) -> None:
    """Resuming a game of hard bots from the start menu made the bots in the
    app, where multiprocessing's resource tracker was handed Textual's stderr
    (descriptor -1): "bad value(s) in fds_to_keep" (a random bot silently stood
    in until the stored bots were typed). The tracker gets the real stderr."""
    script = tmp_path / "pool.py"
    script.write_text(SEARCH_POOL_UNDER_TEXTUAL)
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "workers 2 stderr still captured True"


def test_hard_searches_its_bury_and_the_engine_takes_it() -> None:
    from shengji_tui.engine import Bury, apply

    for state in walk("classic", 5, ["normal"] * 4):
        if state.phase == "burying":
            seat = state.awaiting()
            assert seat is not None
            bot = SearchBot(seed=1, name="h", budget_ms=30, workers=1, guard=False)
            cmd = bot.decide(view_for(state, seat))
            assert isinstance(cmd, Bury) and bot.last_info["searched"]
            assert len(bot.last_info["means"]) >= 2
            apply(state, cmd)  # legal
            return
    raise AssertionError("no bury")


def test_longer_deals_are_cut_off_at_the_same_fraction_of_the_deal(monkeypatch) -> None:
    from shengji_tui.bots import search

    want = {"one-deck": 6, "classic": 6, "three-deck": 9, "four-deck": 12}
    assert {p: search.horizon_for(rules.RuleSet.preset(p)) for p in want} == want
    seen: list[int] = []
    real = search.run_job

    def spy(job: search.SearchJob) -> object:
        seen.append(job.horizon)
        return real(job)

    monkeypatch.setattr(search, "run_job", spy)
    for preset, given in (("three-deck", None), ("three-deck", 4)):
        seen.clear()
        bot = SearchBot(seed=1, budget_ms=30, workers=1, guard=False, horizon=given)
        for state in walk(preset, 2, ["normal"] * 4):
            if state.phase == "playing" and state.awaiting() == 0:
                bot.decide(view_for(state, 0))
                if bot.last_info.get("searched"):
                    break
        assert bot.last_info.get("searched"), "no search in the deal"
        assert seen == [9 if given is None else given]


def test_long_hands_search_more_kinds_of_play() -> None:
    # from 200 ms: 8 candidates, 16 where a hand is half again classic's (three
    # and four decks); a bot given its own top_k keeps it everywhere
    bot = SearchBot(seed=1, budget_ms=300, workers=1)
    widths = {p: bot.width(rules.RuleSet.preset(p)) for p in ("classic", "three-deck", "four-deck")}
    assert widths == {"classic": 8, "three-deck": 16, "four-deck": 16}
    three = rules.RuleSet.preset("three-deck")
    assert SearchBot(seed=1, budget_ms=150, workers=1).width(three) == 3
    assert SearchBot(seed=1, budget_ms=300, workers=1, top_k=5).width(three) == 5
    # play_k sets the plays searched in every deal, and only those (the buries: top_k)
    wide = SearchBot(seed=1, budget_ms=300, workers=1, play_k=12)
    classic = rules.RuleSet.preset("classic")
    assert (wide.width(classic), wide.width(three), wide.top_k) == (12, 12, 8)


def test_a_bench_worker_with_a_search_pool_exits() -> None:
    """A multiprocessing child (a bench worker) that started the search's pool
    exits: the pool is shut down before its exit waits for its children."""
    import multiprocessing as mp

    from shengji_tui.bots import search

    child = mp.get_context("spawn").Process(target=search._pool, args=(1,))
    child.start()
    child.join(60)
    alive = child.is_alive()
    if alive:
        child.kill()
        child.join()
    assert not alive and child.exitcode == 0
