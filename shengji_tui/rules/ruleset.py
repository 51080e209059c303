"""`RuleSet`: every option of docs/rules.md as one validated pydantic model, and the presets."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..untrusted import clean_line
from . import bounds
from .bounds import RulesError
from .cards import Rank, parse_rank

NAME_CELLS = 32  # a ruleset's name, in terminal cells
LEVELS_FULL = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
LEVELS_TOURNAMENT = ["2", "5", "10", "J", "Q", "K", "A"]

# a rules file is a few hundred bytes; one beyond this is refused before it is parsed
MAX_RULES_BYTES = 8 * 1024
MAX_REFUSALS = 4  # problems listed in one refusal

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
        return None if v is None else _rank(v)

    @field_validator("levels", "must_play")
    @classmethod
    def _levels_ok(cls, v: list[str]) -> list[str]:
        return [_rank(x) for x in v]

    @model_validator(mode="after")
    def _consistent(self) -> RuleSet:
        bounds.check(self)
        return self

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
            names = ", ".join(PRESET_NAMES)
            raise RulesError(
                f"no preset {bounds.short(name)}; choose one of: {names}",
                f"没有预设 {bounds.short(name)}；可选：{names}",
            )
        return cls.model_validate({"name": key, **_PRESETS[key]})

    # --------------------------------------------------------------- files
    @classmethod
    def load(cls, path: str | Path) -> RuleSet:
        """Read a ruleset from a .toml or .json file (a `preset` key starts from a
        preset). RulesError with a sentence for a file that cannot be read, is
        too long (`MAX_RULES_BYTES`), is not TOML/JSON or holds bad options."""
        p = Path(path)
        try:
            with p.open("rb") as f:
                raw = f.read(MAX_RULES_BYTES + 1)
        except OSError as e:
            why = e.strerror or type(e).__name__
            raise RulesError(
                f"cannot read rules file {p}: {why}", f"无法读取规则文件 {p}：{why}"
            ) from None
        kind = "toml" if p.suffix.lower() == ".toml" else "json"
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is None and len(raw) <= MAX_RULES_BYTES:
            raise RulesError(
                f"rules file {p} is not text (UTF-8)", f"规则文件 {p} 不是文本（UTF-8）"
            )
        return cls.from_dict(parse_rules_text(text or "", kind, len(raw), f"rules file {p} is"))

    @classmethod
    def from_text(cls, text: str) -> RuleSet:
        """A ruleset from the text of a rules file: JSON when it starts with `{`,
        else TOML (what a player pastes into the SSH lobby's dialog). RulesError
        with a sentence for text that is too long, not TOML/JSON or bad options."""
        kind = "json" if text.lstrip().startswith("{") else "toml"
        return cls.from_dict(parse_rules_text(text, kind))

    @classmethod
    def from_dict(cls, data: Any) -> RuleSet:
        """A ruleset from the options of a rules file (a `preset` key starts from
        that preset); RulesError with a sentence (English and Chinese) otherwise."""
        if not isinstance(data, dict):
            raise RulesError("a ruleset must be a table of options", "规则必须是选项表")
        data = dict(data)
        base: dict[str, Any] = {}
        if "preset" in data:
            preset = data.pop("preset")
            base = cls.preset(preset if isinstance(preset, str) else repr(preset)).model_dump()
        base.update(data)
        try:
            return cls.model_validate(base)
        except ValidationError as e:
            raise refusal(e) from None

    def save(self, path: str | Path) -> None:
        p = Path(path)
        if p.suffix.lower() == ".toml":
            p.write_text(self.to_toml(), encoding="utf-8")
        else:
            p.write_text(self.model_dump_json(indent=2), encoding="utf-8")

    def to_toml(self) -> str:
        return _to_toml(self.model_dump(exclude_none=True))


def _rank(x: object) -> str:
    """A level or constant rank: 2 to A (not a joker)."""
    try:
        rank = parse_rank(x if isinstance(x, str) else str(x))
        if not rank.is_joker:
            return rank.value
    except ValueError:
        pass
    raise RulesError(
        f"{bounds.short(x)} is not a rank (2-10, J, Q, K, A)",
        f"{bounds.short(x)} 不是牌点（2-10、J、Q、K、A）",
    )


def parse_rules_text(
    text: str, kind: str, size: int | None = None, what: str = "the rules are"
) -> Any:
    """The data of a rules file's `text` (`kind` "toml" or "json"): the one place
    rules text is parsed. RulesError with a sentence for text over
    `MAX_RULES_BYTES` (`size`: its length in bytes, if known) or text that does
    not parse, whatever its shape: nested too deep, numbers too long..."""
    n = len(text.encode("utf-8", "replace")) if size is None else size
    kib = MAX_RULES_BYTES // 1024
    if n > MAX_RULES_BYTES:
        raise RulesError(
            f"{what} too long for a rules file: more than {kib} KiB",
            f"规则太长，不像规则文件：超过 {kib} KiB",
        )
    label = kind.upper()
    try:
        return tomllib.loads(text) if kind == "toml" else json.loads(text)
    except RecursionError:
        why = "nested too deep"
        why_zh = "嵌套太深"
    except (ValueError, TypeError) as e:  # the decoders' errors, too-long numbers
        why = _first_line(str(e)) or type(e).__name__
        why_zh = why
    raise RulesError(
        f"{what} not valid {label}: {why}",
        f"规则不是有效的 {label}：{why_zh}",
    )


def _first_line(text: str, limit: int = 120) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def refusal(e: ValidationError) -> RulesError:
    """A pydantic ValidationError of a RuleSet as one sentence (English and
    Chinese): its first problems, each where it is and why, cut short."""
    en: list[str] = []
    zh: list[str] = []
    errors = e.errors()
    for err in errors[:MAX_REFUSALS]:
        where = ".".join(str(x) for x in err["loc"])
        where = bounds.short(where, 40)[1:-1] if where else ""
        cause = err.get("ctx", {}).get("error")
        if isinstance(cause, RulesError):
            msg, msg_zh = str(cause), cause.zh
        else:
            msg = _first_line(str(err["msg"]).removeprefix("Value error, "), 160)
            msg_zh = f"值无效（{msg}）"
        en.append(f"{where}: {msg}" if where else msg)
        zh.append(f"{where}：{msg_zh}" if where else msg_zh)
    more = len(errors) - MAX_REFUSALS
    if more > 0:
        en.append(f"and {more} more")
        zh.append(f"另有 {more} 处")
    return RulesError(f"invalid rules: {'; '.join(en)}", f"规则无效：{'；'.join(zh)}")


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
