"""`TableSettings`: one typed record of a table's settings.

What `shengji play` (the start menu's `GameOptions`), `shengji autoplay` and
the SSH server's lobby (its new-table dialog, its registry) choose for a table,
what a `Table` is made from, and what the store keeps of it (`settings_json`):

- `rules` (a `RuleSet`, or a preset's name) and `seed` (None: a random one when
  the table is made);
- `seats`: one `SeatSettings` per seat: a human (by name), a bot (its
  `BotSpec`: level, seed, name, options) or empty; a bot standing in for an
  absent human names them (`stand_in_for`);
- `pacing`: seconds between cards, before a bot acts, for declaring after the
  last card, a bot's reaction before it declares (where people play), a
  dropped player's grace before a stand-in plays for them, and the turn clock
  (`TurnClock`: seconds per decision, timeouts before 托管; None for none: solo
  play);
- `stand_in`: the level of the bots that play for absent players (the lobby)
  and for a human whose clock ran out or who is in 托管;
- `on_auto`: the seats in 托管 (a bot plays them until their player takes the
  seat back with a key), kept across a restart;
- `card_counter`: whether the players may open the card counter (some groups
  play without it);
- `meta`: what the table's owner keeps beside the game (the lobby's record).

Stored as `{"version": 2, seats, pacing, stand_in, on_auto, card_counter,
meta}` (the rules and the seed have their own columns; a record without
`card_counter` reads as on, one without `on_auto` or `pacing.turn_clock` as
none; one that names the seats in 托管 `hosted`, as before, is read as
`on_auto`). `from_stored` also reads the untyped record of version 1 (before this
module): `{"seats": [{"kind", "name", "bot": {"type": ...}, "stand_in_for"}],
"bot_delay", "deal_delay", "meta"}`. A bot this version has no level for is a
`SettingsError` with a sentence, never a stand-in bot.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Self

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from ..bots import LEVELS, BotLevel, BotSpec
from ..rules import RuleSet
from ..store import StoredTable, StoreError

log = logging.getLogger("shengji_tui.table")

SETTINGS_VERSION = 2
SeatKind = Literal["human", "bot", "empty"]
DEFAULT_DECLARE_WINDOW = 3.0  # seconds humans get to declare after the last card
# Where people play (`shengji play`, `shengji serve`): a deal a person can follow
# (at four seats, one's own card every 0.8 s: 20 s a deal, `f` deals the rest at
# once) and bots that take a person's time to declare. `Pacing()` itself is the
# machine's pace (tests, benchmarks, bot-only tables).
HUMAN_DEAL_DELAY = 0.2
HUMAN_DECLARE_DELAY = 1.5


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` of a table with `seed`."""
    return seed * 8 + seat


class SettingsError(StoreError):
    """A table's stored settings this version cannot use; `str(e)` is a sentence."""


class _Frozen(BaseModel):
    # (no NaN or infinity: a pace of `inf` seconds is a table that never moves)
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes`, validated (`model_copy(update=)` is not)."""
        return self.model_validate({**dict(self), **changes})


class SeatSettings(_Frozen):
    kind: SeatKind = "empty"
    name: str = ""  # shown at the table (a stand-in shows the human's)
    bot: BotSpec | None = None  # kind "bot": who plays
    stand_in_for: str | None = None  # kind "bot": the human it plays for

    @model_validator(mode="after")
    def _consistent(self) -> SeatSettings:
        if self.kind == "bot" and self.bot is None:
            raise ValueError("a bot's seat needs its bot")
        if self.kind != "bot" and (self.bot is not None or self.stand_in_for is not None):
            raise ValueError(f"a seat of kind {self.kind!r} has no bot")
        return self

    @classmethod
    def human(cls, name: str) -> SeatSettings:
        return cls(kind="human", name=name)

    @classmethod
    def of_bot(cls, bot: BotSpec, name: str | None = None) -> SeatSettings:
        return cls(kind="bot", name=name or bot.label, bot=bot)

    @classmethod
    def empty(cls, seat: int) -> SeatSettings:
        return cls(kind="empty", name=f"seat {seat + 1}")

    @property
    def humans_seat(self) -> bool:
        """A human's seat (a bot may be standing in for them)."""
        return self.kind == "human" or self.stand_in_for is not None


class TurnClock(_Frozen):
    """Seconds a human has for a decision at a table with a turn clock (a play,
    a bid, naming trump, calling a friend, a kitty theft); when they run out the
    table's stand-in bot makes the move, and after `limit` timeouts in a row the
    seat is in 托管 (the bot plays it) until its player presses a key."""

    seconds: float = Field(30.0, gt=0, le=3600)  # a decision
    single: float = Field(15.0, gt=0, le=3600)  # only one legal play (a forced follow)
    bury: float = Field(60.0, gt=0, le=3600)  # burying the kitty (several cards to choose)
    limit: int = Field(2, ge=1, le=100)  # timeouts in a row before 托管

    @classmethod
    def of_seconds(cls, seconds: float, limit: int = 2) -> TurnClock:
        """A clock of `seconds` a decision: half that for a single legal play, twice
        that for burying (`shengji serve --turn-clock`, the lobby's dialog)."""
        return cls(
            seconds=seconds,
            single=min(seconds, max(5.0, seconds / 2)),
            bury=min(3600.0, seconds * 2),
            limit=limit,
        )


class Pacing(_Frozen):
    bot_delay: float = Field(0.6, ge=0)  # seconds before a bot acts
    deal_delay: float = Field(0.05, ge=0)  # seconds between two cards
    declare_window: float | None = Field(None, ge=0)  # after the last card (None: default)
    grace: float = Field(60.0, ge=0)  # a dropped player's seat waits this long for them
    turn_clock: TurnClock | None = None  # None: no clock (solo play, bot tables)
    # seconds (on average) a bot takes to declare once it could, where a human
    # sits at the table (0: the moment a card makes it possible; bot-only
    # tables never wait)
    declare_delay: float = Field(0.0, ge=0)

    @property
    def window(self) -> float:
        return DEFAULT_DECLARE_WINDOW if self.declare_window is None else self.declare_window

    @classmethod
    def taken_from(cls, options: object) -> Pacing:
        """The pacing `options` give (the start menu's, a stored room's): each
        field of Pacing that `options` has; the others their defaults."""
        return cls.model_validate(_pacing_values(options))

    def updated_from(self, options: object) -> Pacing:
        """This pacing with every field `options` has taken from it."""
        return self.replace(**_pacing_values(options))

    def values_for(self, fields: Iterable[str]) -> dict[str, Any]:
        """This pacing's values of `fields` that are Pacing's (a record's)."""
        return {f: getattr(self, f) for f in fields if f in Pacing.model_fields}


def _pacing_values(options: object) -> dict[str, Any]:
    return {f: getattr(options, f) for f in Pacing.model_fields if hasattr(options, f)}


class TableSettings(_Frozen):
    rules: RuleSet = Field(default_factory=lambda: RuleSet.preset("classic"))
    seed: int | None = None  # None: a random one when the table is made
    seats: tuple[SeatSettings, ...] = ()  # () in the input: every seat empty
    pacing: Pacing = Pacing()
    stand_in: BotLevel = "normal"  # who plays for an absent human (the lobby)
    # seats in 托管: a bot plays them until a key takes them back (a record
    # written before the name was `on_auto` calls them `hosted`)
    on_auto: tuple[int, ...] = Field((), validation_alias=AliasChoices("on_auto", "hosted"))
    card_counter: bool = True  # the players may open the card counter (记牌器)
    meta: dict[str, Any] = Field(default_factory=dict)

    @field_validator("rules", mode="before")
    @classmethod
    def _preset(cls, v: object) -> object:
        return RuleSet.preset(v) if isinstance(v, str) else v

    @model_validator(mode="after")
    def _seats(self) -> TableSettings:
        n = self.rules.players
        if not self.seats:  # frozen: set once, here, before anyone sees the record
            object.__setattr__(self, "seats", tuple(SeatSettings.empty(s) for s in range(n)))
        elif len(self.seats) != n:
            raise ValueError(f"{len(self.seats)} seats for the {n} players of {self.rules.name}")
        on_auto = list(self.on_auto)
        if any(not 0 <= s < n for s in on_auto) or on_auto != sorted(set(on_auto)):
            raise ValueError(f"on_auto seats {on_auto}: distinct seats 0 to {n - 1}, in order")
        return self

    # ------------------------------------------------------------ making

    @classmethod
    def build(
        cls,
        rules: RuleSet | str = "classic",
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        bots: Mapping[int, BotSpec] | None = None,
        pacing: Pacing | None = None,
        stand_in: BotLevel = "normal",
        meta: Mapping[str, Any] | None = None,
        card_counter: bool = True,
    ) -> TableSettings:
        """Seats from `names` and `bots`: a bot where `bots` has one (named by
        `names` when given there), else a human where `names` gives a name, else
        empty."""
        rs = RuleSet.preset(rules) if isinstance(rules, str) else rules
        n = rs.players
        if names is not None and len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats")
        bots = dict(bots or {})
        if any(not 0 <= s < n for s in bots):
            raise ValueError(f"bots must sit at seats 0 to {n - 1}")
        seats = []
        for s in range(n):
            given = names[s] if names is not None else ""
            if s in bots:
                seats.append(SeatSettings.of_bot(bots[s], given or None))
            elif given:
                seats.append(SeatSettings.human(given))
            else:
                seats.append(SeatSettings.empty(s))
        return cls(
            rules=rs,
            seed=seed,
            seats=tuple(seats),
            pacing=pacing or Pacing(),
            stand_in=stand_in,
            card_counter=card_counter,
            meta=dict(meta or {}),
        )

    # ------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def human_seats(self) -> list[int]:
        """The seats that are humans' (a bot may be standing in)."""
        return [s for s, seat in enumerate(self.seats) if seat.humans_seat]

    def bots(self) -> dict[int, BotSpec]:
        return {s: seat.bot for s, seat in enumerate(self.seats) if seat.bot is not None}

    # ------------------------------------------------------------ the store

    def stored(self) -> dict[str, Any]:
        """What the store keeps (its own columns hold the rules and the seed)."""
        return {
            "version": SETTINGS_VERSION,
            **self.model_dump(mode="json", exclude={"rules", "seed"}),
        }

    @classmethod
    def from_stored(cls, stored: StoredTable) -> TableSettings:
        """The settings of a stored table (of any version); SettingsError with a
        sentence when they cannot be read (a bot of an unknown level included)."""
        return settings_from(
            stored.settings, stored.rules, stored.seed, stored.names, stored.table_id
        )


def seats_from(
    data: Mapping[str, Any], names: Sequence[str], players: int, table_id: str, seed: int = 0
) -> tuple[SeatSettings, ...]:
    """The seats a stored record holds (any version); SettingsError otherwise."""
    version = data.get("version")
    raw = data.get("seats")
    if version is None:
        raw = _v1_seats(data, names, players, table_id, seed)
    elif version == SETTINGS_VERSION and isinstance(raw, list):
        for s, seat in enumerate(raw):
            bot = seat.get("bot") if isinstance(seat, dict) else None
            if isinstance(bot, dict):
                _known_level(bot.get("level"), s, table_id)
    else:
        raise _newer(version, table_id)
    try:
        seats = tuple(SeatSettings.model_validate(x) for x in raw or ())
    except ValidationError as e:
        raise SettingsError(
            f"table {table_id!r}: its stored seats cannot be read ({_problem(e)})"
        ) from None
    if len(seats) != players:
        raise SettingsError(f"table {table_id!r}: {len(seats)} seats stored for {players} players")
    return seats


def settings_from(
    data: Mapping[str, Any], rules: RuleSet, seed: int, names: Sequence[str], table_id: str
) -> TableSettings:
    """`TableSettings` of a stored record (its rules and seed given apart)."""
    seats = seats_from(data, names, rules.players, table_id, seed)
    if data.get("version") is None:  # version 1: the pacing was flat, no grace
        meta = data.get("meta")
        fields: dict[str, Any] = {
            "pacing": {
                "bot_delay": data.get("bot_delay", 0.6),
                "deal_delay": data.get("deal_delay", 0.05),
            },
            "meta": meta if isinstance(meta, dict) else {},
        }
    else:
        fields = {k: v for k, v in data.items() if k not in ("version", "seats")}
    try:
        return TableSettings.model_validate(
            {**fields, "rules": rules, "seed": seed, "seats": seats}
        )
    except ValidationError as e:
        raise SettingsError(
            f"table {table_id!r}: its stored settings cannot be read ({_problem(e)})"
        ) from None


def bot_specs(
    seed: int, seats: Sequence[int], level: BotLevel = "random", names: Sequence[str] | None = None
) -> dict[int, BotSpec]:
    """A bot of `level` at each of `seats`, seeded from the table's `seed`."""
    return {
        s: BotSpec(
            level=level,
            seed=bot_seed(seed, s),
            name=names[s] if names is not None else f"bot {s + 1}",
        )
        for s in seats
    }


# ------------------------------------------------------------------ version 1


def _known_level(level: object, seat: int, table_id: str) -> None:
    if level not in LEVELS:
        raise SettingsError(
            f"table {table_id!r}: the bot at seat {seat + 1} is of level {level!r}, which this "
            f"version of shengji-tui does not have (its levels: {', '.join(LEVELS)})"
        )


def _v1_bot(d: Mapping[str, Any], seat: int, name: str, table_id: str, seed: int) -> BotSpec:
    """A bot as version 1 recorded it: `{"type": level, "seed", "name"}` (the
    table's own), `{"type": "level", "level", "seed", "name"}` (`shengji play`'s)."""
    kind = d.get("type")
    level = d.get("level") if kind == "level" else kind
    _known_level(level, seat, table_id)
    bseed = d.get("seed")
    if not isinstance(bseed, int):
        bseed = bot_seed(seed, seat) if kind == "level" else 0
    return BotSpec.model_validate({"level": level, "seed": bseed, "name": d.get("name") or name})


def _v1_seats(
    data: Mapping[str, Any], names: Sequence[str], players: int, table_id: str, seed: int
) -> list[dict[str, Any]]:
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        # version 1 kept such a table's seats as its names made them
        return [
            {"kind": "human", "name": n} if n else dict(SeatSettings.empty(s))
            for s, n in enumerate(list(names)[:players])
        ]
    out: list[dict[str, Any]] = []
    for s, spec in enumerate(seats):
        spec = spec if isinstance(spec, dict) else {}
        kind = spec.get("kind")
        name = str(spec.get("name") or f"seat {s + 1}")
        bot = spec.get("bot")
        if kind == "bot" and isinstance(bot, dict):
            stand_in = spec.get("stand_in_for")
            out.append(
                {
                    "kind": "bot",
                    "name": name,
                    "bot": _v1_bot(bot, s, name, table_id, seed),
                    "stand_in_for": str(stand_in) if stand_in else None,
                }
            )
        elif kind == "human":
            out.append({"kind": "human", "name": name})
        else:
            out.append({"kind": "empty", "name": name})
    return out


def _newer(version: object, table_id: str) -> SettingsError:
    return SettingsError(
        f"table {table_id!r}: its settings are of version {version!r}, which this version "
        f"of shengji-tui does not read (it reads version {SETTINGS_VERSION}): upgrade shengji-tui"
    )


def _problem(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err.get("loc", ()))
    msg = str(err.get("msg", "invalid"))
    return f"{where}: {msg}" if where else msg
