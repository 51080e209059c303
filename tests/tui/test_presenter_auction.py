"""The auction presets' props without Textual (eighty points, three players): the
bidding panel, naming trump, three players' overturn window and shown kitty,
the status bar, the score line and the deal's result. Plain pytest."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from shengji_tui import bots, rules
from shengji_tui.engine import (
    Bid,
    Declared,
    KittyShown,
    NameTrump,
    PassBid,
    PassSteal,
    Played,
    SeatView,
    ThrowFailed,
    TrumpNamed,
    apply,
    events_for,
    new_game,
    view_for,
)
from shengji_tui.rules import Settlement
from shengji_tui.table.plan import plan
from shengji_tui.table.views import spectator_view
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import Group, Line, Piece, TableProps, Words, plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import auction_states as A
from . import states as S
from .test_presenter import chips_of, model_of, texts


def auction_keys(p: TableProps) -> dict[str, bool | None]:
    return dict(p.auction.keys)


# ---------------------------------------------------------------- bidding


def test_the_bidding_panel_on_your_call() -> None:
    state = A.bidding_state(A.EIGHTY, 3)
    m = model_of(state)
    v = m.facts.view
    assert v is not None and v.auction is not None
    p = Presenter().present(m, 0.0)
    assert p.auction.shown and "rise from 70" in p.auction.title
    lines = texts(p.auction.lines)
    # every seat's call: the opener (seat 3, Ken) bid 70; it is your call
    assert lines[0].startswith("Calls: Ken 70 · ▶ You")
    assert "Your call: above 70." in lines
    values = rules.bid_options(v.rules, v.auction, 0)
    assert list(values[:5]) == [75, 80, 85, 90, 95] and m.bid_values() == values
    assert "[1] 75 [2] 80 [3] 85 [4] 90 [5] 95" in lines
    assert any(line.startswith("⏎ bid 75") for line in lines)
    # the estimate: the bots' best choice, rounded to a bid step
    worth = bots.best_worth(v.rules, bots.hand_worth(v.rules, "2", [*v.hand]))
    pts = int(round(worth.points / 5) * 5)
    assert (
        f"Your hand: about {pts} points as dealer with {m.prefs.ct.suit(worth.suit)} trump."
        in lines
    )
    # your call: the visible keys work, the digits too; the table's turn keys are off
    k = auction_keys(p)
    assert k == {
        "auction_move": True,
        "auction_bid": True,
        "auction_name": False,
        "auction_pass": True,
        "auction_option": True,
    }
    table_keys = dict(p.keys.states)
    assert table_keys["move"] is False and table_keys["confirm"] is False
    assert table_keys["pass_steal"] is False and table_keys["number"] is False
    # the flag and the seats: Ken's bid on its panel
    assert p.me.flag is not None and plain(p.me.flag).endswith("YOUR CALL")
    ken = next(sp for sp in p.seats if sp.seat == 3)
    assert "bid 70" in plain(ken.lines[-1])
    assert p.centre.lines == ()  # (the panel takes the centre's place)


def test_choosing_a_bid_and_the_commands() -> None:
    m = model_of(A.bidding_state(A.EIGHTY, 3))
    assert m.bid_command() == Bid(seat=0, points=75)
    m.pick_auction_choice(1)
    m.pick_auction_choice(1)
    assert m.chosen_bid() == 85 and m.bid_command() == Bid(seat=0, points=85)
    assert m.bid_command(3) == Bid(seat=0, points=90)  # the digit 4
    assert m.bid_command(99) is None
    assert m.pass_command() == PassBid(seat=0)
    m.pick_auction_choice(-5)  # never past the nearest bid
    assert m.chosen_bid() == 75
    for _ in range(40):  # nor past the highest
        m.pick_auction_choice(1)
    assert m.chosen_bid() == 200
    p = Presenter().present(m, 0.0)
    assert "[1] 75 [2] 80 [3] 85 [4] 90 … 200" in texts(p.auction.lines)


def test_the_highlighted_bid_follows_the_auction() -> None:
    """The highlight stays on its value while it is allowed, else goes to the
    nearest allowed one."""
    state = A.bidding_state(A.EIGHTY, 3)
    m = model_of(state)
    m.pick_auction_choice(1)  # 80
    state, events = apply(state, Bid(seat=0, points=80))
    state, events = apply(state, Bid(seat=1, points=95))
    m.apply(view_for(state, 0), events_for(events, 0, state))
    assert m.facts.view is not None and m.facts.view.awaiting == 2
    assert list(m.bid_values()) == list(range(100, 201, 5))
    assert m.chosen_bid() == 100  # (80 is gone: the nearest allowed)


def test_waiting_for_another_seats_call() -> None:
    state = A.bidding_state(A.EIGHTY, 3)
    state, _ = apply(state, Bid(seat=0, points=80))
    m = model_of(state)
    p = Presenter().present(m, 0.0)
    lines = texts(p.auction.lines)
    assert "Waiting for Ana's call…" in lines
    assert any(line.startswith("The highest bidder deals alone") for line in lines)
    assert not any(line.startswith("[1]") for line in lines)
    k = auction_keys(p)
    # greyed while Ana calls; a digit still makes a bid (the engine refuses it)
    assert k["auction_bid"] is None and k["auction_pass"] is None and k["auction_move"] is None
    assert k["auction_option"] is True
    assert m.bid_command(0) == Bid(seat=0, points=85)
    with pytest.raises(rules_error()) as refused:
        apply(state, m.bid_command(0))  # type: ignore[arg-type]
    assert "turn to bid" in refused.value.sentence
    assert p.me.flag is None


def test_after_passing_the_panel_says_so() -> None:
    state = A.bidding_state(A.EIGHTY, 3)
    state, _ = apply(state, PassBid(seat=0))
    p = Presenter().present(model_of(state), 0.0)
    assert "You passed (a pass is final)." in texts(p.auction.lines)
    me_call = [plain(x) for x in p.me.left.pieces]
    assert "pass" in me_call


def test_the_estimate_can_be_hidden() -> None:
    m = model_of(A.bidding_state(A.EIGHTY, 3))
    shown = texts(Presenter().present(m, 0.0).auction.lines)
    m.set_estimate(False)
    hidden = texts(Presenter().present(m, 0.0).auction.lines)
    assert any(line.startswith("Your hand:") for line in shown)
    assert not any(line.startswith("Your hand:") for line in hidden)
    assert len(hidden) == len(shown) - 1


def test_three_players_fall_and_show_the_kitty() -> None:
    state = A.bidding_state(A.THREE, 5)
    m = model_of(state)
    v = m.facts.view
    assert v is not None and len(v.shown_kitty) == 3
    p = Presenter().present(m, 0.0)
    assert "fall from 150" in p.auction.title
    lines = texts(p.auction.lines)
    values = m.bid_values()
    standing = [c.points for c in v.bids if c.points is not None]
    assert values[0] == (standing[-1] - 5 if standing else 150)  # below the standing bid
    assert list(values) == sorted(values, reverse=True)
    held = [*v.hand, *v.shown_kitty]  # (the shown kitty cards go to the dealer)
    worth = bots.best_worth(v.rules, bots.hand_worth(v.rules, v.levels[0], held))
    pts = int(round(worth.points / 5) * 5)
    assert any(f"you would concede about {pts} points" in line for line in lines)
    kitty = [line for line in p.auction.lines if plain(line).startswith("Kitty shown:")]
    assert len(kitty) == 1
    assert chips_of(kitty[0]) == [m.prefs.ct.card(c) for c in m.sorted_cards(v.shown_kitty)]
    # the status bar: every seat's own level, no deal level before the auction is won
    status = [plain(x) for x in p.status.parts]
    assert status[0] == "trump: to name"
    assert "levels You 2 Ana 2 Mei 2" in status and not any(x.startswith("level ") for x in status)


# ---------------------------------------------------------------- naming trump


@pytest.mark.parametrize(("preset", "seed", "choices"), [(A.EIGHTY, 3, 4), (A.THREE, 5, 5)])
def test_naming_trump(preset: str, seed: int, choices: int) -> None:
    state = A.naming_state(preset, seed)
    m = model_of(state)
    v = m.facts.view
    assert v is not None
    p = Presenter().present(m, 0.0)
    assert p.auction.shown and p.auction.title == "Name trump"
    lines = texts(p.auction.lines)
    assert lines[0] == f"You deal at {v.bid}: name trump."
    cards = [*v.hand, *v.shown_kitty]
    counts = [
        sum(rules.is_trump(v.rules, rules.TrumpContext(v.level, s), c) for c in cards)
        for s in m.trump_choices()
    ]
    assert len(counts) == choices and m.trump_counts() == counts
    row = " ".join(lines[2:4]) if choices > 4 else lines[2]
    for i, (suit, n) in enumerate(zip(m.trump_choices(), counts, strict=True)):
        assert f"[{i + 1}] {m.prefs.ct.suit(suit)} {n}" in row
    # the highlight starts on the choice making most trumps; ←→ go round
    best = counts.index(max(counts))
    assert m.trump_index() == best
    assert m.naming_command() == NameTrump(seat=0, suit=m.trump_choices()[best])
    for _ in range(choices):
        m.pick_auction_choice(1)
    assert m.trump_index() == best
    m.pick_auction_choice(-1)
    assert m.trump_index() == (best - 1) % choices
    assert m.naming_command(choices - 1) == NameTrump(seat=0, suit=m.trump_choices()[-1])
    assert m.naming_command(choices) is None
    k = auction_keys(Presenter().present(m, 0.0))
    assert k["auction_name"] is True and k["auction_bid"] is False and k["auction_pass"] is False
    if preset == A.EIGHTY:
        assert "No-trump may not be named (不能是无主)." in lines
        assert None not in m.trump_choices()


def test_another_seat_names_trump() -> None:
    state = A.won_by(A.dealt(A.EIGHTY, 3), 2)
    m = model_of(state)
    p = Presenter().present(m, 0.0)
    lines = texts(p.auction.lines)
    assert lines[0].startswith("Mei won the auction at ")
    k = auction_keys(p)
    assert k["auction_name"] is None and k["auction_option"] is True
    mei = next(sp for sp in p.seats if sp.seat == 2)
    assert "won at" in plain(mei.lines[-1])
    status = [plain(x) for x in p.status.parts]
    assert any(x.startswith("Mei bid ") for x in status)


# ---------------------------------------------------------------- three players' overturn


def test_the_overturn_window() -> None:
    state = A.overturn_state()
    m = model_of(state)
    v = m.facts.view
    assert v is not None
    standing = v.standing.cards if v.standing is not None else ()
    opts = rules.overturn_options(v.rules, v.level, v.hand, standing, v.trump_suit)
    assert m.declare_options() == opts
    p = Presenter().present(m, 0.0)
    assert not p.auction.shown and p.declare.shown
    decl = texts(p.declare.lines)
    assert decl[0].startswith("You can overturn: [1] ")
    assert decl[-1] == "d overturn · ←→ choose · 1-9 · p pass"
    k = dict(p.keys.states)
    assert k["declare"] is True and k["number"] is True and k["pass_steal"] is True
    assert k["move"] is True
    centre = texts(p.centre.lines)
    assert centre[0].startswith("Dealer Ana at ")
    assert any(line.startswith("You may overturn (反牌)") for line in centre)
    assert any(line.startswith("Kitty shown:") for line in centre)
    assert p.me.flag is not None and "OVERTURN OR PASS" in plain(p.me.flag)
    # ←→ move the highlighted overturn, not the hand's cursor
    m.move(1)
    assert m.cursor.decl_index == (1 if len(opts) > 1 else 0) and m.cursor.at == 0


# ---------------------------------------------------------------- the deal's end


def test_eighty_points_result_and_status() -> None:
    state = A.scored_state(A.EIGHTY, 3)
    m = model_of(state)
    v = m.facts.view
    assert v is not None and v.bid is not None
    p = Presenter()
    res = p.result(m, final=False)
    assert res.title == "Deal 1 of 8 is over"
    lines = texts(res.lines)
    dealer_pts = v.points_by_seat[0]
    made = dealer_pts >= v.bid
    said = "made" if made else "missed"
    diff = abs(dealer_pts - v.bid)
    assert f"You bid {v.bid} and took {dealer_pts} points: {said} by {diff}." in lines
    assert "The kitty's points count for nobody in eighty points." in lines
    assert any(line.startswith("Settlement: base 2 + ") for line in lines)
    scores = ", ".join(
        f"{n} {'+' if s > 0 else ''}{s}" for n, s in zip(S.NAMES, v.match_scores, strict=True)
    )
    assert f"Match points: {scores}" in lines
    assert sum(v.match_scores) == 0
    status = [plain(x) for x in p.present(m, 0.0).status.parts]
    assert "deal 1/8" in status and f"You bid {v.bid}" in status
    assert any(x.startswith("score You ") for x in status)


def test_eighty_points_settlement_lines_with_doublings() -> None:
    """The settlement as the result screen says it: base, the steps over the
    bid, each doubling, what each pays (seed 001's bid 100, made with 100: 2 × 2)."""
    state = A.scored_state(A.EIGHTY, 3)
    view = view_for(state, 0)
    st = Settlement(
        bid=100, dealer_points=0, made=False, steps=20, doublings=("big_bid", "zero"), each=-88
    )
    log = tuple(
        e.model_copy(update={"settlement": st}) if e.type == "deal_settled" else e for e in view.log
    )
    m = Model(Prefs(Catalogue("en"), CardText(Catalogue("en"))), TableFacts(list(S.NAMES), 0))
    m.take_seat(0, view.model_copy(update={"log": log}))
    lines = texts(Presenter().result(m, final=False).lines)
    assert "You bid 100 and took 0 points: missed by 100." in lines
    assert "Settlement: base 2 + 20 (100 points) under the bid = 22" in lines
    assert "× 2 for a bid of 100 or more = 44" in lines
    assert "× 2 for a score of 0 (零得分) = 88" in lines
    assert "You pay each other player 88 (264 in all)." in lines


def test_three_players_result_levels_and_score_line() -> None:
    state = A.scored_state(A.THREE, 5)
    m = model_of(state)
    v = m.facts.view
    assert v is not None and v.bid is not None
    lines = texts(Presenter().result(m, final=False).lines)
    assert any(line.startswith(f"You dealt at {v.bid}: the attackers took ") for line in lines)
    levels = ", ".join(f"{n} {lv}" for n, lv in zip(S.NAMES, v.levels, strict=False))
    assert f"Levels now: {levels}" in lines
    assert any("→" in line for line in lines)  # the level gained
    opener = (v.first_seat + 1) % 3
    said = "you open" if opener == 0 else f"{S.NAMES[opener]} opens"
    assert f"Next deal: {said} the auction." in lines


def test_three_players_score_line_against_the_bid() -> None:
    """While playing: the attackers' points against the bid, and what the next
    threshold brings (the rules' deal_result)."""
    s = A.naming_state(A.THREE, 5)
    s, _ = apply(s, NameTrump(seat=0, suit=rules.Suit.S))
    s = A.bury_cheap(s)
    while s.phase == "overturning":
        s, _ = apply(s, PassSteal(seat=s.theft_turn))
    m = model_of(s)
    v = m.facts.view
    assert v is not None and v.phase == "playing" and v.bid is not None
    score = Presenter().present(m, 0.0).score
    assert plain(score.left) == f"attackers 0/{v.bid}"
    half = v.bid // 2 + (-(v.bid // 2) % 5)  # (B/2 in fives)
    assert plain(score.right) == f"{half}: dealer +2 · {v.bid}: attackers +1"
    assert score.bar == (v.bid, 0)


# ---------------------------------------------------------------- whole deals


def knowable(v: SeatView, ct: CardText) -> Counter[str]:
    """What the seat may know: its hand, cards played or declared (an overturn),
    the shown kitty, the naming's cards, a failed throw's."""
    k: Counter[str] = Counter(ct.card(c) for c in v.hand)
    for e in v.log:
        if isinstance(e, (Played, Declared, KittyShown, TrumpNamed)):
            k.update(ct.card(c) for c in e.cards)
        elif isinstance(e, ThrowFailed):
            k.update(ct.card(c) for c in e.tried)
    return k


def options_of(line: Line) -> list[list[str]]:
    """A line's cards cut at each "[n] " (the options of a list of legal plays
    or declarations: the same card may stand in several)."""
    out: list[list[str]] = [[]]

    def walk(piece: Line | Piece) -> None:
        if isinstance(piece, Words) and OPTION.match(piece.text):
            out.append([])
        elif isinstance(piece, (Line, Group)):
            for p in piece.pieces:
                walk(p)
        else:
            out[-1].extend(chips_of(piece))

    walk(line)
    return out


OPTION = re.compile(r"\s*(\[\d\]|【\d】)")


@pytest.mark.parametrize(("preset", "seed"), [(A.EIGHTY, 4), (A.THREE, 6)])
def test_a_whole_auction_deal_shows_only_what_the_seat_may_know_and_the_same_afresh(
    preset: str, seed: int
) -> None:
    """Every seat follows a whole deal by `apply`: after every step no line names
    a card the seat cannot know of, and the props equal a fresh model's (the
    same choices: the highlighted bid and trump, the estimate shown or not)."""
    from shengji_tui.bots import RandomBot

    state = new_game(preset, seed)
    n = state.players
    players = {s: RandomBot(seed=seed * 4 + s) for s in range(n)}
    models = [model_of(state, seat) for seat in range(n)]
    models[1].set_estimate(False)
    presenters = [Presenter() for _ in range(n)]
    steps = compared = 0
    phases: set[str] = set()
    while state.phase not in ("scoring", "finished") and steps < 2000:
        step = plan(state, players, all_bots=True)
        assert step is not None
        state = step.state
        phases.add(state.phase)
        steps += 1
        for seat, (m, presenter) in enumerate(zip(models, presenters, strict=True)):
            view = view_for(state, seat)
            m.apply(view, events_for(step.events, seat, state), now=0.0)
            m.pick_auction_choice(steps % 3 - 1)  # a choice of the player's, kept across updates
            p = presenter.present(m, 0.0)
            again = model_of(state, seat)
            again.cursor.bid_pick, again.cursor.trump_pick = m.cursor.bid_pick, m.cursor.trump_pick
            again.prefs.show_estimate, again.cursor.decl_index = (
                m.prefs.show_estimate,
                m.cursor.decl_index,
            )
            again.cursor.at, again.cursor.selected = m.cursor.at, m.cursor.selected
            fresh = Presenter().present(again, 0.0)
            assert p._replace(log=fresh.log) == fresh, (steps, seat, state.phase)
            know = knowable(view, m.prefs.ct)
            lines = [
                *p.status.parts,
                *(line for sp in p.seats for line in sp.lines),
                p.me.left,
                *p.centre.lines,
                *p.declare.lines,
                *p.auction.lines,
                *p.last_trick.lines,
            ]
            for line in lines:
                for option in options_of(line):  # (each listed play names its own cards)
                    shown = Counter(option)
                    assert not shown - know, (steps, seat, dict(shown - know))
            compared += 1
    assert compared > 200
    assert {"bidding", "naming_trump", "playing"} <= phases


def test_spectators_see_the_bids_never_a_hand() -> None:
    """A spectator's view (the lobby's watchers, a hotseat table's shared log)
    holds every call and the shown kitty, and no hand, through the auction."""
    state = A.dealt(A.THREE, 5)
    for _ in range(2):
        who = state.awaiting()
        assert who is not None
        options = rules.bid_options(state.rules, state.auction, who)
        state, _ = apply(state, Bid(seat=who, points=options[0]))
    spec = spectator_view(state)
    assert spec.hand == () and spec.kitty is None
    assert spec.bids == view_for(state, 0).bids and len(spec.bids) == 2
    assert len(spec.shown_kitty) == 3
    state = A.won_by(state, state.awaiting())  # type: ignore[arg-type]
    spec = spectator_view(state)
    assert spec.phase == "naming_trump" and spec.hand == () and spec.bid is not None


def rules_error() -> type[Exception]:
    from shengji_tui.engine import RuleError

    return RuleError


def test_after_two_failed_throws_a_throw_is_refused_before_it_is_sent() -> None:
    """Eighty points: two failed throws end throwing for the deal; the check says
    so (the engine would refuse it too) while a single unit may still be led."""
    s = A.naming_state(A.EIGHTY, 3)
    s, _ = apply(s, NameTrump(seat=0, suit=rules.Suit.D))
    s = A.bury_cheap(s)
    assert s.phase == "playing" and s.turn == 0
    m = model_of(s.model_copy(update={"failed_throws": 2}))
    v = m.facts.view
    assert v is not None and v.failed_throws == 2
    by_suit: dict[str, list[rules.Card]] = {}
    for c in v.hand:
        by_suit.setdefault(rules.effective_suit(v.rules, m.ctx, c), []).append(c)
    throw = next(
        cs
        for suit, cs in by_suit.items()
        if suit != "T" and len(rules.decompose(v.rules, m.ctx, cs)) > 1
    )
    m.select_cards(throw)
    chk = m.check()
    assert not chk.ok and chk.message.startswith("After 2 failed throws nobody may throw")
    m.select_cards(throw[:1])
    assert m.check().ok


def test_everyone_passed_the_opener_deals_at_70() -> None:
    state = A.dealt(A.EIGHTY, 8)  # (seat 0 opens)
    assert state.awaiting() == 0
    for _ in range(4):
        state, _ = apply(state, PassBid(seat=state.awaiting()))  # type: ignore[arg-type]
    assert state.phase == "naming_trump" and state.awaiting() == 0 and state.bid == 70
    lines = texts(Presenter().present(model_of(state), 0.0).auction.lines)
    assert lines[0] == "Everyone passed: you passed first and deal at 70. Name trump."
