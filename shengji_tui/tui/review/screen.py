"""A deal's review in a dialog: every hand as dealt and the kitty above, one
trick at a time below (← →, home / end), then the result; `[` `]` step
through the deals of a stored game (`shengji replay ID --review`). What it
shows is what the reader may review (`engine.review_for`: every hand only
once the deal is over). `a` analyses a seat's decisions in a deal that is
over (the coach, `analysis_screen.py`), where the reader may."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from ...coach.service import AnalystLike
from ...engine import DealReview
from ...rules import RuleSet
from ...text import CardText, Catalogue
from ..keytable import ALWAYS, Row, When, simple
from ..outcome import Voice
from ..props import Line
from ..screens.base import Dialog
from ..widgets import KeyHint, lines_text, styles_for
from .analysis import trick_note
from .analysis_screen import AnalysisScreen
from .presenter import Reviewer, ReviewProps


class ReviewScreen(Dialog):
    KEYS = simple(  # (the state: whether a coach analyses here)
        Row("right,l", "step(1)", ALWAYS, "keys.trick", display="←→", description="trick"),
        Row("left,h", "step(-1)", ALWAYS, "keys.trick", show=False, description="previous trick"),
        Row("home", "first", ALWAYS, show=False, description="first trick"),
        Row("end", "last", ALWAYS, show=False, description="last"),
        Row(
            "right_square_bracket,pagedown", "deal(1)", ALWAYS, show=False, description="next deal"
        ),
        Row(
            "left_square_bracket,pageup",
            "deal(-1)",
            ALWAYS,
            show=False,
            description="previous deal",
        ),
        Row("a", "analyse", When("a coach", bool), "coach.analyse", description="analyse"),
        Row("escape,q,r", "close", ALWAYS, "keys.close", description="close"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(
        self,
        reviews: Sequence[DealReview],
        rs: RuleSet,
        cat: Catalogue,
        ct: CardText,
        name: Callable[[int], str],
        deal: int = -1,
        voice: Voice | None = None,
        analyst: AnalystLike | None = None,
        seat: int = 0,
    ) -> None:
        """`analyst`: the coach for this reader (None: no analysis here); `seat`:
        the seat `a` analyses first."""
        super().__init__()
        self.analyst = analyst
        self.analysed_seat = seat
        self.reviews = list(reviews)
        self.rs, self.cat, self.ct, self.seat_name = rs, cat, ct, name
        self.voice = voice
        self.deal = deal % len(self.reviews) if self.reviews else 0
        self.at = 0
        self.props = self._props()

    def _reviewer(self) -> Reviewer:
        review = self.reviews[self.deal]
        return Reviewer(review, self.rs, self.cat, self.ct, self.seat_name, self.voice)

    def _props(self) -> ReviewProps:
        deals = (self.deal, len(self.reviews)) if len(self.reviews) > 1 else None
        props = self._reviewer().props(self.at, deals)
        if self.analyst is not None:
            props = props._replace(keys=props.keys + self.ct.keys(self.cat.t("coach.review_key")))
        return props

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog review"):
            yield Label(self.props.title, id="review-title", classes="dialog-title", markup=False)
            yield Static(
                id="review-trick", markup=False
            )  # (above: what the keys step through stays in sight)
            with VerticalScroll(id="review-scroll"):
                yield Static(id="review-deal", markup=False)
            yield KeyHint(self.props.keys, id="review-keys", classes="dim")

    def key_state(self) -> bool:
        return self.analyst is not None

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        self.props = p = self._props()
        look = styles_for(self.app)
        self.query_one("#review-title", Label).update(p.title)
        self.query_one("#review-deal", Static).update(lines_text(p.deal, look))
        trick = p.trick
        note = self._coach_note()
        if note is not None:
            trick = (*trick, note)
        self.query_one("#review-trick", Static).update(lines_text(trick, look))
        self.query_one("#review-keys", KeyHint).set_hint(p.keys)

    def action_step(self, step: int) -> None:
        steps = self._reviewer().steps
        self.at = max(0, min(self.at + step, steps - 1))
        self.show()

    def action_first(self) -> None:
        self.at = 0
        self.show()

    def action_last(self) -> None:
        self.at = max(0, self._reviewer().steps - 1)
        self.show()

    def _coach_note(self) -> Line | None:
        """The analysed seat's verdict on its play in the trick shown, when its
        analysis of this deal is kept (no search here)."""
        if self.analyst is None or not self.reviews:
            return None
        review = self.reviews[self.deal]
        if review.scored is None or self.at >= len(review.tricks):
            return None
        seat = self.analysed_seat
        if self.analyst.refusal(review.deal_no, seat, over=True) is not None:
            return None
        kept = self.analyst.kept(review.deal_no, seat)
        if kept is None:
            return None
        return trick_note(kept, self.at + 1, self.cat, self.ct, self.seat_name)

    def on_screen_resume(self) -> None:
        self.show()  # (back from an analysis: its verdicts beside the tricks)

    def action_analyse(self) -> None:
        """The analysis of the analysed seat's decisions in the deal shown."""
        if self.analyst is None or not self.reviews:
            return
        review = self.reviews[self.deal]
        seat = self.analysed_seat
        refusal = self.analyst.refusal(review.deal_no, seat, over=review.scored is not None)
        if refusal is not None:
            self.notify(self.cat.t("coach." + refusal), severity="warning", markup=False)
            return
        chips = self._reviewer().cards
        screen = AnalysisScreen(
            self.analyst, review.deal_no, seat, self.cat, self.ct, self.seat_name, chips
        )
        self.app.push_screen(screen)

    def action_deal(self, step: int) -> None:
        if len(self.reviews) < 2:
            return
        self.deal = (self.deal + step) % len(self.reviews)
        self.at = 0
        self.show()
