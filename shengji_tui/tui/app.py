"""`ShengjiApp`: one Textual app for every mode. It is given a `Table` and the
seat(s) it plays (solo: one seat; hotseat: several humans on one keyboard), or
a factory to make tables from the start menu.

Per-session by construction (SSH-NOTES.md): no print(), no process-wide state,
colours from the `Console` it is given (else Textual's own), NO_COLOR from the
argument (else the environment), everything on the event loop: the table's
subscription callback only posts a message to this app.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Console
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import Monochrome, NoColor
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme

from ..bots import BotLevel, BotSpec
from ..engine import (
    Command,
    DealAll,
    DealNext,
    Event,
    NextDeal,
    RuleError,
    SeatView,
    ThrowFailed,
)
from ..rules import RuleSet
from . import patches  # noqa: F401  (Textual internals: lighter strips, shared CSS)
from .assets import asset
from .i18n import Catalogue
from .model import Model
from .screens import (
    ConfirmQuit,
    DealResultScreen,
    EnlargeScreen,
    HelpScreen,
    LastTrickScreen,
    PassScreen,
    StartScreen,
    TableScreen,
    relabel_bindings,
)
from .text import CardText, Narrator, ascii_keys

if TYPE_CHECKING:
    from ..table import TableSettings
    from .saved import Saves

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TableLike(Protocol):
    """What the app needs of `shengji_tui.table.Table`."""

    @property
    def seats(self) -> Sequence[Any]: ...

    def view(self, seat: int | None) -> SeatView: ...

    def subscribe(
        self, seat: int | None, callback: Callable[[SeatView, list[Event]], Any]
    ) -> Callable[[], None]: ...

    async def submit(self, seat: int, command: Command) -> list[Event]: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...


@dataclass
class GameOptions:
    """What the start menu (and `shengji play`) chooses for a new game: the
    menu's form; `table_settings` makes the table's record of it."""

    preset: str = "classic"
    seed: int | None = None
    humans: int = 1
    bot_delay: float = 0.6
    deal_delay: float = 0.05
    declare_window: float | None = None  # seconds to declare after the last card (table default)
    bots: BotLevel = "normal"  # the bots' level
    extra: dict[str, Any] = field(default_factory=dict)

    def table_settings(self, cat: Catalogue) -> TableSettings:
        """The new table's settings: the humans where `hotseat_seats` puts them
        (named in `cat`'s language), bots of `bots` at the other seats (named
        from the catalogue, seeded from the table's seed), this pacing."""
        from ..table import Pacing, SeatSettings, TableSettings, bot_seed
        from .saved import hotseat_seats, human_name

        rs = RuleSet.preset(self.preset)
        seed = self.seed if self.seed is not None else random.randrange(2**31)
        humans = hotseat_seats(self.humans, rs.players)
        bot_names = [n.strip() for n in cat.t("names.bots").split(",")]
        seats = []
        for s in range(rs.players):
            if s in humans:
                seats.append(SeatSettings.human(human_name(cat, humans, s)))
                continue
            name = bot_names[(s - sum(1 for h in humans if h < s)) % len(bot_names)]
            spec = BotSpec(level=self.bots, seed=bot_seed(seed, s), name=name)
            seats.append(SeatSettings.of_bot(spec))
        return TableSettings(
            rules=rs,
            seed=seed,
            seats=tuple(seats),
            pacing=Pacing(
                bot_delay=self.bot_delay,
                deal_delay=self.deal_delay,
                declare_window=self.declare_window,
            ),
        )


TableFactory = Callable[[GameOptions, Catalogue], tuple[TableLike, list[int]]]


class TableTrouble(Message):
    """The table's store writes started failing (`trouble`) or work again (None)."""

    def __init__(self, trouble: Any) -> None:
        super().__init__()
        self.trouble = trouble


class TableUpdate(Message):
    """A new view of one seat pushed by the table (`seat` None: the spectator's
    view, which a table of several humans narrates in its log)."""

    def __init__(self, seat: int | None, view: SeatView, events: list[Event]) -> None:
        super().__init__()
        self.seat = seat
        self.view = view
        self.events = events


THEMES = [
    Theme(
        name="shengji",
        primary="#3fa66b",
        secondary="#2b7a4b",
        accent="#e8b04b",
        warning="#e8b04b",
        error="#e05561",
        success="#5fcf80",
        foreground="#e6e6e6",
        background="#0f2a1c",
        surface="#163726",
        panel="#1d4430",
        dark=True,
        variables={
            "suit-red": "#ff6b6b",
            "suit-black": "#f0f0f0",
            "trump-accent": "#ffd25e",
            "points-accent": "#7fd0ff",
        },
    ),
    Theme(
        name="shengji-light",
        primary="#2b7a4b",
        secondary="#3fa66b",
        accent="#a86d00",
        warning="#a86d00",
        error="#c0392b",
        success="#1e7d44",
        foreground="#1a1a1a",
        background="#f4f1e8",
        surface="#ebe6d6",
        panel="#ddd5bd",
        dark=False,
        variables={
            "suit-red": "#c0392b",
            "suit-black": "#111111",
            "trump-accent": "#8a5a00",
            "points-accent": "#1f5fa8",
        },
    ),
]


class ShengjiApp(App[None]):
    """The Shengji table in a terminal. See the module docstring."""

    CSS_PATH = [asset("shengji.tcss")]  # noqa: RUF012
    TITLE = "Shengji"

    def __init__(
        self,
        table: TableLike | None = None,
        seat: int | Sequence[int] = 0,
        *,
        lang: str = "en",
        ascii: bool = False,
        console: Console | None = None,
        no_color: bool | None = None,
        theme: str | None = None,
        owns_table: bool = False,
        menu: bool = False,
        table_factory: TableFactory | None = None,
        options: GameOptions | None = None,
        driver_class: Any = None,
        saves: Saves | None = None,
        resume: str | None = None,
    ) -> None:
        super().__init__(driver_class=driver_class)
        if console is not None:
            self.console = console
        if no_color is not None:
            self._set_no_color(no_color)
        for th in THEMES:
            self.register_theme(th)
        self.theme = theme if theme in self.available_themes else "shengji"
        self.cat = Catalogue(lang)
        self.ct = CardText(self.cat, ascii)
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        self.options = options or GameOptions()
        self.table_factory = table_factory
        self.table: TableLike | None = table
        self.humans: list[int] = [seat] if isinstance(seat, int) else list(seat)
        self.owns_table = owns_table
        self.start_with_menu = menu
        self.views: dict[int, SeatView] = {}
        self.log_lines: list[str] = []
        self.model: Model | None = None
        self._unsubscribe: list[Callable[[], None]] = []
        self.updates_posted = 0  # TableUpdates the table has sent (see TableScreen.confirm)
        self._narrator: Narrator | None = None
        self._result_for: tuple[int, str] | None = None
        self._result_screen: DealResultScreen | None = None
        self._passing = False
        self._enlarge: EnlargeScreen | None = None
        self.saves = saves  # solo / hotseat games kept in the store (None: in memory)
        self.resume_id = resume  # a stored game to resume at start
        self.left_game: str | None = None  # the stored unfinished game last left

    # ------------------------------------------------------------------ setup
    def _set_no_color(self, no_color: bool) -> None:
        self.no_color = no_color
        self._filters = [f for f in self._filters if not isinstance(f, (NoColor, Monochrome))]
        if no_color:
            self._filters.append(NoColor() if self.native_ansi_color else Monochrome())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        dark = self.current_theme.dark if hasattr(self, "_registered_themes") else True
        return {
            "suit-red": "#ff6b6b" if dark else "#c0392b",
            "suit-black": "#e8e8e8" if dark else "#111111",
            "trump-accent": "#ffd25e" if dark else "#8a5a00",
            "points-accent": "#7fd0ff" if dark else "#1f5fa8",
        }

    def theme_choices(self) -> list[str]:
        names = ["shengji", "shengji-light"]
        return names + sorted(n for n in self.available_themes if n not in names)

    async def on_mount(self) -> None:
        self.set_class(self.ct.ascii, "-ascii")
        if self.resume_id is not None and self.saves is not None:
            if not await self.resume_game(self.resume_id):
                await self.push_screen(StartScreen())
            self._check_size()
            return
        if self.table is not None and not self.start_with_menu:
            await self.attach(self.table, self.humans, owns=self.owns_table)
        elif self.table_factory is not None and not self.start_with_menu:
            await self.start_new_game()
        else:
            await self.push_screen(StartScreen())
        self._check_size()

    # ------------------------------------------------------------------ table
    async def attach(self, table: TableLike, humans: list[int], *, owns: bool) -> None:
        """Sit at `table` in `humans` (the first one is shown first)."""
        self.table = table
        self.humans = list(humans)
        self.owns_table = owns
        self.left_game = None
        self.views = {s: table.view(s) for s in self.humans}
        self.log_lines = []
        self._result_for = None
        names = [getattr(s, "name", "") or "" for s in table.seats]
        self.model = Model(self.cat, self.ct, names, self.humans[0], humans=self.humans)
        self.model.take_seat(self.humans[0], self.views[self.humans[0]])
        self._narrator = Narrator(
            self.cat, self.ct, self.model.name, self.model.team_name, self.model.is_you
        )
        # The log is one for every human at this keyboard: with several, it tells
        # what all of them may see (a spectator's events), never one seat's own.
        shared = len(self.humans) > 1
        told = table.view(None) if shared else self.views[self.humans[0]]
        for e in told.log:
            self._narrate(e, told)
        if shared:
            self._unsubscribe.append(table.subscribe(None, self._callback(None)))
        for s in self.humans:
            self._unsubscribe.append(table.subscribe(s, self._callback(s)))
        on_trouble = getattr(table, "on_trouble", None)  # a `Table` (not every TableLike)
        if callable(on_trouble):
            self._unsubscribe.append(on_trouble(self._on_trouble))
            if getattr(table, "trouble", None) is not None:
                self._on_trouble(table.trouble)  # type: ignore[attr-defined]
        await self.show_main(TableScreen(self.model))
        self._after_update([])
        if owns:
            await table.start()

    def _callback(self, seat: int | None) -> Callable[[SeatView, list[Event]], None]:
        def cb(view: SeatView, events: list[Event]) -> None:
            self.updates_posted += 1
            self.post_message(TableUpdate(seat, view, list(events)))

        return cb

    def _on_trouble(self, trouble: Any) -> None:
        # called by the table (from any session's context): post to this app only
        self.post_message(TableTrouble(trouble))

    def on_table_trouble(self, msg: TableTrouble) -> None:
        """Tell the player the table is waiting for the store (or plays on)."""
        if msg.trouble is None:
            self.clear_notifications()
            self.notify(self.cat.t("notify.store_ok"), timeout=6)
            return
        error = str(getattr(msg.trouble, "reason", "") or getattr(msg.trouble, "error", ""))
        self.notify(
            self.cat.t("notify.store_trouble", error=error),
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
        if table is not None and self.saved_game(table):
            tid = str(getattr(table, "table_id", ""))
            finished = bool(getattr(table, "finished", False))
            self.left_game = None if finished else tid
            assert self.saves is not None
            with contextlib.suppress(Exception):
                self.saves.touch(tid, force=True)

    def saved_game(self, table: object | None = None) -> bool:
        """Whether `table` (default: the one at hand) is kept in the store."""
        table = self.table if table is None else table
        return table is not None and self.saves is not None and self.saves.owns(table)

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

    def can_skip_deal(self) -> bool:
        """While dealing: deal the rest at once. After the last card, only a table of
        one human may close the declarations early (others may still declare)."""
        m = self.model
        if self.table is None or m is None or m.view is None:
            return False
        if m.view.phase == "dealing":
            return True
        humans = [s for s in self.table.seats if getattr(s, "kind", "") == "human"]
        return m.view.phase == "declaring" and len(humans) <= 1

    async def skip_deal(self) -> None:
        m = self.model
        if m is None or m.view is None or not self.can_skip_deal():
            return
        if m.view.phase == "dealing":
            await self.send(DealAll(seat=m.seat))
        else:
            await self.send(DealNext(seat=m.seat))

    async def send(self, command: Command) -> bool:
        """Submit for the seat being shown; a refusal becomes a notification."""
        if self.table is None or self.model is None:
            return False
        try:
            await self.table.submit(self.model.seat, command)
        except RuleError as e:
            text = self.ct.notation(e.sentence_zh if self.cat.zh and e.sentence_zh else e.sentence)
            self.notify(text, severity="error", timeout=6)
            return False
        except Exception as e:  # a fault in the table: a sentence, never a traceback
            self.log.error(f"table refused {command!r}: {e!r}")
            self.notify(
                self.cat.t("notify.table_error", error=str(e) or type(e).__name__),
                severity="error",
                timeout=8,
            )
            return False
        if self.saves is not None and self.saved_game():
            with contextlib.suppress(Exception):
                self.saves.touch(str(getattr(self.table, "table_id", "")))
        return True

    async def next_deal(self) -> None:
        if self.model is None or self.model.phase != "scoring":
            return
        await self.send(NextDeal(seat=self.model.seat))

    async def after_match(self) -> None:
        if self.table_factory is not None:
            await self.detach()
            await self.show_main(StartScreen())
        else:
            self.exit()

    async def start_new_game(self) -> None:
        if self.table_factory is None:
            return
        await self.detach()
        table, humans = self.table_factory(self.options, self.cat)
        if self.saves is not None and self.saves.owns(table):
            self.saves.touch(str(getattr(table, "table_id", "")), force=True)
        await self.attach(table, humans, owns=True)

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
            )
            return False
        for s, name in zip(humans, names, strict=True):
            table.set_human(s, name)
        saves.touch(table_id, force=True)
        await self.attach(table, humans, owns=True)
        return True

    # ------------------------------------------------------------------ updates
    def _narrate(self, e: Event, view: SeatView) -> None:
        if self._narrator is None or self.model is None:
            return
        line = self._narrator.sentence(e, view.rules, self.model.ctx)
        if line:
            self.log_lines.append(line)
            ts = self.table_screen()
            if ts is not None and ts.is_mounted:
                ts.write_log(line)

    def on_table_update(self, msg: TableUpdate) -> None:
        m = self.model
        if m is None:
            return
        told = None if len(self.humans) > 1 else self.humans[0]  # the log's feed (see attach)
        if msg.seat == told:
            for e in msg.events:
                self._narrate(e, msg.view)
        if msg.seat not in self.humans:
            return
        self.views[msg.seat] = msg.view
        if self.table is not None:  # seats change hands (a bot stands in, a player joins)
            m.names = [getattr(s, "name", "") or "" for s in self.table.seats]
        if msg.seat == m.seat:
            self._apply_events(msg.events)
            m.set_view(msg.view)
            self._after_update(msg.events)
        self._check_hotseat()

    def _apply_events(self, evs: list[Event]) -> None:
        m = self.model
        assert m is not None
        m.apply_events(evs)
        for e in evs:
            if isinstance(e, ThrowFailed) and not self._passing:  # (to nobody's screen)
                key = "notify.throw_failed" + ("_you" if m.is_you(e.seat) else "")
                self.notify(
                    self.cat.t(key, name=m.name(e.seat), forced=self.ct.cards(e.forced)),
                    severity="warning",
                    timeout=4,
                )

    def declare_window(self) -> float | None:
        """Seconds the table waits for declarations after the last card (it waits
        again after each change), or None when the table does not say."""
        table = self.table
        if table is None or not hasattr(table, "declare_window"):
            return None
        window = table.declare_window
        if window is None:
            from ..table import DEFAULT_DECLARE_WINDOW

            window = DEFAULT_DECLARE_WINDOW
        return float(window)

    def _after_update(self, evs: list[Event]) -> None:
        m = self.model
        assert m is not None and m.view is not None
        v = m.view
        window = self.declare_window() if v.phase == "declaring" else None
        m.declare_deadline = None if window is None else time.monotonic() + window
        if v.phase not in ("scoring", "finished") and self._result_screen is not None:
            scr, self._result_screen = self._result_screen, None
            if self.screen is scr:  # (under another dialog it stays until closed)
                self.pop_screen()
        ts = self.table_screen()
        if ts is not None and ts.is_mounted:
            ts.refresh_all()
        for shown in self.screen_stack:
            if isinstance(shown, LastTrickScreen) and shown.is_mounted:
                shown.follow()
        key = (v.deal_no, v.phase)
        if v.phase in ("scoring", "finished") and self._result_for != key:
            self._result_for = key
            if self._result_screen is not None and self.screen is self._result_screen:
                self.pop_screen()
            self._result_screen = DealResultScreen(m, final=v.phase == "finished")
            self.push_screen(self._result_screen)

    # ------------------------------------------------------------------ hotseat
    def _check_hotseat(self) -> None:
        m = self.model
        if m is None or len(self.humans) < 2 or self._passing:
            return
        v = self.views.get(m.seat)
        if v is None:
            return
        target = v.awaiting
        if target is not None and target in self.humans and target != m.seat:
            self.pass_to(target)

    def next_hotseat_hand(self) -> None:
        m = self.model
        if m is None or len(self.humans) < 2:
            return
        i = self.humans.index(m.seat)
        self.pass_to(self.humans[(i + 1) % len(self.humans)])

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
            ts = self.table_screen()
            if ts is not None:
                ts.refresh_all()
            self._check_hotseat()

        name = m.names[seat] if seat < len(m.names) and m.names[seat] else m.name(seat)
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
        trouble = getattr(self.table, "trouble", None)
        if trouble is not None:
            self._on_trouble(trouble)

    # ------------------------------------------------------------------ settings
    def set_language(self, lang: str) -> None:
        self.cat = Catalogue(lang)
        self.ct = CardText(self.cat, self.ct.ascii)
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        if self.model is not None:
            self.model.cat = self.cat
            self.model.ct = self.ct
            if self._narrator is not None:
                self._narrator.cat = self.cat
                self._narrator.ct = self.ct
        ts = self.table_screen()
        if ts is not None:
            ts.relabel()
            ts.refresh_all()

    def set_ascii(self, ascii: bool) -> None:
        self.ct.ascii = ascii
        self.set_class(ascii, "-ascii")
        ts = self.table_screen()
        if ts is not None:
            ts.refresh_all()
        self.screen.refresh_bindings()  # the footer's key names

    def get_key_display(self, binding: Binding) -> str:
        """The footer's keys: in ASCII mode by name ("left/right", "enter"), no glyphs."""
        text = super().get_key_display(binding)
        ct = getattr(self, "ct", None)
        return ascii_keys(text) if ct is not None and ct.ascii else text

    # ------------------------------------------------------------------ size
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
    def action_request_quit(self) -> None:
        t = self.cat.t

        def done(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._quit(), exclusive=True, group="main")

        question = t("quit.question_saved" if self.saved_game() else "quit.question")
        self.push_screen(ConfirmQuit(question, t("quit.yes"), t("quit.no")), done)

    async def _quit(self) -> None:
        await self.detach()
        self.exit()

    # ------------------------------------------------------------------ palette
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        t = self.cat.t
        yield SystemCommand(t("palette.help"), t("palette.help_help"), self._palette_help)
        if self.model is not None and self.model.view is not None:
            yield SystemCommand(
                t("palette.last_trick"),
                t("palette.last_trick_help"),
                self._palette_last_trick,
            )
        other = "zh" if self.cat.lang == "en" else "en"
        yield SystemCommand(
            t("palette.language"), t("palette.language_help"), lambda: self.set_language(other)
        )
        yield SystemCommand(
            t("palette.ascii"), t("palette.ascii_help"), lambda: self.set_ascii(not self.ct.ascii)
        )
        yield SystemCommand(t("palette.theme"), t("palette.theme_help"), self.action_change_theme)
        if self.table_factory is not None:
            yield SystemCommand(
                t("palette.new_game"), t("palette.new_game_help"), self._palette_menu
            )
        yield SystemCommand(t("palette.quit"), t("palette.quit_help"), self.action_request_quit)
        # No screenshot command: over SSH it would write to the server's disk.

    def _palette_last_trick(self) -> None:
        if self.model is not None:
            self.push_screen(LastTrickScreen(self.model))

    def _palette_help(self) -> None:
        if self.model is not None:
            self.push_screen(HelpScreen(self.model))

    def _palette_menu(self) -> None:
        self.run_worker(self.after_match(), exclusive=True, group="main")


def default_lang(env: dict[str, str] | None = None) -> str:
    from .i18n import detect_lang

    return detect_lang(os.environ if env is None else env)
