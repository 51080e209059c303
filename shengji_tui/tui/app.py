"""`ShengjiApp`: one Textual app for every mode. It is given a table
(`contract.TableLike`) and who sits at its keyboard (`seating.Seating`: one
human against bots, several on one keyboard, a player of an SSH table, a
spectator), or a factory to make tables from the start menu (each game
seated by `seating.at_keyboard`); how it is made is one `setup.AppSetup`.
The app asks its seating whatever depends on who sits here, and never
counts humans itself.

The app owns the `Model`: the table's news go into it (`Model.apply`,
`Model.hear`), the screens watch it and show what the presenter derives.
Screens ask the app for everything else by messages (`messages.py`: a command
for the table, quit, a new game, another language...), handled here with `@on`.

Per-session by construction (docs/architecture.md "SSH traps"): no print(), no
process-wide state, colours from the `Console` it is given (else Textual's own), NO_COLOR from the
argument (else the environment), everything on the event loop: the table's
subscription callback only posts a message to this app.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import Screen

from .. import trace
from ..bots import HINT_BUDGET_MS, LEVELS
from ..engine import (
    CallFriend,
    CardDealt,
    Command,
    DealNext,
    Event,
    FriendCalled,
    FriendRevealed,
    RuleError,
    SeatView,
    ThrowFailed,
    WrongSeat,
)
from ..players.settings import PlayerSettings
from ..table import (
    DEFAULT_DECLARE_WINDOW,
    AutoNote,
    ChatNote,
    ChatRefused,
    Clock,
    Note,
    TableStatus,
    TakeBackRefused,
    TimeoutNote,
)
from ..text import CardText, Catalogue, ascii_keys, local_name
from ..text.assets import asset
from .aids.auto_moves import Assist
from .aids.kitty_screen import KittyScreen
from .aids.palette import aid_commands
from .bindings import relabel_bindings
from .contract import GameOptions, TableLike, TroubleLike
from .help.screen import HelpScreen
from .messages import (
    CardStyleChosen,
    ChatRequested,
    DealStepRequested,
    FollowRequested,
    FriendCallChosen,
    HelpRequested,
    HoldDealRequested,
    LanguageChosen,
    MenuRequested,
    NewGameRequested,
    NextHandRequested,
    NoteHeard,
    QuitRequested,
    ReclaimRequested,
    ResumeRequested,
    ReviewRequested,
    SizeChanged,
    SubmitCommand,
    TableTrouble,
    TableUpdate,
    TakeBackRequested,
)
from .model import Model
from .presenter import Presenter
from .records import Prefs, TableFacts
from .review.screen import ReviewScreen
from .screens.chat import ChatScreen
from .screens.confirm_quit import ConfirmQuit
from .screens.enlarge import EnlargeScreen
from .screens.hand_over import PassScreen
from .screens.last_trick import LastTrickScreen
from .screens.result import DealResultScreen
from .screens.start import Menu, StartScreen
from .screens.table import TableScreen
from .seating import Seating, Solo, at_keyboard
from .setup import AppSetup
from .terminal.asciifilter import ASCII_FILTER
from .terminal.nocolor import colour_filters
from .terminal.themes import THEMES, theme_variable_defaults
from .variants.friends import presenter as friends

if TYPE_CHECKING:
    from ..saves import Saves

__all__ = ["AppSetup", "GameOptions", "ShengjiApp", "TableLike", "TableUpdate", "default_lang"]

MIN_WIDTH, MIN_HEIGHT = 60, 20


class ShengjiApp(App[None]):
    """The Shengji table in a terminal. See the module docstring."""

    # the suggestion key's search where the seating lets it search (bots.Advisor)
    hint_budget_ms = HINT_BUDGET_MS

    CSS_PATH = [asset("shengji.tcss")]  # noqa: RUF012
    TITLE = "Shengji"
    _themes_ready = False  # (Textual asks for theme defaults while the app is made)

    def __init__(
        self,
        table: TableLike | None = None,
        seating: Seating | None = None,
        setup: AppSetup | None = None,
    ) -> None:
        """At `table` seated as `seating` (None: no table yet; the start menu's
        tables are seated as `seating.at_keyboard` says)."""
        s = setup or AppSetup()
        super().__init__(driver_class=s.driver_class)
        # the player's own settings (their record: `shengji play`'s local player's,
        # or an SSH player's) and where a change is kept (None: nowhere)
        self.player_settings = s.settings or PlayerSettings()
        self.keep_settings = s.keep_settings
        if s.console is not None:
            self.console = s.console
        if s.no_color is not None:  # (else as Textual read it from the environment)
            self.no_color = s.no_color
        for th in THEMES:
            self.register_theme(th)
        self._themes_ready = True
        self.theme = s.theme if s.theme in self.available_themes else "shengji"
        self.cat = Catalogue(s.lang, s.ascii)
        self.ct = CardText(self.cat, s.ascii)
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        self.options = s.options or GameOptions()
        self.table_factory = s.table_factory
        self.table: TableLike | None = table
        # who sits here (until a table is given, nobody asks: the menu's game
        # is seated when it starts)
        self.seating: Seating = seating if seating is not None else Solo(0)
        self.owns_table = s.owns_table
        self.start_with_menu = s.menu
        self.views: dict[int, SeatView] = {}
        self.model: Model | None = None
        # what the table last told of itself (each update carries it), and its
        # clock counted from this process's time.monotonic() since it was told
        self.table_status: TableStatus = TableStatus(())
        self._clock: Clock | None = None
        self._trouble: TroubleLike | None = None  # the table's, as it told it
        self._unsubscribe: list[Callable[[], None]] = []
        self._result_for: tuple[int, str] | None = None
        self._result_screen: DealResultScreen | None = None
        self._passing = False
        # hotseat, after the last card: the deal whose declaring window is held
        # until every human here has seen their whole hand, and who has
        self._closing_for: int | None = None
        self._closing_seen: set[int] = set()
        self._closing_done: set[int] = set()
        self._enlarge: EnlargeScreen | None = None
        self._saved = False  # the table at hand is kept in `saves`
        self._recorded: str | None = None  # the stored game whose results were recorded
        self.saves = s.saves  # solo / hotseat games kept in the store (None: in memory)
        self.resume_id = s.resume  # a stored game to resume at start
        self.left_game: str | None = None  # the stored unfinished game last left
        self._terminal_fd: int | None = None  # `watch_terminal`
        self.assist = Assist()  # auto-declare, forced follows (the options')

    # ------------------------------------------------------------------ setup
    def get_line_filters(self) -> Sequence[LineFilter]:
        """NO_COLOR of this session (an SSH client's, not the server's environment):
        no colour at all (`nocolor.colour_filters`)."""
        filters = colour_filters(super().get_line_filters(), self.no_color)
        if self.ct.ascii:  # the glyphs Textual draws itself, in ASCII too
            filters.append(ASCII_FILTER)
        return filters

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return theme_variable_defaults(self.current_theme.dark if self._themes_ready else True)

    def theme_choices(self) -> list[str]:
        names = ["shengji", "shengji-light"]
        return names + sorted(n for n in self.available_themes if n not in names)

    @property
    def log_lines(self) -> list[str]:
        """The game log's sentences (of the table at hand)."""
        return self.model.facts.log if self.model is not None else []

    def watch_terminal(self, fd: int) -> None:
        """Leave (the game saved, as on q) once the terminal on `fd` is gone: a
        closed window whose hang-up never reached us (a parent such as `make`
        kept it) would leave Textual's input thread spinning on the dead tty."""
        self._terminal_fd = fd

    def _check_terminal(self) -> None:
        fd = self._terminal_fd
        if fd is not None and not os.isatty(fd):
            self._terminal_fd = None
            self.run_worker(self._quit(), exclusive=True, group="main")

    def keep(self, **changes: object) -> None:
        """The player chose a setting (the menu, the palette): kept in their
        record for the next games and connections."""
        new = self.player_settings.model_copy(update=changes)
        if new != self.player_settings:
            self.player_settings = new
            if self.keep_settings is not None:
                self.keep_settings(new)

    def _theme_chosen(self, theme: Any) -> None:
        self.keep(theme=self.theme)

    async def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_chosen)
        if self.saves is not None:  # games that ended before their results were kept
            self.run_worker(asyncio.to_thread(self.saves.record_older), group="record")
        self.set_class(self.ct.ascii, "-ascii")
        if self._terminal_fd is not None:
            self.set_interval(1.0, self._check_terminal)
        if self.resume_id is not None and self.saves is not None:
            if not await self.resume_game(self.resume_id):
                await self.push_screen(StartScreen(self.menu()))
            self._check_size()
            return
        if self.table is not None and not self.start_with_menu:
            await self.attach(self.table, self.seating, owns=self.owns_table)
        elif self.table_factory is not None and not self.start_with_menu:
            await self.start_new_game()
        else:
            await self.push_screen(StartScreen(self.menu()))
        self._check_size()

    async def on_event(self, event: events.Event) -> None:
        # A key for the table screen runs its binding here, at once, when no
        # widget has the focus (where Textual would send it to the screen and
        # back: `TableScreen.take_key`); anything else goes Textual's way.
        if isinstance(event, events.Key) and not event.is_forwarded and self.focused is None:
            screen = self.screen
            if isinstance(screen, TableScreen) and screen.maximized is None:
                if not self.app_focus:  # (as Textual does for a key)
                    self.app_focus = True
                if await screen.take_key(event.key):
                    return
        await super().on_event(event)

    def menu(self) -> Menu:
        """What the start menu shows (the stored games read again)."""
        games = None
        error = ""
        if self.saves is not None:
            try:
                games = self.saves.games()
            except Exception as e:  # an unreadable store: say so, offer new games
                games, error = [], str(e) or type(e).__name__
        return Menu(
            cat=self.cat,
            options=self.options,
            games=games,
            error=error,
            theme=self.theme,
            themes=self.theme_choices(),
            ascii=self.ct.ascii,
            levels=LEVELS,
        )

    # ------------------------------------------------------------------ table
    async def attach(self, table: TableLike, seating: Seating, *, owns: bool) -> None:
        """Sit at `table` as `seating` says (its first seat shown first)."""
        self.table = table
        self.seating = seat = seating
        self.owns_table = owns
        self.left_game = None
        self._saved = self.saves is not None and self.saves.owns(table.table_id)
        self.views = {s: table.view(s) for s in seat.seats}
        self.table_status = table.status()
        self._clock = None
        self._clock = self._local_clock(self.table_status)
        self._trouble = None
        self._result_for = None
        self.assist.forget()
        window = table.declare_window
        self.model = m = Model(
            Prefs(
                self.cat,
                self.ct,
                show_estimate=self.options.estimate,
                auto_declare=self.options.auto_declare,
                auto_forced=self.options.auto_forced,
                hint_budget_ms=self.hint_budget_ms if seat.hint_search else 0.0,
                shown_to_spectators=self.shown_to_spectators(),
            ),
            TableFacts(
                self._seat_names(),
                seat.seats[0],
                table_humans=self._table_humans(),
                declare_window=DEFAULT_DECLARE_WINDOW if window is None else float(window),
                on_auto=self._on_auto(),
                chat=seat.chat,
                card_counter=table.card_counter,
                deal_held=self.table_status.deal_held,
                keyboard=seat,
            ),
        )
        m.take_seat(seat.seats[0], self.views[seat.seats[0]])
        m.set_clock(self._clock)
        # The log is one for every human at this keyboard: with several, it tells
        # what all of them may see (a spectator's events), never one seat's own.
        feed = seat.log_feed
        told = table.view(None) if feed is None else self.views[feed]
        m.hear(told.log, told)
        for note in table.recent_notes():  # what was said here before (a reconnect)
            m.hear_note(note)
        if feed is None:
            self._unsubscribe.append(table.subscribe(None, self._callback(None)))
        for s in seat.seats:
            self._unsubscribe.append(table.subscribe(s, self._callback(s)))
        self._unsubscribe.append(table.listen(self._on_note))
        self._unsubscribe.append(table.on_trouble(self._on_trouble))
        if table.trouble is not None:
            self._on_trouble(table.trouble)
        await self.show_main(TableScreen(m))
        self._follow_result()
        self._closing_for = None
        self._closing_turns()  # (a hotseat game resumed after its last card)
        shown = m.facts.seat
        self._assist_moves(shown, self.views[shown])  # (a game resumed at such a moment)
        if owns:
            await table.start()

    def shown_to_spectators(self) -> bool:
        """This player lets spectators see their hand (a server table's choice)."""
        return False

    def _on_auto(self) -> frozenset[int]:
        """The seats in 托管, as the table last told."""
        return frozenset(s for s, seat in enumerate(self.table_status.seats) if seat.on_auto)

    def _seat_names(self) -> list[str]:
        """The seats' names as the table last told, the table's own in the
        player's language."""
        if self.table is None or not self.table_status.seats:
            return self.model.facts.names if self.model is not None else []
        return [local_name(self.cat, s.name, s.kind == "bot") for s in self.table_status.seats]

    def _table_humans(self) -> int:
        if self.table is None or not self.table_status.seats:
            return 1
        return sum(s.kind == "human" for s in self.table_status.seats)

    def _local_clock(self, status: TableStatus) -> Clock | None:
        """The table's clock counted from this app's `time.monotonic()`: the same
        clock as before while the table tells the same one (its deadline does
        not move with each update), a new one from the seconds left otherwise."""
        c, old = status.clock, self._clock
        if c is None:
            return None
        same = old is not None and (old.seat, old.seconds) == (c.seat, c.seconds)
        if old is not None and same and old.version == c.version:
            return old
        return Clock(c.seat, time.monotonic() + c.left, c.seconds, c.version)

    def _told(self, status: TableStatus) -> None:
        """The table's status as an update told it."""
        self.table_status = status
        self._clock = self._local_clock(status)

    def _callback(self, seat: int | None) -> Callable[[SeatView, list[Event], TableStatus], None]:
        def cb(view: SeatView, events: list[Event], status: TableStatus) -> None:
            self.post_message(TableUpdate(seat, view, list(events), status))
            if trace.ON and self.table is not None:
                trace.rec("post", tb=self.table.table_id, st=seat, v=view.version)

        return cb

    def _on_note(self, note: Note) -> None:
        # called by the table (from any session's context): post to this app only
        self.post_message(NoteHeard(note))

    @on(NoteHeard)
    def note_heard(self, msg: NoteHeard) -> None:
        """Chat, a timeout or 托管: a line in the log, and a toast where it speaks
        to this player (another's message, one's own clock, anyone's 托管)."""
        m = self.model
        if m is None:
            return
        note = msg.note
        line = m.hear_note(note)
        if self._passing:
            return
        humans = self.seating.humans
        if isinstance(note, ChatNote):
            if not self.seating.said_by_me(note):
                self.notify(line, timeout=6, markup=False)
        elif isinstance(note, TimeoutNote) and note.seat in humans:
            self.notify(line, severity="warning", timeout=6, markup=False)
        elif isinstance(note, AutoNote):
            mine = note.on and note.seat in humans
            self.notify(
                line,
                severity="warning" if mine else "information",
                timeout=8 if note.on else 4,
                markup=False,
            )

    @on(ChatRequested)
    def chat_requested(self) -> None:
        """The chat box; what it returns is said at the table as the shown seat."""
        m = self.model
        if self.table is None or m is None:
            return
        if not self.seating.chat:  # (nobody to talk to at a solo or hotseat table)
            self.notify(self.cat.t("chat.off"), timeout=4, markup=False)
            return

        def said(text: str | None) -> None:
            if text:
                self.say(text)

        self.push_screen(ChatScreen(self.cat), said)

    def say(self, text: str) -> None:
        """Say `text` at the table as the shown seat (a refusal: its sentence)."""
        self.run_worker(self._say(text), group="chat")

    async def _say(self, text: str) -> None:
        m = self.model
        table = self.table
        if table is None or m is None:
            return
        seats = self.table_status.seats
        name = seats[m.facts.seat].name if m.facts.seat < len(seats) else m.name(m.facts.seat)
        seat, name = self.seating.speaker(m.facts.seat, name)  # (a spectator's: by its name)
        try:
            await table.say(seat, name, text)
        except ChatRefused as e:
            self.notify(
                e.sentence_zh if self.cat.zh else e.sentence, severity="warning", markup=False
            )

    @on(ReclaimRequested)
    async def reclaim(self) -> None:
        """A key at the table while in 托管: the seat is the player's again."""
        if self.table is not None and self.model is not None and self.seating.acts:
            await self.table.reclaim(self.model.facts.seat)

    def _on_trouble(self, trouble: TroubleLike | None) -> None:
        # called by the table (from any session's context): post to this app only
        self._trouble = trouble
        self.post_message(TableTrouble(trouble))

    @on(TableTrouble)
    def table_trouble(self, msg: TableTrouble) -> None:
        """Tell the player the table is waiting for the store (or plays on), or
        has stopped for good (its driver failed: the game is kept, set aside)."""
        if msg.trouble is None:
            self.clear_notifications()
            self.notify(self.cat.t("notify.store_ok"), timeout=6, markup=False)
            return
        if getattr(msg.trouble, "stopped", False):
            self.notify(
                self.cat.t("notify.table_stopped", error=msg.trouble.reason),
                severity="error",
                timeout=3600,  # (for as long as the table is shown)
                markup=False,
            )
            return
        self.notify(
            self.cat.t("notify.store_trouble", error=msg.trouble.reason),
            severity="warning",
            timeout=3600,  # until the store works again (cleared then)
            markup=False,
        )

    async def detach(self) -> None:
        for unsub in self._unsubscribe:
            with contextlib.suppress(Exception):  # a table that is already closed
                unsub()
        self._unsubscribe = []
        table, self.table = self.table, None
        if table is not None and self.owns_table:
            await table.close()
        if table is not None and self._saved and self.saves is not None:
            self.left_game = None if self._finished() else table.table_id
            with contextlib.suppress(Exception):
                self.saves.touch(table.table_id, force=True)
        self._saved = False

    def _finished(self) -> bool:
        """The match at the table is over (as the seat shown last saw it)."""
        v = self.model.facts.view if self.model is not None else None
        return v is not None and v.phase == "finished"

    def saved_game(self) -> bool:
        """Whether the table at hand is kept in the store."""
        return self.table is not None and self._saved

    async def on_unmount(self) -> None:
        await self.detach()

    async def show_main(self, screen: Screen[Any]) -> None:
        """Make `screen` the main one (dialogs above the old one are closed)."""
        while len(self.screen_stack) > 2 or (
            len(self.screen_stack) == 2 and not isinstance(self.screen, (TableScreen, StartScreen))
        ):
            self.pop_screen()
        self._enlarge = None
        if isinstance(self.screen, (TableScreen, StartScreen)):
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)
        self._check_size()

    def table_screen(self) -> TableScreen | None:
        for s in self.screen_stack:
            if isinstance(s, TableScreen):
                return s
        return None

    async def send(self, command: Command, seat: int | None = None) -> list[Event] | None:
        """Submit for the seat being shown (or `seat`, a human's at this keyboard);
        a refusal becomes a notification (None); else the events as that seat saw them."""
        if self.table is None or self.model is None or not self.seating.acts:
            return None  # (a spectator sends nothing: its keys are off too)
        at = self.model.facts.seat if seat is None else seat
        sent = time.monotonic() if trace.ON else 0.0
        if trace.ON:
            v = self.views[at].version if at in self.views else None
            trace.rec("send", tb=self.table.table_id, st=at, v=v)
        try:
            events = await self.table.submit(at, command)
            if trace.ON:
                trace.span("sent", sent, tb=self.table.table_id, st=at)
        except WrongSeat as e:  # the engine counts seats from 0: the screen says a name
            m = self.model
            if e.turn is None or not 0 <= e.turn < m.players:
                text = e.sentence_zh if self.cat.zh and e.sentence_zh else e.sentence
            else:
                text = self.cat.t("notify.not_your_turn", name=m.name(e.turn))
            self.notify(self.ct.notation(text), severity="error", timeout=6, markup=False)
            return None
        except RuleError as e:
            text = self.ct.notation(e.sentence_zh if self.cat.zh and e.sentence_zh else e.sentence)
            self.notify(text, severity="error", timeout=6, markup=False)
            return None
        except Exception as e:  # a fault in the table: a sentence, never a traceback
            self.log.error(f"table refused {command!r}: {e!r}")
            self.notify(
                self.cat.t("notify.table_error", error=str(e) or type(e).__name__),
                severity="error",
                timeout=8,
                markup=False,
            )
            return None
        if self.saves is not None and self.saved_game() and self.table is not None:
            with contextlib.suppress(Exception):
                self.saves.touch(self.table.table_id)
        return events

    @on(SubmitCommand)
    async def submit_command(self, msg: SubmitCommand) -> None:
        if (
            isinstance(msg.command, DealNext)
            and self._hotseat_closing()
            and await self.done_declaring()
        ):
            return  # (one human's "done": the next one's turn before it closes)
        await self.send(msg.command)

    @on(FriendCallChosen)
    async def friend_call_chosen(self, msg: FriendCallChosen) -> None:
        """The calling dialog's card and copy, as the seat shown's `CallFriend`
        (a refusal is told as the engine says it, like any other)."""
        if self.model is not None:
            await self.send(CallFriend(seat=self.model.facts.seat, card=str(msg.card), nth=msg.nth))

    async def after_match(self) -> None:
        if self.table_factory is not None:
            await self.detach()
            await self.show_main(StartScreen(self.menu()))
        else:
            self.exit()

    async def start_new_game(self) -> None:
        if self.table_factory is None:
            return
        await self.detach()
        table, humans = self.table_factory(self.options, self.cat)
        if self.saves is not None and self.saves.owns(table.table_id):
            self.saves.touch(table.table_id, force=True)
        await self.attach(table, at_keyboard(humans), owns=True)

    async def resume_game(self, table_id: str) -> bool:
        """Sit again at the stored game `table_id` (rebuilt from its log)."""
        if self.saves is None:
            return False
        saves = self.saves
        await self.detach()
        try:
            table, humans, names = await asyncio.to_thread(
                saves.restore, table_id, self.options, self.cat
            )
        except Exception as e:  # a damaged log, a newer engine: a sentence, not a crash
            self.notify(
                self.cat.t("resume.failed", error=str(e) or type(e).__name__),
                severity="error",
                timeout=10,
                markup=False,
            )
            return False
        for s, name in zip(humans, names, strict=True):
            table.set_human(s, name)
        saves.touch(table_id, force=True)
        await self.attach(table, at_keyboard(humans), owns=True)
        return True

    @on(MenuRequested)
    def menu_requested(self) -> None:
        self.run_worker(self.after_match(), exclusive=True, group="main")

    @on(NewGameRequested)
    def new_game_requested(self, msg: NewGameRequested) -> None:
        self.options = o = msg.options
        self.keep(bell=o.bell, card_counter=o.card_counter, estimate=o.estimate)  # (the menu's)
        # not awaited here: starting replaces the screen that asked
        self.run_worker(self.start_new_game(), exclusive=True, group="main")

    @on(ResumeRequested)
    def resume_requested(self, msg: ResumeRequested) -> None:
        self.options = msg.options  # the bot delays and the like of this session
        self.run_worker(self.resume_game(msg.table_id), exclusive=True, group="main")

    # ------------------------------------------------------------------ updates
    @on(TableUpdate)
    def table_update(self, msg: TableUpdate) -> None:
        if not trace.ON:
            self._table_update(msg)
            return
        began = time.monotonic()
        try:
            self._table_update(msg)
        finally:
            if self.table is not None:  # (the screen's update: trace.py)
                trace.span("upd", began, tb=self.table.table_id, st=msg.seat, v=msg.view.version)

    def _table_update(self, msg: TableUpdate) -> None:
        m = self.model
        if m is None:
            return
        seating = self.seating
        if seating.spectating:  # (the seat shown may change with any update)
            self._watch_update(m, msg)
            return
        with m.batch():  # one change of the model: the screens present once
            if msg.seat == seating.log_feed:
                m.hear(msg.events, msg.view)
            if msg.seat not in seating.humans:
                return
            self.views[msg.seat] = msg.view
            if msg.status is not None:
                self._told(msg.status)
            # seats change hands (a bot stands in, a player joins)
            names = self._seat_names()
            clock = self._clock
            on_auto = self._on_auto()
            if msg.seat == m.facts.seat:
                self._toast_throws(msg.events)
                waited = m.my_turn()
                held = self.table_status.deal_held
                m.apply(
                    msg.view,
                    msg.events,
                    names=names,
                    table_humans=self._table_humans(),
                    clock=clock,
                    on_auto=on_auto,
                    held=held,
                )
                if self.options.bell and not waited and m.my_turn():
                    self.bell()  # (for players who look away: off unless chosen)
                self._toast_friends(msg.events)
            elif names != m.facts.names or on_auto != m.facts.on_auto:
                m.set_names(names, self._table_humans(), on_auto)
        if msg.seat in seating.humans:
            self._assist_moves(msg.seat, msg.view)
        if msg.seat == m.facts.seat:
            self._follow_result()
            if msg.view.phase == "finished":
                self._match_over()
        self._closing_turns()
        self._check_hotseat()

    def _match_over(self) -> None:
        """A stored game ended: its results and the player's rating are recorded
        (once; on a thread), the rating's move told."""
        table, saves = self.table, self.saves
        if table is None or saves is None or not self._saved:
            return
        if self._recorded == table.table_id:
            return
        self._recorded = table.table_id
        self.run_worker(self._record(saves, table.table_id), group="record")

    async def _record(self, saves: Saves, table_id: str) -> None:
        rec = await asyncio.to_thread(saves.record_finished, table_id)
        if rec is None or not rec.rated:
            return
        mine = next((r for r in rec.seats if r.identity == saves.identity), None)
        if mine is None or mine.rating_before is None or mine.rating_after is None:
            return
        t = self.cat.t
        self.notify(
            t(
                "rating.moved",
                family=t(f"rating.family.{rec.family}"),
                before=f"{mine.rating_before:.1f}",
                after=f"{mine.rating_after:.1f}",
            ),
            timeout=12,
            markup=False,
        )

    def _watch_update(self, m: Model, msg: TableUpdate) -> None:
        """A spectator's news: the public feed (seat None) tells the log; the other
        is the view shown: the public table, or the seat followed (a view of
        another seat than the one shown is a new seat: nothing of the last stays)."""
        if msg.seat is None:
            m.hear(msg.events, msg.view)
            return
        view = msg.view
        if msg.status is not None:
            self._told(msg.status)
        names, on_auto = self._seat_names(), self._on_auto()
        with m.batch():
            if m.facts.view is None or view.seat != m.facts.view.seat:
                self._close_seat_dialogs()
                m.take_seat(view.seat if view.seat >= 0 else m.facts.seat, view)
                m.set_names(names, self._table_humans(), on_auto)
            else:
                m.apply(
                    view,
                    msg.events,
                    names=names,
                    table_humans=self._table_humans(),
                    clock=self._clock,
                    on_auto=on_auto,
                )
            m.set_clock(self._clock)
        self._follow_result()

    def _close_seat_dialogs(self) -> None:
        """Another seat's view (or none): the dialogs that show what the seat
        followed before saw (its kitty, its hand as dealt) close at once."""
        while any(isinstance(s, (KittyScreen, ReviewScreen)) for s in self.screen_stack):
            self.pop_screen()

    @on(FollowRequested)
    def follow_requested(self, msg: FollowRequested) -> None:
        """A spectator follows a seat's own view (if its player lets spectators see
        it), or the public table again; the view comes by the table's feed."""
        m = self.model
        if m is None:
            return
        if msg.seat is not None and not 0 <= msg.seat < m.players:
            return
        refusal = self.seating.follow(msg.seat)
        if refusal is not None and msg.seat is not None:
            self.notify(
                self.cat.t(refusal, name=m.name(msg.seat)), severity="warning", markup=False
            )

    def _assist_moves(self, seat: int, view: SeatView) -> None:
        """What the player's options do for them: declare their best (for every
        human at this keyboard, from their own view), play the shown seat's
        forced follow."""
        m = self.model
        if m is None or self._passing or not self.seating.acts:
            return
        cmd: Command | None = None
        if self.options.auto_declare:
            cmd = self.assist.declaration(view)
        if cmd is None and self.options.auto_forced and seat == m.facts.seat:
            cmd = self.assist.forced_play(m)
        if cmd is None:
            return
        if seat == m.facts.seat:
            key = "pace.auto_declared" if cmd.type == "declare" else "pace.auto_played"
            cards = getattr(cmd, "cards", ())
            self.notify(self.cat.t(key, cards=self.ct.cards(cards)), timeout=3, markup=False)
        self.run_worker(self.send(cmd, seat), group="assist")

    @on(HoldDealRequested)
    async def hold_deal(self, msg: HoldDealRequested) -> None:
        """Hold the deal (or let it go on), where every human plays here (the
        table's next update says it is held)."""
        m, table = self.model, self.table
        if m is None or table is None or not m.can_hold():
            return
        if not msg.hold and self._hotseat_closing():  # (let go: done, the next one's turn)
            await self.done_declaring()
            return
        await table.hold_deal(m.facts.seat, msg.hold)
        if not msg.hold:  # (a hotseat hold may be another human's at this keyboard)
            for s in self.seating.humans:
                await table.hold_deal(s, False)

    @on(DealStepRequested)
    async def deal_step(self) -> None:
        """The deal is held: deal up to the shown seat's next card (each player
        draws at their own pace; the bots' cards come between)."""
        m, table = self.model, self.table
        if m is None or table is None:
            return
        seat = m.facts.seat
        for _ in range(m.players):
            if not m.can_step():
                return
            events = await self.send(DealNext(seat=seat))
            if events is None or any(isinstance(e, CardDealt) and e.seat == seat for e in events):
                return

    def set_assists(self, *, auto_declare: bool, auto_forced: bool) -> None:
        """The player's options (the palette): declare for them, play forced follows."""
        self.options = dataclasses.replace(
            self.options, auto_declare=auto_declare, auto_forced=auto_forced
        )
        self.keep(auto_declare=auto_declare, auto_forced=auto_forced)
        m = self.model
        if m is not None:
            m.set_assists(auto_declare=auto_declare, auto_forced=auto_forced)
            if m.facts.view is not None:
                self._assist_moves(m.facts.seat, m.facts.view)

    def _toast_throws(self, events: list[Event]) -> None:
        m = self.model
        assert m is not None
        for e in events:
            if isinstance(e, ThrowFailed) and not self._passing:  # (to nobody's screen)
                key = "notify.throw_failed" + ("_you" if m.is_you(e.seat) else "")
                self.notify(  # (news, told in the centre too: a narrow toast)
                    self.cat.t(key, name=m.name(e.seat), forced=self.ct.cards(e.forced)),
                    timeout=4,
                    markup=False,
                )

    def _toast_friends(self, events: list[Event]) -> None:
        """Find friends: the call, to the seats that did not make it (and the
        friend learns it is one, under `holder`); the reveal, to everyone."""
        m = self.model
        assert m is not None
        if self._passing:
            return
        for e in events:
            if isinstance(e, FriendCalled) and not m.is_you(e.seat):
                own = friends.own_sentence(m)
                text = friends.call_sentence(m) + (f"\n{own}" if own else "")
                self.notify(text, timeout=8, markup=False)
            elif isinstance(e, FriendRevealed):
                call = friends.the_call(m.facts.view)
                if call is not None:
                    self.notify(friends.reveal_sentence(m, call, e), timeout=8, markup=False)

    def _follow_result(self) -> None:
        """The deal's result over the table while it is scored (and the match's at
        its end); it goes when the next deal starts."""
        m = self.model
        assert m is not None
        over = Presenter.deal_over(m)
        if over is None and self._result_screen is not None:
            scr, self._result_screen = self._result_screen, None
            if self.screen is scr:  # (under another dialog it stays until closed)
                self.pop_screen()
        if over is not None and self._result_for != over[0]:
            self._result_for = over[0]
            if self._result_screen is not None and self.screen is self._result_screen:
                self.pop_screen()
            self._result_screen = DealResultScreen(m, final=over[1])
            self.push_screen(self._result_screen)

    # ------------------------------------------------------------------ hotseat
    def _hotseat_closing(self) -> bool:
        """Several humans here, every card dealt, the declarations still open."""
        m = self.model
        if m is None or not self.seating.hands_over:
            return False
        a = m.allowed
        return a is not None and a.closing

    def _closing_turns(self) -> None:
        """Hotseat, after the last card: the declaring window is held until every
        human here has seen their whole hand and said they are done (the skip
        key), the keyboard handed to each in turn (docs/rules.md §6: the last
        chance to declare is everyone's, not the one at the keyboard's)."""
        m, table = self.model, self.table
        if m is None or table is None or self._passing:
            return
        if not self._hotseat_closing():
            self._closing_for = None
            return
        v = m.facts.view
        assert v is not None
        key = v.deal_no  # (a redeal deals again: the window is another's then)
        if self._closing_for != key:  # the window opens: held for every human here
            self._closing_for = key
            self._closing_seen, self._closing_done = set(), set()
            self.run_worker(self._hold_all(table, True), group="hold")
            m.set_held(True)  # (the centre: held, no countdown at 0 s; the table tells it too)
        if m.facts.seat not in self._closing_seen:  # (their whole hand is on screen now)
            self._closing_seen.add(m.facts.seat)
            self.notify(m.prefs.ct.keys(self.cat.t("hotseat.last_chance")), timeout=6, markup=False)

    async def _hold_all(self, table: TableLike, hold: bool) -> None:
        """Every human here holds the deal (or lets it go)."""
        for s in self.seating.humans:
            await table.hold_deal(s, hold)

    async def done_declaring(self) -> bool:
        """The human shown is done with the last chance to declare: the keyboard
        goes to the next human who has not had it (True); after the last one
        the window is let go (False: the table closes it, or the skip key's
        command does now)."""
        m, table = self.model, self.table
        if m is None or table is None:
            return False
        self._closing_done.add(m.facts.seat)
        await table.hold_deal(m.facts.seat, False)
        waiting = tuple(s for s in self.seating.humans if s not in self._closing_done)
        following = self.seating.next_human(m.facts.seat, among=waiting)
        if following is None:
            await self._hold_all(table, False)
            return False
        self.pass_to(following)
        return True

    def _check_hotseat(self) -> None:
        m = self.model
        if m is None or self._passing:
            return
        v = self.views.get(m.facts.seat)
        if v is None:
            return
        target = self.seating.turn_to(v.awaiting, m.facts.seat)
        if target is not None:
            self.pass_to(target)

    @on(NextHandRequested)
    def next_hotseat_hand(self) -> None:
        m = self.model
        following = None if m is None else self.seating.next_human(m.facts.seat)
        if following is not None:
            self.pass_to(following)

    def pass_to(self, seat: int) -> None:
        """Hand the keyboard to the human at `seat`: a screen that hides the hands,
        then the table as `seat` sees it. The toasts go (they may tell what the
        human before held); the model keeps nothing of the seat shown before."""
        m = self.model
        assert m is not None
        self._passing = True
        self.clear_toasts()

        def done(_: object = None) -> None:
            self._passing = False
            self.clear_toasts()  # (any raised for the seat before, meanwhile)
            m.take_seat(seat, self.views[seat])
            self._assist_moves(seat, self.views[seat])
            self._closing_turns()
            self._check_hotseat()

        name = (
            m.facts.names[seat]
            if seat < len(m.facts.names) and m.facts.names[seat]
            else m.name(seat)
        )
        if self.options.bell:
            self.bell()
        self.push_screen(
            PassScreen(
                self.cat.t("hotseat.pass", name=name), self.cat.t("hotseat.ready", name=name)
            ),
            done,
        )

    def clear_toasts(self) -> None:
        """No toast of the seat shown before; the table's own warning (the store
        failing) is everyone's and stays."""
        self.clear_notifications()
        trouble = self._trouble if self.table is not None else None
        if trouble is not None:
            self.post_message(TableTrouble(trouble))

    # ------------------------------------------------------------------ settings
    def set_language(self, lang: str) -> None:
        self.keep(lang=lang)
        self.cat = Catalogue(lang, self.ct.ascii)
        self.ct = CardText(self.cat, self.ct.ascii)
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        if self.model is not None:
            with self.model.batch():
                self.model.set_look(self.cat, self.ct)
                self.model.set_names(self._seat_names())
        for scr in self.screen_stack:
            if isinstance(scr, StartScreen):
                self.call_later(scr.show_menu, self.menu())

    def set_ascii(self, ascii: bool) -> None:
        if ascii == self.ct.ascii:  # (a menu made again says its choice again)
            return
        self.keep(ascii=ascii)
        self.cat = Catalogue(self.cat.lang, ascii)
        self.ct = CardText(self.cat, ascii)
        self.set_class(ascii, "-ascii")
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        if self.model is not None:
            self.model.set_look(self.cat, self.ct)
        for scr in self.screen_stack:
            if isinstance(scr, StartScreen):
                self.call_later(scr.show_menu, self.menu())
        self.screen.refresh_bindings()  # the footer's key names
        self.refresh(repaint=True, layout=True)  # (the glyphs: the line filters changed)

    @on(LanguageChosen)
    def language_chosen(self, msg: LanguageChosen) -> None:
        self.options = msg.options  # (the menu's choices so far are kept)
        if msg.lang != self.cat.lang:
            self.set_language(msg.lang)

    @on(CardStyleChosen)
    def card_style_chosen(self, msg: CardStyleChosen) -> None:
        self.set_ascii(msg.ascii)

    def get_key_display(self, binding: Binding) -> str:
        """The footer's keys: in ASCII mode by name ("left/right", "enter"), no glyphs."""
        text = super().get_key_display(binding)
        return ascii_keys(text) if self.ct.ascii else text

    # ------------------------------------------------------------------ size
    @on(SizeChanged)
    def check_size(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        if small and self._enlarge is None:
            self._enlarge = EnlargeScreen(
                self.cat.t("app.enlarge", w=w, h=h, need_w=MIN_WIDTH, need_h=MIN_HEIGHT)
            )
            self.push_screen(self._enlarge)
        elif not small and self._enlarge is not None:
            scr, self._enlarge = self._enlarge, None
            if self.screen is scr:
                self.pop_screen()

    # ------------------------------------------------------------------ quitting
    @on(QuitRequested)
    def action_request_quit(self) -> None:
        t = self.cat.t
        asked = self.seating.quit_question(self.saved_game())
        if asked is None:  # (a spectator leaves nothing behind: no question)
            self.run_worker(self._quit(), exclusive=True, group="main")
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._quit(), exclusive=True, group="main")

        trouble = self._trouble if self.table is not None else None
        key = "quit.question_stopped" if getattr(trouble, "stopped", False) else asked
        self.push_screen(ConfirmQuit(t(key), t("quit.yes"), t("quit.no")), done)

    async def _quit(self) -> None:
        await self.detach()
        self.exit()

    # ------------------------------------------------------------------ palette
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        t = self.cat.t
        yield SystemCommand(t("palette.help"), t("palette.help_help"), self.help_requested)
        if self.model is not None and self.model.facts.view is not None:
            yield SystemCommand(
                t("palette.last_trick"),
                t("palette.last_trick_help"),
                self._palette_last_trick,
            )
            yield from aid_commands(self.table_screen())
            if self.take_back_refusal() is None:
                yield SystemCommand(
                    t("takeback.palette"),
                    t("takeback.palette_help"),
                    lambda: self.post_message(TakeBackRequested()),
                )
            yield SystemCommand(
                t("review.palette"),
                t("review.palette_help"),
                lambda: self.post_message(ReviewRequested()),
            )
        other = "zh" if self.cat.lang == "en" else "en"
        yield SystemCommand(
            t("palette.language"), t("palette.language_help"), lambda: self.set_language(other)
        )
        yield SystemCommand(
            t("palette.ascii"), t("palette.ascii_help"), lambda: self.set_ascii(not self.ct.ascii)
        )
        yield SystemCommand(t("palette.theme"), t("palette.theme_help"), self.action_change_theme)
        if self.seating.acts:  # (a spectator's turn never comes: nothing to assist)
            yield from self._assist_commands()
        yield from self._follow_commands()
        if self.table_factory is not None:
            yield SystemCommand(
                t("palette.new_game"), t("palette.new_game_help"), self._palette_menu
            )
        yield SystemCommand(t("palette.quit"), t("palette.quit_help"), self.action_request_quit)
        # No screenshot command: over SSH it would write to the server's disk.

    def _assist_commands(self) -> Iterable[SystemCommand]:
        """A player's own options: the bell, the estimate, declaring and forced follows."""
        t = self.cat.t
        yield SystemCommand(
            t("bell.palette_off" if self.options.bell else "bell.palette_on"),
            t("bell.palette_help"),
            self.toggle_bell,
        )
        yield SystemCommand(
            t("palette.estimate_hide" if self.options.estimate else "palette.estimate_show"),
            t("palette.estimate_help"),
            self.toggle_estimate,
        )
        o = self.options
        state = {True: t("assist.on"), False: t("assist.off")}
        yield SystemCommand(
            t("assist.auto_declare", state=state[o.auto_declare]),
            t("assist.auto_declare_help"),
            lambda: self.set_assists(auto_declare=not o.auto_declare, auto_forced=o.auto_forced),
        )
        yield SystemCommand(
            t("assist.auto_forced", state=state[o.auto_forced]),
            t("assist.auto_forced_help"),
            lambda: self.set_assists(auto_declare=o.auto_declare, auto_forced=not o.auto_forced),
        )

    def _follow_commands(self) -> Iterable[SystemCommand]:
        """A spectator's palette: follow a seat whose player lets spectators see
        their hand (digits 1-n at the table), or the public table (0); the
        seating's choices (a player's: none)."""
        m = self.model
        if m is None:
            return
        t = self.cat.t
        for s in self.seating.follow_choices(m.players):
            if s is None:
                yield SystemCommand(
                    t("watch.palette_public"),
                    t("watch.palette_public_help"),
                    lambda: self.post_message(FollowRequested(None)),
                )
            else:
                yield SystemCommand(
                    t("watch.palette_follow", name=m.name(s)),
                    t("watch.palette_follow_help", n=s + 1),
                    lambda s=s: self.post_message(FollowRequested(s)),
                )

    def take_back_refusal(self) -> str | None:
        """Why the player may not take back now (None: it may try)."""
        t = self.cat.t
        key = self.seating.take_back_refusal(self._table_humans())
        if key is not None:
            return t(key)
        if self.table is None or self.model is None:
            return t("takeback.nothing")
        return None

    @on(TakeBackRequested)
    async def take_back_requested(self) -> None:
        """Back to before the seat's previous decision: the table replays its moves
        up to it (and the store records the take-back); the model is made again
        from the seat's view, and the log told again from the deal's events."""
        refusal = self.take_back_refusal()
        m, table = self.model, self.table
        if refusal is not None or m is None or table is None:
            self.notify(refusal or "", severity="warning", markup=False)
            return
        try:
            await table.take_back(m.facts.seat)
        except TakeBackRefused as e:
            self.notify(self.cat.t("takeback." + e.key), severity="warning", markup=False)
            return
        view = table.view(m.facts.seat)
        self.views[m.facts.seat] = view
        with m.batch():
            m.reset_log()
            m.take_seat(m.facts.seat, view)
            m.hear(view.log, view)
        self._follow_result()
        self.notify(self.cat.t("takeback.done"), markup=False)

    @on(ReviewRequested)
    async def review_requested(self) -> None:
        """The deal in play told again, as the seat shown may review it (the
        match's earlier deals a `[` away)."""
        m, table = self.model, self.table
        if m is None or table is None or m.facts.view is None:
            self.notify(self.cat.t("review.none"), severity="warning", markup=False)
            return
        reviews = list(await table.reviews(m.facts.seat))
        source = table.coach_source()
        analyst = None
        coach = self.seating.coach(self._finished())
        if source is not None and coach != "none":
            analyst = source.analyst(m.facts.seat, coach == "any")
        screen = ReviewScreen(
            reviews,
            m.rs,
            m.prefs.cat,
            m.prefs.ct,
            m.name,
            deal=-1,
            voice=m.voice,
            analyst=analyst,
            seat=m.facts.seat,
        )
        self.push_screen(screen)

    def toggle_bell(self) -> None:
        """The bell on this player's turn, on or off (this session's: over SSH too)."""
        self.options = dataclasses.replace(self.options, bell=not self.options.bell)
        self.keep(bell=self.options.bell)
        self.notify(
            self.cat.t("bell.now_on" if self.options.bell else "bell.now_off"), markup=False
        )

    def toggle_estimate(self) -> None:
        """The bidding panel's estimate of the hand, shown or hidden (a setting of
        this session, kept for its next games)."""
        self.options = dataclasses.replace(self.options, estimate=not self.options.estimate)
        self.keep(estimate=self.options.estimate)
        if self.model is not None:
            self.model.set_estimate(self.options.estimate)

    def _palette_last_trick(self) -> None:
        if self.model is not None:
            self.push_screen(LastTrickScreen(self.model))

    @on(HelpRequested)
    def help_requested(self) -> None:
        """The help: the keys this seating is offered, the preset's rules."""
        if self.model is not None:
            offers = self.seating.offers(self._table_humans())
            self.push_screen(HelpScreen(self.model, offers))

    def _palette_menu(self) -> None:
        self.run_worker(self.after_match(), exclusive=True, group="main")


def default_lang(env: dict[str, str] | None = None) -> str:
    from ..text import detect_lang

    return detect_lang(os.environ if env is None else env)
