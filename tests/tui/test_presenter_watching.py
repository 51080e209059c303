"""The table app's watching mode (a spectator, 旁观), by the presenter alone:
whole deals of several presets followed by `apply` from the spectator's view,
and from one seat's own view (kibitzing). At every step: no hand and no card a
spectator may not know of, no sentence that says "you", no key that acts; the
kibitzer's hand is exactly the seat's."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_tui import rules
from shengji_tui.engine import GameState, events_for, new_game, view_for
from shengji_tui.rules import Card
from shengji_tui.table.plan import plan, random_bots
from shengji_tui.table.views import SPECTATOR, spectator_view
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.props import TableProps, plain
from shengji_tui.tui.records import Prefs, TableFacts

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay"]
LOOKS = {"last_trick"}  # the only table key of the dynamic ones a spectator may have


def every_line(p: TableProps) -> list[str]:
    out = [plain(part) for part in p.status.parts]
    for sp in p.seats:
        out += [plain(line) for line in sp.lines]
    out.append(plain(p.me.left))
    if p.me.flag is not None:
        out.append(plain(p.me.flag))
    out += [plain(line) for line in p.centre.lines]
    out += [plain(line) for line in p.declare.lines]
    out += [plain(line) for line in p.auction.lines]
    out += [plain(p.score.left), plain(p.score.right)]
    return out + [plain(line) for line in p.last_trick.lines]


def labels_in(text: str, ct: CardText, labels: set[str]) -> Counter[str]:
    """The cards written in `text` as single cards ("A♠ A♠", "10♥"), by label."""
    out: Counter[str] = Counter()
    for tok in text.replace("(", " ").replace(")", " ").split():
        tok = tok.strip(".,:;…")
        if tok in labels:
            out[tok] += 1
    return out


def says_you(line: str, you: set[str]) -> bool:
    """A sentence addresses the reader ("You lead", 你出牌)."""
    if any("\u4e00" <= ch <= "\u9fff" for ch in line):
        return any(w in line for w in you if len(w) <= 2)
    return any(w in line.split() for w in you)


def public_cards(state: GameState) -> Counter[Card]:
    """Every card a spectator may have been shown this deal: played (a failed
    throw's too), declared face up, a shown kitty, the kitty once scored."""
    v = spectator_view(state)
    seen: Counter[Card] = Counter()
    for e in v.log:
        for name in ("cards", "tried", "forced", "card"):
            got = getattr(e, name, None)
            if isinstance(got, Card):
                seen[got] += 1
            elif isinstance(got, tuple):
                seen.update(c for c in got if isinstance(c, Card))
    seen.update(v.shown_kitty or ())
    seen.update(v.kitty or ())
    return seen


@pytest.mark.parametrize(
    ("preset", "lang"),
    [
        ("classic", "en"),
        ("classic", "zh"),
        ("find-friends-5", "en"),
        ("three-player", "en"),
        ("eighty-points", "zh"),
        ("six-player", "en"),
    ],
)
def test_a_spectator_follows_a_whole_deal_without_a_hand(preset: str, lang: str) -> None:
    cat = Catalogue(lang)
    ct = CardText(cat)
    state = new_game(preset, 7)
    n = state.players
    watcher = Model(Prefs(cat, ct), TableFacts(NAMES[:n], 0, humans=[0], spectating=True))
    watcher.take_seat(0, spectator_view(state))
    kibitzer = Model(Prefs(cat, ct), TableFacts(NAMES[:n], 1, humans=[1], spectating=True))
    kibitzer.take_seat(1, view_for(state, 1))
    presenter = Presenter()
    you = {cat.t("seat.you"), cat.t("seat.you_object")}
    labels = {ct.card(c) for c in rules.ALL_CARDS}
    bots = random_bots(7, n)
    steps = 0
    while state.phase not in ("scoring", "finished") and steps < 2000:
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
        watcher.apply(spectator_view(state), events_for(step.events, SPECTATOR, state))
        kibitzer.apply(view_for(state, 1), events_for(step.events, 1, state))
        steps += 1
        p = presenter.present(watcher, 0.0)
        assert p.hand.groups == () and watcher.facts.hand == []
        assert p.hand.empty == cat.t("watch.no_hand", n=n)
        states = dict(p.keys.states)
        assert all(v is False for k, v in states.items() if k not in LOOKS), states
        lines = every_line(p)
        for line in lines:
            assert not says_you(line, you), line
        # no card on the screen but those the table made public (a card may show
        # in two places: a declaration in its seat's panel and the standing one)
        shown = set(labels_in("\n".join(lines), ct, labels))
        assert shown <= {ct.card(c) for c in public_cards(state)}, lines
        k = presenter.present(kibitzer, 0.0)
        assert Counter(kibitzer.facts.hand) == Counter(state.hands[1])
        assert all(v is False for key, v in k.keys.states if key not in LOOKS)
    assert steps > 20 and state.phase in ("scoring", "finished")
    # the deal's end: the kitty is public now, a spectator's result has no "you"
    result = presenter.result(watcher, final=False)
    assert not any(says_you(plain(line), you) for line in result.lines)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_player_who_lets_watchers_see_their_hand_is_told_so(lang: str) -> None:
    """The player's own line says watchers see the hand while it is not their
    turn (their turn's flag comes first); a player who does not is told nothing."""
    cat = Catalogue(lang)
    ct = CardText(cat)
    state = new_game("classic", 3)
    bots = random_bots(3, 4)
    while state.awaiting() in (None, 0) or state.phase == "dealing":
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
    shown = Model(Prefs(cat, ct, shown_to_spectators=True), TableFacts(NAMES[:4], 0, humans=[0]))
    shown.take_seat(0, view_for(state, 0))
    hidden = Model(Prefs(cat, ct), TableFacts(NAMES[:4], 0, humans=[0]))
    hidden.take_seat(0, view_for(state, 0))
    flag = Presenter().present(shown, 0.0).me.flag
    assert flag is not None and plain(flag) == cat.t("watch.flag_shown")
    assert Presenter().present(hidden, 0.0).me.flag is None
    shown.set_shown(False)
    assert Presenter().present(shown, 0.0).me.flag is None
