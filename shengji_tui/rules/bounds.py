"""The range of every `RuleSet` option (docs/rules.md "Rules files: every
option and its range"), checked when a ruleset is made from a file, a paste,
the command line or the store alike, and why a table within them always ends.

A ruleset outside them is refused with a `RulesError`: a sentence in English
(`str(e)`) and in Chinese (`e.zh`). The ranges keep every number a player
chooses small (bids within the pack's points in steps of at least 5, no
negative penalty, at most 100 deals in a match...), and the checks below
refuse what would make a match never end:

- a score table moves levels both ways: every band where the dealer side
  holds gives it a level or more (so every hold moves a level), some band
  lets the attackers take over (within the pack's points), and a band that
  takes over is followed only by bands that take over;
- without an auction, the attackers take over only from `least_takeover`
  on (their seats' share of the pack's points less its spread: classic 55 of
  200, one dealer against five on three decks 190 of 300), so the dealer
  side holds now and then (a match ends when a side holds at the last level;
  below it matches played at random went on for hundreds of deals);
- eighty points (a rising auction) ends after `match_deals` deals, so it
  needs them; `match_deals` means nothing without an auction;
- a falling auction's highest threshold is three quarters of the pack's
  points or more (three players: 150 of 200), so a seat's hand is worth a
  bid (if everyone passes, the cards are dealt again) and the dealer holds
  now and then.

Every other way a deal could stall is the engine's to prevent, and
tests/rules/test_ruleset_bounds.py plays bot deals under rulesets drawn from
the whole accepted space.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import Protocol

MAX_PENALTY = 100  # throw_penalty_amount
MAX_COUNT = 99  # throw_failure_limit, throw_trick_limit
MAX_MATCH_DEALS = 100
MAX_MULTIPLIER_CAP = 64  # kitty_multiplier_cap
MAX_BANDS = 20  # bands in a score table
MAX_GAIN = 12  # levels one band gives (2 to A is 12 levels)
BID_STEP_MAX = 50
POINT_STEP = 5  # points come in fives: score and bid steps are multiples of it
SPREAD = 0.35  # least_takeover: how far a deal's points stray, one deck
FALLING_START = 0.75  # a falling auction's bid_start: at least this share of the pack
# Unicode categories a refusal does not quote: controls, format (bidi,
# zero-width), surrogates, private use, unassigned, line and paragraph separators
_BANNED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class Band(Protocol):
    """What the checks read of a `ScoreBand`."""

    @property
    def min_points(self) -> int: ...
    @property
    def dealer_levels(self) -> int: ...
    @property
    def attacker_levels(self) -> int: ...
    @property
    def take_over(self) -> bool: ...


class Options(Protocol):
    """What the checks read of a `RuleSet` (ruleset.py, which asks them)."""

    @property
    def decks(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def kitty_size(self) -> int: ...
    @property
    def two_color(self) -> bool: ...
    @property
    def partnership(self) -> str: ...
    @property
    def throw_penalty_amount(self) -> int: ...
    @property
    def throw_failure_limit(self) -> int | None: ...
    @property
    def throw_trick_limit(self) -> int | None: ...
    @property
    def bidding(self) -> str: ...
    @property
    def bid_start(self) -> int: ...
    @property
    def bid_step(self) -> int: ...
    @property
    def kitty_shown(self) -> int: ...
    @property
    def overturn_swap(self) -> int: ...
    @property
    def match_deals(self) -> int | None: ...
    @property
    def kitty_multiplier_cap(self) -> int: ...
    @property
    def score_step(self) -> int: ...
    @property
    def extra_step(self) -> int | None: ...
    @property
    def level_cap(self) -> int | None: ...
    @property
    def levels(self) -> list[str]: ...
    @property
    def must_play(self) -> list[str]: ...

    @property
    def score_table(self) -> Sequence[Band]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def total_points(self) -> int: ...
    def bands(self) -> Sequence[Band]: ...


class RulesError(ValueError):
    """A ruleset refused: `str(e)` says why in English, `zh` in Chinese."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.zh = zh


def _no(en: str, zh: str) -> RulesError:
    return RulesError(en, zh)


def short(text: object, limit: int = 30) -> str:
    """A value quoted in a refusal, cut to `limit` characters (no control characters)."""
    s = "".join(c if unicodedata.category(c) not in _BANNED else "?" for c in str(text))
    return repr(s if len(s) <= limit else s[: limit - 1] + "…")


def num(value: int) -> str:
    """A number a player gave, as a refusal quotes it (a long one cut short)."""
    text = str(value)
    return text if len(text) <= 12 else f"{text[:6]}… ({len(text)} digits)"


def _range(what: str, value: int, lo: int, hi: int, zh: str | None = None) -> None:
    if not lo <= value <= hi:
        raise _no(
            f"{what} must be {lo} to {hi}, not {num(value)}",
            f"{zh or what} 必须在 {lo} 到 {hi} 之间，不能是 {num(value)}",
        )


def _optional(what: str, value: int | None, lo: int, hi: int) -> None:
    if value is not None:
        _range(what, value, lo, hi)


def _step(what: str, value: int, hi: int) -> None:
    if value % POINT_STEP or not POINT_STEP <= value <= hi:
        raise _no(
            f"{what} must be a multiple of {POINT_STEP} from {POINT_STEP} to {hi}, "
            f"not {num(value)}",
            f"{what} 必须是 {POINT_STEP} 的倍数，在 {POINT_STEP} 到 {hi} 之间，不能是 {num(value)}",
        )


def check_pack(rs: Options) -> None:
    """Decks, players, the kitty, partnerships and the levels."""
    _range("decks", rs.decks, 1, 4)
    _range("players", rs.players, 3, 6)
    total = 54 * rs.decks
    if rs.kitty_size < 0 or rs.kitty_size >= total:
        raise _no(
            f"a kitty of {num(rs.kitty_size)} cards does not fit {total} cards",
            f"{total} 张牌放不下 {num(rs.kitty_size)} 张底牌",
        )
    fits = [k for k in range(0, 13) if (total - k) % rs.players == 0]
    if (total - rs.kitty_size) % rs.players:
        listed = ", ".join(map(str, [k for k in fits if k]))
        raise _no(
            f"{total} cards less a kitty of {rs.kitty_size} do not deal evenly "
            f"to {rs.players} players (kitty sizes that do: {listed})",
            f"{total} 张牌去掉 {rs.kitty_size} 张底牌不能平分给 {rs.players} 人"
            f"（可以的底牌张数：{listed}）",
        )
    if rs.kitty_size > rs.hand_size:
        raise _no(
            f"a kitty of {rs.kitty_size} cards is bigger than a hand ({rs.hand_size} cards)",
            f"底牌 {rs.kitty_size} 张，比一手牌（{rs.hand_size} 张）还多",
        )
    if rs.two_color and rs.decks != 1:
        raise _no("the two-colour pack is played with one deck", "双色牌只能用一副牌")
    if rs.partnership == "fixed" and rs.players % 2:
        raise _no(
            "fixed partners need an even number of players (two teams on alternate "
            "seats); with an odd number choose partnership solo or find_friends",
            "固定搭档需要偶数人（两队隔座）；奇数人请选 solo 或 find_friends",
        )
    if rs.partnership == "find_friends" and rs.players < 4:
        raise _no(
            "find friends needs 4 to 6 players (with 3, choose partnership solo)",
            "找朋友需要 4 到 6 人（3 人请选 solo）",
        )
    if not rs.levels:
        raise _no("the level sequence is empty", "级数序列是空的")
    if len(set(rs.levels)) != len(rs.levels):
        raise _no("the level sequence repeats a level", "级数序列中有重复的级")
    if len(set(rs.must_play)) != len(rs.must_play):
        raise _no("must_play repeats a level", "必打级中有重复的级")
    for lv in rs.must_play:
        if lv not in rs.levels:
            raise _no(
                f"must-play level {lv} is not in the level sequence",
                f"必打级 {lv} 不在级数序列中",
            )


def check_play(rs: Options) -> None:
    """Throws and the kitty's multiplier."""
    _range("throw_penalty_amount", rs.throw_penalty_amount, 0, MAX_PENALTY)
    _optional("throw_failure_limit", rs.throw_failure_limit, 0, MAX_COUNT)
    _optional("throw_trick_limit", rs.throw_trick_limit, 0, MAX_COUNT)
    _range("kitty_multiplier_cap", rs.kitty_multiplier_cap, 1, MAX_MULTIPLIER_CAP)


def check_scoring(rs: Options) -> None:
    """The score step and table, levels per deal: the dealer side can hold and
    go up, the attackers can take over."""
    total = rs.total_points
    _step("score_step", rs.score_step, total // 2)
    if rs.extra_step is not None:
        _step("extra_step", rs.extra_step, total)
    _optional("level_cap", rs.level_cap, 1, MAX_GAIN)
    if len(rs.score_table) > MAX_BANDS:
        raise _no(
            f"the score table has {len(rs.score_table)} bands: at most {MAX_BANDS}",
            f"计分表有 {len(rs.score_table)} 档：最多 {MAX_BANDS} 档",
        )
    if rs.score_table:
        _check_table(rs.score_table, total)
    if rs.bidding == "none":
        _check_hold(rs)


def dealer_side_seats(rs: Options) -> int:
    """How many seats the dealer side has: a team, the dealer and one friend, or one."""
    if rs.partnership == "fixed":
        return rs.players // 2
    return 2 if rs.partnership == "find_friends" else 1


def takeover_threshold(rs: Options) -> int:
    """The attackers' points from which they take the deal over."""
    if rs.partnership == "find_friends" and rs.players >= 5:
        return 2 * rs.score_step  # docs/rules.md §10's five-player table
    return min(b.min_points for b in rs.bands() if b.take_over)


def least_takeover(rs: Options) -> int:
    """The fewest points the attackers may take the deal over from: their seats'
    share of the pack's points, less `SPREAD` of the pack over the square root
    of the decks (how far a deal's points stray: with more cards, less), in
    fives. Measured with random players (docs/rules.md "Rules files"): the
    dealer side then holds about one deal in twenty at the least, more often
    in every preset."""
    total = rs.total_points
    attackers = rs.players - dealer_side_seats(rs)
    least = total * (attackers / rs.players - SPREAD / math.sqrt(rs.decks))
    return max(POINT_STEP, math.ceil(least / POINT_STEP - 1e-9) * POINT_STEP)


def _check_hold(rs: Options) -> None:
    """The dealer side holds now and then (a match ends when a side holds at
    the last level): the attackers take over from `least_takeover` on."""
    total = rs.total_points
    attackers = rs.players - dealer_side_seats(rs)
    t = takeover_threshold(rs)
    least = least_takeover(rs)
    if t < least:
        raise _no(
            f"the attackers ({attackers} of {rs.players} players) would take the deal over "
            f"from {t} of the pack's {total} points: it must be {least} or more, or the "
            "dealer side could hardly ever hold and the match might never end",
            f"闲家（{rs.players} 人中的 {attackers} 人）从总分 {total} 中的 {t} 分起上台："
            f"上台线至少要 {least} 分，否则庄家几乎守不住，比赛可能永远打不完",
        )


def _check_table(bands: Sequence[Band], total: int) -> None:
    for k, b in enumerate(bands, start=1):
        _range(f"score band {k}'s min_points", b.min_points, 0, total, f"第 {k} 档的 min_points")
        _range(f"score band {k}'s dealer_levels", b.dealer_levels, 0, MAX_GAIN)
        _range(f"score band {k}'s attacker_levels", b.attacker_levels, 0, MAX_GAIN)
    mins = [b.min_points for b in bands]
    if mins != sorted(mins) or len(set(mins)) != len(mins):
        raise _no(
            "score bands must be in rising order of points", "计分表的各档必须按分数从低到高排列"
        )
    if mins[0] > 0:
        raise _no("the first score band must start at 0 points", "计分表的第一档必须从 0 分开始")
    if bands[0].take_over:
        raise _no(
            "the first score band takes over: with no points the attackers would take the "
            "deal over and the dealer side could never hold",
            "计分表第一档就上台：闲家零分也上台，庄家永远守不住",
        )
    for k, b in enumerate(bands, start=1):
        if not b.take_over and b.dealer_levels < 1:
            raise _no(
                f"score band {k} lets the dealer side hold without going up: a band "
                "without take_over must give dealer_levels of 1 or more, or a deal could "
                "change no level and the match never end",
                f"第 {k} 档庄家守住却不升级：没有 take_over 的档 dealer_levels 至少为 1，"
                "否则一局可能不改变任何级数，比赛永远打不完",
            )
    first = next((k for k, b in enumerate(bands) if b.take_over), None)
    if first is None:
        raise _no(
            "no score band lets the attackers take over (take_over = true)",
            "计分表中没有一档让闲家上台（take_over = true）",
        )
    if not all(b.take_over for b in bands[first:]):
        raise _no(
            f"score band {first + 1} takes over, so every band above it must take over too",
            f"第 {first + 1} 档闲家上台，所以更高的各档也必须上台",
        )


def check_auction(rs: Options) -> None:
    """Bids within the pack's points in steps of 5 to 50; the auction's options."""
    total = rs.total_points
    _step("bid_step", rs.bid_step, BID_STEP_MAX)
    least = math.ceil(FALLING_START * total / rs.bid_step) * rs.bid_step
    if rs.bidding == "threshold_down" and least > total:  # (no bid_start would do)
        quarter = math.ceil(FALLING_START * total)
        raise _no(
            f"bid_step {num(rs.bid_step)} is too coarse for a falling auction on {total} "
            f"points: its highest threshold (bid_start) must be a multiple of it from "
            f"{quarter} to {total}, and there is none",
            f"bid_step {num(rs.bid_step)} 对 {total} 分的降序叫分太大：最高门槛（bid_start）"
            f"必须是它的倍数、在 {quarter} 到 {total} 分之间，而这样的数不存在",
        )
    if rs.bid_start % rs.bid_step or not rs.bid_step <= rs.bid_start <= total:
        raise _no(
            f"bid_start must be a multiple of bid_step ({num(rs.bid_step)}) from "
            f"{num(rs.bid_step)} to the pack's {total} points, not {num(rs.bid_start)}",
            f"bid_start 必须是 bid_step（{num(rs.bid_step)}）的倍数，在 {num(rs.bid_step)} 到"
            f"总分 {total} 之间，不能是 {num(rs.bid_start)}",
        )
    if rs.bidding != "none" and rs.partnership != "solo":
        raise _no(
            "an auction makes one dealer against the rest: partnership solo",
            "叫分产生一个庄家对其他所有人：partnership 必须是 solo",
        )
    if rs.bidding == "threshold_down" and rs.bid_start < least:
        raise _no(
            f"a falling auction's highest threshold (bid_start) must be three quarters of "
            f"the pack's points or more ({least}), not {num(rs.bid_start)}: below it a "
            "hand is seldom worth a bid (if everyone passes, the cards are dealt again) "
            "and the dealer seldom holds",
            f"降序叫分的最高门槛（bid_start）至少是总分的四分之三（{least} 分），"
            f"不能是 {num(rs.bid_start)}：低于它很少有人愿意叫分（都不叫就重新发牌），"
            "庄家也很难守住",
        )
    for what, value in (("kitty_shown", rs.kitty_shown), ("overturn_swap", rs.overturn_swap)):
        if not 0 <= value <= rs.kitty_size:
            raise _no(
                f"{what} must be 0 to the kitty's {rs.kitty_size} cards, not {num(value)}",
                f"{what} 必须在 0 到底牌的 {rs.kitty_size} 张之间，不能是 {num(value)}",
            )
    if (rs.kitty_shown or rs.overturn_swap) and rs.bidding == "none":
        raise _no(
            "kitty_shown and overturn_swap belong to an auction (bidding)",
            "kitty_shown 和 overturn_swap 只用于叫分（bidding）",
        )
    _optional("match_deals", rs.match_deals, 1, MAX_MATCH_DEALS)
    if rs.match_deals is not None and rs.bidding == "none":
        raise _no(
            "match_deals counts the deals of an auction's match (bidding); without an "
            "auction a match ends when a side wins a deal as dealer at the last level",
            "match_deals 只用于叫分的比赛（bidding）；不叫分时，一方在最后一级坐庄守住即赢得比赛",
        )
    if rs.bidding == "points_up" and rs.match_deals is None:
        raise _no(
            "a rising auction (eighty points) is a match of match_deals deals: set it (1 to "
            f"{MAX_MATCH_DEALS})",
            f"升序叫分（八十分）按 match_deals 局数比赛：请设置它（1 到 {MAX_MATCH_DEALS}）",
        )


def check(rs: Options) -> None:
    """Every range and rule above; RulesError with the first problem."""
    check_pack(rs)
    check_play(rs)
    check_scoring(rs)
    check_auction(rs)
