"""The auction's choices of the shown seat (docs/rules.md §11-12), for `Model`.

While bidding, the values a seat may bid are the rules' (`rules.bid_options`
for the seat whose call it is, a `range`, so a key costs the same whatever
`bid_start` is: `rules.nearest_bid` and index arithmetic, never a list; they
depend only on the standing bid, so every seat sees the same list and a key
pressed out of turn still makes a bid the engine can refuse with its sentence);
the player's highlighted bid is kept as its points (it stays on the same value
while others bid, or moves to the nearest one still allowed). While naming
trump, the choices are the four suits and, where the rules allow it,
no-trump; the highlighted one is kept by its index. The hand's estimate (the
bots' `hand_worth`) can be hidden.

`AuctionChoices` is a mixin of `Model`: the named actions here (`pick_auction_choice`,
`set_estimate`) end, like the model's own, by telling its observers. No
Textual here.
"""

from __future__ import annotations

from .... import rules
from ....engine import Bid, Command, NameTrump, PassBid, SeatView
from ....rules import Suit
from ...records import Cursor, Prefs, TableFacts

AUCTION_PHASES = frozenset({"bidding", "naming_trump"})


class AuctionChoices:
    """The auction's part of the model: see the module doc."""

    facts: TableFacts  # the view and the seat shown
    prefs: Prefs  # show_estimate: the hand's estimate in the bidding panel
    # cursor.bid_pick: the highlighted bid's points (None: the nearest allowed);
    # cursor.trump_pick: the highlighted trump choice (None: the one making most trumps)
    cursor: Cursor

    def _changed(self) -> None:
        raise NotImplementedError  # (the model's)

    # ----------------------------------------------------------- reading
    def bid_values(self) -> range:
        """The bids that may be made now, the nearest to the standing one first
        (empty outside bidding): a `range`, so every question below costs the
        same however many bids there are."""
        v = self.facts.view
        if v is None or v.phase != "bidding" or v.auction is None or v.awaiting is None:
            return range(0)
        return rules.bid_options(v.rules, v.auction, v.awaiting)

    def chosen_bid(self) -> int | None:
        """The highlighted bid: the one picked if still allowed, else the allowed
        value nearest to it (the nearest to the standing bid at first)."""
        values = self.bid_values()
        if not values:
            return None
        pick = self.cursor.bid_pick
        if pick is None:
            return values[0]
        return rules.nearest_bid(values, pick)

    def trump_choices(self) -> list[Suit | None]:
        """What the auction's winner may name: the suits, then no-trump if allowed."""
        v = self.facts.view
        if v is None:
            return []
        out: list[Suit | None] = list(rules.SUITS)
        if v.rules.name_no_trump:
            out.append(None)
        return out

    def trump_counts(self) -> list[int]:
        """How many of the seat's cards each trump choice would make trumps (its
        hand, and three players' shown kitty cards, which the dealer takes)."""
        v = self.facts.view
        if v is None:
            return []
        cards = [*v.hand, *v.shown_kitty]
        level = v.levels[v.seat] if v.phase == "bidding" else v.level
        out = []
        for suit in self.trump_choices():
            ctx = rules.TrumpContext(level, suit)
            out.append(sum(1 for c in cards if rules.is_trump(v.rules, ctx, c)))
        return out

    def trump_index(self) -> int:
        """The highlighted choice's index (at first, the one making most trumps)."""
        n = len(self.trump_choices())
        if self.cursor.trump_pick is not None:
            return max(0, min(self.cursor.trump_pick, n - 1))
        counts = self.trump_counts()
        return counts.index(max(counts)) if counts else 0

    def chosen_trump(self) -> Suit | None:
        choices = self.trump_choices()
        return choices[self.trump_index()] if choices else None

    # ----------------------------------------------------------- commands
    def bid_command(self, index: int | None = None) -> Command | None:
        """A bid of the highlighted value (or of the `index`-th allowed one)."""
        v = self.facts.view
        if v is None or v.phase != "bidding":
            return None
        if index is None:
            points = self.chosen_bid()
        else:
            values = self.bid_values()
            points = values[index] if 0 <= index < len(values) else None
        return None if points is None else Bid(seat=self.facts.seat, points=points)

    def pass_command(self) -> Command | None:
        v = self.facts.view
        return PassBid(seat=self.facts.seat) if v is not None and v.phase == "bidding" else None

    def naming_command(self, index: int | None = None) -> Command | None:
        """Name the highlighted trump (or the `index`-th choice)."""
        v = self.facts.view
        choices = self.trump_choices()
        if v is None or v.phase != "naming_trump" or not choices:
            return None
        if index is None:
            return NameTrump(seat=self.facts.seat, suit=self.chosen_trump())
        if not 0 <= index < len(choices):
            return None
        return NameTrump(seat=self.facts.seat, suit=choices[index])

    # ----------------------------------------------------------- the player's actions
    def pick_auction_choice(self, step: int) -> None:
        """← →: the next (1) or the previous (-1) bid or trump choice. A rising
        auction's next bid is higher, a falling one's lower: the list's order."""
        v = self.facts.view
        if v is not None and v.phase == "bidding":
            values = self.bid_values()
            chosen = self.chosen_bid()
            if values and chosen is not None:
                i = values.index(chosen)
                self.cursor.bid_pick = values[max(0, min(i + step, len(values) - 1))]
        elif v is not None and v.phase == "naming_trump":
            n = len(self.trump_choices())
            if n:
                self.cursor.trump_pick = (self.trump_index() + step) % n
        self._changed()

    def set_estimate(self, show: bool) -> None:
        """Show the hand's estimate in the bidding panel, or hide it."""
        self.prefs.show_estimate = show
        self._changed()

    def _forget_auction_choices(self, old: SeatView | None, new: SeatView) -> None:
        """A new auction (or another seat shown): the highlights start again."""
        if old is None or old.deal_no != new.deal_no or old.seat != new.seat:
            self.cursor.bid_pick = None
            self.cursor.trump_pick = None
        elif old.phase != new.phase and new.phase == "naming_trump":
            self.cursor.trump_pick = None
