"""The start menu: a new game (preset, players, bots, the card counter, the
bell, the auction's hand estimate, seed, language, theme, card style) or a
stored unfinished game to resume."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Select

from ...bots import bot_level
from ...engine import SUPPORTED
from ...entered import MAX_SEED, read_seed
from ...rules import RuleSet
from ...saves import SavedGame
from ...text import Catalogue
from ..bindings import relabel_bindings
from ..contract import GameOptions
from ..keytable import ALWAYS, Keyed, Row, When, simple
from ..messages import CardStyleChosen, LanguageChosen, NewGameRequested, ResumeRequested
from ..widgets.choice import choice, on_off
from .base import SizeWatch

RULES_FILE = "<rules file>"  # the presets' entry for the rules of `--rules FILE`
SEED_CHARS = len(str(MAX_SEED))  # the seed box's digits


@dataclass(frozen=True)
class Menu:
    """What the menu shows, from the app."""

    cat: Catalogue
    options: GameOptions  # the choices it starts with
    games: list[SavedGame] | None  # the stored unfinished games (None: games are not stored)
    error: str  # why the stored games could not be read ("" when they could)
    theme: str
    themes: list[str]
    ascii: bool
    levels: tuple[str, ...]  # the bots' levels


class StartScreen(SizeWatch, Keyed, Screen[None]):
    """New game: preset and options, bots, language, theme, card style; and the
    stored unfinished games to resume (when games are stored)."""

    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012

    KEYS = simple(  # (the state: whether there are games to resume)
        Row("escape,q", "quit", ALWAYS, "keys.quit", description="quit"),
        Row("ctrl+s", "start", ALWAYS, "menu.start", description="start"),
        Row("r", "resume", When("games kept", bool), "menu.resume", description="resume"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, menu: Menu) -> None:
        super().__init__()
        self.menu = menu

    @property
    def games(self) -> list[SavedGame]:
        return self.menu.games or []

    def compose(self) -> ComposeResult:
        menu = self.menu
        t = menu.cat.t
        o = menu.options
        presets = [(menu.cat.plain(f"{p} — {t('preset.' + p)}"), p) for p in SUPPORTED]
        if o.rules is not None:  # `shengji play --rules FILE`: its rules first
            presets.insert(0, (t("rules_file.menu", name=o.rules.name), RULES_FILE))
        levels = list(menu.levels)
        with Vertical(id="start"):
            yield Label(t("menu.title"), classes="dialog-title", markup=False)
            with Grid(id="start-grid"):
                yield Label(t("menu.preset"), markup=False)
                yield choice(
                    presets,
                    RULES_FILE if o.rules is not None else o.preset,
                    "preset",
                )
                yield Label(t("menu.players"), markup=False)
                choices = humans_choices(menu.cat, o.rules or RuleSet.preset(o.preset))
                yield choice(
                    choices,
                    min(max(o.humans, 1), len(choices)),
                    "humans",
                )
                yield Label(t("menu.bots"), markup=False)
                yield choice(
                    [(bot_label(menu.cat, lv, about=True), lv) for lv in levels],
                    o.bots if o.bots in levels else levels[0],
                    "bots",
                )
                yield Label(t("aids.option"), markup=False)
                yield on_off(
                    t("aids.option_on"), t("aids.option_off"), o.card_counter, "counter-option"
                )
                yield Label(t("bell.option"), markup=False)
                yield on_off(t("bell.on"), t("bell.off"), o.bell, "bell-option", off_first=True)
                yield Label(t("menu.estimate"), markup=False)
                yield on_off(
                    t("menu.estimate_on"), t("menu.estimate_off"), o.estimate, "estimate-option"
                )
                yield Label(t("menu.seed"), markup=False)
                yield Input(
                    value="" if o.seed is None else str(o.seed),
                    type="integer",
                    placeholder=t("menu.seed_random"),
                    id="seed",
                    compact=True,
                    max_length=SEED_CHARS,
                )
                yield Label(t("menu.language"), markup=False)
                yield choice(
                    [("English", "en"), ("中文", "zh")],
                    menu.cat.lang,
                    "lang",
                )
                yield Label(t("menu.theme"), markup=False)
                yield choice(
                    [(n, n) for n in menu.themes],
                    menu.theme,
                    "theme",
                )
                yield Label(t("menu.cards"), markup=False)
                yield choice(
                    [(t("menu.cards_glyphs"), False), (t("menu.cards_ascii"), True)],
                    menu.ascii,
                    "ascii",
                )
            with Horizontal(classes="buttons"):
                yield Button(t("menu.start"), id="start-btn", variant="primary", compact=True)
                if self.games:
                    yield Button(t("menu.resume"), id="resume-btn", compact=True)
                yield Button(t("menu.quit"), id="quit-btn", compact=True)
            if menu.games is not None:
                if self.games:
                    yield Label(t("menu.resume_title"), id="resume-title", markup=False)
                    yield DataTable(
                        id="resume", cursor_type="row", zebra_stripes=True, show_cursor=True
                    )
                else:
                    yield Label(
                        t("menu.resume_none"), id="resume-title", classes="dim", markup=False
                    )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        t = self.menu.cat.t
        relabel_bindings(self, self.key_labels(t))
        for table in self.query("#resume").results(DataTable):
            self.fill_games(table)
        self.query_one("#start-btn", Button).focus()
        if self.menu.error:  # an unreadable store: say so, offer new games
            self.notify(t("resume.failed", error=self.menu.error), severity="error", markup=False)

    async def show_menu(self, menu: Menu) -> None:
        """The menu again, in another language (the choices kept)."""
        self.menu = menu
        await self.recompose()
        self.on_mount()

    def fill_games(self, table: DataTable[Text]) -> None:
        cat = self.menu.cat
        t = cat.t
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
            cells = (
                g.preset,
                str(g.deal),
                levels_text(cat, g),
                players,
                bot_label(cat, g.bots) if g.bots else cat.plain("—"),
                when(g.last_played),
            )
            # (Text: a DataTable reads a str cell as markup; a rules file names itself)
            table.add_row(*(Text(c) for c in cells), key=g.table_id)

    def key_state(self) -> bool:
        return bool(self.games)

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        """As many humans to choose from as the preset has seats (the choice kept
        while it fits)."""
        if not isinstance(event.value, str):
            return
        humans = self.query_one("#humans", Select)
        keep = humans.value
        o = self.menu.options
        chosen = o.rules if event.value == RULES_FILE and o.rules else None
        choices = humans_choices(self.menu.cat, chosen or RuleSet.preset(event.value))
        humans.set_options(choices)
        humans.value = min(keep, len(choices)) if isinstance(keep, int) else 1

    @on(Select.Changed, "#lang")
    def lang_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.menu.cat.lang:
            self.post_message(LanguageChosen(event.value, self.choices()))

    @on(Select.Changed, "#theme")
    def theme_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.app.theme = event.value

    @on(Select.Changed, "#ascii")
    def ascii_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, bool):
            self.post_message(CardStyleChosen(event.value))

    @on(Button.Pressed, "#start-btn")
    def start_pressed(self) -> None:
        self.action_start()

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

    def choices(self) -> GameOptions:
        """The menu's choices (the other options as the menu was given them)."""
        o = self.menu.options
        preset = self.query_one("#preset", Select).value
        humans = self.query_one("#humans", Select).value
        bots = self.query_one("#bots", Select).value
        counter = self.query_one("#counter-option", Select).value
        bell = self.query_one("#bell-option", Select).value
        estimate = self.query_one("#estimate-option", Select).value
        seed_text = self.query_one("#seed", Input).value.strip()
        rules = o.rules if preset == RULES_FILE else None
        if preset == RULES_FILE and o.rules is not None:
            preset = o.rules.name
        return replace(
            o,
            preset=preset if isinstance(preset, str) else o.preset,
            rules=rules,
            humans=humans if isinstance(humans, int) else o.humans,
            bots=bot_level(bots) if isinstance(bots, str) else o.bots,
            seed=read_seed(seed_text),
            card_counter=counter if isinstance(counter, bool) else o.card_counter,
            bell=bell if isinstance(bell, bool) else o.bell,
            estimate=estimate if isinstance(estimate, bool) else o.estimate,
        )

    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and read_seed(seed_text) is None:  # (empty: a random seed)
            said = self.menu.cat.t("menu.seed_bad", max=MAX_SEED)
            self.notify(said, severity="error", markup=False)
            return
        self.post_message(NewGameRequested(self.choices()))

    def action_resume(self) -> None:
        """Resume the game under the list's cursor (the first one by default)."""
        if not self.games:
            return
        index = 0
        for table in self.query("#resume").results(DataTable):
            index = max(0, min(table.cursor_row, len(self.games) - 1))
        self.resume(self.games[index].table_id)

    def resume(self, table_id: str) -> None:
        self.post_message(ResumeRequested(table_id, self.choices()))

    def action_quit(self) -> None:
        self.app.exit()


def levels_text(cat: Catalogue, g: SavedGame) -> str:
    """The levels column: us / them with fixed partners, else every seat's own
    level, in seat order, one space apart."""
    if g.partners:
        return cat.t("menu.levels_value", us=g.levels[0], them=g.levels[1])
    return " ".join(g.seat_levels)


def humans_choices(cat: Catalogue, rs: RuleSet) -> list[tuple[str, int]]:
    """The players choice for a table of `rs`: you alone against its bots, or
    2 up to its seats sharing the keyboard."""
    players = rs.players
    solo = (cat.t("menu.solo", n=players - 1), 1)
    return [solo] + [(cat.t("menu.hotseat", n=n), n) for n in range(2, players + 1)]


def bot_label(cat: Catalogue, level: str, about: bool = False) -> str:
    """A bot level's name ("normal"), with what it does when `about`."""
    if not cat.has("bots." + level):
        return level
    name = cat.t("bots." + level)
    if about and cat.has("bots.about." + level):
        return cat.plain(f"{name} — {cat.t('bots.about.' + level)}")
    return name


def when(t: float) -> str:
    """A time for the games list: the hour today, else the date and hour."""
    now = time.localtime()
    then = time.localtime(t)
    if then[:3] == now[:3]:
        return time.strftime("%H:%M", then)
    return time.strftime("%Y-%m-%d %H:%M", then)
