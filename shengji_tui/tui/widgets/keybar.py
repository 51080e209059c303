"""The table screen's footer: one line of text, not Textual's `Footer`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from .lines import LineWidget


class KeyEntry(NamedTuple):
    display: str  # the key as shown ("←→", "enter" in ASCII mode)
    description: str
    enabled: bool
    key: str  # what a click presses ("palette": the command palette)


Describe = Callable[[Binding, str, Screen[Any]], tuple[str, str]]


class KeyBarProps(NamedTuple):
    entries: tuple[KeyEntry, ...]  # the palette last


class KeyBar(LineWidget[KeyBarProps]):
    """The screen's bindings (Textual's binding system, `check_action`, the
    command palette key on the right), looking like Textual's compact `Footer`
    (disabled keys dimmed), drawn as one line. While a dialog is open over the
    screen, the dialog's keys: the footer offers what the keys do now.

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

    def __init__(self, describe: Describe | None = None, **kw: Any) -> None:
        """`describe(binding, key display, screen)`: how a key of `screen` is
        written (its display and what it does), default as the binding says."""
        super().__init__(KeyBarProps(()), **kw)
        self.describe: Describe = describe or (lambda b, display, _s: (display, b.description))
        self.show_palette = True
        self._spans: list[tuple[int, int, str, bool]] = []  # x0, x1, key, enabled
        self._built: dict[tuple[object, ...], tuple[Text, list[tuple[int, int, str, bool]]]] = {}
        self._entries: dict[tuple[object, ...], KeyBarProps] = {}  # (follow_bindings)

    def on_mount(self) -> None:
        # immediate: the bar changes in the same frame as the table (not one
        # message hop later, in a second frame on every player's screen)
        self.screen.bindings_updated_signal.subscribe(
            self, lambda _screen: self.follow_bindings(), immediate=True
        )
        self.app.screen_change_signal.subscribe(
            self, lambda _screen: self.follow_bindings(), immediate=True
        )
        self.follow_bindings()

    def keys_of(self) -> Screen[Any]:
        """The screen whose keys work now: a dialog open over this bar's screen
        (shown through it), else the bar's own."""
        own = self.screen
        stack = self.app.screen_stack
        if own not in stack:
            return own
        for scr in reversed(stack):
            if scr is own or not isinstance(scr, ModalScreen):
                break
            return scr
        return own

    def follow_bindings(self) -> None:
        screen = self.keys_of()
        sign = getattr(screen, "keys_signature", None)
        sig = sign() if callable(sign) else None
        if sig is None:
            self.show(KeyBarProps(tuple(self.entries())))
            return
        # The keys of a screen that says what they depend on (the table: the turn
        # passes at every play and the turn keys are greyed or not), kept for the
        # few states it goes back and forth between: Textual's `active_bindings`
        # asks every binding's `check_action` each time.
        key = (id(screen), id(screen.focused), sig, self.show_palette)
        got = self._entries.get(key)
        if got is None:
            if len(self._entries) >= 8:
                self._entries.clear()
            got = self._entries[key] = KeyBarProps(tuple(self.entries()))
        self.show(got)

    def set_palette(self, show: bool) -> None:
        """Show the command palette's key (or not: ASCII mode on a narrow terminal)."""
        if self.show_palette != show:
            self.show_palette = show
            self.follow_bindings()

    def entries(self) -> list[KeyEntry]:
        """The keys shown, the palette last (written as `describe` says)."""
        screen = self.keys_of()
        app = self.app
        say = self.describe
        seen: set[str] = set()
        out: list[KeyEntry] = []
        active = screen.active_bindings
        for _node, binding, enabled, _tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            display, description = say(binding, app.get_key_display(binding), screen)
            out.append(KeyEntry(display, description, enabled, binding.key))
        if self.show_palette and app.ENABLE_COMMAND_PALETTE:
            entry = active.get(app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                _node, binding, enabled, _tooltip = entry
                display, description = say(binding, app.get_key_display(binding), screen)
                out.append(KeyEntry(display, description, enabled, "palette"))
        return out

    def build(self) -> Text:
        keys = list(self.props.entries)
        memo_key = (tuple(keys), self.size.width, self.app.theme, self.app.ansi_color)
        memo = self._built.get(memo_key)
        if memo is not None:
            self._spans = memo[1]
            return memo[0]
        palette = keys.pop() if keys and keys[-1].key == "palette" else None
        styles = self.styles_table
        off = Style(dim=True)
        kst, dst = styles["keys--key"], styles["keys--description"]
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
            tail = Text("▏", style=styles["keys--edge"])
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
