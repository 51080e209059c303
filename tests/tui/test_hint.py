"""The suggestion key (s) asks the best bot (bots.Advisor) and says why in one
line, in the player's language, while the suggested cards are selected."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui.bots import Advisor
from shengji_tui.engine import view_for
from shengji_tui.text import CardText, Catalogue, eff_suit_name
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import states as S


def model_of(state, lang: str = "en", budget: float = 0.0) -> Model:  # type: ignore[no-untyped-def]
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat, False), hint_budget_ms=budget),
        TableFacts(list(S.NAMES), 0, humans=[0]),
    )
    m.take_seat(0, view_for(state, 0))
    return m


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("make", [S.burying_state, S.following_state])
def test_the_hint_is_the_advisers_move_with_its_reason(lang: str, make) -> None:  # type: ignore[no-untyped-def]
    state = make()
    m = model_of(state, lang)
    assert m.suggest_selection()
    advice = Advisor(0.0, seed=0).advise(view_for(state, 0))
    assert advice is not None
    assert Counter(m.selection()) == Counter(advice.cards)
    args = dict(advice.args)
    if "suit_of" in args:  # the suit a bury empties, named in the player's language
        args["suit"] = eff_suit_name(m.prefs.cat, m.prefs.ct, m.rs, m.ctx, args.pop("suit_of"))
    assert m.cursor.hint == m.prefs.cat.t("hint." + advice.reason, **args)
    shown = [plain(line) for line in Presenter().present(m, 0.0).centre.lines]
    assert any(m.cursor.hint in line for line in shown), shown
    # another selection: the reason goes
    m.clear()
    assert not any(
        m.cursor.hint in plain(line) for line in Presenter().present(m, 0.0).centre.lines
    )


def test_the_hint_searches_with_the_hard_bot_at_a_budget() -> None:
    state = S.following_state()
    m = model_of(state, budget=40.0)
    assert m.suggest_selection()
    advisor = m._advisors[0]
    assert advisor.hard is not None


@pytest.mark.hint_search
async def test_the_apps_hint_key_asks_the_hard_bot() -> None:
    """Through the app, at the app's own budget: s selects the hard bot's move
    and the centre says why."""
    from .helpers import static_app

    app, _ = static_app(S.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        m = app.model
        assert m is not None and m.selection() and m.cursor.hint
        advisor = m._advisors[0]
        assert advisor.hard is not None and advisor.budget_ms == ShengjiApp.hint_budget_ms > 0
        advice = advisor.advise(m.facts.view)  # (the same position: the same advice)
        assert advice is not None and advice.level == "hard"
        assert Counter(m.selection()) == Counter(advice.cards)
