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

- A partial repaint asks a widget only for the rows where it paints a piece of
  the screen that changed and that no widget in front of it covers. Textual
  asks every widget inside the box around the changes for all its lines (a
  play that changes a seat at the top and your line at the bottom visited
  every widget between, and the five containers behind them), then keeps the
  pieces of the changed spans.

docs/architecture.md ("built for many apps in one process") says why these
are patches.
"""

from __future__ import annotations

import itertools
from typing import Any

from textual._compositor import ChopsUpdate, Compositor
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


def _render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """Textual's `render_partial_update`, asking widgets only for the pieces of
    lines that will be written (see `_span_chops`)."""
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    spans = list(self._regions_to_spans(update_regions))
    chops = _span_chops(self, spans)
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def _span_chops(self: Compositor, spans: list[tuple[int, int, int]]) -> list[dict[int, Any]]:
    """The chops (pieces of a row between two cuts) that `ChopsUpdate` writes: those
    overlapping a repainted span. Widgets are visited front to back as in Textual
    (the first widget to cover a chop paints it); a widget is asked only for the
    rows where it paints a chop still missing, so the containers behind the
    table's widgets and the widgets beside a repainted one are not rendered."""
    cuts = self.cuts
    chops: list[dict[int, Any]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    height = len(cuts)
    missing: dict[int, set[int]] = {}  # row -> starts of the chops still to paint
    for y, x1, x2 in spans:
        if not 0 <= y < height:
            continue
        row = cuts[y]
        need = missing.setdefault(y, set())
        for a, b in itertools.pairwise(row):
            if a < x2 and b > x1:
                need.add(a)
    intersection = Region.intersection
    for widget, (region, clip) in self.visible_widgets.items():
        if not missing:
            break
        render_region = intersection(region, clip)
        rx, ry, width, rheight = render_region
        if not (width and rheight):
            continue
        x_end = rx + width
        rows = [
            y
            for y in range(ry, ry + rheight)
            if (todo := missing.get(y)) and any(rx <= a < x_end for a in todo)
        ]
        if not rows:
            continue
        y0, y1 = rows[0], rows[-1]
        strips = widget.render_lines(Region(rx - region.x, y0 - region.y, width, y1 - y0 + 1))
        for y in rows:
            strip = strips[y - y0]
            final_cuts = [cut for cut in cuts[y] if x_end >= cut >= rx]
            chops_line = chops[y]
            need = missing[y]
            pieces = strip.divide([c - rx for c in final_cuts[1:]])
            for cut, piece in zip(final_cuts, pieces, strict=False):
                if cut in need:
                    chops_line[cut] = piece
                    need.discard(cut)
            if not need:
                del missing[y]
    return chops


def install() -> None:
    if getattr(Strip, "_shengji_lazy_caches", False):
        return
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    Strip.__getattr__ = _strip_getattr  # type: ignore[attr-defined]
    Strip._shengji_lazy_caches = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]


install()
