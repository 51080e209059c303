"""Screens: the table, modal dialogs (deal result, match over, help, last trick,
log, quit), the hotseat hand-over screen, the too-small screen and the start
menu."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    Label,
    Markdown,
    RichLog,
    Select,
    Static,
)

from .. import rules
from ..engine import (
    Bury,
    DealerRotated,
    DealScored,
    Declare,
    JackRule,
    KittyCaptured,
    KittyRevealed,
    LevelUp,
    MatchOver,
    PassSteal,
    Play,
    Steal,
)
from ..engine.state import SUPPORTED
from .i18n import Catalogue
from .model import LEFT, RIGHT, TOP, Model
from .widgets import (
    CardsWidget,
    CentreBox,
    DeclarePanel,
    HandView,
    KeyBar,
    LastTrick,
    MeLine,
    PointsBar,
    ScoreText,
    SeatPanel,
    StatusBar,
)

if TYPE_CHECKING:
    from .app import ShengjiApp
    from .saved import SavedGame


def _app(screen: Screen[Any]) -> ShengjiApp:
    return screen.app  # type: ignore[return-value]


def relabel_bindings(node: DOMNode, labels: dict[str, str]) -> None:
    """Give `node`'s bindings descriptions in the chosen language (by action name).

    The binding lists are shared with the class (a shallow copy per instance), so
    each list is replaced, never changed in place: two sessions may differ."""
    k2b = node._bindings.key_to_bindings
    for key, bindings in list(k2b.items()):
        new = []
        for b in bindings:
            name = b.action.split("(")[0]
            new.append(replace(b, description=labels[name]) if name in labels else b)
        k2b[key] = new
    if getattr(node, "is_mounted", False) or getattr(node, "is_running", False):
        node.refresh_bindings()  # (the footer recomposes: callers call this sparingly)


class SizeWatch:
    """Screens that ask the app to check the terminal size when it changes (the
    app's own Resize handler stops the event before a subclass would see it)."""

    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)  # type: ignore[attr-defined]
        if callable(check):
            check()


# ====================================================================== table


class TableScreen(SizeWatch, Screen[None]):
    """Four seats around a centre; your hand at the bottom."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "move", key_display="←→", show=True),
        Binding("right,l", "move(1)", "move", show=False),
        Binding("space", "pick", "select"),
        Binding("enter", "confirm", "play", key_display="⏎"),
        Binding("d", "declare", "declare"),
        Binding("f", "skip_deal", "skip"),
        Binding("s", "suggest", "suggest"),
        Binding("t", "last_trick", "last trick"),
        Binding("g", "show_log", "log", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("n", "next_deal", "next deal", show=False),
        Binding("p", "pass_steal", "pass"),
        Binding("tab", "next_hand", "next hand", show=False),
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "quit_table", "quit"),
        *[Binding(str(k), f"declare_option({k - 1})", show=False) for k in range(1, 10)],
    ]

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model
        self._labels_for: tuple[str, str] | None = None
        self._binding_sig: tuple[object, ...] = ()
        # the widgets refresh_all updates (found once: the screen never recomposes)
        self._cards: list[CardsWidget] = []
        self._declare: list[Widget] = []
        self._bars: list[PointsBar] = []
        self._keybars: list[KeyBar] = []
        self._logs: list[RichLog] | None = None

    # --------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        m = self.model
        yield StatusBar(m, id="status")
        with Horizontal(id="board"):
            with Vertical(id="table"):
                yield SeatPanel(m, TOP, id="seat-top")
                with Horizontal(id="middle"):
                    yield SeatPanel(m, LEFT, id="seat-left")
                    with Vertical(id="centre"):
                        yield CentreBox(m, id="trick")
                        yield DeclarePanel(m, id="declare")
                    yield SeatPanel(m, RIGHT, id="seat-right")
            with Vertical(id="side"):
                yield LastTrick(m, id="last-trick")
                log = RichLog(id="log", wrap=True, min_width=20, max_lines=1000)
                # Never focused: the table's keys (←→, space) must not scroll the log,
                # and a key goes straight to the screen's bindings (set before mounting:
                # the screen focuses its first focusable widget when it is shown).
                log.can_focus = False
                yield log
        with Horizontal(id="scoreline"):
            yield ScoreText(m, "left", id="score-left")
            yield PointsBar(ascii=m.ct.ascii, id="points-bar", total=80)
            yield ScoreText(m, "right", id="score-right")
        yield MeLine(m, id="me")
        yield HandView(m, id="hand")
        yield KeyBar(m, id="keys")

    def on_mount(self) -> None:
        self._countdown = self.set_interval(0.25, self._tick_countdown, pause=True)
        self._countdown_shown: int | None = None
        self.relabel()
        log = self.query_one("#log", RichLog)
        for line in _app(self).log_lines:
            log.write(line)
        self.refresh_all()

    def relabel(self) -> None:
        """Binding descriptions in the chosen language."""
        t = self.model.cat.t
        labels = {
            "move": t("keys.move"),
            "pick": t("keys.select"),
            "declare": t("keys.declare"),
            "skip_deal": t("keys.skip"),
            "suggest": t("keys.suggest"),
            "last_trick": t("keys.last_trick"),
            "show_log": t("keys.log"),
            "clear": t("keys.clear"),
            "next_deal": t("keys.next_deal"),
            "pass_steal": t("keys.pass_steal"),
            "next_hand": t("keys.next_hand"),
            "help": t("keys.help"),
            "quit_table": t("keys.quit"),
        }
        relabel_bindings(self, labels)
        k2b = self._bindings.key_to_bindings
        if "space" in k2b:
            k2b["space"] = [replace(b, key_display=t("keys.space")) for b in k2b["space"]]
        self._labels_for = None
        self.refresh_confirm_label()

    def refresh_confirm_label(self) -> None:
        m = self.model
        t = m.cat.t
        if self._labels_for == (m.phase, t("keys.play")):
            return
        self._labels_for = (m.phase, t("keys.play"))
        key = {
            "burying": "keys.bury",
            "dealing": "keys.declare",
            "declaring": "keys.declare",
            "scoring": "keys.next_deal",
        }.get(m.phase, "keys.play")
        skip = "keys.skip" if m.phase == "dealing" else "keys.skip_done"
        relabel_bindings(self, {"confirm": t(key), "skip_deal": t(skip)})

    def refresh_all(self) -> None:
        """Bring every widget up to date with the model, touching only what changed:
        a widget repaints when its text changed, the screen is laid out again only
        when a widget sized by its content changes size (or one is shown / hidden),
        and the key bar is rebuilt only when the bindings it shows changed."""
        m = self.model
        if not self._cards:
            # (the key bar follows the bindings: refresh_bindings below updates it)
            self._cards = [w for w in self.query(CardsWidget) if not isinstance(w, KeyBar)]
            self._declare = list(self.query("#declare"))
            self._bars = list(self.query(PointsBar))
            self._keybars = list(self.query(KeyBar))
        for w in self._cards:
            w.update_content()
        stealing = m.phase == "kitty_theft" and m.view is not None and m.view.awaiting == m.seat
        show_declare = m.phase in ("dealing", "declaring") or stealing
        for declare in self._declare:
            if declare.display != show_declare:
                declare.display = show_declare
        if self._bars:
            pts = m.attacker_points()
            nxt = m.next_band(pts) if m.view is not None else None
            total = nxt.min_points if nxt is not None else max(pts, 1)
            show_bar = bool(m.view is not None and m.view.dealer_side)
            for bar in self._bars:
                if bar.total != total or bar.progress != min(pts, total):
                    bar.update(total=total, progress=min(pts, total))
                if bar.display != show_bar:
                    bar.display = show_bar
        self.refresh_confirm_label()
        self.footer_palette()
        counting = m.phase == "declaring" and m.declare_deadline is not None
        timer = getattr(self, "_countdown", None)
        if timer is not None:
            if counting:
                timer.resume()
            else:
                timer.pause()
        # The footer recomposes on every refresh_bindings: only when something changed.
        sig = (*(self.check_action(a, ()) for a in self._DYNAMIC), m.phase, m.cat.lang)
        if sig != self._binding_sig:
            self._binding_sig = sig
            self.refresh_bindings()

    def footer_palette(self) -> None:
        """ASCII mode names keys in words ("left/right", "enter"): on a narrow
        terminal the footer then drops its palette key (ctrl+p still opens it)."""
        show = not (self.model.ct.ascii and self.size.width < 110)
        for bar in self._keybars or self.query(KeyBar):
            if bar.show_palette != show:
                bar.show_palette = show
                bar.update_content()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.footer_palette()

    def _tick_countdown(self) -> None:
        """Redraw the centre when the declaring countdown shows another second."""
        m = self.model
        if m.phase != "declaring" or m.declare_deadline is None:
            return
        left = max(0, math.ceil(m.declare_deadline - time.monotonic()))
        if left != self._countdown_shown:
            self._countdown_shown = left
            for w in self.query(CentreBox):
                w.update_content()

    _DYNAMIC = (
        "pass_steal",
        "move",
        "pick",
        "confirm",
        "declare",
        "skip_deal",
        "suggest",
        "next_deal",
        "next_hand",
        "last_trick",
        "show_log",
    )

    def write_log(self, line: str) -> None:
        if self._logs is None:
            self._logs = list(self.query("#log").results(RichLog))
        for log in self._logs:
            log.write(line)

    # --------------------------------------------------------------- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        m = self.model
        v = m.view
        phase = m.phase
        mine = v is not None and v.awaiting == m.seat
        stealing = phase == "kitty_theft" and mine
        dealing = phase in ("dealing", "declaring") or stealing
        acting = mine and phase in ("burying", "playing")
        # While cards are played or buried the turn keys stay in the footer, greyed
        # when it is not your turn (None): keys that come and go would make every
        # turn change lay the whole screen out again, on every player's screen.
        waiting = None if phase in ("burying", "playing") else False
        if action in ("move", "pick"):
            return bool(acting or (dealing and action == "move")) or waiting
        if action == "confirm":
            if dealing:  # declaring takes d or a digit: a stray enter must not declare
                return False
            if phase == "scoring":
                return True
            if not acting:
                return waiting
            return True if m.check().ok else None
        if action in ("declare", "declare_option"):
            if not dealing:
                return False
            return True if m.declare_options() else None
        if action == "skip_deal":
            return dealing and _app(self).can_skip_deal()
        if action == "suggest":
            return bool(acting) or waiting
        if action == "clear":
            return True
        if action == "next_deal":
            return phase == "scoring"
        if action == "pass_steal":
            return stealing
        if action == "next_hand":
            return dealing and len(m.humans) > 1
        if action == "last_trick":
            return phase in ("playing", "scoring", "finished")
        if action == "show_log":
            return not self.has_class("-wide")
        return True

    def action_move(self, step: int) -> None:
        m = self.model
        if m.phase in ("dealing", "declaring"):
            opts = m.declare_options()
            if opts:
                m.decl_index = (m.decl_index + step) % len(opts)
        else:
            m.move(step)
        self.refresh_all()

    def action_pick(self) -> None:
        self.model.toggle()
        self.refresh_all()

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        m = self.model
        if m.view is not None and m.view.awaiting == m.seat and m.phase in ("burying", "playing"):
            m.cursor = message.index
            m.toggle(message.index)
            self.refresh_all()

    def action_clear(self) -> None:
        self.model.reset_selection()
        self.refresh_all()

    async def action_confirm(self) -> None:
        m = self.model
        phase = m.phase
        if phase in ("dealing", "declaring"):
            return
        if phase == "scoring":
            await self.action_next_deal()
            return
        chk = m.check()
        if not chk.ok:
            if chk.message:
                self.notify(chk.message, severity="warning")
            return
        cards = tuple(m.selection())
        cmd = (
            Bury(seat=m.seat, cards=cards) if phase == "burying" else Play(seat=m.seat, cards=cards)
        )
        app = _app(self)
        posted = app.updates_posted
        if await app.send(cmd):
            m.reset_selection()
            if app.updates_posted == posted:  # else the table's update, next, shows it
                self.refresh_all()

    async def action_declare(self) -> None:
        await self.action_declare_option(self.model.decl_index)

    async def action_declare_option(self, index: int) -> None:
        m = self.model
        opts = m.declare_options()
        if not 0 <= index < len(opts):
            if not opts:
                self.notify(m.cat.t("declare.cannot", level=m.view.level if m.view else ""))
            return
        cards = tuple(opts[index])
        if m.phase == "kitty_theft":
            await _app(self).send(Steal(seat=m.seat, cards=cards))
        else:
            await _app(self).send(Declare(seat=m.seat, cards=cards))

    async def action_pass_steal(self) -> None:
        m = self.model
        if m.phase == "kitty_theft" and m.view is not None and m.view.awaiting == m.seat:
            await _app(self).send(PassSteal(seat=m.seat))

    async def action_skip_deal(self) -> None:
        await _app(self).skip_deal()

    def action_suggest(self) -> None:
        m = self.model
        cards = m.suggest()
        if cards:
            m.select_cards(cards)
            self.refresh_all()

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.model))

    def action_show_log(self) -> None:
        self.app.push_screen(LogScreen(self.model.cat.t("log.title"), _app(self).log_lines))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.model))

    def action_next_hand(self) -> None:
        _app(self).next_hotseat_hand()

    async def action_next_deal(self) -> None:
        await _app(self).next_deal()

    def action_quit_table(self) -> None:
        _app(self).action_request_quit()


# ====================================================================== dialogs


class Dialog(ModalScreen[Any]):
    """A centred box; escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "close")]

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmQuit(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "yes", "yes"),
        Binding("n,escape", "no", "no"),
        Binding("q", "yes", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(self.no, id="no", variant="primary")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class LastTrickScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,t,enter", "close", "close")]

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield LastTrick(self.model)
            yield Label(self.model.cat.t("dialog.close_keys"), classes="dim")

    def follow(self) -> None:
        """The game went on while the dialog is open: show the trick won last."""
        for w in self.query(LastTrick):
            w.update_content()


class LogScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,g,enter", "close", "close")]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield RichLog(id="log-full", wrap=True, min_width=20)

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)


class HelpScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "close")]

    def __init__(self, model: Model) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        from .help import help_markdown

        with Vertical(classes="dialog wide-dialog"):
            yield Label(self.model.cat.t("help.title"), classes="dialog-title")
            with VerticalScroll():
                yield Markdown(help_markdown(self.model))
            yield Label(self.model.cat.t("dialog.close_keys"), classes="dim")


class DealResultScreen(Dialog):
    """The deal's end: kitty revealed, multiplier, points, levels, next dealer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "next deal"),
        Binding("t", "last_trick", "last trick"),
        Binding("escape", "close", "close"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, model: Model, final: bool = False) -> None:
        super().__init__()
        self.model = model
        self.final = final

    def compose(self) -> ComposeResult:
        t = self.model.cat.t
        with Vertical(classes="dialog result"):
            yield Label(self.title_line(), classes="dialog-title")
            yield Static(self.body(), id="result-body")
            key = "result.keys_final" if self.final else "result.keys"
            yield Label(t(key), classes="dim")

    def on_mount(self) -> None:
        t = self.model.cat.t
        relabel_bindings(
            self,
            {
                "next": t("keys.new_game" if self.final else "keys.next_deal"),
                "last_trick": t("keys.last_trick"),
                "close": t("keys.close"),
                "quit": t("keys.quit"),
            },
        )

    def title_line(self) -> str:
        m = self.model
        t = m.cat.t
        v = m.view
        if self.final and v is not None:
            winners = v.winners or ()
            mine = m.seat in winners
            return t(
                "result.match_won" if mine else "result.match_lost", names=m.team_name(winners)
            )
        return t("result.title", n=(v.deal_no + 1) if v else 1)

    def body(self) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        ct = m.ct
        lines: list[Text] = []
        if v is None:
            return Text()
        log = list(v.log)
        rev = next((e for e in log if isinstance(e, KittyRevealed)), None)
        cap = next((e for e in log if isinstance(e, KittyCaptured)), None)
        scored = next((e for e in log if isinstance(e, DealScored)), None)
        if rev is not None:
            if rev.seat is not None and m.is_you(rev.seat):
                who = t("seat.you_object")
            else:
                who = m.name(rev.seat) if rev.seat is not None else "?"
            lines.append(
                Text(t("result.kitty", name=who, cards=ct.cards(rev.cards), points=rev.points))
            )
        if v.last_trick_winner is not None:
            lw = v.last_trick_winner
            if cap is not None:
                lines.append(
                    Text(
                        t(
                            "result.captured",
                            name=m.name(lw),
                            points=cap.points,
                            mult=cap.multiplier,
                            total=cap.total,
                        )
                    )
                )
            else:
                mult = self.would_be_multiplier()
                key = "result.kitty_kept" if mult is not None else "result.kitty_kept_plain"
                lines.append(Text(t(key, name=m.name(lw), mult=mult)))
        if scored is not None:
            parts = [t("result.tricks", n=scored.trick_points)]
            if scored.kitty_points:
                parts.append(t("result.kitty_part", n=scored.kitty_points))
            if scored.penalty_points:
                parts.append(t("result.penalty_part", n=scored.penalty_points))
            lines.append(
                Text(
                    t("result.points", points=scored.attacker_points, parts=" + ".join(parts)),
                    style="bold",
                )
            )
            r = scored.result
            attackers = [s for s in range(m.players) if s not in v.dealer_side]
            names = {"dealer": m.team_name(v.dealer_side), "attackers": m.team_name(attackers)}
            if r.attackers_take_over:
                outcome = t("result.take_over", n=r.attacker_levels, **names)
            else:
                outcome = t("result.hold", n=r.dealer_side_levels, **names)
            lines.append(Text(outcome))
        for e in log:
            if isinstance(e, LevelUp):
                lines.append(
                    Text(
                        t(
                            "result.level_up",
                            names=m.team_name(e.seats),
                            old=e.old_level,
                            new=e.new_level,
                            gain=e.gain,
                        )
                    )
                )
            elif isinstance(e, JackRule):
                lines.append(Text(t("log.jack_rule", names=m.team_name(e.seats), new=e.new_level)))
        if not any(isinstance(e, LevelUp) for e in log) and scored is not None:
            lines.append(Text(t("result.no_level_change")))
        levels = t("result.levels", us=v.levels[m.seat], them=v.levels[(m.seat + 1) % m.players])
        lines.append(Text(levels))
        rot = next((e for e in log if isinstance(e, DealerRotated)), None)
        over = next((e for e in log if isinstance(e, MatchOver)), None)
        if rot is not None:
            lines.append(
                Text(
                    t("result.next_dealer", name=m.name(rot.seat), level=v.levels[rot.seat]),
                    style="bold",
                )
            )
        if over is not None:
            lines.append(
                Text(
                    t("log.match_over", names=m.team_name(over.winners), level=over.level),
                    style="bold",
                )
            )
        return Text("\n").join(lines)

    def would_be_multiplier(self) -> int | None:
        """The kitty multiplier the last trick would have given the attackers."""
        m = self.model
        v = m.view
        if v is None or not v.last_trick or v.last_trick_winner is None:
            return None
        win = next((p.cards for p in v.last_trick if p.seat == v.last_trick_winner), None)
        try:
            return rules.kitty_multiplier(m.rs, m.ctx, list(v.last_trick[0].cards), win)
        except Exception:  # a lead the rules cannot read: say no number
            return None

    async def action_next(self) -> None:
        app = _app(self)
        if self.final:  # replaces the screens: not awaited from one of them
            app.run_worker(app.after_match(), exclusive=True, group="main")
        else:
            await app.next_deal()

    def action_last_trick(self) -> None:
        self.app.push_screen(LastTrickScreen(self.model))

    def action_quit(self) -> None:
        _app(self).action_request_quit()


# ====================================================================== hotseat


class PassScreen(SizeWatch, Screen[None]):
    """Between two humans' turns on one keyboard: the hands are hidden."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "ready")]

    def __init__(self, text: str, hint: str) -> None:
        super().__init__()
        self.text, self.hint = text, hint

    def compose(self) -> ComposeResult:
        with Center(classes="pass-box"):
            yield Label(self.text, classes="dialog-title")
            yield Label(self.hint)

    def action_ready(self) -> None:
        self.dismiss(None)


class EnlargeScreen(SizeWatch, Screen[None]):
    """Shown while the terminal is smaller than 80x24."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="enlarge")


# ====================================================================== start menu


class StartScreen(SizeWatch, Screen[None]):
    """New game: preset and options, bots, language, theme, card style; and the
    stored unfinished games to resume (when games are stored)."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "quit", "quit"),
        Binding("ctrl+s", "start", "start"),
        Binding("r", "resume", "resume"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[SavedGame] = []

    def load_games(self) -> None:
        saves = _app(self).saves
        self.games = []
        if saves is None:
            return
        try:
            self.games = saves.games()
        except Exception as e:  # an unreadable store: say so, offer new games
            self.notify(_app(self).cat.t("resume.failed", error=str(e)), severity="error")

    def compose(self) -> ComposeResult:
        from ..bots import LEVELS

        app = _app(self)
        t = app.cat.t
        o = app.options
        self.load_games()
        presets = [(f"{p} — {t('preset.' + p)}", p) for p in SUPPORTED]
        levels = list(LEVELS)
        with Vertical(id="start"):
            yield Label(t("menu.title"), classes="dialog-title")
            with Grid(id="start-grid"):
                yield Label(t("menu.preset"))
                yield Select(presets, value=o.preset, allow_blank=False, compact=True, id="preset")
                yield Label(t("menu.players"))
                yield Select(
                    [(t("menu.solo"), 1)] + [(t("menu.hotseat", n=n), n) for n in (2, 3, 4)],
                    value=o.humans,
                    allow_blank=False,
                    compact=True,
                    id="humans",
                )
                yield Label(t("menu.bots"))
                yield Select(
                    [(bot_label(app.cat, lv, about=True), lv) for lv in levels],
                    value=o.bots if o.bots in levels else levels[0],
                    allow_blank=False,
                    compact=True,
                    id="bots",
                )
                yield Label(t("menu.seed"))
                yield Input(
                    value="" if o.seed is None else str(o.seed),
                    type="integer",
                    placeholder=t("menu.seed_random"),
                    id="seed",
                    compact=True,
                )
                yield Label(t("menu.language"))
                yield Select(
                    [("English", "en"), ("中文", "zh")],
                    value=app.cat.lang,
                    allow_blank=False,
                    compact=True,
                    id="lang",
                )
                yield Label(t("menu.theme"))
                yield Select(
                    [(n, n) for n in app.theme_choices()],
                    value=app.theme,
                    allow_blank=False,
                    compact=True,
                    id="theme",
                )
                yield Label(t("menu.cards"))
                yield Select(
                    [(t("menu.cards_glyphs"), False), (t("menu.cards_ascii"), True)],
                    value=app.ct.ascii,
                    allow_blank=False,
                    compact=True,
                    id="ascii",
                )
            with Horizontal(classes="buttons"):
                yield Button(t("menu.start"), id="start-btn", variant="primary", compact=True)
                if self.games:
                    yield Button(t("menu.resume"), id="resume-btn", compact=True)
                yield Button(t("menu.quit"), id="quit-btn", compact=True)
            if app.saves is not None:
                if self.games:
                    yield Label(t("menu.resume_title"), id="resume-title")
                    yield DataTable(
                        id="resume", cursor_type="row", zebra_stripes=True, show_cursor=True
                    )
                else:
                    yield Label(t("menu.resume_none"), id="resume-title", classes="dim")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        t = _app(self).cat.t
        relabel_bindings(
            self, {"quit": t("keys.quit"), "start": t("menu.start"), "resume": t("menu.resume")}
        )
        for table in self.query("#resume").results(DataTable):
            self.fill_games(table)
        self.query_one("#start-btn", Button).focus()

    def fill_games(self, table: DataTable[str]) -> None:
        app = _app(self)
        t = app.cat.t
        table.clear(columns=True)
        table.add_columns(
            t("menu.col_rules"),
            t("menu.col_deal"),
            t("menu.col_levels"),
            t("menu.col_players"),
            t("menu.col_bots"),
            t("menu.col_last"),
        )
        for g in self.games:
            players = (
                t("menu.solo_short")
                if len(g.humans) == 1
                else t("menu.hotseat_short", n=len(g.humans))
            )
            table.add_row(
                g.preset,
                str(g.deal),
                t("menu.levels_value", us=g.levels[0], them=g.levels[1]),
                players,
                bot_label(app.cat, g.bots) if g.bots else "—",
                when(g.last_played),
                key=g.table_id,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(self.games)
        return True

    @on(Select.Changed, "#lang")
    def lang_changed(self, event: Select.Changed) -> None:
        app = _app(self)
        if isinstance(event.value, str) and event.value != app.cat.lang:
            self.keep_choices()
            app.set_language(event.value)
            self.app.call_later(self.recompose_menu)

    async def recompose_menu(self) -> None:
        await self.recompose()
        self.on_mount()

    @on(Select.Changed, "#theme")
    def theme_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.app.theme = event.value

    @on(Select.Changed, "#ascii")
    def ascii_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, bool):
            _app(self).set_ascii(event.value)

    @on(Button.Pressed, "#start-btn")
    async def start_pressed(self) -> None:
        await self.action_start()

    @on(Button.Pressed, "#resume-btn")
    def resume_pressed(self) -> None:
        self.action_resume()

    @on(Button.Pressed, "#quit-btn")
    def quit_pressed(self) -> None:
        self.app.exit()

    @on(DataTable.RowSelected, "#resume")
    def row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self.resume(str(event.row_key.value))

    def keep_choices(self) -> None:
        """The menu's choices into the app's options (kept when the menu is rebuilt)."""
        o = _app(self).options
        preset = self.query_one("#preset", Select).value
        humans = self.query_one("#humans", Select).value
        bots = self.query_one("#bots", Select).value
        seed_text = self.query_one("#seed", Input).value.strip()
        if isinstance(preset, str):
            o.preset = preset
        if isinstance(humans, int):
            o.humans = humans
        if isinstance(bots, str):
            from ..bots import bot_level

            o.bots = bot_level(bots)
        o.seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None

    async def action_start(self) -> None:
        app = _app(self)
        self.keep_choices()
        # Not awaited here: starting replaces this very screen.
        app.run_worker(app.start_new_game(), exclusive=True, group="main")

    def action_resume(self) -> None:
        """Resume the game under the list's cursor (the first one by default)."""
        if not self.games:
            return
        index = 0
        for table in self.query("#resume").results(DataTable):
            index = max(0, min(table.cursor_row, len(self.games) - 1))
        self.resume(self.games[index].table_id)

    def resume(self, table_id: str) -> None:
        app = _app(self)
        self.keep_choices()  # the bot delays and the like of this session
        app.run_worker(app.resume_game(table_id), exclusive=True, group="main")

    def action_quit(self) -> None:
        self.app.exit()


def bot_label(cat: Catalogue, level: str, about: bool = False) -> str:
    """A bot level's name ("normal"), with what it does when `about`."""
    if not cat.has("bots." + level):
        return level
    name = cat.t("bots." + level)
    if about and cat.has("bots.about." + level):
        return f"{name} — {cat.t('bots.about.' + level)}"
    return name


def when(t: float) -> str:
    """A time for the games list: the hour today, else the date and hour."""
    now = time.localtime()
    then = time.localtime(t)
    if then[:3] == now[:3]:
        return time.strftime("%H:%M", then)
    return time.strftime("%Y-%m-%d %H:%M", then)


__all__ = [
    "ConfirmQuit",
    "DealResultScreen",
    "EnlargeScreen",
    "HelpScreen",
    "LastTrickScreen",
    "LogScreen",
    "PassScreen",
    "StartScreen",
    "TableScreen",
    "rules",
]
