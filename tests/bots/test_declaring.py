"""Declaring while the cards are dealt: a bot with a first-deal `grab` (抢庄;
0 for every level, measured in docs/bots.md) declares on the first deal with a
hand the playbook lets go; on a later deal (the dealer known) it declares as
the playbook does."""

from __future__ import annotations

from shengji_tui.bots.playbook import PlaybookBot
from shengji_tui.bots.search import SearchBot
from shengji_tui.engine import DealNext, Declare, apply, new_game, view_for
from shengji_tui.engine.views import SeatView
from shengji_tui.rules import parse_cards

# 4 of 10 cards trumps if hearts are (H2 the level card): a share of 0.40, under
# the playbook's 0.42 for a single card, over the hard bot's 0.42 - grab
HAND = "H2 H5 H9 HK S3 S7 S9 D4 D8 CJ"


def dealing_view(dealer: int | None) -> SeatView:
    """Seat 0's view a third of the way through a classic deal, holding HAND."""
    state = new_game("classic", 1)
    while len(state.hands[0]) < 10:
        state, _ = apply(state, DealNext())
    view = view_for(state, 0)
    assert view.phase == "dealing" and view.standing is None
    return view.model_copy(update={"hand": tuple(parse_cards(HAND)), "dealer": dealer})


def grabbing(grab: float = 0.1) -> SearchBot:
    bot = SearchBot(seed=1, budget_ms=0, workers=1)
    bot.grab = grab
    return bot


def test_a_grabbing_bot_grabs_the_first_deal_the_playbook_lets_go() -> None:
    first = dealing_view(dealer=None)
    assert PlaybookBot(seed=1).decide(first) is None
    assert SearchBot(seed=1, budget_ms=0, workers=1).decide(first) is None  # (grab 0)
    cmd = grabbing().decide(first)
    assert isinstance(cmd, Declare) and list(cmd.cards) == parse_cards("H2")


def test_on_a_later_deal_a_grabbing_bot_declares_as_the_playbook() -> None:
    later = dealing_view(dealer=2)  # the dealer known: declaring picks the trump only
    assert PlaybookBot(seed=1).decide(later) is None
    assert grabbing().decide(later) is None


def test_too_weak_a_hand_is_not_declared_even_to_grab() -> None:
    weak = dealing_view(dealer=None).model_copy(
        update={"hand": tuple(parse_cards("H2 H5 S3 S7 S9 SK D4 D8 CJ CQ"))}
    )  # 2 of 10
    assert grabbing().decide(weak) is None
