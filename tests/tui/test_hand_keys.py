"""The shortcut keys' model actions and what the presenter shows of them, and
the pace of declaring's props, without Textual: plain pytest."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.engine import DealNext, Play, apply, new_game, view_for
from shengji_tui.text import CardText, Catalogue, local_name
from shengji_tui.tui import plays
from shengji_tui.tui.aids.auto_moves import Assist
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import Group, plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import comfort_states as C
from . import states as S


def model_of(state, seat: int = 0, lang: str = "en", humans=(0,)) -> Model:
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat, False)), TableFacts(list(S.NAMES), seat, humans=list(humans))
    )
    m.take_seat(seat, view_for(state, seat))
    return m


def keys(m: Model) -> dict[str, bool | None]:
    return dict(Presenter().present(m, 0.0).keys.states)


def centre(m: Model, lang_key: str = "") -> list[str]:
    return [plain(line) for line in Presenter().present(m, 0.0).centre.lines]


def suits(m: Model) -> list[str]:
    assert m.facts.view is not None
    return [rules.effective_suit(m.rs, m.ctx, c) for c in m.facts.hand]


# ---------------------------------------------------------------- moving


def test_up_down_home_end_jump_between_suits() -> None:
    m = model_of(C.find_follow(C.single_follow))
    runs = plays.suit_runs(m.rs, m.ctx, m.facts.hand)
    assert len(runs) >= 3
    m.cursor.at = runs[0][0] + (1 if runs[0][1] > runs[0][0] else 0)
    m.jump(1)
    assert m.cursor.at == runs[1][0]
    m.jump(-1)
    assert m.cursor.at == runs[0][0]
    m.jump(-1)  # round to the last suit (the trumps)
    assert m.cursor.at == runs[-1][0]
    m.suit_edge(True)
    assert m.cursor.at == runs[-1][1] == len(m.facts.hand) - 1
    m.cursor.at = runs[1][0]
    m.suit_edge(True)
    assert m.cursor.at == runs[1][1]
    m.suit_edge(False)
    assert m.cursor.at == runs[1][0]
    m.suit_edge(False)  # at the suit's first card already: the hand's
    assert m.cursor.at == 0
    # every card of a run is of one suit, the next run another
    s = suits(m)
    for a, b in runs:
        assert len(set(s[a : b + 1])) == 1
    assert all(s[a] != s[b + 1] for a, b in runs[:-1])


def test_the_cursor_starts_on_the_led_suit() -> None:
    state = C.find_follow(C.single_follow)
    m = model_of(state)
    assert suits(m)[m.cursor.at] == C.led_suit(state)
    assert m.cursor.at == suits(m).index(C.led_suit(state))
    # void: the cursor stays where it was
    void = model_of(C.find_follow(C.void_follow))
    assert 0 <= void.cursor.at < len(void.facts.hand)


# ---------------------------------------------------------------- picking


def test_digits_pick_the_nth_legal_play_listed_in_the_centre() -> None:
    state = C.find_follow(C.single_follow)
    m = model_of(state)
    legal = [tuple(rules.sort_hand(m.rs, m.ctx, p)) for p in C.follows(state)]
    listed = m.listed_plays()
    assert 1 < len(listed) <= plays.PLAYS_SHOWN
    assert sorted(listed) == sorted(legal)  # every legal play, each once
    order = [m.facts.hand.index(p[0]) for p in listed]
    assert order == sorted(order)  # in the hand's order
    line = next(line for line in centre(m) if line.startswith("Plays:"))
    assert line.startswith("Plays: [1] " + m.prefs.ct.card(listed[0][0]))
    assert f"[{len(listed)}]" in line
    assert centre(m)[-1] == m.prefs.cat.t("check.pick_listed", k=len(listed))
    assert keys(m)["number"] is True
    assert m.pick_play(2)
    assert m.selection() == list(listed[1])
    assert m.check().ok
    assert not m.pick_play(len(listed) + 1)  # no such play: nothing changes
    assert m.selection() == list(listed[1])


def test_a_selects_the_pair_of_the_leads_shape_and_unselects_it() -> None:
    state = C.find_follow(C.pair_follow)
    m = model_of(state)
    held = C.held_of(state, C.led_suit(state))
    pair_card = next(c for c in sorted(set(held), key=m.facts.hand.index) if held.count(c) >= 2)
    m.cursor.at = m.facts.hand.index(pair_card)
    m.toggle_unit()
    assert m.selection() == [pair_card, pair_card]
    assert m.check().ok
    m.toggle_unit()
    assert m.selection() == []
    # on a single card of the suit (not in a pair): the legal play holding it
    singles = [c for c in held if held.count(c) == 1]
    if singles:
        m.cursor.at = m.facts.hand.index(singles[0])
        m.toggle_unit()
        assert singles[0] in m.selection()


def test_a_selects_a_tractor_when_leading() -> None:
    rs = rules.RuleSet.preset("classic")
    ctx = rules.TrumpContext("2", rules.Suit("S"))
    hand = rules.sort_hand(rs, ctx, rules.parse_cards("H7 H7 H8 H8 H9 HK DA D3 D3"))
    at = hand.index(rules.parse_card("H8"))
    unit = [hand[i] for i in plays.unit_at(rs, ctx, hand, at)]
    assert Counter(unit) == Counter(rules.parse_cards("H7 H7 H8 H8"))
    pair = [hand[i] for i in plays.unit_at(rs, ctx, hand, hand.index(rules.parse_card("D3")))]
    assert pair == rules.parse_cards("D3 D3")
    alone = plays.unit_at(rs, ctx, hand, hand.index(rules.parse_card("HK")))
    assert [hand[i] for i in alone] == [rules.parse_card("HK")]


def test_enter_alone_plays_the_only_legal_follow() -> None:
    state = C.find_follow(C.forced_follow)
    m = model_of(state)
    only = m.only_play()
    assert only is not None and list(only) == C.follows(state)[0]
    assert not m.selection()
    chk = m.check()
    assert chk.ok and chk.message == m.prefs.cat.t("check.only_play", cards=m.prefs.ct.cards(only))
    assert keys(m)["confirm"] is True
    assert m.pending_command() == Play(seat=0, cards=only)
    assert m.listed_plays() == []  # (one play: nothing to pick)
    # the option plays it for you, once for this moment
    assist = Assist()
    assert assist.forced_play(m) == Play(seat=0, cards=only)
    assert assist.forced_play(m) is None


# ---------------------------------------------------------------- words


def test_the_prompt_of_a_void_and_of_one_card() -> None:
    state = C.find_follow(C.void_follow)
    m = model_of(state)
    n = len(state.trick[0].cards)
    led = C.led_suit(state)
    said = m.requirement()
    if led == "T":
        assert said.startswith("you have no trumps")
    else:
        assert said.startswith("you have no ") and "can ruff" in said
    assert "card(s)" not in said
    single = model_of(C.find_follow(C.single_follow))
    assert "with 1 card —" in single.requirement()
    assert n >= 1
    zh = model_of(C.find_follow(C.single_follow), lang="zh")
    assert "1 张" in zh.requirement()
    cat = Catalogue("en")
    assert cat.t("seat.cards", n=1) == "1 card" and cat.t("seat.cards", n=2) == "2 cards"


def test_a_throw_is_named_once() -> None:
    state, throw = S.failing_throw_state()
    m = model_of(state)
    m.select_cards(throw)
    said = m.check().message
    assert said.startswith("A throw of ") and "a throw:" not in said


def test_the_last_tricks_sentence_and_brackets_in_chinese() -> None:
    m = model_of(S.following_state(), lang="zh")
    lines = centre(m)
    last = next(line for line in lines if line.startswith("上一轮："))
    assert "赢了，得" in last and "分，用" not in last  # the cards inside the sentence
    dealing = model_of(S.dealing_state(), lang="zh")
    p = Presenter().present(dealing, 0.0)
    chips = [plain(g) for line in p.declare.lines for g in line.pieces if isinstance(g, Group)]
    options = [c for c in chips if c[:1] in "【["]  # (the others: key hints, "d 亮主")
    assert options and all(c.startswith("【") for c in options)
    assert not any("[" in c or "(" in c for c in chips)


def test_the_tables_own_names_follow_the_language() -> None:
    zh, en = Catalogue("zh"), Catalogue("en")
    assert local_name(zh, "Mei", bot=True) == "小梅"
    assert local_name(en, "小梅", bot=True) == "Mei"
    assert local_name(zh, "Player 2", bot=False) == "玩家2"
    assert local_name(zh, "Mei", bot=False) == "Mei"  # a person's own name stays
    assert local_name(zh, "Bob", bot=True) == "Bob"


# ---------------------------------------------------------------- declaring


def test_the_hold_key_where_every_human_plays_here() -> None:
    m = model_of(S.dealing_state())
    k = keys(m)
    assert k["hold_deal"] is True and k["deal_step"] is False
    said = centre(m)
    assert said[0].startswith("Dealing: ") and m.prefs.cat.t("centre.dealt") not in said
    assert m.prefs.cat.t("pace.held") not in said
    m.set_held(True)
    p = Presenter().present(m, 0.0)
    assert dict(p.keys.states)["deal_step"] is True and p.keys.hold == "pace.go_on_key"
    said = [plain(line) for line in p.centre.lines]
    assert m.prefs.cat.t("pace.held") in said and m.prefs.cat.t("centre.dealt") not in said
    # held after the last card: the countdown stops, the declarations stay open
    state = S.dealing_state()
    while state.phase == "dealing":
        state, _ = apply(state, DealNext())
    closing = model_of(state)
    closing.facts.declare_deadline = 10.0
    closing.set_held(True)
    said = [plain(line) for line in Presenter().present(closing, 7.0).centre.lines]
    assert said[:2] == [
        closing.prefs.cat.t("centre.dealt"),
        closing.prefs.cat.t("pace.held_closing"),
    ]
    # over SSH with another human at the table: the table's pace, no hold
    ssh = model_of(S.dealing_state())
    ssh.facts.table_humans = 2
    assert keys(ssh)["hold_deal"] is False and not ssh.can_step()
    # hotseat: both humans at this keyboard
    hot = model_of(S.dealing_state(), humans=(0, 2))
    hot.facts.table_humans = 2
    assert keys(hot)["hold_deal"] is True
    assert keys(model_of(S.following_state()))["hold_deal"] is False


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_why_there_is_nothing_to_declare(lang: str) -> None:
    cat = Catalogue(lang)
    playing = model_of(S.following_state(), lang=lang)
    assert Presenter.why_no_declaration(playing) == cat.t("pace.not_now")
    state = new_game("classic", 1)
    state, _ = apply(state, DealNext())
    early = model_of(state, lang=lang)
    if not early.declare_options():
        assert Presenter.why_no_declaration(early) == cat.t("declare.cannot", level="2")
    auction = model_of(new_game("eighty-points", 1), lang=lang)
    assert Presenter.why_no_declaration(auction) == cat.t("pace.auction")


def test_auto_declare_asks_the_normal_bots_judgement_once() -> None:
    from shengji_tui.bots import BotSpec

    state = new_game("classic", 3)
    judge = BotSpec(level="normal", seed=0, name="judge").make()
    assist = Assist()
    made = None
    while state.phase == "dealing":
        view = view_for(state, 0)
        want = judge.decide(view)
        made = assist.declaration(view)
        assert (made is None) is (want is None)
        if made is not None:
            assert made.cards == want.cards  # type: ignore[union-attr]
            assert assist.declaration(view) is None  # once for this moment
            break
        state, _ = apply(state, DealNext())
    assert made is not None, "seed 3: the judge declares during the deal"


def test_kitty_theft_the_centre_and_your_flag_name_the_same_seat() -> None:
    """Four decks: as the turn to steal goes round, every seat's screen names the
    seat whose turn it is, in the centre, in its panel and in your own flag."""
    from shengji_tui.engine import PassSteal, events_for

    state = S.theft_state()
    models = [model_of(state, seat) for seat in range(4)]
    for _ in range(3):
        if state.phase != "kitty_theft":
            break
        turn = state.theft_turn
        for seat, m in enumerate(models):
            p = Presenter().present(m, 0.0)
            said = [plain(line) for line in p.centre.lines]
            flag = plain(p.me.flag) if p.me.flag is not None else ""
            if seat == turn:
                assert flag.endswith(m.prefs.cat.t("seat.your_steal"))
                assert said[0] == m.prefs.cat.t("centre.your_theft")
            else:
                assert not flag
                assert said[0] == m.prefs.cat.t("centre.theft", name=m.name(turn))  # type: ignore[arg-type]
                panel = next(sp for sp in p.seats if sp.seat == turn)
                assert plain(panel.lines[0]).startswith("▶ ")
        assert turn is not None
        state, events = apply(state, PassSteal(seat=turn))
        for seat, m in enumerate(models):
            m.apply(view_for(state, seat), events_for(events, seat, state))
