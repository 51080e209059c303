"""The calling dialog's model and props (find friends, docs/rules.md §10): the card
the dealer is choosing and which copy, and what the dialog shows of it.

Pure: no Textual. `CallChoice` is the dealer's choice (a card of the pack by
suit row and rank, and the copy); `call_props(model, choice)` is everything
the dialog shows: the pack by suit with the copies the dealer holds of each
card, the chosen card with its copies in the hand and in the buried kitty,
the sentence the call makes ("the friend is whoever holds the other A♥" /
"whoever plays the 2nd A♥") and, for a call the rules refuse, their sentence.
A call is checked by `rules.check_friend_call`, which the engine asks too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from .... import rules
from ....engine import CallFriend, SeatView
from ....rules import Card, Rank, Suit
from ...model import Model
from ...presenter import Presenter
from ...props import Chip, Line, Words
from .presenter import copies_in_sight, copy_text

ROWS: tuple[Suit | None, ...] = (Suit.S, Suit.H, Suit.C, Suit.D, None)  # None: the jokers
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)
JOKERS: tuple[Rank, ...] = (Rank.LJ, Rank.BJ)
SUIT_KEYS = {"s": Suit.S, "h": Suit.H, "c": Suit.C, "d": Suit.D}
RANK_KEYS = {
    **{str(k): Rank(str(k)) for k in range(2, 10)},
    "0": Rank.TEN,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
}
JOKER_KEYS = {"b": Rank.BJ, "l": Rank.LJ}  # as the notation writes them: BJ, LJ


def row_ranks(row: int) -> tuple[Rank, ...]:
    return JOKERS if ROWS[row] is None else RANKS


@dataclass(frozen=True)
class CallChoice:
    """The dealer's choice: `row` of `ROWS`, `col` in that row's ranks, `nth`."""

    row: int = 0
    col: int = len(RANKS) - 1  # the ace
    nth: int = 1

    @property
    def card(self) -> Card:
        return Card.of(ROWS[self.row], row_ranks(self.row)[self.col])

    def moved(self, rows: int = 0, cols: int = 0) -> CallChoice:
        """Another card: rows wrap, ranks wrap within the row (the jokers' two)."""
        row = (self.row + rows) % len(ROWS)
        ranks = row_ranks(row)
        col = self.col if rows == 0 else self._col_in(row)
        return replace(self, row=row, col=(col + cols) % len(ranks))

    def _col_in(self, row: int) -> int:
        """The same rank in another row (a joker row: the big joker for an ace or
        king, else the little one; leaving it: the ace)."""
        here, there = row_ranks(self.row), row_ranks(row)
        rank = here[min(self.col, len(here) - 1)]
        if rank in there:
            return there.index(rank)
        if there is JOKERS:
            return 1 if rank in (Rank.ACE, Rank.KING) else 0
        return len(RANKS) - 1

    def of_card(self, card: Card) -> CallChoice:
        row = ROWS.index(card.suit)
        return replace(self, row=row, col=row_ranks(row).index(card.rank))

    def with_suit(self, suit: Suit) -> CallChoice:
        row = ROWS.index(suit)
        return replace(self, row=row, col=self._col_in(row))

    def with_rank(self, rank: Rank) -> CallChoice:
        if rank.is_joker:
            return replace(self, row=len(ROWS) - 1, col=JOKERS.index(rank))
        row = self.row if ROWS[self.row] is not None else 0
        return replace(self, row=row, col=RANKS.index(rank))

    def with_nth(self, nth: int) -> CallChoice:
        return replace(self, nth=nth)


def copies_offered(v: SeatView) -> tuple[int, ...]:
    """The copies the dealer may choose between: under `nth_played` 1 to the
    pack's copies; under `holder` none (whoever holds the card is the friend:
    the call is of the first copy, docs/rules.md §10)."""
    if v.rules.friend_rule != "nth_played":
        return ()
    return tuple(range(1, rules.friend_copies(v.rules) + 1))


def first_choice(v: SeatView) -> CallChoice:
    """Where the dialog opens: the ace (the king when aces are the level) of the
    first side suit of which another seat holds a copy (a call that finds a
    friend), else that of spades."""
    copies = rules.friend_copies(v.rules)
    col = RANKS.index(Rank.KING if v.level == "A" else Rank.ACE)
    for row, suit in enumerate(ROWS):
        if suit is None or (v.trump_set and suit == v.trump_suit):
            continue
        choice = CallChoice(row=row, col=col)
        held, buried = copies_in_sight(v, choice.card)
        if held + buried < copies:
            return choice
    return CallChoice(col=col)


class CallCell(NamedTuple):
    label: str  # the rank (the row's header says the suit), a joker's name
    chip: Chip
    held: int  # copies in the dealer's hand
    chosen: bool


class CallRow(NamedTuple):
    header: str
    trump: bool  # the trump suit's row (its header in the trump style)
    cells: tuple[CallCell, ...]


class CallProps(NamedTuple):
    title: str
    rule: str  # the table's friend rule, in a sentence
    rows: tuple[CallRow, ...]
    yours: str  # the header of the rows that count your copies
    chosen: Line  # the chosen card, its copies in the hand and in the kitty
    copies: tuple[int, ...]  # the copies offered (empty: the copy does not matter)
    nth: int
    copy_line: str  # "copy: 1st [2nd] 3rd" (empty when none is offered)
    sentence: Line  # what the call means
    refusal: str  # the rules' sentence when they refuse the call ("" : it may be made)
    keys: str


def refusal(m: Model, choice: CallChoice) -> str:
    """The rules' sentence if they refuse this call (the engine asks the same), else ""."""
    v = m.facts.view
    if v is None:
        return ""
    verdict = rules.check_friend_call(v.rules, choice.card, choice.nth)
    if verdict.ok:
        return ""
    reason = verdict.reason_zh if m.prefs.cat.zh and verdict.reason_zh else verdict.reason
    return m.prefs.ct.notation(reason or "")


def call_command(m: Model, choice: CallChoice) -> CallFriend:
    return CallFriend(seat=m.facts.seat, card=str(choice.card), nth=choice.nth)


def meaning(m: Model, choice: CallChoice) -> str:
    """The sentence the call makes, for the dealer who holds what it holds."""
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    card = choice.card
    label = m.prefs.ct.card(card)
    held, buried = copies_in_sight(v, card)
    copies = rules.friend_copies(v.rules)
    others = copies - held - buried
    if v.rules.friend_rule == "nth_played":
        shown = copy_text(m, card, choice.nth)
        if copies - buried < choice.nth:
            return t("call.nth_buried", card=shown, n=copies - buried, label=label)
        if others <= 0:
            return t("call.nth_alone", card=shown, label=label)
        if held:  # (the dealer may play that copy itself, and then it is alone)
            return t("call.nth", card=shown) + " " + t("call.nth_mine", n=held, card=shown)
        return t("call.nth", card=shown)
    if others <= 0:
        return t("call.alone", card=label, n=m.players - 1)
    if held and others == 1:
        return t("call.other", card=label)
    if others == 1:
        return t("call.the_one", card=label)
    return t("call.first_holder", card=label, n=others)


def call_props(m: Model, choice: CallChoice, presenter: Presenter | None = None) -> CallProps:
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    ct = m.prefs.ct
    pr = presenter or Presenter()
    rows: list[CallRow] = []
    for r, suit in enumerate(ROWS):
        cells: list[CallCell] = []
        for c, rank in enumerate(row_ranks(r)):
            card = Card.of(suit, rank)
            chip = pr.chip(m, card)
            label = chip.label if suit is None else rank.value
            held = sum(1 for h in v.hand if h == card)
            cells.append(CallCell(label, chip, held, (r, c) == (choice.row, choice.col)))
        trump = suit is not None and v.trump_set and suit == v.trump_suit
        if suit is None:
            header = t("call.jokers")
        else:
            header = ct.suit(suit) + (" " + t("call.trump") if trump else "")
        rows.append(CallRow(header, trump or suit is None, tuple(cells)))
    card = choice.card
    held, buried = copies_in_sight(v, card)
    copies = rules.friend_copies(v.rules)
    about = [t("call.held", n=held, copies=copies)]
    if buried:
        about.append(t("call.buried", n=buried))
    chosen = Line(
        (
            Words(t("call.chosen") + " "),
            pr.cards(m, [card]),
            Words("  " + t("call.about_sep").join(about), "seat--dim"),
        )
    )
    offered = copies_offered(v)
    copy_line = ""
    if offered:
        marks = []
        for n in offered:
            word = copy_text(m, card, n)
            marks.append(f"[{word}]" if n == choice.nth else word)
        copy_line = t("call.copy", list="  ".join(marks))
    refused = refusal(m, choice)
    said = meaning(m, choice)
    return CallProps(
        title=t("call.title"),
        rule=t(f"friend.rule_{v.rules.friend_rule}"),
        rows=tuple(rows),
        yours=t("call.yours"),
        chosen=chosen,
        copies=offered,
        nth=choice.nth,
        copy_line=copy_line,
        sentence=Line((Words(said),), "centre--prompt" if not refused else "seat--dim"),
        refusal=refused,
        keys=ct.keys(
            t(
                "call.keys_nth" if offered else "call.keys",
                ha=ct.card(Card.of(Suit.H, Rank.ACE)),
                s10=ct.card(Card.of(Suit.S, Rank.TEN)),
                bj=ct.card(Card.of(None, Rank.BJ)),
            )
        ),
    )
