"""A team in the sentences of a deal's end (`text.team_name`, `text.team_said`):
one writing for the log (`Narrator`), the table's model (the result screen's
reader) and a review's reader, in English and Chinese."""

from __future__ import annotations

import pytest

from shengji_tui.engine import MatchOver
from shengji_tui.rules import RuleSet, TrumpContext
from shengji_tui.text import CardText, Catalogue, Narrator, team_name, team_said
from shengji_tui.tui.model import Model
from shengji_tui.tui.outcome import ReviewVoice
from shengji_tui.tui.records import Prefs, TableFacts

NAMES = ["Lin", "Ana", "Mei", "Ken", "Raj"]

# (language, the team's seats, the phrase)
PHRASES = [
    ("en", (1,), "Ana"),
    ("en", (1, 3), "Ana and Ken"),
    ("en", (1, 2, 4), "Ana, Mei, Raj"),
    ("zh", (1, 3), "Ana和Ken"),
    ("zh", (1, 2, 4), "Ana、Mei、Raj"),
]


@pytest.mark.parametrize(("lang", "seats", "phrase"), PHRASES)
def test_a_team_is_one_phrase(lang: str, seats: tuple[int, ...], phrase: str) -> None:
    assert team_name(Catalogue(lang), [NAMES[s] for s in seats]) == phrase


# (the team's seats, the reader's seat (-1: nobody), the English sentence)
MATCH_OVER = [
    ((1,), -1, "Ana wins the match at level A!"),
    ((1, 3), -1, "Ana and Ken win the match at level A!"),
    ((1,), 1, "You win the match at level A!"),
    ((0, 2), 0, "You and Mei win the match at level A!"),
]


@pytest.mark.parametrize(("seats", "reader", "said"), MATCH_OVER)
def test_the_log_the_result_and_the_review_say_a_team_alike(
    seats: tuple[int, ...], reader: int, said: str
) -> None:
    cat = Catalogue("en")
    ct = CardText(cat, True)
    end = MatchOver(winners=seats, level="A")
    rs, ctx = RuleSet.preset("find-friends-5"), TrumpContext("A", None)
    if reader >= 0:
        model = Model(Prefs(cat, ct), TableFacts(list(NAMES), reader, humans=[reader]))
        got = {
            model.team_said("end.match_over", seats, level="A"),
            model.narrator.sentence(end, rs, ctx),
        }
    else:
        review = ReviewVoice(cat, ct, lambda s: NAMES[s])
        narrator = Narrator(cat, ct, lambda s: NAMES[s], review.team_name)
        got = {
            review.team_said("end.match_over", seats, level="A"),
            narrator.sentence(end, rs, ctx),
        }
    you = "You" if reader >= 0 else None

    def name(seat: int) -> str:
        return you if you is not None and seat == reader else NAMES[seat]

    direct = team_said(
        cat,
        "end.match_over",
        seats,
        lambda ss: team_name(cat, [name(s) for s in ss]),
        lambda s: s == reader,
        level="A",
    )
    assert got == {said} and direct == said
