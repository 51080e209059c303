"""A deal's result in words: the result screen's text, and the review's last
step (docs/rules.md §8, §10-12). One function for every preset, so the
screen and the review never tell a deal's end two ways.

Pure (no Textual, no Rich): a `DealEnd` (made from the seat's view at the
deal's end, `end_of_view`, or from a deal's review, `end_of_review`) and a
`Voice` (the reader's names and words: the table's `Model.voice`, or `ReviewVoice`
for a review nobody in particular reads) in; a title and `Line`s out.

What it says, by preset:
- classic, fixed partners and solo: the kitty shown, its capture (or the
  multiplier the attackers missed), the attackers' points, who holds or takes
  over, the levels gained (and the jack rule), the levels now, the next
  dealer, the match's end;
- find friends: the same, with each seat's own gain and the five-player split;
- eighty points: the kitty (void), the dealer's points against the bid, the
  settlement (base, over or under, each doubling, what each pays), the throw
  penalties, the match scores, the next opener or the match's end;
- three players: the kitty's capture, the attackers' points against the bid,
  the levels gained, the throw penalties, the levels, the next opener or the
  match's end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .. import rules
from ..engine import (
    AuctionWon,
    DealerRotated,
    DealReview,
    DealScored,
    DealSettled,
    Event,
    FriendRevealed,
    JackRule,
    KittyCaptured,
    KittyRevealed,
    LevelUp,
    MatchOver,
    ThrowPenalty,
    teams_for,
)
from ..rules import Card, RuleSet, TrumpContext
from ..text import CardText, Catalogue, team_name, team_said
from .props import Line, Words

if TYPE_CHECKING:
    from ..engine import SeatView


def words(text: str, style: str = "") -> Line:
    return Line((Words(text),), style)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class Voice(Protocol):
    """Who reads the result, and how seats are named for them."""

    @property
    def cat(self) -> Catalogue: ...

    @property
    def ct(self) -> CardText: ...

    @property
    def seat(self) -> int:
        """The reader's seat (levels are listed from it); -1: nobody's."""
        ...

    @property
    def spectating(self) -> bool:
        """A spectator (fixed partners: each team's level by its names)."""
        ...

    def name(self, seat: int) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def team_name(self, seats: Sequence[int]) -> str: ...

    def team_said(self, key: str, seats: Sequence[int], **kw: object) -> str: ...


class ReviewVoice:
    """A review's reader: every seat by `name`, nobody addressed as "you"."""

    def __init__(self, cat: Catalogue, ct: CardText, name: Callable[[int], str]) -> None:
        self.cat, self.ct, self._name = cat, ct, name
        self.seat = -1
        self.spectating = True

    def name(self, seat: int) -> str:
        return self._name(seat)

    def is_you(self, seat: int) -> bool:
        return False

    def team_name(self, seats: Sequence[int]) -> str:
        return team_name(self.cat, [self.name(s) for s in seats])

    def team_said(self, key: str, seats: Sequence[int], **kw: object) -> str:
        """`key` said of `seats`, in its `key_sg` form for one seat ("Mei wins")."""
        return team_said(self.cat, key, seats, self.team_name, self.is_you, **kw)


@dataclass(frozen=True)
class DealEnd:
    """What the result's text reads of a deal that was played to its end."""

    rules: RuleSet
    ctx: TrumpContext
    deal_no: int
    dealer: int | None
    dealer_side: tuple[int, ...]
    bid: int | None  # an auction's contract
    first_seat: int  # dealt the first card (the next auction opens after it)
    events: tuple[Event, ...]  # the deal's events (at least those of its end)
    last_trick: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards), the lead first
    last_winner: int | None
    levels: tuple[str, ...] | None  # every seat's level after the deal (None: not known)
    match_scores: tuple[int, ...] | None  # eighty points: after the deal
    teams: tuple[int, ...]
    going_on: bool  # the match goes on after this deal
    friend: int | None  # find friends: the revealed friend (None: the dealer alone)
    forced: bool = False  # an auction everyone passed: the first to pass dealt at the minimum


def end_of_view(v: SeatView, ctx: TrumpContext) -> DealEnd:
    return DealEnd(
        rules=v.rules,
        ctx=ctx,
        deal_no=v.deal_no,
        dealer=v.dealer,
        dealer_side=v.dealer_side,
        bid=v.bid,
        first_seat=v.first_seat,
        events=v.log,
        last_trick=tuple((p.seat, p.cards) for p in v.last_trick),
        last_winner=v.last_trick_winner,
        levels=v.levels,
        match_scores=v.match_scores,
        teams=v.teams,
        going_on=v.phase == "scoring",
        friend=next((e.seat for e in v.log if isinstance(e, FriendRevealed) and not e.alone), None),
        forced=any(isinstance(e, AuctionWon) and e.forced for e in v.log),
    )


def end_of_review(r: DealReview, rs: RuleSet) -> DealEnd:
    last = r.tricks[-1] if r.tricks else None
    settled = next((e for e in r.ending if isinstance(e, DealSettled)), None)
    return DealEnd(
        rules=rs,
        ctx=TrumpContext(r.level, r.trump_suit),
        deal_no=r.deal_no,
        dealer=r.dealer,
        dealer_side=r.dealer_side,
        bid=r.auction.bid if r.auction is not None else None,
        first_seat=r.first_seat,
        events=r.ending,
        last_trick=tuple((p.seat, p.cards) for p in last.plays) if last is not None else (),
        last_winner=last.winner if last is not None else None,
        levels=r.levels,
        match_scores=settled.scores if settled is not None else None,
        teams=teams_for(rs),
        going_on=not any(isinstance(e, MatchOver) for e in r.ending),
        friend=r.friend.friend if r.friend is not None else None,
        forced=r.auction is not None and r.auction.forced,
    )


def _first(events: Sequence[Event], kind: type[Event]) -> Event | None:
    return next((e for e in events if isinstance(e, kind)), None)


def auction_preset(rs: RuleSet) -> bool:
    return rs.bidding != "none"


def result_title(end: DealEnd, voice: Voice, final: bool, winners: Sequence[int] = ()) -> str:
    """ "Deal 3", "Deal 3 of 8" (a match of deals), or the match's end."""
    t = voice.cat.t
    if final:
        if voice.seat in winners and not voice.spectating:
            key = "result.match_won_you" if len(winners) == 1 else "result.match_won"
            return t(key, names=voice.team_name(winners))
        return voice.team_said("result.match_lost", winners)  # ("Mei wins the match.")
    if auction_preset(end.rules) and end.rules.match_deals is not None:
        return t("auction.result_title_of", n=end.deal_no + 1, total=end.rules.match_deals)
    return t("result.title", n=end.deal_no + 1)


def result_lines(end: DealEnd, voice: Voice) -> list[Line]:
    """The deal's end in words (see the module doc)."""
    if auction_preset(end.rules):
        return _auction_lines(end, voice)
    return _classic_lines(end, voice)


def _order(end: DealEnd, voice: Voice) -> list[int]:
    """Every seat in play order from the reader (from seat 0 for nobody's)."""
    n = end.rules.players
    start = voice.seat if 0 <= voice.seat < n else 0
    return [(start + k) % n for k in range(n)]


def _kitty_line(end: DealEnd, voice: Voice, rev: KittyRevealed, sort: bool) -> Line:
    t = voice.cat.t
    if rev.seat is not None and voice.is_you(rev.seat):
        who = t("seat.you_object")
    else:
        who = voice.name(rev.seat) if rev.seat is not None else "?"
    cards = list(rev.cards)
    if sort:
        cards = rules.sort_hand(end.rules, end.ctx, cards)
    said = t("result.kitty", name=who, cards=voice.ct.cards(cards), points=rev.points)
    return words(said)


def _captured(voice: Voice, cap: KittyCaptured, seat: int) -> Line:
    said = voice.cat.t(
        "result.captured",
        name=voice.name(seat),
        points=cap.points,
        mult=cap.multiplier,
        total=cap.total,
    )
    return words(said)


def _points_parts(voice: Voice, scored: DealScored) -> str:
    t = voice.cat.t
    parts = [t("result.tricks", n=scored.trick_points)]
    if scored.kitty_points:
        parts.append(t("result.kitty_part", n=scored.kitty_points))
    if scored.penalty_points:
        parts.append(t("result.penalty_part", n=scored.penalty_points))
    return " + ".join(parts)


def _level_ups(voice: Voice, events: Sequence[Event], jack: bool) -> list[Line]:
    t = voice.cat.t
    out = []
    for e in events:
        if isinstance(e, LevelUp):
            said = t(
                "result.level_up",
                names=voice.team_name(e.seats),
                old=e.old_level,
                new=e.new_level,
                gain=e.gain,
            )
            out.append(words(said))
        elif jack and isinstance(e, JackRule):
            out.append(words(t("log.jack_rule", names=voice.team_name(e.seats), new=e.new_level)))
    return out


def would_be_multiplier(end: DealEnd) -> int | None:
    """The kitty multiplier the last trick would have given the attackers."""
    if not end.last_trick or end.last_winner is None:
        return None
    win = next((c for s, c in end.last_trick if s == end.last_winner), None)
    try:
        lead = list(end.last_trick[0][1])
        return rules.kitty_multiplier(end.rules, end.ctx, lead, list(win) if win else None)
    except Exception:  # a lead the rules cannot read: say no number
        return None


def _classic_lines(end: DealEnd, voice: Voice) -> list[Line]:
    t = voice.cat.t
    ev = end.events
    lines: list[Line] = []
    players = end.rules.players
    rev = _first(ev, KittyRevealed)
    cap = _first(ev, KittyCaptured)
    scored = _first(ev, DealScored)
    if isinstance(rev, KittyRevealed):
        lines.append(_kitty_line(end, voice, rev, sort=False))
    if end.last_winner is not None:
        lw = end.last_winner
        if isinstance(cap, KittyCaptured):
            lines.append(_captured(voice, cap, lw))
        else:
            mult = would_be_multiplier(end)
            key = "result.kitty_kept" if mult is not None else "result.kitty_kept_plain"
            lines.append(words(t(key, name=voice.name(lw), mult=mult)))
    if isinstance(scored, DealScored):
        said = t("result.points", points=scored.attacker_points, parts=_points_parts(voice, scored))
        lines.append(words(said, "bold"))
        r = scored.result
        attackers = [s for s in range(players) if s not in end.dealer_side]
        names = {
            "dealer": voice.team_name(end.dealer_side),
            "attackers": voice.team_name(attackers),
        }
        if end.rules.partnership == "find_friends":  # each seat its own gain; five seats: the split
            lines.extend(_friend_lines(end, voice, r))
        elif r.attackers_take_over:
            lines.append(words(take_over(voice, r.attacker_levels, names["attackers"])))
        else:
            lines.append(words(t("result.hold", n=r.dealer_side_levels, **names)))
    lines.extend(_level_ups(voice, ev, jack=True))
    if not any(isinstance(e, LevelUp) for e in ev) and scored is not None:
        lines.append(words(t("result.no_level_change")))
    levels = end.levels
    if levels is not None:
        if end.rules.partnership == "fixed" and (voice.spectating or not 0 <= voice.seat < players):
            each = []
            for team in sorted(set(end.teams)):
                seats = [s for s in range(players) if end.teams[s] == team]
                each.append(
                    t("watch.team_level", names=voice.team_name(seats), level=levels[seats[0]])
                )
            lines.append(words(t("result.levels_each", levels=t("team.list_sep").join(each))))
        elif end.rules.partnership == "fixed":
            them = levels[(voice.seat + 1) % players]
            lines.append(words(t("result.levels", us=levels[voice.seat], them=them)))
        else:  # every seat its own level, in play order from the reader
            each = [f"{voice.name(s)} {levels[s]}" for s in _order(end, voice)]
            lines.append(words(t("result.levels_each", levels=t("team.list_sep").join(each))))
    rot = _first(ev, DealerRotated)
    over = _first(ev, MatchOver)
    if isinstance(rot, DealerRotated):
        if levels is not None:
            said = t("result.next_dealer", name=voice.name(rot.seat), level=levels[rot.seat])
        else:
            said = t("review.next_dealer", name=voice.name(rot.seat))
        lines.append(words(said, "bold"))
    if isinstance(over, MatchOver):
        said = voice.team_said("log.match_over", over.winners, level=over.level)
        lines.append(words(said, "bold"))
    return lines


def take_over(voice: Voice, n: int, attackers: str) -> str:
    """The attackers take the deal over, with the levels they gain (none: said so)."""
    key = "result.take_over_none" if n == 0 else "result.take_over"
    return voice.cat.t(key, n=n, attackers=attackers)


def _friend_lines(end: DealEnd, voice: Voice, result: rules.DealResult) -> list[Line]:
    """Find friends: who goes up (the dealer and the friend each their own gain),
    and at five seats how the dealer side's levels were shared (`friend_split`)."""
    t = voice.cat.t
    dealer = end.dealer if end.dealer is not None else 0
    friend = end.friend
    won_last = end.last_winner
    if result.attackers_take_over:
        attackers = [s for s in range(end.rules.players) if s not in end.dealer_side]
        return [words(take_over(voice, result.attacker_levels, voice.team_name(attackers)))]
    d, f = result.dealer_side_levels, result.friend_levels
    if friend is None:
        return [words(t("friend.result_alone", name=voice.name(dealer), n=d))]
    said = t("friend.result_hold", dealer=voice.name(dealer), friend=voice.name(friend), d=d, f=f)
    out = [words(said)]
    if rules.five_player_table(end.rules):
        if won_last in (friend, dealer):
            who = "friend" if won_last == friend else "dealer"
            you = "_you" if won_last is not None and voice.is_you(won_last) else ""
            last = t(f"friend.last_{who}{you}", name=voice.name(won_last or 0))
        else:
            last = t("friend.last_attackers")
        key = f"friend.split_{end.rules.friend_split}"
        out.append(Line((Words(t(key, n=d + f, last=last)),), "seat--dim"))
    return out


def _auction_lines(end: DealEnd, voice: Voice) -> list[Line]:
    """The deal's end of an auction: the kitty, the dealer's (or the attackers')
    points against the bid, the settlement's lines (eighty points) or the
    levels gained (three players), the throw penalties, the match scores or
    levels, the next opener."""
    t = voice.cat.t
    rs = end.rules
    ev = end.events
    lines: list[Line] = []
    dealer = end.dealer
    name = voice.name(dealer) if dealer is not None else "?"
    rev = _first(ev, KittyRevealed)
    if isinstance(rev, KittyRevealed):
        lines.append(_kitty_line(end, voice, rev, sort=True))
    rising = rs.bidding == "points_up"
    if rising:
        lines += _settlement(end, voice, name)
    else:
        lines += _threshold(end, voice, name)
    for e in ev:
        if isinstance(e, ThrowPenalty):
            each = " ".join(
                f"{voice.name(s)} {signed(d)}" for s, d in enumerate(e.deltas) if d != 0
            )
            key = "auction.result_penalty_you" if voice.is_you(e.seat) else "auction.result_penalty"
            lines.append(words(t(key, name=voice.name(e.seat), list=each)))
    sep = t("team.list_sep")
    if rising and end.match_scores is not None:
        scores = end.match_scores
        each = sep.join(f"{voice.name(s)} {signed(scores[s])}" for s in _order(end, voice))
        lines.append(words(t("auction.result_scores", list=each), "bold"))
    elif not rising and end.levels is not None:
        levels = end.levels
        each = sep.join(f"{voice.name(s)} {levels[s]}" for s in _order(end, voice))
        lines.append(words(t("result.levels_each", levels=each), "bold"))
    over = _first(ev, MatchOver)
    if isinstance(over, MatchOver):
        if rising:
            said = t("auction.result_match_scores", names=voice.team_name(over.winners))
        else:
            said = voice.team_said("log.match_over", over.winners, level=over.level)
        lines.append(words(said, "bold"))
    elif end.going_on:
        opener = (end.first_seat + 1) % rs.players
        key = "auction.result_next_you" if voice.is_you(opener) else "auction.result_next"
        lines.append(words(t(key, name=voice.name(opener))))
    return lines


def _settlement(end: DealEnd, voice: Voice, name: str) -> list[Line]:
    t = voice.cat.t
    settled = _first(end.events, DealSettled)
    if not isinstance(settled, DealSettled):
        return []
    st = settled.settlement
    out = [words(t("auction.result_kitty_void"), "seat--dim")]
    key = "auction.result_made" if st.made else "auction.result_missed"
    if end.forced:  # (nobody bid: "Everyone passed: Ken dealt at the minimum, 70, …")
        key += "_forced"
    diff = abs(st.dealer_points - st.bid)
    out.append(words(t(key, name=name, bid=st.bid, points=st.dealer_points, n=diff), "bold"))
    amount = st.base + st.steps
    side = "auction.result_over" if st.made else "auction.result_under"
    said = t("auction.result_base", base=st.base, steps=st.steps, n=st.steps * 5)
    out.append(words(said + (" " + t(side) if st.steps else "") + f" = {amount}"))
    for d in st.doublings:
        amount *= 2
        out.append(words(t("auction.result_doubled", why=t("auction.doubling." + d), n=amount)))
    each = abs(st.each)
    total = each * (end.rules.players - 1)
    key = "auction.result_each_pays" if st.made else "auction.result_dealer_pays"
    if voice.is_you(settled.dealer):
        key += "_you"
    out.append(words(t(key, name=name, each=each, total=total), "bold"))
    return out


def _threshold(end: DealEnd, voice: Voice, name: str) -> list[Line]:
    t = voice.cat.t
    out: list[Line] = []
    cap = _first(end.events, KittyCaptured)
    if isinstance(cap, KittyCaptured):
        out.append(_captured(voice, cap, cap.seat))
    scored = _first(end.events, DealScored)
    if not isinstance(scored, DealScored):
        return out
    said = t(
        "auction.result_attackers",
        name=name,
        bid=end.bid,
        points=scored.attacker_points,
        parts=_points_parts(voice, scored),
    )
    out.append(words(said, "bold"))
    r = scored.result
    if r.attackers_take_over:
        out.append(words(t("auction.result_reached", n=r.attacker_levels)))
    else:
        you = end.dealer is not None and voice.is_you(end.dealer)
        key = "auction.result_held_you" if you else "auction.result_held"
        out.append(words(t(key, name=name, n=r.dealer_side_levels)))
    out.extend(_level_ups(voice, end.events, jack=False))
    return out
