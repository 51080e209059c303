"""`Seats`: who sits at a table now, as one immutable record.

Per seat (`Seat`): who sits there (`who`, a `SeatSettings`: a human by name,
a bot by its `BotSpec`, standing in for a human or not, or nobody), whether
the human's session is there (`connected`), whether the seat is in 托管
(`on_auto`: a stand-in bot plays it until its player takes it back), and
`since`, the generation its occupant sat down in (a bot seated again is a new
bot, though of the same spec). The record's `gen` counts its changes: every
change of any seat (a connection included) makes a new record one generation
on, so that whoever planned a move with an older record knows the seats moved
meanwhile.

Each change is one method, and returns the new record (the table keeps it,
keeps `TableSettings.seats` and `on_auto` of it, and tells its subscribers):

| change | method |
|---|---|
| a human sits (connected) | `sit(seat, name)` |
| a bot sits, or stands in for the human there | `sit_bot(seat, spec)` |
| the stand-in hands the seat back, or the bot leaves | `unseat_bot(seat)` |
| the seat is left empty | `leave(seat)` |
| the human's connection comes or goes | `connect(seat, on)` |
| 托管 begins or ends | `auto(seat, on)` |
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass

from ..bots import Bot, BotLevel, BotSpec
from .settings import SeatKind, SeatSettings, TableSettings, bot_seed

__all__ = ["Seat", "SeatBots", "SeatInfo", "Seats"]


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the players see it now (`connected`: a human's session is there;
    `on_auto`: in 托管, a bot plays it until its player takes it back)."""

    kind: SeatKind
    name: str
    connected: bool
    on_auto: bool = False


@dataclass(frozen=True)
class Seat:
    """One seat: who sits there, whether they are here, whether in 托管, and the
    generation its occupant sat down in."""

    who: SeatSettings
    connected: bool
    on_auto: bool = False
    since: int = 0

    @property
    def info(self) -> SeatInfo:
        return SeatInfo(self.who.kind, self.who.name, self.connected, self.on_auto)


@dataclass(frozen=True)
class Seats:
    """Every seat of a table (see the module) and the generation of the record."""

    seats: tuple[Seat, ...]
    gen: int = 0

    # ------------------------------------------------------------ making

    @classmethod
    def seated(cls, settings: TableSettings) -> Seats:
        """The seats of a table made now: a human is here, a bot is, a stand-in
        plays for a human who is not."""
        on_auto = set(settings.on_auto)
        return cls(
            tuple(
                Seat(
                    who,
                    who.kind == "human" or (who.kind == "bot" and who.stand_in_for is None),
                    s in on_auto,
                )
                for s, who in enumerate(settings.seats)
            )
        )

    @classmethod
    def resumed(cls, settings: TableSettings) -> Seats:
        """The seats of a table restored from the store: its humans come back
        disconnected (their sessions attach again)."""
        on_auto = set(settings.on_auto)
        return cls(
            tuple(
                Seat(who, who.kind == "bot" and who.stand_in_for is None, s in on_auto)
                for s, who in enumerate(settings.seats)
            )
        )

    # ------------------------------------------------------------ reading

    def __getitem__(self, seat: int) -> Seat:
        return self.seats[seat]

    def __len__(self) -> int:
        return len(self.seats)

    @functools.cached_property
    def infos(self) -> tuple[SeatInfo, ...]:
        """Each seat as the players see it."""
        return tuple(seat.info for seat in self.seats)

    @property
    def settings(self) -> tuple[SeatSettings, ...]:
        """Who sits where, as `TableSettings.seats` holds it."""
        return tuple(seat.who for seat in self.seats)

    @property
    def on_auto(self) -> tuple[int, ...]:
        """The seats in 托管, in order (as `TableSettings.on_auto` holds them)."""
        return tuple(s for s, seat in enumerate(self.seats) if seat.on_auto)

    def bots(self) -> dict[int, BotSpec]:
        """The seated bots' specs (stand-ins included; not 托管's)."""
        return {s: seat.who.bot for s, seat in enumerate(self.seats) if seat.who.bot is not None}

    def human_seats(self) -> list[int]:
        """The seats that are humans' (a bot may be standing in)."""
        return [s for s, seat in enumerate(self.seats) if seat.who.humans_seat]

    def all_bots(self) -> bool:
        """Every seat is a bot's (nobody to wait for)."""
        return all(seat.who.kind == "bot" for seat in self.seats)

    def human(self, seat: int) -> bool:
        """A human plays `seat` now (no bot seated there, not in 托管)."""
        s = self.seats[seat]
        return s.who.kind == "human" and not s.on_auto

    # ------------------------------------------------------------ changes

    def _with(self, seat: int, new: Seat) -> Seats:
        seats = list(self.seats)
        seats[seat] = new
        return Seats(tuple(seats), self.gen + 1)

    def _occupied(self, seat: int, who: SeatSettings, connected: bool) -> Seats:
        """`who` sits at `seat` (a new occupant: `since` is the new generation)."""
        now = self.seats[seat]
        return self._with(seat, Seat(who, connected, now.on_auto, self.gen + 1))

    def sit(self, seat: int, name: str) -> Seats:
        """A human (connected) takes `seat`; a bot sitting there leaves."""
        return self._occupied(seat, SeatSettings.human(name), True)

    def sit_bot(self, seat: int, spec: BotSpec) -> Seats:
        """A bot of `spec` sits at `seat`: standing in for the human there (who
        stays as connected as they were), replacing the stand-in already there,
        else as the seat's own bot."""
        now = self.seats[seat]
        who = now.who
        if who.kind == "human":
            new = SeatSettings(kind="bot", name=who.name, bot=spec, stand_in_for=who.name)
            return self._occupied(seat, new, now.connected)
        if who.stand_in_for is not None:
            return self._occupied(seat, who.replace(bot=spec), now.connected)
        return self._occupied(seat, SeatSettings.of_bot(spec), True)

    def unseat_bot(self, seat: int) -> Seats:
        """The bot at `seat` goes: a stand-in hands the seat back to its human (as
        connected as they were); otherwise the seat is left empty."""
        now = self.seats[seat]
        if now.who.stand_in_for is not None:
            return self._occupied(seat, SeatSettings.human(now.who.stand_in_for), now.connected)
        return self.leave(seat)

    def leave(self, seat: int) -> Seats:
        """Nobody sits at `seat`."""
        return self._occupied(seat, SeatSettings.empty(seat), False)

    def connect(self, seat: int, on: bool) -> Seats:
        """The human's connection at `seat` came (or went); the same record when
        nothing changes (an empty seat, a connection as it was)."""
        now = self.seats[seat]
        if now.who.kind == "empty" or now.connected == on:
            return self
        return self._with(seat, dataclasses.replace(now, connected=on))

    def auto(self, seat: int, on: bool) -> Seats:
        """`seat` in 托管 (or out of it)."""
        return self._with(seat, dataclasses.replace(self.seats[seat], on_auto=on))


class SeatBots:
    """The bots that play at a table, as its `Seats` say: each seated bot made
    from its spec (kept while its occupant sits: `Seat.since`; made again for
    one who sat down since), and the stand-ins that play a seat's timeouts and
    its 托管 (one per seat, of the table's `stand_in` level, made when first
    needed)."""

    def __init__(self, seed: int, stand_in: BotLevel) -> None:
        self.seed = seed
        self.stand_in_level: BotLevel = stand_in
        self._made: dict[int, tuple[int, Bot]] = {}  # seat -> (since, bot)
        self._stand_ins: dict[int, Bot] = {}

    def given(self, seats: Seats, bots: Mapping[int, Bot]) -> None:
        """`bots` play instead of their seats' specs (test doubles, benchmarks)."""
        for s, bot in bots.items():
            if not 0 <= s < len(seats) or seats[s].who.kind != "bot":
                raise ValueError(f"seat {s} is not a bot's seat in the settings")
            self._made[s] = (seats[s].since, bot)

    def follow(self, seats: Seats) -> None:
        """The seated bots as `seats` says."""
        made: dict[int, tuple[int, Bot]] = {}
        for s, spec in seats.bots().items():
            since = seats[s].since
            kept = self._made.get(s)
            made[s] = kept if kept is not None and kept[0] == since else (since, spec.make())
        self._made = made

    def at(self, seat: int) -> Bot | None:
        """The bot seated at `seat` (None: none; a stand-in in 托管 is not seated)."""
        made = self._made.get(seat)
        return None if made is None else made[1]

    def stand_in(self, seats: Seats, seat: int) -> Bot:
        """The bot that plays `seat`'s timeouts and its 托管."""
        bot = self._stand_ins.get(seat)
        if bot is None:
            spec = BotSpec(
                level=self.stand_in_level,
                seed=bot_seed(self.seed, seat),
                name=seats[seat].who.name or f"seat {seat + 1}",
            )
            bot = self._stand_ins[seat] = spec.make()
        return bot

    def playing(self, seats: Seats) -> dict[int, Bot]:
        """Who the driver lets act: the seated bots, and the stand-ins of the seats
        in 托管."""
        bots = {s: self.stand_in(seats, s) for s in seats.on_auto}
        bots.update((s, bot) for s, (_, bot) in self._made.items())
        return bots
