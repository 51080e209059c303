"""The line-painting engine of the table's widgets: `LineWidget`, Textual's
line API (`render_line`) over a Rich `Text` built from the widget's props.

A widget is given new props (`show`); when they equal the ones shown it does
nothing (the props are everything its text is built from: see props.py).
Otherwise the text is built once, cut into lines (wrapped, aligned by the CSS
`text-align`, in the widget's colours), and only the lines that differ from
what is shown are repainted; the screen is laid out again only when the
widget's size depends on its content (`height: auto` / `width: auto`) and
that size changed. One play changes a few lines of a few widgets, and over
SSH every player's screen repaints them, so a repaint must cost what changed,
not the whole widget.

`line_text` turns the props' styled lines into Rich `Text` for the app's
style table.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, Generic, NamedTuple, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ...text import break_offsets, has_wide
from ..props import Cards, Chip, Group, Line, Piece, Words
from ..terminal import patches
from .styles import StyleTable, styles_for

P = TypeVar("P")


def cards_text(chips: Sequence[Chip], styles: StyleTable) -> Text:
    out = Text()
    for i, chip in enumerate(chips):
        if i:
            out.append(" ")
        out.append(chip.label, styles.chip(chip))
    return out


def _pieces_into(out: Text, pieces: Sequence[Piece], styles: StyleTable) -> None:
    for piece in pieces:
        if isinstance(piece, Words):
            out.append(piece.text, styles.resolve(piece.style) or None)
        elif isinstance(piece, Cards):
            out.append_text(cards_text(piece.chips, styles))
        else:
            out.append_text(group_text(piece, styles))


def group_text(group: Group, styles: StyleTable) -> Text:
    out = Text()
    _pieces_into(out, group.pieces, styles)
    if group.overlay:
        out.stylize(styles.resolve(group.overlay))
    return out


def line_text(line: Line, styles: StyleTable, **options: Any) -> Text:
    """One line of the props as Rich `Text` (`options`: `no_wrap`, `overflow`)."""
    out = Text(style=styles.resolve(line.style), **options)
    _pieces_into(out, line.pieces, styles)
    if line.overlay:
        out.stylize(styles.resolve(line.overlay))
    return out


def lines_text(lines: Sequence[Line], styles: StyleTable, width: int = 0) -> Text:
    """The lines as one text; with `width`, a line indented by spaces is wrapped
    to it with each continuation under its first word (`hang`)."""
    texts = (line_text(line, styles) for line in lines)
    return Text("\n").join(hang(t, width) for t in texts) if width else Text("\n").join(texts)


def hang(text: Text, width: int) -> Text:
    """`text` (one line) wrapped to `width` cells, its continuations indented as
    far as its first word: a line that starts with spaces reads as one block
    under the line above it (wrapping alone starts them at the left edge)."""
    plain = text.plain
    indent = len(plain) - len(plain.lstrip(" "))
    if not indent or "\n" in plain or cell_len(plain) <= width or width - indent < 10:
        return text
    body = text[indent:]
    starts = [0, *break_offsets(body.plain, width - indent)]
    rows = []
    for a, b in pairwise([*starts, len(body.plain)]):
        row = body[a:b]
        row.rstrip()
        rows.append(Text(" " * indent) + row)
    return Text("\n").join(rows)


def _style(style: str | Style) -> Style:
    return Style.parse(style) if isinstance(style, str) else style


def line_segments(line: Text, base: Style) -> list[Segment]:
    """One line of text as segments over `base`: what `Text.render` and
    `Segment.apply_style` make of it, several times faster (no style stack:
    each piece between span edges takes the spans covering it, in order)."""
    plain = line.plain
    own = base + _style(line.style) if line.style else base
    spans = line.spans
    if not spans:
        return [Segment(plain, own)] if plain else []
    edges = sorted({0, len(plain), *(sp.start for sp in spans), *(sp.end for sp in spans)})
    out: list[Segment] = []
    for a, b in pairwise(edges):
        if a >= b or b > len(plain):
            continue
        style = own
        for sp in spans:
            if sp.start <= a and sp.end >= b:
                style = style + _style(sp.style)
        out.append(Segment(plain[a:b], style))
    return out


# Lines built for any widget of any app of the process, by what each line is and
# the style table it is built in (apps of one theme share theirs): the SSH
# server runs the four players of a table in one process, and their screens
# show the same seats' lines and plays; a line shown again later (a turn mark
# back on a seat) is not built again either. Rich `Text`s and `Strip`s are not
# changed once built. Bounded by emptying when full (a deal's four screens
# build ~1,300 different lines; those of one play are a few dozen).
SHARED_LINES = 1024
_SHARED_TEXTS: dict[tuple[Line, StyleTable], tuple[Text, int]] = {}
_SHARED_ROWS: dict[tuple[object, ...], list[tuple[tuple[object, ...], Strip]]] = {}


def _share(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= SHARED_LINES:
        cache.clear()
    cache[key] = value


class LinePainter:
    """The lines of one widget's texts, kept by what each line is (its text,
    spans, style, width, colours, alignment): a line that did not change keeps
    its `Strip` object, which is how `LineWidget.show` finds the lines to
    repaint; and each paragraph wrapped last time (a play changes one sentence
    of the centre). `keep`: lines kept beyond the current text (a widget that
    goes back and forth between a few texts)."""

    def __init__(self, keep: int = 0) -> None:
        self.keep = keep
        self._lines: dict[tuple[object, ...], Strip] = {}
        self._wrapped: dict[tuple[object, ...], list[Text]] = {}
        self._look: StyleTable | None = None  # the styles of the props' lines below
        self._texts: dict[Line, tuple[Text, int]] = {}  # a line's text, its widest paragraph
        self._rows: dict[tuple[object, ...], list[tuple[tuple[object, ...], Strip]]] = {}

    def cut_lines(
        self,
        lines: Sequence[Line],
        styles: StyleTable,
        width: int,
        base: Style,
        align: str,
        console: Any,
    ) -> list[Strip]:
        """What `cut` makes of `lines_text(lines, styles)`, a line of the props at a
        time: each line's text and rows are kept while it is shown, so that a
        play builds only the lines it changed (a seat's play, the centre's new
        sentence). A paragraph's rows depend on it alone, except that when one
        paragraph of the whole is wrapped every paragraph loses its trailing
        blanks (`cut`): the rows are kept for either case."""
        if styles is not self._look:
            self._look, self._texts, self._rows = styles, {}, {}
        old_texts = self._texts
        texts: dict[Line, tuple[Text, int]] = {}
        for line in lines:
            got = old_texts.get(line)
            if got is None:
                got = texts.get(line)
            if got is None:
                shared_key = (line, styles)
                got = _SHARED_TEXTS.get(shared_key)
                if got is None:
                    text = line_text(line, styles)
                    got = (text, max(cell_len(para) for para in text.plain.split("\n")))
                    _share(_SHARED_TEXTS, shared_key, got)
            texts[line] = got
        self._texts = texts
        if not lines or (len(lines) == 1 and texts[lines[0]][0].plain == ""):
            return []
        wrap = any(widest > width for _text, widest in texts.values())
        old, old_strips = self._rows, self._lines
        kept = dict(old) if len(old) < self.keep else {}
        strips = dict(old_strips) if len(old_strips) < self.keep else {}
        out: list[Strip] = []
        for line in lines:
            key = (line, wrap, width, base, align)
            rows = kept.get(key)
            if rows is None:
                rows = old.get(key)
            if rows is None:
                shared = _SHARED_ROWS.get((key, styles))
                if shared is not None:  # (built for another widget: this one's strips kept)
                    rows = [(k, strips.get(k) or old_strips.get(k) or s) for k, s in shared]
            if rows is None:
                rows = []
                for part in self._line_parts(texts[line][0], wrap, width, console):
                    # (a row that looks as one shown keeps its strip: not repainted)
                    pkey: tuple[object, ...] = (
                        part.plain,
                        tuple(part.spans),
                        part.style,
                        width,
                        base,
                        align,
                    )
                    strip = strips.get(pkey) or old_strips.get(pkey)
                    if strip is None:
                        strip = line_strip(part, width, base, align)
                    rows.append((pkey, strip))
                _share(_SHARED_ROWS, (key, styles), rows)
            kept[key] = rows
            for shown_key, strip in rows:
                strips[shown_key] = strip
                out.append(strip)
        self._rows, self._lines = kept, strips
        return out

    @staticmethod
    def _line_parts(text: Text, wrap: bool, width: int, console: Any) -> list[Text]:
        """One line's rows as `cut` makes them of the whole text (wrapped or not)."""
        if not wrap:
            parts = list(text.split("\n", allow_blank=True))
        else:
            parts = []
            for para in text.split("\n", allow_blank=True):
                parts.extend(wrap_paragraph(para, width, console))
        for i, part in enumerate(parts):
            if part.cell_len > width:
                parts[i] = part = part.copy()
                part.truncate(width, overflow="crop")
        return parts

    def cut(self, text: Text, width: int, base: Style, align: str, console: Any) -> list[Strip]:
        """`text` as lines of `width` cells: wrapped (as rich's `Text.wrap` of the
        whole text, one paragraph at a time), aligned, in the widget's colours."""
        if text.plain == "":
            return []
        if text.no_wrap or all(cell_len(line) <= width for line in text.plain.split("\n")):
            parts = list(text.split("\n", allow_blank=True))
        else:
            parts = []
            done = self._wrapped
            wrapped: dict[tuple[object, ...], list[Text]] = {}
            for para in text.split("\n", allow_blank=True):
                wkey = (para.plain, tuple(para.spans), para.style, width)
                got = done.get(wkey)
                if got is None:
                    got = wrap_paragraph(para, width, console)
                wrapped[wkey] = got
                parts.extend(got)
            self._wrapped = wrapped
        old = self._lines
        kept = dict(old) if len(old) < self.keep else {}
        lines: list[Strip] = []
        for part in parts:
            if part.cell_len > width:
                part = part.copy()
                part.truncate(width, overflow=text.overflow or "crop")
            key = (part.plain, tuple(part.spans), part.style, width, base, align)
            strip = kept.get(key)
            if strip is None:
                strip = old.get(key)
            if strip is None:
                strip = line_strip(part, width, base, align)
            kept[key] = strip
            lines.append(strip)
        self._lines = kept
        return lines


def wrap_paragraph(para: Text, width: int, console: Any) -> list[Text]:
    """One paragraph (no line break) as lines of `width` cells, as rich's
    `Text.wrap` and Textual wrap it (Chinese: text/linebreak.py), with no
    trailing blanks at a break."""
    if has_wide(para.plain):  # Chinese: not only at spaces (text/linebreak.py)
        got = list(para.divide(break_offsets(para.plain, width)))
    else:
        got = list(para.wrap(console, max(1, width), justify="default", overflow="fold"))
    for part in got:
        part.rstrip()
    return got


def line_strip(line: Text, width: int, base: Style, align: str) -> Strip:
    """One line of text as a strip of `width` cells, aligned."""
    segments = line_segments(line, base)
    used = line.cell_len
    spare = max(0, width - used)
    if spare and align in ("center", "right", "end"):
        left = spare // 2 if align == "center" else spare
        segments.insert(0, Segment(" " * left, base))
        used += left
    return Strip(segments, used).adjust_cell_length(width, base)


class Painting(NamedTuple):
    """What a widget shows and all it is made of: its props, in the styles of a
    theme, built for a width (the text once built: a widget that paints the
    props' lines one by one builds the whole text only when asked for it); the
    strips once cut (for the widget's colours and alignment)."""

    props: object
    look: StyleTable
    width: int
    text: Text | None = None
    strips: list[Strip] | None = None
    cut_for: tuple[Style, str] | None = None


class LineWidget(Widget, Generic[P]):
    """Base of the table's widgets: built from props (`build`), painted line by line.

    The screen calls `show(props)` after every change of the model; see the
    module docstring for what a change costs. What the widget shows is one
    `Painting`, made again when the props, the width or the styles are not
    those it was made of."""

    KEEP_LINES = 0  # painted lines kept beyond the current text (a widget that alternates)

    def __init__(self, props: P, **kw: Any) -> None:
        super().__init__(**kw)
        self.props = props
        self._painting: Painting | None = None
        self._painter = LinePainter(self.KEEP_LINES)
        self._measured: tuple[int | None, int | None] | None = None  # the size laid out
        self._styled = False  # the CSS has been applied (notify_style_update)
        self._painted = False  # Textual holds lines painted from it (see show)

    def build(self) -> Text:
        """The text of `self.props` (and of the widget's width, where it lays out)."""
        raise NotImplementedError

    def lines_for(self, width: int) -> Sequence[Line] | None:
        """The props' lines whose `lines_text` is what `build` makes at `width`:
        painted a line at a time (`LinePainter.cut_lines`); None: `build`."""
        return None

    @property
    def styles_table(self) -> StyleTable:
        return styles_for(self.app)

    # ------------------------------------------------------------ painting
    def _current(self, width: int) -> Painting:
        p = self._painting
        look = styles_for(self.app)
        if p is None or p.props is not self.props or p.width != width or p.look is not look:
            p = self._painting = Painting(self.props, look, width)
        return p

    def _text(self, width: int) -> Text:
        """The whole text (`build`), built once per painting."""
        p = self._current(width)
        if p.text is None:
            p = self._painting = p._replace(text=self.build())
        assert p.text is not None
        return p.text

    def render(self) -> RenderResult:
        return self._text(self.size.width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styled = True
        self._painting = None  # styles come from the CSS: build again

    def _strips(self, width: int) -> list[Strip]:
        """The text cut into lines of `width` cells (kept per line)."""
        p = self._current(width)
        cut_for = (self.visual_style.rich_style, self.styles.text_align)
        if p.strips is not None and p.cut_for == cut_for:
            return p.strips
        lines = self.lines_for(width)
        if lines is not None:
            strips = self._painter.cut_lines(lines, p.look, width, *cut_for, self.app.console)
        else:
            strips = self._painter.cut(self._text(width), width, *cut_for, self.app.console)
            p = self._current(width)  # (with its text)
        self._painting = p._replace(strips=strips, cut_for=cut_for)
        return strips

    def render_lines(self, crop: Region) -> list[Strip]:
        # The lines are found once per render, not once per row (each row asked
        # the widget's size, its styles and its painting again).
        self._rendering = self._strips(self.size.width)
        try:
            return super().render_lines(crop)
        finally:
            self._rendering = None

    _rendering: list[Strip] | None = None  # the lines of the render under way

    def render_line(self, y: int) -> Strip:
        self._painted = True
        lines = self._rendering
        if lines is None:
            lines = self._strips(self.size.width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._strips(width)) if width else 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        text = self._text(self.size.width)
        return max((cell_len(line) for line in text.plain.split("\n")), default=0)

    def show(self, props: P, look: StyleTable | None = None) -> bool:
        """Show `props`: repaint the lines that changed (relayout if the size
        changed); True if anything was repainted. (`look`: the app's style
        table, when the caller has it at hand.)"""
        was = self._painting
        if props == self.props and was is not None and was.look is (look or styles_for(self.app)):
            return False  # (what it shows is built from equal props, in the same styles)
        self.props = props
        if not self.is_mounted or not self._styled:  # not styled yet
            self._painting = None
            self._measured = None
            self.refresh(layout=True)
            return True
        region = self.region  # (found once: each look-up walks up to the screen)
        if not self.display or not region:  # hidden (or its container is): built when shown
            self._painting = None
            if self._painted:
                # Textual keeps the lines it painted too: shown again at the same size,
                # it would show those (the side panel of a terminal narrowed and widened)
                self._painted = False
                self.refresh()
            return False
        width = region.shrink(self.styles.gutter).width  # (`self.size.width`)
        old = was.strips if was is not None and was.width == width else None
        self._current(width)  # (made now: what it shows is always its props')
        styles = self.styles
        if styles.is_auto_height or styles.is_auto_width:
            size = self.measure()
            if size != self._measured:
                self._measured = size
                if size != self._laid_out():  # (else the layout has it: a repaint does)
                    self.refresh(layout=True)
                    return True
        if old is None:
            self.refresh()
            return True
        new = self._strips(width)
        changed = [
            Region(0, y, width, 1)
            for y in range(max(len(old), len(new)))
            if y >= len(old) or y >= len(new) or old[y] is not new[y]
        ]
        if changed:
            patches.repaint_lines(self, changed)
        return bool(changed)

    def _laid_out(self) -> tuple[int | None, int | None]:
        """The content size the last layout gave, as `measure` says it."""
        styles, size = self.styles, self.content_size
        return (
            size.width if styles.is_auto_width else None,
            size.height if styles.is_auto_height else None,
        )

    def measure(self) -> tuple[int | None, int | None]:
        """The content size the layout would give (None: not sized by content)."""
        parent = self.parent
        container = parent.content_size if isinstance(parent, Widget) else self.app.size
        viewport = self.app.size
        styles = self.styles
        width = self.get_content_width(container, viewport) if styles.is_auto_width else None
        height = None
        if styles.is_auto_height:
            height = self.get_content_height(container, viewport, self.size.width)
            # What the layout makes of it: a min-height in cells hides small changes.
            gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
            low, high = styles.min_height, styles.max_height
            if low is not None and low.is_cells:
                height = max(height, int(low.value) - gutter)
            if high is not None and high.is_cells:
                height = min(height, int(high.value) - gutter)
        return width, height


class LinesWidget(LineWidget[P]):
    """A widget whose props hold its `lines` (seat panels, the centre, the last
    trick, the declaration panel)."""

    def build(self) -> Text:
        lines: Sequence[Line] = self.props.lines  # type: ignore[attr-defined]
        return lines_text(lines, self.styles_table)

    def lines_for(self, width: int) -> Sequence[Line] | None:
        lines: Sequence[Line] = self.props.lines  # type: ignore[attr-defined]
        return lines


class StageHeight:
    """The height of a box that only grows within one stage (`key`): a box that
    shrank and grew with its lines would move what is around it and make a
    change lay the whole screen out again (on every player's screen, over SSH)."""

    def __init__(self) -> None:
        self._floor: tuple[object, int] = (None, 0)  # (stage, tallest so far)

    def height(self, height: int, key: object) -> int:
        if key == self._floor[0]:
            height = max(height, self._floor[1])
        self._floor = (key, height)
        return height
