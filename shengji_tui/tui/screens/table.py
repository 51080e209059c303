"""The table: the other seats around a centre, your hand at the bottom.

The screen watches the model: after every change it asks the presenter for
the props of every widget and gives each widget its own (`show`); widgets
whose props did not change do nothing. Keys act on the model (cursor,
selection) or post a message to the app (a command for the table, quit, the
next human at a hotseat keyboard)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from ...engine import Declare, NextDeal, PassSteal, Steal
from ..aids.counter_panel import CounterPanel
from ..aids.counter_screen import CounterScreen
from ..aids.kitty_screen import KittyScreen
from ..aids.presenter import AidsPresenter, counter_refusal, kitty_refusal
from ..bindings import relabel_bindings
from ..keytable import Keyed
from ..messages import (
    ChatRequested,
    DealStepRequested,
    FollowRequested,
    HelpRequested,
    HoldDealRequested,
    NextHandRequested,
    QuitRequested,
    ReclaimRequested,
    SubmitCommand,
    TakeBackRequested,
)
from ..model import Model
from ..presenter import Presenter, seat_positions
from ..props import SeatProps, TableProps
from ..variants.auction.panel import AuctionPanel
from ..variants.friends.call_screen import CallFriendScreen
from ..widgets import (
    CentreBox,
    DeclarePanel,
    GameLog,
    HandView,
    KeyBar,
    LastTrick,
    MeLine,
    PointsBar,
    ScoreAhead,
    ScoreText,
    SeatPanel,
    StatusBar,
    styles_for,
)
from .auction_keys import AuctionKeys
from .base import SizeWatch
from .last_trick import LastTrickScreen
from .log import LogScreen
from .table_keys import TABLE_KEYS, TableKeyState

COUNTER_WIDTH = 120  # columns from which the card counter shows beside the log
COMPACT_SIZE = (80, 24)  # below it, the compact layout


class TableArea(Vertical):
    """The seats and the centre: tells the screen when its size changes (the
    centre's room is measured then)."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())


class TableScreen(SizeWatch, AuctionKeys):
    """The seats around a centre; your hand at the bottom."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012

    # One table per mode (screens/table_keys.py): a key that does several
    # things runs the row of the mode's tables whose condition holds.
    BINDINGS: ClassVar[list[BindingType]] = TABLE_KEYS.bindings()

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model
        self.presenter = Presenter()
        self.aids = AidsPresenter(self.presenter)
        self.presented_at = time.monotonic()
        self.props: TableProps = self.presenter.present(model, self.presented_at)
        self._labels_for: tuple[object, ...] | None = None
        self._answers: tuple[TableProps, tuple[bool, ...], dict[str, bool | None]] | None = None
        self._labels: dict[str, str] = {}  # action -> what the key bar says it does
        self._space = "space"
        self._lang: str | None = None
        self._binding_sig: tuple[object, ...] = ()
        self._seat_panels: dict[str, SeatPanel] = {}
        self._unwatch: Callable[[], None] | None = None
        self._countdown: Timer | None = None
        self._clock_timer: Timer | None = None
        self._clock_for: object = None  # the clock the timer counts down
        self._widgets: _Widgets | None = None
        self._toasts_top: int | None = None  # the toasts' row over the centre (place_toasts)

    # --------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        p = self.props
        seats = {sp.position: sp for sp in p.seats}
        positions = seat_positions(self.model.players)
        across = [pos for pos in positions if pos.startswith("top")]
        yield StatusBar(p.status, id="status")
        with Horizontal(id="board"):
            with TableArea(id="table"):
                if len(across) == 1:
                    yield self._seat_panel(across[0], seats, "seat-top")
                elif across:
                    with Horizontal(id="top-row"):
                        for pos in reversed(across):  # (play goes to the right)
                            yield self._seat_panel(pos, seats)
                with Horizontal(id="middle"):
                    if "left" in positions:
                        yield self._seat_panel("left", seats)
                    with Vertical(id="centre"):
                        yield CentreBox(p.centre, id="trick")
                        yield AuctionPanel(p.auction, id="auction")
                        yield DeclarePanel(p.declare, id="declare")
                    if "right" in positions:
                        yield self._seat_panel("right", seats)
            with Vertical(id="side"):
                last = LastTrick(p.last_trick, id="last-trick")
                # room from the start for a trick (its title, a line a seat, who won
                # it, the border): the first trick won does not lay the screen out
                last.styles.min_height = self.model.players + 3
                yield last
                yield CounterPanel(self.aids.counter(self.model), id="side-counter")
                yield GameLog(p.log, id="log")
        with Horizontal(id="scoreline"):
            yield ScoreText(p.score.left, id="score-left")
            yield PointsBar(ascii=self.model.prefs.ct.ascii, id="points-bar", total=80)
            yield ScoreAhead(p.score.ahead, id="score-right")
        yield MeLine(p.me, id="me")
        yield HandView(p.hand, id="hand")
        yield KeyBar(self.key_text, id="keys")

    def _seat_panel(
        self, position: str, seats: dict[str, SeatProps], id: str | None = None
    ) -> SeatPanel:
        props = seats.get(position, SeatProps(-1, position, ()))
        panel = SeatPanel(props, id=id or f"seat-{position}")
        self._seat_panels[position] = panel
        return panel

    def on_mount(self) -> None:
        # after every layout: the room is the layout's (a seat across that grew
        # or shrank changes it without a new props or a resized area); measured
        # once the layout is done, not inside it (a widget asking for a layout
        # there would be laid out from its cached size)
        self.screen_layout_refresh_signal.subscribe(self, self.measure_later)
        self._countdown = self.set_interval(0.25, self._tick_countdown, pause=True)
        self._unwatch = self.model.observe(self.present)
        self.present()
        # (the first layout publishes no signal: measured after it)
        self.call_after_refresh(self.measure_centre)

    def on_unmount(self) -> None:
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None

    def relabel(self) -> None:
        """Binding descriptions in the chosen language (the key tables' labels
        for the state's mode)."""
        t = self.model.prefs.cat.t
        state = self.key_state()
        labels = TABLE_KEYS.labels(t, state)
        self._labels = labels
        self._space = t("keys.space")
        relabel_bindings(self, labels, {"space": self._space})
        self._lang = self.model.prefs.cat.lang
        self._labels_for = (TABLE_KEYS.label_sig(state), self._lang)

    def key_state(self) -> TableKeyState:
        """What the keys depend on now (the key tables' conditions read it)."""
        m = self.model
        p = self.props
        return TableKeyState(
            p.keys,
            p.auction.keys,
            m.phase,
            m.facts.spectating,
            m.facts.chat,
            self.has_class("-wide"),
        )

    def keys_signature(self) -> tuple[object, ...]:
        """All this screen's keys, as the key bar shows them, depend on (the
        state its key tables read, the labels the bindings were given, ASCII
        mode): the bar keeps the keys of the few states a deal goes back and
        forth between."""
        return (self.key_state(), self._labels_for, self.model.prefs.ct.ascii)

    def key_answers(self) -> dict[str, bool | None]:
        """The key tables' answer for every action now, asked once per props
        (and terminal width, seating): Textual asks `check_action` of each
        binding at every refresh of the bindings."""
        m = self.model
        facts = (self.has_class("-wide"), m.facts.spectating, m.facts.chat)
        memo = self._answers
        if memo is None or memo[0] is not self.props or memo[1] != facts:
            memo = self._answers = (self.props, facts, TABLE_KEYS.answers(self.key_state()))
        return memo[2]

    # --------------------------------------------------------------- props
    def present(self) -> None:
        """The model changed: new props for every widget (called from `on_mount` on)."""
        self.presented_at = time.monotonic()  # (the declaring countdown's seconds)
        # (props that change the layout lay the screen out: measured after it)
        self.show(self.presenter.present(self.model, self.presented_at))

    def on_table_area_resized(self, _message: TableArea.Resized) -> None:
        self.call_after_refresh(self.measure_centre)

    def measure_later(self, _screen: object = None) -> None:
        self.call_after_refresh(self.measure_centre)

    def measure_centre(self) -> None:
        """The centre column's room as laid out: the columns of its boxes' text,
        and the lines of the table area that the seats across leave (the trick
        box, or the bidding panel in its place, and the declaration panel share
        them). The presenter leaves out what does not fit (Model.centre_room).
        The room depends on the layout alone (the terminal, the hand's rows),
        not on what the boxes hold: measured again, it is the same."""
        room = self.centre_room()
        if room is not None:
            self.model.set_centre_room(room)
        self.place_toasts()

    def place_toasts(self) -> None:
        """Where no corner is free of seats for a toast of a few lines (fewer
        than 32 rows, or five and six seats across the top, on a terminal
        without the side panel), toasts show over the centre box, below its top
        border and as wide as it (`-toasts-centre`); with the side panel, five
        and six seats' toasts show over it (`-toasts-side`); else at the top
        right of the table. (After every layout: the box moves as the seats and the hand change.)"""
        w = self._widgets
        wide = self.has_class("-wide")
        centred = not wide and (self.has_class("-short") or self.model.players > 4)
        self.set_class(centred, "-toasts-centre")
        self.set_class(wide and self.model.players > 4, "-toasts-side")
        box = None if w is None else (w.auction if w.auction.display else w.centre)
        top = box.region.y + 1 if centred and box is not None and box.region else None
        if top == self._toasts_top:
            return
        self._toasts_top = top
        for rack in self.query("ToastRack"):  # (the screen's own, by its CSS type)
            if top is not None:
                rack.styles.margin = (top, 0, 0, 0)
            else:
                rack.styles.clear_rule("margin")

    def centre_room(self) -> tuple[int, int] | None:
        """The centre column's room as laid out now (None: not laid out)."""
        w = self._widgets
        if w is None:
            return None
        column = w.column
        box = w.auction if w.auction.display else w.centre
        if not column.region or not box.display:
            return None
        area = w.area
        taken = 0
        for node in area.children:
            if node.id in ("seat-top", "top-row") and node.display:
                taken += node.outer_size.height + node.styles.margin.height
        lines = area.content_size.height - taken
        return (column.content_size.width - box.styles.gutter.width, lines)

    def show(self, props: TableProps) -> None:
        """Give each widget its props: a widget repaints the lines that changed, the
        screen is laid out again only when a widget sized by its content changes
        size (or one is shown / hidden), and the key bar is rebuilt only when the
        bindings it shows changed."""
        self.props = props
        if self.model.prefs.cat.lang != self._lang:
            self.relabel()
        w = self._widgets
        if w is None:  # (found once: the screen never recomposes)
            try:
                w = self._widgets = _Widgets(self)
            except NoMatches:  # (taken apart before its first show: the app ending)
                return
        look = styles_for(self.app)
        w.status.show(props.status, look)
        panels = self._seat_panels
        for sp in props.seats:
            panel = panels.get(sp.position)
            if panel is not None:
                panel.show(sp, look)
        w.centre.show(props.centre, look)
        w.declare.show(props.declare, look)
        w.auction.show(props.auction, look)
        shown = props.auction.shown  # (in the centre's place)
        if w.auction.display != shown:
            w.auction.display = shown
        if w.centre.display == shown:
            w.centre.display = not shown
        w.last_trick.show(props.last_trick, look)
        w.score_left.show(props.score.left, look)
        w.score_right.show(props.score.ahead, look)
        w.me.show(props.me, look)
        w.hand.show(props.hand, look)
        if w.declare.display != props.declare.shown:
            w.declare.display = props.declare.shown
        w.bar.show_points(props.score.bar)
        w.log.show(props.log)
        if self.has_class("-counter"):  # (counted only where it is shown)
            w.counter.show(self.aids.counter(self.model), look)
        self._show_keys()
        self.footer_palette()
        timer = self._countdown
        if timer is not None:
            if props.countdown:
                timer.resume()
            else:
                timer.pause()
        if self.model.facts.clock is not self._clock_for:
            self._arm_clock()

    # --------------------------------------------------------------- the turn clock
    def _arm_clock(self) -> None:
        """Repaint the status line when the clock's shown second changes next
        (one timer a second; only that line repaints)."""
        clock = self._clock_for = self.model.facts.clock
        if self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None
        if clock is None:
            return
        left = clock.deadline - time.monotonic()
        if left <= 0:
            return
        step = left - math.floor(left) or 1.0
        self._clock_timer = self.set_timer(step + 0.005, self._tick_clock)

    def _tick_clock(self) -> None:
        w = self._widgets
        if w is None or self.model.facts.clock is not self._clock_for:
            return
        w.status.show(self.presenter.status(self.model, time.monotonic()), styles_for(self.app))
        self._arm_clock()

    def on_key(self, event: events.Key) -> None:
        """In 托管 any key takes the seat back (and does nothing else)."""
        if self._on_auto():
            event.stop()
            event.prevent_default()
            self.app.post_message(ReclaimRequested())

    def _on_auto(self) -> bool:
        m = self.model
        return m.me in m.facts.on_auto and m.facts.seating.own_seat

    async def take_key(self, key: str) -> bool:
        """The key, as the app first reads it, doing what it would do once it
        came back from this screen (the 托管 reclaim, else the row its key
        table resolves), or False: nothing here takes it (the app sends it on
        as Textual does). Textual sends a key nobody has focused to the screen
        and back up to the app, which runs the bindings: two more turns of the
        event loop, each behind every other table's screens in an SSH server's
        busy moments (docs/performance.md, "A key in one turn")."""
        if key not in TABLE_KEYS.key_names:
            return False  # (the app's own keys, Textual's)
        if self._on_auto():
            self.app.post_message(ReclaimRequested())
            return True
        row = TABLE_KEYS.resolve(self.key_state(), key)
        if row is None:
            return False
        return await self.app.run_action(row.action, self)

    def _show_keys(self) -> None:
        state = self.key_state()
        t = self.model.prefs.cat.t
        sig = (TABLE_KEYS.label_sig(state), self.model.prefs.cat.lang)
        if sig != self._labels_for:  # (the labels of another mode, or of the deal held)
            self._labels_for = sig
            changed = TABLE_KEYS.labels(t, state)
            self._labels.update(changed)
            relabel_bindings(self, changed)
        # The footer follows every refresh_bindings: only when something changed.
        keys_sig = (state, self.model.prefs.cat.lang)
        if keys_sig != self._binding_sig:
            self._binding_sig = keys_sig
            self.refresh_bindings()

    def key_text(self, binding: Binding, display: str, screen: Screen[Any]) -> tuple[str, str]:
        """How the key bar writes a binding of this screen or of a dialog open
        over it (`screen`): its key and what it does, in the player's language
        (the bindings say it too when the patches are on)."""
        if binding.key == "space":
            display = self._space
        name = binding.action.split("(")[0]
        if screen is not self:  # a dialog's: its own table's words, else the binding's
            own = screen.key_labels(self.model.prefs.cat.t) if isinstance(screen, Keyed) else {}
            label = own.get(name)
            return display, label if label is not None else binding.description
        if name == "follow":
            display = f"0-{self.model.players}"
        label = self._labels.get(name)
        if label is None and name == "command_palette":
            label = self.model.prefs.cat.t("keys.palette")
        return display, label if label is not None else binding.description

    def footer_palette(self) -> None:
        """ASCII mode names keys in words ("left/right", "enter"): on a narrow
        terminal the footer then drops its palette key (ctrl+p still opens it)."""
        show = not (self.model.prefs.ct.ascii and self.size.width < 110) and self.size.width >= 80
        w = self._widgets
        for bar in [w.keys] if w is not None else self.query(KeyBar).results(KeyBar):
            bar.set_palette(show)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.footer_palette()
        self.side_counter()
        self.compact()
        self.call_after_refresh(self.measure_centre)

    def compact(self) -> None:
        """Below 80x24 (down to 60x20: a phone's SSH client) the table is laid out
        small (`-compact`) and says less (`Model.compact`)."""
        w, h = self.size
        small = w < COMPACT_SIZE[0] or h < COMPACT_SIZE[1]
        self.set_class(small, "-compact")
        self.model.set_compact(small)

    def side_counter(self) -> None:
        """Terminals 120 columns wide show the card counter beside the log (when
        the table lets its players count)."""
        shown = self.size.width >= COUNTER_WIDTH and self.model.facts.card_counter
        if shown != self.has_class("-counter"):
            self.set_class(shown, "-counter")
            if shown and self._widgets is not None:
                self.present()

    def _tick_countdown(self) -> None:
        """The declaring countdown shows another second (the centre follows)."""
        if self.props.countdown:
            self.present()

    # --------------------------------------------------------------- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return TABLE_KEYS.check(self.key_answers(), action)

    def action_move(self, step: int) -> None:
        self.model.move(step)

    def action_pick(self) -> None:
        self.model.toggle()

    def action_jump(self, step: int) -> None:
        self.model.jump(step)

    def action_suit_edge(self, end: int) -> None:
        self.model.suit_edge(bool(end))

    def action_toggle_unit(self) -> None:
        self.model.toggle_unit()

    def action_number(self, n: int) -> None:
        """A digit: the n-th declaration while one may declare, else the n-th
        legal play of a follow."""
        a = self.model.allowed
        if a is not None and {"declare", "steal"} & a.kinds:
            self.action_declare_option(n - 1)
        else:
            self.model.pick_play(n)

    def action_nothing_to_declare(self) -> None:
        """`d` when there is nothing to declare: why."""
        self.notify(Presenter.why_no_declaration(self.model), timeout=4, markup=False)

    def action_hold_deal(self) -> None:
        self.app.post_message(HoldDealRequested(not self.model.facts.deal_held))

    def action_deal_step(self) -> None:
        if self.model.can_step():
            self.app.post_message(DealStepRequested())

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        self.model.click(message.index)

    def action_clear(self) -> None:
        self.model.clear()

    def action_confirm(self) -> None:
        m = self.model
        a = m.allowed
        if a is not None and "next_deal" in a:
            self.app.post_message(SubmitCommand(NextDeal(seat=m.facts.seat)))
            return
        if a is not None and "call_friend" in a.kinds:
            self.action_call_friend()
            return
        chk = m.check()
        if not chk.ok:
            if chk.message:
                self.notify(chk.message, severity="warning", markup=False)
            return
        cmd = m.pending_command()
        if cmd is not None:
            self.app.post_message(SubmitCommand(cmd))

    def action_declare(self) -> None:
        self.action_declare_option(self.model.cursor.decl_index)

    def action_declare_option(self, index: int) -> None:
        m = self.model
        opts = m.declare_options()
        if not 0 <= index < len(opts):
            if not opts:
                self.notify(Presenter.why_no_declaration(m), timeout=4, markup=False)
            return
        cards = tuple(opts[index])
        a = m.allowed
        if a is not None and "steal" in a:
            self.app.post_message(SubmitCommand(Steal(seat=m.facts.seat, cards=cards)))
        else:
            self.app.post_message(SubmitCommand(Declare(seat=m.facts.seat, cards=cards)))

    def action_call_friend(self) -> None:
        """Find friends: the dealer's calling dialog (enter or c, while it calls)."""
        a = self.model.allowed
        if a is not None and "call_friend" in a.kinds:
            self.app.push_screen(CallFriendScreen(self.model))

    def action_pass_steal(self) -> None:
        m = self.model
        a = m.allowed
        if a is not None and "pass_steal" in a:
            self.app.post_message(SubmitCommand(PassSteal(seat=m.facts.seat)))

    def action_skip_deal(self) -> None:
        cmd = self.model.skip_command()
        if cmd is not None:
            self.app.post_message(SubmitCommand(cmd))

    def action_suggest(self) -> None:
        self.model.suggest_selection()

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.model))

    def action_counter(self) -> None:
        refusal = counter_refusal(self.model)
        if refusal is not None:
            self.notify(refusal, severity="warning", markup=False)
            return
        self.app.push_screen(CounterScreen(self.model))

    def action_kitty(self) -> None:
        refusal = kitty_refusal(self.model)
        if refusal is not None:
            self.notify(refusal, severity="warning", markup=False)
            return
        t = self.model.prefs.cat.t
        self.app.push_screen(KittyScreen(self.aids.kitty(self.model), t("dialog.close_keys")))

    def action_take_back(self) -> None:
        self.post_message(TakeBackRequested())

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen(self.model.prefs.cat.t("log.title"), self.model.facts.log))

    def action_chat(self) -> None:
        self.app.post_message(ChatRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_next_hand(self) -> None:
        self.post_message(NextHandRequested())

    def action_next_deal(self) -> None:
        m = self.model
        a = m.allowed
        if a is not None and "next_deal" in a:
            self.app.post_message(SubmitCommand(NextDeal(seat=m.facts.seat)))

    def action_follow(self, seat: int) -> None:
        """A spectator's digit: follow that seat's own view (0: the public table)."""
        self.app.post_message(FollowRequested(seat if seat >= 0 else None))

    def action_quit_table(self) -> None:
        self.post_message(QuitRequested())

    def action_leave(self) -> None:
        """A spectator's escape: leave the table (a player's clears the selection)."""
        self.post_message(QuitRequested())


class _Widgets:
    """The table screen's widgets that `show` updates."""

    def __init__(self, screen: TableScreen) -> None:
        self.status = screen.query_one(StatusBar)
        self.centre = screen.query_one(CentreBox)
        self.declare = screen.query_one(DeclarePanel)
        self.auction = screen.query_one(AuctionPanel)
        self.last_trick = screen.query_one(LastTrick)
        self.score_left = screen.query_one("#score-left", ScoreText)
        self.score_right = screen.query_one("#score-right", ScoreAhead)
        self.me = screen.query_one(MeLine)
        self.hand = screen.query_one(HandView)
        self.bar = screen.query_one(PointsBar)
        self.log = screen.query_one(GameLog)
        self.counter = screen.query_one(CounterPanel)
        self.keys = screen.query_one(KeyBar)
        self.column = screen.query_one("#centre", Vertical)  # (the centre's room: centre_room)
        self.area = screen.query_one(TableArea)
