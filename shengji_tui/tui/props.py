"""What each widget of the table shows, as frozen values (the presenter's output).

A widget builds its text from its props alone and skips the build when the
new props equal the last ones: the cache key is, by construction, everything
the build reads. Props hold words already in the player's language and cards
already labelled; styles are named (`seat--dim`, `card--trump`: the widgets'
style table, or a Rich style such as `bold`) and resolved by the widget for
the app's theme.

All are `NamedTuple`s: built and compared at C speed (every table update
compares the props of every widget, on every player's screen).
No Textual and no Rich here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias

from ..text import wrap_lines


class Chip(NamedTuple):
    """One card as shown: its label and what its style depends on."""

    label: str
    red: bool
    trump: bool
    points: bool


class Words(NamedTuple):
    """A run of text in one style ("" : the line's own)."""

    text: str
    style: str = ""


class Cards(NamedTuple):
    """Cards one space apart, each in its card style."""

    chips: tuple[Chip, ...]


class Group(NamedTuple):
    """Pieces with one more style over all of them (a dimmed play, the highlighted
    declaration option)."""

    pieces: tuple[Piece, ...]
    overlay: str = ""


Piece: TypeAlias = Words | Cards | Group


class Line(NamedTuple):
    """One line (it may hold a line break of its own): `style` under the pieces,
    `overlay` over the whole line."""

    pieces: tuple[Piece, ...]
    style: str = ""
    overlay: str = ""


def plain(line: Line | Piece) -> str:
    """The text of a line or piece, without styles (tests, widths)."""
    if isinstance(line, Words):
        return line.text
    if isinstance(line, Cards):
        return " ".join(c.label for c in line.chips)
    return "".join(plain(p) for p in line.pieces)


def line_rows(line: Line, width: int) -> int:
    """The rows `line` takes wrapped to `width` cells (a box's lines, a seat
    panel's forms)."""
    return sum(len(wrap_lines(part, width)) or 1 for part in plain(line).split("\n"))


class StatusProps(NamedTuple):
    title: str
    sep: str
    parts: tuple[Line, ...]  # empty: no view yet (the title alone)
    clock: Line | None = None  # the turn clock, first (it changes each second)
    narrow: tuple[Line, ...] = ()  # the parts when `parts` do not fit (empty: the same)


class SeatProps(NamedTuple):
    """A seat around the table (`position`: see `presenter.seat_positions`);
    `narrow`: its lines in fewer, shorter forms, the shortest last, for a panel
    too small for `lines` (it shows the first form that fits its rows without
    wrapping its name line)."""

    seat: int
    position: str
    lines: tuple[Line, ...]
    narrow: tuple[tuple[Line, ...], ...] = ()


class MeProps(NamedTuple):
    """The viewer's own line: `left`, then `flag` at the right edge; `shorter`:
    `left` for lines too narrow for it, the first that fits (the cards held and
    the play, then the play alone; without a play the level and cards, without
    the side)."""

    left: Line
    flag: Line | None
    shorter: tuple[Line, ...] = ()


class CentreProps(NamedTuple):
    lines: tuple[Line, ...]
    # (deal, phase, its room): the box only grows within one stage (a terminal
    # resized, or the room of the centre changed, begins another)
    stage: tuple[object, ...] | None
    # the rows the box holds from its stage's start: a trick's usual tallest (its
    # plays and your prompts), so that a deal's first tricks do not grow it
    reserve: int = 0


class DeclareProps(NamedTuple):
    shown: bool
    lines: tuple[Line, ...]


class AuctionProps(NamedTuple):
    """The bidding panel (tui/auction.py), in the centre's place while bidding and
    naming trump (`shown`); `keys`: the auction keys' states, as `KeyStates`'."""

    shown: bool
    title: str
    lines: tuple[Line, ...]
    keys: tuple[tuple[str, bool | None], ...]


class HandCard(NamedTuple):
    at: int  # index in the hand (the model's `hand`, sorted for display)
    label: str  # the rank alone where the group header says the suit
    chip: Chip


class HandGroup(NamedTuple):
    header: str
    trump: bool  # the trump group (its header in the trump style)
    cards: tuple[HandCard, ...]


class HandProps(NamedTuple):
    groups: tuple[HandGroup, ...]
    marks: tuple[str, ...]  # per hand index: the selected mark, the new mark, or ""
    cursor: int | None  # the hand index under the cursor (None: no cursor shown)
    empty: str  # what shows when there are no cards


class ScoreProps(NamedTuple):
    """The score line: `left` (the points) before the bar, `right` after it (the
    bands ahead or the bid's settlement); `fewer`: shorter forms of `right`,
    shown in turn where it does not fit (none fits: nothing shown)."""

    left: Line
    right: Line
    bar: tuple[int, int] | None  # (total, progress) of the points bar; None: hidden
    fewer: tuple[Line, ...] = ()

    @property
    def ahead(self) -> tuple[Line, ...]:
        """`right` and its shorter forms, longest first."""
        return (self.right, *self.fewer)


class LastTrickProps(NamedTuple):
    lines: tuple[Line, ...]


class KeyStates(NamedTuple):
    """The table's keys: per action True (shown), None (shown, greyed) or False
    (hidden), and the labels that change with the game."""

    states: tuple[tuple[str, bool | None], ...]
    confirm: str  # the catalogue key of enter's label
    skip: str  # the catalogue key of the skip key's label
    hold: str = "pace.hold_key"  # the catalogue key of the hold key's label

    def state(self, action: str) -> bool | None:
        for name, value in self.states:
            if name == action:
                return value
        return True


@dataclass(frozen=True)
class LogProps:
    """The game log: the model's append-only list of sentences. Equal `(log_id,
    size)` means equal lines (a new log gets a new id), so the lines themselves
    are not compared."""

    log_id: int
    size: int
    lines: Sequence[str] = field(compare=False, repr=False)


class ResultProps(NamedTuple):
    title: str
    lines: tuple[Line, ...]


class TableProps(NamedTuple):
    status: StatusProps
    seats: tuple[SeatProps, ...]  # every other seat, in play order from the viewer's right
    me: MeProps
    centre: CentreProps
    declare: DeclareProps
    hand: HandProps
    score: ScoreProps
    last_trick: LastTrickProps
    keys: KeyStates
    log: LogProps
    countdown: bool  # the declaring countdown runs (the centre changes each second)
    auction: AuctionProps
