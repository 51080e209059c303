"""Messages: the table's news to the app, and the screens' requests to it.

Screens never reach into the app: they post one of these (they bubble up to
the app; `SubmitCommand` is posted to the app directly) and the app handles it
(`@on` in app.py). The app gives screens what they show (a model, props,
texts) when it makes them.
"""

from __future__ import annotations

from textual.message import Message

from ..engine import Command, Event, SeatView
from ..rules import Card
from ..table import TableStatus
from ..table.notes import Note
from .contract import GameOptions, TroubleLike


class TableUpdate(Message):
    """A new view of one seat pushed by the table (`seat` None: the spectator's
    view, which a table of several humans narrates in its log), with the
    table's status as it was then (seats, turn clock, the hold; None: as the
    table last told it)."""

    def __init__(
        self,
        seat: int | None,
        view: SeatView,
        events: list[Event],
        status: TableStatus | None = None,
    ) -> None:
        super().__init__()
        self.seat = seat
        self.view = view
        self.events = events
        self.status = status


class TableTrouble(Message):
    """The table's store writes started failing (`trouble`) or work again (None)."""

    def __init__(self, trouble: TroubleLike | None) -> None:
        super().__init__()
        self.trouble = trouble


class NoteHeard(Message):
    """Something said at the table beside the game (chat, a timeout, 托管)."""

    def __init__(self, note: Note) -> None:
        super().__init__()
        self.note = note


class ChatRequested(Message):
    """The player opens the chat box (`c`)."""


class FollowRequested(Message):
    """A spectator asks to follow `seat`'s own view (None: the public table only)."""

    def __init__(self, seat: int | None) -> None:
        super().__init__()
        self.seat = seat


class ReclaimRequested(Message):
    """A key at the table while the seat is in 托管: the player takes it back."""


class SubmitCommand(Message):
    """Send `command` for the seat shown (a refusal becomes a notification). The
    selection of a play or a bury goes with the table's news of it (the seat's
    `Played` / `KittyBuried`), in the same change of the model.

    Screens post it to the app itself (`self.app.post_message`): a key's
    command reaches the table one message hop sooner than by bubbling."""

    def __init__(self, command: Command) -> None:
        super().__init__()
        self.command = command


class QuitRequested(Message):
    """The player asks to quit (the app asks to confirm)."""


class MenuRequested(Message):
    """Back to the start menu after the match (or quit when there is no menu)."""


class NewGameRequested(Message):
    """Start a new game of these options (the start menu)."""

    def __init__(self, options: GameOptions) -> None:
        super().__init__()
        self.options = options


class ResumeRequested(Message):
    """Sit again at the stored game `table_id` (`options`: the menu's choices)."""

    def __init__(self, table_id: str, options: GameOptions) -> None:
        super().__init__()
        self.table_id = table_id
        self.options = options


class HelpRequested(Message):
    """The help (`?`): the app makes it, with the keys its seating is offered."""


class TakeBackRequested(Message):
    """Take back the seat's last decision (solo games against bots only)."""


class ReviewRequested(Message):
    """Review the deal in play (as the seat shown may: every hand once it is over)."""


class NextHandRequested(Message):
    """Hotseat: hand the keyboard to the next human."""


class HoldDealRequested(Message):
    """Hold the table's deal (`hold` False: let it go on), for the seat shown."""

    def __init__(self, hold: bool) -> None:
        super().__init__()
        self.hold = hold


class DealStepRequested(Message):
    """The deal is held: deal the cards up to the shown seat's next one."""


class LanguageChosen(Message):
    """The start menu's language (`options`: its choices so far, kept)."""

    def __init__(self, lang: str, options: GameOptions) -> None:
        super().__init__()
        self.lang = lang
        self.options = options


class CardStyleChosen(Message):
    """Glyphs or ASCII letters for the cards (the start menu)."""

    def __init__(self, ascii: bool) -> None:
        super().__init__()
        self.ascii = ascii


class SizeChanged(Message):
    """A screen was resized: the app checks the terminal is large enough (its
    own Resize handler stops the event before a subclass would see it)."""


class FriendCallChosen(Message):
    """Find friends: the dealer chose the friend's card and copy in the calling
    dialog (the app sends it as `CallFriend` for the seat shown)."""

    def __init__(self, card: Card, nth: int) -> None:
        super().__init__()
        self.card = card
        self.nth = nth
