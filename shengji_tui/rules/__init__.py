"""The rules of 升级 / 拖拉机 as pure functions (RULES.md). No I/O, no UI.

Public API (see DESIGN.md): cards and notation, `TrumpContext`, `RuleSet`,
units, following, trick winner, throws, declarations, kitty multiplier,
deal scoring and level advancement.
"""

from .cards import (
    ALL_CARDS,
    BJ,
    LJ,
    SUITS,
    Card,
    Rank,
    Suit,
    contains,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    points,
    remove_cards,
)
from .declare import (
    Declaration,
    KittyFlip,
    can_declare,
    check_declaration,
    flip_kitty,
    parse_declaration,
    valid_declarations,
    winning_declaration,
)
from .follow import Verdict, check_follow, legal_follows
from .ruleset import PRESET_NAMES, RuleSet, ScoreBand
from .scoring import (
    DealResult,
    advance_level,
    deal_result,
    eighty_points_settlement,
    jack_rule_applies,
    kitty_multiplier,
)
from .throws import ThrowResult, check_throw
from .trick import trick_winner
from .trump import TrumpContext, effective_suit, is_trump, sort_hand
from .units import Unit, decompose, is_tractor

__all__ = [
    "ALL_CARDS",
    "BJ",
    "LJ",
    "PRESET_NAMES",
    "SUITS",
    "Card",
    "DealResult",
    "Declaration",
    "KittyFlip",
    "Rank",
    "RuleSet",
    "ScoreBand",
    "Suit",
    "ThrowResult",
    "TrumpContext",
    "Unit",
    "Verdict",
    "advance_level",
    "can_declare",
    "check_declaration",
    "check_follow",
    "check_throw",
    "contains",
    "deal_result",
    "decompose",
    "effective_suit",
    "eighty_points_settlement",
    "flip_kitty",
    "format_cards",
    "full_deck",
    "is_tractor",
    "is_trump",
    "jack_rule_applies",
    "kitty_multiplier",
    "legal_follows",
    "parse_card",
    "parse_cards",
    "parse_declaration",
    "parse_rank",
    "parse_suit",
    "points",
    "remove_cards",
    "sort_hand",
    "trick_winner",
    "valid_declarations",
    "winning_declaration",
]
