"""The tracker's soft inference (a follower that shed a card it would not have
shed while holding a cheaper one of the suit probably holds none): what it
marks, that it reads only the deciding seat's view, and how it thins the
search's samples."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_tui.bots import BotOptions, BotSpec, bot_level
from shengji_tui.bots import tracker as tracker_mod
from shengji_tui.bots.tracker import Tracker, sample_spec
from shengji_tui.engine import GameState, Play, view_for
from shengji_tui.rules import parse_cards

from .positions import position

# seat 1's whole hand: its one spade, and every club and diamond but the 2s
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
WATCHER = "S3 " + " ".join(f"{s}{r}" for s in "CD" for r in RANKS)


def _state(seed: int) -> GameState:
    """Seat 0 leads the first ace of spades; seat 2, its partner, drops the
    other on it (a boss it cannot win with): its only spade. The other hands
    but seat 1's are dealt at random from `seed`."""
    return position(
        {0: "SA", 1: WATCHER, 2: "SA", 3: "S4"},
        trump="H",
        dealer=0,
        leader=0,
        voids={2: "S"},
        history=[["SA", "S3", "SA", "S4"]],
        seed=seed,
    )


def test_a_boss_dropped_on_the_partners_trick_marks_the_lower_cards() -> None:
    tr = Tracker(view_for(_state(1), 1))
    sn = tr.sense
    spade = sn.eff[parse_cards("S5")[0].idx]
    ace = parse_cards("SA")[0]
    assert tr.soft[2] == {spade: (sn.pos[ace.idx], False)}  # points too: it would have fed them
    assert tr.soft[3] == {}  # S4 to the other side's trick: what it sheds anyway
    spec = tr.spec()
    spades = {c.idx for c in spec.pool if sn.eff[c.idx] == spade}
    assert spades and spec.soft == {2: frozenset(spades)}


def test_the_inference_reads_only_the_seats_view() -> None:
    a, b = _state(1), _state(2)
    assert a.hands[2] != b.hands[2]  # the hidden hands differ
    va, vb = view_for(a, 1), view_for(b, 1)
    sa, sb = Tracker(va).spec(), Tracker(vb).spec()
    assert sa == sb
    sn = Tracker(va).sense
    ra, rb = random.Random(7), random.Random(7)
    for _ in range(20):
        assert sample_spec(sa, sn, ra) == sample_spec(sb, sn, rb)


@pytest.mark.parametrize("weight", [1.0, tracker_mod.SOFT_WEIGHT])
def test_the_samples_deal_the_marked_seat_fewer_spades(
    weight: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    tr = Tracker(view_for(_state(1), 1))
    sn = tr.sense
    spec = tr.spec()
    spade = sn.eff[parse_cards("S5")[0].idx]
    monkeypatch.setattr(tracker_mod, "SOFT_WEIGHT", weight)
    rng = random.Random(3)
    n = 400
    got: Counter[int] = Counter()
    for _ in range(n):
        hands, _ = sample_spec(spec, sn, rng)
        for s, h in hands.items():
            got[s] += sum(1 for c in h if sn.eff[c.idx] == spade)
    if weight == 1.0:  # uniform: seat 2 as many spades as seat 0, about
        assert abs(got[2] - got[0]) < 0.2 * got[0]
    else:  # a quarter the odds a card: well under half
        assert got[2] < 0.5 * got[0]


def test_a_marked_card_played_later_drops_the_mark() -> None:
    tr = Tracker(view_for(_state(1), 1))
    assert tr.soft[2]
    five = parse_cards("S5")
    tr._soft_refuted(2, five)
    assert tr.soft[2] == {}


def test_the_hard_bot_keeps_its_throw_from_a_probable_ruff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 3 led a diamond tractor; seat 2, the dealer's partner, dropped
    D6 D7 D8 DA on it (an ace it could not win with: no lower pointless diamond,
    it would have shed that) and holds trump pairs. Of the five diamonds still
    unseen, uniform samples seldom leave seat 2 without one, and the hard bot
    throws DK DK DA; with the inference seat 2 is most likely void and would
    ruff the throw (it is: the fill gives it no diamond), and the bot leads
    the ace of clubs instead."""
    state = position(
        {
            0: "D3 D4 D6 D7",
            1: "D5 D5 D3 D4",
            2: "D6 D7 D8 DA HA HA HK HK",
            3: "D10 D10 D9 D9 DA DK DK",
        },
        trump="H",
        dealer=0,
        leader=3,
        voids={2: "D", 3: "D"},
        history=[["D10 D10 D9 D9", "D3 D4 D6 D7", "D5 D5 D3 D4", "D6 D7 D8 DA"]],
        seed=0,
    )
    view = view_for(state, 3)
    throw = parse_cards("DK DK DA")
    got = {}
    for w in (1.0, 0.25):
        monkeypatch.setattr(tracker_mod, "SOFT_WEIGHT", w)
        bot = BotSpec(
            level=bot_level("hard"),
            seed=5,
            name="hard",
            options=BotOptions(budget_ms=300, guard=False, workers=1),
        ).make()
        cmd = bot.decide(view)
        assert isinstance(cmd, Play)
        means = bot.last_info["means"]  # type: ignore[attr-defined]
        got[w] = (sorted(cmd.cards, key=lambda c: c.idx), means[0])
    assert got[1.0][0] == sorted(throw, key=lambda c: c.idx)
    assert got[0.25][0] == parse_cards("CA")
    assert got[0.25][1] < got[1.0][1] - 0.2  # the throw priced lower: the ruff
