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

- The compositor asks a widget for its lines only if one of the screen rows
  being repainted crosses it. Textual repaints the rows that changed, but asks
  every widget inside the box around them for its lines: a play that changes
  a seat at the top and your line at the bottom visited every widget between.

docs/architecture.md ("built for many apps in one process") says why these
are patches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual._compositor import Compositor
from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
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


_original_render_chops = Compositor._render_chops


def _render_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Any:
    self._shengji_rows = is_rendered_line  # type: ignore[attr-defined]
    try:
        return _original_render_chops(self, crop, is_rendered_line)
    finally:
        self._shengji_rows = None  # type: ignore[attr-defined]


def _get_renders(
    self: Compositor, crop: Region | None = None
) -> Iterable[tuple[Region, Region, list[Any]]]:
    """Textual's `_get_renders`, skipping widgets none of whose rows is repainted
    (their strips would be dropped by `_render_chops` anyway)."""
    rows: Callable[[int], bool] | None = getattr(self, "_shengji_rows", None)
    items = self.visible_widgets.items()
    if crop:
        overlaps = crop.overlaps
        items = [item for item in items if overlaps(item[1][1])]  # type: ignore[assignment]
    for widget, (region, clip) in items:
        x, y, width, height = Region.intersection(region, clip)
        if not (width and height):
            continue
        if rows is not None and not any(rows(r) for r in range(y, y + height)):
            continue
        if Region.contains_region(clip, region):
            yield region, clip, widget.render_lines(Region(0, 0, region.width, region.height))
        else:
            yield (
                region,
                clip,
                widget.render_lines(Region(x - region.x, y - region.y, width, height)),
            )


def install() -> None:
    if getattr(Strip, "_shengji_lazy_caches", False):
        return
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    Strip.__getattr__ = _strip_getattr  # type: ignore[attr-defined]
    Strip._shengji_lazy_caches = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Compositor._render_chops = _render_chops  # type: ignore[method-assign]
    Compositor._get_renders = _get_renders  # type: ignore[method-assign]


install()
