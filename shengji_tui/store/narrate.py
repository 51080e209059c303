"""A recorded game told as plain text, trick by trick (`shengji replay ID`).

Cards are written in the ASCII notation of the rules module (`S10`, `HA`,
`BJ`); seats by their players' names. One line per trick:

    deal 3: dealer Ana, trump H level 5
      trick 1: Ana leads S10 S10, Bo S3 S4, Cy SK SK, Di S5 S6; Cy wins 30 points
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.events import (
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    CardDealt,
    DealerChosen,
    DealerRotated,
    DealingDone,
    DealScored,
    DealSettled,
    DealStarted,
    DeclarationsRevealed,
    Declared,
    Event,
    FriendCalled,
    FriendRevealed,
    JackRule,
    KittyBuried,
    KittyCaptured,
    KittyFlipped,
    KittyRevealed,
    KittyShown,
    KittyTaken,
    LevelUp,
    MatchOver,
    Played,
    PlayStarted,
    Redealt,
    StealPassed,
    ThrowFailed,
    ThrowPenalty,
    TrickWon,
    TrumpNamed,
    TrumpSet,
)
from ..rules import Card, RuleSet, Suit, TrumpContext, format_cards, sort_hand

_DOUBLINGS = {"big_bid": "a bid of 100 or more", "zero": "a score of 0", "sweep": "every trick"}


def _cards(cards: Iterable[Card]) -> str:
    text = format_cards(cards)
    return text if text else "nothing"


def _friend_call(rules: RuleSet, e: FriendCalled) -> str:
    if rules.friend_rule == "holder":
        return f"whoever holds {e.card}"
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(e.nth, f"{e.nth}th")
    return f"whoever plays the {nth} {e.card}"


def _trump(suit: Suit | None, level: str) -> str:
    return f"no trump, level {level}" if suit is None else f"trump {suit.value} level {level}"


class _Narrator:
    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        self.rules = rules
        self.names = list(names)
        self.lines: list[str] = []
        self.pending: list[str] = []  # lines of a deal before its trump is known
        self.deal_no = 0
        self.level = rules.levels[0]
        self.dealer: int | None = None
        self.hands: dict[int, list[Card]] = {}
        self.trick: list[str] = []
        self.throw = ""  # a failed throw, told with the lead it forced
        self.header_done = False
        self.dealt_shown = False

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"seat {seat + 1}"

    def group(self, seats: Iterable[int]) -> str:
        return " and ".join(self.name(s) for s in seats)

    def say(self, line: str) -> None:
        (self.lines if self.header_done else self.pending).append(line)

    def show_hands(self, suit: Suit | None) -> None:
        if self.dealt_shown or not self.hands:
            return
        self.dealt_shown = True
        ctx = TrumpContext(self.level, suit)
        for seat in sorted(self.hands):
            hand = sort_hand(self.rules, ctx, self.hands[seat])
            self.lines.append(f"  {self.name(seat)} was dealt {_cards(hand)}")

    def event(self, e: Event) -> None:
        if isinstance(e, DealStarted):
            self.deal_no, self.level, self.dealer = e.deal_no, e.level, e.dealer
            self.hands, self.pending, self.trick = {}, [], []
            self.header_done = self.dealt_shown = False
        elif isinstance(e, Redealt):
            why = "everyone passed" if self.rules.bidding != "none" else "nobody declared"
            self.lines.append(
                f"deal {self.deal_no + 1}: {why}; the cards are shuffled and dealt again"
            )
        elif isinstance(e, KittyShown):
            self.say(f"  the kitty shows {_cards(e.cards)}")
        elif isinstance(e, AuctionStarted):
            self.say(f"  {self.name(e.opener)} opens the auction")
        elif isinstance(e, BidMade):
            out = f" ({self.name(e.out)} is out)" if e.out is not None else ""
            self.say(f"  {self.name(e.seat)} bids {e.points}{out}")
        elif isinstance(e, BidPassed):
            self.say(f"  {self.name(e.seat)} passes")
        elif isinstance(e, AuctionWon):
            self.dealer = e.seat
            how = "everyone passed, so the first to pass deals" if e.forced else "wins"
            self.say(f"  {self.name(e.seat)} {how} at {e.points}")
        elif isinstance(e, TrumpNamed):
            self.trump_named(e)
        elif isinstance(e, DealSettled):
            st = e.settlement
            reasons = [_DOUBLINGS[d] for d in st.doublings]
            doubled = f", doubled for {' and '.join(reasons)}" if reasons else ""
            verdict = "makes" if st.made else "misses"
            pays = "each pays the dealer" if st.each >= 0 else "the dealer pays each"
            self.say(
                f"  {self.name(e.dealer)} {verdict} the bid of {st.bid} with "
                f"{st.dealer_points}: {pays} {abs(st.each)}{doubled}; match scores "
                + ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(e.scores))
            )
        elif isinstance(e, CardDealt):
            if e.card is not None:
                self.hands.setdefault(e.seat, []).append(e.card)
        elif isinstance(e, DealingDone):
            pass
        elif isinstance(e, Declared):
            if e.steal and self.rules.overturn_swap:
                self.say(f"  {self.name(e.seat)} overturns with {_cards(e.cards)}")
            elif e.steal:
                self.say(f"  {self.name(e.seat)} steals the kitty with {_cards(e.cards)}")
            else:
                hidden = " (face down)" if e.hidden else ""
                self.say(f"  {self.name(e.seat)} declares {_cards(e.cards)}{hidden}")
        elif isinstance(e, DeclarationsRevealed):
            if e.standing is not None:
                who = self.name(e.seats[e.standing])
                self.say(f"  the declarations are shown: {who}'s stands")
        elif isinstance(e, KittyFlipped):
            self.say(f"  nobody declared: the kitty is turned over: {_cards(e.cards)}")
        elif isinstance(e, DealerChosen):
            self.dealer = e.seat
        elif isinstance(e, TrumpSet):
            self.trump_set(e)
        elif isinstance(e, KittyTaken):
            self.say(f"  {self.name(e.seat)} takes the kitty: {_cards(e.cards)}")
        elif isinstance(e, KittyBuried):
            self.say(f"  {self.name(e.seat)} buries {_cards(e.cards)}")
        elif isinstance(e, StealPassed):
            what = "overturn" if self.rules.overturn_swap else "steal the kitty"
            self.say(f"  {self.name(e.seat)} does not {what}")
        elif isinstance(e, FriendCalled):
            self.say(f"  {self.name(e.seat)} calls the friend: {_friend_call(self.rules, e)}")
        elif isinstance(e, FriendRevealed):
            what = "has no friend and plays alone" if e.alone else "is the dealer's friend"
            if self.trick:  # told with the play that revealed it
                self.trick[-1] += f" ({self.name(e.seat)} {what})"
            else:
                self.say(f"  {self.name(e.seat)} {what}")
        elif isinstance(e, PlayStarted):
            if self.rules.partnership == "find_friends":  # the side is not known yet
                self.say(f"  {self.name(e.leader)} leads the first trick")
            else:
                self.say(
                    f"  {self.name(e.leader)} leads the first trick; dealer side "
                    f"{self.group(e.dealer_side)}"
                )
        elif isinstance(e, ThrowFailed):
            penalty = ""
            plural = "" if e.penalty == 1 else "s"
            if e.penalty_kind == "points" and e.penalty:
                penalty = f", a penalty of {e.penalty} point{plural}"
            elif e.penalty_kind == "match_score" and e.penalty:
                penalty = f", a penalty of {e.penalty} match point{plural}"
            reason = f" ({e.reason})" if e.reason else ""
            self.throw = f"tries to throw {_cards(e.tried)} but fails{reason}{penalty}, and "
        elif isinstance(e, ThrowPenalty):
            gains = [s for s, d in enumerate(e.deltas) if d > 0]
            self.throw = self.throw.removesuffix(", and ") + f" paid to {self.group(gains)}, and "
        elif isinstance(e, Played):
            if e.lead:
                note, self.throw = self.throw, ""
                self.trick.append(f"{self.name(e.seat)} {note}leads {_cards(e.cards)}")
            else:
                self.trick.append(f"{self.name(e.seat)} {_cards(e.cards)}")
        elif isinstance(e, TrickWon):
            plays = ", ".join(self.trick)
            pts = f"{e.points} point" + ("" if e.points == 1 else "s")
            self.say(f"  trick {e.trick_no}: {plays}; {self.name(e.seat)} wins {pts}")
            self.trick = []
        elif isinstance(e, KittyRevealed):
            self.say(
                f"  the kitty buried by {self.name(e.seat)}: {_cards(e.cards)} ({e.points} points)"
            )
        elif isinstance(e, KittyCaptured):
            self.say(
                f"  {self.name(e.seat)} captures the kitty: {e.points} points x {e.multiplier}"
                f" = {e.total}"
            )
        elif isinstance(e, DealScored):
            self.scored(e)
        elif isinstance(e, LevelUp):
            self.say(
                f"  {self.group(e.seats)} go up {e.gain} level{'s' if e.gain != 1 else ''}: "
                f"{e.old_level} -> {e.new_level}"
            )
        elif isinstance(e, JackRule):
            self.say(
                f"  jack rule: {self.group(e.seats)} go back from {e.old_level} to {e.new_level}"
            )
        elif isinstance(e, DealerRotated):
            self.say(f"  next dealer: {self.name(e.seat)}")
        elif isinstance(e, MatchOver):
            self.lines.append(f"match over: {self.group(e.winners)} win at level {e.level}")

    def trump_set(self, e: TrumpSet) -> None:
        if e.reason == "steal":
            self.say(f"  now {_trump(e.trump_suit, e.level)}")
            return
        dealer = self.name(self.dealer)
        how = {
            "declaration": f"declared by {self.name(e.seat)}",
            "flip": "from the turned-over kitty",
            "no_trump": "nobody declared",
            "spades": "nobody declared",
        }[e.reason]
        self.lines.append(
            f"deal {self.deal_no + 1}: dealer {dealer}, {_trump(e.trump_suit, e.level)} ({how})"
        )
        self.header_done = True
        self.show_hands(e.trump_suit)
        self.lines.extend(self.pending)
        self.pending = []

    def trump_named(self, e: TrumpNamed) -> None:
        shown = f", showing {_cards(e.cards)}" if e.cards else ""
        self.level = e.level
        self.lines.append(
            f"deal {self.deal_no + 1}: dealer {self.name(e.seat)}, "
            f"{_trump(e.suit, e.level)} (named{shown})"
        )
        self.header_done = True
        self.show_hands(e.suit)
        self.lines.extend(self.pending)
        self.pending = []

    def scored(self, e: DealScored) -> None:
        parts = [f"tricks {e.trick_points}"]
        if e.kitty_points:
            parts.append(f"kitty {e.kitty_points}")
        if e.penalty_points:
            parts.append(f"penalties {e.penalty_points:+d}")
        r = e.result
        if self.rules.bidding == "points_up":  # the settlement line follows
            self.say(f"  the attackers take {e.trick_points} (the kitty counts for nobody)")
            return
        if self.rules.bidding == "threshold_down":
            who, gain = (
                ("each attacker goes", r.attacker_levels)
                if r.attackers_take_over
                else ("the dealer goes", r.dealer_side_levels)
            )
            self.say(
                f"  the attackers score {e.attacker_points} ({', '.join(parts)}) against "
                f"the bid: {who} up {gain} level{'s' if gain != 1 else ''}"
            )
            return
        if r.attackers_take_over:
            gain = r.attacker_levels
            outcome = "the attackers take over" + (
                f" and go up {gain} level{'s' if gain != 1 else ''}" if gain else ""
            )
        elif r.friend_levels and r.friend_levels != r.dealer_side_levels:
            # five-player find friends: the dealer and the friend share the levels
            outcome = (
                f"the dealer side holds: the dealer goes up {r.dealer_side_levels}, "
                f"the friend {r.friend_levels}"
            )
        else:
            gain = r.dealer_side_levels
            outcome = "the dealer side holds" + (
                f" and goes up {gain} level{'s' if gain != 1 else ''}" if gain else ""
            )
        self.say(f"  the attackers score {e.attacker_points} ({', '.join(parts)}): {outcome}")

    def finish(self) -> list[str]:
        if self.trick:
            self.say(f"  trick in progress: {', '.join(self.trick)}")
        if self.pending:
            self.lines.append(f"deal {self.deal_no + 1} (level {self.level}), still being dealt")
            self.lines.extend(self.pending)
        return self.lines


def narrate(
    rules: RuleSet,
    names: Sequence[str],
    events: Iterable[Event],
    *,
    title: str | None = None,
) -> str:
    """The game as text: one header per deal, one line per trick."""
    n = _Narrator(rules, names)
    if title:
        n.lines.append(title)
    for e in events:
        n.event(e)
    return "\n".join(n.finish()) + "\n"
