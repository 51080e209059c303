"""A Textual driver that speaks to one SSH channel, and the channel's terminal.

`Terminal` is one SSH session's screen and keyboard; it outlives the apps shown
on it (the lobby, then a table, then the lobby again). `SSHDriver` is the
Textual side: Textual builds one per app run (`driver_class`), and it attaches
itself to the terminal while the app runs.

Everything runs on the event loop (no threads, no signal handlers, no termios:
see docs/architecture.md "SSH traps"). Textual's private parts it needs (its xterm input parser,
a full repaint, colour systems per session) are asked of `tui.terminal.patches`, which
falls back on Textual's public API when they are off.

Output: frames are written to the channel until more than `Limits.output_cap`
bytes wait for a client that stopped reading; from then on frames are dropped
(the server never buffers more), and when the client drains its queue the
whole screen is painted again.

Input: a token bucket per session (`Limits.input_rate` / `input_burst`); bytes
over it are dropped, and the rest of what was cut too (up to a bracketed
paste's end, or a pause of `DISCARD_QUIET`): the tail of a paste too large,
let in as the bucket fills again, would be read as keys; a bracketed paste
that goes on past the bucket's burst, however slowly it comes, is cut the
same way (it grew in the parser). Then a bucket of
events (`Limits.input_events` / `input_events_burst`: keys, mouse reports,
pastes), since an app's work is per event, not per byte (a byte can be a key):
events over it are dropped. Within
one read, repeated mouse reports (the same button, place and modifiers; any
motion) reach the app once: a flood of wheel or click reports is one. Garbage
never reaches the app as anything but keys: the parser is reset if it ever
raises, and what it reads besides keys, mouse reports and pastes (a
terminal's replies: an in-band resize, a cursor position, focus) is dropped.
Whatever follows a key waits until that key has reached the app (its
binding run), so keys and pastes read together keep their order.

Size: capped at `Limits.max_width` x `max_height`; a resize comes into effect
at most every `RESIZE_GAP` seconds (the newest size wins), since each one
lays the whole app out again.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Console
from textual import events
from textual.driver import Driver
from textual.geometry import Size

from .. import trace
from ..text import Catalogue, detect_lang
from ..tui.terminal import patches
from ..untrusted import clean_paste
from .limits import Limits, TokenBucket, clamp_size

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message
    from textual.message_pump import MessagePump

log = logging.getLogger("shengji_tui.server")

ESC_TIMEOUT = 0.12  # a lone ESC becomes the escape key after this long
HOLD_TIMEOUT = 5.0  # seconds input waits, at most, for one widget to take the keys before it
RESIZE_GAP = 0.1  # seconds between two resizes given to the app, at least

# Terminal modes: alt screen, SGR mouse (clicks only: no any-motion tracking),
# hidden cursor, bracketed paste, no auto-wrap.
_START = "\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25l\x1b[?2004h\x1b[?7l"
_STOP = "\x1b[?2004l\x1b[?1006l\x1b[?1000l\x1b[?7h\x1b[?1049l\x1b[?25h"


def color_system(env: Mapping[str, str], term: str | None) -> str | None:
    """Rich's colour system for a client, from ITS `TERM` / `COLORTERM` (never the
    server's). OpenSSH sends TERM with the PTY request; COLORTERM only if the
    client's SendEnv passes it."""
    colorterm = env.get("COLORTERM", "").lower()
    term = (term or env.get("TERM") or "").lower()
    if colorterm in ("truecolor", "24bit") or term.endswith("-direct"):
        return "truecolor"
    if "256" in term:
        return "256"
    return "standard"


class _NullFile:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return -1


def session_console(env: Mapping[str, str], term: str | None, size: tuple[int, int]) -> Console:
    """A Rich console for one session (what `App.__init__` builds from the server's
    environment, built from the client's)."""
    environ = {
        "TERM": term or env.get("TERM", "xterm"),
        "COLUMNS": str(size[0]),
        "LINES": str(size[1]),
    }
    return Console(
        color_system=patches.session_colours(color_system(env, term)),  # type: ignore[arg-type]
        file=_NullFile(),  # type: ignore[arg-type]
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=environ,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
        width=size[0],
        height=size[1],
    )


DROPPED_TELL_GAP = 10.0  # seconds between two sentences about dropped input
DISCARD_QUIET = 0.25  # after input was cut, the rest is thrown away until this pause...
PASTE_END = b"\x1b[201~"  # ...or a bracketed paste's end
PASTE_START = b"\x1b[200~"


class Terminal:
    """One SSH session's terminal. `write` is called with a `bytes` writer (the
    channel's), `pause`/`resume` by the channel's flow control."""

    def __init__(
        self,
        write: Callable[[bytes], None],
        size: tuple[int, int],
        *,
        term: str | None = None,
        env: Mapping[str, str] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self._write = write
        self.limits = limits or Limits()
        self.size = clamp_size(size[0], size[1], self.limits)
        self.term = term
        self.env = dict(env or {})
        self.driver: SSHDriver | None = None
        self.closed = False
        self.paused = False
        self.dirty = False  # frames were dropped: repaint everything on resume
        self.frames_dropped = 0
        self.bytes_written = 0
        self.bucket = TokenBucket(self.limits.input_rate, self.limits.input_burst)
        self.events = TokenBucket(self.limits.input_events, self.limits.input_events_burst)
        self.coalesced = 0  # mouse reports merged into an identical one
        self.ignored = 0  # a terminal's replies in the input (see `SSHDriver._deliver`)
        self.dropped = 0  # input bytes over the budget, thrown away
        self.discarding = False  # input was cut: the rest of it is thrown away too
        self.pasted: int | None = None  # the bytes of a bracketed paste not ended yet
        self._carry = b""  # the last bytes read, for a paste's marker cut in two
        self._told_dropped = -DROPPED_TELL_GAP  # when the player was last told
        self.last_input = time.monotonic()
        self._resized_at = 0.0
        self._resize_later: asyncio.TimerHandle | None = None
        self.trace_tag = ""  # the screen's table and seat, for a play's timeline (trace.py)

    # ------------------------------------------------------------ output
    def write(self, data: str) -> None:
        if self.closed or not data:
            return
        if self.paused:
            self.dirty = True
            self.frames_dropped += 1
            return
        raw = data.encode("utf-8", "replace")
        self.bytes_written += len(raw)
        if trace.ON:
            trace.rec("out", g=self.trace_tag, n=len(raw))
        try:
            self._write(raw)
        except Exception:
            self.closed = True

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        if self.dirty:
            self.dirty = False
            if self.driver is not None:
                self.driver.repaint()

    # ------------------------------------------------------------- input
    def feed(self, data: bytes) -> None:
        if self.closed or not data:
            return
        if trace.ON:
            trace.rec("in", g=self.trace_tag, n=len(data))
        now = time.monotonic()
        quiet = now - self.last_input
        self.last_input = now
        if self.discarding:
            # the rest of what was cut (a paste's bytes read as keys would be typed
            # into the screen: "q" leaves): up to a paste's end, or a pause
            end = data.find(PASTE_END)
            if end < 0 and quiet < DISCARD_QUIET:
                self.dropped += len(data)
                return
            self.discarding = False
            if end >= 0:
                self.dropped += end + len(PASTE_END)
                data = data[end + len(PASTE_END) :]
                if not data:
                    return
        n = self.bucket.take(len(data))
        driver = self.driver
        if driver is None:
            return
        if self._paste_too_long(data[:n]):
            # A paste that never ends would grow in the parser for as long as the
            # bucket lets bytes in (a 4 KiB/s trickle: 14 MiB an hour, per
            # session): at the bucket's burst it is cut like a paste sent at once.
            driver.reset_input()
            self.discarding = PASTE_END not in data[n:]
            self.dropped += len(data)
            self._tell_dropped(driver)
            return
        if n < len(data):
            # Bytes are dropped: whatever the parser was in the middle of (an escape
            # sequence, a bracketed paste) will never end. Start afresh after this,
            # once the rest of it is over.
            driver.feed(data[:n])
            driver.reset_input()
            self.discarding = PASTE_END not in data[n:]
            self.dropped += len(data) - n
            self.pasted = None  # (the parser's paste, if any, is gone with it)
            self._tell_dropped(driver)
        else:
            driver.feed(data)

    def _tell_dropped(self, driver: SSHDriver) -> None:
        now = time.monotonic()
        if now - self._told_dropped >= DROPPED_TELL_GAP:  # (a flood is told once)
            self._told_dropped = now
            driver.tell_dropped(self.limits.input_burst // 1024)

    def _paste_too_long(self, data: bytes) -> bool:
        """Follow the bracketed pastes in the bytes let in: True when the one
        under way has passed the bucket's burst (it is then forgotten)."""
        seen = self._carry + data
        self._carry = seen[-(len(PASTE_START) - 1) :]
        start, end = seen.rfind(PASTE_START), seen.rfind(PASTE_END)
        if start > end:  # a paste begins here
            self.pasted = len(seen) - start - len(PASTE_START)
        elif end >= 0:
            self.pasted = None
        elif self.pasted is not None:
            self.pasted += len(data)
        if self.pasted is not None and self.pasted > self.limits.input_burst:
            self.pasted = None
            self._carry = b""
            return True
        return False

    def resize(self, width: int, height: int) -> None:
        """The client's new size (capped); given to the app now, or once
        `RESIZE_GAP` has passed since the last one."""
        self.size = clamp_size(width, height, self.limits)
        if self._resize_later is not None:
            return  # already due: it takes the newest size
        wait = self._resized_at + RESIZE_GAP - time.monotonic()
        if wait > 0:
            self._resize_later = asyncio.get_running_loop().call_later(wait, self._apply_size)
        else:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_later = None
        self._resized_at = time.monotonic()
        if self.driver is not None and not self.closed:
            self.driver.resize(*self.size)

    def console(self) -> Console:
        return session_console(self.env, self.term, self.size)

    def close(self) -> None:
        self.closed = True
        if self._resize_later is not None:
            self._resize_later.cancel()
            self._resize_later = None
        if self.driver is not None:
            self.driver.detach()

    # ------------------------------------------------------------ driver
    def driver_class(self) -> Callable[..., SSHDriver]:
        """What to give `App(driver_class=...)`: Textual calls it with the app."""

        def make(app: App[Any], **kw: Any) -> SSHDriver:
            return SSHDriver(app, terminal=self, **kw)

        return make


class SSHDriver(Driver):
    """Textual's side of a `Terminal` (see the module docstring)."""

    def __init__(
        self,
        app: App[Any],
        *,
        terminal: Terminal,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=False, mouse=mouse, size=size or terminal.size)
        self.terminal = terminal
        self._parser: patches.InputParserLike | None = None
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick_handle: asyncio.TimerHandle | None = None
        self._in_app_mode = False
        self._held: list[Message] | None = None  # input after a key not done yet, waiting
        self._release: asyncio.Future[None] | None = None

    # --------------------------------------------------------- Textual API
    @property
    def can_suspend(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.terminal.write(data)

    def start_application_mode(self) -> None:
        t = self.terminal
        t.driver = self
        self._parser = patches.input_parser()
        self._in_app_mode = True
        self.write(_START)
        self.resize(*t.size)

    def disable_input(self) -> None:
        self.detach()

    def stop_application_mode(self) -> None:
        if self._in_app_mode:
            self._in_app_mode = False
            self.write(_STOP)
        self.detach()

    def close(self) -> None:
        parser = self._parser
        self.detach()
        if parser is not None:
            parser.close()  # Leak 1 (docs/architecture.md "SSH traps"): the key cache

    def send_message(self, message: Message) -> None:
        # On the loop already: no thread hop.
        self._app.post_message(message)

    # Server-side effects are refused for remote sessions.
    def open_url(self, url: str, new_tab: bool = True) -> None:
        log.info("refused to open a URL on the server for a remote session: %s", url)

    def deliver_binary(self, binary: Any, **kw: Any) -> None:
        log.info("refused to save a file on the server for a remote session")
        with contextlib.suppress(Exception):
            binary.close()

    # ------------------------------------------------------------- ours
    def detach(self) -> None:
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        if self._release is not None:
            self._release.cancel()
            self._release = None
        self._held = None
        if self.terminal.driver is self:
            self.terminal.driver = None
        self._parser = None

    def resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        size = Size(width, height)
        self._app.console.size = (width, height)
        self.send_message(events.Resize(size, size))

    def repaint(self) -> None:
        """Paint the whole screen again (after frames were dropped)."""
        app = self._app
        try:
            screen = app.screen
        except Exception:
            return

        def full() -> None:
            try:
                patches.full_repaint(app)
            except Exception:
                log.debug("repaint failed", exc_info=True)

        del screen
        app.call_later(full)

    def feed(self, data: bytes) -> None:
        parser = self._parser
        if parser is None:
            return
        text = self._decode(data)
        if not text:
            return
        parsed: list[Message] = []
        try:
            parsed.extend(parser.feed(text))
        except Exception:
            log.debug("input parser reset", exc_info=True)
            self._parser = patches.input_parser()
        self._deliver(parsed)
        self._schedule_tick()

    def _deliver(self, parsed: list[Message]) -> None:
        """To the app: keys, mouse reports and pastes only, within the event
        budget, repeated mouse reports once. Textual's parser also reads the
        replies a terminal sends when asked (an in-band resize, a cursor
        position, focus in and out, a mode's support): the server asks for
        none, so over SSH they are a player's typing, and an in-band resize of
        10000x10000 would lay the app out past the PTY's cap."""
        t = self.terminal
        seen: set[tuple[object, ...]] = set()
        for event in parsed:
            if not isinstance(event, (events.Key, events.MouseEvent, events.Paste)):
                t.ignored += 1
                continue
            if isinstance(event, events.MouseEvent):
                sig: tuple[object, ...] = (
                    (type(event),)
                    if isinstance(event, events.MouseMove)
                    else (
                        type(event),
                        event.button,
                        event.x,
                        event.y,
                        event.shift,
                        event.meta,
                        event.ctrl,
                    )
                )
                if sig in seen:
                    t.coalesced += 1
                    continue
                seen.add(sig)
            elif isinstance(event, events.Paste):
                # a paste is typed text: where a player's text enters over SSH it
                # is cleaned, else the box showing it would echo its escapes
                event = events.Paste(clean_paste(event.text))
            if t.events.take(1):
                self._send_in_order(event)

    def _send_in_order(self, event: Message) -> None:
        """To the app, once every key sent before it has done its work.

        Textual forwards a key to the focused widget, and a key that widget does
        not take bubbles up, one message queue at a time, to the app, which runs
        its binding there; a paste, or a key the widget takes (a letter), is
        handled by the widget at once. Input read together (a link that batches
        a player's keys) was done out of order: f7 (select all), delete and a
        paste in a box inserted the paste and then deleted it with the rest;
        left, left, X put the X at the end. So once a key went out, whatever
        follows it waits until that key has gone up the widget chain
        (`_keys_done`, started at once: a key typed alone is not delayed)."""
        if self._held is not None:
            self._held.append(event)
            return
        if trace.ON and isinstance(event, events.Key):
            trace.rec("deliver", g=self.terminal.trace_tag)
        self.process_message(event)
        if isinstance(event, events.Key):
            self._held = []
            self._release = asyncio.ensure_future(self._after_key(event))

    async def _after_key(self, key: events.Key) -> None:
        try:
            await self._keys_done(key)
        except Exception:  # (an app closing: its pumps take no callback)
            log.debug("waiting for a key to be done", exc_info=True)
        held, self._held, self._release = self._held or [], None, None
        if self._parser is None:
            return  # detached meanwhile: the app is gone
        for event in held:
            self._send_in_order(event)

    async def _keys_done(self, key: events.Key) -> None:
        """Every message sent to the app so far handled, and each key forwarded
        to a widget handled by it and by each widget up to the app (which runs
        the bindings): each pump's callback runs after the messages queued
        before it. A key the app handled itself, never forwarded (the table's
        keys: `ShengjiApp.on_event`), is done when the app is."""
        app = self._app

        async def through(pump: MessagePump) -> None:
            done = asyncio.Event()
            if pump.call_later(done.set):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(done.wait(), HOLD_TIMEOUT)

        before: object = None
        with contextlib.suppress(Exception):
            before = app.screen
        await through(app)  # (the keys went to the widget focused then)
        target = app.focused
        if target is None:
            with contextlib.suppress(Exception):
                target = app.screen
        if target is not None and key.is_forwarded:
            for pump in target.ancestors_with_self:  # (from the widget up to the app)
                await through(pump)
        # a key that opened or closed a screen: what follows goes to the screen
        # on top once it has set its focus (its resume, then the app's focus call)
        for _ in range(3):
            try:
                top = app.screen
            except Exception:
                return
            if top is before:
                return
            before = top
            await through(top)
            await through(app)

    def tell_dropped(self, kib: int) -> None:
        """The player's sentence for input thrown away (a paste too large, a
        flood of keys), in the app's language."""
        app = self._app
        cat = getattr(app, "cat", None)
        if not isinstance(cat, Catalogue):
            cat = Catalogue(detect_lang(self.terminal.env))
        text = cat.t("session.input_dropped", kib=kib)
        app.call_later(app.notify, text, severity="warning", markup=False)

    def reset_input(self) -> None:
        if self._parser is not None:
            self._parser = patches.input_parser()
            self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode

    def _schedule_tick(self) -> None:
        if self._tick_handle is None and self._parser is not None:
            self._tick_handle = self._loop.call_later(ESC_TIMEOUT, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        parser = self._parser
        if parser is None:
            return
        parsed: list[Message] = []
        try:
            parsed.extend(parser.tick())
        except Exception:
            self._parser = patches.input_parser()
        self._deliver(parsed)
        if parser.waiting:
            self._schedule_tick()
