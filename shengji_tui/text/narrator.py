"""One sentence per engine event, from the text catalogue: the TUI's game log
and `shengji replay` tell a game with the same `Narrator`.

The TUI feeds it the events a seat (or, at a hotseat table, a spectator) may
see as they come; `narrate_game` feeds it a stored game's whole log (every
event, the hands dealt included) and lays the sentences out deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .. import rules
from ..engine import (
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    CardDealt,
    DealerChosen,
    DealingDone,
    DealStarted,
    DeclarationsRevealed,
    Declared,
    Event,
    FriendCalled,
    FriendRevealed,
    KittyBuried,
    KittyFlipped,
    KittyShown,
    KittyTaken,
    Played,
    PlayStarted,
    Redealt,
    StealPassed,
    StealTurn,
    ThrowFailed,
    ThrowPenalty,
    TrickWon,
    TrumpNamed,
    TrumpSet,
)
from ..rules import Card, RuleSet, Suit, TrumpContext
from ..table.notes import AutoNote, ChatNote, Note, TimeoutNote
from .cards import CardText, describe_lead, play_verb
from .dealend import END_EVENTS, log_line
from .i18n import Catalogue
from .teams import team_name

PENALTY_KEYS = {
    "points": "log.throw_penalty_points",
    "match_score": "log.throw_penalty_match_score",
}


class Narrator:
    """One sentence per engine event (None for events not worth a line)."""

    def __init__(
        self,
        cat: Catalogue,
        ct: CardText,
        name: Callable[[int], str],
        team_name: Callable[[Sequence[int]], str],
        is_you: Callable[[int], bool] = lambda seat: False,
    ) -> None:
        self.cat = cat
        self.ct = ct
        self.name = name
        self.team_name = team_name
        self.is_you = is_you
        self._standing_seat: int | None = None
        self._lead: tuple[Card, ...] = ()

    def _t(self, key: str, seat: int | None, **kw: object) -> str:
        """`key`, or its second-person form `key_you` when `seat` is the player."""
        if seat is not None and self.is_you(seat) and self.cat.has(key + "_you"):
            key += "_you"
        return self.cat.t(key, **kw)

    def note(self, n: Note) -> str:
        """What the table said beside the game (chat, a timeout, 托管), one sentence."""
        t = self.cat.t
        if isinstance(n, ChatNote):
            key = "note.chat" if n.seat is not None else "note.chat_watching"
            return t(key, name=n.name, text=n.text)
        you = self.is_you(n.seat)
        if isinstance(n, TimeoutNote):
            move_key = f"note.move.{n.command}"
            move = t(move_key if self.cat.has(move_key) else "note.move.other")
            key = "note.timeout_you" if you else "note.timeout"
            return t(key, name=n.name, move=move, n=n.timeouts)
        assert isinstance(n, AutoNote)
        key = "note.auto_on" if n.on else "note.auto_off"
        return t(key + ("_you" if you else ""), name=n.name, n=n.timeouts)

    def sentence(self, e: Event, rs: RuleSet, ctx: TrumpContext) -> str | None:
        t = self.cat.t
        ty = self._t
        cs = self.ct.cards
        if isinstance(e, DealStarted):
            self._standing_seat = None
            if e.dealer is None:
                key = (
                    "log.deal_started_auction" if rs.bidding != "none" else "log.deal_started_first"
                )
                return t(key, n=e.deal_no + 1, level=e.level)
            return ty(
                "log.deal_started",
                e.dealer,
                n=e.deal_no + 1,
                dealer=self.name(e.dealer),
                level=e.level,
            )
        if isinstance(e, CardDealt):
            return None
        if isinstance(e, Redealt):
            return t("log.redealt_auction" if rs.bidding != "none" else "log.redealt")
        if isinstance(e, KittyShown):  # (sorted, as the centre shows them)
            return t(
                "log.kitty_shown", cards=cs(rules.sort_hand(rs, ctx, e.cards))
            )  # as the centre
        if isinstance(e, AuctionStarted):
            return ty("log.auction_started", e.opener, name=self.name(e.opener))
        if isinstance(e, BidMade):
            if e.out is not None:
                out = self.name(e.out)
                return ty("log.bid_out", e.seat, name=self.name(e.seat), points=e.points, out=out)
            return ty("log.bid", e.seat, name=self.name(e.seat), points=e.points)
        if isinstance(e, BidPassed):
            return ty("log.bid_passed", e.seat, name=self.name(e.seat))
        if isinstance(e, AuctionWon):
            key = "log.auction_forced" if e.forced else "log.auction_won"
            return ty(key, e.seat, name=self.name(e.seat), points=e.points)
        if isinstance(e, TrumpNamed):  # (three players: with the level cards it shows)
            shows = t("log.trump_named_shows", cards=cs(e.cards)) if e.cards else ""
            if e.suit is None:
                return ty("log.trump_named_nt", e.seat, name=self.name(e.seat)) + shows
            suit = self.ct.suit_name(e.suit)
            return ty("log.trump_named", e.seat, name=self.name(e.seat), suit=suit) + shows
        if isinstance(e, FriendCalled):
            card = self.ct.card(e.card)
            key = "log.friend_called" if rs.friend_rule == "holder" else "log.friend_called_nth"
            return ty(key, e.seat, name=self.name(e.seat), card=card, n=e.nth)
        if isinstance(e, FriendRevealed):
            key = "log.friend_alone" if e.alone else "log.friend_revealed"
            return ty(key, e.seat, name=self.name(e.seat))
        if isinstance(e, ThrowPenalty):
            gains = [s for s, d in enumerate(e.deltas) if d > 0]
            return t("log.throw_penalty_paid", names=self.team_name(gains))
        if isinstance(e, Declared):
            if e.steal and rs.overturn_swap:
                key = "log.overturned"
            elif e.steal:
                key = "log.stole"
            elif self._standing_seat is None:
                key = "log.declared"
            elif self._standing_seat == e.seat:
                key = "log.reinforced"
            else:
                key = "log.overturned"
            self._standing_seat = e.seat
            return ty(key, e.seat, name=self.name(e.seat), cards=cs(e.cards))
        if isinstance(e, DeclarationsRevealed):
            parts = [f"{self.name(s)} {cs(c)}" for s, c in zip(e.seats, e.cards, strict=False)]
            return t("log.declarations_revealed", list="; ".join(parts))
        if isinstance(e, DealingDone):
            return t("log.dealing_done")
        if isinstance(e, KittyFlipped):
            return t("log.kitty_flipped", cards=cs(e.cards))
        if isinstance(e, DealerChosen):
            return ty("log.dealer_chosen", e.seat, name=self.name(e.seat))
        if isinstance(e, TrumpSet):
            if e.trump_suit is None:
                return t("log.trump_set_nt", level=e.level)
            return t("log.trump_set", suit=self.ct.suit_name(e.trump_suit), level=e.level)
        if isinstance(e, KittyTaken):
            return ty("log.kitty_taken", e.seat, name=self.name(e.seat), count=e.count)
        if isinstance(e, KittyBuried):
            return ty("log.kitty_buried", e.seat, name=self.name(e.seat), count=e.count)
        if isinstance(e, StealTurn):  # (three players: the overturn window, 反牌)
            key = "log.overturn_turn" if rs.overturn_swap else "log.steal_turn"
            return ty(key, e.seat, name=self.name(e.seat))
        if isinstance(e, StealPassed):
            key = "log.overturn_passed" if rs.overturn_swap else "log.steal_passed"
            return ty(key, e.seat, name=self.name(e.seat))
        if isinstance(e, PlayStarted):
            return ty("log.play_started", e.leader, name=self.name(e.leader))
        if isinstance(e, ThrowFailed):
            line = t(
                "log.throw_failed",
                name=self.name(e.seat),
                tried=cs(e.tried),
                forced=cs(e.forced),
            )
            penalty = PENALTY_KEYS.get(e.penalty_kind)
            if e.penalty and penalty:
                line += " " + t(penalty, n=e.penalty)
            return line
        if isinstance(e, Played):
            if e.lead:
                self._lead = e.cards
                return ty(
                    "log.led",
                    e.seat,
                    name=self.name(e.seat),
                    cards=cs(e.cards),
                    shape=describe_lead(self.cat, rs, ctx, e.cards),
                )
            verb = play_verb(rs, ctx, self._lead, e.cards)
            return ty("log." + verb, e.seat, name=self.name(e.seat), cards=cs(e.cards))
        if isinstance(e, TrickWon):
            if e.points:
                return ty(
                    "log.trick_won_points",
                    e.seat,
                    name=self.name(e.seat),
                    n=e.trick_no,
                    points=e.points,
                )
            return ty("log.trick_won", e.seat, name=self.name(e.seat), n=e.trick_no)
        if isinstance(e, END_EVENTS):  # the deal's end: its words are dealend.py's
            return log_line(e, rs, self)
        return None


def narrate_game(
    rs: RuleSet,
    names: Sequence[str],
    events: Iterable[Event],
    cat: Catalogue,
    *,
    ascii: bool = True,
) -> list[str]:
    """A whole recorded game (every event, as the store holds them), one line per
    sentence: each deal's first line unindented, the rest indented; the hands
    dealt are told once trump is known, sorted for it. ASCII card notation by
    default (`S10`, `HA`, `BJ`), as the rules module writes cards."""
    ct = CardText(cat, ascii)

    def name(seat: int) -> str:
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return cat.t("seat.default_name", n=seat + 1)

    def team(seats: Sequence[int]) -> str:
        return team_name(cat, [name(s) for s in seats])

    narrator = Narrator(cat, ct, name, team)
    lines: list[str] = []
    level = rs.levels[0]
    trump: Suit | None = None
    hands: dict[int, list[Card]] = {}
    for e in events:
        if isinstance(e, DealStarted):
            level, trump, hands = e.level, None, {}
        elif isinstance(e, Redealt):
            hands = {}
        elif isinstance(e, CardDealt) and e.card is not None:
            hands.setdefault(e.seat, []).append(e.card)
        elif isinstance(e, TrumpSet):
            level, trump = e.level, e.trump_suit
        elif isinstance(e, TrumpNamed):  # an auction's dealer names trump
            level, trump = e.level, e.suit
        ctx = TrumpContext(level, trump)
        said = narrator.sentence(e, rs, ctx)
        if said:
            lines.append(said if isinstance(e, DealStarted) else "  " + said)
        named = isinstance(e, TrumpNamed) or (isinstance(e, TrumpSet) and e.reason != "steal")
        if named and hands:
            for seat in sorted(hands):
                held = ct.cards(rules.sort_hand(rs, ctx, hands[seat]))
                lines.append("  " + cat.t("log.dealt", name=name(seat), cards=held))
            hands = {}
    return lines
