"""A deal's end is said once (text/dealend.py): the game log's deal-end lines
and the result screen tell the same deal with the same figures, for every
rules family (fixed partners, find friends, eighty points, three players), in
English and Chinese: each level gained (who, to what level), the points that
decided the deal, what eighty points' dealer pays or is paid, the next dealer
and the match's end. The jack rule (抠J) is one sentence in both, in the
singular for one seat."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shengji_tui import rules
from shengji_tui.engine import GameState, JackRule, view_for
from shengji_tui.text import CardText, Catalogue, Narrator
from shengji_tui.text.dealend import (
    END_EVENTS,
    DealEnd,
    EndFacts,
    ReviewVoice,
    facts_of,
    log_line,
    result_said,
)
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts

from .walk_states import deal_moments, match_end

NAMES = ["Lin", "Ana", "Mei", "Ken", "Raj"]


def points(f: EndFacts, m: Model) -> list[str]:
    """The attackers' points (fixed partners, find friends, three players)."""
    assert f.scored is not None
    return [str(f.scored.attacker_points)]


def settled(f: EndFacts, m: Model) -> list[str]:
    """Eighty points: the dealer's own points, the bid, what each seat pays."""
    assert f.settled is not None
    st = f.settled.settlement
    return [str(st.dealer_points), str(st.bid), str(abs(st.each))]


def levels(f: EndFacts, m: Model) -> list[str]:
    """Each level gained: who, from and to."""
    out = []
    for e in f.levels:
        out.append(m.team_name(e.seats))
        out += [e.old_level, e.new_level]
    return out


def next_dealer(f: EndFacts, m: Model) -> list[str]:
    assert f.rotated is not None or f.over is not None
    return [m.name(f.rotated.seat)] if f.rotated is not None else []


def next_opener(f: EndFacts, m: Model) -> list[str]:
    """Auctions: who opens the next deal's auction (the seat after this deal's
    first card, the engine's answer)."""
    assert f.opener is not None and f.over is None
    v = m.facts.view
    assert v is not None and f.opener.seat == (v.first_seat + 1) % v.rules.players
    return [m.name(f.opener.seat)]


def match_over(f: EndFacts, m: Model) -> list[str]:
    assert f.over is not None
    return [m.team_name(f.over.winners), f.over.level]


Facts = Callable[[EndFacts, Model], list[str]]

# (preset, the match's end or a deal's, what both must say)
CASES: list[tuple[str, bool, tuple[Facts, ...]]] = [
    ("classic", False, (points, levels, next_dealer)),
    ("classic", True, (points, levels, match_over)),
    ("find-friends", False, (points, levels, next_dealer)),
    ("find-friends-5", True, (points, levels, match_over)),
    ("eighty-points", False, (settled, next_opener)),
    ("three-player", False, (points, levels, next_opener)),
    ("three-player", True, (points, levels, match_over)),
]


def model_of(state: GameState, seat: int, lang: str) -> Model:
    cat = Catalogue(lang)
    names = NAMES[: state.rules.players]
    m = Model(Prefs(cat, CardText(cat)), TableFacts(names, seat, humans=[seat]))
    m.take_seat(seat, view_for(state, seat))
    return m


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("preset", "final", "said"), CASES)
def test_the_log_and_the_result_say_the_same_deal_end(
    preset: str, final: bool, said: tuple[Facts, ...], lang: str
) -> None:
    if final:
        state = match_end(preset).state
    else:
        state = next(m.state for m in deal_moments(preset) if m.name == "result")
    assert (state.phase == "finished") == final
    for seat in (0, 1):
        m = model_of(state, seat, lang)
        v = m.facts.view
        assert v is not None
        result = Presenter().result(m, final=final)
        shown = "\n".join([result.title, *(plain(line) for line in result.lines)])
        narrator = Narrator(m.prefs.cat, m.prefs.ct, m.name, m.team_name, m.is_you)
        ending = [e for e in v.log if isinstance(e, END_EVENTS)]
        assert ending, "the view keeps the deal's end"
        log = "\n".join(s for e in ending if (s := narrator.sentence(e, v.rules, m.ctx)))
        facts = facts_of(v.log)
        wanted = [w for fact in said for w in fact(facts, m)]
        assert wanted
        for w in wanted:  # ("You deal next", "Next dealer: You")
            assert w.casefold() in log.casefold(), (w, log)
            assert w.casefold() in shown.casefold(), (w, shown)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("seats", "en_verb"),
    [((2,), "goes back to"), ((0, 2), "go back to")],
)
def test_the_jack_rule_is_one_sentence_in_the_log_and_the_result(
    seats: tuple[int, ...], en_verb: str, lang: str
) -> None:
    """Tournament's 抠J: the dealer side back to the first level, told alike in
    the log and on the result screen, in the singular for one seat."""
    rs = rules.RuleSet.preset("tournament")
    jack = JackRule(seats=seats, old_level="J", new_level="2")
    end = DealEnd(
        rules=rs,
        ctx=rules.TrumpContext("J", rules.Suit.S),
        deal_no=0,
        dealer=seats[0],
        dealer_side=seats,
        bid=None,
        events=(jack,),
        last_trick=(),
        last_winner=None,
        levels=None,
        match_scores=None,
        teams=(0, 1, 0, 1),
        friend=None,
    )
    cat = Catalogue(lang)
    voice = ReviewVoice(cat, CardText(cat), lambda s: NAMES[s])
    line = log_line(jack, rs, voice)
    assert [s.text for s in result_said(end, voice)] == [line]
    assert voice.team_name(seats) in line and "2" in line
    if lang == "en":
        assert en_verb in line
