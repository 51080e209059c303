"""Seat names in the player's language.

The names a table gives by itself (the bots', from `names.bots`, and the
humans' at one keyboard: `names.you`, `names.player`) are written in the
language the game was started in and stored so. Shown in another language,
they are the same names of that language's catalogue ("Mei" is "小梅"); any
other name (a player's own, over SSH) stays as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .i18n import LANGS, Catalogue


@lru_cache(maxsize=8)
def _bot_names(lang: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in Catalogue(lang).t("names.bots").split(","))


@lru_cache(maxsize=8)
def _player_pattern(lang: str) -> re.Pattern[str]:
    before, _, after = Catalogue(lang).t("names.player", n="\0").partition("\0")
    return re.compile(re.escape(before) + r"(\d+)" + re.escape(after))


def local_name(cat: Catalogue, name: str, bot: bool) -> str:
    """`name` as `cat`'s language writes it (a bot's: `bot` True)."""
    for lang in LANGS:
        if lang == cat.lang:
            continue
        if bot:
            theirs = _bot_names(lang)
            if name in theirs:
                ours = _bot_names(cat.lang)
                return ours[theirs.index(name) % len(ours)]
            continue
        if name == Catalogue(lang).t("names.you"):
            return cat.t("names.you")
        found = _player_pattern(lang).fullmatch(name)
        if found:
            return cat.t("names.player", n=int(found.group(1)))
    return name
