"""The variant presenter's protocol, and the declaring game of one dealer
against the rest (`SoloPresenter`), whose answers the other families start
from.

A variant presenter answers, for one rules family, what the shared presenter
(`tui/presenter.py`) leaves to it: the status line's levels and teams, a
seat's standing (its level, or its match points) and roles, what the centre
says in the family's own moments (the auction, the friend's call, the
overturn), the declaration panel's replacement, the bidding panel, the score
line, and why a seat cannot declare. It is made once per shared presenter
and ruleset (`variant_class`), and keeps memos of pure functions of its
arguments (the score line, the hand's estimate), never of the model.

Pure, as the shared presenter: a `Model` in, props out; no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from ....rules import Card, ScoreBand
from ...model import Model
from ...props import AuctionProps, Cards, DeclareProps, Line, Piece, ScoreProps, Words
from ..auction.presenter import HIDDEN_KEYS


class Lender(Protocol):
    """What the shared presenter lends a variant: cards as chips (its memo),
    the glyphs of the card style, and the centre's optional lines."""

    def cards(self, m: Model, cards: Sequence[Card]) -> Cards: ...

    def glyphs(self, m: Model) -> dict[str, str]: ...

    def optional(self, line: Line, rank: int) -> Line: ...


class VariantPresenter(Protocol):
    """What differs between the rules families (see the module doc). Every
    method is asked with a view in the model (`m.facts.view` is not None)."""

    # the key of why a seat cannot declare outside the declaring window
    not_declaring: ClassVar[str]

    def status_parts(self, m: Model) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        """The status line after its title: all its parts, and those of a narrow line."""
        ...

    def standing(self, m: Model, seat: int) -> str:
        """A seat's level ("lvl 3") or match points ("score +3")."""
        ...

    def standing_wide(self, m: Model) -> bool:
        """The standing is wide: a side panel says it on a line of its own."""
        ...

    def levels_in_status(self, m: Model) -> bool:
        """The status line says the seats' levels (a narrow seat leaves its out)."""
        ...

    def seat_roles(self, m: Model, seat: int) -> list[str]:
        """Another seat's team or side as far as the viewer knows it."""
        ...

    def own_roles(self, m: Model, seat: int) -> list[str]:
        """The shown seat's own side, on its line."""
        ...

    def call_pieces(self, m: Model, seat: int) -> tuple[Piece, ...] | None:
        """A seat's call in the auction (None: not the auction's time)."""
        ...

    def centre(self, m: Model) -> list[Line] | None:
        """The centre in the family's own moments (None: the shared presenter's)."""
        ...

    def burying_lines(self, m: Model) -> list[Line]:
        """More for the centre while the kitty is buried."""
        ...

    def calling_lines(self, m: Model) -> list[Line]:
        """The centre while the dealer calls a friend."""
        ...

    def playing_lines(self, m: Model) -> tuple[list[Line], list[Line]]:
        """More for the centre while cards are played: before the trick, after it."""
        ...

    def declare_panel(self, m: Model) -> DeclareProps | None:
        """The declaration panel in the family's own window (None: the shared one)."""
        ...

    def auction_panel(self, m: Model) -> AuctionProps:
        """The bidding panel (not shown outside an auction)."""
        ...

    def score(self, m: Model) -> ScoreProps:
        """The score line and bar."""
        ...


NO_AUCTION = AuctionProps(False, "", (), HIDDEN_KEYS)


def words(text: str, style: str = "") -> Line:
    return Line((Words(text),), style)


class SoloPresenter:
    """One dealer against the rest, declaring (no partners, no auction): every
    seat its own level, the dealer side and the attackers once there is a
    dealer, the attackers' points against the score table."""

    not_declaring: ClassVar[str] = "pace.not_now"

    def __init__(self, lender: Lender) -> None:
        self.lender = lender
        self._score: tuple[object, ScoreProps] | None = None

    # ------------------------------------------------------------ status line
    def status_parts(self, m: Model) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        """Trump (or what stands), the deal's level, the dealer, the levels
        (`level_parts`), the deal and trick; a narrow line has the trump's glyph
        alone and leaves out what the seat panels say."""
        v = m.facts.view
        assert v is not None
        t, ct = m.prefs.cat.t, m.prefs.ct
        parts: list[Line] = []
        short: Line | None = None  # the trump's glyph alone, for a narrow line
        if v.trump_set:
            trump = ct.suit_name(v.trump_suit) if v.trump_suit else t("suit.no_trump")
            parts.append(words(t("status.trump", suit=trump), "card--trump"))
            if v.trump_suit is not None:
                short = words(t("status.trump", suit=ct.suit(v.trump_suit)), "card--trump")
        elif m.trump_suit is not None:
            parts.append(words(t("status.trump_pending", suit=ct.suit_name(m.trump_suit))))
            short = words(t("status.trump_pending", suit=ct.suit(m.trump_suit)))
        elif v.standing is not None and v.standing.cards:  # a joker pair stands: no trump
            parts.append(words(t("status.trump_pending", suit=t("suit.no_trump"))))
        else:
            parts.append(words(t("status.trump_none_yet")))
        level = words(t("status.level", level=v.level))
        parts.append(level)
        if v.dealer is not None:
            parts.append(words(t("status.dealer", name=m.name(v.dealer))))
        shown, left_out = self.level_parts(m)
        parts.extend(shown)
        if self.levels_in_status(m) and v.dealer is not None:
            left_out.append(level)  # (the deal's level is the dealer's team's, said)
        parts.append(words(t("status.deal", n=v.deal_no + 1)))
        if v.phase in ("playing", "scoring", "finished"):
            n = v.trick_no + (1 if v.phase == "playing" else 0)
            parts.append(words(t("status.trick", n=max(1, n))))
        narrow = [p for p in parts if not any(p is x for x in left_out)]
        if short is not None:
            narrow[0] = short
        return tuple(parts), tuple(narrow)

    def level_parts(self, m: Model) -> tuple[list[Line], list[Line]]:
        """The status line's levels: the parts, and those a narrow line leaves
        out (the seat panels say them). Here: the viewer's own level (the
        deal's, said before, is the dealer's); a spectator's none."""
        v = m.facts.view
        assert v is not None
        if m.facts.spectating:
            return [], []
        return [words(m.prefs.cat.t("status.your_level", level=v.levels[m.facts.seat]))], []

    def levels_in_status(self, m: Model) -> bool:
        return False

    # ------------------------------------------------------------ seats
    def standing(self, m: Model, seat: int) -> str:
        v = m.facts.view
        assert v is not None
        return m.prefs.cat.t("seat.level", level=v.levels[seat])

    def standing_wide(self, m: Model) -> bool:
        return False

    def seat_roles(self, m: Model, seat: int) -> list[str]:
        """Once there is a dealer, each other seat's side this deal."""
        v = m.facts.view
        assert v is not None
        if v.dealer_side and v.dealer != seat:
            return [m.prefs.cat.t("seat.dealer_side" if seat in v.dealer_side else "seat.attacker")]
        return []

    def own_roles(self, m: Model, seat: int) -> list[str]:
        """The viewer's side ("attackers": you and the others; a spectator's
        followed seat: "attacker"); the dealer's ★ says the dealer's."""
        v = m.facts.view
        assert v is not None
        if not v.dealer_side or v.dealer == seat:
            return []
        side = "seat.dealer_side" if seat in v.dealer_side else "seat.attackers"
        return [
            m.prefs.cat.t(
                "seat.attacker" if m.facts.spectating and side == "seat.attackers" else side
            )
        ]

    def call_pieces(self, m: Model, seat: int) -> tuple[Piece, ...] | None:
        return None

    # ------------------------------------------------------------ centre
    def centre(self, m: Model) -> list[Line] | None:
        return None

    def burying_lines(self, m: Model) -> list[Line]:
        return []

    def calling_lines(self, m: Model) -> list[Line]:
        return []

    def playing_lines(self, m: Model) -> tuple[list[Line], list[Line]]:
        return [], []

    def declare_panel(self, m: Model) -> DeclareProps | None:
        return None

    def auction_panel(self, m: Model) -> AuctionProps:
        return NO_AUCTION

    # ------------------------------------------------------------ score
    def score(self, m: Model) -> ScoreProps:
        """The attackers' points and the next bands of the score table ahead."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        if not v.dealer_side:
            return ScoreProps(words(t("score.no_dealer")), Line(()), None)
        pts, left, alone = self.score_left(m)
        prefs = m.prefs  # (the bands: every call)
        key = (prefs.cat, prefs.ct.ascii, pts, v.rules, left, alone, prefs.compact)
        if self._score is not None and self._score[0] == key:
            return self._score[1]
        bands = m.milestones(pts)
        ahead = [f"{b.min_points} {self.band_text(m, b)}" for b in bands[:2]]
        right = f" {self.lender.glyphs(m)['sep']} ".join(ahead) if ahead else t("score.top")
        nxt = bands[0] if bands else None
        total = nxt.min_points if nxt is not None else max(pts, 1)
        props = ScoreProps(
            words(left, "bold"),
            words(right),
            (total, min(pts, total)),
            (words(ahead[0]),) if len(ahead) > 1 else (),  # (the next band alone)
        )
        self._score = (key, props)
        return props

    def score_left(self, m: Model) -> tuple[int, str, bool]:
        """The score line's left part: (the attackers' points, in words, whether
        the dealer plays alone: what the memo of the line depends on)."""
        pts = m.attacker_points()
        return pts, m.prefs.cat.t("score.attackers", points=pts), False

    def band_text(self, m: Model, b: ScoreBand) -> str:
        """A band of the score table ahead of the attackers, in words."""
        return m.band_text(b)
