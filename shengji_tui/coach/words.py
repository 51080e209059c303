"""An analysis in the reader's language: the reason of each decision, the
choices (cards as the reader writes them), the classes and the summary.
Pure text (no Rich, no Textual): `shengji analyse` and the review screen
both word it here."""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Suit
from ..text import CardText, Catalogue
from .analysis import DealAnalysis, Verdict

Name = Callable[[int], str]


PASSES = {"declare": "coach.wait", "steal": "coach.no_steal", "overturn": "coach.no_overturn"}


def choice_text(text: str, cat: Catalogue, ct: CardText, kind: str = "") -> str:
    """A choice's notation as the reader writes it: cards (`10♠ 10♠`), a pass
    (of a decision of `kind`: not declaring now, a pass of the bid, of a
    theft), no trump; a bid or a friend's copy (`A♥#2`) as they are."""
    if text == "pass":
        return cat.t(PASSES.get(kind, "coach.pass"))
    if text == "NT":
        return cat.t("coach.no_trump")
    return ct.notation(text)


def suit_text(label: str, cat: Catalogue, ct: CardText) -> str:
    """An effective suit's label (`S`, `T` for trumps, `R`/`B`, `NT`) as words."""
    if label == "T":
        return cat.t("suit.trumps")
    if label == "NT":
        return cat.t("suit.no_trump")
    if label in ("R", "B"):
        return cat.t("suit.red" if label == "R" else "suit.black")
    return ct.suit_name(Suit(label))


def reason_text(v: Verdict, cat: Catalogue, ct: CardText, name: Name) -> str:
    """The decision's one-line reason."""
    args: dict[str, object] = {}
    for k, a in v.args.items():
        if k == "seat" and isinstance(a, int):
            args[k] = name(a)
        elif k == "suit" and isinstance(a, str):
            args[k] = suit_text(a, cat, ct)
        elif k in ("best", "cards") and isinstance(a, str):
            args[k] = choice_text(a, cat, ct, v.kind)
        else:
            args[k] = a
    return cat.t("coach." + v.reason, **args)


def kind_text(v: Verdict, cat: Catalogue) -> str:
    """What kind of decision: "trick 5", "bury", "declaring"."""
    if v.kind == "play":
        return cat.t("coach.kind_play", n=v.trick or 0)
    return cat.t("coach.kind_" + v.kind)


def class_text(cls: str, cat: Catalogue) -> str:
    return cat.t("coach.class_" + cls)


def cost_text(v: Verdict, cat: Catalogue) -> str:
    p = v.priced
    return cat.t(
        "coach.cost",
        points=f"{max(0.0, p.cost_points):.0f}",
        se=f"{p.stderr_points:.0f}",
        levels=f"{max(0.0, p.cost_levels):.2f}",
    )


def summary_lines(a: DealAnalysis, cat: Catalogue, ct: CardText, name: Name) -> list[str]:
    """The deal's summary: counts and total cost, then the costliest decisions."""
    s = a.summary()
    counts = {c: cat.t("coach.n_" + c, n=k) for c, k in s.counts.items()}
    # (a total below 0: the seat did better than the search at this budget on
    # balance; said as no cost, as each decision's is)
    out = [
        cat.t(
            "coach.summary",
            decisions=cat.t("coach.n_decisions", n=s.decisions),
            **counts,
            points=f"{max(0.0, s.cost_points):.0f}",
            levels=f"{max(0.0, s.cost_levels):.2f}",
        )
    ]
    if not s.worst:
        out.append(cat.t("coach.worst_none"))
        return out
    parts = []
    for i in s.worst:
        v = a.verdicts[i]
        played = choice_text(v.played, cat, ct, v.kind)
        parts.append(f"{kind_text(v, cat)} {played} ({class_text(v.cls, cat)})")
    out.append(cat.t("coach.worst", list=cat.t("team.list_sep").join(parts)))
    return out
