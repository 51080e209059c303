"""What a screen shows that a player cannot read: text cut off by its region,
a widget pushed out of its box, a seat's line wrapped, a toast over a seat, a
key the footer offers that the screen on top does not take. Read from
Textual's public API (regions, content sizes, active bindings)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import App
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._toast import Toast

from shengji_tui.tui.screens.table import TableScreen
from shengji_tui.tui.widgets import GameLog, KeyBar, KeyHint, SeatPanel
from shengji_tui.tui.widgets.keyhint import KEY_SEP
from shengji_tui.tui.widgets.lines import LineWidget

# widgets laid out by others (their own text is checked on their children)
_CONTAINERS = ("Horizontal", "Vertical", "Container", "Grid", "Center", "Middle")


def visible_screens(app: App[Any]) -> list[Screen[Any]]:
    """The screens on view, the top one first (modal ones show the ones under them)."""
    out: list[Screen[Any]] = []
    for scr in reversed(app.screen_stack):
        out.append(scr)
        if not isinstance(scr, ModalScreen):
            break
    return out


def scrolls(w: Widget) -> bool:
    """Inside (or itself) something that scrolls: what it holds can be reached."""
    for node in w.ancestors_with_self:
        if isinstance(node, (ScrollableContainer, GameLog)):
            return True
        scrolled = isinstance(node, Widget) and node.styles.overflow_y in ("auto", "scroll")
        if scrolled and node is not w.screen:
            return True
    return False


def _name(w: Widget) -> str:
    return f"{type(w).__name__}#{w.id}" if w.id else type(w).__name__


def painted(w: Widget) -> list[str]:
    size = w.outer_size
    strips = w.render_lines(Region(0, 0, size.width, size.height))
    return ["".join(seg.text for seg in strip) for strip in strips]


def cut_text(app: App[Any]) -> list[str]:
    """Every widget on view whose text does not all show."""
    problems: list[str] = []
    size = app.size
    for scr in visible_screens(app):
        for w in scr.query("*"):
            if not w.display or not w.visible or not w.is_mounted:
                continue
            if any(not a.display for a in w.ancestors if isinstance(a, Widget)):
                continue
            if isinstance(w, Toast) or scrolls(w):
                continue
            try:
                geo = scr.find_widget(w)
            except Exception:  # not laid out (hidden)
                continue
            region = geo.region
            if region.width == 0 or region.height == 0:
                continue
            if type(w).__name__ in _CONTAINERS:
                continue
            shown = geo.visible_region.intersection(Region(0, 0, size.width, size.height))
            name = _name(w)
            text_widget = isinstance(w, (LineWidget, Static))
            if shown != region and not text_widget:
                problems.append(f"{name} is cut by its box: {region} shows {shown}")
                continue
            if not text_widget:
                continue
            if shown.bottom < region.bottom and w.styles.border_bottom[0] not in ("", "none"):
                problems.append(f"{name} is cut by its box: its border at row {region.bottom - 1}")
            content = w.content_size
            if content.width <= 0:
                continue
            # the rows of its text on view (a box cut at its foot loses its blank rows first)
            gutter = w.styles.gutter
            rows = min(content.height, shown.bottom - region.y - gutter.top)
            if shown.y > region.y or shown.x > region.x or shown.right < region.right:
                rows = 0 if shown.height < region.height else rows
            need = w.get_content_height(content, size, content.width)
            if need > rows:
                problems.append(f"{name} holds {need} lines, shows {max(0, rows)}")
            if isinstance(w, LineWidget):
                text = w.render()
                no_wrap = isinstance(text, Text) and text.no_wrap
                wide = w.get_content_width(content, size)
                if no_wrap and wide > content.width and not isinstance(w, KeyBar):
                    problems.append(f"{name} is {wide} columns wide, shows {content.width}")
                if isinstance(w, SeatPanel):
                    problems.extend(_seat_wraps(w))
    return problems


def _seat_wraps(panel: SeatPanel) -> list[str]:
    """A seat's name line on one line of its panel (a name or role cut in two
    reads as two seats), as the panel builds it from its forms."""
    width = panel.content_size.width
    first = panel.build().plain.split("\n")[0]  # (its name and role; a long play may wrap)
    if cell_len(first.rstrip()) > width:
        return [f"{_name(panel)} wraps {first!r} ({cell_len(first)} > {width})"]
    return []


def keybar_cut(app: App[Any]) -> list[str]:
    """Every key the table's footer offers is shown whole (the palette's key may go)."""
    out = []
    for scr in visible_screens(app):
        for bar in scr.query(KeyBar):
            if not bar.display:
                continue
            text = painted(bar)[0] if bar.outer_size.height else ""
            for entry in bar.props.entries:
                if entry.key == "palette":
                    continue
                said = entry.display + (" " + entry.description if entry.description else "")
                if said not in text:
                    out.append(f"the footer cuts {said!r}: {text.rstrip()!r}")
    return out


def key_hints_split(app: App[Any]) -> list[str]:
    """A dialog's line of keys breaks between keys, never inside one ("enter"
    at a row's end, "call" on the next)."""
    out = []
    for scr in visible_screens(app):
        for hint in scr.query(KeyHint):
            if not hint.display or not hint.outer_size.height:
                continue
            rows = painted(hint)
            width = hint.content_size.width
            for line in hint.hint.split("\n"):
                for part in line.split(KEY_SEP):
                    if cell_len(part) <= width and not any(part in row for row in rows):
                        out.append(f"{_name(hint)} splits {part!r}: {rows}")
    return out


def footer_keys(app: App[Any]) -> list[str]:
    """The keys a footer on view offers (enabled), as Textual names them."""
    keys: list[str] = []
    for scr in visible_screens(app):
        for bar in scr.query(KeyBar):
            if bar.display:
                offered = [e for e in bar.props.entries if e.enabled and e.key != "palette"]
                keys.extend(e.key.split(",")[0] for e in offered)
        for footer in scr.query(Footer):
            if footer.display:
                keys.extend(
                    b.key.split(",")[0]
                    for _n, b, enabled, _t in scr.active_bindings.values()
                    if b.show and enabled
                )
    return keys


def untranslated_keys(app: App[Any]) -> list[str]:
    """In Chinese, a key the footer offers is said in Chinese (not the binding's
    English description)."""
    if getattr(app, "cat", None) is None or app.cat.lang != "zh":  # type: ignore[attr-defined]
        return []
    out = []
    for scr in visible_screens(app):
        for bar in scr.query(KeyBar):
            for e in bar.props.entries if bar.display else ():
                if e.description and e.description.isascii() and e.key != "palette":
                    out.append(f"the footer says {e.display} {e.description!r} in English")
    return out


def dead_keys(app: App[Any]) -> list[str]:
    """Keys a footer on view offers that the screen on top does not take."""
    active = app.screen.active_bindings
    out = []
    for key in footer_keys(app):
        got = active.get(key)
        if got is None or not got.enabled:
            out.append(f"{key!r} is offered but {type(app.screen).__name__} does not take it")
    return out


def toasts_on_view(app: App[Any]) -> int:
    """The toasts shown (each screen has its own rack: the one on top shows them)."""
    return sum(1 for t in app.screen.query(Toast) if t.display and t.region)


def toasts_over_seats(app: App[Any]) -> list[str]:
    """A toast over a seat's written cells hides who sits there."""
    out = []
    scr = app.screen
    toasts = [t for t in scr.query(Toast) if t.display and t.region]
    if not toasts:
        return out
    for panel in scr.query(SeatPanel):
        if not panel.display or not panel.region:
            continue
        lines = painted(panel)
        r = panel.region
        for t in toasts:
            over = r.intersection(t.region)
            if not over:
                continue
            for y in range(over.y, over.bottom):
                row = lines[y - r.y] if 0 <= y - r.y < len(lines) else ""
                seg = row[over.x - r.x : over.right - r.x]
                if seg.strip():
                    out.append(f"a toast covers {_name(panel)}: {row.strip()!r}")
                    break
    return out


def _laid_out(app: App[Any]) -> tuple[object, ...]:
    """Every widget on view: where it is and what it shows."""
    return tuple(
        (id(w), w.region, w.size, getattr(w, "props", None), w.display)
        for scr in visible_screens(app)
        for w in scr.query("*")
    )


def _measured(app: App[Any]) -> bool:
    """Each table screen's centre room is the one its layout gives."""
    for scr in app.screen_stack:
        if isinstance(scr, TableScreen):
            room = scr.centre_room()
            if room is not None and room != scr.model.prefs.centre_room:
                return False
    return True


async def settle(pilot: Any, app: App[Any], most: int = 30) -> None:
    """Pause until the screens on view are laid out for what they show: the
    table's centre room measured for its layout, and one more pause changes no
    widget's place, size or props (a condition, not a time)."""
    before: tuple[object, ...] | None = None
    for _ in range(most):
        await pilot.pause()
        now = _laid_out(app)
        if now == before and _measured(app):
            return
        before = now
    raise AssertionError(f"the screen did not settle in {most} pauses")


def problems(app: App[Any]) -> list[str]:
    return [
        *cut_text(app),
        *keybar_cut(app),
        *key_hints_split(app),
        *untranslated_keys(app),
        *dead_keys(app),
        *toasts_over_seats(app),
    ]
