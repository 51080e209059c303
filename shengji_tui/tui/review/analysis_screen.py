"""A deal's analysis for one seat in a dialog (`a` in the review): kept ones
at once; otherwise the coach runs on a worker thread (its searches on a pool
of processes) with a progress bar, and `esc` stops it (nothing is kept of a
stopped analysis). The digits switch to another seat where the reader may
analyse it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, ProgressBar, Static

from ...coach import Cancelled, DealAnalysis
from ...coach.service import AnalystLike
from ...rules import Card
from ...text import CardText, Catalogue
from ..keytable import ALWAYS, Row, simple
from ..props import Cards
from ..screens.base import Dialog
from ..widgets import KeyHint, lines_text, styles_for
from .analysis import analysis_props, keys, title


class AnalysisScreen(Dialog):
    # a digit analyses that seat (where the coach may: it says why not)
    KEYS = simple(
        Row("escape,q,a", "close", ALWAYS, "keys.close", description="close"),
        *(Row(str(k + 1), f"seat({k})", ALWAYS, show=False) for k in range(6)),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(
        self,
        analyst: AnalystLike,
        deal_no: int,
        seat: int,
        cat: Catalogue,
        ct: CardText,
        name: Callable[[int], str],
        chips: Callable[[Sequence[Card]], Cards],
    ) -> None:
        super().__init__()
        self.analyst = analyst
        self.deal_no = deal_no
        self.seat = seat
        self.cat, self.ct, self.seat_name, self.chips = cat, ct, name, chips
        self.cancel: threading.Event | None = None
        self.analysis: DealAnalysis | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog analysis"):
            yield Label(self._title(), id="analysis-title", classes="dialog-title", markup=False)
            yield ProgressBar(id="analysis-bar", show_eta=False)
            yield Static(id="analysis-status", markup=False)
            with VerticalScroll(id="analysis-scroll"):
                yield Static(id="analysis-lines", markup=False)
            yield KeyHint(self._keys(), id="analysis-keys", classes="dim")

    def _title(self) -> str:
        return title(self.cat, self.seat_name(self.seat), self.deal_no)

    def _keys(self) -> str:
        return keys(self.cat, self.ct, self.analyst.seats if self.analyst.any_seat else 1)

    def on_mount(self) -> None:
        self.query_one("#analysis-scroll", VerticalScroll).focus()  # (↑↓ scroll it)
        self.start()

    def on_unmount(self) -> None:
        self.stop()

    # ------------------------------------------------------------ running
    def start(self) -> None:
        """Show the seat's analysis: the kept one, else run it."""
        self.stop()
        self.query_one("#analysis-title", Label).update(self._title())
        kept = self.analyst.kept(self.deal_no, self.seat)
        if kept is not None:
            self.done(kept)
            return
        self.analysis = None
        bar = self.query_one("#analysis-bar", ProgressBar)
        bar.display = True
        bar.update(total=None, progress=0)
        self.say(self.running_text(self.seat, 0, "?"))
        self.query_one("#analysis-lines", Static).update("")
        cancel = self.cancel = threading.Event()
        seat = self.seat
        self.run_worker(lambda: self.work(seat, cancel), thread=True, group="coach")

    def stop(self) -> None:
        if self.cancel is not None:
            self.cancel.set()
            self.cancel = None

    def work(self, seat: int, cancel: threading.Event) -> None:
        """(On the worker thread.) The analysis; its progress and end told to
        the screen on the app's thread."""
        app = self.app

        def progress(done: int, total: int) -> None:
            if not cancel.is_set():
                app.call_from_thread(self.progress, seat, done, total)

        try:
            a = self.analyst.run(self.deal_no, seat, progress, cancel)
        except Cancelled:
            return
        except Exception as e:  # the screen says it; the table plays on
            if not cancel.is_set():
                app.call_from_thread(self.failed, seat, str(e))
            return
        if not cancel.is_set():
            app.call_from_thread(self.finished, seat, a)

    def progress(self, seat: int, done: int, total: int) -> None:
        if seat != self.seat or not self.is_mounted:
            return
        self.query_one("#analysis-bar", ProgressBar).update(total=total, progress=done)
        self.say(self.running_text(seat, done, total))

    def finished(self, seat: int, a: DealAnalysis) -> None:
        if seat == self.seat and self.is_mounted:
            self.cancel = None
            self.done(a)

    def failed(self, seat: int, error: str) -> None:
        if seat == self.seat and self.is_mounted:
            self.cancel = None
            self.query_one("#analysis-bar", ProgressBar).display = False
            self.say(self.cat.t("coach.failed", error=error))

    def done(self, a: DealAnalysis) -> None:
        self.analysis = a
        self.query_one("#analysis-bar", ProgressBar).display = False
        p = analysis_props(a, self.cat, self.ct, self.seat_name, self.chips)
        look = styles_for(self.app)
        self.query_one("#analysis-status", Static).update(lines_text(p.summary, look))
        lines = self.query_one("#analysis-lines", Static)
        if p.lines:
            # the width the text wraps in (a reason's continuations under its
            # start), the scroll bar it will need kept free
            scroll = self.query_one("#analysis-scroll")
            width = scroll.content_region.width - scroll.styles.scrollbar_size_vertical
            lines.update(lines_text(p.lines, look, max(width, 0)))
        else:
            lines.update(self.said_text("coach.no_decisions", a.seat))

    def on_resize(self) -> None:
        if self.analysis is not None:
            self.done(self.analysis)  # wrapped again to the new width

    def said_text(self, key: str, seat: int, **kw: object) -> str:
        """`key` of `seat`, in the second person where the seat is the reader's
        own (its name then is the catalogue's "You": "your decisions")."""
        name = self.seat_name(seat)
        if name == self.cat.t("seat.you"):
            return self.cat.t(key + "_you", **kw)
        return self.cat.t(key, name=name, **kw)

    def running_text(self, seat: int, done: int, total: int | str) -> str:
        return self.said_text("coach.running", seat, done=done, total=total)

    def say(self, text: str) -> None:
        self.query_one("#analysis-status", Static).update(text)

    # ------------------------------------------------------------ keys
    def action_seat(self, seat: int) -> None:
        if seat >= self.analyst.seats or seat == self.seat:
            return
        refusal = self.analyst.refusal(self.deal_no, seat, over=True)
        if refusal is not None:
            self.notify(self.cat.t("coach." + refusal), severity="warning", markup=False)
            return
        self.seat = seat
        self.start()

    def action_close(self) -> None:
        self.stop()
        self.dismiss(None)
