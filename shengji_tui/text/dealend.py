"""A deal's end in words, for everyone who tells it (docs/rules.md §8, §10-12):
the game log's one line per event as it comes (`log_line`, asked by
`Narrator`), and the whole deal at once (`result_title`, `result_said`: the
result screen's and the review's last step's, as `tui.outcome` lays them
out). One record of the deal's facts (`DealEnd`, its events read once by
`facts_of` into `EndFacts`), one set of catalogue keys (`end.*`), one way
to name a reader, a seat or a team (`Teller`, `Voice`).

Pure (no Textual, no Rich): a `DealEnd` (made from the seat's view at the
deal's end, `end_of_view`, or from a deal's review, `end_of_review`) and a
`Voice` (the reader's names and words: the table's `Model.voice`, or
`ReviewVoice` for a review nobody in particular reads) in; a title and
`Said` lines (text and style) out.

What the whole deal says, by preset:
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

The log says the same facts one event at a time (the kitty, its capture, the
points, the settlement, each level gained, the jack rule, the next dealer,
the match's end), in the words of the same keys where both say one thing
(the jack rule, the match's end, the doublings).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from .. import rules
from ..engine import (
    AuctionOpenerNext,
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
from .cards import CardText
from .i18n import Catalogue
from .teams import team_name, team_said

if TYPE_CHECKING:
    from ..engine import SeatView

E = TypeVar("E", bound=Event)

# the events of a deal's end, each told by `log_line` (a throw's penalty is
# told when the throw fails: the result lists them again)
END_EVENTS = (
    KittyRevealed,
    KittyCaptured,
    DealScored,
    DealSettled,
    LevelUp,
    JackRule,
    DealerRotated,
    AuctionOpenerNext,
    MatchOver,
)


class Said(NamedTuple):
    """One line of the result: its text and its style (`""`, `"bold"`, `"seat--dim"`)."""

    text: str
    style: str = ""


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class Teller(Protocol):
    """Who a deal's end is told to, as the log needs it: the language and how
    seats and teams are named for the reader."""

    @property
    def cat(self) -> Catalogue: ...

    @property
    def ct(self) -> CardText: ...

    def name(self, seat: int) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def team_name(self, seats: Sequence[int]) -> str: ...


class Voice(Teller, Protocol):
    """Who reads the result, and how seats are named for them."""

    @property
    def seat(self) -> int:
        """The reader's seat (levels are listed from it); -1: nobody's."""
        ...

    @property
    def spectating(self) -> bool:
        """A spectator (fixed partners: each team's level by its names)."""
        ...

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
        return _team(self, key, seats, **kw)


def _team(teller: Teller, key: str, seats: Sequence[int], **kw: object) -> str:
    """`key` said of the team `seats`, in its `key_sg` form for one seat that is
    not the reader ("Mei goes up", "Mei and Ken go up", "You go up")."""
    return team_said(teller.cat, key, seats, teller.team_name, teller.is_you, **kw)


def _of(teller: Teller, key: str, seat: int | None, **kw: object) -> str:
    """`key`, or its second-person form `key_you` when `seat` is the reader."""
    if seat is not None and teller.is_you(seat) and teller.cat.has(key + "_you"):
        key += "_you"
    return teller.cat.t(key, **kw)


# ------------------------------------------------------------ the facts
@dataclass(frozen=True)
class DealEnd:
    """What the result's text reads of a deal that was played to its end."""

    rules: RuleSet
    ctx: TrumpContext
    deal_no: int
    dealer: int | None
    dealer_side: tuple[int, ...]
    bid: int | None  # an auction's contract
    events: tuple[Event, ...]  # the deal's events (at least those of its end)
    last_trick: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards), the lead first
    last_winner: int | None
    levels: tuple[str, ...] | None  # every seat's level after the deal (None: not known)
    match_scores: tuple[int, ...] | None  # eighty points: after the deal
    teams: tuple[int, ...]
    friend: int | None  # find friends: the revealed friend (None: the dealer alone)
    forced: bool = False  # an auction everyone passed: the first to pass dealt at the minimum


@dataclass(frozen=True)
class EndFacts:
    """A deal's end as the engine's events told it, each read once."""

    revealed: KittyRevealed | None  # the kitty shown
    captured: KittyCaptured | None  # the attackers won the last trick (抠底)
    scored: DealScored | None  # the points and the result
    settled: DealSettled | None  # eighty points' settlement
    levels: tuple[LevelUp | JackRule, ...]  # each level gained, the jack rule, in order
    penalties: tuple[ThrowPenalty, ...]  # auctions: the failed throws' penalties
    rotated: DealerRotated | None  # the next dealer (fixed partners, find friends)
    opener: AuctionOpenerNext | None  # the next auction's opener (auctions)
    over: MatchOver | None  # the match's end


def facts_of(events: Sequence[Event]) -> EndFacts:
    """The facts of a deal's end, from its events (the deal's, or its end's)."""

    def first(kind: type[E]) -> E | None:
        return next((e for e in events if isinstance(e, kind)), None)

    return EndFacts(
        revealed=first(KittyRevealed),
        captured=first(KittyCaptured),
        scored=first(DealScored),
        settled=first(DealSettled),
        levels=tuple(e for e in events if isinstance(e, LevelUp | JackRule)),
        penalties=tuple(e for e in events if isinstance(e, ThrowPenalty)),
        rotated=first(DealerRotated),
        opener=first(AuctionOpenerNext),
        over=first(MatchOver),
    )


def end_of_view(v: SeatView, ctx: TrumpContext) -> DealEnd:
    return DealEnd(
        rules=v.rules,
        ctx=ctx,
        deal_no=v.deal_no,
        dealer=v.dealer,
        dealer_side=v.dealer_side,
        bid=v.bid,
        events=v.log,
        last_trick=tuple((p.seat, p.cards) for p in v.last_trick),
        last_winner=v.last_trick_winner,
        levels=v.levels,
        match_scores=v.match_scores,
        teams=v.teams,
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
        events=r.ending,
        last_trick=tuple((p.seat, p.cards) for p in last.plays) if last is not None else (),
        last_winner=last.winner if last is not None else None,
        levels=r.levels,
        match_scores=settled.scores if settled is not None else None,
        teams=teams_for(rs),
        friend=r.friend.friend if r.friend is not None else None,
        forced=r.auction is not None and r.auction.forced,
    )


def auction_preset(rs: RuleSet) -> bool:
    return rs.bidding != "none"


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


# ------------------------------------------------------------ the log: one line per event
def log_line(e: Event, rs: RuleSet, teller: Teller) -> str:
    """The game log's sentence for one event of `END_EVENTS`, as it comes."""
    t = teller.cat.t
    if isinstance(e, KittyRevealed):
        return t("end.kitty_revealed", cards=teller.ct.cards(e.cards), points=e.points)
    if isinstance(e, KittyCaptured):
        return _of(
            teller,
            "end.kitty_captured",
            e.seat,
            name=teller.name(e.seat),
            points=e.points,
            mult=e.multiplier,
            total=e.total,
        )
    if isinstance(e, DealScored):
        if rs.bidding == "points_up":  # eighty points: the dealer's own points settle
            return t("end.deal_scored_dealer", points=e.trick_points)
        return t("end.deal_scored", points=e.attacker_points)
    if isinstance(e, DealSettled):
        return settled_line(e, teller)
    if isinstance(e, LevelUp):
        key = "end.level_up_one" if e.gain == 1 else "end.level_up"
        return _team(teller, key, e.seats, n=e.gain, old=e.old_level, new=e.new_level)
    if isinstance(e, JackRule):
        return jack_rule(teller, e)
    if isinstance(e, DealerRotated):
        key = "end.dealer_rotated_take_over" if e.take_over else "end.dealer_rotated"
        return _of(teller, key, e.seat, name=teller.name(e.seat))
    if isinstance(e, AuctionOpenerNext):
        return _of(teller, "end.auction_next", e.seat, name=teller.name(e.seat))
    if isinstance(e, MatchOver):
        return match_over(teller, e)
    raise TypeError(f"not an event of a deal's end: {e.type}")


def settled_line(e: DealSettled, teller: Teller) -> str:
    """Eighty points in one line: the dealer against each other seat, and the
    match scores."""
    t = teller.cat.t
    st = e.settlement
    doubled = ""
    if st.doublings:
        reasons = t("team.list_sep").join(t("end.doubling." + d) for d in st.doublings)
        doubled = t("end.settle_doubled", reasons=reasons)
    key = "end.settled_made" if st.made else "end.settled_missed"
    said = _of(
        teller,
        key,
        e.dealer,
        name=teller.name(e.dealer),
        bid=st.bid,
        points=st.dealer_points,
        each=abs(st.each),
        doubled=doubled,
    )
    scores = t("team.list_sep").join(
        f"{teller.name(s)} {signed(v)}" for s, v in enumerate(e.scores)
    )
    space = "" if teller.cat.zh else " "  # (Chinese sentences follow each other unspaced)
    return said + space + t("end.match_scores", list=scores)


def jack_rule(teller: Teller, e: JackRule) -> str:
    """抠J: the dealer side goes back (the log and the result say it alike)."""
    return _team(teller, "end.jack_rule", e.seats, new=e.new_level)


def match_over(teller: Teller, e: MatchOver) -> str:
    """The match's winners at their level (the log and the result say it alike)."""
    return _team(teller, "end.match_over", e.winners, level=e.level)


# ------------------------------------------------------------ the whole deal
def result_title(end: DealEnd, voice: Voice, final: bool, winners: Sequence[int] = ()) -> str:
    """ "Deal 3 is over", "Deal 3 of 8 is over" (a match of deals), or the match's end."""
    t = voice.cat.t
    if final:
        if voice.seat in winners and not voice.spectating:
            key = "end.match_won_you" if len(winners) == 1 else "end.match_won"
            return t(key, names=voice.team_name(winners))
        return voice.team_said("end.match_lost", winners)  # ("Mei wins the match.")
    if auction_preset(end.rules) and end.rules.match_deals is not None:
        return t("end.title_of", n=end.deal_no + 1, total=end.rules.match_deals)
    return t("end.title", n=end.deal_no + 1)


def result_said(end: DealEnd, voice: Voice) -> list[Said]:
    """The deal's end in words (see the module doc)."""
    facts = facts_of(end.events)
    if auction_preset(end.rules):
        return _auction_lines(end, facts, voice)
    return _classic_lines(end, facts, voice)


def _order(end: DealEnd, voice: Voice) -> list[int]:
    """Every seat in play order from the reader (from seat 0 for nobody's)."""
    n = end.rules.players
    start = voice.seat if 0 <= voice.seat < n else 0
    return [(start + k) % n for k in range(n)]


def _kitty_line(end: DealEnd, voice: Voice, rev: KittyRevealed, sort: bool) -> Said:
    t = voice.cat.t
    if rev.seat is not None and voice.is_you(rev.seat):
        who = t("seat.you_object")
    else:
        who = voice.name(rev.seat) if rev.seat is not None else "?"
    cards = list(rev.cards)
    if sort:
        cards = rules.sort_hand(end.rules, end.ctx, cards)
    return Said(t("end.kitty", name=who, cards=voice.ct.cards(cards), points=rev.points))


def _captured(voice: Voice, cap: KittyCaptured, seat: int) -> Said:
    said = voice.cat.t(
        "end.captured",
        name=voice.name(seat),
        points=cap.points,
        mult=cap.multiplier,
        total=cap.total,
    )
    return Said(said)


def _points_parts(voice: Voice, scored: DealScored) -> str:
    t = voice.cat.t
    parts = [t("end.tricks", n=scored.trick_points)]
    if scored.kitty_points:
        parts.append(t("end.kitty_part", n=scored.kitty_points))
    if scored.penalty_points:
        parts.append(t("end.penalty_part", n=scored.penalty_points))
    return " + ".join(parts)


def _level_ups(voice: Voice, facts: EndFacts, jack: bool) -> list[Said]:
    t = voice.cat.t
    out = []
    for e in facts.levels:
        if isinstance(e, LevelUp):
            said = t(
                "end.level_change",
                names=voice.team_name(e.seats),
                old=e.old_level,
                new=e.new_level,
                gain=e.gain,
            )
            out.append(Said(said))
        elif jack:
            out.append(Said(jack_rule(voice, e)))
    return out


def _classic_lines(end: DealEnd, facts: EndFacts, voice: Voice) -> list[Said]:
    t = voice.cat.t
    lines: list[Said] = []
    players = end.rules.players
    scored = facts.scored
    if facts.revealed is not None:
        lines.append(_kitty_line(end, voice, facts.revealed, sort=False))
    if end.last_winner is not None:
        lw = end.last_winner
        if facts.captured is not None:
            lines.append(_captured(voice, facts.captured, lw))
        else:
            mult = would_be_multiplier(end)
            key = "end.kitty_kept" if mult is not None else "end.kitty_kept_plain"
            lines.append(Said(t(key, name=voice.name(lw), mult=mult)))
    if scored is not None:
        said = t("end.points", points=scored.attacker_points, parts=_points_parts(voice, scored))
        lines.append(Said(said, "bold"))
        r = scored.result
        attackers = [s for s in range(players) if s not in end.dealer_side]
        names = {
            "dealer": voice.team_name(end.dealer_side),
            "attackers": voice.team_name(attackers),
        }
        if end.rules.partnership == "find_friends":  # each seat its own gain; five seats: the split
            lines.extend(_friend_lines(end, voice, r))
        elif r.attackers_take_over:
            lines.append(Said(take_over(voice, r.attacker_levels, names["attackers"])))
        else:
            lines.append(Said(t("end.hold", n=r.dealer_side_levels, **names)))
    lines.extend(_level_ups(voice, facts, jack=True))
    if not any(isinstance(e, LevelUp) for e in facts.levels) and scored is not None:
        lines.append(Said(t("end.no_level_change")))
    levels = end.levels
    if levels is not None:
        if end.rules.partnership == "fixed" and (voice.spectating or not 0 <= voice.seat < players):
            each = []
            for team in sorted(set(end.teams)):
                seats = [s for s in range(players) if end.teams[s] == team]
                each.append(
                    t("watch.team_level", names=voice.team_name(seats), level=levels[seats[0]])
                )
            lines.append(Said(t("end.levels_each", levels=t("team.list_sep").join(each))))
        elif end.rules.partnership == "fixed":
            them = levels[(voice.seat + 1) % players]
            lines.append(Said(t("end.levels", us=levels[voice.seat], them=them)))
        else:  # every seat its own level, in play order from the reader
            each = [f"{voice.name(s)} {levels[s]}" for s in _order(end, voice)]
            lines.append(Said(t("end.levels_each", levels=t("team.list_sep").join(each))))
    rot = facts.rotated
    if rot is not None:
        if levels is not None:
            said = t("end.next_dealer", name=voice.name(rot.seat), level=levels[rot.seat])
        else:
            said = t("end.next_dealer_plain", name=voice.name(rot.seat))
        lines.append(Said(said, "bold"))
    if facts.over is not None:
        lines.append(Said(match_over(voice, facts.over), "bold"))
    return lines


def take_over(voice: Teller, n: int, attackers: str) -> str:
    """The attackers take the deal over, with the levels they gain (none: said so)."""
    key = "end.take_over_none" if n == 0 else "end.take_over"
    return voice.cat.t(key, n=n, attackers=attackers)


def _friend_lines(end: DealEnd, voice: Voice, result: rules.DealResult) -> list[Said]:
    """Find friends: who goes up (the dealer and the friend each their own gain),
    and at five seats how the dealer side's levels were shared (`friend_split`)."""
    t = voice.cat.t
    dealer = end.dealer if end.dealer is not None else 0
    friend = end.friend
    won_last = end.last_winner
    if result.attackers_take_over:
        attackers = [s for s in range(end.rules.players) if s not in end.dealer_side]
        return [Said(take_over(voice, result.attacker_levels, voice.team_name(attackers)))]
    d, f = result.dealer_side_levels, result.friend_levels
    if friend is None:
        return [Said(t("end.friend_alone", name=voice.name(dealer), n=d))]
    said = t("end.friend_hold", dealer=voice.name(dealer), friend=voice.name(friend), d=d, f=f)
    out = [Said(said)]
    if rules.five_player_table(end.rules):
        if won_last in (friend, dealer):
            who = "friend" if won_last == friend else "dealer"
            you = "_you" if won_last is not None and voice.is_you(won_last) else ""
            last = t(f"end.friend_last_{who}{you}", name=voice.name(won_last or 0))
        else:
            last = t("end.friend_last_attackers")
        key = f"end.friend_split_{end.rules.friend_split}"
        out.append(Said(t(key, n=d + f, last=last), "seat--dim"))
    return out


def _auction_lines(end: DealEnd, facts: EndFacts, voice: Voice) -> list[Said]:
    """The deal's end of an auction: the kitty, the dealer's (or the attackers')
    points against the bid, the settlement's lines (eighty points) or the
    levels gained (three players), the throw penalties, the match scores or
    levels, the next opener."""
    t = voice.cat.t
    rs = end.rules
    lines: list[Said] = []
    dealer = end.dealer
    name = voice.name(dealer) if dealer is not None else "?"
    if facts.revealed is not None:
        lines.append(_kitty_line(end, voice, facts.revealed, sort=True))
    rising = rs.bidding == "points_up"
    if rising:
        lines += _settlement(end, facts, voice, name)
    else:
        lines += _threshold(end, facts, voice, name)
    for e in facts.penalties:
        each = " ".join(f"{voice.name(s)} {signed(d)}" for s, d in enumerate(e.deltas) if d != 0)
        key = "end.auction_penalty_you" if voice.is_you(e.seat) else "end.auction_penalty"
        lines.append(Said(t(key, name=voice.name(e.seat), list=each)))
    sep = t("team.list_sep")
    if rising and end.match_scores is not None:
        scores = end.match_scores
        each = sep.join(f"{voice.name(s)} {signed(scores[s])}" for s in _order(end, voice))
        lines.append(Said(t("end.auction_scores", list=each), "bold"))
    elif not rising and end.levels is not None:
        levels = end.levels
        each = sep.join(f"{voice.name(s)} {levels[s]}" for s in _order(end, voice))
        lines.append(Said(t("end.levels_each", levels=each), "bold"))
    over = facts.over
    if over is not None:
        if rising:
            said = t("end.auction_match_scores", names=voice.team_name(over.winners))
        else:
            said = match_over(voice, over)
        lines.append(Said(said, "bold"))
    elif facts.opener is not None:
        seat = facts.opener.seat
        key = "end.auction_next_you" if voice.is_you(seat) else "end.auction_next"
        lines.append(Said(t(key, name=voice.name(seat))))
    return lines


def _settlement(end: DealEnd, facts: EndFacts, voice: Voice, name: str) -> list[Said]:
    t = voice.cat.t
    settled = facts.settled
    if settled is None:
        return []
    st = settled.settlement
    out = [Said(t("end.auction_kitty_void"), "seat--dim")]
    key = "end.auction_made" if st.made else "end.auction_missed"
    if end.forced:  # (nobody bid: "Everyone passed: Ken dealt at the minimum, 70, …")
        key += "_forced"
    diff = abs(st.dealer_points - st.bid)
    out.append(Said(t(key, name=name, bid=st.bid, points=st.dealer_points, n=diff), "bold"))
    amount = st.base + st.steps
    side = "end.auction_over" if st.made else "end.auction_under"
    said = t("end.auction_base", base=st.base, steps=st.steps, n=st.steps * 5)
    out.append(Said(said + (" " + t(side) if st.steps else "") + f" = {amount}"))
    for d in st.doublings:
        amount *= 2
        out.append(Said(t("end.auction_doubled", why=t("end.doubling." + d), n=amount)))
    each = abs(st.each)
    total = each * (end.rules.players - 1)
    key = "end.auction_each_pays" if st.made else "end.auction_dealer_pays"
    if voice.is_you(settled.dealer):
        key += "_you"
    out.append(Said(t(key, name=name, each=each, total=total), "bold"))
    return out


def _threshold(end: DealEnd, facts: EndFacts, voice: Voice, name: str) -> list[Said]:
    t = voice.cat.t
    out: list[Said] = []
    if facts.captured is not None:
        out.append(_captured(voice, facts.captured, facts.captured.seat))
    scored = facts.scored
    if scored is None:
        return out
    said = t(
        "end.auction_attackers",
        name=name,
        bid=end.bid,
        points=scored.attacker_points,
        parts=_points_parts(voice, scored),
    )
    out.append(Said(said, "bold"))
    r = scored.result
    if r.attackers_take_over:
        out.append(Said(t("end.auction_reached", n=r.attacker_levels)))
    else:
        you = end.dealer is not None and voice.is_you(end.dealer)
        key = "end.auction_held_you" if you else "end.auction_held"
        out.append(Said(t(key, name=name, n=r.dealer_side_levels)))
    out.extend(_level_ups(voice, facts, jack=False))
    return out
