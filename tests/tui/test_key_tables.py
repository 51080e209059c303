"""The screens' key tables as data (tui/keytable.py): every action a row names
exists on its screen, every label is in both catalogues, no two rows of one
key work in one state (the table screen's over real moments of deals of
several presets, seen by a player alone, at a hotseat and by a spectator),
Textual's resolution of the generated bindings is the table's, and in state X
key K does action A. Plain pytest: no app runs."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, get_args

import pytest
from textual.app import App
from textual.screen import Screen

from shengji_tui.engine import GameState, view_for
from shengji_tui.engine.state import Phase
from shengji_tui.server.floor import FloorApp
from shengji_tui.server.invite import InviteApp
from shengji_tui.server.lobby import CreateScreen, LobbyScreen, RoomScreen
from shengji_tui.server.profile import ProfileScreen
from shengji_tui.server.rules_paste import RulesPasteScreen
from shengji_tui.text import CardText, Catalogue, load_catalogue
from shengji_tui.tui.aids.counter_screen import CounterScreen
from shengji_tui.tui.aids.kitty_screen import KittyScreen
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.keytable import Keyed, Keys, Row
from shengji_tui.tui.model import Model
from shengji_tui.tui.presenter import Presenter
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.review.analysis_screen import AnalysisScreen
from shengji_tui.tui.review.screen import ReviewScreen
from shengji_tui.tui.screens.base import Dialog
from shengji_tui.tui.screens.chat import ChatScreen
from shengji_tui.tui.screens.confirm_quit import ConfirmQuit
from shengji_tui.tui.screens.hand_over import PassScreen
from shengji_tui.tui.screens.last_trick import LastTrickScreen
from shengji_tui.tui.screens.log import LogScreen
from shengji_tui.tui.screens.result import RESULT_KEYS, DealResultScreen, ResultKeyState
from shengji_tui.tui.screens.start import StartScreen
from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.screens.table_keys import PHASE_MODES, TABLE_KEYS, TableKeyState
from shengji_tui.tui.variants.friends.call_screen import CallFriendScreen

from . import states as S
from . import walk_states as W

NAMES = ["You", "Ana", "Mei", "Ken", "Raj", "Zoe"]
PRESETS = ("classic", "find-friends", "eighty-points", "three-player")


class Case(NamedTuple):
    where: str  # the moment, the seat and who looks ("classic/follow seat 0 solo")
    state: TableKeyState
    model: Model


def model_of(state: GameState, seat: int, kind: str, held: bool = False) -> Model:
    """Seat `seat`'s model: `solo` (the one human), `hotseat` (every seat a
    human at this keyboard) or `watching` (a spectator seeing from the seat)."""
    n = state.rules.players
    cat = Catalogue("en")
    humans = list(range(n)) if kind == "hotseat" else [seat]
    m = Model(
        Prefs(cat, CardText(cat, False)),
        TableFacts(NAMES[:n], seat, humans=humans, spectating=kind == "watching"),
    )
    m.facts.chat = kind == "hotseat"
    m.take_seat(seat, view_for(state, seat))
    m.facts.deal_held = held
    return m


def key_state(m: Model, wide: bool = False) -> TableKeyState:
    p = Presenter().present(m, 0.0)
    return TableKeyState(p.keys, p.auction.keys, m.phase, m.facts.spectating, m.facts.chat, wide)


@cache
def moments() -> tuple[tuple[str, GameState], ...]:
    out = [(f"{p}/{mo.name}", mo.state) for p in PRESETS for mo in W.deal_moments(p)]
    out.append(("four-deck/kitty_theft", S.theft_state()))
    out.append(("classic/finished", S.finished_state()))
    return tuple(out)


@cache
def cases() -> tuple[Case, ...]:
    out = []
    for where, state in moments():
        for seat in range(state.rules.players):
            for kind in ("solo", "hotseat", "watching"):
                m = model_of(state, seat, kind, held=seat % 2 == 1)
                name = f"{where} seat {seat} {kind}"
                out.append(Case(name, key_state(m, wide=seat % 2 == 0), m))
    cat = Catalogue("en")  # before the first view
    m = Model(Prefs(cat, CardText(cat, False)), TableFacts(NAMES[:4], 0, humans=[0]))
    out.append(Case("no view yet", key_state(m), m))
    return tuple(out)


def keys_of(keys: Keys[object]) -> list[str]:
    return sorted({k for row in keys.all_rows() for k in row.key_list})


# ---------------------------------------------------------------- every table
KEYED = [
    InviteApp,
    FloorApp,
    LobbyScreen,
    CreateScreen,
    RoomScreen,
    ProfileScreen,
    RulesPasteScreen,
    AnalysisScreen,
    CallFriendScreen,
    ChatScreen,
    ConfirmQuit,
    CounterScreen,
    DealResultScreen,
    Dialog,
    HelpScreen,
    KittyScreen,
    LastTrickScreen,
    LogScreen,
    PassScreen,
    ReviewScreen,
    StartScreen,
]
SCREENS: list[tuple[type, Keys[object]]] = [
    (TableScreen, TABLE_KEYS),  # type: ignore[list-item]
    *((screen, screen.KEYS) for screen in KEYED),
]
# (their own lines say their keys; the floor: a benchmark's app, in English)
NO_FOOTER = {PassScreen, FloorApp}


@pytest.mark.parametrize(("screen", "keys"), SCREENS, ids=lambda v: getattr(v, "__name__", ""))
def test_every_action_a_row_names_is_the_screens(screen: type, keys: Keys[object]) -> None:
    missing = {
        row.name
        for row in keys.all_rows()
        if not callable(getattr(screen, f"action_{row.name}", None))
    }
    assert not missing, f"{screen.__name__} has no action for {sorted(missing)}"


@pytest.mark.parametrize(("screen", "keys"), SCREENS, ids=lambda v: getattr(v, "__name__", ""))
def test_every_label_is_in_both_catalogues(screen: type, keys: Keys[object]) -> None:
    labels = keys.catalogue_keys()
    assert labels or screen in NO_FOOTER
    for lang in ("en", "zh"):
        cat = load_catalogue(lang)
        assert not labels - cat.keys(), f"{lang}: {sorted(labels - cat.keys())}"


@pytest.mark.parametrize(("screen", "keys"), SCREENS, ids=lambda v: getattr(v, "__name__", ""))
def test_a_row_shown_in_the_footer_has_words(screen: type, keys: Keys[object]) -> None:
    for row in keys.all_rows():
        if row.show:
            assert row.description, row
            assert row.label is not None or screen in NO_FOOTER, row


@pytest.mark.parametrize(("screen", "keys"), SCREENS, ids=lambda v: getattr(v, "__name__", ""))
def test_the_screens_bindings_and_check_action_are_its_tables(
    screen: type, keys: Keys[object]
) -> None:
    assert screen.__dict__["BINDINGS"] == keys.bindings()
    if screen is not TableScreen:
        assert screen.check_action is Keyed.check_action  # (none of its own)


def test_every_screen_with_keys_has_a_table() -> None:
    """Every screen and app of the TUI (and of the SSH server: the lobby, the
    invite prompt, the benchmark's floor) that binds a key binds it from its
    table."""
    import importlib
    import inspect
    import pkgutil

    from shengji_tui import server, tui

    found = set()
    modules = [
        *pkgutil.walk_packages(tui.__path__, "shengji_tui.tui."),
        *pkgutil.walk_packages(server.__path__, "shengji_tui.server."),
    ]
    for info in modules:
        module = importlib.import_module(info.name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                cls.__module__ == info.name
                and issubclass(cls, Screen | App)
                and "BINDINGS" in cls.__dict__
            ):
                found.add(cls)
    assert TableScreen in found and StartScreen in found
    assert not found - {TableScreen, *KEYED}, found - {TableScreen, *KEYED}


def test_the_result_keys() -> None:
    cases = [  # (final, watching, enter runs, what enter says)
        (False, False, "next", "keys.next_deal"),
        (True, False, "next", "keys.new_game"),
        (True, True, "next", "keys.new_game"),
        (False, True, None, None),  # (the players start the next deal)
    ]
    for final, watching, runs, label in cases:
        state = ResultKeyState(final, watching)
        row = RESULT_KEYS.resolve(state, "enter")
        assert (row.action if row else None) == runs, (final, watching)
        shown = RESULT_KEYS.shown(state, "enter")
        assert (shown[0].label if shown else None) == label
        assert RESULT_KEYS.resolve(state, "t") is not None


def test_the_review_analyses_only_with_a_coach() -> None:
    keys = ReviewScreen.KEYS
    assert keys.state(True, "analyse") is True
    assert keys.state(False, "analyse") is False
    assert keys.state(False, "step", (1,)) is True
    row = keys.resolve(False, "h")
    assert row is not None and row.action == "step(-1)"


def test_the_menu_resumes_only_with_games() -> None:
    keys = StartScreen.KEYS
    assert keys.resolve(True, "r") is not None and keys.resolve(False, "r") is None
    row = keys.resolve(False, "escape")
    assert row is not None and row.name == "quit"


@pytest.mark.parametrize(
    ("screen", "key", "action"),
    [
        (ConfirmQuit, "q", "yes"),
        (ConfirmQuit, "escape", "no"),
        (CounterScreen, "m", "close"),
        (LogScreen, "g", "close"),
        (LastTrickScreen, "t", "close"),
        (KittyScreen, "k", "close"),
        (HelpScreen, "question_mark", "close"),
        (ChatScreen, "escape", "cancel"),
        (PassScreen, "space", "ready"),
        (CallFriendScreen, "n", "next_copy"),
        (CallFriendScreen, "up", "move(-1, 0)"),
        (AnalysisScreen, "3", "seat(2)"),
        (AnalysisScreen, "a", "close"),
        (Dialog, "escape", "close"),
        (RulesPasteScreen, "ctrl+s", "use"),
        (InviteApp, "ctrl+c", "leave"),
        (FloorApp, "f", "skip"),
    ],
)
def test_a_dialogs_key(screen: type, key: str, action: str) -> None:
    row = screen.KEYS.resolve(None, key)
    assert row is not None and row.action == action


# ---------------------------------------------------------------- the table screen
def test_every_phase_is_a_mode_of_the_table() -> None:
    assert set(PHASE_MODES) == set(get_args(Phase))
    assert set(PHASE_MODES.values()) | {"watching"} == set(TABLE_KEYS.modes)


def test_the_presenter_answers_every_key_a_condition_asks_it() -> None:
    """(`KeyStates.state` says True of an action it does not list.)"""
    asked = {
        row.when.name.removeprefix("presented:")
        for row in TABLE_KEYS.all_rows()
        if row.when.name.startswith("presented:")
    }
    assert {"confirm", "move", "declare"} <= asked
    for c in cases():
        assert dict(c.state.keys.states).keys() >= asked, c.where


def test_the_states_reach_every_mode() -> None:
    reached = {TABLE_KEYS.mode_of(c.state) for c in cases()}
    assert reached == set(TABLE_KEYS.modes)


def test_no_two_rows_of_a_key_work_in_one_state() -> None:
    """A key's rows in a mode never work together: the first whose condition
    holds is the only one, whatever order Textual reads them in."""
    keys = keys_of(TABLE_KEYS)  # type: ignore[arg-type]
    for c in cases():
        rows = TABLE_KEYS.rows(TABLE_KEYS.mode_of(c.state))
        for key in keys:
            live = [r.action for r in rows if key in r.key_list and r.when(c.state) is True]
            assert len(live) <= 1, f"{c.where}: {key} -> {live}"


def _textual(bindings: list[object], check: object, key: str) -> tuple[str | None, object]:
    """Textual's reading of a screen's bindings for `key` (App._check_bindings:
    the first binding whose check_action is true runs; Screen.active_bindings:
    the first not False shows, if its binding shows)."""
    mine = [b for b in bindings if key in [k.strip() for k in b.key.split(",")]]  # type: ignore[attr-defined]
    runs = next((b.action for b in mine if check(b.action)), None)  # type: ignore[attr-defined,operator]
    shown = None
    for b in mine:
        s = check(b.action)  # type: ignore[attr-defined,operator]
        if s is not False:
            shown = (b.action, bool(s)) if b.show else None  # type: ignore[attr-defined]
            break
    return runs, shown


def test_textuals_resolution_of_the_bindings_is_the_tables() -> None:
    bindings = TABLE_KEYS.bindings()
    keys = keys_of(TABLE_KEYS)  # type: ignore[arg-type]
    for c in cases():
        answers = TABLE_KEYS.answers(c.state)  # (what the screen's check_action reads)

        def check(
            action: str, c: Case = c, answers: dict[str, bool | None] = answers
        ) -> bool | None:
            name = action.split("(")[0]
            said = TABLE_KEYS.check(answers, name)
            assert said == TABLE_KEYS.state(c.state, name), (c.where, name)
            return said

        for key in keys:
            runs, shown = _textual(bindings, check, key)  # type: ignore[arg-type]
            row = TABLE_KEYS.resolve(c.state, key)
            assert runs == (row.action if row else None), f"{c.where}: {key}"
            footer = TABLE_KEYS.shown(c.state, key)
            assert shown == (None if footer is None else (footer[0].action, footer[1])), c.where


def test_a_label_chosen_by_the_state_is_one_of_its_keys() -> None:
    for c in cases():
        for row in TABLE_KEYS.rows(TABLE_KEYS.mode_of(c.state)):
            label = row.label
            if label is not None and not isinstance(label, str):
                assert label.pick(c.state) in label.keys, c.where


def find(where: str, kind: str = "solo", seat: int | None = None) -> Case:
    """The first case of a moment (`where` begins its name) seen by `kind`."""
    for c in cases():
        mine = seat is None or f" seat {seat} " in c.where
        if c.where.startswith(where) and c.where.endswith(kind) and mine:
            return c
    raise AssertionError(f"no case {where} {kind}")


def awaited_seat(where: str) -> int:
    for name, state in moments():
        if name == where:
            seat = state.awaiting()
            return 0 if seat is None else seat
    raise AssertionError(where)


# (moment, who looks, key, the action it runs; None: nothing)
KEY_CASES = [
    ("classic/dealing", "solo", "space", "hold_deal"),
    ("classic/dealing", "solo", "f", "skip_deal"),
    ("classic/dealing", "solo", "escape", "clear"),
    ("classic/dealing", "solo", "q", "quit_table"),
    ("classic/dealing", "solo", "enter", None),
    ("classic/dealing", "hotseat", "tab", "next_hand"),
    ("classic/dealing", "solo", "tab", None),
    ("classic/dealing", "watching", "space", None),
    ("classic/dealing", "watching", "escape", "leave"),
    ("classic/dealing", "watching", "1", "follow(0)"),
    ("classic/dealing", "watching", "0", "follow(-1)"),
    ("classic/dealing", "watching", "d", None),
    ("classic/burying", "solo", "left", "move(-1)"),
    ("classic/burying", "solo", "space", "pick"),
    ("classic/burying", "solo", "s", "suggest"),
    ("classic/burying", "solo", "d", "nothing_to_declare"),
    ("classic/burying", "solo", "p", None),
    ("classic/follow", "solo", "down", "jump(1)"),
    ("classic/follow", "solo", "tab", "jump(1)"),
    ("classic/follow", "solo", "home", "suit_edge(0)"),
    ("classic/follow", "solo", "a", "toggle_unit"),
    ("classic/follow", "solo", "1", "number(1)"),
    ("classic/follow", "solo", "n", None),
    ("classic/follow", "solo", "t", "last_trick"),
    ("classic/follow", "solo", "m", "counter"),
    ("classic/follow", "solo", "u", "take_back"),
    ("classic/follow", "watching", "left", None),
    ("classic/result", "solo", "enter", "confirm"),
    ("classic/result", "solo", "n", "next_deal"),
    ("classic/finished", "solo", "n", None),
    ("find-friends/calling", "solo", "enter", "confirm"),
    ("eighty-points/bidding", "solo", "enter", "auction_bid"),
    ("eighty-points/bidding", "solo", "p", "auction_pass"),
    ("eighty-points/bidding", "solo", "right", "auction_move(1)"),
    ("eighty-points/bidding", "solo", "3", "auction_option(2)"),
    ("eighty-points/bidding", "solo", "d", "nothing_to_declare"),
    ("eighty-points/naming_trump", "solo", "enter", "auction_name"),
    ("eighty-points/naming_trump", "solo", "p", None),
    ("eighty-points/naming_trump", "solo", "1", "auction_option(0)"),
    ("eighty-points/dealing", "solo", "d", "nothing_to_declare"),
    ("three-player/overturning", "solo", "p", "pass_steal"),
    ("four-deck/kitty_theft", "solo", "p", "pass_steal"),
    ("four-deck/kitty_theft", "solo", "d", "declare"),
]


@pytest.mark.parametrize(("where", "kind", "key", "action"), KEY_CASES)
def test_in_a_state_a_key_does_one_thing(
    where: str, kind: str, key: str, action: str | None
) -> None:
    """The awaited seat's screen (the burier, the bidder...), else seat 0's."""
    c = find(where, kind, awaited_seat(where))
    row = TABLE_KEYS.resolve(c.state, key)
    assert (row.action if row else None) == action, c.where


# (moment, who looks, key, what the footer says it does: a catalogue key; greyed?)
FOOTER_CASES = [
    ("classic/dealing", "solo", "space", "pace.hold_key", True),
    ("classic/declaring", "solo", "f", "keys.skip_done", True),
    ("classic/dealing", "solo", "f", "keys.skip", True),
    ("classic/burying", "solo", "enter", "keys.bury", False),  # nothing picked yet
    ("classic/follow", "solo", "enter", "keys.play", False),
    ("classic/result", "solo", "enter", "keys.next_deal", True),
    ("find-friends/calling", "solo", "enter", "keys.call_friend", True),
    ("three-player/overturning", "solo", "d", "auction.keys.overturn", False),  # (none to show)
    ("four-deck/kitty_theft", "solo", "d", "keys.declare", True),
    ("eighty-points/bidding", "solo", "enter", "auction.keys.bid", True),
    ("eighty-points/bidding", "solo", "left", "auction.keys.move", True),
    ("classic/follow", "watching", "1", "watch.follow_key", True),
]


@pytest.mark.parametrize(("where", "kind", "key", "label", "works"), FOOTER_CASES)
def test_the_footer_says_what_the_key_does(
    where: str, kind: str, key: str, label: str, works: bool
) -> None:
    c = find(where, kind, awaited_seat(where))
    shown = TABLE_KEYS.shown(c.state, key)
    assert shown is not None, c.where
    row, enabled = shown
    assert enabled is works, c.where
    assert TABLE_KEYS.label_keys(c.state)[row.name] == label


def test_the_modes_labels_are_the_presenters() -> None:
    """Where enter and f show, the mode's label is the one the presenter's
    `KeyStates` names (enter: play, bury, call, next deal; f: skip, done)."""
    checked = set()
    for c in cases():
        labels = TABLE_KEYS.label_keys(c.state)
        for key, name, said in (
            ("enter", "confirm", c.state.keys.confirm),
            ("f", "skip_deal", c.state.keys.skip),
        ):
            shown = TABLE_KEYS.shown(c.state, key)
            if shown is not None and shown[0].name == name:
                assert labels[name] == said, (c.where, key)
                checked.add(said)
    assert checked == {
        "keys.play",
        "keys.bury",
        "keys.call_friend",
        "keys.next_deal",
        "keys.skip",
        "keys.skip_done",
    }


def test_the_held_deal_says_go_on() -> None:
    c = find("classic/dealing", "solo", 1)  # (odd seats: the deal held)
    assert c.model.facts.deal_held
    shown = TABLE_KEYS.shown(c.state, "space")
    assert shown is not None and TABLE_KEYS.label_keys(c.state)["hold_deal"] == "pace.go_on_key"


def test_another_seats_turn_greys_the_hand_keys() -> None:
    where = "classic/burying"
    burier = awaited_seat(where)
    other = find(where, "solo", (burier + 1) % 4)
    for key in ("left", "space", "enter", "s"):
        shown = TABLE_KEYS.shown(other.state, key)
        assert shown is not None and shown[1] is False, key
        assert TABLE_KEYS.resolve(other.state, key) is None


def test_a_mode_without_an_action_answers_false() -> None:
    c = find("eighty-points/bidding", "solo", awaited_seat("eighty-points/bidding"))
    assert TABLE_KEYS.state(c.state, "pick") is False
    assert TABLE_KEYS.state(c.state, "auction_bid") is True
    assert TABLE_KEYS.state(c.state, "not_a_key") is True  # (Textual's default)


def test_a_table_refuses_two_conditions_for_one_action() -> None:
    from shengji_tui.tui.keytable import ALWAYS, KeyTable, When

    never: When[object] = When("never", lambda _s: False)
    with pytest.raises(ValueError, match="two conditions"):
        Keys({"m": (KeyTable("t", (Row("a", "x", ALWAYS), Row("b", "x", never))),)})
    with pytest.raises(ValueError, match="another order"):
        Keys(
            {
                "m": (KeyTable("t", (Row("a", "x", ALWAYS), Row("a", "y", never))),),
                "n": (KeyTable("u", (Row("a", "y", never), Row("a", "x", ALWAYS))),),
            }
        )
    with pytest.raises(ValueError, match="every key of an action"):
        Keys(
            {
                "m": (KeyTable("t", (Row("a", "x", ALWAYS),)),),
                "n": (KeyTable("u", (Row("a", "x", ALWAYS), Row("b", "x", ALWAYS))),),
            }
        )
