"""`RuleSet`: every option of docs/rules.md as one validated pydantic model, and the presets."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..untrusted import clean_line
from .cards import Rank, parse_rank

NAME_CELLS = 32  # a ruleset's name, in terminal cells
LEVELS_FULL = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
LEVELS_TOURNAMENT = ["2", "5", "10", "J", "Q", "K", "A"]

PRESET_NAMES = (
    "classic",
    "tournament",
    "find-friends",
    "find-friends-5",
    "one-deck",
    "two-color",
    "three-deck",
    "six-player",
    "four-deck",
    "eighty-points",
    "three-player",
)


class ScoreBand(BaseModel):
    """From `min_points` attacker points up (until the next band): the deal's result."""

    model_config = ConfigDict(frozen=True)

    min_points: int
    dealer_levels: int = 0
    attacker_levels: int = 0
    take_over: bool = False


class RuleSet(BaseModel):
    """All rule options. Build one with `RuleSet.preset(name)` and adjust with `model_copy`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    # --- the pack -------------------------------------------------------------
    decks: int = Field(2, description="copies of the 54-card pack, 1 to 4")
    players: int = Field(
        4,
        description="players at the table, 3 to 6; 54 x decks less the kitty must deal evenly "
        "to them; fixed partners need an even count (two teams on alternate seats)",
    )
    kitty_size: int = Field(8, description="cards left for the kitty 底牌")
    two_color: bool = Field(False, description="red (H, D) and black (S, C) are the two suits")
    constant_rank: str | None = Field(
        None, description="a rank that is always trump 常主, e.g. '2'"
    )
    # --- partnerships ---------------------------------------------------------
    partnership: Literal["fixed", "find_friends", "solo"] = "fixed"
    friend_rule: Literal["holder", "nth_played"] = Field(
        "holder",
        description="find friends: the friend holds the called card (seed 000), or plays "
        "its nth copy (nth_played)",
    )
    friend_split: Literal["hard", "even"] = Field(
        "hard",
        description="five-player find friends: the dealer side's levels, two thirds to "
        "whoever of the two won the last trick (hard: the friend only if it did), or halved",
    )
    # --- play -----------------------------------------------------------------
    trick_compare: Literal["largest_unit", "all", "highest"] = "largest_unit"
    throw_penalty: Literal["none", "points", "match_score", "eighty_points"] = Field(
        "none",
        description="a failed throw costs: nothing / points to the other side / the thrower's "
        "match points / eighty points: the thrower's match points, paid to the dealer (by an "
        "attacker) or shared among the others (by the dealer)",
    )
    throw_penalty_amount: int = Field(10, description="points (or match points) per failed throw")
    throw_failure_limit: int | None = Field(
        None, description="after this many failed throws in a deal nobody may throw (80分: 2)"
    )
    throw_trick_limit: int | None = Field(
        None, description="throws allowed only in the first N tricks (three-player: 3)"
    )
    wide_units_substitute: bool = Field(
        False,
        description="four-deck: a quad may follow (and beats) a 2-pair tractor, a triple "
        "tractor a 3-pair tractor, of the same card count",
    )
    # --- declaring ------------------------------------------------------------
    self_overturn: bool = Field(True, description="a declarer may overturn their own suit 自反")
    hidden_declaring: bool = Field(
        False, description="declarations are shown only when the deal ends"
    )
    no_declaration: Literal["flip_kitty", "no_trump", "redeal", "spades"] = "flip_kitty"
    kitty_theft: bool = Field(False, description="炒底: others may overturn after the bury")
    bidding: Literal["none", "points_up", "threshold_down"] = Field(
        "none", description="eighty-points auction (70 up) / three-player auction on the threshold"
    )
    bid_start: int = Field(
        70, description="rising: the lowest opening bid; falling: the highest threshold"
    )
    bid_step: int = Field(5, description="bids are multiples of this")
    name_no_trump: bool = Field(
        True, description="the auction's winner may name no-trump (eighty points: no, 不能是无主)"
    )
    kitty_shown: int = Field(0, description="kitty cards shown to all before the auction (3人: 3)")
    overturn_swap: int = Field(
        0,
        description="三人 反牌: after the bury each attacker in turn may overturn trump with a "
        "stronger declaration and swap this many random kitty cards (0: no overturning)",
    )
    match_deals: int | None = Field(
        None,
        description="a match of this many deals, won on match points (eighty points: 8); "
        "None: until a side wins a deal as dealer at the last level",
    )
    # --- kitty ----------------------------------------------------------------
    kitty_multiplier: Literal["power", "times", "tournament"] = "power"
    kitty_multiplier_cap: int = 64
    kitty_trump_only: bool = Field(
        False, description="only a trump win of the last trick multiplies"
    )
    # --- scoring and levels ---------------------------------------------------
    score_step: int = Field(40, description="points per band (20 x decks by default)")
    score_table: list[ScoreBand] = Field(default_factory=list)
    extra_step: int | None = Field(
        None, description="beyond the last band, attackers +1 level per this many points"
    )
    level_cap: int | None = Field(None, description="most levels one deal can give")
    levels: list[str] = Field(default_factory=lambda: list(LEVELS_FULL))
    must_play: list[str] = Field(default_factory=lambda: ["A"])
    jack_rule: bool = Field(
        False, description="dealer at J, attackers capture the kitty with J: back to 2"
    )

    # ------------------------------------------------------------------ checks
    @field_validator("name", mode="before")
    @classmethod
    def _name_plain(cls, v: object) -> object:
        # A rules file's name is shown to every player in the lobby: cleaned here,
        # where a file, a paste, a save or the store enters, to one short line of
        # plain text (no escape sequence, no invisible character).
        if not isinstance(v, str):
            return v
        return clean_line(v, max_cells=NAME_CELLS) or "custom"

    @field_validator("constant_rank")
    @classmethod
    def _rank_ok(cls, v: str | None) -> str | None:
        return None if v is None else parse_rank(v).value

    @field_validator("levels", "must_play")
    @classmethod
    def _levels_ok(cls, v: list[str]) -> list[str]:
        return [parse_rank(x).value for x in v]

    @model_validator(mode="after")
    def _consistent(self) -> RuleSet:
        if not 1 <= self.decks <= 4:
            raise ValueError(f"decks must be 1 to 4, not {self.decks}")
        if not 3 <= self.players <= 6:
            raise ValueError(f"players must be 3 to 6, not {self.players}")
        total = 54 * self.decks
        if self.kitty_size < 0 or self.kitty_size >= total:
            raise ValueError(f"a kitty of {self.kitty_size} cards does not fit {total} cards")
        if (total - self.kitty_size) % self.players:
            fits = [k for k in range(1, 13) if (total - k) % self.players == 0]
            raise ValueError(
                f"{total} cards less a kitty of {self.kitty_size} do not deal evenly "
                f"to {self.players} players (kitty sizes that do: "
                f"{', '.join(map(str, fits))})"
            )
        if self.two_color and self.decks != 1:
            raise ValueError("the two-colour pack is played with one deck")
        if self.partnership == "fixed" and self.players % 2:
            raise ValueError(
                "fixed partners need an even number of players (two teams on alternate "
                "seats); with an odd number choose partnership solo or find_friends"
            )
        if self.partnership == "find_friends" and self.players < 4:
            raise ValueError("find friends needs 4 to 6 players (with 3, choose partnership solo)")
        if not self.levels:
            raise ValueError("the level sequence is empty")
        if len(set(self.levels)) != len(self.levels):
            raise ValueError("the level sequence repeats a level")
        for lv in self.must_play:
            if lv not in self.levels:
                raise ValueError(f"must-play level {lv} is not in the level sequence")
        if self.score_step <= 0 or self.score_step % 5:
            raise ValueError("score_step must be a positive multiple of 5")
        if self.score_table:
            mins = [b.min_points for b in self.score_table]
            if mins != sorted(mins) or len(set(mins)) != len(mins):
                raise ValueError("score bands must be in rising order of points")
            if mins[0] > 0:
                raise ValueError("the first score band must start at 0 points")
        if self.extra_step is not None and self.extra_step <= 0:
            raise ValueError("extra_step must be positive")
        if self.level_cap is not None and self.level_cap < 1:
            raise ValueError("level_cap must be at least 1")
        if self.kitty_multiplier_cap < 1:
            raise ValueError("kitty_multiplier_cap must be at least 1")
        if self.throw_trick_limit is not None and self.throw_trick_limit < 0:
            raise ValueError("throw_trick_limit cannot be negative")
        if self.throw_failure_limit is not None and self.throw_failure_limit < 0:
            raise ValueError("throw_failure_limit cannot be negative")
        self._check_auction()
        return self

    def _check_auction(self) -> None:
        if self.bid_step <= 0 or self.bid_start <= 0 or self.bid_start % self.bid_step:
            raise ValueError("bid_start must be a positive multiple of a positive bid_step")
        if self.bidding != "none" and self.partnership != "solo":
            raise ValueError("an auction makes one dealer against the rest: partnership solo")
        if self.bidding == "points_up" and self.bid_start > self.total_points:
            raise ValueError(f"bid_start {self.bid_start} is above the pack's points")
        if not 0 <= self.kitty_shown <= self.kitty_size:
            raise ValueError(f"kitty_shown must be 0 to the kitty's {self.kitty_size} cards")
        if not 0 <= self.overturn_swap <= self.kitty_size:
            raise ValueError(f"overturn_swap must be 0 to the kitty's {self.kitty_size} cards")
        if (self.kitty_shown or self.overturn_swap) and self.bidding == "none":
            raise ValueError("kitty_shown and overturn_swap belong to an auction (bidding)")
        if self.match_deals is not None and self.match_deals < 1:
            raise ValueError("match_deals must be at least 1")

    # --------------------------------------------------------------- derived
    @property
    def hand_size(self) -> int:
        """Cards each player is dealt."""
        return (54 * self.decks - self.kitty_size) // self.players

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    @property
    def constant(self) -> Rank | None:
        return None if self.constant_rank is None else Rank(self.constant_rank)

    @property
    def max_tuple(self) -> int:
        """The widest tuple the pack allows (two-colour: a pair)."""
        return 2 if self.two_color else self.decks

    def bands(self) -> list[ScoreBand]:
        """The score table in force (the default one built from `score_step`)."""
        if self.score_table:
            return list(self.score_table)
        return default_score_table(self.score_step)

    # ------------------------------------------------------------- presets
    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """One of `PRESET_NAMES` ("classic", "tournament", ...)."""
        key = name.strip().lower().replace("_", "-")
        if key not in _PRESETS:
            raise ValueError(f"no preset {name!r}; choose one of: {', '.join(PRESET_NAMES)}")
        return cls.model_validate({"name": key, **_PRESETS[key]})

    # --------------------------------------------------------------- files
    @classmethod
    def load(cls, path: str | Path) -> RuleSet:
        """Read a ruleset from a .toml or .json file (a `preset` key starts from a preset)."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise ValueError(f"cannot read rules file {p}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise ValueError(f"rules file {p} is not text (UTF-8)") from None
        try:
            data = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"rules file {p} is not valid {p.suffix[1:].upper()}: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_text(cls, text: str) -> RuleSet:
        """A ruleset from the text of a rules file: JSON when it starts with `{`,
        else TOML (what a player pastes into the SSH lobby's dialog)."""
        json_text = text.lstrip().startswith("{")
        try:
            data = json.loads(text) if json_text else tomllib.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
            kind = "JSON" if json_text else "TOML"
            raise ValueError(f"the rules are not valid {kind}: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> RuleSet:
        if not isinstance(data, dict):
            raise ValueError("a ruleset must be a table of options")
        data = dict(data)
        base: dict[str, Any] = {}
        if "preset" in data:
            preset = str(data.pop("preset"))
            base = cls.preset(preset).model_dump()
        base.update(data)
        try:
            return cls.model_validate(base)
        except ValidationError as e:
            msgs = "; ".join(
                (".".join(str(x) for x in err["loc"]) + ": " if err["loc"] else "")
                + err["msg"].removeprefix("Value error, ")
                for err in e.errors()
            )
            raise ValueError(f"invalid rules: {msgs}") from None

    def save(self, path: str | Path) -> None:
        p = Path(path)
        if p.suffix.lower() == ".toml":
            p.write_text(self.to_toml(), encoding="utf-8")
        else:
            p.write_text(self.model_dump_json(indent=2), encoding="utf-8")

    def to_toml(self) -> str:
        return _to_toml(self.model_dump(exclude_none=True))


def default_score_table(step: int) -> list[ScoreBand]:
    """docs/rules.md §8: 0 → dealer +3; 5.. → +2; step → +1; 2·step → swap;
    3·step → attackers +1."""
    return [
        ScoreBand(min_points=0, dealer_levels=3),
        ScoreBand(min_points=5, dealer_levels=2),
        ScoreBand(min_points=step, dealer_levels=1),
        ScoreBand(min_points=2 * step, take_over=True),
        ScoreBand(min_points=3 * step, attacker_levels=1, take_over=True),
    ]


def _classic() -> dict[str, Any]:
    return {"decks": 2, "kitty_size": 8, "score_step": 40, "extra_step": 40}


_PRESETS: dict[str, dict[str, Any]] = {
    "classic": _classic(),
    "tournament": {
        **_classic(),
        "levels": LEVELS_TOURNAMENT,
        "must_play": ["2", "A"],
        "jack_rule": True,
        "throw_penalty": "points",
        "throw_penalty_amount": 10,
        "kitty_multiplier": "tournament",
        "level_cap": 3,
        "self_overturn": False,
        "extra_step": None,
        "score_table": [
            {"min_points": 0, "dealer_levels": 3},
            {"min_points": 5, "dealer_levels": 2},
            {"min_points": 40, "dealer_levels": 1},
            {"min_points": 80, "take_over": True},
            {"min_points": 120, "attacker_levels": 2, "take_over": True},
            {"min_points": 150, "attacker_levels": 3, "take_over": True},
        ],
    },
    "find-friends": {**_classic(), "partnership": "find_friends"},
    # seeds 000/002 (5人3副牌打找朋友): the three-deck game at five seats, one friend,
    # §10's five-player table in steps of 60; J and A must be played
    "find-friends-5": {
        "decks": 3,
        "players": 5,
        "kitty_size": 7,
        "partnership": "find_friends",
        "score_step": 60,
        "extra_step": 60,
        "must_play": ["J", "A"],
    },
    "one-deck": {"decks": 1, "kitty_size": 6, "score_step": 20, "extra_step": 20},
    "two-color": {
        "decks": 1,
        "kitty_size": 6,
        "two_color": True,
        "score_step": 20,
        "extra_step": 20,
    },
    "three-deck": {"decks": 3, "kitty_size": 6, "score_step": 60, "extra_step": 60},
    # seed 002 (6人三副牌, 分两方): the three-deck game for two teams of three on
    # alternate seats; the default table of step 60 is the three-deck one
    "six-player": {
        "decks": 3,
        "players": 6,
        "kitty_size": 6,
        "score_step": 60,
        "extra_step": 60,
    },
    "four-deck": {
        "decks": 4,
        "kitty_size": 8,
        "constant_rank": "2",
        "hidden_declaring": True,
        "kitty_theft": True,
        "self_overturn": False,
        "kitty_trump_only": True,
        "throw_penalty": "match_score",
        "throw_penalty_amount": 1,
        "wide_units_substitute": True,
        "score_step": 80,
        "extra_step": 80,
        "score_table": [
            {"min_points": 0, "dealer_levels": 3},
            {"min_points": 5, "dealer_levels": 2},
            {"min_points": 80, "dealer_levels": 1},
            {"min_points": 160, "attacker_levels": 1, "take_over": True},
        ],
    },
    "eighty-points": {
        **_classic(),
        "partnership": "solo",
        "bidding": "points_up",
        "bid_start": 70,
        "bid_step": 5,
        "levels": ["2"],
        "must_play": [],
        "no_declaration": "spades",
        "name_no_trump": False,
        "throw_penalty": "eighty_points",
        "throw_penalty_amount": 3,
        "throw_failure_limit": 2,
        "match_deals": 8,
    },
    "three-player": {
        "decks": 2,
        "players": 3,
        "kitty_size": 9,
        "partnership": "solo",
        "bidding": "threshold_down",
        "bid_start": 150,
        "bid_step": 5,
        "throw_trick_limit": 3,
        "kitty_shown": 3,
        "overturn_swap": 6,
        "score_step": 40,
        "extra_step": 40,
    },
}


def _to_toml(data: dict[str, Any]) -> str:
    """A small TOML writer for the flat ruleset (lists of tables for score bands)."""

    def val(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        raise TypeError(f"cannot write {v!r} as TOML")

    lines = []
    tables = []
    for k, v in data.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            tables.append((k, v))
        else:
            lines.append(f"{k} = {val(v)}")
    for k, rows in tables:
        for row in rows:
            lines.append("")
            lines.append(f"[[{k}]]")
            lines.extend(f"{rk} = {val(rv)}" for rk, rv in row.items())
    return "\n".join(lines) + "\n"
