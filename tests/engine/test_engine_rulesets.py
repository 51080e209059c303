"""Hypothesis over the whole space of rulesets docs/rules.md accepts: every
ruleset drawn (a preset's base, any option anywhere in its range) is playable,
and bots (normal, easy and random, strict: a bot that raises or makes a move
the engine refuses fails the test) play a deal of it to its end within a
bound of moves; random players play whole matches of some to their end. Every
ruleset with an option out of its range, of the wrong shape, or rules text of
any shape and size, is refused with a sentence (`RulesError`, English and
Chinese), never another exception."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import run_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruleset_strategies import BAD_VALUES, invalid_rules, valid_rules

from shengji_tui.bots import Bot, BotSpec
from shengji_tui.engine import Command, GameState, SeatView, new_game
from shengji_tui.rules import MAX_RULES_BYTES, RulesError, RuleSet
from shengji_tui.table import rules_from_text
from shengji_tui.table.plan import plan
from shengji_tui.table.views import ViewCache

LEVELS = ("normal", "easy", "random")
MAX_REDEALS = 12


class StrictBot:
    """A bot whose failures are the test's: it records what it answered so a
    refused move (the table would fall back on a random one) is seen."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.said: dict[int, Command | None] = {}

    def decide(self, view: SeatView) -> Command | None:
        cmd = self.bot.decide(view)  # (an exception fails the test)
        self.said[view.version] = cmd
        return cmd


def move_bound(rs: RuleSet) -> int:
    """Moves one attempt at a deal can take: every card dealt, a declaration or
    theft per card at most, every bid of the range by every seat, every card
    played, and a few more (naming, burying, calling, the closes)."""
    bids = rs.players * (rs.total_points // rs.bid_step + 2)
    return 54 * rs.decks * 3 + bids + 50


def play_deal(rs: RuleSet, seed: int) -> tuple[GameState, int, int]:
    """One deal played by strict bots: the state at its end, the moves made and
    the redeals."""
    state = new_game(rs, seed)
    bots = {
        s: StrictBot(BotSpec(level=LEVELS[s % 3], seed=seed + s, name=f"bot {s}").make())
        for s in range(rs.players)
    }
    views = ViewCache()
    moves = 0
    bound = move_bound(rs)
    while state.phase not in ("scoring", "finished"):
        assert state.attempt <= MAX_REDEALS, f"dealt again {state.attempt} times"
        assert moves <= bound * (state.attempt + 1), f"no end of the deal in {moves} moves"
        step = plan(state, bots, all_bots=True, views=views)  # type: ignore[arg-type]
        assert step is not None, f"nothing to do in phase {state.phase}"
        if step.kind == "bot":
            assert step.seat is not None
            said = bots[step.seat].said.get(state.version)
            assert said is not None, f"the bot at seat {step.seat} gave no move in {state.phase}"
            assert said.model_copy(update={"version": None}) == step.command.model_copy(
                update={"version": None}
            ), f"the engine refused the bot's {said!r}"
        state = step.state
        moves += 1
    return state, moves, state.attempt


@given(data=valid_rules(), seed=st.integers(0, 2**31))
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_every_accepted_ruleset_plays_a_deal_to_its_end(data: dict[str, Any], seed: int) -> None:
    rs = RuleSet.from_dict(data)
    text = rs.to_toml()
    assert rules_from_text(text) == rs  # (what `shengji rules` prints is pasted back)
    state, moves, redeals = play_deal(rs, seed)
    assert state.phase in ("scoring", "finished") and state.result is not None
    assert moves <= move_bound(rs) * (redeals + 1)


@given(data=valid_rules(), seed=st.integers(0, 2**31))
@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_accepted_rulesets_play_whole_matches_to_their_end(data: dict[str, Any], seed: int) -> None:
    rs = RuleSet.from_dict(data)
    state = run_match(rs, seed, max_deals=400, check=False)
    assert state.phase == "finished" and state.winners


def assert_sentence(e: RulesError) -> None:
    en, zh = str(e), e.zh
    for said in (en, zh):
        assert said.strip() and len(said) < 1000, said
        assert "Traceback" not in said and "\n" not in said and "\x1b" not in said, said
    assert any("\u4e00" <= c <= "\u9fff" for c in zh), zh


@given(data=invalid_rules())
@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_every_bad_option_is_refused_with_a_sentence(data: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as refused:
        RuleSet.from_dict(data)
    assert_sentence(refused.value)


@pytest.mark.parametrize("option", sorted(BAD_VALUES))
def test_each_bad_value_is_refused(option: str) -> None:
    """Every value of the invalid strategy, each on the classic preset (and on
    three players' for the auction's options)."""
    for value in BAD_VALUES[option]:
        for preset in ("classic", "three-player", "eighty-points"):
            with pytest.raises(RulesError) as refused:
                RuleSet.from_dict({"preset": preset, option: value})
            assert_sentence(refused.value)


# ------------------------------------------------------------- rules text

TEXTS = st.one_of(
    st.text(max_size=400),
    st.text(st.sampled_from("[]{}\"'=,.:\n 0123456789abcdetrufl-_#\\"), max_size=400),
    st.integers(1, 40_000).map(lambda n: "[" * n),
    st.integers(1, 40_000).map(lambda n: "x = " + "[" * n + "]" * n),
    st.integers(1, 40_000).map(lambda n: '{"a": ' + "[" * n + "]" * n + "}"),
    st.integers(1, 40_000).map(lambda n: "{" * n),
    st.integers(1, 20_000).map(lambda n: "decks = " + "9" * n),
    st.integers(1, 20_000).map(lambda n: '{"decks": ' + "9" * n + "}"),
    st.integers(1, 20_000).map(lambda n: 'name = "' + "n" * n + '"'),
)


@given(text=TEXTS)
@settings(max_examples=200, deadline=None, derandomize=True)
def test_rules_text_of_any_shape_and_size_is_a_ruleset_or_a_sentence(text: str) -> None:
    try:
        rs = rules_from_text(text)
    except RulesError as e:
        assert_sentence(e)
    else:
        assert isinstance(rs, RuleSet) and len(text.encode()) <= MAX_RULES_BYTES


@pytest.mark.parametrize(
    ("text", "said"),
    [
        pytest.param("[" * 20_000, "too long", id="20000-brackets"),
        pytest.param("[" * 5_000, "not valid TOML", id="5000-brackets"),
        pytest.param("x = " + "[" * 3_000 + "]" * 3_000, "nested too deep", id="toml-nested"),
        pytest.param(
            '{"a": ' + "[" * 3_000 + "]" * 3_000 + "}", "nested too deep", id="json-nested"
        ),
        pytest.param("decks = " + "9" * 5_000, "not valid TOML", id="toml-long-number"),
        pytest.param('{"decks": ' + "9" * 5_000 + "}", "not valid JSON", id="json-long-number"),
        pytest.param("x" * (MAX_RULES_BYTES + 1), "more than 8 KiB", id="over-the-cap"),
        pytest.param("bid_start = 9000000000000000000", "bid_start", id="huge-bid-start"),
        pytest.param(  # (one deck falling in steps of 35: no threshold from 75 to 100)
            'preset = "three-player"\ndecks = 1\nbid_step = 35\nbid_start = 70',
            "bid_step 35 is too coarse .* from 75 to 100, and there is none",
            id="falling-step-too-coarse",
        ),
        pytest.param(
            "throw_penalty_amount = -1000000", "throw_penalty_amount must be 0 to 100", id="penalty"
        ),
        pytest.param("score_table = [{min_points = 0}]", "without going up", id="one-band"),
        pytest.param('name = "' + "n" * 60_000 + '"', "too long", id="60000-name"),
    ],
)
def test_bad_rules_text_is_a_sentence(text: str, said: str) -> None:
    with pytest.raises(RulesError, match=said) as refused:
        rules_from_text(text)
    assert_sentence(refused.value)


def test_a_pasted_name_is_kept_as_plain_text() -> None:
    """A name is not refused: it is cleaned where it enters (untrusted.py)."""
    rs = rules_from_text('name = "\\u001b]0;PWNED\\u001b\\\\' + "n" * 100 + '"')
    assert "\x1b" not in rs.name and "PWNED" not in rs.name and rs.name.startswith("nnn")


def test_a_rules_file_is_read_no_further_than_its_cap(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "huge.toml"
    path.write_text("# " + "x" * (4 * MAX_RULES_BYTES) + "\n", encoding="utf-8")
    with pytest.raises(RulesError, match="too long") as refused:
        RuleSet.load(path)
    assert_sentence(refused.value)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 6000, encoding="utf-8")
    with pytest.raises(RulesError, match="nested too deep"):
        RuleSet.load(deep)


def test_the_strategy_reaches_every_preset_and_auction() -> None:
    """(The valid strategy's space: each preset is a base, both auctions occur.)"""
    seen: set[tuple[str, str]] = set()

    @given(data=valid_rules())
    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    def collect(data: dict[str, Any]) -> None:
        rs = RuleSet.from_dict(data)
        seen.add((data["preset"], rs.bidding))

    collect()
    presets = {p for p, _ in seen}
    biddings = {b for _, b in seen}
    assert len(presets) >= 10 and biddings == {"none", "points_up", "threshold_down"}
