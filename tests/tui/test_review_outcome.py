"""A deal's review tells an auction deal (docs/rules.md §11-12) and a find-friends
deal (§10) as it went: the dealer and trump in its title, the auction's calls,
who deals at what bid, the naming and the overturns, the friend's call and its
reveal; and its last step is the result screen's own text, line for line,
never "the dealer side holds, +0 levels" beside an eighty-points settlement."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.engine import DealSettled, review_for, view_for
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.review.presenter import Reviewer

from . import auction_states as A
from . import friend_states as F

NAMES = ["You", "Ana", "Mei", "Ken", "Raj"]


def model_of(state, seat: int = 0, lang: str = "en") -> Model:
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat)), TableFacts(NAMES[: state.rules.players], seat, humans=[seat])
    )
    m.take_seat(seat, view_for(state, seat))
    return m


def texts(lines) -> list[str]:
    return [plain(line) for line in lines]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", [A.EIGHTY, A.THREE])
def test_an_auction_deal_review_tells_the_auction_and_the_result_screens_words(
    preset: str, lang: str
) -> None:
    state = A.scored_state(preset)
    m = model_of(state, 0, lang)
    t = m.prefs.cat.t
    review = review_for(state, 0)
    r = Reviewer(review, state.rules, m.prefs.cat, m.prefs.ct, m.name, m.voice)
    props = r.props(r.steps - 1)
    dealer = state.dealer
    assert dealer is not None
    # the title: the auction's dealer (the reader: "you dealt"), the deal's level and trump
    trump = m.prefs.ct.suit_name(state.trump_suit) if state.trump_suit else t("suit.no_trump")
    you = "_you" if m.is_you(dealer) else ""
    assert dealer == 0 and you  # (seat 0 won the auction and reads the review)
    assert props.title == t(
        "review.title" + you, n=1, dealer=m.name(dealer), level=state.level, trump=trump
    )
    deal = texts(props.deal)
    auction = next(line for line in deal if line.startswith(t("review.auction").rstrip()))
    for c in review.auction.calls if review.auction else ():
        assert m.name(c.seat) in auction
    key = (
        "review.auction_forced"
        if review.auction and review.auction.forced
        else "review.auction_won"
    )
    assert t(key + you, name=m.name(dealer), points=state.bid) in deal
    named = review.naming
    assert named is not None
    named_trump = m.prefs.ct.suit_name(named.suit) if named.suit else t("suit.no_trump")
    key = "review.naming_cards" if named.cards else "review.naming"
    said = t(key, name=m.name(dealer), trump=named_trump)
    assert any(line.startswith(said) for line in deal), (said, deal)
    if preset == A.THREE:
        shown = t("review.shown_kitty", points=rules.points(state.shown_kitty))
        assert any(line.startswith(shown) for line in deal)
        assert [o.seat for o in review.overturns][:1] == [(dealer + 1) % 3]
    # the last step: the result screen's lines, every one of them
    result = Presenter().result(m, final=False)
    step = texts(props.trick)
    assert step == [t("review.result"), *texts(result.lines)]
    if preset == A.EIGHTY:  # the settlement on the dealer's own points
        st = next(e for e in state.log if isinstance(e, DealSettled)).settlement
        made = "end.auction_made" if st.made else "end.auction_missed"
        diff = abs(st.dealer_points - st.bid)
        assert t(made, name=m.name(dealer), bid=st.bid, points=st.dealer_points, n=diff) in step


def test_a_find_friends_review_tells_the_call_and_the_reveal() -> None:
    state = F.calling_state("find-friends-5", dealer=0)
    card = F.outside_card(state)
    state = F.call(state, str(card))
    state = F.play_until(state, lambda s: s.phase != "playing")
    m = model_of(state, 1)
    t = m.prefs.cat.t
    review = review_for(state, 1)
    r = Reviewer(review, state.rules, m.prefs.cat, m.prefs.ct, m.name, m.voice)
    deal = texts(r.props(0).deal)
    label = m.prefs.ct.card(card)
    assert t("review.friend_call", name=m.name(0), card=label) in deal
    f = review.friend
    assert f is not None and f.revealed
    if f.alone:
        assert t("review.friend_alone", name=m.name(0)) in deal
    elif f.trick is None:
        assert t("review.friend_shown_end", friend=m.name(f.friend)) in deal
    else:
        assert t("review.friend_shown", friend=m.name(f.friend), n=f.trick) in deal
    result = Presenter().result(m, final=False)
    assert texts(r.props(r.steps - 1).trick) == [t("review.result"), *texts(result.lines)]
