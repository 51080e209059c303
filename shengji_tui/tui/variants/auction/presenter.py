"""The auction presets on the table screen (docs/rules.md §11-12), as props.

Pure, as `presenter.py` (which asks this module for the auction's parts): the
bidding panel (`panel`: every seat's call, whose call it is, the bids the
player may make with their keys, or the trump choices with the trumps each
would make, and what the hand is worth by the bots' estimate), the keys'
states, the centre's sentences around the auction (the shown kitty, the
overturn window), each seat's call on its panel, the status bar's match
points or levels and bid, and the score line against the bid (the deal's
result, the settlement's lines included, is text/dealend.py's).

Cards are made into chips by the presenter (`Chips`: its memo), so a card
looks the same here as everywhere on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .... import rules
from ....bots import TrumpWorth, best_worth, hand_worth
from ....engine import (
    AuctionWon,
    SeatView,
)
from ....rules import Card, RuleSet, Suit
from ....text import cell_len
from ...model import Model
from ...props import (
    AuctionProps,
    Cards,
    DeclareProps,
    Group,
    Line,
    Piece,
    ScoreProps,
    Words,
    plain,
)

PANEL_PHASES = frozenset({"bidding", "naming_trump"})  # the panel in the centre's place
SHOWN_KITTY_PHASES = frozenset({"bidding", "naming_trump", "burying", "overturning"})
LISTED = 5  # bids listed with a digit key (←→ reaches every other one)

# The auction's keys (screens/table_keys.py binds them): action -> what it does
KEY_ACTIONS = ("auction_move", "auction_bid", "auction_name", "auction_pass", "auction_option")
HIDDEN_KEYS: tuple[tuple[str, bool | None], ...] = tuple((k, False) for k in KEY_ACTIONS)


class Chips(Protocol):
    """What the presenter lends: cards as chips (its memo)."""

    def cards(self, m: Model, cards: Sequence[Card]) -> Cards: ...

    def glyphs(self, m: Model) -> dict[str, str]: ...

    def optional(self, line: Line, rank: int) -> Line: ...


def words(text: str, style: str = "") -> Line:
    return Line((Words(text),), style)


def room_width(m: Model) -> int | None:
    """The columns of the centre's box (None: not measured yet)."""
    return m.prefs.centre_room[0] if m.prefs.centre_room is not None else None


def packed(groups: Sequence[Group], sep: str, width: int | None) -> list[Piece]:
    """`groups` one after another, `sep` apart, on rows of `width` columns (a
    group is never cut in two; a row broken keeps the separator's mark at its
    end, "Ana 80 ·"; None: one row)."""
    out: list[Piece] = []
    mark = sep.rstrip()
    x = 0
    for k, g in enumerate(groups):
        w = cell_len(plain(g))
        tail = len(mark) if k < len(groups) - 1 else 0  # (room for the mark, if it breaks after)
        if out:
            if width is not None and x + len(sep) + w + tail > width:
                out.append(Words(mark + "\n"))
                x = 0
            else:
                out.append(Words(sep))
                x += len(sep)
        out.append(g)
        x += w
    return out


KEY_SEP = " · "


def key_hint(m: Model, text: str, style: str = "seat--dim") -> Line:
    """A key hint ("←→ move · space pick · enter bury · s hint") on rows of the
    centre's box: each key with its word (never "s" at a row's end and "hint"
    on the next), in ASCII mode with key names."""
    groups = [Group((Words(part),)) for part in m.prefs.ct.keys(text).split(KEY_SEP)]
    return Line(tuple(packed(groups, KEY_SEP, room_width(m))), style)


def is_auction(v: SeatView | None) -> bool:
    return v is not None and v.rules.bidding != "none"


def rising(rs: RuleSet) -> bool:
    return rs.bidding == "points_up"


def forced(v: SeatView) -> bool:
    """Every seat passed and the first to pass deals at the minimum (no bid made)."""
    return v.auction is not None and rules.auction_status(v.rules, v.auction).forced


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class AuctionPresenter:
    """The auction's props (see the module doc); one per `Presenter`, with a memo
    of the hand's estimate (the same hand and level give the same one)."""

    def __init__(self, chips: Chips) -> None:
        self.chips = chips
        self._worth: tuple[object, tuple[TrumpWorth, ...]] | None = None

    # ------------------------------------------------------------ reading
    def worth(self, m: Model) -> tuple[TrumpWorth, ...]:
        """The bots' estimate of the seat's cards with each trump choice: its hand
        and the shown kitty cards (the dealer's too), at the level it would play."""
        v = m.facts.view
        assert v is not None
        level = v.levels[v.seat] if v.phase == "bidding" else v.level
        cards = (*v.hand, *v.shown_kitty)
        key = (v.rules, level, cards)
        if self._worth is None or self._worth[0] != key:
            self._worth = (key, hand_worth(v.rules, level, cards))
        return self._worth[1]

    def estimate_line(self, m: Model, worth: TrumpWorth | None = None) -> Line | None:
        """ "Your hand: about 85 points as dealer with ♠ trump" (eighty points), or
        what the seat would concede as dealer (three players); None when hidden."""
        v = m.facts.view
        if v is None or not m.prefs.show_estimate or m.facts.spectating:
            return None
        rs = v.rules
        all_worth = self.worth(m)
        w = worth or best_worth(rs, all_worth)
        step = rs.bid_step
        pts = int(round(w.points / step) * step)
        pts = max(0, min(rs.total_points, pts))
        t = m.prefs.cat.t
        key = "auction.estimate_up" if rising(rs) else "auction.estimate_down"
        suit = (
            t("auction.with_suit", suit=m.prefs.ct.suit(w.suit)) if w.suit else t("auction.with_nt")
        )
        return words(t(key, points=pts, suit=suit), "seat--dim")

    def call_of(self, m: Model, st: rules.AuctionStatus, seat: int) -> tuple[int | None, str]:
        """A seat's place in the auction (`st`: the auction's status): its last bid
        (the points, and as text), passed, out, or nothing yet ("")."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        if seat in st.passed:
            return None, t("auction.passed")
        if seat in st.out:
            return None, t("auction.out")
        mine = [c.points for c in v.bids if c.seat == seat and c.points is not None]
        return (mine[-1], str(mine[-1])) if mine else (None, "")

    def calls_line(self, m: Model) -> Line:
        """Every seat's call, in play order from the opener, the seat whose call
        it is marked: "Ana 80 · Mei pass · ▶ You · Ken"."""
        v = m.facts.view
        assert v is not None and v.auction is not None
        n = v.rules.players
        st = rules.auction_status(v.rules, v.auction)
        turn = self.chips.glyphs(m)["turn"]
        calls: list[Group] = []
        for k in range(n):
            seat = (v.auction.opener + k) % n
            said = " ".join(x for x in (m.name(seat), self.call_of(m, st, seat)[1]) if x)
            call: tuple[Piece, ...] = (
                (Words(f"{turn} {said}", "seat--turn"),) if st.turn == seat else (Words(said),)
            )
            if not k:  # (the lead-in stays with the first call)
                call = (Words(lead_in(m.prefs.cat.t("auction.calls"))), *call)
            calls.append(Group(call))
        return Line(tuple(packed(calls, " · ", room_width(m))))  # (no call cut in two)

    def shown_kitty(self, m: Model) -> Line | None:
        v = m.facts.view
        if v is None or not v.shown_kitty:
            return None
        said = Words(lead_in(m.prefs.cat.t("auction.kitty_shown")))
        return Line((said, self.chips.cards(m, m.sorted_cards(v.shown_kitty))))

    # ------------------------------------------------------------ the panel
    def panel(self, m: Model) -> AuctionProps:
        v = m.facts.view
        if v is None or v.phase not in PANEL_PHASES or v.auction is None:
            return AuctionProps(False, "", (), HIDDEN_KEYS)
        if v.phase == "bidding":
            return self.bidding(m)
        return self.naming(m)

    def bidding(self, m: Model) -> AuctionProps:
        v = m.facts.view
        assert v is not None and v.auction is not None
        t = m.prefs.cat.t
        rs = v.rules
        up = rising(rs)
        title = t("auction.title_up" if up else "auction.title_down", start=rs.bid_start)
        # (a small centre may leave the calls out: each seat's panel shows its own)
        lines = [self.chips.optional(self.calls_line(m), 2)]
        st = rules.auction_status(rs, v.auction)
        mine = v.awaiting == m.me
        if mine:
            values = m.bid_values()
            chosen = m.chosen_bid()
            if st.high is None:
                head = t("auction.your_call_open" if up else "auction.your_call_open_down")
            else:
                key = "auction.your_call_above" if up else "auction.your_call_below"
                head = t(key, points=st.high.points)
            lines.append(words(head, "centre--prompt"))
            lines.append(self.bid_options(m, values, chosen))
            n = min(LISTED, len(values)) - (chosen not in values[:LISTED])
            keys = t("auction.bid_keys", points=chosen, n=n)  # (the key bar says them too)
            lines.append(self.chips.optional(key_hint(m, keys), 0))
        elif m.me in st.passed:
            lines.append(words(t("auction.you_passed"), "seat--dim"))
        elif m.me in st.out:
            lines.append(words(t("auction.you_out", points=rs.bid_start), "seat--dim"))
        elif v.awaiting is not None:
            said = t("auction.waiting", name=m.name(v.awaiting))
            lines.append(words(said, "seat--dim"))
        estimate = self.estimate_line(m)
        if estimate is not None:
            lines.append(estimate)
        kitty = self.shown_kitty(m)
        if kitty is not None:
            lines.append(kitty)
        if not mine:  # (the panel's title says it too)
            rule = words(t("auction.rule_up" if up else "auction.rule_down"), "seat--dim")
            lines.append(self.chips.optional(rule, 0))
        return AuctionProps(True, title, tuple(lines), self.keys(m))

    def bid_options(self, m: Model, values: Sequence[int], chosen: int | None) -> Line:
        """ "[1] 80  [2] 85 …": the next values with their digit keys, the
        highlighted one marked (at the end when it is further than those)."""
        pieces: list[Group] = []
        listed = list(values[:LISTED])
        beyond = chosen is not None and chosen not in listed
        if beyond:
            listed = listed[:-1]
        for i, points in enumerate(listed):
            chip = (Words(f"[{i + 1}] {points}"),)
            pieces.append(Group(chip, "card--cursor" if points == chosen else ""))
        if beyond:
            pieces.append(Group((Words(f"… {chosen}"),), "card--cursor"))
        return Line(tuple(packed(pieces, " ", room_width(m))))

    def naming(self, m: Model) -> AuctionProps:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        title = t("auction.title_naming")
        dealer = v.awaiting
        lines: list[Line] = []
        if dealer == m.me:
            forced = any(isinstance(e, AuctionWon) and e.forced for e in v.log)
            key = "auction.you_name_forced" if forced else "auction.you_name"
            lines.append(words(t(key, points=v.bid), "centre--prompt"))
            choices = m.trump_choices()
            counts = m.trump_counts()
            chosen = m.trump_index()
            lines.append(words(t("auction.trumps_made"), "seat--dim"))
            pieces: list[Group] = []
            for i, (suit, n) in enumerate(zip(choices, counts, strict=True)):
                label = m.prefs.ct.suit(suit)
                chip = (Words(f"[{i + 1}] {label} {n}"),)
                pieces.append(Group(chip, "card--cursor" if i == chosen else ""))
            # (on rows that fit the panel, never one cut inside a choice; five: 3 + 2)
            width = room_width(m)
            if len(choices) > 4:
                width = min(width or 99, sum(cell_len(plain(g)) + 2 for g in pieces[:3]) - 2)
            lines.append(Line(tuple(packed(pieces, "  ", width))))
            keys = t("auction.name_keys", suit=suit_label(m, choices[chosen]), n=len(choices))
            lines.append(self.chips.optional(key_hint(m, keys), 0))
            worth = self.worth(m)
            estimate = self.estimate_line(m, worth[chosen] if chosen < len(worth) else None)
            if estimate is not None:
                lines.append(estimate)
            if not v.rules.name_no_trump:  # (the choices say it too: no NT among them)
                lines.append(self.chips.optional(words(t("auction.no_nt"), "seat--dim"), 1))
        else:
            who = m.name(dealer) if dealer is not None else "?"
            lines.append(words(t("auction.naming", name=who, points=v.bid)))
            lines.append(self.calls_line(m))
        kitty = self.shown_kitty(m)
        if kitty is not None:
            lines.append(kitty)
        return AuctionProps(True, title, tuple(lines), self.keys(m))

    def keys(self, m: Model) -> tuple[tuple[str, bool | None], ...]:
        """The auction keys: ←→, enter and p on the seat's call (greyed while
        another seat calls); the digits all through the auction (hidden keys: a
        digit out of turn makes the call, and the engine says why it may not)."""
        a = m.allowed
        v = m.facts.view
        if a is None or v is None or v.phase not in PANEL_PHASES or m.facts.spectating:
            return HIDDEN_KEYS  # (a spectator calls nothing)
        bidding = v.phase == "bidding"
        grey: bool | None = None if a.waiting else False
        mine = a.my_turn
        return (
            ("auction_move", True if mine else grey),
            ("auction_bid", (True if mine else grey) if bidding else False),
            ("auction_name", False if bidding else (True if mine else grey)),
            ("auction_pass", (True if mine else grey) if bidding else False),
            ("auction_option", True),
        )

    # ------------------------------------------------------------ around the table
    def seat_pieces(self, m: Model, seat: int) -> tuple[Piece, ...]:
        """What a seat's panel says of it in the auction: its call (the winner's
        bid while it names trump)."""
        v = m.facts.view
        if v is None or v.auction is None or v.phase not in PANEL_PHASES:
            return ()
        t = m.prefs.cat.t
        if v.phase == "naming_trump":
            if seat == v.awaiting:
                return (Words(t("auction.seat_won", points=v.bid), "seat--win"),)
            return ()
        points, call = self.call_of(m, rules.auction_status(v.rules, v.auction), seat)
        if points is not None:
            return (Words(t("auction.seat_bid", points=points)),)
        return (Words(call, "seat--dim"),) if call else ()

    def centre(self, m: Model) -> list[Line] | None:
        """The centre's sentences in the auction presets' own moments (None: the
        presenter's own): the dealing (no declaring: an auction follows), and
        three players' overturn window and the shown kitty until play."""
        v = m.facts.view
        if not is_auction(v):
            return None
        assert v is not None
        t = m.prefs.cat.t
        if v.phase == "dealing":
            total = v.rules.hand_size * v.rules.players
            out = [words(t("centre.dealing", n=total - v.cards_left, total=total))]
            if m.facts.last_dealt is not None:  # (marked + in the hand: say so)
                got = self.chips.cards(m, [m.facts.last_dealt])
                mark = Words(t("centre.you_got_mark"), "seat--dim")
                out.append(Line((Words(t("centre.you_got") + " "), got, mark)))
            key = "auction.dealing_up" if rising(v.rules) else "auction.dealing_down"
            out.append(words(t(key), "seat--dim"))
            return out
        if v.phase != "overturning":
            return None
        out = [self.contract_line(m)]
        naming = self.naming_line(m)
        if naming is not None:
            out.append(naming)
        who = v.theft_turn
        if who == m.me:
            out.append(words(t("auction.your_overturn", n=v.rules.overturn_swap), "centre--prompt"))
        elif who is not None:
            out.append(words(t("auction.overturn_waiting", name=m.name(who)), "seat--dim"))
        kitty = self.shown_kitty(m)
        if kitty is not None:
            out.append(kitty)
        return out

    def contract_line(self, m: Model) -> Line:
        """ "Ana deals at 120 with ♠ trump"."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        who = m.name(v.dealer) if v.dealer is not None else "?"
        return words(t("auction.contract", name=who, points=v.bid, trump=self.trump_words(m)))

    @staticmethod
    def order(m: Model) -> list[int]:
        """Every seat in play order from the viewer (as the result's levels)."""
        return [m.seat_at(k) for k in range(m.players)]

    @staticmethod
    def trump_words(m: Model, short: bool = False) -> str:
        """ "trump ♠ spades" ("trump ♠" when `short`), or "no trump"."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        if v.trump_suit is None:
            return t("suit.no_trump")
        suit = m.prefs.ct.suit(v.trump_suit) if short else m.prefs.ct.suit_name(v.trump_suit)
        return t("status.trump", suit=suit)

    def naming_line(self, m: Model) -> Line | None:
        """Three players, from the naming to the first lead: the level cards the
        naming showed, what an overturn must beat (the standing one after an
        overturn), shown to everyone."""
        v = m.facts.view
        if v is None or not v.rules.overturn_swap or v.phase not in ("burying", "overturning"):
            return None
        st = v.standing
        if st is None:
            return None
        t = m.prefs.cat.t
        if not st.cards:
            key = "auction.naming_shows_none" + ("_you" if m.is_you(st.seat) else "")
            return words(t(key, name=m.name(st.seat)), "seat--dim")
        key = "auction.standing_you" if m.is_you(st.seat) else "auction.standing"
        said = t(key, name=m.name(st.seat)) + " "  # ("To beat: your 2♠ 2♠", not "You's")
        return Line((Words(said), self.chips.cards(m, st.cards)))

    def burying_extra(self, m: Model) -> list[Line]:
        """Three players: while the kitty is buried, the level cards the naming
        showed; the shown kitty cards stay on view."""
        v = m.facts.view
        if v is None or v.phase not in SHOWN_KITTY_PHASES:
            return []
        out = []
        naming = self.naming_line(m)
        if naming is not None:
            out.append(naming)
        kitty = self.shown_kitty(m)
        if kitty is not None:
            out.append(kitty)
        return out

    def playing_extra(self, m: Model) -> list[Line]:
        """Three players: the shown kitty cards stay on view through the deal
        (docs/rules.md §12: everyone saw them; the dealer took them with the kitty)."""
        v = m.facts.view
        if v is None or v.phase != "playing":
            return []
        kitty = self.shown_kitty(m)
        return [kitty._replace(style="seat--dim")] if kitty is not None else []

    def overturn_panel(self, m: Model) -> DeclareProps:
        """Three players' overturn window (反牌), on your turn: what you may overturn
        with (the rules' `overturn_options`), the keys, and pass."""
        t = m.prefs.cat.t
        opts = m.declare_options()
        lines: list[Line] = []
        if not opts:
            lines.append(words(t("auction.cannot_overturn"), "seat--dim"))
            keys = key_hint(m, t("auction.overturn_pass_key"))
            lines.append(self.chips.optional(keys, 0))  # (the key bar says it too)
            return DeclareProps(True, tuple(lines))
        pieces: list[Piece] = [Words(t("auction.can_overturn") + " ")]
        for i, o in enumerate(opts):
            if i:
                pieces.append(Words("  "))
            chip: tuple[Piece, ...] = (Words(f"[{i + 1}] "), self.chips.cards(m, o))
            pieces.append(Group(chip, "card--cursor" if i == m.cursor.decl_index else ""))
        lines.append(Line(tuple(pieces)))
        keys = key_hint(m, t("auction.overturn_keys"))
        lines.append(self.chips.optional(keys, 0))  # (the key bar says them too)
        return DeclareProps(True, tuple(lines))

    # ------------------------------------------------------------ status and score
    def status_parts(self, m: Model, narrow: bool = False) -> list[Line]:
        """Trump, the level (three players), the dealer and the bid, every seat's
        match points (eighty points) or level (three players; `narrow`: neither,
        the seat panels say them), the deal and trick."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        rs = v.rules
        parts: list[Line] = []
        if v.trump_set:  # (the glyph alone: the line holds every seat's score)
            parts.append(words(self.trump_words(m, short=True), "card--trump"))
        else:
            parts.append(words(t("auction.status_trump_later")))
        up = rising(rs)
        if not up and v.dealer is not None:  # (the dealer's; eighty points: always 2)
            parts.append(words(t("status.level", level=v.level)))
        if v.dealer is not None and v.bid is not None:
            key = "auction.status_dealer_forced" if forced(v) else "auction.status_dealer"
            parts.append(words(t(key, name=m.name(v.dealer), points=v.bid)))
        if up and not narrow:
            each = " ".join(f"{m.name(s)} {signed(v.match_scores[s])}" for s in self.order(m))
            parts.append(words(t("auction.status_scores", list=each)))
        elif not narrow:
            each = " ".join(f"{m.name(s)} {v.levels[s]}" for s in self.order(m))
            parts.append(words(t("auction.status_levels", list=each)))
        if rs.match_deals is not None:
            parts.append(words(t("auction.status_deal_of", n=v.deal_no + 1, total=rs.match_deals)))
        else:
            parts.append(words(t("status.deal", n=v.deal_no + 1)))
        if v.phase in ("playing", "scoring", "finished"):
            k = v.trick_no + (1 if v.phase == "playing" else 0)
            parts.append(words(t("status.trick", n=max(1, k))))
        return parts

    def score(self, m: Model) -> ScoreProps | None:
        """The score line once the bid is known: eighty points, the dealer's own
        points against the bid; three players, the attackers' against it (with
        what the next threshold brings). None: the presenter's own."""
        v = m.facts.view
        if not is_auction(v):
            return None
        assert v is not None
        t = m.prefs.cat.t
        bid, dealer = v.bid, v.dealer
        if bid is None or dealer is None or not v.dealer_side:
            return ScoreProps(words(t("auction.score_no_bid")), Line(()), None)
        rs = v.rules
        if rising(rs):
            pts = v.points_by_seat[dealer]
            left = t("auction.score_dealer", name=m.name(dealer), points=pts, bid=bid)
            fewer: tuple[Line, ...] = ()
            if pts >= bid:
                st = rules.settle_eighty_points(bid, pts)
                right = t("auction.score_made", each=st.each)
                fewer = (words(t("auction.score_made_short", each=st.each)),)
            else:
                right = t("auction.score_to_make", bid=bid, n=bid - pts)
            return ScoreProps(words(left, "bold"), words(right), (bid, min(pts, bid)), fewer)
        pts = m.attacker_points()
        left = t("auction.score_attackers", points=pts, bid=bid)
        # the next thresholds that change the outcome (not the zero score's, 0 -> 5)
        step = rs.bid_step  # (points come in fives)
        ahead: list[str] = []
        was = rules.deal_result(rs, pts, bid=bid)
        for p in range(pts - pts % step + step, rs.total_points + 1, step):
            r = rules.deal_result(rs, p, bid=bid)
            if (r.attacker_levels, r.dealer_side_levels) != (
                was.attacker_levels,
                was.dealer_side_levels,
            ):
                if p > step:
                    ahead.append(t("auction.score_at", points=p, what=self.outcome(m, r)))
                was = r
            if len(ahead) == 2:
                break
        right = " · ".join(ahead) if ahead else t("score.top")
        fewer = (words(ahead[0]),) if len(ahead) > 1 else ()  # (the next threshold alone)
        return ScoreProps(words(left, "bold"), words(right), (bid, min(pts, bid)), fewer)

    def outcome(self, m: Model, r: rules.DealResult) -> str:
        t = m.prefs.cat.t
        if r.attackers_take_over or r.attacker_levels:
            return t("auction.outcome_attackers", n=r.attacker_levels)
        return t("auction.outcome_dealer", n=r.dealer_side_levels)


def help_lines(m: Model, rs: RuleSet) -> list[str]:
    """The help screen's section on the auction presets: the keys, the estimate's
    setting, the auction, naming trump, the overturn and the scoring."""
    t = m.prefs.cat.t
    top = rules.bid_limits(rs)[1]
    out = [f"## {t('auction.help.title')}", ""]
    out.append(f"- {m.prefs.ct.keys(t('auction.help.keys'))}")
    out.append(f"- {t('auction.help.estimate')}")
    common = {"start": rs.bid_start, "step": rs.bid_step, "kitty": rs.kitty_size, "top": top}
    if rising(rs):
        out.append(f"- {t('auction.help.up', **common)}")
        out.append(f"- {t('auction.help.up_score')}")
        deals = rs.match_deals or 1
        out.append(f"- {t('auction.help.up_throw', n=rs.throw_penalty_amount, deals=deals)}")
    else:
        out.append(f"- {t('auction.help.down', shown=rs.kitty_shown, **common)}")
        if rs.overturn_swap:
            out.append(f"- {t('auction.help.overturn', n=rs.overturn_swap)}")
        out.append(f"- {t('auction.help.down_score', n=rs.throw_trick_limit or 0)}")
    return out


def lead_in(text: str) -> str:
    """A label before what it names: "Calls: …", "叫分：…" (no space after a
    full-width colon)."""
    return text if text.endswith("：") else text + " "


def suit_label(m: Model, suit: Suit | None) -> str:
    """A trump choice in short: its glyph (letter), or "no trump"."""
    return m.prefs.ct.suit(suit) if suit is not None else m.prefs.cat.t("suit.no_trump")
