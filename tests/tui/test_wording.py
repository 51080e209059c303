"""The result's and the table's words said right, a state in and the wrong
text never out, in English and Chinese: a match won by one seat ("Mei wins
the match", never "Mei win"; find friends: the dealer who held the deal at
A, docs/rules.md §10), a forced auction's result ("Everyone passed: Ken dealt
at the minimum", never "Ken bid 70"), a take-over that gains no level (never
"+0 levels"), and the declaring hint of each preset (a joker pair only where
the pack has two of a joker and tuples are played)."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.engine import (
    SUPPORTED,
    DealNext,
    DealReview,
    DealScored,
    GameState,
    MatchOver,
    NameTrump,
    PassBid,
    apply,
    new_game,
    review_for,
    view_for,
)
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui import outcome
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import auction_states as A
from .walk_states import match_end

NAMES = ["Lin", "Ana", "Mei", "Ken", "Raj", "Zoe"]


def model_of(state: GameState, seat: int, lang: str) -> Model:
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat)), TableFacts(NAMES[: state.rules.players], seat, humans=[seat])
    )
    m.take_seat(seat, view_for(state, seat))
    return m


def said(lines) -> list[str]:
    return [plain(line) for line in lines]


def review_voice(state: GameState, lang: str) -> outcome.ReviewVoice:
    cat = Catalogue(lang)
    return outcome.ReviewVoice(cat, CardText(cat), lambda s: NAMES[s])


# ------------------------------------------------------------ the match's end
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", ["find-friends", "find-friends-5", "classic", "six-player"])
def test_the_match_end_names_its_winners_in_the_right_number(preset: str, lang: str) -> None:
    state = match_end(preset).state
    over = next(e for e in state.log if isinstance(e, MatchOver))
    if rules.RuleSet.preset(preset).partnership == "find_friends":
        assert over.winners == (state.dealer,)  # (§10: the seat that held the deal at A)
    for seat in range(state.rules.players):
        m = model_of(state, seat, lang)
        t = m.prefs.cat.t
        result = Presenter().result(m, final=True)
        text = [result.title, *said(result.lines)]
        names = m.team_name(over.winners)
        if seat in over.winners:
            key = "end.match_won_you" if len(over.winners) == 1 else "end.match_won"
            assert result.title == t(key, names=names)
            assert "(" not in result.title or len(over.winners) > 1  # (never "(You)")
        elif len(over.winners) == 1:
            assert result.title == t("end.match_lost_sg", names=names)
            assert f"{names} wins the match at level {over.level}!" in text or lang == "zh"
        else:
            assert result.title == t("end.match_lost", names=names)
        if lang == "en" and len(over.winners) == 1 and seat not in over.winners:
            assert not any(f"{names} win the" in line for line in text), text
    # the review's last step: nobody is "you", one winner is one
    review = review_for(state, 0)
    end = outcome.end_of_review(review, state.rules)
    voice = review_voice(state, lang)
    lines = said(outcome.result_lines(end, voice))
    key = "end.match_over_sg" if len(over.winners) == 1 else "end.match_over"
    assert voice.cat.t(key, names=voice.team_name(over.winners), level=over.level) in lines


# ------------------------------------------------------------ a forced auction
def forced_state() -> GameState:
    """Eighty points: every seat passes, the opener deals at the minimum; played out."""
    s = A.dealt(A.EIGHTY, 3)
    while s.phase == "bidding":
        who = s.awaiting()
        assert who is not None
        s, _ = apply(s, PassBid(seat=who))
    assert s.phase == "naming_trump"
    dealer = s.awaiting()
    assert dealer is not None
    s, _ = apply(s, NameTrump(seat=dealer, suit=rules.Suit.S))
    return A.played_out(s)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forced_auctions_result_says_nobody_bid(lang: str) -> None:
    state = forced_state()
    dealer, bid = state.dealer, state.bid
    assert dealer is not None and bid == state.rules.bid_start
    for seat in range(state.rules.players):
        m = model_of(state, seat, lang)
        t = m.prefs.cat.t
        lines = said(Presenter().result(m, final=False).lines)
        name = m.name(dealer)
        assert any(line.startswith(t("end.auction_made_forced").split("{")[0]) for line in lines)
        # never "Ken bid 70 and took …": nobody bid
        for key in ("end.auction_made", "end.auction_missed"):
            bid_said = t(key, name=name, bid=bid, points="\0", n="\0").split("\0")[0]
            assert not any(line.startswith(bid_said) for line in lines), lines
    # the review's last step says it as the result screen does
    review: DealReview = review_for(state, 0)
    assert review.auction is not None and review.auction.forced
    lines = said(
        outcome.result_lines(outcome.end_of_review(review, state.rules), review_voice(state, lang))
    )
    forced = Catalogue(lang).t("end.auction_made_forced").split("{")[0]
    assert any(line.startswith(forced) for line in lines), lines


# ------------------------------------------------------------ a take-over without levels
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("preset", "points"), [("classic", 85), ("find-friends-5", 125)])
def test_a_take_over_that_gains_no_level_says_so(preset: str, points: int, lang: str) -> None:
    """Classic 80-115, five-player find friends 120-175: the attackers take over
    and nobody goes up (never "+0 levels")."""
    rs = rules.RuleSet.preset(preset)
    result = rules.deal_result(rs, points)
    assert result.attackers_take_over and result.attacker_levels == 0
    scored = DealScored(
        attacker_points=points, trick_points=points, kitty_points=0, penalty_points=0, result=result
    )
    end = outcome.DealEnd(
        rules=rs,
        ctx=rules.TrumpContext("2", rules.Suit.S),
        deal_no=0,
        dealer=0,
        dealer_side=(0, 2) if rs.players == 4 else (0, 3),
        bid=None,
        events=(scored,),
        last_trick=(),
        last_winner=None,
        levels=None,
        match_scores=None,
        teams=tuple(range(rs.players)),
        friend=3 if rs.players == 5 else None,
    )
    voice = review_voice(new_game(preset, 1), lang)
    lines = said(outcome.result_lines(end, voice))
    attackers = voice.team_name([s for s in range(rs.players) if s not in end.dealer_side])
    assert voice.cat.t("end.take_over_none", attackers=attackers) in lines, lines
    assert not any("+0" in line or "升 0 级" in line for line in lines), lines


# ------------------------------------------------------------ the declaring hint
def early_deal(preset: str) -> Model:
    """Seat 0 holds a few cards, none it may declare with, nobody declared."""
    for seed in range(1, 100):
        s = new_game(preset, seed)
        while s.phase == "dealing" and len(s.hands[0]) < 3:
            s, _ = apply(s, DealNext())
        v = view_for(s, 0)
        if s.phase != "dealing" or s.declarations:
            continue
        if rules.valid_declarations(s.rules, s.level, list(s.hands[0]), None, False):
            continue
        cat = Catalogue("en")
        m = Model(Prefs(cat, CardText(cat)), TableFacts(NAMES[: s.rules.players], 0, humans=[0]))
        m.take_seat(0, v)
        return m
    raise AssertionError(f"{preset}: no early deal without a declaration")


@pytest.mark.parametrize(
    "preset", [p for p in SUPPORTED if rules.RuleSet.preset(p).bidding == "none"]
)
def test_the_declaring_hint_says_what_this_preset_declares_with(preset: str) -> None:
    m = early_deal(preset)
    rs = m.rs
    hint = Presenter.why_no_declaration(m)
    level = m.facts.view.level if m.facts.view is not None else "2"
    assert f"({level})" in hint  # the level card, named once
    joker_pair = rs.decks >= 2 and rs.max_tuple >= 2
    assert ("joker" in hint) == joker_pair, hint
    assert "level cards," not in hint and ", 2," not in hint  # (never "level cards, 2, or…")
    zh = Catalogue("zh")
    m.set_look(zh, CardText(zh))
    hint = Presenter.why_no_declaration(m)
    assert ("王" in hint) == joker_pair, hint


# ------------------------------------------------------------ one seat goes up
def played_deal(preset: str, seed: int) -> GameState:
    """The first deal of `preset` played out by random bots (declared or bid)."""
    from . import friend_states as F

    return F.play_until(new_game(preset, seed), lambda s: s.phase in ("scoring", "finished"))


@pytest.mark.parametrize("preset", ["three-player"])  # (the dealer alone holds)
def test_one_seat_goes_up_in_the_singular(preset: str) -> None:
    """A level-up of one seat: "Mei goes up 2 levels" (never "Mei go up"), and
    to that seat's own reader "You go up"."""
    from shengji_tui.engine import LevelUp
    from shengji_tui.text.narrator import Narrator

    ups: list[LevelUp] = []
    for seed in range(1, 12):
        state = played_deal(preset, seed)
        ups += [e for e in state.log if isinstance(e, LevelUp) and len(e.seats) == 1]
        if len(ups) >= 2:
            break
    assert ups, f"{preset}: no deal where one seat alone goes up"
    for e in ups:
        (seat,) = e.seats
        for reader in range(state.rules.players):
            m = model_of(state, reader, "en")
            narr = Narrator(m.prefs.cat, m.prefs.ct, m.name, m.team_name, m.is_you)
            said = narr.sentence(e, state.rules, rules.TrumpContext("2"))
            assert said is not None
            if reader == seat:
                assert said.startswith("You go up "), said
            else:
                assert said.startswith(f"{NAMES[seat]} goes up "), said


# ------------------------------------------------------------ the review, read by a seat
WRONG_YOU = ("You deals", "You passes", "You was ", "by You", "dealer You", "You plays", "You is ")


def review_lines(state: GameState, reader: int, lang: str) -> list[str]:
    """Every line of the deal's review (the title, the deal, each trick, the
    result) as the app shows it to `reader` (its model is the voice)."""
    from shengji_tui.tui.review.presenter import Reviewer

    m = model_of(state, reader, lang)
    rv = Reviewer(review_for(state, reader), state.rules, m.prefs.cat, m.prefs.ct, m.name, m.voice)
    p = rv.props(0)
    out = [p.title, *said(p.deal)]
    for at in range(rv.steps):
        out += said(rv.props(at).trick)
    return out


@pytest.mark.parametrize("preset", ["eighty-points", "three-player", "find-friends", "classic"])
def test_the_review_speaks_to_its_reader_in_the_second_person(preset: str) -> None:
    """The review in the app names the reader "You": "You deal at 70", "You
    pass", "You were the friend", "Buried by you" (never "You deals")."""
    if rules.RuleSet.preset(preset).bidding != "none":
        state = A.scored_state(preset, 3)  # (seat 0 wins the auction, the others pass)
    else:
        state = played_deal(preset, 3)
    review = review_for(state, 0)
    for reader in range(state.rules.players):
        lines = review_lines(state, reader, "en")
        wrong = [line for line in lines if any(w in line for w in WRONG_YOU)]
        assert not wrong, wrong
        if review.dealer == reader:
            assert lines[0].startswith(f"Review of deal {review.deal_no + 1}: you dealt,")
            if review.auction is not None:
                assert f"You deal at {review.auction.bid}." in lines
        if review.auction is not None and any(
            c.seat == reader and c.points is None for c in review.auction.calls
        ):
            assert any("You pass" in line for line in lines), lines
        f = review.friend
        if f is not None and f.friend == reader:
            assert any(line.startswith("You were the friend") for line in lines), lines
    # the Chinese: the reader is 你
    zh = review_lines(state, state.dealer if state.dealer is not None else 0, "zh")
    assert zh[0].startswith(f"第 {review.deal_no + 1} 局复盘：你坐庄")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forced_auction_is_told_to_its_dealer_as_forced(lang: str) -> None:
    state = forced_state()
    dealer = state.dealer
    assert dealer is not None
    lines = review_lines(state, dealer, lang)
    cat = Catalogue(lang)
    assert cat.t("review.auction_forced_you", points=state.bid) in lines, lines
    other = (dealer + 1) % state.rules.players
    lines = review_lines(state, other, lang)
    said_name = NAMES[dealer]
    assert cat.t("review.auction_forced", name=said_name, points=state.bid) in lines, lines


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forced_dealer_is_said_forced_in_the_status_line(lang: str) -> None:
    """Everyone passed: the status line says the dealer took the minimum ("Ken
    took 70 (all passed)"), never "Ken bid 70", through the play."""
    state = forced_state()
    dealer, bid = state.dealer, state.bid
    assert dealer is not None
    for seat in range(state.rules.players):
        m = model_of(state, seat, lang)
        t = m.prefs.cat.t
        status = Presenter().status(m)
        said = [plain(p) for p in (*status.parts, *status.narrow)]
        name = m.name(dealer)
        assert t("auction.status_dealer_forced", name=name, points=bid) in said, said
        assert t("auction.status_dealer", name=name, points=bid) not in said, said
