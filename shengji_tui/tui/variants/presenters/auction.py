"""The auction presets (docs/rules.md §11-12: eighty points, three players):
one dealer, made by an auction, against the rest. What they show is the
auction's own (`variants/auction/presenter.py`'s `AuctionPresenter`: the bidding panel, each seat's
call, the centre while dealing and in the overturn window, the shown kitty,
the status line's match points or levels and bid, the score line against the
bid); the seats' sides are the solo game's (`SoloPresenter`)."""

from __future__ import annotations

from typing import ClassVar

from ...model import Model
from ...props import AuctionProps, DeclareProps, Line, Piece, ScoreProps
from ..auction.presenter import PANEL_PHASES, AuctionPresenter, rising
from .base import Lender, SoloPresenter


class BiddingPresenter(SoloPresenter):
    """An auction's game (see the module doc)."""

    not_declaring: ClassVar[str] = "pace.auction"

    def __init__(self, lender: Lender) -> None:
        super().__init__(lender)
        self.parts = AuctionPresenter(lender)

    def status_parts(self, m: Model) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        full = tuple(self.parts.status_parts(m))
        return full, tuple(self.parts.status_parts(m, narrow=True))

    def standing(self, m: Model, seat: int) -> str:
        """Eighty points, where every deal is played at 2: a seat's match points
        ("score +3"); three players: its level."""
        v = m.facts.view
        assert v is not None
        if rising(v.rules):
            n = v.match_scores[seat]
            return m.prefs.cat.t("auction.seat_score", n=f"+{n}" if n > 0 else str(n))
        return super().standing(m, seat)

    def standing_wide(self, m: Model) -> bool:
        v = m.facts.view
        return v is not None and rising(v.rules)  # ("score +10 · 25 cards": two lines)

    def call_pieces(self, m: Model, seat: int) -> tuple[Piece, ...] | None:
        v = m.facts.view
        if v is None or v.phase not in PANEL_PHASES:
            return None
        return self.parts.seat_pieces(m, seat)

    def centre(self, m: Model) -> list[Line] | None:
        return self.parts.centre(m)

    def burying_lines(self, m: Model) -> list[Line]:
        return self.parts.burying_extra(m)

    def playing_lines(self, m: Model) -> tuple[list[Line], list[Line]]:
        return [], self.parts.playing_extra(m)

    def declare_panel(self, m: Model) -> DeclareProps | None:
        v = m.facts.view
        if v is None or v.phase != "overturning":
            return None
        return self.parts.overturn_panel(m)  # three players' 反牌

    def auction_panel(self, m: Model) -> AuctionProps:
        return self.parts.panel(m)

    def score(self, m: Model) -> ScoreProps:
        score = self.parts.score(m)  # (against the bid)
        assert score is not None  # (an auction's rules)
        return score
