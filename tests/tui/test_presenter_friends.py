"""Find friends in the presenter, without Textual: the calling phase and its
dialog's props, each seat's side as the viewer may know it, the reveal, the
points race, the deal's split; and, through whole deals of every seat, that no
props line tells a seat who the friend is before the reveal (except where the
seat can prove it from its hand and the play, under `holder`)."""

from __future__ import annotations

import pytest

from shengji_tui import rules
from shengji_tui.engine import CallFriend as CallFriendCommand
from shengji_tui.engine import (
    DealScored,
    FriendRevealed,
    GameState,
    IllegalCards,
    RuleError,
    apply,
    events_for,
    new_game,
    view_for,
)
from shengji_tui.rules import Card, Rank, Suit
from shengji_tui.table.plan import plan
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import TableProps, plain
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.variants.friends import call as calling
from shengji_tui.tui.variants.friends import presenter as friends
from shengji_tui.tui.variants.friends.call import CallChoice, call_props

from . import friend_states as F

NAMES4 = ["Bo", "Ana", "Mei", "Ken"]


def names(players: int) -> list[str]:
    return list(F.NAMES5 if players == 5 else NAMES4)


def model_of(state: GameState, seat: int = 0, lang: str = "en", humans=None) -> Model:
    cat = Catalogue(lang)
    m = Model(
        Prefs(cat, CardText(cat)),
        TableFacts(names(state.rules.players), seat, humans=list(humans or (seat,))),
    )
    m.take_seat(seat, view_for(state, seat))
    return m


def every_line(p: TableProps) -> list[str]:
    out = [plain(part) for part in p.status.parts]
    for sp in p.seats:
        out += [plain(line) for line in sp.lines]
    out.append(plain(p.me.left))
    if p.me.flag is not None:
        out.append(plain(p.me.flag))
    out += [plain(line) for line in p.centre.lines]
    out += [plain(p.score.left), plain(p.score.right)]
    out += [plain(line) for line in p.last_trick.lines]
    return out + list(p.log.lines)


def keys(p: TableProps) -> dict[str, bool | None]:
    return dict(p.keys.states)


# ------------------------------------------------------------ calling


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dealer_is_asked_to_call_and_the_others_wait(lang: str) -> None:
    state = F.calling_state("find-friends", dealer=0)
    me = Presenter().present(model_of(state, 0, lang), 0.0)
    cat = Catalogue(lang)
    assert plain(me.centre.lines[0]) == cat.t("friend.calling_you")
    assert plain(me.centre.lines[1]) == cat.t("friend.rule_holder")
    assert me.me.flag is not None and cat.t("seat.your_call") in plain(me.me.flag)
    assert keys(me)["confirm"] is True and me.keys.confirm == "keys.call_friend"
    assert keys(me)["call_friend"] is True
    assert keys(me)["pick"] is False  # (no card to pick while calling)
    other = Presenter().present(model_of(state, 2, lang), 0.0)
    name = names(4)[0]
    assert plain(other.centre.lines[0]) == cat.t("friend.calling", name=name)
    assert keys(other)["confirm"] is False and keys(other)["call_friend"] is False
    # before the call every other seat's side is "?" for everyone (the dealer too)
    for p in (me, other):
        roles = [plain(sp.lines[0]) for sp in p.seats]
        unknown = cat.t("seat.roles", roles=cat.t("friend.side_unknown"))
        assert all(r.endswith(unknown) or "★" in r for r in roles), roles


def test_the_dialog_shows_the_pack_your_copies_and_what_the_call_means() -> None:
    state = F.calling_state("find-friends", dealer=0)
    m = model_of(state)
    v = m.facts.view
    assert v is not None
    copies = rules.friend_copies(v.rules)
    seen = set()
    for card in rules.ALL_CARDS:
        choice = CallChoice().of_card(card)
        assert choice.card is card
        p = call_props(m, choice)
        held = sum(1 for c in v.hand if c == card)
        buried = sum(1 for c in v.kitty or () if c == card)
        cell = p.rows[choice.row].cells[choice.col]
        assert cell.chosen and cell.held == held
        assert sum(c.chosen for row in p.rows for c in row.cells) == 1
        said = plain(p.sentence)
        label = m.prefs.ct.card(card)
        if held + buried == copies:
            kind, want = "alone", m.prefs.cat.t("call.alone", card=label, n=3)
        elif held == 1 and buried == 0:
            kind, want = "other", m.prefs.cat.t("call.other", card=label)
        elif held + buried == 1:
            kind, want = "the_one", m.prefs.cat.t("call.the_one", card=label)
        else:
            kind, want = "first", m.prefs.cat.t("call.first_holder", card=label, n=2)
        assert said == want, (card, held, buried)
        seen.add(kind)
        assert p.copies == () and p.copy_line == "" and not p.refusal  # holder: no copy to choose
        assert f"you hold {held} of {copies}" in plain(p.chosen)
    assert len(seen) >= 3  # several kinds of sentence met


def test_the_dialog_under_nth_played_offers_every_copy() -> None:
    state = F.calling_state(F.ruleset("find-friends-5", "nth_played"), dealer=0)
    m = model_of(state)
    choice = CallChoice().of_card(Card.of(Suit.H, Rank.ACE)).with_nth(2)
    p = call_props(m, choice)
    assert p.copies == (1, 2, 3)
    assert "[the 2nd A♥]" in p.copy_line
    assert plain(p.sentence).startswith("The friend is whoever plays the 2nd A♥") or (
        "2nd A♥" in plain(p.sentence)
    )
    zh = call_props(model_of(state, lang="zh"), choice)
    assert "[第二张 A♥]" in zh.copy_line


def test_a_call_the_rules_refuse_shows_their_sentence() -> None:
    """The dialog asks the same judgement as the engine: a copy the pack does not
    have, or a numbered copy under `holder`, is refused with the engine's words."""
    for rs, nth in ((F.ruleset("find-friends", "nth_played"), 3), ("find-friends", 2)):
        state = F.calling_state(rs, dealer=0)
        m = model_of(state)
        choice = CallChoice().of_card(Card.of(Suit.S, Rank.ACE)).with_nth(nth)
        p = call_props(m, choice)
        with pytest.raises(RuleError) as err:
            apply(state, calling.call_command(m, choice))
        assert isinstance(err.value, IllegalCards)
        assert p.refusal == m.prefs.ct.notation(err.value.sentence)
        zh = call_props(model_of(state, lang="zh"), choice)
        assert zh.refusal == m.prefs.ct.notation(err.value.sentence_zh)
    ok = CallChoice().of_card(Card.of(Suit.S, Rank.ACE))
    assert not call_props(m, ok).refusal
    assert calling.call_command(m, ok) == CallFriendCommand(seat=0, card="SA", nth=1)


def test_choosing_by_keys_moves_over_the_pack() -> None:
    c = CallChoice()
    assert c.card == Card.of(Suit.S, Rank.ACE)
    assert c.with_suit(Suit.H).card == Card.of(Suit.H, Rank.ACE)
    assert c.with_rank(Rank.TEN).card == Card.of(Suit.S, Rank.TEN)
    assert c.with_rank(Rank.BJ).card.rank is Rank.BJ
    assert c.with_rank(Rank.BJ).with_rank(Rank.KING).card == Card.of(Suit.S, Rank.KING)
    assert c.moved(cols=1).card == Card.of(Suit.S, Rank.TWO)  # (a row wraps)
    assert c.moved(rows=-1).card.rank is Rank.BJ  # up from spades: the jokers
    assert c.moved(rows=-1).moved(rows=1).card == Card.of(Suit.S, Rank.ACE)
    every = {c.moved(rows=r, cols=k).card for r in range(5) for k in range(13)}
    assert every == set(rules.ALL_CARDS)


# ------------------------------------------------------------ sides and the reveal


def test_sides_as_each_seat_knows_them_under_holder() -> None:
    """Right after the call: a seat with no copy knows it attacks; a holder
    knows it is the friend only when it sits first after the dealer or holds
    every copy, else its line says it may be; no claim is wrong; a panel says
    "?" exactly where the viewer does not know."""
    met = set()
    for dealer in range(4):
        state = F.calling_state("find-friends", dealer=dealer)
        card = F.outside_card(state)
        state = F.call(state, str(card))
        friend = state.friend
        assert friend is not None
        truth = {
            s: "dealer" if s == dealer else "friend" if s == friend else "attacker"
            for s in range(4)
        }
        for seat in range(4):
            m = model_of(state, seat)
            v = m.facts.view
            assert v is not None
            sides = {s: friends.side_of(v, s) for s in range(4)}
            assert all(x in ("unknown", truth[s]) for s, x in sides.items()), (seat, sides)
            me = plain(Presenter().present(m, 0.0).me.left)
            held = v.hand.count(card)
            if seat == dealer:
                assert all(sides[s] == "unknown" for s in range(4) if s != dealer)
            elif not held:
                assert sides[seat] == "attacker"
            elif seat == (dealer + 1) % 4 or held == 2:
                assert sides == truth and "secret" in me
                met.add("sure")
            else:
                met.add("may be")
                assert sides[seat] == "unknown"
                label = CardText(Catalogue("en")).card(card)
                assert f"you hold {label}: you may be the friend" in me, me
                assert "attacker" not in me
            p = Presenter().present(m, 0.0)
            for sp in p.seats:
                head = plain(sp.lines[0])
                assert (sides[sp.seat] == "unknown") == head.endswith("(?)"), head
    assert met == {"sure", "may be"}


def test_the_reveal_is_said_in_the_centre_then_the_panels_show_sides() -> None:
    state = F.calling_state("find-friends-5", dealer=0)
    card = F.outside_card(state)
    state = F.call(state, str(card))
    friend = state.friend
    assert friend is not None
    state = F.play_until(state, lambda s: bool(s.friend_calls[0].revealed))
    views = {seat: model_of(state, seat) for seat in range(5)}
    name = names(5)[friend]
    label = CardText(Catalogue("en")).card(card)
    for seat, m in views.items():
        p = Presenter().present(m, 0.0)
        centre = [plain(line) for line in p.centre.lines]
        if seat == friend:
            want = m.prefs.cat.t("friend.revealed_you", card=label, dealer=m.name(0))
        elif seat == 0:
            want = m.prefs.cat.t("friend.revealed_yours", name=name, card=label)
        else:
            want = m.prefs.cat.t("friend.revealed", name=name, card=label, dealer=m.name(0))
        assert want in centre, (seat, centre)
        roles = {sp.seat: plain(sp.lines[0]) for sp in p.seats}
        for s, head in roles.items():
            if s == 0:
                assert "dealer" in head or "★" in head  # (the dealer's mark)
            elif s == friend:
                assert head.endswith("(friend)"), head
            else:
                assert head.endswith("(attacker)"), head
        assert "provisional" not in plain(p.score.left)
    # the next lead: the sentence goes, the sides stay
    later = F.play_until(state, lambda s: s.trick_no > state.trick_no and len(s.trick) == 1)
    p = Presenter().present(model_of(later, 2), 0.0)
    assert not any("is Ana" in plain(line) or "friend." in plain(line) for line in p.centre.lines)


def test_the_points_race_counts_the_seats_known_to_attack() -> None:
    state = F.calling_state("find-friends-5", dealer=0)
    card = F.outside_card(state)
    state = F.call(state, str(card))
    state = F.play_until(
        state,
        lambda s: s.phase != "playing" or (any(s.captured) and not s.friend_calls[0].revealed),
    )
    if state.friend_calls[0].revealed:
        pytest.skip("the friend was revealed before any point was won")
    for seat in range(5):
        m = model_of(state, seat)
        v = m.facts.view
        assert v is not None
        known = friends.known_attackers(v)
        pts, provisional = friends.attacker_points(v)
        assert pts == sum(v.points_by_seat[s] for s in known)
        assert state.friend not in known
        p = Presenter().present(m, 0.0)
        left = plain(p.score.left)
        if "unknown" not in friends.known_sides(v):  # it knows every side
            assert not provisional and left == m.prefs.cat.t("score.attackers", points=pts)
        else:  # and how far the seats of unknown side could take it
            unknown = [s for s in range(5) if friends.side_of(v, s) == "unknown"]
            most = pts + sum(v.points_by_seat[s] for s in unknown)
            assert state.friend in unknown or state.friend is None
            key = "friend.attackers_up_to" if most > pts else "friend.attackers_provisional"
            assert provisional and left == m.prefs.cat.t(key, points=pts, most=most)


# ------------------------------------------------------------ the deal's end


@pytest.mark.parametrize(
    ("preset", "split"),
    [("find-friends-5", "hard"), ("find-friends-5", "even"), ("find-friends", "hard")],
)
def test_the_result_gives_every_seat_its_gain_and_explains_the_split(
    preset: str, split: str
) -> None:
    for first in range(1, 40):
        state = F.calling_state(F.ruleset(preset, "holder", split), dealer=0, first=first)
        card = F.outside_card(state)
        state = F.call(state, str(card))
        state = F.play_until(state, lambda s: s.phase != "playing")
        scored = next(e for e in state.log if isinstance(e, DealScored))
        if not scored.result.attackers_take_over and state.friend is not None:
            break
    else:
        raise AssertionError("no deal held by the dealer side")
    m = model_of(state, 0)
    r = Presenter().result(m, final=False)
    lines = [plain(line) for line in r.lines]
    res = scored.result
    hold = m.prefs.cat.t(
        "end.friend_hold",
        dealer=m.name(0),
        friend=m.name(state.friend),
        d=res.dealer_side_levels,
        f=res.friend_levels,
    )
    assert hold in lines
    split_lines = [line for line in lines if line.startswith("Five players")]
    if preset == "find-friends-5":
        assert len(split_lines) == 1
        total = res.dealer_side_levels + res.friend_levels
        assert f"gains {total} levels in all" in split_lines[0]
        assert ("evenly" in split_lines[0]) == (split == "even")
    else:
        assert not split_lines and res.dealer_side_levels == res.friend_levels
    levels = next(line for line in lines if line.startswith("Levels now:"))
    for s in range(state.rules.players):
        assert f"{m.name(s)} {state.levels[s]}" in levels or "all" in levels


# ------------------------------------------------------------ hidden information


def _leaks(p: TableProps, cat: Catalogue, friend_name: str, log_from: int) -> list[str]:
    """Lines that put the friend's name beside the word for a friend (the log:
    its lines of this deal, from `log_from`)."""
    word = cat.t("friend.side_friend")
    lines = every_line(p._replace(log=p.log.__class__(0, 0, p.log.lines[log_from:])))
    return [line for line in lines if friend_name in line and word in line]


@pytest.mark.parametrize(
    ("preset", "rule", "seed"),
    [
        ("find-friends", "holder", 4),
        ("find-friends", "nth_played", 5),
        ("find-friends-5", "holder", 6),
        ("find-friends-5", "nth_played", 7),
    ],
)
def test_no_seat_is_told_who_the_friend_is_before_the_reveal(
    preset: str, rule: str, seed: int
) -> None:
    """Every seat follows a whole deal by `apply` (two deals, so a bot deals
    once too). After every step, for every seat: no seat's side is shown
    wrong, a seat is shown as the friend only once revealed (or, under
    `holder`, where the viewer can prove it), no line names the friend beside
    the word "friend" before the viewer knows; and the props equal those of a
    model made afresh from the view."""
    rs = F.ruleset(preset, rule)
    n = rs.players
    state = new_game(rs, seed)
    bots = F.bots(seed, n)
    run: list[tuple[GameState, list]] = []
    while state.deal_no < 2 and state.phase != "finished" and len(run) < 4000:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
        run.append((state, step.events))
    # who each deal's friend turns out to be (None: the dealer alone)
    friend_of_deal: dict[int, int | None] = {}
    for st, evs in run:
        for e in evs:
            if isinstance(e, FriendRevealed):
                friend_of_deal[st.deal_no] = None if e.alone else e.seat
    models = [model_of(new_game(rs, seed), seat) for seat in range(n)]
    presenters = [Presenter() for _ in range(n)]
    cat = Catalogue("en")
    hidden_steps = 0
    log_from = [0] * n  # where this deal's sentences start in each seat's log
    for steps, (state, events) in enumerate(run):
        call = state.friend_calls[0] if state.friend_calls else None
        secret = call is not None and not call.revealed and state.phase == "playing"
        hidden_steps += secret
        truth = friend_of_deal.get(state.deal_no)
        for seat, (m, presenter) in enumerate(zip(models, presenters, strict=True)):
            if m.facts.view is not None and m.facts.view.deal_no != state.deal_no:
                log_from[seat] = len(m.facts.log)
            view = view_for(state, seat)
            m.apply(view, events_for(events, seat, state), now=0.0)
            m.hear(events_for(events, seat, state), view)
            p = presenter.present(m, 0.0)
            again = model_of(state, seat)
            again.cursor.at, again.cursor.selected, again.cursor.decl_index = (
                m.cursor.at,
                m.cursor.selected,
                m.cursor.decl_index,
            )
            again.facts.declare_deadline = m.facts.declare_deadline
            fresh = Presenter().present(again, 0.0)
            assert p._replace(log=fresh.log) == fresh, (steps, seat, state.phase)
            if call is None or state.phase not in ("playing", "calling"):
                continue
            for other in range(n):
                side = friends.side_of(view, other)
                if side == "attacker":
                    assert other != state.dealer and other != truth, (steps, seat, other)
                if side == "friend":
                    assert other == truth
                    assert call.revealed or rule == "holder"
            proven = truth is not None and friends.side_of(view, truth) == "friend"
            if secret and truth is not None and not proven:
                leaks = _leaks(p, cat, names(n)[truth], log_from[seat])
                assert not leaks, (steps, seat, leaks)
    assert hidden_steps > 5


def seed_7_deal_2() -> GameState:
    """`shengji play --preset find-friends-5 --seed 7`, deal 2, as a player met
    it: Mei (seat 2) deals at 3 and calls A♣; you (seat 0) hold one A♣, Ken
    (seat 3, first after Mei) holds two. The bots are the table's own."""
    from shengji_tui.bots import BotSpec
    from shengji_tui.engine.deal import start_deal
    from shengji_tui.table.settings import bot_seed

    rs = rules.RuleSet.preset("find-friends-5")
    seated = {
        s: BotSpec(level="normal", seed=bot_seed(7, s), name=f"b{s}").make() for s in range(5)
    }
    state = new_game(rs, 7).model_copy(update={"levels": ("2", "4", "3", "2", "2")})
    state, _ = start_deal(state, 1, 0, 2, 2)
    while not state.friend_calls:
        step = plan(state, seated, all_bots=True)
        assert step is not None
        state = step.state
    return state


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_seed_7_deal_2_a_farther_holder_is_told_it_may_be_the_friend(lang: str) -> None:
    state = seed_7_deal_2()
    ca = rules.parse_card("CA")
    assert state.dealer == 2 and state.friend_calls[0].card == ca
    assert [state.hands[s].count(ca) for s in range(5)] == [1, 0, 0, 2, 0]
    m = model_of(state, 0, lang)
    v = m.facts.view
    assert v is not None
    # Ken or Raj, between Mei and you, may hold the other copies: you cannot tell
    assert [friends.side_of(v, s) for s in range(5)] == [
        "unknown",
        "attacker",
        "dealer",
        "unknown",
        "unknown",
    ]
    p = Presenter().present(m, 0.0)
    me = plain(p.me.left)
    t = m.prefs.cat.t
    assert t("friend.you_maybe", card="A♣") in me
    assert t("friend.you_attacker") not in me and t("friend.you_secret") not in me
    centre = [plain(line) for line in p.centre.lines]
    assert t("friend.you_may_be", card="A♣", name=m.name(2)) in centre
    heads = {sp.seat: plain(sp.lines[0]) for sp in p.seats}
    assert all(heads[s].endswith(("(?)", "（?）")) for s in (3, 4)), heads
    # Ken sits first after Mei and holds A♣: it knows, and knows the rest attack
    ken = model_of(state, 3, lang)
    assert ken.facts.view is not None
    assert [friends.side_of(ken.facts.view, s) for s in range(5)] == [
        "attacker",
        "attacker",
        "dealer",
        "friend",
        "attacker",
    ]
    assert t("friend.you_secret") in plain(Presenter().present(ken, 0.0).me.left)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_joker_pair_standing_is_no_trump_so_far_in_the_status_line(lang: str) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from engine_helpers import crafted

    from shengji_tui.engine import Declare

    s = crafted("find-friends-5", {0: "LJ LJ"}, phase="declaring")
    s, _ = apply(s, Declare(seat=0, cards="LJ LJ"))
    m = model_of(s, 0, lang)
    t = m.prefs.cat.t
    p = Presenter().present(m, 0.0)
    status = [plain(part) for part in p.status.parts]
    assert t("status.trump_pending", suit=t("suit.no_trump")) in status
    assert t("status.trump_none_yet") not in status
    assert any(
        plain(line).startswith(t("declare.standing", name=m.name(0))) for line in p.declare.lines
    )
