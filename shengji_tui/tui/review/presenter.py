"""A deal's review as props: every hand as dealt, the kitty, how the deal was
set up (three players' shown kitty, the auction, the naming of trump and the
overturns, the friend's call and its reveal), one trick at a time, then the
result in the result screen's own words (`outcome.result_lines`)
(`ReviewProps`), for the review dialog (`screen.py`).

Pure (no Textual, no Rich): an `engine.DealReview` (what the reader may
review: every hand once the deal is over) and which trick is shown in, words
in the catalogue's language and cards as chips out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ... import rules
from ...engine import DealReview, ReviewTrick
from ...rules import Card, Rank, RuleSet, Suit, TrumpContext
from ...text import CardText, Catalogue, play_verb
from .. import outcome
from ..presenter import ASCII_GLYPHS, GLYPHS, words
from ..props import Cards, Chip, Line, Piece, Words
from ..variants.friends.presenter import copy_words


def label(text: str) -> str:
    """A label before cards: a space after it, none after a full-width colon."""
    return text if text.endswith("：") else text + " "


class ReviewProps(NamedTuple):
    title: str
    deal: tuple[Line, ...]  # the hands as dealt, the kitty
    trick: tuple[Line, ...]  # the trick shown (or the result, past the last one)
    keys: str


class Reviewer:
    """Props of one deal's review, trick by trick."""

    def __init__(
        self,
        review: DealReview,
        rs: RuleSet,
        cat: Catalogue,
        ct: CardText,
        name: Callable[[int], str],
        voice: outcome.Voice | None = None,
    ) -> None:
        self.r = review
        self.rs = rs
        self.cat = cat
        self.ct = ct
        self.name = name
        self.voice = voice or outcome.ReviewVoice(cat, ct, name)
        self.ctx = TrumpContext(review.level, review.trump_suit)
        self.glyphs = ASCII_GLYPHS if ct.ascii else GLYPHS

    @property
    def steps(self) -> int:
        """The tricks, then the result (when the deal was scored)."""
        return len(self.r.tricks) + (1 if self.r.scored is not None else 0)

    def said(self, key: str, seat: int, **kw: object) -> str:
        """`key` said of `seat` (its `name`), in its `key_you` form when the
        reader is that seat ("You deal at 70", never "You deals")."""
        if self.voice.is_you(seat) and self.cat.has(key + "_you"):
            key += "_you"
        return self.cat.t(key, name=self.name(seat), **kw)

    # ------------------------------------------------------------ cards
    def chip(self, card: Card, label: str | None = None) -> Chip:
        red = card.rank is Rank.BJ if card.suit is None else card.suit.is_red
        trump = rules.is_trump(self.rs, self.ctx, card)
        return Chip(label or self.ct.card(card), red, trump, bool(card.points))

    def cards(self, cards: Sequence[Card]) -> Cards:
        return Cards(tuple(self.chip(c) for c in cards))

    def sorted(self, cards: Sequence[Card]) -> list[Card]:
        return rules.sort_hand(self.rs, self.ctx, list(cards))

    def hand_pieces(self, cards: Sequence[Card]) -> list[Piece]:
        """A hand by effective suit, the trumps last: each suit's header once, its
        plain cards by rank alone (as the table shows a hand)."""
        groups: list[tuple[str, list[Card]]] = []
        for c in self.sorted(cards):
            label = rules.effective_suit(self.rs, self.ctx, c)
            if not groups or groups[-1][0] != label:
                groups.append((label, []))
            groups[-1][1].append(c)
        out: list[Piece] = []
        for label, cs in groups:
            if out:
                out.append(Words("  "))
            if label == "T":
                out.append(Words(self.cat.t("hand.trump_header") + " ", "card--trump-header"))
                out.append(self.cards(cs))
                continue
            if label in ("R", "B"):
                header = self.cat.t("hand.red" if label == "R" else "hand.black")
            else:
                header = self.ct.suit(Suit(label))
            out.append(Words(header + " ", "card--header"))
            plain = label not in ("R", "B")
            out.append(Cards(tuple(self.chip(c, c.rank.value if plain else None) for c in cs)))
        return out

    # ------------------------------------------------------------ props
    def props(self, at: int, deals: tuple[int, int] | None = None) -> ReviewProps:
        """The review with step `at` shown (0: the first trick; `steps - 1` past the
        last trick: the result); `deals`: (this deal's place, how many) to step
        through deals as well."""
        t = self.cat.t
        r = self.r
        trump = (
            self.ct.suit_name(r.trump_suit)
            if r.trump_suit is not None
            else t("suit.no_trump")
            if r.trump_set
            else t("review.trump_unset")
        )
        dealer = self.name(r.dealer) if r.dealer is not None else "?"
        key = "review.title"
        if r.dealer is not None and self.voice.is_you(r.dealer):
            key = "review.title_you"
        title = t(key, n=r.deal_no + 1, dealer=dealer, level=r.level, trump=trump)
        keys = t("review.keys") + (t("review.keys_deals") if deals is not None else "")
        if deals is not None:
            title += t("review.of_deals", n=deals[0] + 1, total=deals[1])
        return ReviewProps(title, self.deal_lines(), self.step_lines(at), self.ct.keys(keys))

    def deal_lines(self) -> tuple[Line, ...]:
        t = self.cat.t
        r = self.r
        out: list[Line] = [words(t("review.hands"), "bold")]
        for seat, hand in enumerate(r.hands):
            head = Words(t("last.who", name=self.name(seat)), "seat--name")
            if hand is None:
                out.append(Line((head, Words(t("review.hand_hidden"), "seat--dim"))))
            else:
                out.append(Line((head, *self.hand_pieces(hand))))
        out.extend(self.auction_lines())
        if r.kitty is not None:
            said = label(t("review.kitty", points=rules.points(r.kitty)))
            out.append(Line((Words(said, "bold"), self.cards(self.sorted(r.kitty)))))
        # each take of the kitty (a theft, three players' overturn) buries again
        buried = [(k.seat, k.buried) for k in r.rounds if k.buried is not None]
        if not buried and r.buried is not None and r.kitty_holder is not None:
            buried = [(r.kitty_holder, r.buried)]
        for k, (seat, cards) in enumerate(buried):
            said = self.said("review.buried", seat, points=rules.points(cards))
            out.append(Line((Words(label(said), "bold"), self.cards(self.sorted(cards)))))
            if k == 0:  # three players' overturns come after the dealer's bury
                out.extend(self.overturn_lines())
        if not buried:
            out.extend(self.overturn_lines())
        out.extend(self.friend_lines())
        return tuple(out)

    def trump_words(self, suit: Suit | None) -> str:
        return self.ct.suit_name(suit) if suit is not None else self.cat.t("suit.no_trump")

    def auction_lines(self) -> list[Line]:
        """Before the kitty is taken: the kitty shown to all, the auction (every
        call, the redeals, who deals at what bid), the naming of trump and the
        cards it showed."""
        t = self.cat.t
        r = self.r
        out: list[Line] = []
        if r.shown_kitty:
            said = label(t("review.shown_kitty", points=rules.points(r.shown_kitty)))
            out.append(Line((Words(said, "bold"), self.cards(self.sorted(r.shown_kitty)))))
        a = r.auction
        if a is not None:
            if a.redeals:
                out.append(words(t("review.redeals", n=a.redeals), "seat--dim"))
            calls = []
            for c in a.calls:
                name = self.name(c.seat)
                if c.points is None:
                    calls.append(self.said("review.call_pass", c.seat))
                elif c.out is not None:
                    calls.append(
                        t("review.call_out", name=name, points=c.points, out=self.name(c.out))
                    )
                else:
                    calls.append(t("review.call_bid", name=name, points=c.points))
            said = label(t("review.auction")) + t("review.call_sep").join(calls)
            out.append(Line((Words(said),)))
            if a.winner is not None and a.bid is not None:
                key = "review.auction_forced" if a.forced else "review.auction_won"
                out.append(words(self.said(key, a.winner, points=a.bid), "bold"))
        n = r.naming
        if n is not None:
            trump = self.trump_words(n.suit)
            if n.cards:
                said = label(t("review.naming_cards", name=self.name(n.seat), trump=trump))
                out.append(Line((Words(said), self.cards(n.cards))))
            else:
                out.append(words(t("review.naming", name=self.name(n.seat), trump=trump)))
        return out

    def overturn_lines(self) -> list[Line]:
        """Three players' overturn window: each attacker's overturn or pass."""
        t = self.cat.t
        out: list[Line] = []
        for o in self.r.overturns:
            if o.cards:
                said = t(
                    "review.overturn_with", name=self.name(o.seat), trump=self.trump_words(o.suit)
                )
                out.append(Line((Words(label(said), "centre--alert"), self.cards(o.cards))))
            else:
                out.append(words(t("review.overturn_pass", name=self.name(o.seat)), "seat--dim"))
        return out

    def friend_lines(self) -> list[Line]:
        """Find friends: the dealer's call and its reveal."""
        t = self.cat.t
        out: list[Line] = []
        f = self.r.friend
        if f is not None:
            card = copy_words(self.cat, self.ct, self.rs, f.card, f.nth)
            out.append(words(t("review.friend_call", name=self.name(f.seat), card=card)))
            if f.alone:
                out.append(words(t("review.friend_alone", name=self.name(f.seat)), "bold"))
            elif f.friend is not None:
                key = "review.friend_shown_end" if f.trick is None else "review.friend_shown"
                if self.voice.is_you(f.friend) and self.cat.has(key + "_you"):
                    key += "_you"
                said = t(key, friend=self.name(f.friend), n=f.trick)
                out.append(words(said, "bold"))
            else:
                out.append(words(t("review.friend_hidden"), "seat--dim"))
        return out

    def step_lines(self, at: int) -> tuple[Line, ...]:
        t = self.cat.t
        r = self.r
        if not r.tricks and r.scored is None:
            return (words(t("review.no_tricks"), "seat--dim"),)
        at = max(0, min(at, self.steps - 1))
        if at >= len(r.tricks):
            return self.result_lines()
        return self.trick_lines(r.tricks[at])

    def trick_lines(self, trick: ReviewTrick) -> tuple[Line, ...]:
        t = self.cat.t
        total = len(self.r.tricks)
        out: list[Line] = [words(t("review.trick", n=trick.no, total=total), "bold")]
        if trick.tried is not None:
            said = label(t("review.tried", name=self.name(trick.tried.seat)))
            out.append(Line((Words(said, "centre--alert"), self.cards(trick.tried.cards))))
        lead = trick.plays[0].cards if trick.plays else ()
        for i, p in enumerate(trick.plays):
            pieces: list[Piece] = [
                Words(t("last.who", name=self.name(p.seat))),
                self.cards(p.cards),
            ]
            verb = (
                t("seat.led")
                if i == 0
                else t("seat." + play_verb(self.rs, self.ctx, lead, p.cards))
            )
            pieces.append(Words(f"  {verb}", "seat--dim"))
            if p.seat == trick.winner:
                pieces.append(Words(f" {self.glyphs['win']} {t('seat.won')}", "seat--win"))
            out.append(Line(tuple(pieces)))
        if trick.winner is not None:
            key = "last.won" if trick.points else "last.won_nothing"
            out.append(words(t(key, name=self.name(trick.winner), n=trick.points), "seat--dim"))
        else:
            out.append(words(t("review.trick_open"), "seat--dim"))
        return tuple(out)

    def result_lines(self) -> tuple[Line, ...]:
        """The result in the result screen's words (`outcome.result_lines`)."""
        end = outcome.end_of_review(self.r, self.rs)
        lines = outcome.result_lines(end, self.voice)
        return (words(self.cat.t("review.result"), "bold"), *lines)
