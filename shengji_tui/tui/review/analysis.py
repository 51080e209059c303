"""A deal's analysis for one seat as props (`AnalysisProps`), for the analysis
dialog (`analysis_screen.py`): the summary, then every decision (what it
was, its class and cost, why).

Pure (no Textual, no Rich): a `coach.DealAnalysis` in, words in the
catalogue's language and cards as chips out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ...coach import DealAnalysis, Verdict
from ...coach.words import choice_text, class_text, cost_text, kind_text, reason_text, summary_lines
from ...rules import Card, parse_cards
from ...text import CardText, Catalogue
from ..props import Cards, Group, Line, Piece, Words

CLASS_STYLES = {
    "fine": "centre--ok",
    "inaccuracy": "centre--prompt",
    "mistake": "centre--alert",
    "blunder": "centre--alert",
}


class AnalysisProps(NamedTuple):
    title: str
    summary: tuple[Line, ...]
    lines: tuple[Line, ...]
    keys: str


def title(cat: Catalogue, name: str, deal_no: int) -> str:
    return cat.t("coach.title", name=name, deal=deal_no + 1)


def keys(cat: Catalogue, ct: CardText, seats: int) -> str:
    k = cat.t("coach.keys")
    if seats > 1:
        k += cat.t("coach.key_seat", n=seats)
    return ct.keys(k)


def analysis_props(
    a: DealAnalysis,
    cat: Catalogue,
    ct: CardText,
    name: Callable[[int], str],
    chips: Callable[[Sequence[Card]], Cards],
    seats: int = 1,
) -> AnalysisProps:
    """The props of analysis `a` (`chips`: cards as the review shows them;
    `seats`: the seats the reader may switch to, with the digits)."""
    summary = tuple(Line((Words(s),)) for s in summary_lines(a, cat, ct, name))
    lines: list[Line] = []
    for v in a.verdicts:
        lines.extend(verdict_lines(v, cat, ct, name, chips))
    return AnalysisProps(
        title(cat, name(a.seat), a.deal_no), summary, tuple(lines), keys(cat, ct, seats)
    )


def choice_piece(
    text: str,
    cat: Catalogue,
    ct: CardText,
    chips: Callable[[Sequence[Card]], Cards],
    kind: str = "",
) -> Piece:
    """A choice as cards when it is cards, else as words (a pass, a bid, a trump)."""
    try:
        cards = parse_cards(text)
    except ValueError:
        cards = []
    if cards and text not in ("pass", "NT"):
        return chips(cards)
    return Words(choice_text(text, cat, ct, kind))


def verdict_lines(
    v: Verdict,
    cat: Catalogue,
    ct: CardText,
    name: Callable[[int], str],
    chips: Callable[[Sequence[Card]], Cards],
) -> list[Line]:
    """One decision: what it was and its class (and cost when it cost
    something), then why, indented."""
    head: list[Piece] = [Words(kind_text(v, cat) + "  ", "seat--name")]
    head.append(choice_piece(v.played, cat, ct, chips, v.kind))
    cls = Words("  " + class_text(v.cls, cat), CLASS_STYLES[v.cls])
    head.append(Group((cls,), "reverse") if v.cls == "blunder" else cls)
    if v.cls != "fine":
        head.append(Words("  " + cost_text(v, cat), "seat--dim"))
    why = Words("    " + reason_text(v, cat, ct, name), "seat--dim" if v.cls == "fine" else "")
    return [Line(tuple(head)), Line((why,))]


def trick_note(
    a: DealAnalysis,
    trick: int,
    cat: Catalogue,
    ct: CardText,
    name: Callable[[int], str],
) -> Line | None:
    """What the analysis says of its seat's play in trick `trick` (1-based),
    for the review's trick: its class (and cost), then why; None: no such
    decision (a forced play, another seat's trick)."""
    for v in a.verdicts:
        if v.kind == "play" and v.trick == trick:
            pieces: list[Piece] = [Words(cat.t("last.who", name=name(a.seat)), "seat--name")]
            cls = Words(class_text(v.cls, cat), CLASS_STYLES[v.cls])
            pieces.append(Group((cls,), "reverse") if v.cls == "blunder" else cls)
            if v.cls != "fine":
                pieces.append(Words("  " + cost_text(v, cat), "seat--dim"))
            pieces.append(Words("  " + reason_text(v, cat, ct, name), "seat--dim"))
            return Line(tuple(pieces))
    return None
