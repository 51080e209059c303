"""No work grows with a number a player chose: the bids a seat may make are a
`range` (`rules.bid_options`), the highlighted bid is found by arithmetic
(`rules.nearest_bid`), the TUI's arrow key and a bot's bid ask for a few
values whatever `bid_start` is, and the hard bot's search finishes an auction
by whole rounds (`finish_auction`, checked against the call-by-call rule).

`bid_start` beyond the rules' range (docs/rules.md: at most the pack's points)
is reached here by building the ruleset without its checks (`model_construct`,
the checks off where a game is made of it), to show the algorithms do not lean
on the range."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_tui import rules
from shengji_tui.bots import BotSpec
from shengji_tui.bots.auction_search import finish_auction
from shengji_tui.bots.bidding import within
from shengji_tui.engine import Bid, DealAll, GameState, apply, new_game, view_for
from shengji_tui.rules import Auction, AuctionCall, RuleSet
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.records import Prefs, TableFacts

HUGE = 9_000_000_000_000_000_000  # (the bid_start: a valid TOML integer)


def unchecked(preset: str, **changes: Any) -> RuleSet:
    """A ruleset beyond the rules' ranges (no validation at all)."""
    return RuleSet.model_construct(**{**RuleSet.preset(preset).model_dump(), **changes})


def reference_finish(
    rs: RuleSet, auction: Auction, limits: Sequence[int]
) -> tuple[int | None, int | None]:
    """The playbook's rule called one call at a time through the rules API (what
    `finish_auction` did before it passed over whole rounds)."""
    while True:
        st_ = rules.auction_status(rs, auction)
        if st_.over:
            return st_.winner, st_.points
        s = st_.turn
        assert s is not None
        opts = rules.bid_options(rs, auction, s)
        ok = bool(opts) and within(rs, opts[0], limits[s])
        auction = auction.with_call(AuctionCall(seat=s, points=opts[0] if ok else None))


def test_bid_options_is_a_range_nearest_first() -> None:
    three = RuleSet.preset("three-player")
    opts = rules.bid_options(three, Auction(opener=1), 1)
    assert isinstance(opts, range) and opts[0] == 150 and opts[-1] == 5 and len(opts) == 30
    assert rules.bid_options(three, Auction(opener=1), 0) == range(0)  # (not its call)
    eighty = RuleSet.preset("eighty-points")
    a = Auction(opener=0, calls=(AuctionCall(seat=0, points=90),))
    opts = rules.bid_options(eighty, a, 1)
    assert list(opts[:3]) == [95, 100, 105] and opts[-1] == 200


@pytest.mark.parametrize(
    ("values", "points", "nearest"),
    [
        (range(150, 4, -5), 147, 145),
        (range(150, 4, -5), 148, 150),
        (range(150, 4, -5), 1000, 150),
        (range(150, 4, -5), -50, 5),
        (range(150, 4, -5), 152, 150),
        (range(75, 201, 5), 77, 75),  # (77: nearer 75 than 80)
        (range(75, 201, 10), 80, 75),  # (80: as near 75 as 85; 75 is nearer the standing bid)
        (range(75, 201, 5), 9999, 200),
        (range(100, 99, 5), 3, None),
        (range(HUGE, 4, -5), HUGE - 7, HUGE - 5),
    ],
)
def test_the_nearest_bid(values: range, points: int, nearest: int | None) -> None:
    assert rules.nearest_bid(values, points) == nearest


@given(
    start=st.integers(-50, 500),
    step=st.sampled_from([5, 10, 25, -5, -10, -25]),
    count=st.integers(0, 60),
    points=st.integers(-100, 700),
)
def test_the_nearest_bid_is_the_lists(start: int, step: int, count: int, points: int) -> None:
    """As the list's rule (nearest, then first in the list) over every value."""
    values = range(start, start + step * count, step)
    listed = list(values)
    want = min(listed, key=lambda p: (abs(p - points), listed.index(p))) if listed else None
    assert rules.nearest_bid(values, points) == want


# --------------------------------------------------- the auction's rounds


@st.composite
def auctions(draw: st.DrawFn) -> tuple[RuleSet, Auction, list[int]]:
    """An auction of either kind, partly called, and each seat's limit."""
    preset = draw(st.sampled_from(["eighty-points", "three-player"]))
    base = RuleSet.preset(preset)
    step = draw(st.sampled_from([5, 10, 15, 25]))
    if draw(st.booleans()):  # beyond the rules' range: the work must not grow
        start = step * draw(st.integers(1, 10**12))
        rs = unchecked(preset, bid_step=step, bid_start=start)
    else:
        lo = step if preset == "eighty-points" else 150
        start = step * draw(st.integers(-(-lo // step), 200 // step))
        rs = RuleSet.model_validate({**base.model_dump(), "bid_step": step, "bid_start": start})
    lo, hi = rules.bid_limits(rs)
    auction = Auction(opener=draw(st.integers(0, rs.players - 1)))
    for _ in range(draw(st.integers(0, 6))):
        s = rules.auction_status(rs, auction)
        if s.over or s.turn is None:
            break
        opts = rules.bid_options(rs, auction, s.turn)
        if opts and draw(st.booleans()):
            k = draw(st.integers(0, min(len(opts) - 1, 5)))
            auction = auction.with_call(AuctionCall(seat=s.turn, points=opts[k]))
        else:
            auction = auction.with_call(AuctionCall(seat=s.turn))
    span = max(1, min(hi - lo, 600))
    near = (
        st.integers(lo - 2 * step, lo + span)
        if preset == "eighty-points"
        else st.integers(hi - span, hi + 2 * step)
    )
    anywhere = st.integers(min(lo, hi) - 10, max(lo, hi) + 10)
    limits = [draw(near | anywhere) for _ in range(rs.players)]
    return rs, auction, limits


@given(case=auctions())
@settings(max_examples=300, deadline=None, derandomize=True)
def test_finishing_by_rounds_is_finishing_call_by_call(
    case: tuple[RuleSet, Auction, list[int]],
) -> None:
    rs, auction, limits = case
    got = finish_auction(rs, auction, limits)
    lo, hi = rules.bid_limits(rs)
    calls = 0
    for s in range(rs.players):  # (call by call only where it ends in a few calls)
        calls = max(calls, abs(limits[s] - (lo if rs.bidding == "points_up" else hi)))
    if calls // rs.bid_step < 2000:
        assert got == reference_finish(rs, auction, limits)
    winner, points = got
    assert (winner is None) == (points is None)
    if points is not None:  # (a forced dealer deals at bid_start)
        assert lo <= points <= hi or points == rs.bid_start


@pytest.mark.parametrize("scale", [10**2, 10**3, 10**9])
def test_a_huge_auction_is_finished_in_a_few_rounds(scale: int) -> None:
    """Limits `scale` steps apart: the call-by-call rule (checked where it is
    quick) would call as many times; by rounds the answer is the same shape."""
    top = HUGE if scale > 10**4 else 10**7
    rs = unchecked("three-player", bid_start=top)
    limits = [top - 5 * scale, 100, top - scale]  # (seat 2 drops first, then seat 0)
    got = finish_auction(rs, Auction(opener=0), limits)
    assert got == (1, top - 5 * scale)
    up = RuleSet.model_construct(**{**RuleSet.preset("eighty-points").model_dump(), "decks": scale})
    up_limits = [10 * scale, 70, 5 * scale, 69]  # (seat 1's 70 is outbid, seat 3 passes)
    got_up = finish_auction(up, Auction(opener=1), up_limits)
    assert got_up == (0, 5 * scale)
    if scale <= 10**3:
        assert got == reference_finish(rs, Auction(opener=0), limits)
        assert got_up == reference_finish(up, Auction(opener=1), up_limits)


# ----------------------------------------------- keys and bots, any bid_start


@pytest.fixture
def unbounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games of rulesets beyond the ranges (the engine's states check them)."""
    from shengji_tui.rules import bounds

    monkeypatch.setattr(bounds, "check", lambda rs: None)


def bidding(rs: RuleSet, seed: int = 1) -> GameState:
    state, _ = apply(new_game(rs, seed), DealAll())
    assert state.phase == "bidding"
    return state


@pytest.fixture
def iterations(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many bid values are iterated over (a `range` walked value by value)."""
    seen = [0]
    real = rules.bid_options

    class Walked:
        def __init__(self, r: range) -> None:
            self.r = r

        def __getattr__(self, name: str) -> Any:
            return getattr(self.r, name)

        def __len__(self) -> int:
            return len(self.r)

        def __bool__(self) -> bool:
            return bool(self.r)

        def __getitem__(self, k: Any) -> Any:
            got = self.r[k]
            return Walked(got) if isinstance(got, range) else got

        def __contains__(self, x: object) -> bool:
            return x in self.r

        def __iter__(self) -> Iterator[int]:
            for v in self.r:
                seen[0] += 1
                yield v

        def __eq__(self, other: object) -> bool:
            return self.r == (other.r if isinstance(other, Walked) else other)

        def index(self, v: int) -> int:
            return self.r.index(v)

    def counted(*a: Any) -> Any:
        return Walked(real(*a))

    monkeypatch.setattr(rules, "bid_options", counted)
    monkeypatch.setattr(
        rules, "nearest_bid", lambda opts, p: real_nearest(getattr(opts, "r", opts), p)
    )
    yield seen


real_nearest = rules.nearest_bid


@pytest.mark.parametrize("start", [150, 10**8, HUGE])
@pytest.mark.usefixtures("unbounded")
def test_an_arrow_key_walks_a_few_bids_whatever_bid_start(
    start: int, iterations: list[int]
) -> None:
    """The model's ← → and the bidding panel (what one key redraws) read a few
    bids: the same number for 150 as for 10^18."""
    rs = unchecked("three-player", bid_start=start)
    state = bidding(rs)
    seat = state.awaiting()
    assert seat is not None
    cat = Catalogue("en")
    m = Model(
        Prefs(cat, CardText(cat, False)), TableFacts(["You", "Ana", "Bo"], seat, humans=[seat])
    )
    m.take_seat(seat, view_for(state, seat))
    for step in (1, 1, 1, -1, 5):
        m.pick_auction_choice(step)
        Presenter().present(m, 0.0)
    assert m.chosen_bid() == start - 35  # (the 8th bid down: 0 +1 +1 +1 -1 +5)
    assert m.bid_command() == Bid(seat=seat, points=start - 35)
    assert iterations[0] <= 100  # (the panel lists 5 bids a key)


@pytest.mark.usefixtures("unbounded")
@pytest.mark.parametrize("level", ["normal", "easy", "random", "hard"])
@pytest.mark.parametrize("start", [150, HUGE])
def test_a_bots_bid_walks_a_few_bids_whatever_bid_start(
    level: str, start: int, iterations: list[int]
) -> None:
    rs = unchecked("three-player", bid_start=start)
    state = bidding(rs)
    seat = state.awaiting()
    assert seat is not None
    opts: dict[str, Any] = {"budget_ms": 20, "workers": 1} if level == "hard" else {}
    bot = BotSpec(level=level, seed=3, name="b", options=opts).make()
    if level == "hard":
        bot.search_bids = True  # type: ignore[attr-defined]  # (off by default: its search too)
    cmd = bot.decide(view_for(state, seat))
    assert cmd is not None and cmd.type in ("bid", "pass_bid")
    assert iterations[0] <= 10


@pytest.mark.usefixtures("unbounded")
def test_the_engine_takes_a_bid_of_any_size() -> None:
    rs = unchecked("three-player", bid_start=HUGE)
    state = bidding(rs)
    seat = state.awaiting()
    assert seat is not None
    state, _ = apply(state, Bid(seat=seat, points=HUGE - 5 * 10**15))
    assert state.auction is not None and state.auction.calls[-1].points == HUGE - 5 * 10**15
