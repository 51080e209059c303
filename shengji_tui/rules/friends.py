"""Find friends (找朋友, docs/rules.md §10): the call, who the friend is, the
five-player level table and its split, and the next dealer.

Pure functions over seats and cards; the engine asks them and keeps the
answers hidden until the rules say they are public.

- A call names a card and which copy (`nth`, 1 to the pack's copies). Under
  `holder` the copy does not matter (the holder of the card is the friend),
  so only `nth = 1` is taken there; under `nth_played` it decides.
- `holder` (seed 000): the friend is the seat nearest after the dealer in
  play order that holds a copy when the call is made. With two decks that is
  the seed's sentence: the dealer holds one copy, so the other's holder; the
  dealer holds none, so the nearer holder. Nobody else holds one (the dealer
  holds every copy, or the rest lie in the kitty): the dealer is alone.
- `nth_played`: whoever plays the nth copy counted in play order becomes the
  friend then; the dealer playing it, or the copy never being played (it lies
  in the kitty), leaves the dealer alone.
- Five or more players use §10's five-player table (seeds 000/002 "5人3副牌打
  找朋友"), measured in the preset's step (60 for three decks): the attackers
  take over at 2 steps and gain 1 level each per further step; otherwise the
  dealer side gains 3 levels in all under 2 steps, 6 under 1 step, 9 at 0 (a
  dealer alone 4, 8, 12). `friend_split`: `hard` gives two thirds to the
  friend if the friend won the last trick (保底), else to the dealer; `even`
  halves it, the odd level going the same way. Four players use the preset's
  own table, every dealer-side seat gaining the dealer side's levels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card, parse_card
from .follow import Verdict
from .scoring import DealResult, deal_result

if TYPE_CHECKING:
    from .ruleset import RuleSet

OK = Verdict(ok=True)


def friend_copies(rs: RuleSet) -> int:
    """How many copies of each card the pack holds (one per deck)."""
    return rs.decks


def parse_friend_card(text: str | Card) -> Card:
    """The called card from notation (`HA`, `BJ`); ValueError with a sentence if none."""
    if isinstance(text, Card):
        return text
    try:
        return parse_card(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a card of the pack") from None


def check_friend_call(rs: RuleSet, card: str | Card, nth: int) -> Verdict:
    """Whether the dealer may call the `nth` copy of `card` (any card of the pack)."""
    if rs.partnership != "find_friends":
        return Verdict(
            ok=False,
            reason="this game has no friend to call",
            reason_zh="本玩法不叫朋友",
            code="no_call",
        )
    try:
        c = parse_friend_card(card)
    except ValueError:
        return Verdict(
            ok=False,
            reason=f"{card!r} is not a card of the pack: call a card such as HA or BJ",
            reason_zh=f"{card!r} 不是一张牌：请叫一张牌，例如 HA 或 BJ",
            code="no_card",
        )
    copies = friend_copies(rs)
    if rs.friend_rule == "holder" and nth != 1:
        return Verdict(
            ok=False,
            reason=(
                f"under the holder rule the friend is whoever holds {c}, not a numbered "
                f"copy: call it with nth 1"
            ),
            reason_zh=f"按持牌规则，拿到 {c} 的人就是朋友，不分第几张：请叫第 1 张",
            code="nth",
        )
    if not 1 <= nth <= copies:
        plural = "copy" if copies == 1 else "copies"
        return Verdict(
            ok=False,
            reason=f"the pack has {copies} {plural} of {c}: call copy 1 to {copies}, not {nth}",
            reason_zh=f"这副牌只有 {copies} 张 {c}：只能叫第 1 到第 {copies} 张，不能叫第 {nth} 张",
            code="nth",
        )
    return OK


def holder_friend(
    rs: RuleSet, dealer: int, card: str | Card, hands: Sequence[Sequence[Card]]
) -> int | None:
    """`holder`: the friend for a call of `card` with these hands at the call
    (None: nobody but the dealer holds one, the dealer is alone)."""
    c = parse_friend_card(card)
    n = rs.players
    for k in range(1, n):
        s = (dealer + k) % n
        if c in hands[s]:
            return s
    return None


def plays_nth_copy(card: str | Card, nth: int, before: int, cards: Sequence[Card]) -> bool:
    """`nth_played`: whether a play of `cards`, made when `before` copies of the
    called card were already out this deal, holds the nth copy."""
    c = parse_friend_card(card)
    k = sum(1 for x in cards if x == c)
    return k > 0 and before < nth <= before + k


def five_player_table(rs: RuleSet) -> bool:
    """Whether the deal is scored on §10's five-player table (five or more seats)."""
    return rs.partnership == "find_friends" and rs.players >= 5


def friend_deal_result(
    rs: RuleSet, attacker_points: int, *, alone: bool, friend_won_last: bool = False
) -> DealResult:
    """A find-friends deal's result. `dealer_side_levels` is the dealer's own
    gain, `friend_levels` the friend's (0 when alone), `attacker_levels` each
    attacker's. `friend_won_last`: the friend won the last trick (the split)."""
    if not five_player_table(rs):
        r = deal_result(rs, attacker_points)
        return r.model_copy(update={"friend_levels": 0 if alone else r.dealer_side_levels})
    step = rs.score_step
    s = max(0, attacker_points)
    if s >= 2 * step:
        gain = (s - 2 * step) // step
        return DealResult(
            attacker_levels=gain, attackers_take_over=True, band_min_points=2 * step + gain * step
        )
    if s <= 0:
        k, band = 3, 0
    elif s < step:
        k, band = 2, 5
    else:
        k, band = 1, step
    if alone:
        return DealResult(dealer_side_levels=4 * k, band_min_points=band)
    total = 3 * k
    if rs.friend_split == "even":
        big, small = (total + 1) // 2, total // 2
    else:
        big, small = 2 * k, k
    dealer, friend = (small, big) if friend_won_last else (big, small)
    return DealResult(dealer_side_levels=dealer, friend_levels=friend, band_min_points=band)


def friend_next_dealer(
    rs: RuleSet, dealer: int, dealer_side: Sequence[int], take_over: bool
) -> int:
    """Who deals next: the dealer side held, the next dealer-side seat after the
    dealer in play order (the dealer again if alone); the attackers took over,
    the first attacker after the dealer."""
    n = rs.players
    side = set(dealer_side)
    for k in range(1, n):
        s = (dealer + k) % n
        if (s in side) != take_over:
            return s
    return dealer
