"""`Seating`: what the app asks of who sits at its keyboard; `Offers`: what
the keys, the palette and the help offer them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from ...table import ChatNote

Coach = Literal["any", "own", "none"]  # whose decisions the review's coach analyses


@dataclass(frozen=True)
class Offers:
    """What this keyboard is offered (the help lists these and no other)."""

    acts: bool  # the keys that play (a spectator's only look, follow and talk)
    take_back: bool  # `u`: back to before the seat's last decision
    chat: bool  # `c`: words to the table
    next_hand: bool  # `tab` while dealing: the keyboard to the next human here
    follow: bool  # a spectator's digits: follow a seat's own view


class Seating(Protocol):
    """Who sits at this keyboard (see the package's docstring)."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats whose views come to this keyboard (each subscribed), the
        first shown first."""
        ...

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played at this keyboard (a spectator's: none)."""
        ...

    @property
    def spectating(self) -> bool:
        """A spectator: the view shown may change seat with any update (the seat
        followed), nothing is sent."""
        ...

    @property
    def acts(self) -> bool:
        """Its keys send commands to the table (plays, holds, reclaiming a seat
        from 托管, the player's assists)."""
        ...

    @property
    def hands_over(self) -> bool:
        """Several humans share the keyboard: a screen that hides the hands
        between two of them, the last chance to declare held for each."""
        ...

    @property
    def own_seat(self) -> bool:
        """The keyboard plays one seat of its own (`Solo`, `Remote`): sentences
        about that seat say "you", and any key takes it back from 托管."""
        ...

    def all_here(self, table_humans: int) -> bool:
        """Every one of the `table_humans` humans seated at the table plays at
        this keyboard: nobody else waits on the deal, so it may be held and
        skipped here."""
        ...

    @property
    def chat(self) -> bool:
        """`c` opens the chat (there is somebody to talk to)."""
        ...

    @property
    def log_feed(self) -> int | None:
        """The feed that tells the log: the seat's own, or None: the public
        one (what every human here, or a spectator, may see)."""
        ...

    @property
    def hint_search(self) -> bool:
        """The suggestion key may search (the hard bot); else it asks the normal
        bot (a search would hold up a server's one event loop)."""
        ...

    def coach(self, finished: bool) -> Coach:
        """Whose decisions the coach analyses in the review (`finished`: the
        match is over): any seat's, the seat shown's own, or nobody's."""
        ...

    def take_back_refusal(self, table_humans: int) -> str | None:
        """The catalogue key of why take-back is not offered at a table with
        `table_humans` humans seated (None: it is)."""
        ...

    def quit_question(self, saved: bool) -> str | None:
        """The catalogue key of what leaving costs (`saved`: the game is kept in
        the store); None: leaving asks nothing."""
        ...

    def said_by_me(self, note: ChatNote) -> bool:
        """Whether words at the table are this keyboard's own (no toast for them)."""
        ...

    def speaker(self, seat: int, name: str) -> tuple[int | None, str]:
        """Who says this keyboard's words, the seat shown being `seat` and its
        name `name`: the seat and the name the table signs them with."""
        ...

    def turn_to(self, awaiting: int | None, shown: int) -> int | None:
        """The human the keyboard goes to, the game awaiting `awaiting` while
        `shown` is shown (None: it stays)."""
        ...

    def next_human(self, shown: int, among: tuple[int, ...] | None = None) -> int | None:
        """The human after `shown` in the keyboard's order (of `among` only, if
        given); None: no other."""
        ...

    def follow_choices(self, players: int) -> tuple[int | None, ...]:
        """What the palette offers to follow now: seats (None: the public table)."""
        ...

    def follow(self, seat: int | None) -> str | None:
        """Follow `seat`'s own view (None: the public table); a refusal's
        catalogue key."""
        ...

    def offers(self, table_humans: int) -> Offers:
        """What the keys, the palette and the help offer."""
        ...


@dataclass(frozen=True)
class OwnSeat:
    """The answers of a keyboard that plays one seat of its own and is shown
    that seat's view (`Solo`, `Remote`: what differs is theirs)."""

    seat: int

    spectating = False
    acts = True
    hands_over = False
    own_seat = True

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    def all_here(self, table_humans: int) -> bool:
        return table_humans <= 1

    @property
    def humans(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def log_feed(self) -> int | None:
        return self.seat

    def said_by_me(self, note: ChatNote) -> bool:
        return note.seat == self.seat

    def speaker(self, seat: int, name: str) -> tuple[int | None, str]:
        return seat, name

    def turn_to(self, awaiting: int | None, shown: int) -> int | None:
        return None  # (the keyboard stays with its seat)

    def next_human(self, shown: int, among: tuple[int, ...] | None = None) -> int | None:
        return None

    def follow_choices(self, players: int) -> tuple[int | None, ...]:
        return ()

    def follow(self, seat: int | None) -> str | None:
        return None  # (the player's own view is shown: nobody else's to follow)
