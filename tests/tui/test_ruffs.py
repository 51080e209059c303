"""A ruff (毙) is all trumps of the lead's shape on a side-suit lead (docs/rules.md
§4); trumps that cannot make a tuple lead's shape are a discard. The table, the
log, the review and `shengji replay` say it with one function
(`text.play_verb`, asking `rules.is_ruff`), and the follow prompt offers to
ruff only to a hand whose trumps make the lead's shape (`rules.can_ruff`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shengji_tui.engine import DealStarted, Play, Played, TrumpSet, apply, review_for, view_for
from shengji_tui.rules import TrumpContext, parse_cards
from shengji_tui.text import CardText, Catalogue, Narrator, narrate_game, play_verb
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.review.presenter import Reviewer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_helpers import crafted

NAMES = ["You", "Ana", "Ken", "Mei"]


def following(you: str):
    """Classic at level 2, trump ♥: Ken (seat 2) leads 4♠ 4♠, Mei follows, you
    (seat 0) hold `you` and no spade."""
    s = crafted(
        "classic",
        {0: you, 1: "S9 C9 D9", 2: "S4 S4 C8", 3: "S6 S7 C7"},
        phase="playing",
        dealer=2,
        trump="H",
        fill=False,
    )
    start = DealStarted(deal_no=0, dealer=2, level="2", first_seat=2)
    trump = TrumpSet(level="2", trump_suit=s.trump_suit, seat=2, reason="declaration")
    s = s.model_copy(update={"log": (start, trump)})
    s, _ = apply(s, Play(seat=2, cards="S4 S4"))
    s, _ = apply(s, Play(seat=3, cards="S6 S7"))
    assert s.turn == 0
    return s


def model_of(state, lang: str = "en") -> Model:
    cat = Catalogue(lang)
    m = Model(Prefs(cat, CardText(cat)), TableFacts(NAMES, 0, humans=[0]))
    m.take_seat(0, view_for(state, 0))
    return m


# (your hand, what you play, the verb)
CASES = [
    ("H6 H8 C3", "H6 H8", "discards"),  # the case: no trump pair
    ("H6 H6 C3", "H6 H6", "ruffs"),
    ("H6 C3 D4", "H6 C3", "discards"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("hand", "play", "verb"), CASES)
def test_a_trump_play_is_a_ruff_only_with_the_leads_shape(
    hand: str, play: str, verb: str, lang: str
) -> None:
    ctx = TrumpContext("2", parse_cards("H6")[0].suit)
    s = following(hand)
    m = model_of(s, lang)
    t = m.prefs.cat.t
    # the prompt offers to ruff only when the trumps make a pair
    prompt = m.requirement()
    spades = m.prefs.ct.suit_name(parse_cards("S4")[0].suit)
    key = "prompt.void" if verb == "ruffs" else "prompt.void_discard"
    assert prompt == t(key, suit=spades, n=2)
    s2, events = apply(s, Play(seat=0, cards=play))
    assert play_verb(s.rules, ctx, parse_cards("S4 S4"), parse_cards(play)) == verb
    # the log
    narr = Narrator(m.prefs.cat, m.prefs.ct, m.name, m.team_name, m.is_you)
    narr.sentence(Played(seat=2, cards=tuple(parse_cards("S4 S4")), lead=True), s.rules, ctx)
    said = narr.sentence(next(e for e in events if isinstance(e, Played)), s.rules, ctx)
    assert said == t(f"log.{verb}_you", cards=m.prefs.ct.cards(parse_cards(play)))
    # the table's trick and the review say the same verb
    m2 = model_of(s2, lang)
    seat_lines = [plain(line) for sp in Presenter().present(m2, 0.0).seats for line in sp.lines]
    me_line = plain(Presenter().present(m2, 0.0).me.left)
    shown = " ".join(
        [*seat_lines, me_line, *[plain(x) for x in Presenter().present(m2, 0.0).centre.lines]]
    )
    assert t(f"seat.{verb}") in shown or t(f"centre.{verb}") in shown
    r = Reviewer(review_for(s2, 0), s2.rules, m.prefs.cat, m.prefs.ct, m.name)
    trick = [plain(line) for line in r.props(len(r.r.tricks) - 1).trick]
    mine = next(line for line in trick if line.startswith(t("last.who", name=m.name(0))))
    assert mine.endswith(t(f"seat.{verb}")), mine
    if verb == "discards":
        wrong = t("seat.ruffs")
        assert not any(line.endswith(wrong) for line in trick)
    # `shengji replay`'s narrator: from the deal's full events (trump set first)
    trump = TrumpSet(level="2", trump_suit=ctx.trump_suit, seat=2, reason="declaration")
    lead = Played(seat=2, cards=tuple(parse_cards("S4 S4")), lead=True)
    text = narrate_game(s2.rules, NAMES, [trump, lead, *events], m.prefs.cat)
    ascii_cards = CardText(m.prefs.cat, True).cards(parse_cards(play))
    assert "  " + t(f"log.{verb}", name="You", cards=ascii_cards) in text, text
