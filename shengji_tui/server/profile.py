"""The lobby's players screen (`p`): your profile (ratings per family, your
figures per preset, your last games with their ids for `shengji replay`),
and the leaderboard of a family (`f` the next family), players and the
bots' anchors; `enter` on a player's name shows that player's public stats
(ratings and figures only). Read from the store on a thread (`PlayerDesk`),
shown as plain text (names are the players' own).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..players.ratings import FAMILIES
from ..text import Catalogue
from ..tui.bindings import relabel_bindings
from ..tui.keytable import ALWAYS, Keyed, Row, simple
from .players import PlayersLike

PROFILE_CSS = """
ProfileScreen #profile { height: auto; max-height: 60%; padding: 0 1; }
ProfileScreen #board-title { height: 1; padding: 0 1; color: #ffd25e; margin: 1 0 0 0; }
ProfileScreen #board { height: 1fr; }
"""


def profile_text(cat: Catalogue, prof: dict[str, Any] | None, *, mine: bool) -> Text:
    """A profile in lines of the player's language (`players.profile`'s dict)."""
    t = cat.t
    out = Text()
    if prof is None:
        out.append(t("profile.none"))
        return out
    out.append(t("profile.who_mine" if mine else "profile.who", name=prof["name"]) + "\n")
    ratings = prof["ratings"]
    for fam in FAMILIES:
        r = ratings.get(fam)
        if r is None:
            continue
        out.append(
            t(
                "profile.rating",
                family=t(f"rating.family.{fam}"),
                shown=f"{r['shown']:.1f}",
                mu=f"{r['mu']:.1f}",
                sigma=f"{r['sigma']:.1f}",
                n=r["matches"],
            )
            + "\n"
        )
    presets = prof["presets"]
    if not presets:
        out.append(t("profile.no_games") + "\n")
    for s in presets:
        key = f"lobby.game.{s['preset']}"
        game = t(key) if cat.has(key) else s["preset"]
        out.append(
            t(
                "profile.preset",
                game=game,
                n=s["matches"],
                won=s["won"],
                deals=s["deals"],
                held=s["dealer_wins"],
                levels=s["levels"],
                takeovers=s["takeovers"],
                kitty=s["kitty"],
            )
            + "\n"
        )
    games = prof.get("games") or []
    if games:
        out.append(t("profile.last_games") + "\n")
    for g in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["finished_at"]))
        result = t("profile.won" if g["won"] else "profile.lost")
        out.append(f"  {g['table_id']}  {when}  {result}")
        if g["rating_before"] is not None and g["rating_after"] is not None:
            out.append(f"  {g['rating_before']:.1f} → {g['rating_after']:.1f}")
        out.append("\n")
    return out


class ProfileScreen(Keyed, Screen[None]):
    CSS = PROFILE_CSS
    KEYS = simple(
        Row("escape,q,p", "back", ALWAYS, "profile.keys.back", description="back"),
        Row("f", "family", ALWAYS, "profile.keys.family", description="next family"),
        Row("m", "mine", ALWAYS, "profile.keys.mine", description="my profile"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, desk: PlayersLike, identity: str, cat: Catalogue) -> None:
        super().__init__()
        self.desk = desk
        self.cat = cat
        self.me = identity
        self.shown = identity  # whose profile is shown
        self.family = FAMILIES[0]
        self.rows: list[dict[str, Any]] = []

    @property
    def t(self) -> Callable[..., str]:
        return self.cat.t

    def compose(self) -> ComposeResult:
        yield Static(self.t("profile.title"), id="title", markup=False)
        with VerticalScroll(id="profile"):
            yield Static("", id="profile-text", markup=False)
        yield Static("", id="board-title", markup=False)
        board: DataTable[Text] = DataTable(id="board", cursor_type="row", zebra_stripes=True)
        board.add_columns(*(self.t(f"profile.col_{c}") for c in ("rank", "name", "rating", "n")))
        yield board
        yield Footer(compact=True)

    def on_mount(self) -> None:
        t = self.t
        relabel_bindings(self, self.key_labels(t))
        self.query_one("#board", DataTable).focus()
        self.run_worker(self.load(), exclusive=True, group="profile")

    async def load(self) -> None:
        mine = self.shown == self.me
        prof = await self.desk.profile(self.shown, public=not mine)
        rows = await self.desk.leaderboard(self.family)
        self.query_one("#profile-text", Static).update(profile_text(self.cat, prof, mine=mine))
        fam = self.t(f"rating.family.{self.family}")
        title = self.t("profile.board" if rows else "profile.board_empty", family=fam)
        self.query_one("#board-title", Static).update(title)
        board: DataTable[Text] = self.query_one("#board", DataTable)
        board.clear()
        self.rows = rows
        for k, r in enumerate(rows, start=1):
            name = r["name"]
            if r["bot"]:  # ("normal bot": the level's name in the player's language)
                level = name.removesuffix(" bot")
                key = f"bots.{level}"
                name = self.t("profile.bot", level=self.t(key) if self.cat.has(key) else level)
            board.add_row(
                Text(str(k)),
                Text(name),
                Text(f"{r['shown']:.1f}"),
                Text("" if r["bot"] else str(r["matches"])),
            )

    def action_back(self) -> None:
        self.dismiss(None)

    def action_family(self) -> None:
        self.family = FAMILIES[(FAMILIES.index(self.family) + 1) % len(FAMILIES)]
        self.run_worker(self.load(), exclusive=True, group="profile")

    @on(DataTable.RowSelected, "#board")
    def show_player(self, event: DataTable.RowSelected) -> None:
        """enter on a name: that player's public stats (a bot's row: nothing)."""
        row = event.cursor_row
        if 0 <= row < len(self.rows) and self.rows[row]["identity"] is not None:
            self.shown = self.rows[row]["identity"]
            self.run_worker(self.load(), exclusive=True, group="profile")

    def action_mine(self) -> None:
        self.shown = self.me
        self.run_worker(self.load(), exclusive=True, group="profile")
