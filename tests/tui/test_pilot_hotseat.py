"""Hotseat: two humans share one keyboard. Whole deals through the real app and
the real `Table`, by keys, with the keyboard handed over at many moments (mid-deal
with tab, and whenever the other human must act); after every table update and
after every key, everything on screen is read back (every widget as Textual paints
it, the whole log, toasts, dialogs) and checked against the seat on screen.

The check counts cards: a line of text may name a card only as many times as the
seat on screen can know copies of it (its hand, cards played or shown this deal,
the kitty it buried or saw revealed); a card said to be "received" must be the one
the seat was dealt last, and what it may declare must be in its own hand. Two
decks hold two of each card, so a count, not a set: the other human's copy of a
card you also hold is still theirs."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import combinations, islice
from typing import Any

import pytest
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget

from shengji_tui import rules
from shengji_tui.engine import (
    CardDealt,
    DeclarationsRevealed,
    Declared,
    KittyBuried,
    KittyFlipped,
    KittyRevealed,
    KittyTaken,
    Played,
    SeatView,
    ThrowFailed,
)
from shengji_tui.rules import RuleSet
from shengji_tui.table import Pacing, Table, TableSettings, bot_specs
from shengji_tui.text import CardText, Catalogue
from shengji_tui.tui.aids.count import count_cards
from shengji_tui.tui.aids.counter_panel import CounterPanel
from shengji_tui.tui.aids.counter_screen import CounterScreen
from shengji_tui.tui.aids.kitty_screen import KittyScreen
from shengji_tui.tui.aids.presenter import AidsPresenter
from shengji_tui.tui.app import ShengjiApp
from shengji_tui.tui.model import Model
from shengji_tui.tui.props import plain
from shengji_tui.tui.screens.hand_over import PassScreen
from shengji_tui.tui.screens.last_trick import LastTrickScreen
from shengji_tui.tui.screens.log import LogScreen
from shengji_tui.tui.screens.result import DealResultScreen
from shengji_tui.tui.seating import Hotseat
from shengji_tui.tui.setup import AppSetup
from shengji_tui.tui.widgets import CentreBox, DeclarePanel

from .helpers import wait_until

HUMANS = (0, 2)
CHIP = re.compile(r"\[\d\]|【\d】")  # "[1] 2♥" / "【1】2♥": an option (a declaration, a legal play)
BOX = re.compile(r"[\s\u2500-\u259f]")  # blanks, box and block glyphs (a toast's edge)


class Witness:
    """Every view the table sent each seat, by version: what each seat knew when."""

    def __init__(self, table: Table) -> None:
        self.players = players = table.rules.players
        self.views: dict[int, dict[int, SeatView]] = {s: {} for s in range(players)}
        for s in range(players):
            self.record(s, table.view(s))
            table.subscribe(s, lambda view, _events, _status, s=s: self.record(s, view))

    def record(self, seat: int, view: SeatView) -> None:
        self.views[seat][view.version] = view


def knowable(tv: SeatView) -> Counter[rules.Card]:
    """The copies of each card the seat of `tv` may know of: its hand, the cards
    played or shown (declared, tried in a failed throw, the flipped or revealed
    kitty) this deal, the kitty it buried. Shown cards are counted per seat, at
    most as often as that seat showed them at once (a reinforcement repeats)."""
    k: Counter[rules.Card] = Counter(tv.hand)
    shown: dict[int | None, Counter[rules.Card]] = {}

    def show(seat: int | None, cards: tuple[rules.Card, ...]) -> None:
        shown[seat] = shown.get(seat, Counter()) | Counter(cards)

    for e in tv.log:
        if isinstance(e, Played):
            k.update(e.cards)
        elif isinstance(e, Declared):
            show(e.seat, e.cards)
        elif isinstance(e, DeclarationsRevealed):
            for seat, cards in zip(e.seats, e.cards, strict=False):
                show(seat, cards)
        elif isinstance(e, ThrowFailed):
            show(e.seat, e.tried)
        elif isinstance(e, (KittyFlipped, KittyRevealed)):
            show(None, e.cards)
        elif isinstance(e, (KittyTaken, KittyBuried)) and e.seat == tv.seat and e.cards:
            show(-1, e.cards)  # (the kitty cards it took are in its hand until buried)
    for counter in shown.values():
        k.update(counter)
    k.update(tv.kitty or ())
    return k


class Checker:
    """Reads every screen the app shows and checks it against the seat on screen."""

    def __init__(
        self, app: ShengjiApp, witness: Witness, lang: str, humans: tuple[int, ...] = HUMANS
    ) -> None:
        self.app = app
        self.humans = humans
        self.witness = witness
        self.cat = Catalogue(lang)
        ct = CardText(self.cat)
        labels = {ct.card(c): c for c in rules.full_deck(1)}
        alts = "|".join(re.escape(s) for s in sorted(labels, key=len, reverse=True))
        self.labels = labels
        self.token = re.compile(rf"(?<![0-9A-Za-z])({alts})(?![0-9A-Za-z])")
        self.declared = []
        for key in ("declared", "overturned", "reinforced", "stole"):
            parts = self.cat.t("log." + key).split("{name}")
            body = re.escape(parts[1]).replace(re.escape("{cards}"), ".+")
            self.declared.append(re.compile(re.escape(parts[0]) + "(?P<name>.+?)" + body))
        self.raised: list[tuple[str, int]] = []  # (toast text, seat on screen when raised)
        self.checks = 0
        self.seats_seen: set[int] = set()
        self.received_seen = 0
        self.counters_seen = 0
        self.toasts_seen = 0
        self.dialogs_seen: set[str] = set()
        notify = app.notify

        def recording_notify(message: str, **kw: Any) -> None:
            m = app.model
            self.raised.append((message, -1 if m is None else m.facts.seat))
            notify(message, **kw)

        app.notify = recording_notify  # type: ignore[method-assign]

    def cards(self, text: str) -> Counter[rules.Card]:
        return Counter(self.labels[t] for t in self.token.findall(text))

    # ------------------------------------------------------------ reading
    def visible_screens(self) -> list[Any]:
        out = []
        for scr in reversed(self.app.screen_stack):
            out.append(scr)
            if not isinstance(scr, ModalScreen):
                break
        return out

    @staticmethod
    def painted(widget: Widget) -> list[str]:
        """The widget's lines as Textual paints them (its own cache included)."""
        if not widget.display or not widget.region:
            return []
        size = widget.outer_size
        strips = widget.render_lines(Region(0, 0, size.width, size.height))
        return ["".join(seg.text for seg in strip) for strip in strips]

    # ------------------------------------------------------------ checking
    def __call__(self, where: str, settled: bool = True) -> None:
        """`settled`: after a pause (toasts come and go a message later: read then)."""
        self.checks += 1
        screens = self.visible_screens()
        self.dialogs_seen.update(type(scr).__name__ for scr in screens)
        widgets = [
            w
            for scr in screens
            for w in scr.query("*")
            if settled or not any(type(n).__name__ == "ToastRack" for n in w.ancestors_with_self)
        ]
        public = self.public()
        self.check_log(where, public)
        if isinstance(screens[-1], PassScreen):  # between two humans: what both may know
            for w in widgets:
                painted = self.painted(w)
                self.toasts_seen += type(w).__name__ == "Toast" and any(map(str.strip, painted))
                for line in painted:
                    over = self.cards(line) - public
                    assert not over, f"{where}: the hand-over shows {dict(over)}: {line!r}"
            return
        m = self.app.model
        assert m is not None and m.facts.view is not None
        seat = m.facts.seat
        self.seats_seen.add(seat)
        v = m.facts.view
        assert v.seat == seat, f"{where}: seat {seat} is shown seat {v.seat}'s view"
        tv = self.witness.views[seat][v.version]
        assert v is tv or v == tv
        hand = Counter(tv.hand)
        assert Counter(m.facts.hand) == hand, f"{where}: the hand is not seat {seat}'s"
        assert not Counter(m.selection()) - hand, f"{where}: a selection not in the hand"
        assert not m.facts.kitty_new - hand, f"{where}: kitty marks on cards not in the hand"
        dealt = [e.card for e in tv.log if isinstance(e, CardDealt) and e.seat == seat]
        last = dealt[-1] if dealt else None
        if m.facts.last_dealt is not None:
            assert m.facts.last_dealt == last, f"{where}: seat {seat} was dealt {last} last"
        # (the log may run ahead of the seat's view: it tells the spectator's events,
        # which the app may read first; the table has sent the seat its newest view)
        know = knowable(self.latest(seat))
        lines: list[tuple[str, str]] = []
        for w in widgets:
            painted = self.painted(w)
            name = type(w).__name__
            lines.extend((name, line) for line in painted)
            if isinstance(w, CentreBox):
                self.check_received(where, painted, last)
            elif isinstance(w, DeclarePanel):
                self.check_options(where, painted, hand)
            elif name == "Toast":
                self.check_toast(where, painted, seat)
            elif isinstance(w, CounterPanel) and painted:  # (a hidden panel is not kept)
                self.check_counter(where, w, m)
        for name, line in lines:
            if name == "CounterPanel":  # (it names the cards the seat does not see)
                continue
            for part in CHIP.split(line):  # (each option names its own cards)
                over = self.cards(part) - know
                assert not over, f"{where}: seat {seat} cannot know {dict(over)}: {name} {line!r}"

    def check_counter(self, where: str, panel: CounterPanel, m: Model) -> None:
        """The card counter names every card the seat does not see, by construction:
        it must be the count of the seat's own view (`count_cards` reads the view
        alone), and what it says is out is exactly the pack less what that view
        holds (the hand, the cards played, the kitty it buried)."""
        seat_view = m.facts.view
        assert seat_view is not None
        assert panel.props == AidsPresenter().counter(m), f"{where}: a stale or foreign count"
        count = count_cards(seat_view, m.ctx)
        out = Counter(c for s in count.suits for c in s.out)
        seen = Counter(seat_view.hand) + Counter(seat_view.kitty or ())
        for e in seat_view.log:
            if isinstance(e, Played):
                seen.update(e.cards)
        pack = Counter(rules.full_deck(seat_view.rules.decks))
        assert out + seen == pack, (
            f"{where}: the count is not the pack less seat {m.facts.seat}'s view"
        )
        self.counters_seen += 1

    def latest(self, seat: int) -> SeatView:
        views = self.witness.views[seat]
        return views[max(views)]

    def public(self) -> Counter[rules.Card]:
        """What every human at the keyboard may know (the log is theirs to share)."""
        known = [knowable(self.latest(s)) for s in self.humans]
        out = known[0]
        for k in known[1:]:
            out &= k
        return out

    def check_log(self, where: str, public: Counter[rules.Card]) -> None:
        """The whole log (one for all the humans): no card some human may not know,
        no declaration before every human may see it (face-down declaring)."""
        for line in self.app.log_lines:
            over = self.cards(line) - public
            assert not over, f"{where}: the shared log tells {dict(over)}: {line!r}"
        told: Counter[str] = Counter()
        for line in self.app.log_lines:
            for pattern in self.declared:
                hit = pattern.fullmatch(line)
                if hit:
                    told[hit.group("name")] += 1
        m = self.app.model
        assert m is not None
        for seat in range(self.witness.players):
            seen = min(
                sum(isinstance(e, Declared) and e.seat == seat for e in self.latest(s).log)
                for s in self.humans
            )
            said = told[m.facts.names[seat]]
            assert said <= seen, f"{where}: the log tells {said} declarations of seat {seat}"

    def check_received(self, where: str, painted: list[str], last: rules.Card | None) -> None:
        said = self.cat.t("centre.you_got")
        for line in painted:
            if said in line:
                got = list(self.cards(line.split(said, 1)[1]).elements())
                assert got == [last], f"{where}: {line.strip()!r}, but {last} was dealt last"
                self.received_seen += 1

    def check_options(self, where: str, painted: list[str], hand: Counter[rules.Card]) -> None:
        text = " ".join(painted)
        can = self.cat.t("declare.can")
        if can not in text:
            return
        for chip in CHIP.split(text.split(can, 1)[1])[1:]:
            over = self.cards(chip) - hand
            assert not over, f"{where}: may declare {dict(over)} it does not hold: {chip!r}"

    def check_toast(self, where: str, painted: list[str], seat: int) -> None:
        shown = BOX.sub("", "".join(painted))
        if not shown:
            return
        self.toasts_seen += 1
        origins = {s for msg, s in self.raised if BOX.sub("", msg) in shown}
        assert seat in origins, f"{where}: seat {seat} sees a toast raised for {origins}: {shown}"


def make_table(
    preset: str, seed: int, cat: Catalogue, deal_delay: float, humans: tuple[int, ...] = HUMANS
) -> Table:
    players = RuleSet.preset(preset).players
    bots = iter(["Ana", "Ken", "Mei", "Raj", "Zoe"])
    names = [
        cat.t("names.player", n=humans.index(s) + 1) if s in humans else next(bots)
        for s in range(players)
    ]
    settings = TableSettings.build(
        preset,
        seed,
        names=names,
        bots=bot_specs(seed, [s for s in range(players) if s not in humans], "random", names),
        pacing=Pacing(bot_delay=0, deal_delay=deal_delay, declare_window=1.0),
    )
    return Table(settings)


def checked_app(
    table: Table, lang: str, humans: tuple[int, ...] = HUMANS
) -> tuple[ShengjiApp, Checker]:
    app = ShengjiApp(
        table, Hotseat(tuple(humans)), AppSetup(owns_table=True, theme="shengji", lang=lang)
    )
    check = Checker(app, Witness(table), lang, humans)
    after = app._check_hotseat  # called after every table update and every hand-over

    def checked() -> None:
        after()
        check("update", settled=False)

    app._check_hotseat = checked  # type: ignore[method-assign]
    return app, check


def illegal_follow(m: Model) -> list[rules.Card] | None:
    """Cards of the hand the rules refuse for the current lead (the centre says why)."""
    v = m.facts.view
    lead = list(m.lead())
    hand = list(v.hand)
    for combo in islice(combinations(range(len(hand)), len(lead)), 3000):
        cards = [hand[i] for i in combo]
        if not rules.check_follow(v.rules, m.ctx, hand, lead, cards).ok:
            return cards
    return None


def failing_throw(m: Model, others: list[tuple[rules.Card, ...]]) -> list[rules.Card] | None:
    """A throw of one side suit of the hand that another hand can beat."""
    v = m.facts.view
    by: dict[str, list[rules.Card]] = {}
    for c in v.hand:
        by.setdefault(rules.effective_suit(v.rules, m.ctx, c), []).append(c)
    for suit, cards in sorted(by.items()):
        if suit == "T" or len(cards) < 2 or len(rules.decompose(v.rules, m.ctx, cards)) < 2:
            continue
        if not rules.check_throw(v.rules, m.ctx, cards, [list(h) for h in others]).ok:
            return cards
    return None


async def select_by_keys(pilot: Any, m: Model, cards: list[rules.Card]) -> None:
    taken: set[int] = set()
    for card in cards:
        idx = next(i for i, c in enumerate(m.facts.hand) if c == card and i not in taken)
        taken.add(idx)
        while m.cursor.at != idx:
            await pilot.press("right" if m.cursor.at < idx else "left")
        await pilot.press("space")


HELD = 3600.0  # a deal's delay that holds the dealing until the test lets it go on


async def deal_and_declare(
    pilot: Any,
    app: ShengjiApp,
    check: Callable[[str], None],
    declare: bool = True,
    table: Table | None = None,
    deal_delay: float = 0.0,
) -> int:
    """Cards arrive; the humans declare when they can and hand the keyboard over
    again and again (tab, then enter on the hand-over screen). Returns the number
    of hand-overs made while cards were still being dealt. A `table` made with
    the deal delay `HELD` deals on at `deal_delay` once the keyboard has changed
    hands three times mid-deal (however slow the machine, those come first)."""
    m = app.model
    assert m is not None
    mid_deal = 0

    async def key(*keys: str) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        check("+".join(keys))

    while True:
        if isinstance(app.screen, PassScreen):
            await key("enter")
            continue
        if m.phase not in ("dealing", "declaring"):
            return mid_deal
        if declare and m.declare_options():
            await key("d")
        if m.phase == "declaring":
            # the last chance, held for every human in turn: f hands the keyboard
            # on, the last one's f closes the window
            await key("f")
            continue
        dealing = m.phase == "dealing"
        await key("tab")
        if isinstance(app.screen, PassScreen):
            mid_deal += dealing
            await key("enter")
            if table is not None and mid_deal == 3 and table.settings.pacing.deal_delay == HELD:
                table.set_pacing(table.settings.pacing.replace(deal_delay=deal_delay))
        await pilot.pause(0.02)


async def play_deal(
    pilot: Any, app: ShengjiApp, check: Checker, wide: bool, tricks: int | None = None
) -> dict[str, int]:
    """Bury (if a human holds the kitty) and play every trick to the deal's end
    (or the first `tricks`); try an illegal follow now and then (its toast tells
    of the hand), open the last trick and the log."""
    m = app.model
    assert m is not None
    done: Counter[str] = Counter()

    async def key(*keys: str) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        check("+".join(keys))

    while m.phase in ("burying", "kitty_theft", "playing"):
        if tricks is not None and m.facts.view is not None and m.facts.view.trick_no >= tricks:
            break
        if isinstance(app.screen, PassScreen):
            await key("enter")
            done["hand-overs"] += 1
            continue
        v = m.facts.view
        if v.awaiting != m.facts.seat:
            await pilot.pause(0.01)
            continue
        before = len(v.hand)
        if m.phase == "burying":
            await key("enter")  # nothing picked: a toast says how many to pick
            await key("s")
            await key("enter")
            done["buried"] += 1
        else:
            turn = done["turns"] = done["turns"] + 1
            bad = illegal_follow(m) if m.lead() and turn % 2 else None
            if bad is not None:
                await select_by_keys(pilot, m, bad)
                await key("enter")  # refused: the centre gives the rules' reason
                await key("escape")
                done["refused"] += 1
            throw = None
            if not m.lead() and not done["thrown"]:
                views = check.witness.views
                seats = range(check.witness.players)
                others = [views[s][v.version].hand for s in seats if s != m.facts.seat]
                throw = failing_throw(m, others)
            if throw is not None:  # it fails: a toast, the cards tried, the one forced
                await select_by_keys(pilot, m, throw)
                await key("enter")
                done["thrown"] += 1
                await wait_until(
                    pilot, lambda before=before: len(m.facts.view.hand) < before, what="the throw"
                )
                continue
            if turn % 4 == 1:  # the card counter: the seat's own count (check_counter)
                await key("m")
                assert isinstance(app.screen, CounterScreen)
                await key("escape")
            if turn % 4 == 2:  # the kitty: only its burier's screen opens it
                await key("k")
                mine = m.facts.view.kitty_holder == m.facts.seat
                assert isinstance(app.screen, KittyScreen) == mine
                if mine:
                    await key("escape")
                done["kitty mine" if mine else "kitty refused"] += 1
            if v.last_trick and turn % 3 == 0:
                await key("t")
                assert isinstance(app.screen, LastTrickScreen)
                await key("escape")
            if not wide and turn % 5 == 0:
                await key("g")
                assert isinstance(app.screen, LogScreen)
                await key("escape")
            await key("s")
            await key("enter")
        await wait_until(
            pilot,
            lambda before=before: (
                len(m.facts.view.hand) < before
                or m.phase not in ("burying", "playing")
                or isinstance(app.screen, PassScreen)
            ),
            what="the move to be taken",
        )
    return dict(done)


async def whole_hotseat_deal(lang: str, seed: int, narrow_tricks: int) -> None:
    """Deal, declare and play to the deal's end and its result, every screen of
    every human read: dealt, declared and the first `narrow_tricks` tricks
    played at 80x24, the rest at 120x40 (the counter beside the log)."""
    cat = Catalogue(lang)
    table = make_table("classic", seed, cat, deal_delay=HELD)
    app, check = checked_app(table, lang)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        m = app.model
        assert m is not None
        mid_deal = await deal_and_declare(pilot, app, check, table=table, deal_delay=0.06)
        assert mid_deal >= 3, "the keyboard changed hands mid-deal"
        assert check.received_seen, "the centre said which card came"
        decls = {d.seat for d in table.view(None).declarations}
        assert decls & set(HUMANS), "a human declared"
        narrow = await play_deal(pilot, app, check, wide=False, tricks=narrow_tricks)
        assert narrow.get("turns", 0) >= narrow_tricks and m.facts.view.trick_no >= narrow_tricks
        counted = check.counters_seen
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        check("resized to 120x40")
        done = Counter(narrow) + Counter(await play_deal(pilot, app, check, wide=True))
        # (a failed throw tried once at each size, when a hand has one)
        assert done.get("refused", 0) >= 1 and done.get("thrown", 0) in (1, 2)
        assert check.seats_seen == set(HUMANS) and "PassScreen" in check.dialogs_seen
        assert done.get("turns", 0) >= 20 and done.get("hand-overs", 0) >= 10
        # a toast was read (or at least raised: the human's own failed throw toasts
        # just as the keyboard may pass on, and the hand-over takes it down unread)
        assert check.toasts_seen >= 1 or check.raised
        assert done.get("kitty refused", 0) >= 1
        assert check.counters_seen - counted >= 20, "the counter beside the log, read"
        await wait_until(pilot, lambda: isinstance(app.screen, DealResultScreen), what="result")
        check("the result")
        await pilot.press("t")
        await pilot.pause()
        check("the result's last trick")
        assert isinstance(app.screen, LastTrickScreen)
    assert check.seats_seen == set(HUMANS)
    assert {"DealResultScreen", "LastTrickScreen", "PassScreen"} <= check.dialogs_seen
    assert check.checks > 200


@pytest.mark.slow(25)
async def test_a_whole_hotseat_deal_shows_each_human_only_their_own_cards() -> None:
    # (one deal in Chinese, at 80x24 then at 120x40: the English hotseat deals
    # are the six seats' below, the find-friends' and the auctions')
    await whole_hotseat_deal("zh", seed=3, narrow_tricks=4)


@pytest.mark.slow(21)
async def test_three_humans_at_six_seats_see_only_their_own_cards() -> None:
    """Six seats, three humans (one whole team) at one keyboard: dealt, declared
    and handed over mid-deal, then a few tricks played, every screen read."""
    humans = (0, 2, 4)
    cat = Catalogue("en")
    table = make_table("six-player", 4, cat, deal_delay=HELD, humans=humans)
    app, check = checked_app(table, "en", humans)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        m = app.model
        assert m is not None
        mid_deal = await deal_and_declare(pilot, app, check, table=table, deal_delay=0.03)
        # (each of the three once at least)
        assert mid_deal >= 3, "the keyboard changed hands mid-deal"
        done = await play_deal(pilot, app, check, wide=False, tricks=4)
        assert done.get("turns", 0) >= 10 and done.get("hand-overs", 0) >= 6
        assert m.facts.view is not None and m.facts.view.trick_no >= 4
    assert check.seats_seen == set(humans)
    assert "PassScreen" in check.dialogs_seen and check.checks > 100


async def test_hidden_declarations_stay_hidden_from_the_other_human() -> None:
    """Four decks declare face down (暗亮): the shared log and the other human's
    screen say nothing of a declaration until the dealing ends."""
    cat = Catalogue("en")
    table = make_table("four-deck", 5, cat, deal_delay=0.01)
    app, check = checked_app(table, "en")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        m = app.model
        assert m is not None
        await deal_and_declare(pilot, app, check)
        log = table.view(None).log
        assert any(isinstance(e, Declared) and e.seat in HUMANS for e in log), "a human declared"
        await wait_until(
            pilot, lambda: m.phase not in ("dealing", "declaring"), what="the deal's end"
        )
        check("declarations revealed")


async def test_a_hand_over_clears_the_toasts_but_the_tables_own_warning() -> None:
    """The store failing is the table's news, everyone's: it stays over a hand-over."""
    from types import SimpleNamespace

    from . import helpers as H

    class TroubledTable(H.StaticTable):
        trouble = SimpleNamespace(reason="disk full", stopped=False)

        def on_trouble(self, callback: Callable[[object], None]) -> Callable[[], None]:
            return lambda: None

    table = TroubledTable(H.following_state(), humans=HUMANS)
    app = ShengjiApp(table, Hotseat(tuple(HUMANS)), AppSetup(theme="shengji"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("seat 0's own news")
        await pilot.pause()
        app.next_hotseat_hand()
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen), what="the hand-over")
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.model is not None and app.model.facts.seat == 2)
        await pilot.pause(0.2)
        # (a toast's lines joined, without its edge: narrow toasts wrap "disk / full")
        painted = [" ".join(Checker.painted(w)) for w in app.screen.query("Toast")]
        toasts = [" ".join(BOX.sub(" ", t).split()) for t in painted]
        assert any("disk full" in t for t in toasts), toasts
        assert not any("own news" in t for t in toasts), toasts


async def test_every_human_gets_the_last_chance_to_declare() -> None:
    """After the last card the declaring window is held for every human at the
    keyboard: the first one's `f` (done) hands it to the next, who sees their
    whole hand before anything closes; the last one's `f` closes it."""
    from shengji_tui.engine import DealAll, DealNext, apply, new_game

    from . import helpers as H

    state, _ = apply(new_game("classic", 5), DealAll())
    assert state.phase == "declaring"
    table = H.StaticTable(state, humans=HUMANS)
    app = ShengjiApp(table, Hotseat(tuple(HUMANS)), AppSetup(theme="shengji"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        m = app.model
        assert m is not None and m.facts.seat == HUMANS[0]
        assert table.deal_held, "the window is held"
        # the centre says so (no countdown run down to "0 s" while it waits)
        await wait_until(pilot, lambda: m.facts.deal_held, what="the model held")
        centre = [plain(line) for line in app.screen.props.centre.lines]
        assert app.cat.t("pace.held_closing") in centre, centre
        assert app.cat.t("centre.dealt") in centre, centre
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen), what="the hand-over")
        assert not table.submitted, "nothing closed before the other human's turn"
        await pilot.press("enter")
        await wait_until(pilot, lambda: m.facts.seat == HUMANS[1], what="the next human")
        await pilot.pause()
        assert sorted(map(str, m.facts.hand)) == sorted(map(str, state.hands[HUMANS[1]]))
        assert m.phase == "declaring" and not table.submitted
        await pilot.press("f")
        await wait_until(pilot, lambda: bool(table.submitted), what="the close")
        assert isinstance(table.submitted[0], DealNext)
        assert table.state.phase != "declaring"
