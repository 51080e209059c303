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
- What a seat may know of the sides before the reveal (`friend_sides`): only
  what holds in every distribution of the called card's copies that agrees
  with what the seat has seen (its hand, the kitty it buried, the copies
  played, the seats that showed they hold no more, a failed throw's cards,
  and that nobody has been revealed yet). Under `holder` a holder of a copy
  is sure to be the friend only when no seat between the dealer and itself
  can hold one (it sits first after the dealer, or it holds every copy);
  a seat with no copy knows it attacks.
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

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from .cards import Card, parse_card
from .follow import Verdict
from .scoring import DealResult, deal_result

if TYPE_CHECKING:
    from .ruleset import RuleSet

OK = Verdict(ok=True)

FriendSide = Literal["dealer", "friend", "attacker", "unknown"]


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


def friend_sides(
    rs: RuleSet,
    dealer: int,
    nth: int,
    played: Sequence[int],
    held: Sequence[int],
    void: Sequence[bool],
    *,
    seat: int | None = None,
    in_hand: int = 0,
    kitty: int | None = None,
) -> tuple[FriendSide, ...]:
    """Every seat's side as `seat` can prove it while the call is not revealed
    (docs/rules.md §10, "What each seat knows"): "dealer", "friend", "attacker"
    or "unknown". What the seat has seen of the called card, counted in copies:
    `played` (by each seat so far, public), `held` (each seat is known to have
    held at least this many at the call: played, or shown in a failed throw),
    `void` (each seat showed it holds no more: it did not follow the card's
    suit), `in_hand` (in the seat's own hand now), `kitty` (in the kitty, when
    the seat buried it). `seat` None: a spectator, who sees no hand.

    A side is claimed only when it is the same in every way the copies could
    lie at the call (in the hands and the kitty) that agrees with all that and
    with nobody being revealed yet: under `holder` the friend is the nearest
    holder after the dealer and has not played a copy; under `nth_played` a
    seat may still become the friend while it holds a copy and enough copies
    can still be played to reach the nth. When every other seat attacks, the
    dealer plays alone."""
    n = rs.players
    zeros = (0,) * n
    return _friend_sides(
        n,
        friend_copies(rs),
        rs.kitty_size,
        rs.friend_rule,
        dealer,
        nth,
        tuple(played) or zeros,
        tuple(held) or zeros,
        tuple(void) or (False,) * n,
        seat,
        in_hand,
        kitty,
    )


def _distributions(lo: Sequence[int], hi: Sequence[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to place `total` copies with `lo[i] <= a[i] <= hi[i]`."""
    k = len(lo)
    rest_lo = [sum(lo[i:]) for i in range(k + 1)]
    rest_hi = [sum(hi[i:]) for i in range(k + 1)]
    a = [0] * k

    def place(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == k:
            if left == 0:
                yield tuple(a)
            return
        for x in range(max(lo[i], left - rest_hi[i + 1]), min(hi[i], left - rest_lo[i + 1]) + 1):
            a[i] = x
            yield from place(i + 1, left - x)

    yield from place(0, total)


@lru_cache(maxsize=4096)
def _friend_sides(
    n: int,
    copies: int,
    kitty_size: int,
    rule: str,
    dealer: int,
    nth: int,
    played: tuple[int, ...],
    held: tuple[int, ...],
    void: tuple[bool, ...],
    seat: int | None,
    in_hand: int,
    kitty: int | None,
) -> tuple[FriendSide, ...]:
    # the copies each seat (and, last, the kitty) may have held at the call
    lo = [max(held[s], played[s]) for s in range(n)]
    hi = [played[s] if void[s] else copies for s in range(n)]
    if seat is not None and 0 <= seat < n:
        lo[seat] = hi[seat] = in_hand + played[seat]
    if kitty is None:
        lo.append(0)
        hi.append(min(copies, kitty_size))
    else:
        lo.append(kitty)
        hi.append(kitty)
    order = [(dealer + k) % n for k in range(1, n)]
    seen: dict[int, set[str]] = {s: set() for s in order}
    left = nth - sum(played)
    for a in _distributions(lo, hi, copies):
        if rule == "holder":
            friend = next((s for s in order if a[s] > 0), None)
            if friend is not None and played[friend] > 0:
                continue  # its first copy would have revealed it
            for s in order:
                seen[s].add("friend" if s == friend else "attacker")
        else:
            can_play = sum(a[s] - played[s] for s in range(n))
            for s in order:
                may = a[s] > played[s] and can_play >= left
                seen[s].update(("friend", "attacker") if may else ("attacker",))
    out: list[FriendSide] = ["unknown"] * n
    out[dealer] = "dealer"
    for s in order:
        if seen[s] == {"friend"}:
            out[s] = "friend"
        elif seen[s] == {"attacker"}:
            out[s] = "attacker"
    return tuple(out)
