"""The coach: a deal's decisions priced by the hard bot's search from the
deciding seat's view (`analyse`), classed fine / inaccuracy / mistake /
blunder with a reason, kept in the store and shown by `shengji analyse`, the
table's review and `shengji replay --review` (docs/bots.md, "The coach")."""

from .analysis import (
    BLUNDER,
    CLASSES,
    INACCURACY,
    METHOD,
    MISTAKE,
    Cancelled,
    DealAnalysis,
    GameLog,
    Summary,
    Verdict,
    analyse,
    classify,
    method_key,
    plan,
    scored_deals,
)
from .moments import KINDS, Moment, moments, replayed
from .price import DEFAULT_BUDGET_MS, Choice, Job, Priced, price

__all__ = [
    "BLUNDER",
    "CLASSES",
    "DEFAULT_BUDGET_MS",
    "INACCURACY",
    "KINDS",
    "METHOD",
    "MISTAKE",
    "Cancelled",
    "Choice",
    "DealAnalysis",
    "GameLog",
    "Job",
    "Moment",
    "Priced",
    "Summary",
    "Verdict",
    "analyse",
    "classify",
    "method_key",
    "moments",
    "plan",
    "price",
    "replayed",
    "scored_deals",
]
