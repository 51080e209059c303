"""`PlayerSettings`: what a player chose once for every game, kept in their
player record (the store's `players.settings_json`): over SSH per identity,
applied at every connection; for `shengji play` in the local player's record.

A record is read field by field (`settings_from_json`): a value that is not
what its field takes (a damaged or hand-edited record, one written by a newer
version) is that field's default and a sentence in the list of problems, the
other fields as they were. Nothing here refuses a login.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Lang = Literal["en", "zh"]


class PlayerSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore", strict=True)

    lang: Lang | None = None  # None: the terminal's (LANG, the SSH client's)
    bell: bool = False  # the terminal's bell on their turn
    ascii: bool = False  # the card style: S H D C instead of ♠♥♦♣
    theme: str | None = Field(None, max_length=64)  # None: the game's own
    card_counter: bool = True  # new tables let their players count cards (记牌器)
    estimate: bool = True  # auctions: the bidding panel tells what the hand is worth
    auto_declare: bool = False  # declare for the player (as the normal bot judges)
    auto_forced: bool = False  # play the player's follow when only one is legal

    def to_json(self) -> str:
        """The record's text: only what differs from the defaults."""
        return json.dumps(self.model_dump(exclude_defaults=True), ensure_ascii=False)


def settings_from_json(text: str | None) -> tuple[PlayerSettings, list[str]]:
    """The settings a record's text holds and what was wrong with it (each a
    sentence; the field it names is its default)."""
    if not text:
        return PlayerSettings(), []
    try:
        data = json.loads(text)
    except ValueError:
        return PlayerSettings(), ["the settings are not JSON"]
    if not isinstance(data, dict):
        return PlayerSettings(), ["the settings are not a JSON object"]
    kept: dict[str, object] = {}
    problems: list[str] = []
    for name in PlayerSettings.model_fields:
        if name not in data:
            continue
        try:
            PlayerSettings.model_validate({name: data[name]})
        except ValidationError:
            problems.append(f"setting {name!r} has a value it cannot take ({data[name]!r:.40})")
            continue
        kept[name] = data[name]
    return PlayerSettings.model_validate(kept), problems
