"""Find friends: the dealer's calling dialog (docs/rules.md §10).

The pack by suit, the copies of each card in the dealer's hand above it; the
dealer chooses a card by keys (the card's notation: `h` `a` is A♥, `s` `0`
10♠, `b` the big joker; the arrows; `n` the copy where it matters) or by a
click, reads what the call means, and calls it with enter. The dialog posts
`FriendCallChosen`; the app sends the `CallFriend` (a refusal is a toast) and
the dialog closes itself once the table no longer waits for the call. What it
shows comes from `call.py` (pure).
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label, Static

from ...keytable import ALWAYS, Row, simple
from ...messages import FriendCallChosen
from ...model import Model
from ...presenter import Presenter
from ...screens.base import FollowingDialog
from ...widgets import KeyHint, LineWidget, line_text, styles_for
from .call import (
    JOKER_KEYS,
    RANK_KEYS,
    ROWS,
    SUIT_KEYS,
    CallChoice,
    CallProps,
    CallRow,
    call_props,
    first_choice,
)


class Slot(NamedTuple):
    row: int
    col: int
    x: int
    width: int


class CallGrid(LineWidget[tuple[CallRow, ...]]):
    """The pack, one suit a row (the jokers last), each over a row that says how
    many copies of each card your hand holds (headed "yours"); the chosen card
    in reverse video."""

    DEFAULT_CSS = "CallGrid { height: auto; }"

    def __init__(self, rows: tuple[CallRow, ...], yours: str, **kw: object) -> None:
        super().__init__(rows, **kw)
        self.yours = yours

    class Clicked(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    def slots(self) -> list[list[Slot]]:
        rows = self.props
        head = max((cell_len(r.header) for r in rows), default=0)
        head = max(head, 2 + cell_len(self.yours)) + 1
        out: list[list[Slot]] = []
        for r, row in enumerate(rows):
            x = head
            line: list[Slot] = []
            for c, cell in enumerate(row.cells):
                w = cell_len(cell.label)
                pad = 3 - w if ROWS[r] is not None else 2  # ranks right-aligned in 3 cells
                line.append(Slot(r, c, x + max(pad, 0), w))
                x += max(pad, 0) + w
            out.append(line)
        return out

    def build(self) -> Text:
        styles = self.styles_table
        header, trump = styles["card--header"], styles["card--trump-header"]
        cursor, mark = styles["card--cursor"], styles["seat--turn"]
        lines: list[Text] = []
        dim = styles["seat--dim"]
        for row, slots in zip(self.props, self.slots(), strict=True):
            marks = Text(no_wrap=True)
            ranks = Text(no_wrap=True)
            if any(cell.held for cell in row.cells):
                marks.append("  " + self.yours, style=dim)
            mx = marks.cell_len
            ranks.append(row.header, style=trump if row.trump else header)
            x = cell_len(row.header)
            for slot, cell in zip(slots, row.cells, strict=True):
                ranks.append(" " * (slot.x - x))
                style = styles.chip(cell.chip)
                ranks.append(cell.label, style=style + cursor if cell.chosen else style)
                x = slot.x + slot.width
                if cell.held:
                    at = slot.x + slot.width - 1
                    marks.append(" " * (at - mx))
                    marks.append(str(cell.held), style=mark)
                    mx = at + 1
            lines.append(ranks)
            lines.append(marks)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        rows = self.slots()
        r = at.y // 2  # (a row of ranks and the row of your copies under it)
        if not 0 <= r < len(rows):
            return
        for slot in rows[r]:
            if slot.x - 1 <= at.x < slot.x + slot.width:
                self.post_message(self.Clicked(slot.row, slot.col))
                return


class CallFriendScreen(FollowingDialog):
    """The dealer calls the friend's card (and copy): see the module doc."""

    KEYS = simple(
        Row("left", "move(0, -1)", ALWAYS, show=False),
        Row("right", "move(0, 1)", ALWAYS, show=False),
        Row("up", "move(-1, 0)", ALWAYS, show=False),
        Row("down", "move(1, 0)", ALWAYS, show=False),
        Row("n", "next_copy", ALWAYS, show=False),
        Row("enter", "call", ALWAYS, "keys.call", description="call"),
        Row("escape", "close", ALWAYS, "keys.close", description="close"),
    )
    BINDINGS: ClassVar[list[BindingType]] = KEYS.bindings()

    def __init__(self, model: Model) -> None:
        super().__init__(model)
        self.presenter = Presenter()
        assert model.facts.view is not None
        self.choice: CallChoice = first_choice(model.facts.view)
        self.props: CallProps = call_props(model, self.choice, self.presenter)

    def compose(self) -> ComposeResult:
        p = self.props
        with Vertical(classes="dialog call-dialog"):
            yield Label(p.title, classes="dialog-title", id="call-title", markup=False)
            yield Static(p.rule, id="call-rule", classes="dim-line", markup=False)
            yield CallGrid(p.rows, p.yours, id="call-grid")
            yield Static(id="call-chosen", markup=False)
            yield Static(id="call-copy", markup=False)
            yield Static(id="call-sentence", markup=False)
            yield Static(id="call-refusal", markup=False)
            yield KeyHint(p.keys, id="call-keys", classes="dim-line")

    def on_mount(self) -> None:  # (and the base's: it follows the model)
        self.show_props()

    # ------------------------------------------------------------ showing
    def calling(self) -> bool:
        a = self.model.allowed
        return a is not None and "call_friend" in a.kinds

    def follow(self) -> None:
        """The table moved on: the dialog goes once the call is made (or the seat
        shown may no longer call); else it shows the hand as it is now."""
        if not self.calling():
            if self.app.screen is self:  # (under another dialog: when it is back on top)
                self.dismiss(None)
            return
        self.choose(self.choice)

    def on_screen_resume(self) -> None:
        if not self.calling():
            self.dismiss(None)

    def choose(self, choice: CallChoice) -> None:
        self.choice = choice
        self.props = call_props(self.model, choice, self.presenter)
        if self.is_mounted:
            self.show_props()

    def show_props(self) -> None:
        p = self.props
        look = styles_for(self.app)
        self.query_one(CallGrid).show(p.rows, look)
        self.query_one("#call-chosen", Static).update(line_text(p.chosen, look))
        copy = self.query_one("#call-copy", Static)
        copy.display = bool(p.copy_line)
        copy.update(p.copy_line)
        self.query_one("#call-sentence", Static).update(line_text(p.sentence, look))
        refusal = self.query_one("#call-refusal", Static)
        refusal.display = bool(p.refusal)
        refusal.update(Text(p.refusal, style=look["centre--alert"]))

    # ------------------------------------------------------------ keys
    def action_move(self, rows: int, cols: int) -> None:
        self.choose(self.choice.moved(rows, cols))

    def action_next_copy(self) -> None:
        copies = self.props.copies
        if copies:
            i = copies.index(self.choice.nth) if self.choice.nth in copies else -1
            self.choose(self.choice.with_nth(copies[(i + 1) % len(copies)]))

    def on_key(self, event: events.Key) -> None:
        """The card's notation: a suit letter, a rank (2-9, 0 or t, j q k a), b / l
        for the jokers."""
        ch = (event.character or "").lower()
        choice = self.choice
        if ch in SUIT_KEYS:
            choice = choice.with_suit(SUIT_KEYS[ch])
        elif ch in RANK_KEYS:
            choice = choice.with_rank(RANK_KEYS[ch])
        elif ch in JOKER_KEYS:
            choice = choice.with_rank(JOKER_KEYS[ch])
        else:
            return
        event.stop()
        self.choose(choice)

    def on_call_grid_clicked(self, message: CallGrid.Clicked) -> None:
        self.choose(CallChoice(message.row, message.col, self.choice.nth))

    def action_call(self) -> None:
        if self.props.refusal:
            self.app.bell()
            return
        self.app.post_message(FriendCallChosen(self.choice.card, self.choice.nth))
