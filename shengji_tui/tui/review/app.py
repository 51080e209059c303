"""`shengji replay ID --review`: a stored game's deals stepped through in the
terminal (the review dialog of the table, over a plain screen), from the
record the command read (`store.GameRecord`, handed in: this app never opens
the store); `a` analyses a seat's decisions (the coach)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from textual.app import App, ComposeResult
from textual.filter import LineFilter
from textual.screen import Screen
from textual.widgets import Static

from ...coach.service import AnalystLike
from ...engine import DealReview
from ...rules import RuleSet
from ...text import CardText, Catalogue
from ...text.assets import asset
from ..terminal.asciifilter import ASCII_FILTER
from ..terminal.themes import THEMES, theme_variable_defaults
from .screen import ReviewScreen


class ReviewRecord(Protocol):
    """What the review reads of a stored game (`store.GameRecord` is one)."""

    @property
    def table_id(self) -> str: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def deals(self) -> Sequence[DealReview]: ...


class _Backdrop(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("", markup=False)


class ReviewApp(App[None]):
    CSS_PATH = [asset("shengji.tcss")]  # noqa: RUF012
    _themes_ready = False

    def __init__(
        self,
        record: ReviewRecord,
        *,
        lang: str = "en",
        ascii: bool = False,
        analyst: AnalystLike | None = None,
        seat: int = 0,
        **kw: Any,
    ):
        """`analyst`: the coach (`a` in the review; None: none); `seat`: the seat
        it analyses first."""
        super().__init__(**kw)
        self.analyst = analyst
        self.seat = seat
        for th in THEMES:
            self.register_theme(th)
        self._themes_ready = True
        self.theme = "shengji"
        self.record = record
        self.cat = Catalogue(lang, ascii)
        self.ct = CardText(self.cat, ascii)
        self.title = self.cat.t("review.app_title", id=record.table_id)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return theme_variable_defaults(self.current_theme.dark if self._themes_ready else True)

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = list(super().get_line_filters())
        if self.ct.ascii:  # the glyphs Textual draws itself, in ASCII too
            filters.append(ASCII_FILTER)
        return filters

    def name_of(self, seat: int) -> str:
        names = self.record.names
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return self.cat.t("seat.default_name", n=seat + 1)

    def on_mount(self) -> None:
        self.set_class(self.ct.ascii, "-ascii")
        self.push_screen(_Backdrop())
        review = ReviewScreen(
            self.record.deals,
            self.record.rules,
            self.cat,
            self.ct,
            self.name_of,
            deal=0,
            analyst=self.analyst,
            seat=self.seat,
        )
        self.push_screen(review, lambda _: self.exit())
