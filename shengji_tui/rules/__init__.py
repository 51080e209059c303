"""The rules of 升级 / 拖拉机 as pure functions (docs/rules.md). No I/O, no UI.

Everything outside this package asks the rules through this module (`from
shengji_tui import rules`), never through its submodules (a test checks it).

Public API (docs/architecture.md, "rules"):
- auctions (docs/rules.md §11-12): `Auction` / `AuctionCall` (the record),
  `auction_status`, `bid_options` (a `range`), `nearest_bid`, `check_bid`,
  `check_pass`, `check_naming`, `naming_cards`, `overturn_options`,
  `check_overturn`, `settle_eighty_points` (a `Settlement`),
  `throw_penalty_deltas`;
- cards and notation: `Card`, `Suit`, `Rank`, `parse_cards`, `format_cards`,
  `points`, `full_deck`, `remove_cards`, `contains`;
- `RuleSet` (presets, options, each within its range: rules/bounds.py), a
  refusal's `RulesError` (English and Chinese), `parse_rules_text` (rules
  files' TOML/JSON, at most `MAX_RULES_BYTES`), `TrumpContext` (level and
  trump suit);
- judgements, taking cards or notation: `decompose`, `is_tractor`,
  `check_follow` / `legal_follows`, `trick_winner`, `is_ruff` / `can_ruff`,
  `check_throw`,
  `throw_allowed`, the
  declaration functions, `kitty_multiplier`, `deal_result`, `advance_level`,
  `sort_hand`, `is_trump`, `effective_suit`;
- find friends (§10): `check_friend_call`, `holder_friend`, `plays_nth_copy`,
  `friend_deal_result` (the five-player table and split), `friend_next_dealer`,
  `friend_sides` (what a seat may know of the sides before the reveal);
- the fast per-context API for loops (bots, simulators): `compiled(rs, ctx)`
  gives an `Order` with per-card tables (`eff`, `pos`, `ident`, `npos`; `TRUMP`
  is the effective suit of trumps) and methods over `Card` lists: `suit`,
  `strength`, `identity`, `decompose`, `lead_shapes`, `columns`,
  `placements`, `pack`, `winner`, `beats`, `beats_card`, `unit_beaten`. `Cols`,
  `Shape` and `Placement` type the columns representation it works on.
"""

from .auction import (
    Auction,
    AuctionCall,
    AuctionStatus,
    Settlement,
    auction_status,
    bid_limits,
    bid_options,
    check_bid,
    check_naming,
    check_overturn,
    check_pass,
    naming_cards,
    nearest_bid,
    overturn_options,
    settle_eighty_points,
    throw_penalty_deltas,
)
from .bounds import RulesError
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
    DeclaringClosed,
    KittyFlip,
    can_declare,
    check_declaration,
    close_declaring,
    flip_kitty,
    parse_declaration,
    valid_declarations,
    winning_declaration,
)
from .follow import Verdict, check_follow, legal_follows
from .friends import (
    FriendSide,
    check_friend_call,
    five_player_table,
    friend_copies,
    friend_deal_result,
    friend_next_dealer,
    friend_sides,
    holder_friend,
    parse_friend_card,
    plays_nth_copy,
)
from .order import TRUMP, Order, compiled
from .ruleset import MAX_RULES_BYTES, PRESET_NAMES, RuleSet, ScoreBand, parse_rules_text
from .scoring import (
    DealResult,
    advance_level,
    deal_result,
    eighty_points_settlement,
    jack_rule_applies,
    kitty_multiplier,
    takeover_points,
)
from .throws import ThrowResult, check_throw, throw_allowed
from .trick import can_ruff, is_ruff, trick_winner
from .trump import TrumpContext, effective_suit, is_trump, sort_hand
from .units import Cols, Placement, Shape, Unit, decompose, is_tractor

__all__ = [
    "ALL_CARDS",
    "BJ",
    "LJ",
    "MAX_RULES_BYTES",
    "PRESET_NAMES",
    "SUITS",
    "TRUMP",
    "Auction",
    "AuctionCall",
    "AuctionStatus",
    "Card",
    "Cols",
    "DealResult",
    "Declaration",
    "DeclaringClosed",
    "FriendSide",
    "KittyFlip",
    "Order",
    "Placement",
    "Rank",
    "RuleSet",
    "RulesError",
    "ScoreBand",
    "Settlement",
    "Shape",
    "Suit",
    "ThrowResult",
    "TrumpContext",
    "Unit",
    "Verdict",
    "advance_level",
    "auction_status",
    "bid_limits",
    "bid_options",
    "can_declare",
    "can_ruff",
    "check_bid",
    "check_declaration",
    "check_follow",
    "check_friend_call",
    "check_naming",
    "check_overturn",
    "check_pass",
    "check_throw",
    "close_declaring",
    "compiled",
    "contains",
    "deal_result",
    "decompose",
    "effective_suit",
    "eighty_points_settlement",
    "five_player_table",
    "flip_kitty",
    "format_cards",
    "friend_copies",
    "friend_deal_result",
    "friend_next_dealer",
    "friend_sides",
    "full_deck",
    "holder_friend",
    "is_ruff",
    "is_tractor",
    "is_trump",
    "jack_rule_applies",
    "kitty_multiplier",
    "legal_follows",
    "naming_cards",
    "nearest_bid",
    "overturn_options",
    "parse_card",
    "parse_cards",
    "parse_declaration",
    "parse_friend_card",
    "parse_rank",
    "parse_rules_text",
    "parse_suit",
    "plays_nth_copy",
    "points",
    "remove_cards",
    "settle_eighty_points",
    "sort_hand",
    "takeover_points",
    "throw_allowed",
    "throw_penalty_deltas",
    "trick_winner",
    "valid_declarations",
    "winning_declaration",
]
