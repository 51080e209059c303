"""Two changes to Textual internals that make an app lighter (pinned Textual 8.x,
checked by tests/tui/test_patches.py). Installed when `tui.app` is imported.

- `Strip` objects create their seven memo caches on first use instead of in
  `__init__`. Most strips (a line of a widget, a cut of a line) never use any:
  the caches were half the memory of a table screen, and the allocations made
  the garbage collector run several times per table update.
- Parsed stylesheets are shared by every app of the process (keyed by the CSS
  text and the theme's variables). Each app parsed the same CSS into its own
  selectors and rules (~0.4 MB per app): the SSH server runs one app per session.
  Parsed rules are only read after parsing.

docs/architecture.md ("Textual patches") says why these are patches.
"""

from __future__ import annotations

from typing import Any

from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

_STRIP_CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}


def _strip_init(self: Strip, segments: Any, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _strip_getattr(self: Strip, name: str) -> Any:
    # Called only for an unset slot: one of the caches, made on first use.
    size = _STRIP_CACHES.get(name)
    if size is None:
        raise AttributeError(name)
    cache: FIFOCache[Any, Any] = FIFOCache(size)
    setattr(self, name, cache)
    return cache


_SHARED_RULES: dict[tuple[object, ...], Any] = {}
_original_parse_rules = Stylesheet._parse_rules


def _parse_rules(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> Any:
    variables = tuple(sorted(self._variables.items()))
    key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
    rules = _SHARED_RULES.get(key)
    if rules is None:
        rules = _original_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        if len(_SHARED_RULES) > 2000:  # many themes tried: start again
            _SHARED_RULES.clear()
        _SHARED_RULES[key] = rules
    return rules


def install() -> None:
    if getattr(Strip, "_shengji_lazy_caches", False):
        return
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    Strip.__getattr__ = _strip_getattr  # type: ignore[attr-defined]
    Strip._shengji_lazy_caches = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


install()
