"""The table's widgets. Each one reads the screen's `Model` and redraws itself
with `refresh()` (fixed-size, no recompose: a change costs little, which matters
when many SSH sessions watch one table).

Cards are drawn from component classes (`card--red`, `card--trump`, ...) that
the stylesheet colours from theme variables; point cards are underlined and
trumps bold, so nothing depends on colour alone (NO_COLOR loses nothing).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.renderables.bar import Bar as BarRenderable
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import ProgressBar

from .. import rules
from ..rules import Card, Rank, Suit
from .model import BOTTOM, LEFT, RIGHT, TOP, Model
from .text import describe_lead, play_verb

# The styles of cards, seats and keys: a colour from the theme (a CSS variable,
# None for the text's own) and text attributes. They were component classes
# (`CardsWidget > .card--red` in the CSS), but Textual keeps a virtual DOM node
# per component class per widget: ~200 nodes, about 1 MB, per table screen, per
# SSH session. Worked out once per theme and app (`styles_for`).
CARD_STYLES: dict[str, tuple[str | None, str]] = {
    "card--red": ("suit-red", ""),
    "card--black": ("suit-black", ""),
    "card--trump": (None, "bold"),
    "card--points": (None, "underline"),
    "card--cursor": (None, "reverse"),
    "card--dim": (None, "dim"),
    "card--header": ("text-muted", ""),
    "card--trump-header": ("trump-accent", "bold"),
    "seat--turn": ("accent", "bold"),
    "seat--name": (None, "bold"),
    "seat--dim": ("text-muted", ""),
    "seat--win": ("success", "bold"),
    "centre--alert": ("error", "bold"),
    "centre--prompt": ("accent", "bold"),
    "centre--ok": ("success", ""),
    "keys--key": ("footer-key-foreground", "bold"),
    "keys--description": ("footer-description-foreground", ""),
}


def styles_for(app: Any) -> dict[object, Style]:
    """The app's style table for its current theme (kept on the app; a theme
    change makes a new one). Translucent colours are blended over the theme's
    background, as Textual's CSS would."""
    key = (app.theme, app.ansi_color)
    cached = getattr(app, "_shengji_styles", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    variables = app.get_css_variables()
    background = Color.parse(variables.get("background", "#000000"))
    table: dict[object, Style] = {}
    for name, (var, attrs) in CARD_STYLES.items():
        style = Style.parse(attrs) if attrs else Style()
        value = variables.get(var) if var is not None else None
        if value:
            with contextlib.suppress(Exception):
                if value.startswith("auto"):  # "auto 60%": legible over the background
                    alpha = float(value.split()[1].rstrip("%")) / 100 if " " in value else 1.0
                    color = background.get_contrast_text(alpha)
                else:
                    color = Color.parse(value)
                style = Style(color=(background + color).rich_color) + style
        table[name] = style
    fg = Color.parse(variables.get("foreground", "#ffffff"))
    table["keys--edge"] = Style(color=(background + fg.multiply_alpha(0.2)).rich_color)
    app._shengji_styles = (key, table)
    return table


def text_signature(text: Text) -> tuple[object, ...]:
    """What a `Text` looks like on screen (rich's `Text.__eq__` ignores the base
    style and the wrapping options)."""
    return (
        text.plain,
        tuple(text.spans),
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
    )


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


class CardsWidget(Widget):
    """Base: card styles from component classes, painted line by line.

    Subclasses `build()` their `Text` from the model. The screen calls
    `update_content()` after a change: the text is built once, cut into lines
    (wrapped, aligned by the CSS `text-align`, in the widget's colours), and only
    the lines that differ from what is shown are repainted; the screen is laid
    out again only when the widget's size depends on its content
    (`height: auto` / `width: auto`) and that size changed.

    This is Textual's line API (`render_line`): one play changes a few lines of
    a few widgets, and over SSH every player's screen repaints them, so a
    repaint must cost what changed, not the whole widget.
    """

    KEEP_LINES = 0  # painted lines kept beyond the current text (a widget that alternates)
    # Tests set this to a list: a widget whose inputs did not change is built
    # anyway, and if the text differs from the one shown (an input missing from
    # `inputs`) the widget is named in the list.
    verify_inputs: list[str] | None = None

    def __init__(self, model: Model, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.model = model
        self._text: tuple[int, Text] | None = None  # (width, text) last built
        self._shown: tuple[object, ...] | None = None  # signature of that text
        self._lines: list[Strip] = []
        self._lines_key: tuple[object, ...] | None = None  # what _lines were cut for
        self._line_cache: dict[tuple[object, ...], Strip] = {}
        self._measured: tuple[int | None, int | None] | None = None
        self._styled = False  # the CSS has been applied (notify_style_update)
        self._inputs: tuple[object, ...] | None = None  # `inputs()` of the text shown
        self._wrapped: dict[tuple[object, ...], list[Text]] = {}  # line -> its wrapped lines
        self._painted = False  # Textual holds lines painted from this text (see update_content)

    def inputs(self) -> tuple[object, ...] | None:
        """Everything `build` reads, where a subclass can say it cheaply: the same
        inputs make the same text, and the widget skips building it (most widgets
        do not change at a play, on four players' screens). None: always build."""
        return None

    def common_inputs(self) -> tuple[object, ...]:
        """What every widget's text depends on: styles, language, card glyphs, width
        (a change of padding restyles the widget, which forgets its inputs)."""
        m, app = self.model, self.app
        return (app.theme, app.ansi_color, m.cat.lang, m.ct.cat.lang, m.ct.ascii, self.size.width)

    def build(self) -> Text:
        raise NotImplementedError

    # ------------------------------------------------------------ painting
    def _current_text(self, width: int) -> Text:
        cached = self._text
        if cached is None or cached[0] != width:
            text = self.build()
            self._text = (width, text)
            self._shown = text_signature(text)
            return text
        return cached[1]

    def render(self) -> RenderResult:
        return self._current_text(self.size.width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styled = True
        self._text = None  # styles come from the CSS: build again
        self._lines_key = None
        self._inputs = None

    def _strips(self, width: int) -> list[Strip]:
        """The text cut into lines of `width` cells (cached per line)."""
        text = self._current_text(width)
        base = self.visual_style.rich_style
        align = self.styles.text_align
        key = (width, base, align, self._shown)
        if key == self._lines_key:
            return self._lines
        console = self.app.console
        if text.no_wrap or all(cell_len(line) <= width for line in text.plain.split("\n")):
            parts = list(text.split("\n", allow_blank=True))
        else:
            # `text.wrap`, one line of the text at a time (as rich does it), keeping
            # the lines wrapped last time: a play changes one sentence of the centre
            parts = []
            done, wrapped = self._wrapped, {}
            for para in text.split("\n", allow_blank=True):
                wkey = (para.plain, tuple(para.spans), para.style, width)
                got = done.get(wkey)
                if got is None:
                    got = list(
                        para.wrap(console, max(1, width), justify="default", overflow="fold")
                    )
                    for part in got:
                        part.rstrip()  # as Textual wraps: no trailing blanks at a break
                wrapped[wkey] = got
                parts.extend(got)
            self._wrapped = wrapped
        old = self._line_cache
        cache = dict(old) if len(old) < self.KEEP_LINES else {}
        lines: list[Strip] = []
        for part in parts:
            if part.cell_len > width:
                part = part.copy()
                part.truncate(width, overflow=text.overflow or "crop")
            lkey = (part.plain, tuple(part.spans), part.style, width, base, align)
            strip = cache.get(lkey)
            if strip is None:
                strip = old.get(lkey)
            if strip is None:
                strip = self._line_strip(part, width, base, align)
            cache[lkey] = strip
            lines.append(strip)
        if text.plain == "":
            lines = []
        self._line_cache = cache
        self._lines, self._lines_key = lines, key
        return lines

    def _line_strip(self, line: Text, width: int, base: Style, align: str) -> Strip:
        segments = line_segments(line, base)
        used = line.cell_len
        spare = max(0, width - used)
        if spare and align in ("center", "right", "end"):
            left = spare // 2 if align == "center" else spare
            segments.insert(0, Segment(" " * left, base))
            used += left
        return Strip(segments, used).adjust_cell_length(width, base)

    def render_line(self, y: int) -> Strip:
        self._painted = True
        width = self.size.width
        lines = self._strips(width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._strips(width)) if width else 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        text = self._current_text(self.size.width)
        return max((cell_len(line) for line in text.plain.split("\n")), default=0)

    def update_content(self) -> bool:
        """Repaint the lines that changed (relayout if the size changed); True if any."""
        if not self.is_mounted or not self._styled:  # not styled yet
            self._text = None
            self._lines_key = None
            self._measured = None
            self.refresh(layout=True)
            return True
        if not self.display or not self.region:  # hidden (or its container is): built when shown
            self._text = None
            self._lines_key = None
            if self._painted:
                # Textual keeps the lines it painted too: shown again at the same size,
                # it would show those (the side panel of a terminal narrowed and widened)
                self._painted = False
                self.refresh()
            return False
        width = self.size.width
        inputs = self.inputs()
        if inputs is not None and inputs == self._inputs and self._text is not None:
            misses = self.verify_inputs
            if misses is not None and text_signature(self.build()) != self._shown:
                misses.append(f"{self!r} at {self.model.phase}: {self.build().plain!r}")
            return False
        self._inputs = inputs
        text = self.build()
        sig = text_signature(text)
        if sig == self._shown and self._text is not None and self._text[0] == width:
            return False
        valid = self._lines_key is not None and self._lines_key[0] == width
        old = self._lines if valid else None
        self._text, self._shown = (width, text), sig
        styles = self.styles
        if styles.is_auto_height or styles.is_auto_width:
            size = self.measure()
            if size != self._measured:
                self._measured = size
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
            self.repaint_lines(changed)
        return True

    def repaint_lines(self, regions: list[Region]) -> None:
        """`refresh(*regions)` without its two message hops. Textual's refresh
        prompts this widget's message pump, whose idle handler posts an `Update`
        to the screen, whose handler marks the widget dirty and whose idle
        handler starts the screen's update timer: four task switches per widget,
        on every player's screen at every play. A repaint of lines whose size
        did not change needs only the marks and the timer."""
        screen = self.screen
        if not screen.is_current or self.app._batch_count or screen not in screen._compositor:
            self.refresh(*regions)
            return
        self._set_dirty(*regions)
        screen._dirty_widgets.add(self)
        screen._update_timer.resume()

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

    def style_for(self, card: Card) -> Style:
        m = self.model
        trump = m.view is not None and rules.is_trump(m.rs, m.ctx, card)
        memo = styles_for(self.app)
        key = (card, trump)
        style = memo.get(key)
        if style is None:
            red = card.rank is Rank.BJ if card.suit is None else card.suit.is_red
            style = self.cstyle("card--red" if red else "card--black")
            if trump:
                style += self.cstyle("card--trump")
            if card.points:
                style += self.cstyle("card--points")
            memo[key] = style
        return style

    def cards_text(self, cards: Sequence[Card]) -> Text:
        return self.model.ct.styled(cards, self.style_for)

    def cstyle(self, name: str) -> Style:
        return styles_for(self.app)[name]

    @property
    def glyph(self) -> dict[str, str]:
        if self.model.ct.ascii:
            return {"turn": ">", "dealer": "*", "sel": "^", "new": "+", "win": "<", "sep": "|"}
        return {"turn": "▶", "dealer": "★", "sel": "▲", "new": "+", "win": "◀", "sep": "·"}


# ---------------------------------------------------------------- status line


class StatusBar(CardsWidget):
    """Trump, level, dealer, both sides' levels, deal and trick number."""

    def inputs(self) -> tuple[object, ...] | None:
        m = self.model
        v = m.view
        if v is None:
            return None
        dealer = None if v.dealer is None else m.name(v.dealer)
        return (
            *self.common_inputs(),
            v.trump_set,
            v.trump_suit,
            m.trump_suit,
            v.level,
            dealer,
            m.seat,
            tuple(v.levels),
            v.deal_no,
            v.phase,
            v.trick_no,
        )

    def build(self) -> Text:
        m = self.model
        t = m.cat.t
        v = m.view
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            out.append(t("app.title"))
            return out
        sep = f" {self.glyph['sep']} "
        parts: list[Text] = []
        if v.trump_set:
            trump = m.ct.suit_name(v.trump_suit) if v.trump_suit else t("suit.no_trump")
            parts.append(Text(t("status.trump", suit=trump), style=self.cstyle("card--trump")))
        elif m.trump_suit is not None:
            parts.append(Text(t("status.trump_pending", suit=m.ct.suit_name(m.trump_suit))))
        else:
            parts.append(Text(t("status.trump_none_yet")))
        parts.append(Text(t("status.level", level=v.level)))
        if v.dealer is not None:
            parts.append(Text(t("status.dealer", name=m.name(v.dealer))))
        mine = v.levels[m.seat]
        other = v.levels[(m.seat + 1) % m.players]
        parts.append(Text(t("status.levels", us=mine, them=other)))
        parts.append(Text(t("status.deal", n=v.deal_no + 1)))
        if v.phase in ("playing", "scoring", "finished"):
            n = v.trick_no + (1 if v.phase == "playing" else 0)
            parts.append(Text(t("status.trick", n=max(1, n))))
        title = Text(t("app.title"), style="bold")
        body = Text(sep).join(parts)
        if cell_len(title.plain) + cell_len(sep) + body.cell_len <= self.content_size.width:
            out.append_text(title)
            out.append(sep)
        out.append_text(body)
        return out


# ---------------------------------------------------------------- seats


class SeatPanel(CardsWidget):
    """One seat around the table: name, role, level, cards left, dealer and
    turn marks, and what it played in this trick (or the last one)."""

    def __init__(self, model: Model, pos: int, **kw: object) -> None:
        super().__init__(model, **kw)
        self.pos = pos

    def inputs(self) -> tuple[object, ...] | None:
        m = self.model
        v = m.view
        if v is None:
            return None
        seat = m.seat_at(self.pos)
        return (
            *self.common_inputs(),
            *self.play_inputs(seat, with_throw=True),
            m.is_partner(seat),
            v.hand_sizes[seat],
            v.points_by_seat[seat],
        )

    def play_inputs(self, seat: int, with_throw: bool) -> tuple[object, ...]:
        """What `play_line(seat)` and the seat's name, role and level read."""
        m = self.model
        v = m.view
        assert v is not None
        plays = v.trick
        last = not plays and bool(v.last_trick) and v.phase == "playing"
        if last:
            plays = v.last_trick
        mine = [(i, p.cards) for i, p in enumerate(plays) if p.seat == seat]
        winner = v.last_trick_winner if last else (m.current_winner() if mine else None)
        failed = m.throw_failed if with_throw else None
        if failed is not None and failed[2] != seat:
            failed = None
        dealing = v.phase in ("dealing", "declaring")
        return (
            seat,
            v.phase,
            v.awaiting == seat,
            m.name(seat),
            v.dealer == seat,
            v.levels[seat],
            bool(v.dealer_side),
            seat in v.dealer_side,
            tuple(d.cards for d in v.declarations if d.seat == seat) if dealing else (),
            failed,
            bool(v.trick),
            last,
            tuple(mine),
            plays[0].cards if (plays and mine) else (),
            winner == seat,
            m.ctx if mine or dealing or failed else None,
        )

    def lines(self) -> list[Text]:
        m = self.model
        v = m.view
        t = m.cat.t
        g = self.glyph
        if v is None:
            return []
        seat = m.seat_at(self.pos)
        name_line = Text()
        if v.awaiting == seat:
            name_line.append(g["turn"] + " ", style=self.cstyle("seat--turn"))
        name_line.append(m.name(seat), style=self.cstyle("seat--name"))
        role = [t("seat.partner") if m.is_partner(seat) else t("seat.opponent")]
        if v.dealer == seat:
            role.append(t("seat.dealer") + " " + g["dealer"])
        name_line.append(t("seat.roles", roles=t("seat.role_sep").join(role)))
        info = [t("seat.level", level=v.levels[seat]), t("seat.cards", n=v.hand_sizes[seat])]
        info_line = Text(f" {g['sep']} ".join(info), style=self.cstyle("seat--dim"))
        out = [name_line, info_line]
        pts = v.points_by_seat[seat]
        if pts and v.dealer_side and seat not in v.dealer_side:
            out.append(Text(t("seat.points_won", n=pts), style=self.cstyle("seat--dim")))
        out.append(self.play_line(seat))
        return out

    def play_line(self, seat: int, with_throw: bool = True) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        assert v is not None
        line = Text()
        if v.phase in ("dealing", "declaring"):
            mine = [d for d in v.declarations if d.seat == seat]
            if mine:
                line.append(t("seat.declared") + " ")
                line.append_text(self.cards_text(mine[-1].cards))
            return line
        if with_throw and m.throw_failed is not None and m.throw_failed[2] == seat and v.trick:
            line.append(t("seat.throw_tried") + " ", style=self.cstyle("centre--alert"))
            line.append_text(self.cards_text(m.sorted_cards(m.throw_failed[0])))
            line.append("\n")
        plays = v.trick
        last = False
        if not plays and v.last_trick and v.phase == "playing":
            plays, last = v.last_trick, True
        lead = plays[0].cards if plays else ()
        winner = m.current_winner() if not last else v.last_trick_winner
        for p in plays:
            if p.seat != seat:
                continue
            txt = self.cards_text(p.cards)
            if last:
                txt.stylize(self.cstyle("card--dim"))
            line.append_text(txt)
            if p.cards is lead or p == plays[0]:
                verb = t("seat.led")
            else:
                verb = t("seat." + play_verb(m.rs, m.ctx, lead, p.cards))
            line.append(f"  {verb}", style=self.cstyle("seat--dim"))
            if winner == seat:
                key = "seat.won" if last else "seat.winning"
                line.append(f" {self.glyph['win']} {t(key)}", style=self.cstyle("seat--win"))
        return line

    def build(self) -> Text:
        lines = self.lines()
        return Text("\n").join(lines)


class MeLine(SeatPanel):
    """The viewer's own seat line, above the hand."""

    def __init__(self, model: Model, **kw: object) -> None:
        super().__init__(model, BOTTOM, **kw)

    def inputs(self) -> tuple[object, ...] | None:
        m = self.model
        v = m.view
        if v is None:
            return None
        return (
            *self.common_inputs(),
            *self.play_inputs(m.seat, with_throw=False),
            len(v.hand),
        )

    def build(self) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        g = self.glyph
        out = Text(no_wrap=True, overflow="ellipsis")
        if v is None:
            return out
        seat = m.seat
        out.append(m.name(seat), style=self.cstyle("seat--name"))
        info = [t("seat.level", level=v.levels[seat]), t("seat.cards", n=len(v.hand))]
        if v.dealer_side:
            info.append(t("seat.dealer_side") if seat in v.dealer_side else t("seat.attackers"))
        if v.dealer == seat:
            info.append(t("seat.dealer") + " " + g["dealer"])
        out.append("  " + f" {g['sep']} ".join(info), style=self.cstyle("seat--dim"))
        play = self.play_line(seat, with_throw=False)
        if play.plain:
            out.append("   ")
            out.append_text(play)
        if v.awaiting == seat:
            key = {"burying": "seat.your_bury", "kitty_theft": "seat.your_steal"}.get(
                v.phase, "seat.your_turn"
            )
            flag = Text(f"{g['turn']} {t(key)}", style=self.cstyle("seat--turn"))
            pad = self.content_size.width - out.cell_len - flag.cell_len
            out.append(" " * max(2, pad))
            out.append_text(flag)
        return out


# ---------------------------------------------------------------- centre


class CentreBox(CardsWidget):
    """The middle of the table: the trick in sentences and what you must do.

    Its height only grows within one phase of a deal: a box that shrank and grew
    with every play would move the seats around it and make each play lay the
    whole screen out again (on every player's screen, over SSH)."""

    def __init__(self, model: Model, **kw: object) -> None:
        super().__init__(model, **kw)
        self._floor: tuple[object, int] = (None, 0)  # (phase key, tallest so far)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        v = self.model.view
        key = None if v is None else (v.deal_no, v.phase)
        if key != self._floor[0]:
            self._floor = (key, height)
        elif height < self._floor[1]:
            height = self._floor[1]
        else:
            self._floor = (key, height)
        return height

    def build(self) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        out: list[Text] = []
        if v is None:
            return Text(t("centre.waiting_table"))
        if v.phase in ("dealing", "declaring"):
            total = v.rules.hand_size * v.rules.players
            dealt = total - v.cards_left
            if v.phase == "dealing":
                out.append(Text(t("centre.dealing", n=dealt, total=total)))
                if m.last_dealt is not None:
                    line = Text(t("centre.you_got") + " ")
                    line.append_text(self.cards_text([m.last_dealt]))
                    out.append(line)
            elif m.declare_deadline is not None:
                left = max(0, math.ceil(m.declare_deadline - time.monotonic()))
                out.append(Text(t("centre.dealt_countdown", s=left)))
            else:
                out.append(Text(t("centre.dealt")))
            if v.dealer is None:
                out.append(Text(t("centre.first_deal_rule"), style=self.cstyle("seat--dim")))
            else:
                out.append(Text(t("centre.dealer_known", name=m.name(v.dealer))))
        elif v.phase == "burying":
            holder = v.kitty_holder
            if holder == m.seat:
                out.append(
                    Text(
                        t("centre.bury_title", k=v.kitty_size), style=self.cstyle("centre--prompt")
                    )
                )
                chk = m.check()
                style = "centre--ok" if chk.ok else "centre--alert"
                out.append(Text(chk.message, style=self.cstyle(style)))
                sel = m.selection()
                if sel:
                    out.append(self.cards_text(sel))
                out.append(Text(m.ct.keys(t("centre.bury_keys")), style=self.cstyle("seat--dim")))
            else:
                out.append(Text(t("centre.burying", name=m.name(holder or 0), k=v.kitty_size)))
        elif v.phase == "kitty_theft":
            who = v.theft_turn
            if who == m.seat:
                out.append(Text(t("centre.your_theft"), style=self.cstyle("centre--prompt")))
            else:
                out.append(Text(t("centre.theft", name=m.name(who if who is not None else 0))))
        elif v.phase == "playing":
            out.extend(self.trick_lines())
        elif v.phase == "scoring":
            out.append(Text(t("centre.deal_over", points=m.attacker_points())))
            out.append(Text(t("centre.next_deal_key"), style=self.cstyle("centre--prompt")))
        elif v.phase == "finished":
            out.append(Text(t("centre.match_over")))
        return Text("\n").join(out)

    def trick_lines(self) -> list[Text]:
        m = self.model
        v = m.view
        t = m.cat.t
        assert v is not None
        out: list[Text] = []
        if v.trick and v.last_trick and v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            win = next((p.cards for p in v.last_trick if p.seat == v.last_trick_winner), ())
            line = Text(
                t("centre.last_won", name=m.name(v.last_trick_winner), points=pts) + " ",
                style=self.cstyle("seat--dim"),
            )
            line.append_text(self.cards_text(win))
            line.stylize(self.cstyle("card--dim"))
            out.append(line)
        if m.throw_failed is not None and v.trick:
            tried, forced, seat, reason = m.throw_failed
            line = Text(
                t("centre.throw_failed", name=m.name(seat)) + " ",
                style=self.cstyle("centre--alert"),
            )
            line.append_text(self.cards_text(m.sorted_cards(tried)))
            out.append(line)
            if reason and seat == m.seat:  # the rules' reason speaks to the thrower
                out.append(Text(reason, style=self.cstyle("seat--dim")))
            line = Text(t("centre.throw_forced") + " ", style=self.cstyle("centre--prompt"))
            line.append_text(self.cards_text(forced))
            out.append(line)
        if v.trick:
            lead = v.trick[0].cards
            for i, p in enumerate(v.trick):
                if i == 0:
                    if m.throw_failed is not None:
                        continue
                    line = Text(t("centre.led", name=m.name(p.seat)) + " ")
                    line.append_text(self.cards_text(p.cards))
                    line.append(t("centre.shape", shape=describe_lead(m.cat, m.rs, m.ctx, p.cards)))
                else:
                    verb = play_verb(m.rs, m.ctx, lead, p.cards)
                    key = "centre." + verb + ("_you" if m.is_you(p.seat) else "")
                    line = Text(t(key, name=m.name(p.seat)) + " ")
                    line.append_text(self.cards_text(p.cards))
                out.append(line)
        elif v.last_trick and v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            key = "centre.trick_won_points" if pts else "centre.trick_won"
            out.append(
                Text(
                    t(key, name=m.name(v.last_trick_winner), n=v.trick_no, points=pts),
                    style=self.cstyle("seat--dim"),
                )
            )
        if v.awaiting == m.seat:
            out.append(
                Text(
                    t("centre.your_turn", what=m.requirement()), style=self.cstyle("centre--prompt")
                )
            )
            chk = m.check()
            if chk.message:
                style = "centre--ok" if chk.ok else "centre--alert"
                out.append(Text(chk.message, style=self.cstyle(style)))
        elif v.awaiting is not None:
            out.append(
                Text(
                    t("centre.waiting_for", name=m.name(v.awaiting)), style=self.cstyle("seat--dim")
                )
            )
        return out


class DeclarePanel(CardsWidget):
    """While cards arrive: what you may declare now (exactly the rules' list),
    the standing declaration, and the keys."""

    def build(self) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        if v is None:
            return Text()
        lines: list[Text] = []
        st = v.standing
        if st is not None:
            line = Text(t("declare.standing", name=m.name(st.seat)) + " ")
            line.append_text(self.cards_text(st.cards))
            lines.append(line)
        else:
            lines.append(Text(t("declare.none_standing"), style=self.cstyle("seat--dim")))
        opts = m.declare_options()
        if not opts:
            if st is not None and st.seat == m.seat:
                key = "declare.yours"
            elif st is not None:
                key = "declare.cannot_beat"
            else:
                key = "declare.cannot"
            lines.append(Text(t(key, level=v.level), style=self.cstyle("seat--dim")))
            return Text("\n").join(lines)
        line = Text(t("declare.can") + " ")
        for i, o in enumerate(opts):
            chip = Text(f"[{i + 1}] ")
            chip.append_text(self.cards_text(o))
            kind = m.declare_kind(o)
            if kind != "declare":
                chip.append(f" ({t('declare.' + kind)})")
            if i == m.decl_index:
                chip.stylize(self.cstyle("card--cursor"))
            if i:
                line.append("  ")
            line.append_text(chip)
        lines.append(line)
        lines.append(Text(m.ct.keys(t("declare.keys")), style=self.cstyle("seat--dim")))
        return Text("\n").join(lines)


# ---------------------------------------------------------------- hand


@dataclass
class Slot:
    index: int | None  # hand index, None for a group header
    x: int
    text: str
    width: int


class HandView(CardsWidget):
    """Your hand, grouped by effective suit (trumps last, in trump order).

    A group header shows the suit once; trumps carry a trump header and level
    cards / jokers their full label. Above each card: ▲ selected, + new from
    the kitty. The cursor is reverse video. Too wide: wraps onto more rows.
    """

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    _rows_cache: tuple[object, list[list[Slot]]] | None = None

    def layout_rows(self, width: int) -> list[list[Slot]]:
        """The hand's slots row by row (cached: a function of the hand, the trump
        context, the language, the card style and the width)."""
        m = self.model
        v = m.view
        if v is None or not m.hand:
            return []
        key = (
            width,
            tuple(m.hand),
            m.trump_suit,
            v.level,
            v.rules,
            m.cat.lang,
            m.ct.ascii,
        )
        cached = self._rows_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        rows = self._layout_rows(width)
        self._rows_cache = (key, rows)
        return rows

    def _layout_rows(self, width: int) -> list[list[Slot]]:
        m = self.model
        v = m.view
        assert v is not None
        rs, ctx = m.rs, m.ctx
        ct = m.ct
        width = max(width, 10)
        groups: list[tuple[str, list[int]]] = []
        for i, c in enumerate(m.hand):
            label = rules.effective_suit(rs, ctx, c)
            if not groups or groups[-1][0] != label:
                groups.append((label, []))
            groups[-1][1].append(i)
        # Each card is a space then its label (" 7", " 10", " 5♠"); a group is its
        # header then its cards; groups are two spaces apart. Rows wrap by card,
        # never leaving a header at the end of a row.
        rows: list[list[Slot]] = [[]]
        x = 0
        for label, idxs in groups:
            if label == "T":
                ts = m.trump_suit
                header = m.cat.t("hand.trump_header") + (
                    (":" if ct.ascii else "") + ct.suit(ts) if ts else ""
                )
            elif label in ("R", "B"):
                header = m.cat.t("hand.red" if label == "R" else "hand.black")
            else:
                header = ct.suit(Suit(label))
            labels: list[tuple[int, str]] = []
            for i in idxs:
                c = m.hand[i]
                plain = c.suit is not None and (
                    label != "T"
                    or (
                        c.suit == m.trump_suit
                        and c.rank.value != v.level
                        and (rs.constant is None or c.rank != rs.constant)
                    )
                )
                labels.append((i, c.rank.value if plain else ct.card(c)))
            hw = cell_len(header)
            first_w = 1 + cell_len(labels[0][1]) if labels else 0
            gap = 2 if x else 0
            if x and x + gap + hw + first_w > width:
                rows.append([])
                x, gap = 0, 0
            x += gap
            rows[-1].append(Slot(None, x, header, hw))
            x += hw
            for i, text in labels:
                w = cell_len(text)
                if x + 1 + w > width:
                    rows.append([])
                    x = 0
                rows[-1].append(Slot(i, x + 1, text, w))
                x += 1 + w
        return rows

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = self.layout_rows(width)
        return max(2, 2 * len(rows))

    def inputs(self) -> tuple[object, ...] | None:
        # Most updates (another seat's play) leave the hand as it was.
        m = self.model
        v = m.view
        return (
            *self.common_inputs(),
            tuple(m.hand),
            m.trump_suit,
            None if v is None else (v.level, v.rules, v.phase),
            tuple(m.selected),
            m.cursor,
            tuple(sorted(m.kitty_new.items())),
            m.last_dealt,
        )

    def build(self) -> Text:
        m = self.model
        rows = self.layout_rows(self.content_size.width)
        g = self.glyph
        if not rows:
            return Text(m.cat.t("hand.empty"), style=self.cstyle("seat--dim"))
        sel = set(m.selected)
        show_cursor = m.view is not None and m.view.phase not in ("dealing", "declaring")
        out: list[Text] = []
        kitty_left = m.kitty_new.copy()
        show_new = m.view is not None and m.view.phase == "dealing"
        for row in rows:
            marks = [" "] * self.content_size.width
            line = Text(no_wrap=True)
            x = 0
            for slot in row:
                if slot.x > x:
                    line.append(" " * (slot.x - x))
                    x = slot.x
                if slot.index is None:
                    style = self.cstyle("card--header")
                    if slot.text.startswith(m.cat.t("hand.trump_header")):
                        style = self.cstyle("card--trump-header")
                    line.append(slot.text, style=style)
                    x += cell_len(slot.text)
                    continue
                card = m.hand[slot.index]
                text = slot.text
                style = self.style_for(card)
                if show_cursor and slot.index == m.cursor:
                    style += self.cstyle("card--cursor")
                line.append(text, style=style)
                x += cell_len(text)
                mx = slot.x + slot.width - 1
                if 0 <= mx < len(marks):
                    if slot.index in sel:
                        marks[mx] = g["sel"]
                    elif kitty_left[card] > 0 or (show_new and card == m.last_dealt):
                        marks[mx] = g["new"]
                        show_new = show_new and card != m.last_dealt
                if kitty_left[card] > 0:
                    kitty_left[card] -= 1
            out.append(Text("".join(marks).rstrip(), style=self.cstyle("seat--turn")))
            out.append(line)
        return Text("\n").join(out)

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        rows = self.layout_rows(self.content_size.width)
        r = at.y // 2
        if not 0 <= r < len(rows):
            return
        for slot in rows[r]:
            if slot.index is not None and slot.x <= at.x < slot.x + slot.width:
                self.post_message(self.CardClicked(slot.index))
                return


# ---------------------------------------------------------------- score line


class PointsBarRenderable(BarRenderable):
    """A points bar that does not rely on colour: filled ▓, empty ░ (# and - in ASCII)."""

    FILL = "▓"
    EMPTY = "░"

    def __rich_console__(self, console, options):  # type: ignore[no-untyped-def]
        width = self.width or options.max_width
        start, end = self.highlight_range
        filled = max(0, min(width, round(end - max(0, start))))
        hs = console.get_style(self.highlight_style)
        bs = console.get_style(self.background_style)
        text = Text(no_wrap=True, end="")
        text.append(self.FILL * filled, style=hs)
        text.append(self.EMPTY * (width - filled), style=bs)
        yield text


class AsciiPointsBarRenderable(PointsBarRenderable):
    FILL = "#"
    EMPTY = "-"


class PointsBar(ProgressBar):
    BAR_RENDERABLE = PointsBarRenderable

    def __init__(self, ascii: bool = False, **kw: object) -> None:
        if ascii:
            self.BAR_RENDERABLE = AsciiPointsBarRenderable
        super().__init__(show_eta=False, show_percentage=False, **kw)  # type: ignore[arg-type,unused-ignore]


class ScoreText(CardsWidget):
    """'attackers 35' before the bar, or the thresholds after it."""

    def __init__(self, model: Model, part: str, **kw: object) -> None:
        super().__init__(model, **kw)
        self.part = part

    def build(self) -> Text:
        m = self.model
        t = m.cat.t
        v = m.view
        if v is None or not v.dealer_side:
            return Text(t("score.no_dealer") if self.part == "left" else "")
        pts = m.attacker_points()
        if self.part == "left":
            return Text(t("score.attackers", points=pts), style="bold")
        bands = m.milestones(pts)[:2]
        parts = [f"{b.min_points} {m.band_text(b)}" for b in bands]
        text = f" {self.glyph['sep']} ".join(parts) if bands else t("score.top")
        return Text(text, no_wrap=True, overflow="ellipsis")


# ---------------------------------------------------------------- last trick


class LastTrick(CardsWidget):
    """The last trick: each seat's play in play order, who won it and its points."""

    def build(self) -> Text:
        m = self.model
        v = m.view
        t = m.cat.t
        if v is None or not v.last_trick:
            return Text(t("last.none"), style=self.cstyle("seat--dim"))
        out = [Text(t("last.title", n=v.trick_no), style="bold")]
        lead = v.last_trick[0].cards
        for i, p in enumerate(v.last_trick):
            line = Text(f"{m.name(p.seat)}: ")
            line.append_text(self.cards_text(p.cards))
            verb = t("seat.led") if i == 0 else t("seat." + play_verb(m.rs, m.ctx, lead, p.cards))
            line.append(f"  {verb}", style=self.cstyle("seat--dim"))
            if p.seat == v.last_trick_winner:
                line.append(f" {self.glyph['win']} {t('seat.won')}", style=self.cstyle("seat--win"))
            out.append(line)
        if v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            key = "last.won" if pts else "last.won_nothing"
            out.append(
                Text(
                    t(key, name=m.name(v.last_trick_winner), n=pts), style=self.cstyle("seat--dim")
                )
            )
        return Text("\n").join(out)


POSITIONS = {"top": TOP, "left": LEFT, "right": RIGHT}


# ---------------------------------------------------------------- footer


class KeyBar(CardsWidget):
    """The table screen's footer: the screen's bindings (Textual's binding system,
    `check_action`, the command palette key on the right), looking like Textual's
    compact `Footer` (disabled keys dimmed), drawn as one line.

    Textual's `Footer` is a row of `FooterKey` widgets; greying a key when the
    turn passes restyles it through the CSS engine and repaints it in a second
    frame, on every player's screen over SSH. Here a change of keys is a change
    of one line of text (docs/architecture.md, "The table footer")."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    """

    KEEP_LINES = 8  # the bar goes back and forth between a few states (your turn or not)

    def __init__(self, model: Model, **kw: object) -> None:
        super().__init__(model, **kw)
        self.show_palette = True
        self._spans: list[tuple[int, int, str, bool]] = []  # x0, x1, key, enabled
        self._built: dict[tuple[object, ...], tuple[Text, list[tuple[int, int, str, bool]]]] = {}

    def on_mount(self) -> None:
        # immediate: the bar changes in the same frame as the table (not one
        # message hop later, in a second frame on every player's screen)
        self.screen.bindings_updated_signal.subscribe(
            self, lambda _screen: self.update_content(), immediate=True
        )

    def entries(self) -> list[tuple[str, str, bool, str]]:
        """(key display, description, enabled, key) of each key shown, the palette last."""
        screen = self.screen
        app = self.app
        seen: set[str] = set()
        out: list[tuple[str, str, bool, str]] = []
        active = screen.active_bindings
        for _node, binding, enabled, _tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            out.append((app.get_key_display(binding), binding.description, enabled, binding.key))
        if self.show_palette and app.ENABLE_COMMAND_PALETTE:
            entry = active.get(app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                _node, binding, enabled, _tooltip = entry
                out.append((app.get_key_display(binding), binding.description, enabled, "palette"))
        return out

    def build(self) -> Text:
        if not self.is_attached:
            return Text()
        keys = self.entries()
        memo_key = (tuple(keys), self.size.width, self.app.theme, self.app.ansi_color)
        memo = self._built.get(memo_key)
        if memo is not None:
            self._spans = memo[1]
            return memo[0]
        palette = keys.pop() if keys and keys[-1][3] == "palette" else None
        off = Style(dim=True)
        kst, dst = self.cstyle("keys--key"), self.cstyle("keys--description")
        out = Text(no_wrap=True, overflow="crop")
        spans: list[tuple[int, int, str, bool]] = []
        for display, description, enabled, key in keys:
            x0 = out.cell_len
            out.append(display, style=kst + off if not enabled else kst)
            if description:
                out.append(" " + description, style=dst + off if not enabled else dst)
            spans.append((x0, out.cell_len, key, enabled))
            out.append(" ")
        if palette is not None:
            display, description, enabled, _ = palette
            tail = Text("▏", style=self.cstyle("keys--edge"))
            tail.append(display, style=kst)
            tail.append(" " + description, style=dst)
            room = self.size.width - tail.cell_len - 1
            out.truncate(max(0, room), pad=True)
            x0 = out.cell_len + 1
            out.append_text(tail)
            spans.append((x0, out.cell_len, self.app.COMMAND_PALETTE_BINDING, enabled))
        self._spans = spans
        if len(self._built) >= 8:
            self._built.clear()
        self._built[memo_key] = (out, spans)
        return out

    def on_click(self, event: events.Click) -> None:
        for x0, x1, key, enabled in self._spans:
            if x0 <= event.x < x1:
                if enabled:
                    self.app.simulate_key(key.split(",")[0])
                else:
                    self.app.bell()
                return
