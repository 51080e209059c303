"""Every use of Textual's private parts, in one module: the patches that make an
app lighter, the private calls the TUI and the SSH driver make, and for each
a path through Textual's public API that works without them (only slower, or
plainer).

Nothing happens on import. `install()` (called by the CLI and by the SSH
server) checks that the installed Textual is a version these were tested on
(`TESTED`: tests/tui/test_patches.py); otherwise, or with `SHENGJI_VANILLA=1`
in the environment, everything stays off and the log says why. The private
modules are imported by `install()` only, so that a Textual that moved them
costs the patches, never the game.

The patches (docs/architecture.md, "built for many apps in one process"):
- `Strip` objects create their seven memo caches on first use instead of in
  `__init__`. Most strips (a line of a widget, a cut of a line) never use any:
  the caches were half the memory of a table screen, and the allocations made
  the garbage collector run several times per table update.
- Parsed stylesheets are shared by every app of the process (keyed by the CSS
  text and the theme's variables). Each app parsed the same CSS into its own
  selectors and rules (~0.4 MB per app): the SSH server runs one app per
  session. Parsed rules are only read after parsing.
- A partial repaint asks a widget only for the rows where it paints a piece of
  the screen that changed and that no widget in front of it covers. Textual
  asks every widget inside the box around the changes for all its lines.
- A widget's content lines get their padding and side borders by a short
  path: Textual's `StylesCache.render_line` reads some thirty style
  properties for every line it paints; they are read once per render
  (`line_plan`). Widgets with an outline, hatch, tint or opacity, and the
  border and padding rows, take Textual's path.
- A callback wrapped in `functools.partial` (every `call_after_refresh`, as the
  table's centre is measured after each update) has its parameters counted
  once per function: Textual counts them with `inspect.signature` for each new
  partial, its memo being kept on the partial.
- An ended app is taken apart (`release_app`, called by the SSH server once a
  session's app has ended): Textual's objects refer to each other in cycles
  (a widget and its styles, signals, timers, the animator and the app), so an
  ended app waited for the collector's full pass, and a hundred players
  leaving at once made one pass of ~2 s that stalled every table
  (docs/performance.md, "Many players leaving at once"). Every DOM node is
  recorded at its creation with its app, and at the end the nodes' and their
  per-node parts' attributes are dropped: reference counting frees the app
  there and then. Two Textual caches that made cycles of their own are
  mended: `LRUCache.clear` left its ring of links alive, and a `Strip` kept
  itself in its own memo (a strip already of the length asked for); such
  cycles were garbage for the collector on every repaint too.
- A node's screen is found by walking up its parents without importing
  `Screen` again at every step (Textual's `DOMNode.screen` does, and it is
  asked a few dozen times per widget repainted).
- A strip whose colours are all true colour already passes the ANSI colour
  filter as it is: Textual's filter makes a new strip of new segments for
  every line painted (its memo is on the strip, and a repainted line is a new
  strip), equal to the old one.
- Per-session colour systems (the SSH server: one process, clients of 16, 256
  or 16 million colours): `Strip.render` caches a strip's rendered text on the
  strip, and `Strip.render_style` each style's SGR codes on the (shared,
  interned) Rich `Style`, whichever console rendered them first; the
  replacements key the codes by colour system (Textual's own `render_ansi`
  cache) and keep no per-strip text. Off: every session gets `COMMON_COLOURS`.

The private calls, each with its public path when off:
- `release_app`: see above (else nothing: the collector frees the app).
- `repaint_lines`: a widget's changed lines repainted without Textual's message
  hops (else `Widget.refresh(*regions)`).
- `repaint_refreshed`: the repaints a widget and its children asked for, in
  the screen's next frame (else Textual's idle path, a frame later).
- `set_binding_labels`: the descriptions of a node's bindings in the player's
  language (else they stay as the classes wrote them; the table's key bar
  labels its keys itself).
- `input_parser`: Textual's xterm input parser for the SSH driver (else
  `xterm.InputParser`, public events only).
- `full_repaint`: the whole screen written again after dropped frames (else
  `Screen.refresh`).
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
import types
import weakref
from collections.abc import Iterable
from dataclasses import replace
from importlib import metadata
from typing import Any, NamedTuple, Protocol

from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.app import App
from textual.binding import Binding
from textual.cache import FIFOCache, LRUCache
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as TStyle
from textual.widget import Widget

from .xterm import InputParser

log = logging.getLogger("shengji_tui.tui")

TESTED = ("8.2",)  # Textual minor versions these were tested on (pyproject pins the same)
VANILLA = "SHENGJI_VANILLA"  # =1: run on Textual's public API alone
COMMON_COLOURS = "256"  # every SSH session's colour system when the colour patch is off


class _State:
    installed = False
    reason = "install() was not called"


def active() -> bool:
    """Whether the patches and private calls are in use."""
    return _State.installed


def status() -> str:
    """Why the patches are off ("" when they are on)."""
    return "" if _State.installed else _State.reason


def textual_version() -> str:
    try:
        return metadata.version("textual")
    except metadata.PackageNotFoundError:
        return "unknown"


def install(*, server: bool = False) -> bool:
    """Turn everything on if Textual is a tested version and `SHENGJI_VANILLA` is
    not set; True when on. `server`: the SSH server's colour systems per session
    too. Idempotent."""
    if _State.installed:
        if server:
            _install_colours()
        return True
    version = textual_version()
    if os.environ.get(VANILLA, "").strip() not in ("", "0"):
        _State.reason = f"{VANILLA} is set"
        log.info("Textual %s: patches off (%s)", version, _State.reason)
        return False
    if ".".join(version.split(".")[:2]) not in TESTED:
        _State.reason = f"Textual {version} is not a tested version ({', '.join(TESTED)})"
        log.warning("patches off: %s; the game runs on Textual's public API", _State.reason)
        return False
    try:
        _install()
        if server:
            _install_colours()
    except Exception as e:  # (a private part moved: the game plays on without them)
        _State.reason = f"the patches do not fit Textual {version}: {e!r}"
        log.warning("patches off: %s", _State.reason)
        return False
    _State.installed = True
    _State.reason = ""
    log.info("Textual %s: patches on", version)
    return True


# ---------------------------------------------------------------- the private names
# (bound by `_install`, from Textual's private modules)
get_box: Any = None
ChopsUpdate: Any = None
line_pad: Any = None
StylesCache: Any = None
XTermParser: Any = None
_original_parse_rules: Any = None
_original_styles_render: Any = None
_original_render_line: Any = None
_original_domnode_init: Any = None
_original_count_parameters: Any = None
_original_apply_filter: Any = None
_Screen: Any = None
_NoScreen: Any = None
_ANSIToTruecolor: Any = None
active_app: Any = None
_PARTS: tuple[type, ...] = ()


def _install() -> None:
    global get_box, ChopsUpdate, line_pad, StylesCache, XTermParser
    global _original_parse_rules, _original_styles_render, _original_render_line
    global _original_domnode_init, active_app, _PARTS
    global _original_count_parameters, _original_apply_filter, _Screen, _NoScreen
    global _ANSIToTruecolor
    import textual._callback as callback
    from textual._animator import Animator
    from textual._border import get_box as _get_box
    from textual._compositor import ChopsUpdate as _ChopsUpdate
    from textual._compositor import Compositor
    from textual._context import active_app as _active_app
    from textual._node_list import NodeList
    from textual._segment_tools import line_pad as _line_pad
    from textual._styles_cache import StylesCache as _StylesCache
    from textual._xterm_parser import XTermParser as _XTermParser
    from textual.css.styles import RenderStyles, Styles
    from textual.dom import NoScreen
    from textual.filter import ANSIToTruecolor
    from textual.screen import Screen
    from textual.signal import Signal
    from textual.timer import Timer

    get_box, ChopsUpdate, line_pad, StylesCache = _get_box, _ChopsUpdate, _line_pad, _StylesCache
    XTermParser = _XTermParser
    for name in (*_STRIP_CACHES, "_segments", "_render_cache", "_link_ids", "_cell_count"):
        if name not in Strip.__slots__:
            raise AttributeError(f"Strip has no slot {name}")
    _original_parse_rules = Stylesheet._parse_rules
    _original_styles_render = StylesCache.render
    _original_render_line = StylesCache.render_line
    Strip.__init__ = _strip_init  # type: ignore[method-assign]
    Strip.__getattr__ = _strip_getattr  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
    StylesCache._shengji_plan = None
    StylesCache.render = _styles_render
    StylesCache.render_line = _render_line
    for name in ("_cache", "_head"):
        if name not in LRUCache.__slots__:
            raise AttributeError(f"LRUCache has no slot {name}")
    active_app = _active_app
    _PARTS = (Styles, RenderStyles, Signal, NodeList, Timer, Animator, Compositor)
    _original_domnode_init = DOMNode.__init__
    DOMNode.__init__ = _domnode_init  # type: ignore[method-assign]
    LRUCache.clear = _lru_clear  # type: ignore[method-assign]
    _original_count_parameters = callback.count_parameters
    callback.count_parameters = _count_parameters
    _Screen, _NoScreen = Screen, NoScreen
    DOMNode.screen = property(_node_screen)  # type: ignore[assignment,method-assign]
    _ANSIToTruecolor = ANSIToTruecolor
    _original_apply_filter = Strip.apply_filter
    Strip.apply_filter = _apply_filter  # type: ignore[method-assign]


# ---------------------------------------------------------------- strips
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
    own = name in _SELF_CACHES
    cache: FIFOCache[Any, Any] = _NotSelfCache(size, self._segments) if own else FIFOCache(size)
    setattr(self, name, cache)
    return cache


# The memos where Textual may keep the strip itself (its length, its crop with
# padding, its division at its own end are the strip): a strip in its own memo
# is a cycle, freed only by the collector.
_SELF_CACHES = frozenset({"_line_length_cache", "_crop_extend_cache", "_divide_cache"})


class _NotSelfCache(FIFOCache[Any, Any]):
    """A strip's memo that does not keep the strip itself (known by its segment
    list, which refers to no strip): asking again costs a length check."""

    __slots__ = ("_own",)

    def __init__(self, maxsize: int, own: list[Segment]) -> None:
        super().__init__(maxsize)
        self._own = own

    def set(self, key: Any, value: Any) -> None:
        strip = value[0] if type(value) is list and len(value) == 1 else value
        if type(strip) is Strip and strip._segments is self._own:
            return
        super().set(key, value)

    __setitem__ = set


# ---------------------------------------------------------------- colours per session
def _render_strip(self: Strip, console: Console) -> str:
    color_system = console._color_system or ColorSystem.TRUECOLOR
    render_ansi = Strip.render_ansi
    parts: list[str] = []
    for text, style, _ in self._segments:
        if style is None:
            parts.append(text)
            continue
        ansi = render_ansi(style, color_system)
        out = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
        if style._link:
            out = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{out}\x1b]8;;\x1b\\"
        parts.append(out)
    return "".join(parts)


def _render_style(cls: type[Strip], style: RichStyle, text: str, color_system: ColorSystem) -> str:
    ansi = cls.render_ansi(style, color_system)
    output = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
    if style._link:
        output = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{output}\x1b]8;;\x1b\\"
    return output


class _Colours:
    installed = False


def _install_colours() -> None:
    if not _Colours.installed:
        Strip.render = _render_strip  # type: ignore[method-assign]
        Strip.render_style = classmethod(_render_style)  # type: ignore[method-assign,assignment]
        _Colours.installed = True


def session_colours(wanted: str) -> str:
    """The colour system an SSH session can have: its own with the colour patch,
    else the one every session shares."""
    return wanted if _Colours.installed else COMMON_COLOURS


# ---------------------------------------------------------------- stylesheets
_SHARED_RULES: dict[tuple[object, ...], Any] = {}


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


# ---------------------------------------------------------------- partial repaints
def _render_partial_update(self: Any) -> Any:
    """Textual's `Compositor.render_partial_update`, asking widgets only for the
    pieces of lines that will be written (see `_span_chops`)."""
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    spans = list(self._regions_to_spans(update_regions))
    chops = _span_chops(self, spans)
    chop_ends = [cut_set[1:] for cut_set in self.cuts]
    return ChopsUpdate(chops, spans, chop_ends)


def _span_chops(self: Any, spans: list[tuple[int, int, int]]) -> list[dict[int, Any]]:
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
        y_end = ry + rheight
        # (the rows still missing are a few: looked through, not the widget's rows)
        rows = [
            y
            for y, todo in missing.items()
            if ry <= y < y_end and any(rx <= a < x_end for a in todo)
        ]
        if not rows:
            continue
        y0, y1 = min(rows), max(rows)
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


# ---------------------------------------------------------------- callbacks
def _count_parameters(func: Any) -> int:
    # A partial of a function or method: its function's count (kept on the
    # function by Textual's own memo) less the arguments given.
    if type(func) is functools.partial and isinstance(
        func.func, (types.FunctionType, types.MethodType)
    ):
        inner: int = _original_count_parameters(func.func)
        return inner - len(func.args) - len(func.keywords)
    return _original_count_parameters(func)  # type: ignore[no-any-return]


# ---------------------------------------------------------------- screens, filters
def _node_screen(self: DOMNode) -> Any:
    # Textual's `DOMNode.screen`, with `Screen` imported once
    node: Any = self
    screen = _Screen
    try:
        while node is not None and not isinstance(node, screen):
            node = node._parent
    except AttributeError:
        raise RuntimeError(
            "Widget is missing attributes; have you called the constructor in your widget class?"
        ) from None
    if node is None:
        raise _NoScreen("node has no screen")
    return node


def _apply_filter(self: Strip, filter: Any, background: Any) -> Strip:
    # The ANSI colour filter changes no style of a strip in true colour (the
    # table's are): the strip itself, not an equal copy (the filter would make
    # each segment again, with an equal style).
    if type(filter) is _ANSIToTruecolor:
        truecolor = filter.truecolor_style
        back = background.rich_color
        for _text, style, control in self._segments:
            if control is not None or (style is not None and truecolor(style, back) != style):
                break
        else:
            return self
    return _original_apply_filter(self, filter, background)  # type: ignore[no-any-return]


# ---------------------------------------------------------------- content lines
def _styles_render(self: Any, *args: Any, **kwargs: Any) -> Any:
    self._shengji_plan = None  # made at the first line painted
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
    cache: Any,
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
    self: Any,
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
    plan: LinePlan | bool | None = self._shengji_plan
    if plan is None:
        plan = line_plan(
            self, styles, size, content_size, padding, base_background, background, rest[2]
        )
        self._shengji_plan = plan or False
    if not isinstance(plan, LinePlan) or not plan.top <= y < plan.bottom:
        return _original_render_line(  # type: ignore[no-any-return]
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


# ---------------------------------------------------------------- the private calls
def _direct_screen(widget: Widget) -> Any:
    """`widget`'s screen where its repaints may skip Textual's messages (the
    patches on, the screen on view and laid out, no batch under way), else None."""
    screen = widget.screen
    if (
        not _State.installed
        or not screen.is_current
        or widget.app._batch_count
        or screen not in screen._compositor
    ):
        return None
    return screen


def repaint_lines(widget: Widget, regions: list[Region]) -> None:
    """`widget.refresh(*regions)` without its two message hops. Textual's refresh
    prompts the widget's message pump, whose idle handler posts an `Update` to
    the screen, whose handler marks the widget dirty and whose idle handler
    starts the screen's update timer: four task switches per widget, on every
    player's screen at every play. A repaint of lines whose size did not
    change needs only the marks and the timer."""
    screen = _direct_screen(widget)
    if screen is None:
        widget.refresh(*regions)
        return
    widget._set_dirty(*regions)
    screen._dirty_widgets.add(widget)
    screen._update_timer.resume()


def repaint_refreshed(widget: Widget) -> None:
    """The repaints that `widget` and its children asked for (a `refresh()` of
    theirs, e.g. a reactive's) made part of the screen's next frame now, as
    `repaint_lines` does: Textual's way sends them through each widget's idle
    handler and a message to the screen, a few turns of the event loop later,
    and they missed the frame of the update that caused them (the points bar
    painted in a second frame after every scoring trick, on every screen).
    A widget waiting for a layout, or hidden, is left to Textual."""
    screen = _direct_screen(widget)
    if screen is None:
        return  # (Textual's idle path repaints them)
    for node in (widget, *widget.children):
        if (
            isinstance(node, Widget)
            and node._repaint_required
            and not node._layout_required
            and node.display
        ):
            node._repaint_required = False  # (its idle handler's message not sent)
            screen._dirty_widgets.add(node)
            screen._update_timer.resume()


def set_binding_labels(node: DOMNode, labels: dict[str, str], key_display: dict[str, str]) -> bool:
    """The descriptions (by action name) and key displays (by key) of `node`'s
    bindings; False when off (they stay as the class wrote them).

    The binding lists are shared with the class (a shallow copy per instance), so
    each list is replaced, never changed in place: two sessions may differ."""
    if not _State.installed:
        return False
    k2b = node._bindings.key_to_bindings
    for key, bindings in list(k2b.items()):
        new: list[Binding] = []
        for b in bindings:
            name = b.action.split("(")[0]
            if name in labels:
                b = replace(b, description=labels[name])
            if key in key_display:
                b = replace(b, key_display=key_display[key])
            new.append(b)
        k2b[key] = new
    return True


# ---------------------------------------------------------------- an app's end
_NODES = "_shengji_nodes"  # the app's attribute: a WeakSet of the DOM nodes made for it


def _domnode_init(self: DOMNode, *args: Any, **kwargs: Any) -> None:
    _original_domnode_init(self, *args, **kwargs)
    try:
        app = active_app.get()
    except LookupError:  # (made outside any app: the app itself, or a test's)
        return
    nodes = app.__dict__.get(_NODES)
    if nodes is None:
        nodes = app.__dict__[_NODES] = weakref.WeakSet()
    nodes.add(self)


def _lru_clear(self: LRUCache[Any, Any]) -> None:
    # Textual's drops the ring's head only: the links, each referring to its
    # neighbours, were a cycle for the collector
    for link in self._cache.values():
        link.clear()
    self._cache.clear()
    self._full = False
    self._head = []


def release_app(app: App[Any]) -> None:
    """Take an ended app apart so that reference counting frees it now rather
    than the collector's next full pass (with patches off: nothing). Call it
    only once the app has ended (`run_async` returned) and nothing will use it
    or its widgets again; what it returned, ask before."""
    if not _State.installed:
        return
    try:
        _take_apart(app)
    except Exception:  # (then the collector frees it, as without the patches)
        log.exception("an ended app could not be taken apart")


def _take_apart(app: App[Any]) -> None:
    nodes: list[Any] = list(app.__dict__.get(_NODES, ()))
    nodes.append(app)
    parts: list[Any] = []
    for node in nodes:
        for value in node.__dict__.values():
            if isinstance(value, _PARTS):
                parts.append(value)
            elif type(value) is LRUCache:
                value.clear()
    # the parts' own attributes first (they hold nodes), then the nodes'
    for part in parts:
        part.__dict__.clear()
    for node in nodes:
        node.__dict__.clear()


def full_repaint(app: App[Any]) -> None:
    """Write the whole screen again (the client missed frames)."""
    screen = app.screen
    if not _State.installed:
        screen.refresh()
        return
    update = screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    app._display(screen, update)


class InputParserLike(Protocol):
    def feed(self, data: str) -> Iterable[Message]: ...

    def tick(self) -> Iterable[Message]: ...

    @property
    def waiting(self) -> bool: ...  # an escape sequence waits for its end (or a timeout)

    def close(self) -> None: ...


class _TextualInput:
    """Textual's own xterm parser, as `InputParserLike`."""

    def __init__(self) -> None:
        self.parser = XTermParser(False)

    def feed(self, data: str) -> Iterable[Message]:
        messages = list(self.parser.feed(data))
        # An in-band resize report (only a player typing it, over SSH: the server
        # asks for none) turns the parser's mouse reports to pixels, scaled by
        # the sizes it says (a zero size: a ZeroDivisionError at the next click).
        self.parser.mouse_pixels = False
        return messages

    def tick(self) -> Iterable[Message]:
        return list(self.parser.tick())

    @property
    def waiting(self) -> bool:
        return self.parser._timeout_time is not None

    def close(self) -> None:
        # Leak 1 (docs/architecture.md "SSH traps"): this lru_cache on a method
        # keeps every parser that parsed an extended key, and so its driver and
        # app, alive.
        XTermParser._parse_extended_key.cache_clear()


def input_parser() -> InputParserLike:
    """A parser of a terminal's input bytes (as text) into Textual events."""
    return _TextualInput() if _State.installed else InputParser()


# ---------------------------------------------------------------- a play's timeline
def trace_paints() -> None:
    """With `SHENGJI_TRACE` (shengji_tui/trace.py): each screen update run by
    Textual's update timer (a layout if one is due, the compositor, the frame
    written) is a `paint` record (`lay` 1: a layout was done). Idempotent; off
    with the other patches (SHENGJI_VANILLA=1: no `paint` records)."""
    if not _State.installed:
        return
    import time

    from textual.screen import Screen

    from ... import trace

    original = Screen._on_timer_update
    if getattr(original, "_traced", False):
        return

    def timed(self: Screen[Any]) -> None:
        began = time.monotonic()
        lay = self._layout_required
        original(self)
        trace.span("paint", began, lay=int(lay))

    timed._traced = True  # type: ignore[attr-defined]
    Screen._on_timer_update = timed  # type: ignore[method-assign]
