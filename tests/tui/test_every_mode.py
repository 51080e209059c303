"""What each mode's screens say beside the rules, a state in and the wrong
text never out, in English and Chinese: `?` on the deal's result and the
match's end opens the help; eighty points' seat panels give each seat's match
points (its level is always 2); the status line names the game each preset
plays; the `+` mark is explained wherever the hand shows it; take-back says
that the player replays knowing the cards played since, where it is offered
(the command palette and the help)."""

from __future__ import annotations

import pytest
from textual.widgets import Label

from shengji_tui import rules
from shengji_tui.engine import SUPPORTED, GameState, NextDeal, apply, view_for
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.help.widget import HelpText
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import GLYPHS, Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.widgets import StatusBar

from . import auction_states as A
from . import fit
from . import helpers as H
from .walk_states import PRESETS, deal_moments, match_end

NAMES = ["Lin", "Ana", "Mei", "Ken", "Raj", "Zoe"]
LANGS = ("en", "zh")


def model_of(state: GameState, seat: int, lang: str) -> Model:
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat)), TableFacts(NAMES[: state.rules.players], seat, humans=[seat])
    )
    m.take_seat(seat, view_for(state, seat))
    return m


def result_state(preset: str) -> GameState:
    return next(mo.state for mo in deal_moments(preset) if mo.name == "result")


# ------------------------------------------------------------ ? on the result
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["classic", "find-friends-5", "eighty-points", "three-player"])
async def test_question_mark_on_the_result_opens_the_help(preset: str, lang: str) -> None:
    """The deal's result and the match's end offer `?` in their footer: it opens
    the help in the player's language, and esc comes back to the result."""
    for state in (result_state(preset), match_end(preset).state):
        await _help_from_the_result(state, lang)


async def _help_from_the_result(state: GameState, lang: str) -> None:
    app, _ = H.static_app(state, lang=lang)
    t = app.cat.t
    async with app.run_test(size=(80, 24)) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen))
        await fit.settle(pilot, app)
        assert "question_mark" in fit.footer_keys(app)
        await pilot.press("question_mark")
        await H.wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help")
        title = app.screen.query_one(".dialog-title", Label)
        assert str(title.render()) == t("help.title")
        assert app.screen.query_one(HelpText).display
        await pilot.press("escape")
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen))


# ------------------------------------------------------------ eighty points' panels
def eighty_second_deal() -> GameState:
    """Eighty points, deal 2 under way: the first deal's settlement moved the
    match points (every seat still at level 2)."""
    state = A.scored_state(A.EIGHTY, 3)
    assert any(state.match_scores)
    while state.phase == "scoring":
        state, _ = apply(state, NextDeal(seat=state.awaiting() or 0))
    assert state.deal_no == 1 and any(state.match_scores)
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_eighty_points_seats_show_their_match_points_not_a_level(lang: str) -> None:
    state = eighty_second_deal()
    for seat in range(state.rules.players):
        m = model_of(state, seat, lang)
        t = m.prefs.cat.t
        lvl = t("seat.level", level="2")
        p = Presenter().present(m, 0.0)
        for panel in p.seats:
            n = state.match_scores[panel.seat]
            score = t("auction.seat_score", n=f"+{n}" if n > 0 else str(n))
            for form in (panel.lines, *panel.narrow):
                said = " ".join(plain(line) for line in form)
                assert lvl not in said, said
            assert score in " ".join(plain(line) for line in panel.lines)
        mine = state.match_scores[seat]
        own = plain(p.me.left)
        assert lvl not in own
        assert t("auction.seat_score", n=f"+{mine}" if mine > 0 else str(mine)) in own


# ------------------------------------------------------------ the game named
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", SUPPORTED)
def test_the_title_names_the_game_of_the_preset(preset: str, lang: str) -> None:
    """Each preset its own name ("Shengji · Eighty points (80分)", "升级 · 找朋友 ·
    五人"), never the bare app title (a rules file of its own: the app title)."""
    state = deal_moments(preset)[0].state
    m = model_of(state, 0, lang)
    t = m.prefs.cat.t
    title = Presenter().status(m).title
    assert title == t("game.title", game=t(f"game.{preset}"))
    if preset != "classic":  # (classic is the tractor the app is named after)
        assert title != t("app.title")
    others = {t(f"game.{p}") for p in SUPPORTED if p != preset}
    assert t(f"game.{preset}") not in others  # (two presets never share a name)


async def test_the_status_line_shows_the_game_where_it_fits() -> None:
    state = A.scored_state(A.EIGHTY, 3)
    app, _ = H.static_app(state)
    async with app.run_test(size=(120, 40)) as pilot:
        await H.wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen))
        await pilot.press("escape")
        await fit.settle(pilot, app)
        top = fit.painted(app.screen.query_one(StatusBar))[0]
        assert top.strip().startswith("Shengji · Eighty points (80分) · "), top


# ------------------------------------------------------------ the + mark
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", PRESETS)
def test_the_plus_mark_is_explained_where_the_hand_shows_it(preset: str, lang: str) -> None:
    """Whenever seat 0's hand marks a card `+` (the card just dealt, the kitty's
    cards while burying), the centre says what the mark means."""
    cat = Catalogue(lang)
    t = cat.t
    marked = 0
    for mo in deal_moments(preset):
        m = model_of(mo.state, 0, lang)
        for compact in (False, True):
            m.prefs.compact = compact
            p = Presenter().present(m, 0.0)
            if GLYPHS["new"] not in p.hand.marks:
                continue
            marked += 1
            centre = [plain(line) for line in p.centre.lines]
            said = t("centre.you_got_mark").strip()
            bury = t("centre.bury_title_marked", k=m.bury_count())
            assert any(said in line for line in centre) or bury in centre, (mo.name, centre)
    assert marked, f"{preset}: the hand never showed a + mark"


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_explains_the_plus_mark_both_ways(lang: str) -> None:
    from shengji_tui.tui.help.markdown import help_markdown
    from shengji_tui.tui.seating import Solo

    m = model_of(result_state("classic"), 0, lang)
    marks = m.prefs.cat.t("help.marks")
    assert marks in help_markdown(m, Solo(0).offers(1))
    if lang == "en":
        assert "+ the card just dealt to you" in marks and "taken from the kitty" in marks
    else:
        assert "刚摸到的牌" in marks and "底牌" in marks


# ------------------------------------------------------------ take-back
KNOWING = {"en": "knowing the cards", "zh": "已知道"}


@pytest.mark.parametrize("lang", LANGS)
async def test_take_back_says_the_player_replays_knowing_the_cards(lang: str) -> None:
    """Where `u` is offered (the command palette, the help), it says that the
    player replays knowing the cards the bots played since."""
    from shengji_tui.tui.help.markdown import help_markdown

    state = next(mo.state for mo in deal_moments("classic") if mo.name == "follow")
    app, _ = H.static_app(state, lang=lang)
    t = app.cat.t
    async with app.run_test(size=(80, 24)) as pilot:
        await fit.settle(pilot, app)
        assert app.take_back_refusal() is None
        commands = app.get_system_commands(app.screen)
        offered = [c for c in commands if c.title == t("takeback.palette")]
        assert len(offered) == 1
        assert KNOWING[lang] in offered[0].help
        model = app.model
        assert model is not None
        assert t("takeback.help") in help_markdown(model, app.seating.offers(1))
        assert KNOWING[lang] in t("takeback.help")


def test_the_counter_sorts_copies_together() -> None:
    """The card counter groups copies: 2♠ 2♠ 2♦ 2♦, never 2♠ 2♦ 2♠ 2♦ (the
    off-suit level cards are of one strength)."""
    from shengji_tui.tui.aids.count import count_cards

    for preset in ("classic", "three-deck", "six-player"):
        state = deal_moments(preset)[0].state  # (dealing: most cards still out)
        v = view_for(state, 0)
        ctx = rules.TrumpContext(state.level, state.trump_suit)
        for suit in count_cards(v, ctx).suits:
            cards = list(suit.out)
            for c in set(cards):
                where = [i for i, x in enumerate(cards) if x == c]
                assert where == list(range(where[0], where[0] + len(where))), (preset, cards)


# ------------------------------------------------------------ key hints in the centre
KEY_HINTS = (
    "centre.bury_keys",
    "declare.keys",
    "auction.overturn_keys",
    "auction.overturn_pass_key",
)


@pytest.mark.parametrize("lang", LANGS)
def test_a_key_hint_keeps_each_key_with_its_word(lang: str) -> None:
    """A key hint on a narrow centre ("enter bury · s hint") breaks between two
    keys, never between a key and its word ("s" at a row's end, "hint" below)."""
    from rich.cells import cell_len

    from shengji_tui.tui.variants.auction.presenter import KEY_SEP, key_hint

    m = model_of(result_state("classic"), 0, lang)
    t = m.prefs.cat.t
    for key in KEY_HINTS:
        parts = t(key).split(KEY_SEP)
        for width in range(max(cell_len(p) for p in parts) + 2, 64):
            m.prefs.centre_room = (width, 20)
            rows = plain(key_hint(m, t(key))).split("\n")
            assert all(cell_len(row) <= width for row in rows), (width, rows)
            for part in parts:
                assert any(part in row for row in rows), (width, part, rows)


@pytest.mark.parametrize(
    ("hint", "width", "rows"),
    [
        ("a · b · c", 9, ["a · b · c"]),
        ("a · b · c", 8, ["a · b ·", "c"]),
        (
            "←→ move · n copy · enter call · esc back",
            20,
            ["←→ move · n copy ·", "enter call ·", "esc back"],
        ),
        (
            "enter: next deal · t: last trick\nr: review",
            40,
            ["enter: next deal · t: last trick", "r: review"],
        ),
        ("a very long key · b", 4, ["a very long key ·", "b"]),  # (too wide: left to wrap)
    ],
)
def test_pack_hint_breaks_between_keys(hint: str, width: int, rows: list[str]) -> None:
    from shengji_tui.tui.widgets import pack_hint

    assert pack_hint(hint, width).split("\n") == rows
