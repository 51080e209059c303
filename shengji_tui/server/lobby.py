"""The lobby an SSH player sees first: the tables, a new table, a seat, bots,
ready, watching a table, leaving.

`LobbyApp` is a small Textual app run on the session's terminal; it ends with a
`LobbyResult` telling the session what to do next (sit at a table that has
started, or leave). It reaches the tables only through `lobbyapi.LobbyLike`, by
table id: it shows snapshots (`RoomView`), and every lobby shown on the server
is told of every change with the listing it is about (`LobbyLike.subscribe`),
by a message posted to its own app (never by touching another app's widgets).

Keys, lobby: ↑↓ choose a table, n new table, j/enter take a seat, w watch,
r return to your table, q leave. Waiting room: r ready, b fill the empty seats
with bots, 1-6 move to a seat (as many as the table's preset has), c chat, l
leave the table. A table's seats are its preset's (`RuleSet.players`, 3 to 6).
Watching: c chat.

Chat in the waiting room goes to the room's channel (the table keeps its
lines when it starts); a spectator's goes to the table's, as "watching".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

from ..bots import BotLevel, bot_level
from ..engine.state import SUPPORTED
from ..entered import MOST_GRACE
from ..players.settings import PlayerSettings
from ..rules import RuleSet
from ..table import ChatNote, ChatRefused, Note, TurnClock
from ..text import CardText, Catalogue, Narrator
from ..tui.bindings import relabel_bindings
from ..tui.keytable import ALWAYS, Keyed, Row, simple
from ..tui.screens.chat import ChatScreen
from ..tui.terminal.nocolor import colour_filters
from ..tui.widgets.choice import choice, on_off
from ..tui.widgets.keyhint import KeyHint
from .lobbyapi import Listing, LobbyLike, RoomView
from .players import PlayersLike
from .profile import ProfileScreen
from .registry import LobbyError
from .remote import RemoteApp
from .rules_paste import RulesPasteScreen

if TYPE_CHECKING:
    from .auth import Identity

# the seats of the largest table the engine plays (the waiting room's seat keys)
MAX_SEATS = max(RuleSet.preset(p).players for p in SUPPORTED)


@dataclass
class LobbyResult:
    kind: Literal["play", "watch", "leave"]  # watch: the table app, as a spectator
    table_id: str | None = None


class LobbyChanged(Message):
    """The lobby changed: the listing as it is now."""

    def __init__(self, listing: Listing) -> None:
        super().__init__()
        self.listing = listing


class ChatHeard(Message):
    """A note of the channel this lobby screen listens to (a waiting room's, or
    the table being watched)."""

    def __init__(self, note: Note) -> None:
        super().__init__()
        self.note = note


FOLLOW_SECONDS = 1.0  # how often the lobby's list looks at the tables' play
CHAT_LINES = 6  # the last lines of chat a waiting room (or the watch screen) shows
FILL_LEVEL: BotLevel = "normal"  # the waiting room's bots, unless the player chooses


class LobbyNotice(Message):
    """A `[notice]` sentence for this player from the registry (a fault to know of)."""

    def __init__(self, key: str, fields: dict[str, object]) -> None:
        super().__init__()
        self.key = key
        self.fields = fields


LOBBY_CSS = """
Screen { background: #0f2a1c; color: #e6e6e6; }
#title { height: 1; background: #1d4430; color: #ffd25e; text-style: bold; padding: 0 1; }
#hint { height: auto; padding: 0 1; color: #9fbfa8; }
#message { height: 1; padding: 0 1; color: #e8b04b; }
#tables { height: 1fr; }
#room { padding: 1 2; height: auto; }
#chat { padding: 0 2 1 2; height: auto; color: #cfe3d5; }
#watch { padding: 1 2; height: 1fr; }
CreateScreen { align: center middle; }
/* compact fields, one row each: the dialog fits 80x24 with its buttons in view;
 * on a smaller terminal it scrolls (a field scrolls into view when focused) */
CreateScreen > Vertical { width: 64; max-width: 100%; height: auto; max-height: 100%;
    overflow-y: auto; border: round #3fa66b; padding: 0 2; background: #163726; }
CreateScreen .title { margin: 0 0 1 0; }
CreateScreen Horizontal { height: auto; }
CreateScreen Label { width: 18; padding: 0; }
CreateScreen Select, CreateScreen Input { width: 1fr; }
CreateScreen #create-keys { width: 1fr; padding: 0; color: #9fbfa8; }
CreateScreen #preset-about { width: 1fr; padding: 0 0 0 18; color: #9fbfa8; margin: 0 0 1 0; }
CreateScreen #rules-chosen { width: 1fr; color: #9fbfa8; }
CreateScreen .buttons { margin: 1 0 0 0; }
/* (apart: side by side, the buttons' tall borders made one line across the row) */
CreateScreen .buttons Button { min-width: 12; margin: 0 1; }
/* (compact fields show focus barely: in colour and, without it, underlined) */
CreateScreen Select:focus > SelectCurrent, CreateScreen Input:focus {
    background: #2f6b4a; text-style: bold underline; }
.buttons { height: auto; align: center middle; }
"""


def _app(node: DOMNode) -> LobbyApp:
    return cast(LobbyApp, node.app)  # only the lobby's screens ask


def _t(node: DOMNode) -> Callable[..., str]:
    """The lobby app's catalogue lookup (`t("lobby.title", name=...)`)."""
    return _app(node).cat.t


def error_text(cat: Catalogue, e: LobbyError) -> str:
    """A registry's refusal in the player's language (its English text otherwise)."""
    key = f"lobby.error.{e.key}" if getattr(e, "key", "") else ""
    if key and cat.has(key):
        return cat.t(key, **getattr(e, "fields", {}))
    return str(e)


def describe_seats(cat: Catalogue, room: RoomView) -> str:
    """The players column: who sits at each seat, in seat order, in the player's
    language (a free seat, a bot, a player away or in 托管 said so, and who lets
    spectators see their hand)."""
    t = cat.t
    parts = []
    for slot in room.slots:
        if slot.kind == "empty":
            parts.append(t("lobby.list.free"))
        elif slot.kind == "bot":
            parts.append(t("lobby.list.bot", name=slot.name))
        elif room.status == "playing" and not slot.here:
            parts.append(t("lobby.list.away", name=slot.name))
        elif slot.on_auto:
            parts.append(t("lobby.list.on_auto", name=slot.name))
        else:
            parts.append(slot.name)
        if slot.kind == "human" and slot.show_hand:  # (spectators may follow this hand)
            parts[-1] = t("lobby.list.shows_hand", who=parts[-1])
    return t("lobby.seat_sep").join(parts)


def game_name(cat: Catalogue, preset: str) -> str:
    """A preset by its name in the player's language (a rules file's own name as it is)."""
    key = f"lobby.game.{preset}"
    return cat.t(key) if cat.has(key) else preset


def describe_status(cat: Catalogue, room: RoomView) -> str:
    """What a table is doing, in words: who it waits for, or the deal and phase."""
    t = cat.t
    seats = room.players
    taken = room.taken
    if room.status == "waiting":
        if taken < seats:
            said = t("lobby.list.waiting_for", n=seats - taken)
        else:
            ready = sum(1 for s in room.slots if s.ready)
            said = t("lobby.list.waiting_ready", ready=ready, seats=seats)
    elif room.status == "playing" and room.progress is not None:
        v = room.progress
        if v.phase == "playing":
            said = t("lobby.list.playing_trick", deal=v.deal_no + 1, trick=v.trick_no + 1)
        else:
            key = f"lobby.phase.{v.phase}"
            phase = t(key) if cat.has(key) else v.phase
            said = t("lobby.list.playing", deal=v.deal_no + 1, phase=phase)
    else:
        said = t(f"lobby.status.{room.status}")
    if room.spectators:
        said += t("lobby.list.watching", n=room.spectators)
    return said


def _level_name(t: Callable[..., str], level: str) -> str:
    """A bot level's name (`bots.<level>`), the level itself when it has none."""
    name = t(f"bots.{level}")
    return level if name == f"bots.{level}" else name


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal cells (a Chinese character takes two)."""
    return text + " " * max(0, width - cell_len(text))


def _relabel(node: Keyed) -> None:
    """Binding descriptions in the app's language (the screen's key table's)."""
    assert isinstance(node, DOMNode)
    relabel_bindings(node, node.key_labels(_t(node)))


# ====================================================================== lobby


class LobbyScreen(Keyed, Screen[None]):
    _shown: list[tuple[str, tuple[str, ...]]] | None = None  # the rows on screen
    _rooms: Listing = ()  # the rooms of those rows

    KEYS = simple(
        Row("n", "new", ALWAYS, "lobby.keys.new", description="new table"),
        Row("j,enter", "join", ALWAYS, "lobby.keys.join", description="take a seat"),
        Row("w", "watch", ALWAYS, "lobby.keys.watch", description="watch"),
        Row("r", "return", ALWAYS, "lobby.keys.return", description="back to my table"),
        Row("p", "players", ALWAYS, "lobby.keys.players", description="players"),
        Row("q", "leave", ALWAYS, "lobby.keys.leave", description="leave"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def compose(self) -> ComposeResult:
        app = _app(self)
        t = _t(self)
        yield Static(t("lobby.title", name=app.identity.name), id="title", markup=False)
        yield Static("", id="message", markup=False)
        table: DataTable[Text] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        table.add_columns(
            # (the status before the names: on 80 columns the names are what is cut)
            *(t(f"lobby.col_{c}") for c in ("number", "preset", "seats", "status", "players"))
        )
        yield table  # (its keys: the footer)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        _relabel(self)
        self.refresh_rooms()
        self.query_one(DataTable).focus()
        # the tables play on without telling the lobby of each move: the status
        # column (deal, trick, who is away or in 托管) is looked at once a second
        self.set_interval(FOLLOW_SECONDS, self.refresh_rooms)

    def refresh_rooms(self, listing: Listing | None = None) -> None:
        """The rows again, of `listing` (a change notice's) or of the lobby now."""
        app = _app(self)
        t = app.cat.t
        rooms = app.lobby.listing() if listing is None else listing
        self._rooms = rooms
        rows: list[tuple[str, tuple[str, ...]]] = []
        for room in rooms:
            taken = room.taken
            status = describe_status(app.cat, room)
            if room.seat_of(app.identity.id) is not None:
                status += t("lobby.your_seat")
            cells = (
                str(room.number),
                game_name(app.cat, room.preset),
                f"{taken}/{room.players}",
                status,
                describe_seats(app.cat, room),
            )
            rows.append((room.table_id, cells))
        if rows == self._shown:
            return  # (the timer's look: nothing moved)
        self._shown = rows
        dt: DataTable[Text] = self.query_one(DataTable)
        keep = dt.cursor_row
        dt.clear()
        for table_id, row in rows:
            # (Text, not str: a DataTable reads a str cell as markup, and names
            # and a rules file's name are players' text)
            dt.add_row(*(Text(c) for c in row), key=table_id)
        empty = t("lobby.no_tables")
        if rooms:
            dt.move_cursor(row=min(max(keep, 0), len(rooms) - 1))
            if str(self.query_one("#message", Static).render()) == empty:
                self.say("")  # (a table came: "no tables yet" is no longer true)
        else:
            self.say(empty)

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    def selected(self) -> RoomView | None:
        """The room of the row under the cursor, as the rows show it."""
        dt: DataTable[Text] = self.query_one(DataTable)
        rooms = self._rooms
        if not rooms or dt.cursor_row < 0 or dt.cursor_row >= len(rooms):
            return None
        return rooms[dt.cursor_row]

    async def action_new(self) -> None:
        app = _app(self)
        if app.lobby.find_seat(app.identity.id) is not None:
            self.say(_t(self)("lobby.have_seat"))
            return
        try:
            await app.lobby.check_limits(app.identity.id, app.origin)
        except LobbyError as e:
            self.say(error_text(app.cat, e))
            return
        self.app.push_screen(CreateScreen())

    async def action_join(self) -> None:
        app = _app(self)
        room = self.selected()
        if room is None:
            self.say(_t(self)("lobby.no_table_chosen"))
            return
        mine = app.lobby.find_seat(app.identity.id)
        if mine is not None and mine[0].table_id == room.table_id:
            await self.action_return()
            return
        if room.status != "waiting" or not room.free_seats():
            # the chosen table is full: the first one with a free seat
            room = next(
                (r for r in app.lobby.listing() if r.status == "waiting" and r.free_seats()),
                room,
            )
        try:
            await app.lobby.sit(room.table_id, None, app.identity.id, app.identity.name)
        except LobbyError as e:
            self.say(error_text(_app(self).cat, e))
            return
        await app.enter_room(room.table_id)

    async def action_watch(self) -> None:
        room = self.selected()
        if room is None or room.status != "playing":
            self.say(_t(self)("lobby.watch_only_playing"))
            return
        try:
            await _app(self).lobby.check_watch(room.table_id)
        except LobbyError as e:
            self.say(error_text(_app(self).cat, e))
            return
        # the table app itself, as a spectator (server/watching.py, session.py)
        _app(self).exit(LobbyResult("watch", room.table_id))

    async def action_return(self) -> None:
        app = _app(self)
        mine = app.lobby.find_seat(app.identity.id)
        if mine is None:
            self.say(_t(self)("lobby.no_seat"))
            return
        room, _ = mine
        if room.status == "playing":
            app.exit(LobbyResult("play", room.table_id))
        else:
            await app.enter_room(room.table_id)

    def action_players(self) -> None:
        """Your profile, the leaderboards, other players' public stats."""
        app = _app(self)
        if app.players is None:  # (a server without a store remembers nobody)
            self.say(_t(self)("profile.no_store"))
            return
        self.app.push_screen(ProfileScreen(app.players, app.identity.id, app.cat))

    def action_leave(self) -> None:
        self.app.exit(LobbyResult("leave"))


# ====================================================================== new table

CLOCK_SECONDS = (15, 20, 30, 45, 60)  # the turn clock's choices (and the server's own)


class CreateScreen(Keyed, ModalScreen[None]):
    KEYS = simple(
        Row("escape", "cancel", ALWAYS, "lobby.keys.cancel", description="cancel"),
        Row("ctrl+s", "create", ALWAYS, "lobby.keys.create", description="create"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self) -> None:
        super().__init__()
        self.rules: RuleSet | None = None  # pasted from a rules file (RulesPasteScreen)
        self.rules_text = ""

    def compose(self) -> ComposeResult:
        d = _app(self).lobby.default_options
        t = _t(self)
        with Vertical():
            yield Label(t("lobby.create.title"), classes="title", markup=False)
            with Horizontal():
                yield Label(t("lobby.create.preset"), markup=False)
                yield choice(
                    [(game_name(_app(self).cat, p), p) for p in SUPPORTED],
                    d.rules.name,
                    "preset",
                )
            # what the chosen preset is, in the player's language (the catalogue's [preset])
            yield Label(
                t(f"preset.{d.rules.name}"), id="preset-about", classes="about", markup=False
            )
            with Horizontal():
                yield Label(t("lobby.create.grace"), markup=False)
                yield Input(  # (seconds, 0 to MOST_GRACE)
                    str(int(d.pacing.grace)),
                    type="integer",
                    id="grace",
                    compact=True,
                    max_length=len(str(int(MOST_GRACE))),
                )
            with Horizontal():
                yield Label(t("lobby.create.standin"), markup=False)
                yield choice(
                    [(_level_name(t, lv), lv) for lv in _app(self).lobby.bot_levels],
                    d.stand_in,
                    "standin",
                )
            with Horizontal():
                yield Label(t("aids.option"), markup=False)
                yield on_off(
                    t("aids.option_on"),
                    t("aids.option_off"),
                    _app(self).settings.card_counter,  # (the player's own choice, kept)
                    "counter-option",
                )
            clock = d.pacing.turn_clock
            seconds = sorted({*CLOCK_SECONDS, *([int(clock.seconds)] if clock else [])})
            with Horizontal():
                yield Label(t("lobby.clock.label"), markup=False)
                yield choice(
                    [(t("lobby.clock.off"), 0)]
                    + [(t("lobby.clock.seconds", s=s), s) for s in seconds],
                    int(clock.seconds) if clock else 0,
                    "clock",
                )
            with Horizontal():
                yield Label(t("lobby.clock.limit"), markup=False)
                yield choice(
                    [(t("lobby.clock.timeouts", n=n), n) for n in (1, 2, 3, 5)],
                    clock.limit if clock and clock.limit in (1, 2, 3, 5) else 2,
                    "clock-limit",
                )
            with Horizontal():
                yield Label(t("rules_file.lobby_label"), markup=False)
                yield Label(
                    t("rules_file.lobby_none"), id="rules-chosen", classes="about", markup=False
                )
            yield KeyHint(t("lobby.list.create_keys"), id="create-keys")
            with Horizontal(classes="buttons"):
                yield Button(t("lobby.create.create"), id="create", variant="primary")
                yield Button(t("rules_file.lobby_button"), id="paste-rules")
                yield Button(t("lobby.create.cancel"), id="cancel")

    def on_mount(self) -> None:
        _relabel(self)
        self.query_one("#create", Button).focus()

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.query_one("#preset-about", Label).update(_t(self)(f"preset.{event.value}"))

    @on(Button.Pressed, "#create")
    async def _create(self) -> None:
        await self.action_create()

    @on(Input.Submitted, "#grace")
    async def _grace_entered(self) -> None:
        """enter in the grace field: the table is made as the dialog says."""
        await self.action_create()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()

    @on(Button.Pressed, "#paste-rules")
    def _paste_rules(self) -> None:
        def chosen(rules: RuleSet | None) -> None:
            if rules is None:
                return
            self.rules = rules
            label = _t(self)("rules_file.lobby_chosen", name=rules.name)
            self.query_one("#rules-chosen", Label).update(label)

        self.app.push_screen(RulesPasteScreen(_app(self).cat, self.rules_text), chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)

    async def action_create(self) -> None:
        app = _app(self)
        d = app.lobby.default_options
        preset = self.query_one("#preset", Select).value
        standin = self.query_one("#standin", Select).value
        counter = self.query_one("#counter-option", Select).value
        grace_text = self.query_one("#grace", Input).value.strip()
        grace = float(grace_text) if grace_text.isdecimal() else d.pacing.grace
        seconds = self.query_one("#clock", Select).value
        limit = self.query_one("#clock-limit", Select).value
        clock: TurnClock | None = None
        if isinstance(seconds, int) and seconds > 0:
            own = d.pacing.turn_clock  # the server's, when chosen as it is
            clock = own if own and int(own.seconds) == seconds else TurnClock.of_seconds(seconds)
            clock = clock.replace(limit=limit if isinstance(limit, int) else 2)
        if self.rules is not None:  # a rules file's, pasted
            rules: RuleSet | str = self.rules
        else:
            rules = preset if isinstance(preset, str) and preset != d.rules.name else d.rules
        settings = d.replace(
            rules=rules,
            pacing=d.pacing.replace(grace=min(max(grace, 0.0), MOST_GRACE), turn_clock=clock),
            stand_in=bot_level(standin) if isinstance(standin, str) else d.stand_in,
            card_counter=counter if isinstance(counter, bool) else d.card_counter,
            seats=(),
        )
        try:
            room = await app.lobby.create(settings, app.identity.id, app.identity.name, app.origin)
        except LobbyError as e:
            self.notify(error_text(app.cat, e), severity="error", markup=False)
            return
        app.keep(card_counter=settings.card_counter)
        self.dismiss(None)
        await app.enter_room(room.table_id)


# ====================================================================== waiting room


class RoomScreen(Keyed, Screen[None]):
    KEYS = simple(
        Row("r", "ready", ALWAYS, "lobby.keys.ready", description="ready"),
        Row("b", "bots", ALWAYS, "lobby.keys.bots", description="fill with bots"),
        Row("c", "chat", ALWAYS, "chat.key", description="chat"),
        Row("w", "show_hand", ALWAYS, "lobby.keys.show_hand", description="watchers"),
        Row("l,escape", "leave_table", ALWAYS, "lobby.keys.leave_table", description="leave table"),
        Row("q", "leave_table", ALWAYS, "lobby.keys.leave_table", show=False),
        # a key per seat of the largest table (a key past this table's seats is refused)
        *(Row(str(k), f"seat({k - 1})", ALWAYS, show=False) for k in range(1, MAX_SEATS + 1)),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, room: RoomView) -> None:
        super().__init__()
        self.room = room  # as the lobby last told it (a snapshot)
        self._unlisten: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        r = self.room
        t = _t(self)
        game = game_name(_app(self).cat, r.preset)
        yield Static(t("lobby.room.title", number=r.number, preset=game), id="title", markup=False)
        yield Static("", id="message", markup=False)
        yield Static("", id="room", markup=False)
        yield Static("", id="chat", markup=False)
        with Horizontal(classes="buttons"):
            yield Label(t("lobby.room.bot_level"), markup=False)
            yield Select(
                [(_level_name(t, lv), lv) for lv in _app(self).lobby.bot_levels],
                value=FILL_LEVEL,
                allow_blank=False,
                id="level",
            )
        yield Static(t("lobby.room.hint", n=r.players), id="hint", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        _relabel(self)
        self._unlisten = _app(self).listen_chat(self.room.table_id)
        self.show_chat()
        self.refresh_room()

    def on_unmount(self) -> None:
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None

    def show_chat(self) -> None:
        self.run_worker(self._show_chat(), group="chat", exclusive=True)

    async def _show_chat(self) -> None:
        lines = await _app(self).chat_lines(self.room.table_id)
        if self.is_mounted:
            self.query_one("#chat", Static).update(lines)

    def action_chat(self) -> None:
        app = _app(self)
        seat = self.room.seat_of(app.identity.id)
        name = self.room.slots[seat].name if seat is not None else app.identity.name
        app.open_chat(self.room.table_id, seat, name)

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    def refresh_room(self, listing: Listing | None = None) -> None:
        """The room again, as `listing` (a change notice's) or the lobby now has it."""
        app = _app(self)
        rooms = app.lobby.listing() if listing is None else listing
        found = next((r for r in rooms if r.table_id == self.room.table_id), None)
        if found is None:  # (gone: every player left it)
            app.pop_to_lobby()
            return
        r = self.room = found
        if r.status == "playing" and r.seat_of(app.identity.id) is not None:
            app.exit(LobbyResult("play", r.table_id))
            return
        if r.status != "waiting" or r.seat_of(app.identity.id) is None:
            app.pop_to_lobby()
            return
        t = app.cat.t
        lines = Text()
        for s, slot in enumerate(r.slots):
            mark = t("lobby.room.ready") if slot.ready else t("lobby.room.not_ready")
            if slot.kind == "empty":
                who, mark = t("lobby.room.empty"), ""
            elif slot.kind == "bot":
                who = t(
                    "lobby.room.bot", name=slot.name, level=_level_name(t, slot.level or "random")
                )
            elif slot.identity == app.identity.id:
                who = t("lobby.room.you", name=slot.name)
            else:
                who = slot.name
            if slot.kind == "human" and slot.show_hand:
                mark += t("lobby.room.shows_hand")
            lines.append(t("lobby.room.seat", n=s + 1, who=_pad(who, 30), mark=mark) + "\n")
        mine = r.seat_of(app.identity.id)
        shows = mine is not None and r.slots[mine].show_hand
        lines.append("\n" + t("lobby.room.show_hand_on" if shows else "lobby.room.show_hand_off"))
        lines.append("\n" + t("lobby.room.starts"))
        self.query_one("#room", Static).update(lines)

    async def action_ready(self) -> None:
        app = _app(self)
        r = self.room
        seat = r.seat_of(app.identity.id)
        if seat is None:
            return
        try:
            await app.lobby.set_ready(r.table_id, app.identity.id, not r.slots[seat].ready)
        except LobbyError as e:
            self.say(error_text(app.cat, e))

    async def action_show_hand(self) -> None:
        """Let spectators see my hand at the table (or not): kibitzing (off by default)."""
        app = _app(self)
        r = self.room
        seat = r.seat_of(app.identity.id)
        if seat is None:
            return
        try:
            await app.lobby.set_show_hand(r.table_id, app.identity.id, not r.slots[seat].show_hand)
        except LobbyError as e:
            self.say(error_text(app.cat, e))

    async def action_bots(self) -> None:
        level = self.query_one("#level", Select).value
        try:
            await _app(self).lobby.add_bots(
                self.room.table_id, level if isinstance(level, str) else FILL_LEVEL
            )
        except LobbyError as e:
            self.say(error_text(_app(self).cat, e))

    async def action_seat(self, seat: int) -> None:
        app = _app(self)
        try:
            await app.lobby.sit(self.room.table_id, seat, app.identity.id, app.identity.name)
        except LobbyError as e:
            self.say(error_text(_app(self).cat, e))

    async def action_leave_table(self) -> None:
        app = _app(self)
        await app.lobby.leave(app.identity.id)
        app.pop_to_lobby()


# ====================================================================== the app


class LobbyApp(RemoteApp, App[LobbyResult]):
    CSS = LOBBY_CSS
    TITLE = "Shengji lobby"

    def __init__(
        self,
        lobby: LobbyLike,
        identity: Identity,
        *,
        console: Console | None = None,
        no_color: bool = False,
        driver_class: Any = None,
        session_id: str | None = None,
        on_enter: Callable[[str, int], None] | None = None,
        origin: str | None = None,
        lang: str = "en",
        settings: PlayerSettings | None = None,
        keep_settings: Callable[[PlayerSettings], None] | None = None,
        players: PlayersLike | None = None,
    ) -> None:
        super().__init__(driver_class=driver_class)
        self.settings = settings or PlayerSettings()  # the player's own (their record's)
        self.keep_settings = keep_settings
        self.players = players  # the server's players (profiles, the leaderboard)
        if console is not None:
            self.console = console
        self.cat = Catalogue(lang)
        self.title = self.cat.t("lobby.app_title")
        relabel_bindings(self, {"command_palette": self.cat.t("keys.palette")})
        self.no_color = no_color
        self.lobby = lobby
        self.identity = identity
        # the session this app runs in (None: none, as in tests): it is here, by
        # its id, in the waiting room it enters (`LobbyLike.attach`)
        self.session_id = session_id
        self._unsubscribe: Callable[[], None] | None = None
        self._unnotice: Callable[[], None] | None = None
        # (table id, seat) of the waiting room entered, also told to `on_enter`:
        # the session gives the seat up when it ends there (a table that has not
        # started keeps no seat)
        self.waiting_in: tuple[str, int] | None = None
        self.on_enter = on_enter
        self.origin = origin  # the client's network address, for the table limits
        # the notes name their sayers: the names it is given are only a fallback
        self.narrator = Narrator(
            self.cat,
            CardText(self.cat),
            lambda seat: self.cat.t("seat.default_name", n=seat + 1),
            lambda seats: ", ".join(str(s + 1) for s in seats),
        )

    def get_line_filters(self) -> Sequence[LineFilter]:
        """NO_COLOR of this session (its client's): no colour at all."""
        return colour_filters(super().get_line_filters(), self.no_color)

    def keep(self, **changes: object) -> None:
        """The player chose a setting here: kept in their record."""
        new = self.settings.model_copy(update=changes)
        if new != self.settings:
            self.settings = new
            if self.keep_settings is not None:
                self.keep_settings(new)

    async def on_mount(self) -> None:
        self._unsubscribe = self.lobby.subscribe(self._on_change)
        self._unnotice = self.lobby.subscribe_notices(self.identity.id, self._on_notice)
        await self.push_screen(LobbyScreen())
        mine = self.lobby.find_seat(self.identity.id)
        if mine is not None and mine[0].status == "waiting":
            await self.enter_room(mine[0].table_id)

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._unnotice is not None:
            self._unnotice()
            self._unnotice = None

    def _on_change(self, listing: Listing) -> None:
        self.post_message(LobbyChanged(listing))

    def _on_notice(self, key: str, fields: dict[str, object]) -> None:
        self.post_message(LobbyNotice(key, fields))

    def on_lobby_notice(self, msg: LobbyNotice) -> None:
        text = self.cat.t(f"notice.{msg.key}", **msg.fields)
        self.notify(text, severity="warning", timeout=20, markup=False)

    def on_lobby_changed(self, msg: LobbyChanged) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen) and screen.is_mounted:
                screen.refresh_rooms(msg.listing)
            elif isinstance(screen, RoomScreen) and screen.is_mounted:
                screen.refresh_room(msg.listing)

    # ------------------------------------------------------------ chat
    def listen_chat(self, table_id: str) -> Callable[[], None]:
        """This app hears what is said at the room (posted to it, from whoever said it)."""
        return self.lobby.listen(table_id, lambda note: self.post_message(ChatHeard(note)))

    async def chat_lines(self, table_id: str) -> str:
        notes = await self.lobby.recent_notes(table_id)
        return "\n".join(self.narrator.note(n) for n in list(notes)[-CHAT_LINES:])

    def open_chat(self, table_id: str, seat: int | None, name: str) -> None:
        """The chat box; its text said at the room by this identity."""

        async def say(text: str) -> None:
            try:
                await self.lobby.say(table_id, self.identity.id, name, seat, text)
            except ChatRefused as e:
                self.notify(
                    e.sentence_zh if self.cat.zh else e.sentence, severity="warning", markup=False
                )
            except LobbyError as e:
                self.notify(error_text(self.cat, e), severity="warning", markup=False)

        def said(text: str | None) -> None:
            if text:
                self.run_worker(say(text), group="chat")

        self.push_screen(ChatScreen(self.cat), said)

    def on_chat_heard(self, msg: ChatHeard) -> None:
        note = msg.note
        for screen in self.screen_stack:
            if isinstance(screen, RoomScreen) and screen.is_mounted:
                screen.show_chat()
        if isinstance(note, ChatNote) and not self._said_by_me(note):
            self.notify(self.narrator.note(note), timeout=6, markup=False)

    def _said_by_me(self, note: ChatNote) -> bool:
        if note.seat is None:  # (a spectator's, said at a playing table)
            return note.name == self.identity.name
        if self.waiting_in is None:
            return False
        try:
            room = self.lobby.room(self.waiting_in[0])
        except LobbyError:
            return False
        seat = room.seat_of(self.identity.id)
        return seat is not None and note.seat == seat and room.slots[seat].name == note.name

    async def enter_room(self, table_id: str) -> None:
        """Into the room where this identity has a seat (its table, if it plays)."""
        try:
            room = self.lobby.room(table_id)
        except LobbyError:
            return
        seat = room.seat_of(self.identity.id)
        if seat is None:
            return
        self.waiting_in = (table_id, seat)
        if self.on_enter is not None:
            self.on_enter(table_id, seat)
        if self.session_id is not None:
            await self.lobby.attach(table_id, seat, self.session_id)
        if room.status == "playing":
            self.exit(LobbyResult("play", room.table_id))
            return
        await self.push_screen(RoomScreen(self.lobby.room(table_id)))

    def pop_to_lobby(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen, RoomScreen):
            self.pop_screen()

    # Nothing that acts on the server's machine.
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(
            self.cat.t("lobby.quit"),
            self.cat.t("lobby.quit_help"),
            lambda: self.exit(LobbyResult("leave")),
        )
