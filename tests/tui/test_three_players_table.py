"""Three players at the table (docs/rules.md §12): the level cards the naming
shows are shown to everyone until the first lead; the three shown kitty cards
stay on view through the deal; from the fourth trick the lead prompt offers no
throw (the rules' `throw_allowed`, as the engine asks it); before the auction
the hand files as trumps the level cards of the seat's own level, not the
opener's."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.engine import DealAll, NameTrump, apply, new_game, view_for
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import auction_states as A
from . import states as S

NAMES = ["You", "Ana", "Mei"]


def model_of(state, seat: int = 0, lang: str = "en") -> Model:
    cat = Catalogue(lang)
    m = Model(Prefs(cat, CardText(cat)), TableFacts(NAMES, seat, humans=[seat]))
    m.take_seat(seat, view_for(state, seat))
    return m


def centre(m: Model) -> list[str]:
    return [plain(line) for line in Presenter().present(m, 0.0).centre.lines]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("suit", [rules.Suit.S, None])
def test_the_naming_is_shown_to_the_others_while_burying_and_overturning(
    suit: rules.Suit | None, lang: str
) -> None:
    s = A.won_by(A.dealt(A.THREE, 4), 1)
    s, _ = apply(s, NameTrump(seat=1, suit=suit))
    shown = s.standing.cards if s.standing is not None else ()
    for phase_state in (s, A.bury_cheap(s)):
        assert phase_state.phase in ("burying", "overturning")
        m = model_of(phase_state, 0, lang)
        t = m.prefs.cat.t
        lines = centre(m)
        if shown:
            want = t("auction.standing", name=m.name(1)) + " " + m.prefs.ct.cards(shown)
        else:
            want = t("auction.naming_shows_none", name=m.name(1))
        assert want in lines, (phase_state.phase, lines)
        kitty = m.prefs.ct.cards(m.sorted_cards(s.shown_kitty))
        assert any(line.endswith(kitty) for line in lines)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_shown_kitty_stays_on_view_while_the_tricks_are_played(lang: str) -> None:
    s = S.trick_state(A.THREE, played=1, min_trick=2)
    assert s.phase == "playing" and s.shown_kitty
    m = model_of(s, 0, lang)
    said = m.prefs.cat.t("auction.kitty_shown")
    kitty = m.prefs.ct.cards(m.sorted_cards(s.shown_kitty))
    assert any(line.startswith(said) and line.endswith(kitty) for line in centre(m))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_lead_prompt_offers_a_throw_only_while_the_rules_allow_one(lang: str) -> None:
    early = S.trick_state(A.THREE, played=0, min_trick=1)
    late = S.trick_state(A.THREE, played=0, min_trick=3)
    assert early.trick_no < 3 <= late.trick_no
    for s, ok in ((early, True), (late, False)):
        m = model_of(s, 0, lang)
        t = m.prefs.cat.t
        assert rules.throw_allowed(s.rules, s.trick_no, s.failed_throws).ok is ok
        want = t("centre.your_turn", what=t("prompt.lead" if ok else "prompt.lead_unit"))
        assert want in centre(m)
    # a throw picked late is refused before it is sent, with the rules' limit
    m = model_of(late, 0, lang)
    order = rules.compiled(late.rules, m.ctx)
    by_suit: dict[object, list[rules.Card]] = {}
    for c in m.facts.hand:
        by_suit.setdefault(order.suit(c), []).append(c)
    pair_or_more = next(
        cs for cs in by_suit.values() if len(rules.decompose(late.rules, m.ctx, cs)) > 1
    )
    m.select_cards(pair_or_more)
    chk = m.check()
    assert not chk.ok and chk.message == m.prefs.cat.t("check.throw_limit", n=3)


def test_before_the_auction_the_hand_files_its_own_level_as_trumps() -> None:
    base = new_game(A.THREE, 4)
    opener = base.first_seat
    levels = ["3", "3", "3"]
    levels[opener] = "5"
    mine = 1 if opener == 0 else 0
    levels[mine] = "7"
    s = base.model_copy(update={"levels": tuple(levels), "level": levels[opener]})
    s, _ = apply(s, DealAll())
    assert s.phase == "bidding" and s.dealer is None
    m = model_of(s, mine)
    assert m.ctx.level == "7"
    groups = Presenter().present(m, 0.0).hand.groups
    trumps = [m.facts.hand[hc.at] for g in groups if g.trump for hc in g.cards]
    sevens = [c for c in m.facts.hand if c.rank.value == "7"]
    fives = [c for c in m.facts.hand if c.rank.value == "5"]
    assert sevens and set(sevens) <= set(trumps)
    assert not set(fives) & set(trumps)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_lists_the_shown_kitty_sorted_as_the_centre_does(lang: str) -> None:
    from shengji_tui.engine import KittyShown
    from shengji_tui.text import Narrator

    state = new_game("three-player", 3)
    cat = Catalogue(lang)
    ct = CardText(cat)
    shown = tuple(rules.parse_cards("S6 D9 D6"))
    narr = Narrator(cat, ct, lambda s: f"seat {s}", lambda s: "", lambda s: s == 0)
    ctx = rules.TrumpContext(level=state.level, trump=None)
    said = narr.sentence(KittyShown(cards=shown), state.rules, ctx)
    in_order = rules.sort_hand(state.rules, ctx, list(shown))
    assert in_order != list(shown)  # (the case shows the order)
    assert said == cat.t("log.kitty_shown", cards=ct.cards(in_order))
