"""The presenter without Textual: a seat's view (and the player's choices) in,
the props of every widget out. Plain pytest: no app, no screen."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.engine import (
    DeclarationsRevealed,
    Declared,
    GameState,
    KittyFlipped,
    KittyRevealed,
    KittyShown,
    Play,
    Played,
    SeatView,
    ThrowFailed,
    apply,
    events_for,
    new_game,
    view_for,
)
from shengji_tui.table.plan import plan
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter, seat_positions
from shengji_tui.tui.props import Cards, Group, Line, Piece, TableProps, plain
from shengji_tui.tui.records import Prefs, TableFacts

from . import states as S


def model_of(
    state: GameState, seat: int = 0, lang: str = "en", ascii: bool = False, humans=(0,)
) -> Model:
    cat = Catalogue(lang)
    names = S.NAMES if state.rules.players == 4 else S.SEAT_NAMES[: state.rules.players]
    m = Model(Prefs(cat, CardText(cat, ascii)), TableFacts(list(names), seat, humans=list(humans)))
    m.take_seat(seat, view_for(state, seat))
    return m


def texts(lines: tuple[Line, ...]) -> list[str]:
    return [plain(line) for line in lines]


def chips_of(piece: Line | Piece) -> list[str]:
    if isinstance(piece, Cards):
        return [c.label for c in piece.chips]
    if isinstance(piece, (Line, Group)):
        return [label for p in piece.pieces for label in chips_of(p)]
    return []


def keys(props: TableProps) -> dict[str, bool | None]:
    return dict(props.keys.states)


def test_the_presenter_and_the_model_load_no_textual() -> None:
    code = (
        "import sys, shengji_tui.tui.presenter, shengji_tui.tui.contract, shengji_tui.saves,"
        " shengji_tui.text; bad = [m for m in sys.modules if m.split('.')[0] in"
        " ('textual', 'rich')]; print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("players", "want"),
    [
        (2, ("top",)),
        (3, ("right", "left")),
        (4, ("right", "top", "left")),
        (5, ("right", "top-right", "top-left", "left")),
        (6, ("right", "top-right", "top", "top-left", "left")),
    ],
)
def test_seats_sit_around_the_viewer_in_play_order(players: int, want: tuple[str, ...]) -> None:
    got = seat_positions(players)
    assert got == want and len(set(got)) == players - 1


def test_six_seats_around_the_table() -> None:
    """The seats' props come from the view's players: five others at six."""
    state = new_game("six-player", 3)
    while state.phase == "dealing":
        state = plan(state, {}, all_bots=False).state  # type: ignore[union-attr]
    m = model_of(state, seat=2)
    p = Presenter().present(m, 0.0)
    assert [(sp.seat, sp.position) for sp in p.seats] == [
        (3, "right"),
        (4, "top-right"),
        (5, "top"),
        (0, "top-left"),
        (1, "left"),
    ]
    assert all(plain(sp.lines[1]).endswith(f"{state.rules.hand_size} cards") for sp in p.seats)


def roles_of(p: TableProps) -> dict[int, str]:
    """Each other seat's name line after its name: "(partner, dealer ★)"."""

    def roles(line: Line) -> str:
        kept = [
            x for x in line.pieces if getattr(x, "style", "") not in ("seat--turn", "seat--name")
        ]
        return "".join(plain(x) for x in kept).strip()

    return {sp.seat: roles(sp.lines[0]) for sp in p.seats}


def test_six_seats_mid_trick() -> None:
    """Six seats, fixed teams of three: partner / opponent (队友 in Chinese: not
    across the table), every play of the trick in the centre in order, each
    seat's own play in its panel, the turn mark, us / them."""
    state = S.trick_state("six-player")
    m = model_of(state)
    v = m.facts.view
    assert v is not None and len(v.trick) == 5 and v.dealer is not None
    p = Presenter().present(m, 0.0)
    roles = roles_of(p)
    sides = {sp.seat for sp in p.seats if sp.position in ("left", "right")}
    for seat in range(1, 6):
        team = "(partner" if seat % 2 == 0 else "(opponent"
        if seat == v.dealer and seat in sides:  # (16 columns: "Ana ★ (opponent)")
            assert roles[seat].startswith("★ " + team), roles
            continue
        assert roles[seat].startswith(team), roles
        assert ("dealer ★" in roles[seat]) == (seat == v.dealer)
    zh = roles_of(Presenter().present(model_of(state, lang="zh"), 0.0))
    assert zh[2].startswith("（队友") and zh[1].startswith("（对手")
    # the centre: the lead, then each follow, in play order
    centre = texts(p.centre.lines)
    order = [
        next(i for i, line in enumerate(centre) if S.SEAT_NAMES[pl.seat] in line.split()[0])
        for pl in v.trick
    ]
    assert order == sorted(order), centre
    assert centre[order[0]].startswith(f"{S.SEAT_NAMES[v.trick[0].seat]} led")
    for sp in p.seats:
        played = [pl for pl in v.trick if pl.seat == sp.seat]
        assert chips_of(sp.lines[-1]) == [m.prefs.ct.card(c) for c in played[0].cards]
        assert sp.lines[-2:] and not plain(sp.lines[0]).startswith("▶")  # your turn, not theirs
    assert p.me.flag is not None
    assert any("us 2 / them 2" in plain(part) for part in p.status.parts)
    # the help's rules: the next dealer of a holding side is the next team-mate
    from shengji_tui.tui.help.markdown import help_markdown
    from shengji_tui.tui.seating import Solo

    solo = Solo(0).offers(1)
    assert "next team-mate in play order" in help_markdown(m, solo)
    assert "the dealer's partner deals next" in help_markdown(model_of(S.following_state()), solo)


def test_solo_seats_say_their_side_and_own_level() -> None:
    """No fixed partners: a seat says its side this deal (dealer side / attacker,
    as far as the view knows), the status line your own level (no "them"), the
    result every seat's level. (Find friends says "?" until the reveal:
    test_presenter_friends.py.)"""
    state = S.trick_state("three-player")
    m = model_of(state)
    v = m.facts.view
    if v is not None and v.dealer == 0:  # (a seat that does not deal, to read the dealer's)
        m = model_of(state, seat=1)
        v = m.facts.view
    assert v is not None and v.dealer is not None and v.dealer != m.facts.seat
    roles = roles_of(Presenter().present(m, 0.0))
    for seat in (s for s in range(m.players) if s != m.facts.seat):
        if seat == v.dealer:  # (a side seat: the mark beside its name, on one line)
            want = "★"
        elif seat in v.dealer_side:
            want = "(dealer side)"
        else:
            want = "(attacker)"
        assert roles[seat] == want, (seat, roles, v.dealer_side)
    parts = [plain(x) for x in Presenter().present(m, 0.0).status.parts]
    # three players level each seat alone: every seat's level, no "us / them"
    order = [m.seat_at(k) for k in range(m.players)]  # from the viewer, in play order
    each = " ".join(f"{m.name(s)} {v.levels[s]}" for s in order)
    assert not any("them" in x for x in parts)
    assert any(x.startswith("levels ") and x.endswith(each) for x in parts), parts
    # before there is a dealer (an auction's first deal): names alone
    three = new_game("three-player", 2)
    while three.phase == "dealing":
        three = plan(three, {}, all_bots=False).state  # type: ignore[union-attr]
    m3 = model_of(three)
    assert m3.facts.view is not None and m3.facts.view.dealer is None
    assert set(roles_of(Presenter().present(m3, 0.0)).values()) == {""}
    # the deal's end: every seat's level, from the viewer round the table
    done = S.trick_state("three-player")
    b = S.bots(5, (0, 1, 2))
    while done.phase == "playing":
        done = plan(done, b, all_bots=True).state  # type: ignore[union-attr]
    md = model_of(done)
    assert md.facts.view is not None
    res = texts(Presenter().result(md, final=False).lines)
    lv = md.facts.view.levels
    assert f"Levels now: You {lv[0]}, Ana {lv[1]}, Mei {lv[2]}" in res
    assert not any("them" in line for line in res)


def test_following_a_lead() -> None:
    state = S.following_state()
    m = model_of(state)
    v = m.facts.view
    assert v is not None
    p = Presenter().present(m, 0.0)
    # the other seats, from the players of the view (not a fixed four), in play order
    assert [(sp.seat, sp.position) for sp in p.seats] == [(1, "right"), (2, "top"), (3, "left")]
    for sp in p.seats:
        lines = texts(sp.lines)
        assert lines[0].startswith(S.NAMES[sp.seat])
        assert f"{v.hand_sizes[sp.seat]} cards" in lines[1]
        played = [pl for pl in v.trick if pl.seat == sp.seat]
        assert chips_of(sp.lines[-1]) == (
            [m.prefs.ct.card(c) for c in played[0].cards] if played else []
        )
    # your turn: the flag, the prompt, the hand keys on; nothing picked yet
    assert p.me.flag is not None and "YOUR TURN" in plain(p.me.flag)
    centre = texts(p.centre.lines)
    assert any(line.startswith("Your turn: follow") for line in centre)
    listed = len(m.listed_plays())  # (the digits pick one of these)
    pick = m.prefs.cat.t("check.pick_listed", k=listed) if listed else m.prefs.cat.t("check.pick")
    assert centre[-1] == pick
    k = keys(p)
    assert k["move"] is k["pick"] is k["suggest"] is True
    assert k["confirm"] is None  # shown, greyed: nothing to play yet
    assert k["declare"] is False and k["skip_deal"] is False and k["next_deal"] is False
    assert p.keys.confirm == "keys.play"
    # the hand: every card once, grouped, the cursor shown
    held = [c.at for g in p.hand.groups for c in g.cards]
    assert sorted(held) == list(range(len(v.hand)))
    assert set(p.hand.marks) == {""}
    # the cursor starts on the led suit's first card
    led = rules.effective_suit(v.rules, m.ctx, v.trick[0].cards[0])
    first = next(
        i for i, c in enumerate(m.facts.hand) if rules.effective_suit(v.rules, m.ctx, c) == led
    )
    assert p.hand.cursor == first
    assert p.status.parts and "trick 3" in plain(p.status.parts[-1])
    assert p.declare.shown is False
    assert p.score.bar is not None


def test_a_selection_is_checked_and_marked() -> None:
    state = S.following_state()
    m = model_of(state)
    bad = S.illegal_follow(state)
    assert bad is not None
    m.select_cards(bad)
    p = Presenter().present(m, 0.0)
    assert keys(p)["confirm"] is None
    assert texts(p.centre.lines)[-1] == m.check().message and not m.check().ok
    assert Counter(p.hand.marks)["▲"] == len(bad)
    m.clear()
    assert m.suggest_selection()
    p = Presenter().present(m, 0.0)
    assert keys(p)["confirm"] is True
    assert m.pending_command() is not None


def test_another_seats_turn_greys_the_hand_keys() -> None:
    state = S.following_state().model_copy(update={"turn": 1})
    m = model_of(state)
    p = Presenter().present(m, 0.0)
    k = keys(p)
    assert k["move"] is k["pick"] is k["suggest"] is k["confirm"] is None
    assert p.me.flag is None
    assert texts(p.centre.lines)[-1] == m.prefs.cat.t("centre.waiting_for", name="Ana")
    right = next(sp for sp in p.seats if sp.seat == 1)
    assert plain(right.lines[0]).startswith("▶ Ana")


def test_dealing_declaring_and_the_skip_key() -> None:
    state = S.dealing_state()
    m = model_of(state)
    p = Presenter().present(m, 0.0)
    opts = m.declare_options()
    assert p.declare.shown and len(opts) >= 1
    chips = [plain(piece) for piece in p.declare.lines[1].pieces if isinstance(piece, Group)]
    assert [c.split(" ", 1)[0] for c in chips] == [f"[{i + 1}]" for i in range(len(opts))]
    k = keys(p)
    assert k["declare"] is True and k["move"] is True and k["confirm"] is False
    assert k["skip_deal"] is True and p.keys.skip == "keys.skip"
    assert p.keys.confirm == "keys.declare"
    assert p.hand.cursor is None  # (the arrows choose a declaration while dealing)
    assert Counter(p.hand.marks)["+"] == 1  # the card dealt last
    assert m.facts.last_dealt is not None
    # the last card dealt: the humans at this keyboard may close the declarations
    while state.phase == "dealing":
        state = plan(state, {}, all_bots=False).state  # type: ignore[union-attr]
    assert state.phase == "declaring"
    alone = model_of(state)
    p = Presenter().present(alone, 0.0)
    assert keys(p)["skip_deal"] is True and p.keys.skip == "keys.skip_done"
    # two at this keyboard: done (the app hands the keyboard round before it closes);
    # another human elsewhere (over SSH) may still declare: no closing from here
    two = model_of(state, humans=(0, 2))
    two.facts.table_humans = 2
    assert keys(Presenter().present(two, 0.0))["skip_deal"] is True
    elsewhere = model_of(state)
    elsewhere.facts.table_humans = 2
    assert keys(Presenter().present(elsewhere, 0.0))["skip_deal"] is False
    # the countdown: the seconds left from the time given
    alone.facts.declare_deadline = 10.0
    said = texts(Presenter().present(alone, 7.2).centre.lines)[0]
    assert said == alone.prefs.cat.t("centre.dealt_countdown", s=3)


def test_burying_marks_the_kitty_and_names_the_key() -> None:
    state = S.burying_state()
    m = model_of(state)
    p = Presenter().present(m, 0.0)
    assert p.keys.confirm == "keys.bury"
    assert Counter(p.hand.marks)["+"] == state.rules.kitty_size
    assert texts(p.centre.lines)[0] == m.prefs.cat.t(
        "centre.bury_title_marked", k=state.rules.kitty_size
    )
    assert m.suggest_selection()
    p = Presenter().present(m, 0.0)
    assert keys(p)["confirm"] is True
    assert Counter(p.hand.marks)["▲"] == state.rules.kitty_size


def test_stealing_the_kitty() -> None:
    m = model_of(S.theft_state())
    p = Presenter().present(m, 0.0)
    k = keys(p)
    assert p.declare.shown and k["pass_steal"] is True and k["declare"] is True
    assert texts(p.centre.lines)[0] == m.prefs.cat.t("centre.your_theft")


def test_the_deal_scored() -> None:
    state = S.scored_state()
    m = model_of(state)
    presenter = Presenter()
    p = presenter.present(m, 0.0)
    k = keys(p)
    assert k["next_deal"] is True and k["confirm"] is True and p.keys.confirm == "keys.next_deal"
    assert k["last_trick"] is True and k["move"] is False
    result = presenter.result(m, final=False)
    body = texts(result.lines)
    assert result.title == m.prefs.cat.t("end.title", n=1)
    assert any(line.startswith("Attackers' points") for line in body)
    rev = next(e for e in m.facts.view.log if isinstance(e, KittyRevealed))  # type: ignore[union-attr]
    assert any(m.prefs.ct.cards(rev.cards) in line for line in body)


def test_a_failed_throw_names_the_cards_tried_and_forced() -> None:
    state, throw = S.failing_throw_state()
    state, events = apply(state, Play(seat=0, cards=tuple(throw)))
    m = model_of(state)
    failed = next(e for e in events if isinstance(e, ThrowFailed))
    assert m.facts.throw_failed == failed
    centre = texts(Presenter().present(m, 0.0).centre.lines)
    assert centre[0].startswith(m.prefs.cat.t("centre.throw_failed", name="You"))
    assert m.throw_reason() in centre


@pytest.mark.parametrize(("lang", "ascii"), [("zh", False), ("en", True)])
def test_the_words_and_the_card_style(lang: str, ascii: bool) -> None:
    state = S.following_state()
    m = model_of(state, lang=lang, ascii=ascii)
    p = Presenter().present(m, 0.0)
    if lang == "zh":
        assert "主" in plain(p.status.parts[0]) and "轮到你" in plain(p.me.flag)  # type: ignore[arg-type]
    labels = [c.label for g in p.hand.groups for c in g.cards] + [
        label for sp in p.seats for line in sp.lines for label in chips_of(line)
    ]
    glyphs = any(g in label for label in labels for g in "♠♥♦♣")
    assert glyphs is not ascii
    if ascii:
        assert p.status.sep == " | " and plain(p.me.flag).startswith(">")  # type: ignore[arg-type]


def shown_lines(p: TableProps) -> list[Counter[str]]:
    """The card labels of each line the props show outside the hand (a line of
    choices, the declarations or the legal plays, by choice: each is the seat's
    own cards, the same card may be in several)."""
    lines = [
        *p.status.parts,
        *(line for sp in p.seats for line in sp.lines),
        p.me.left,
        *p.centre.lines,
        *p.declare.lines,
        *p.last_trick.lines,
    ]
    out: list[Counter[str]] = []
    for line in lines:
        groups = [piece for piece in line.pieces if isinstance(piece, Group)]
        loose = [piece for piece in line.pieces if not isinstance(piece, Group)]
        if groups and not any(chips_of(piece) for piece in loose):
            out.extend(Counter(chips_of(g)) for g in groups)
        else:
            out.append(Counter(chips_of(line)))
    return out


def knowable(v: SeatView, ct: CardText) -> Counter[str]:
    """What the seat may know: cards played or declared (or revealed) this deal,
    its own hand, a failed throw's cards, the kitty turned over (or, three
    players, its shown cards)."""
    k: Counter[str] = Counter(ct.card(c) for c in v.hand)
    for e in v.log:
        if isinstance(e, (Played, Declared, KittyFlipped, KittyShown)):
            k.update(ct.card(c) for c in e.cards)
        elif isinstance(e, DeclarationsRevealed):
            k.update(ct.card(c) for cards in e.cards for c in cards)
        elif isinstance(e, ThrowFailed):
            k.update(ct.card(c) for c in e.tried)
    return k


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("classic", 4),
        ("four-deck", 5),
        ("six-player", 3),
        ("find-friends-5", 2),
        ("three-player", 6),
    ],
)
def test_a_whole_deal_presents_only_what_the_seat_may_know_and_the_same_afresh(
    preset: str, seed: int
) -> None:
    """Every seat follows a whole deal by `apply` (no Textual). After every step:
    no line of the props names a card the seat cannot know of; the model kept up by
    `apply` and a presenter with its memos give the props a model made afresh
    from the view and a new presenter give (with the same choices)."""
    from shengji_tui.bots import RandomBot

    state = new_game(preset, seed)
    n = state.rules.players
    bots = {s: RandomBot(seed=seed * 4 + s) for s in range(n)}
    models = [model_of(state, seat) for seat in range(n)]
    presenters = [Presenter() for _ in range(n)]
    steps = compared = 0
    while state.phase not in ("scoring", "finished") and steps < 2000:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
        steps += 1
        for seat, (m, presenter) in enumerate(zip(models, presenters, strict=True)):
            view = view_for(state, seat)
            m.apply(view, events_for(step.events, seat, state), now=0.0)
            if m.facts.hand:  # a choice of the player's, kept across updates
                m.cursor.at = steps % len(m.facts.hand)
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
            know = knowable(view, m.prefs.ct)
            for shown in shown_lines(p):  # (a line names a card at most as often as known)
                assert not shown - know, (steps, seat, dict(shown - know))
            compared += 1
    assert state.phase in ("scoring", "finished") and compared > 400


def test_the_log_is_the_models_sentences() -> None:
    state = S.following_state()
    m = model_of(state)
    before = Presenter().present(m, 0.0).log
    m.hear(m.facts.view.log, m.facts.view)  # type: ignore[union-attr,arg-type]
    after = Presenter().present(m, 0.0).log
    assert after != before and after.size == len(m.facts.log) > 0
    assert list(after.lines) == m.facts.log
    m.reset_log()
    assert Presenter().present(m, 0.0).log.log_id != after.log_id


def test_props_are_plain_values() -> None:
    """Props compare by value (a widget skips equal ones): two presenters of one
    model give equal props, and equal props hash alike where they hash."""
    m = model_of(S.following_state())
    a, b = Presenter().present(m, 0.0), Presenter().present(m, 0.0)
    assert a == b and a is not b
    assert hash(a) == hash(b)
