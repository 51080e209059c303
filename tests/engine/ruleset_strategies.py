"""Hypothesis strategies over rules files: `valid_rules()` draws the options of
a ruleset from the whole space docs/rules.md accepts (a preset's base, then
any option changed anywhere in its documented range, the others kept
consistent), `invalid_rules()` a ruleset with one option out of its range or
of the wrong shape. Both give the dict a rules file holds (`RuleSet.from_dict`).
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import strategies as st

from shengji_tui.rules import PRESET_NAMES, RuleSet

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NAME_CHARS = st.characters(
    blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"), max_codepoint=0x2FFFF
)
NAMES = st.text(NAME_CHARS, min_size=1, max_size=40).filter(lambda s: s.strip() != "")


def fives(lo: int, hi: int) -> st.SearchStrategy[int]:
    """Multiples of 5 from `lo` (rounded up) to `hi`."""
    lo = -(-lo // 5) * 5
    return st.integers(lo // 5, hi // 5).map(lambda k: 5 * k)


def kitty_sizes(decks: int, players: int) -> list[int]:
    total = 54 * decks
    return [k for k in range(total) if (total - k) % players == 0 and k <= (total - k) // players]


def dealer_seats(players: int, partnership: str) -> int:
    if partnership == "fixed":
        return players // 2
    return 2 if partnership == "find_friends" else 1


def least_takeover(players: int, partnership: str, decks: int) -> int:
    """docs/rules.md: the attackers take over from their seats' share of the
    pack's points less 0.35 of the pack over the square root of the decks."""
    total = 100 * decks
    attackers = players - dealer_seats(players, partnership)
    least = total * (attackers / players - 0.35 / math.sqrt(decks))
    return max(5, math.ceil(least / 5 - 1e-9) * 5)


@st.composite
def score_tables(draw: st.DrawFn, total: int, least: int) -> list[dict[str, Any]]:
    """A score table that lets the dealer side hold and go up, and the
    attackers take over from `least` points at the earliest."""
    levels = st.integers(0, 12)
    takeover = draw(st.integers(least, total))
    holding = (
        sorted(draw(st.sets(st.integers(1, takeover - 1), max_size=6))) if takeover > 1 else []
    )
    above = sorted(draw(st.sets(st.integers(takeover + 1, max(total, takeover + 1)), max_size=6)))
    above = [p for p in above if p <= total]
    bands: list[dict[str, Any]] = [{"min_points": 0, "dealer_levels": draw(st.integers(1, 12))}]
    for p in holding:
        bands.append({"min_points": p, "dealer_levels": draw(st.integers(1, 12))})
    for p in [takeover, *above]:
        band: dict[str, Any] = {"min_points": p, "take_over": True}
        band["attacker_levels"] = draw(levels)
        if draw(st.booleans()):
            band["dealer_levels"] = draw(levels)  # (ignored when taking over)
        bands.append(band)
    return bands


@st.composite
def valid_rules(draw: st.DrawFn) -> dict[str, Any]:
    """The options of an accepted ruleset: a preset, and any of its options
    changed within their ranges."""
    preset = draw(st.sampled_from(PRESET_NAMES))
    base = RuleSet.preset(preset)
    d: dict[str, Any] = {"preset": preset}
    change = st.booleans()
    if draw(change):
        d["name"] = draw(NAMES)
    decks = draw(st.integers(1, 4)) if draw(change) else base.decks
    players = draw(st.integers(3, 6)) if draw(change) else base.players
    bidding = (
        draw(st.sampled_from(["none", "points_up", "threshold_down"]))
        if draw(change)
        else base.bidding
    )
    if bidding != "none":
        partnership = "solo"
    else:
        allowed = ["solo"] + (["fixed"] if players % 2 == 0 else [])
        allowed += ["find_friends"] if players >= 4 else []
        partnership = base.partnership if base.partnership in allowed else allowed[0]
        if draw(change):
            partnership = draw(st.sampled_from(allowed))
    sizes = kitty_sizes(decks, players)
    kitty = base.kitty_size if base.kitty_size in sizes else draw(st.sampled_from(sizes))
    if draw(change):
        kitty = draw(st.sampled_from(sizes))
    d |= {"decks": decks, "players": players, "bidding": bidding, "partnership": partnership}
    d["kitty_size"] = kitty
    total = 100 * decks
    d["two_color"] = decks == 1 and (draw(st.booleans()) if draw(change) else base.two_color)
    if draw(change):
        d["constant_rank"] = draw(st.none() | st.sampled_from(RANKS))
    for option, values in (
        ("friend_rule", ["holder", "nth_played"]),
        ("friend_split", ["hard", "even"]),
        ("trick_compare", ["largest_unit", "all", "highest"]),
        ("throw_penalty", ["none", "points", "match_score", "eighty_points"]),
        ("no_declaration", ["flip_kitty", "no_trump", "redeal", "spades"]),
        ("kitty_multiplier", ["power", "times", "tournament"]),
    ):
        if draw(change):
            d[option] = draw(st.sampled_from(values))
    for option in (
        "wide_units_substitute",
        "self_overturn",
        "hidden_declaring",
        "kitty_theft",
        "name_no_trump",
        "kitty_trump_only",
        "jack_rule",
    ):
        if draw(change):
            d[option] = draw(st.booleans())
    if draw(change):
        d["throw_penalty_amount"] = draw(st.integers(0, 100))
    for option in ("throw_failure_limit", "throw_trick_limit"):
        if draw(change):
            d[option] = draw(st.none() | st.integers(0, 99))
    if draw(change):
        d["kitty_multiplier_cap"] = draw(st.integers(1, 64))
    # the auction: bids within the pack's points
    step = base.bid_step
    if draw(change):
        step = draw(fives(5, 50))

    def lowest(step: int) -> int:
        return step if bidding != "threshold_down" else math.ceil(0.75 * total / step) * step

    lo = lowest(step)
    if lo > total:  # (no start of this step within the pack: 35 on one deck falling)
        step = base.bid_step
        lo = lowest(step)
    start = base.bid_start
    if start % step or not lo <= start <= total or draw(change):
        start = draw(st.integers(-(-lo // step), total // step).map(lambda k: k * step))
    d |= {"bid_step": step, "bid_start": start}
    auction = bidding != "none"
    d["kitty_shown"] = min(base.kitty_shown, kitty) if auction else 0
    d["overturn_swap"] = min(base.overturn_swap, kitty) if auction else 0
    if auction and draw(change):
        d["kitty_shown"] = draw(st.integers(0, kitty))
    if auction and draw(change):
        d["overturn_swap"] = draw(st.integers(0, kitty))
    deals = base.match_deals if auction else None
    if bidding == "points_up" and deals is None:
        deals = 8
    if auction and draw(change):
        deals = (
            draw(st.integers(1, 100))
            if bidding == "points_up"
            else draw(st.none() | st.integers(1, 100))
        )
    d["match_deals"] = deals
    # scoring and levels
    least = least_takeover(players, partnership, decks)
    table = [b.model_dump() for b in base.score_table]
    if table and (
        decks != base.decks or players != base.players or partnership != base.partnership
    ):
        table = []  # (the preset's table is for its own pack and seats)
    if draw(change):
        table = draw(st.just([]) | score_tables(total, least))
    d["score_table"] = table
    # the default table (and five players' find friends) take over at 2 steps
    by_step = not table or (partnership == "find_friends" and players >= 5)
    lo = max(5, (least + 1) // 2) if by_step and bidding == "none" else 5
    score_step = base.score_step
    if not lo <= score_step <= total // 2 or draw(change):
        score_step = draw(fives(lo, total // 2))
    d["score_step"] = score_step
    if draw(change):
        d["extra_step"] = draw(st.none() | fives(5, total))
    elif base.extra_step is not None and base.extra_step > total:
        d["extra_step"] = total
    if draw(change):
        d["level_cap"] = draw(st.none() | st.integers(1, 12))
    if draw(change):
        levels = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=13, unique=True))
        d["levels"] = levels
        d["must_play"] = draw(st.lists(st.sampled_from(levels), max_size=3, unique=True))
    return d


# one option out of its range, or of a shape no option has
BAD_VALUES: dict[str, list[Any]] = {
    "name": [7, None, ["x"]],  # (text of any kind is cleaned where it enters: test_untrusted)
    "decks": [0, 5, -1, 9_000_000_000_000_000_000, "many", 2.5, [2]],
    "players": [2, 7, 0, 10**30],
    "kitty_size": [-1, 217, 10**20],
    "throw_penalty_amount": [-1, -1_000_000, 101, 10**18],
    "throw_failure_limit": [-1, 100, 10**12],
    "throw_trick_limit": [-1, 100],
    "bid_start": [0, -5, 9_000_000_000_000_000_000, 100_000, 72, 10**8],
    "bid_step": [0, 1, 3, 55, -5, 10**9],
    "kitty_shown": [-1, 10**6],
    "overturn_swap": [-1, 10**6],
    "match_deals": [0, 101, 10**9, -3],
    "kitty_multiplier_cap": [0, 65, 10**9],
    "score_step": [0, 7, 10**9, -40],
    "extra_step": [0, -5, 3, 10**9],
    "level_cap": [0, 13, -1],
    "levels": [[], ["2", "2"], ["X"], ["2"] * 1000, "A", [["2"]]],
    "must_play": [["Z"], ["A", "A"], [{"a": 1}]],
    "score_table": [
        [{"min_points": 0}],
        [{"min_points": 0, "dealer_levels": 1}],
        [{"min_points": 0, "take_over": True}],
        [{"min_points": 10, "dealer_levels": 1}, {"min_points": 100, "take_over": True}],
        [
            {"min_points": 0, "dealer_levels": 1},
            {"min_points": 80, "take_over": True},
            {"min_points": 120, "dealer_levels": 2},
        ],
        [{"min_points": 0, "dealer_levels": -1}, {"min_points": 80, "take_over": True}],
        [{"min_points": 0, "dealer_levels": 1}, {"min_points": 10**9, "take_over": True}],
        [{"min_points": 0, "dealer_levels": 10**9}, {"min_points": 80, "take_over": True}],
        [{"min_points": k * 5, "dealer_levels": 1} for k in range(30)],
        "table",
        [[1, 2]],
    ],
    "trick_compare": ["best", 1],
    "preset": ["bridge", 3, ["classic"], {"x": 1}, "x" * 5000],
    "no_such_option": [1],
    "constant_rank": ["1", "BJ", 2],
}


@st.composite
def invalid_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A valid ruleset's options with one of them made bad."""
    d = draw(valid_rules())
    option = draw(st.sampled_from(sorted(BAD_VALUES)))
    d[option] = draw(st.sampled_from(BAD_VALUES[option]))
    return d
