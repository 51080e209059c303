"""Changes to Textual internals that make an app lighter (pinned Textual 8.x,
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
- A widget's content lines get their padding and side borders by a short
  path: Textual's `StylesCache.render_line` reads some thirty style properties
  for every line it paints; they are read once per render (`line_plan`).
  Widgets with an outline, hatch, tint or opacity, and the border and padding
  rows, take Textual's path.

docs/architecture.md ("built for many apps in one process") says why these
are patches.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._border import get_box
from textual._compositor import ChopsUpdate, Compositor
from textual._segment_tools import line_pad
from textual._styles_cache import StylesCache
from textual.app import App
from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.filter import Monochrome, NoColor
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as TStyle
from textual.widget import Widget

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


_original_styles_render = StylesCache.render
_original_render_line = StylesCache.render_line


def _styles_render(self: StylesCache, *args: Any, **kwargs: Any) -> Any:
    self._shengji_plan = None  # type: ignore[attr-defined]  # made at the first line painted
    return _original_styles_render(self, *args, **kwargs)


class LinePlan(NamedTuple):
    """What `StylesCache.render_line` puts around a content line of one widget, read
    from its styles once per render instead of once per line."""

    top: int  # rows of border and padding above the content
    bottom: int  # first row of border and padding below it
    content_width: int
    content_height: int
    pad_left: int
    pad_right: int
    left: Segment | None  # the left border's piece of a content row
    right: Segment | None
    inner: RichStyle  # the content's background


def line_plan(
    cache: StylesCache,
    styles: Any,
    size: Any,
    content_size: Any,
    padding: Any,
    base_background: Any,
    background: Any,
    opacity: float,
) -> LinePlan | None:
    """The plan, or None where Textual's path does more than pad and border a
    line (outline, hatch, tint, text opacity, opacity)."""
    if (
        opacity != 1.0
        or styles.has_rule("hatch")
        or styles.tint.a
        or styles.text_opacity != 1.0
        or any(edge[0] for edge in styles.outline)
    ):
        return None
    gutter = styles.gutter
    _top, (right_type, right_color), _bottom, (left_type, left_color) = styles.border
    inner, outer = cache.get_inner_outer(base_background, background)
    left = right = None
    if left_type:
        left_style = TStyle(foreground=base_background + left_color)
        left = get_box(left_type, inner, outer, left_style)[1][0]
    if right_type:
        right_style = TStyle(foreground=base_background + right_color)
        right = get_box(right_type, inner, outer, right_style)[1][2]
    return LinePlan(
        gutter.top,
        size.height - gutter.bottom,
        content_size.width,
        content_size.height,
        padding.left,
        padding.right,
        left,
        right,
        inner.rich_style,
    )


def _render_line(
    self: StylesCache,
    styles: Any,
    y: int,
    size: Any,
    content_size: Any,
    padding: Any,
    base_background: Any,
    background: Any,
    render_content_line: Any,
    *rest: Any,
) -> Strip:
    plan: LinePlan | bool | None = self._shengji_plan  # type: ignore[attr-defined]
    if plan is None:
        plan = line_plan(
            self, styles, size, content_size, padding, base_background, background, rest[2]
        )
        self._shengji_plan = plan or False  # type: ignore[attr-defined]
    if not isinstance(plan, LinePlan) or not plan.top <= y < plan.bottom:
        return _original_render_line(
            self,
            styles,
            y,
            size,
            content_size,
            padding,
            base_background,
            background,
            render_content_line,
            *rest,
        )
    inner = plan.inner
    content_y = y - plan.top
    if content_y < plan.content_height:
        line = render_content_line(content_y).adjust_cell_length(plan.content_width, inner)
    else:
        line = Strip.blank(plan.content_width, inner)
    if not (plan.pad_left or plan.pad_right or plan.left or plan.right):
        return line  # type: ignore[no-any-return]
    segments = line_pad(line, plan.pad_left, plan.pad_right, inner)
    if plan.left:
        segments.insert(0, plan.left)
    if plan.right:
        segments.append(plan.right)
    return Strip(segments, size.width)


def repaint_lines(widget: Widget, regions: list[Region]) -> None:
    """`widget.refresh(*regions)` without its two message hops. Textual's refresh
    prompts the widget's message pump, whose idle handler posts an `Update` to
    the screen, whose handler marks the widget dirty and whose idle handler
    starts the screen's update timer: four task switches per widget, on every
    player's screen at every play. A repaint of lines whose size did not
    change needs only the marks and the timer."""
    screen = widget.screen
    app = widget.app
    if not screen.is_current or app._batch_count or screen not in screen._compositor:
        widget.refresh(*regions)
        return
    widget._set_dirty(*regions)
    screen._dirty_widgets.add(widget)
    screen._update_timer.resume()


def set_no_color(app: App[Any], no_color: bool) -> None:
    """NO_COLOR for this app alone (an SSH client's, not the server's environment)."""
    app.no_color = no_color
    app._filters = [f for f in app._filters if not isinstance(f, (NoColor, Monochrome))]
    if no_color:
        app._filters.append(NoColor() if app.native_ansi_color else Monochrome())


def install() -> None:
    if getattr(Strip, "_shengji_lazy_caches", False):
        return
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    Strip.__getattr__ = _strip_getattr  # type: ignore[attr-defined]
    Strip._shengji_lazy_caches = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
    StylesCache._shengji_plan = None  # type: ignore[attr-defined]
    StylesCache.render = _styles_render  # type: ignore[method-assign]
    StylesCache.render_line = _render_line  # type: ignore[method-assign, assignment]


install()
