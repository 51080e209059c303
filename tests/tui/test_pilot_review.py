"""A deal's review through the app: from the deal's result (`r`) every hand as
dealt, the kitty, trick by trick (← → home end); while a deal is played (the
palette) only the seat's own hand; and `shengji replay ID --review`'s app
stepping through a stored game's deals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shengji_tui.engine import review_for
from shengji_tui.store import Store, game_record
from shengji_tui.tui.review.app import ReviewApp
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.result import DealResultScreen

from . import helpers as H
from .test_pilot_hotseat import Checker


def text_of(app) -> str:
    return " ".join(" ".join(Checker.painted(w)) for w in app.screen.query("*"))


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_result_opens_the_review_of_every_hand(lang: str) -> None:
    state = H.scored_state()
    app, _ = H.static_app(state, lang=lang)
    async with app.run_test(size=(100, 36)) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="result")
        await pilot.press("r")
        await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        review = review_for(state, 0)
        assert screen.reviews == [review] and all(h is not None for h in review.hands)
        t = app.cat.t
        text = text_of(app)
        for seat in range(4):
            assert t("last.who", name=app.model.name(seat)) in text
        assert t("review.hand_hidden") not in text
        assert t("review.trick", n=1, total=len(review.tricks)) in text
        await pilot.press("right")
        assert t("review.trick", n=2, total=len(review.tricks)) in text_of(app)
        await pilot.press("end")
        assert t("review.result") in text_of(app)
        await pilot.press("home")
        assert t("review.trick", n=1, total=len(review.tricks)) in text_of(app)
        await pilot.press("escape")
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="back")


async def test_a_review_while_playing_shows_only_the_seats_own_hand() -> None:
    state = H.following_state()
    app, _ = H.static_app(state)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await app.review_requested()
        await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
        await pilot.pause()
        text = text_of(app)
        assert text.count(app.cat.t("review.hand_hidden")) == 3
        # no card of another hand that seat 0 has no copy of is named
        review = review_for(state, 0)
        mine = set(review.hands[0] or ()) | set(state.kitty) | set(state.hands[0])
        played = {c for t in review.tricks for p in t.plays for c in p.cards}
        for s in (1, 2, 3):
            for c in set(state.hands[s]) - mine - played:
                assert f" {app.ct.card(c)} " not in f" {text} "


async def test_the_replay_review_app_steps_through_the_deals(
    tmp_path: Path, bots_only: Any
) -> None:
    from tests.store.test_store_record import finished_game

    tid = await finished_game(tmp_path, bots_only)
    with Store(tmp_path / "shengji.db") as store:
        record = game_record(store.load(tid))
    app = ReviewApp(record, lang="en", ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="review")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        total = len(record.deals)
        assert f"(deal 1 of {total})" in text_of(app)
        await pilot.press("right_square_bracket")
        assert screen.deal == 1 and f"(deal 2 of {total})" in text_of(app)
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert screen.deal == total - 1
        assert not any(ord(ch) > 127 for ch in text_of(app))  # (--ascii)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0
