"""The text catalogue: every string a player reads, in English and Chinese.

Catalogues are TOML files under `assets/i18n/<lang>.toml`; nested tables give
dotted keys (`[status] trump = ...` is `status.trump`). A missing key falls back
to English, then to the key itself (a test checks both files have the same
keys and placeholders). Placeholders use `str.format` names: `{name}`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .assets import asset
from .plain import plain_text

LANGS = ("en", "zh")


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in data.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = str(v)
    return out


@lru_cache(maxsize=8)
def load_catalogue(lang: str, ascii: bool = False) -> dict[str, str]:
    """The texts of `lang` (`ascii`: for an ASCII terminal, `plain.plain_text`)."""
    if ascii:
        return {k: plain_text(v, lang) for k, v in load_catalogue(lang).items()}
    path = asset("i18n", f"{lang}.toml")
    with path.open("rb") as f:
        return _flatten(tomllib.load(f))


def detect_lang(env: Mapping[str, str]) -> str:
    """`zh` when the locale variables ask for Chinese, else `en`."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        val = env.get(var, "")
        if val:
            return "zh" if val.lower().startswith("zh") else "en"
    return "en"


class Catalogue:
    """`t("status.trump", suit="♥")` in one language."""

    def __init__(self, lang: str = "en", ascii: bool = False) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
        self.lang = lang
        self.ascii = ascii  # for an ASCII terminal: no typographic marks (plain.py)
        self._texts = load_catalogue(lang, ascii)
        self._fallback = load_catalogue("en", ascii)

    @property
    def zh(self) -> bool:
        return self.lang == "zh"

    def has(self, key: str) -> bool:
        return key in self._texts or key in self._fallback

    def t(self, key: str, /, **kw: object) -> str:
        text = self._texts.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        if kw:
            try:
                return text.format(**kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    __call__ = t

    def plain(self, text: str) -> str:
        """Text made in code (not the catalogue's) as this catalogue writes it: for
        an ASCII terminal, in ASCII (`plain.plain_text`)."""
        return plain_text(text, self.lang) if self.ascii else text
