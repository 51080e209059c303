"""Who sits at the keyboard (`tui.seating`): each seating's answers as data,
and what the help offers by them (`?` lists take-back only where the seating
allows it: solo against bots, not a hotseat keyboard nor an SSH seat)."""

from __future__ import annotations

import pytest

from shengji_tui.engine import view_for
from shengji_tui.server.remote import RemoteShengjiApp
from shengji_tui.table import ChatNote
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.help.markdown import help_markdown
from shengji_tui.tui.help.screen import HelpScreen
from shengji_tui.tui.help.widget import HelpText
from shengji_tui.tui.model import Model
from shengji_tui.tui.records import Prefs, TableFacts
from shengji_tui.tui.seating import (
    Hotseat,
    Offers,
    Remote,
    Seating,
    Solo,
    Spectator,
    at_keyboard,
)
from shengji_tui.tui.setup import AppSetup

from . import helpers as H


class Watch:
    """A spectator's seat as the app sees it (`contract.WatchLike`): seats 1
    and 3 let watchers see their hands; it follows seat 3."""

    name = "Kim"
    following: int | None = 3

    def may_follow(self, seat: int) -> bool:
        return seat in (1, 3)

    def follow(self, seat: int | None) -> str | None:
        if seat is not None and not self.may_follow(seat):
            return "watch.not_allowed"
        self.following = seat
        return None


SOLO, HOTSEAT, REMOTE, SPECTATOR = Solo(2), Hotseat((0, 2)), Remote(1), Spectator(Watch())

# seating: seats, humans, spectating, acts, hands_over, chat, log_feed, hint_search,
# the coach during the match and after it
ANSWERS: list[tuple[Seating, tuple[object, ...]]] = [
    (SOLO, ((2,), (2,), False, True, False, False, 2, True, "any", "any")),
    (HOTSEAT, ((0, 2), (0, 2), False, True, True, False, None, True, "any", "any")),
    (REMOTE, ((1,), (1,), False, True, False, True, 1, False, "own", "any")),
    (SPECTATOR, ((0,), (), True, False, False, True, None, False, "none", "none")),
]


@pytest.mark.parametrize(("seating", "answers"), ANSWERS)
def test_each_seating_answers(seating: Seating, answers: tuple[object, ...]) -> None:
    s = seating
    said = (
        s.seats,
        s.humans,
        s.spectating,
        s.acts,
        s.hands_over,
        s.chat,
        s.log_feed,
        s.hint_search,
        s.coach(False),
        s.coach(True),
    )
    assert said == answers


# seating, humans seated at the table: the take-back refusal's key, the quit
# question's (saved game / not), what the help and keys offer
OFFERS: list[tuple[Seating, int, str | None, tuple[str | None, str | None], Offers]] = [
    (
        SOLO,
        1,
        None,
        ("quit.question_saved", "quit.question"),
        Offers(acts=True, take_back=True, chat=False, next_hand=False, follow=False),
    ),
    (
        SOLO,
        2,  # (a second human at the table saw the move)
        "takeback.hotseat",
        ("quit.question_saved", "quit.question"),
        Offers(acts=True, take_back=False, chat=False, next_hand=False, follow=False),
    ),
    (
        HOTSEAT,
        2,
        "takeback.hotseat",
        ("quit.question_saved", "quit.question"),
        Offers(acts=True, take_back=False, chat=False, next_hand=True, follow=False),
    ),
    (
        REMOTE,
        1,
        "takeback.remote",
        ("quit.question_remote", "quit.question_remote"),
        Offers(acts=True, take_back=False, chat=True, next_hand=False, follow=False),
    ),
    (
        SPECTATOR,
        4,
        "takeback.watching",
        (None, None),
        Offers(acts=False, take_back=False, chat=True, next_hand=False, follow=True),
    ),
]


@pytest.mark.parametrize(("seating", "table_humans", "refusal", "quit", "offers"), OFFERS)
def test_what_each_seating_offers(
    seating: Seating,
    table_humans: int,
    refusal: str | None,
    quit: tuple[str | None, str | None],
    offers: Offers,
) -> None:
    assert seating.take_back_refusal(table_humans) == refusal
    assert (seating.quit_question(True), seating.quit_question(False)) == quit
    assert seating.offers(table_humans) == offers
    assert offers.take_back == (refusal is None)


def test_the_hotseat_keyboard_goes_round() -> None:
    """To whom the game awaits, if a human here; tab: the next human in turn."""
    h = Hotseat((0, 2, 3))
    assert [h.turn_to(a, 0) for a in (None, 0, 1, 2, 3)] == [None, None, None, 2, 3]
    assert [h.next_human(s) for s in (0, 2, 3)] == [2, 3, 0]
    assert h.next_human(0, among=(0, 3)) == 3  # (the last chance to declare: who has not)
    assert h.next_human(3, among=(3,)) is None
    for one in (SOLO, REMOTE, SPECTATOR):
        assert one.turn_to(0, 1) is None and one.next_human(one.seats[0]) is None


def test_a_hotseat_is_two_humans_or_more() -> None:
    assert at_keyboard([1]) == Solo(1)
    assert at_keyboard([0, 2]) == Hotseat((0, 2))
    for wrong in ((0,), (1, 1)):
        with pytest.raises(ValueError):
            Hotseat(wrong)


def test_whose_words_and_who_says_them() -> None:
    """A player's words are their seat's; a spectator's are signed with its
    name (its own words come back: no toast for them)."""
    own = ChatNote(seat=2, name="Ann", text="hi")
    watcher = ChatNote(seat=None, name="Kim", text="hi")
    assert SOLO.said_by_me(own) and not SOLO.said_by_me(watcher)
    assert HOTSEAT.said_by_me(own) and not REMOTE.said_by_me(own)
    assert SPECTATOR.said_by_me(watcher) and not SPECTATOR.said_by_me(own)
    assert SOLO.speaker(2, "Ann") == (2, "Ann")
    assert SPECTATOR.speaker(0, "Ann") == (None, "Kim")


def test_a_spectator_follows_the_seats_that_let_it() -> None:
    watch = Watch()
    s = Spectator(watch)
    assert s.follow_choices(4) == (1, None)  # (3 is followed: the table, or seat 1)
    assert s.follow(2) == "watch.not_allowed" and watch.following == 3
    assert s.follow(None) is None and s.follow_choices(4) == (1, 3)
    assert SOLO.follow_choices(4) == () and SOLO.follow(1) is None


HELP_KEYS = ("play", "next_hand", "chat", "watch_follow", "watch_chat")

# seating: the help's key lines among HELP_KEYS, whether it lists take-back
HELPS: list[tuple[Seating, tuple[str, ...], bool]] = [
    (SOLO, ("play",), True),
    (HOTSEAT, ("play", "next_hand"), False),
    (REMOTE, ("play", "chat"), False),
    (SPECTATOR, ("watch_follow", "watch_chat"), False),
]


@pytest.mark.parametrize(("seating", "keys", "take_back"), HELPS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_help_is_the_seatings(
    seating: Seating, keys: tuple[str, ...], take_back: bool, lang: str
) -> None:
    state = H.following_state()
    cat = Catalogue(lang)
    m = Model(Prefs(cat, CardText(cat)), TableFacts(list(H.NAMES), 0, humans=list(seating.humans)))
    m.take_seat(0, view_for(state, 0))
    text = help_markdown(m, seating.offers(len(seating.humans)))
    lines = text.splitlines()
    listed = tuple(k for k in HELP_KEYS if f"- {m.prefs.ct.keys(cat.t('help.key.' + k))}" in lines)
    assert listed == keys
    assert (cat.t("takeback.help") in text) == take_back


def _help_app(kind: str) -> ShengjiApp:
    if kind == "hotseat":
        table = H.StaticTable(H.following_state(), humans=(0, 2))
        return ShengjiApp(table, Hotseat((0, 2)), AppSetup(lang="en"))
    table = H.StaticTable(H.following_state())
    if kind == "ssh":
        return RemoteShengjiApp(table, Remote(0), AppSetup(lang="en"))
    return ShengjiApp(table, Solo(0), AppSetup(lang="en"))


@pytest.mark.parametrize(
    ("kind", "take_back", "next_hand", "chat"),
    [("solo", True, False, False), ("hotseat", False, True, False), ("ssh", False, False, True)],
)
async def test_the_help_lists_only_what_the_seating_offers(
    kind: str, take_back: bool, next_hand: bool, chat: bool
) -> None:
    app = _help_app(kind)
    t = app.cat.t
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await H.wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help")
        text = app.screen.query_one(HelpText).props
        assert t("help.key.play").split(":")[0] in text  # (the keys that play are listed)
        assert (t("takeback.help") in text) == take_back
        assert ("**tab** (hotseat" in text) == next_hand
        assert (t("help.key.chat") in text) == chat
        await pilot.press("escape")
        await pilot.pause()
        offered = [c.title for c in app.get_system_commands(app.screen)]
        assert (t("takeback.palette") in offered) == take_back
