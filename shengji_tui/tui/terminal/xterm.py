"""A terminal's input (xterm sequences, as text) as Textual events, on Textual's
public API alone: what the SSH driver uses when the patches are off
(`patches.input_parser`; Textual's own parser is private).

It reads what the table and the lobby need: printable characters (keys named
as Textual names them: "a", "question_mark", "space"), control keys
("enter", "tab", "backspace", "escape", "ctrl+p"), the cursor and editing
keys with their modifiers ("left", "shift+tab", "ctrl+right", "pageup",
"f1"...), bracketed paste, and SGR mouse reports (press, release, motion,
wheel). A lone ESC is the escape key once `tick` is called after a pause
with nothing more (the driver calls it after a short timeout); an unknown
sequence is dropped, and an ESC with no sequence's end within `MAX_SEQUENCE`
characters is the escape key, what follows it keys.
"""

from __future__ import annotations

import re
import unicodedata

from textual import events
from textual.keys import KEY_NAME_REPLACEMENTS
from textual.message import Message

ESC = "\x1b"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
# No sequence read here is longer (a mouse report at 500x200 is 16): an ESC
# followed by this many characters without a sequence's end is not one (its
# characters are keys, as in Textual's parser), so that what waits for the
# rest stays short: an unended "ESC [" and endless digits made each read scan
# and copy everything since (a second a read after a megabyte).
MAX_SEQUENCE = 32

_CONTROL = {
    "\r": ("enter", "\r"),
    "\n": ("enter", "\r"),
    "\t": ("tab", "\t"),
    "\x7f": ("backspace", "\x7f"),
    "\x08": ("backspace", "\x08"),
    "\x00": ("ctrl+at", None),
}
_FINAL = {"A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end"}
_SS3 = {**_FINAL, "P": "f1", "Q": "f2", "R": "f3", "S": "f4"}
_TILDE = {
    "1": "home",
    "2": "insert",
    "3": "delete",
    "4": "end",
    "5": "pageup",
    "6": "pagedown",
    "7": "home",
    "8": "end",
    "11": "f1",
    "12": "f2",
    "13": "f3",
    "14": "f4",
    "15": "f5",
    "17": "f6",
    "18": "f7",
    "19": "f8",
    "20": "f9",
    "21": "f10",
    "23": "f11",
    "24": "f12",
}
_MODIFIERS = {2: "shift", 3: "alt", 4: "alt+shift", 5: "ctrl", 6: "ctrl+shift", 7: "ctrl+alt"}
_CSI = re.compile(r"\x1b\[([0-9;<]*)([A-Za-z~])")
_SS3_RE = re.compile(r"\x1bO([A-Za-z])")
_SGR_MOUSE = re.compile(r"<(\d+);(-?\d+);(-?\d+)")


def character_key(character: str) -> str:
    """Textual's name of the key of a printable character ("?" is "question_mark")."""
    if character.isalnum():
        return character
    try:
        name = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return character
    return KEY_NAME_REPLACEMENTS.get(name, name)


def _modified(name: str, params: str) -> str:
    parts = params.split(";")
    if len(parts) == 2 and parts[1].isdigit():
        mod = _MODIFIERS.get(int(parts[1]))
        if mod:
            return f"{mod}+{name}"
    return name


class InputParser:
    """Text in, Textual events out (see the module docstring)."""

    def __init__(self) -> None:
        self._pending = ""  # an escape sequence not complete yet
        self._paste: list[str] | None = None
        self._last = (0, 0)  # the mouse's last cell (for the deltas)

    @property
    def waiting(self) -> bool:
        return bool(self._pending)

    def close(self) -> None:
        self._pending = ""

    def tick(self) -> list[Message]:
        """Nothing more came: a lone ESC is the escape key."""
        if self._pending == ESC:
            self._pending = ""
            return [events.Key("escape", ESC)]
        self._pending = ""  # (an unfinished sequence: dropped)
        return []

    def feed(self, data: str) -> list[Message]:
        text = self._pending + data
        self._pending = ""
        out: list[Message] = []
        i, n = 0, len(text)
        while i < n:
            if self._paste is not None:
                end = text.find(PASTE_END, i)
                if end < 0:
                    tail = _partial_suffix(text[i:], PASTE_END)
                    self._paste.append(text[i : n - tail])
                    self._pending = text[n - tail :]
                    return out
                self._paste.append(text[i:end])
                out.append(events.Paste("".join(self._paste)))
                self._paste = None
                i = end + len(PASTE_END)
                continue
            ch = text[i]
            if ch != ESC:
                out.append(self._key(ch))
                i += 1
                continue
            rest = text[i:]
            if rest.startswith(PASTE_START):
                self._paste = []
                i += len(PASTE_START)
                continue
            if len(rest) == 1 or (rest[1] in "[O" and not _complete(rest[:MAX_SEQUENCE])):
                if len(rest) < MAX_SEQUENCE:
                    self._pending = rest  # wait for the rest (or the tick: escape)
                    return out
                out.append(events.Key("escape", ESC))  # too long for a sequence
                i += 1
                continue
            if rest[1] == "[":
                m = _CSI.match(rest)
                if m is None:  # not a sequence we know the end of: escape, then the rest
                    out.append(events.Key("escape", ESC))
                    i += 1
                    continue
                event = self._csi(m.group(1), m.group(2))
                if event is not None:
                    out.append(event)
                i += m.end()
                continue
            if rest[1] == "O":
                m = _SS3_RE.match(rest)
                name = _SS3.get(m.group(1)) if m is not None else None
                if name is not None:
                    out.append(events.Key(name, None))
                i += 2 if m is None else m.end()
                continue
            if rest[1] == ESC:  # ESC ESC: the escape key, then what follows
                out.append(events.Key("escape", ESC))
                i += 1
                continue
            # ESC + a character: alt+key
            key = self._key(rest[1])
            out.append(events.Key(f"alt+{key.key}", None))
            i += 2
        return out

    def _key(self, ch: str) -> events.Key:
        control = _CONTROL.get(ch)
        if control is not None:
            return events.Key(control[0], control[1])
        code = ord(ch)
        if code < 32:
            return events.Key(f"ctrl+{chr(code + 96)}", ch)
        if ch == " ":
            return events.Key("space", " ")
        return events.Key(character_key(ch), ch)

    def _csi(self, params: str, final: str) -> Message | None:
        if params.startswith("<") and final in "Mm":
            return self._mouse(params, final)
        if final == "Z":
            return events.Key("shift+tab", None)
        if final == "~":
            name = _TILDE.get(params.split(";")[0])
            return events.Key(_modified(name, params), None) if name else None
        name = _FINAL.get(final)
        return events.Key(_modified(name, params), None) if name else None

    def _mouse(self, params: str, final: str) -> Message | None:
        m = _SGR_MOUSE.fullmatch(params)
        if m is None:
            return None
        buttons, x, y = int(m.group(1)), int(m.group(2)) - 1, int(m.group(3)) - 1
        if x < 0 or y < 0:
            return None
        dx, dy = x - self._last[0], y - self._last[1]
        self._last = (x, y)
        shift, meta, ctrl = bool(buttons & 4), bool(buttons & 8), bool(buttons & 16)
        event_class: type[events.MouseEvent]
        if buttons & 64:
            event_class = [
                events.MouseScrollUp,
                events.MouseScrollDown,
                events.MouseScrollLeft,
                events.MouseScrollRight,
            ][buttons & 3]
            button = 0
        else:
            button = (buttons + 1) & 3
            if buttons & 32:
                event_class = events.MouseMove
            else:
                event_class = events.MouseDown if final == "M" else events.MouseUp
        return event_class(None, x, y, dx, dy, button, shift, meta, ctrl, screen_x=x, screen_y=y)


def _complete(seq: str) -> bool:
    """Whether an escape sequence (from its ESC) has its final character yet."""
    if seq.startswith("\x1b["):
        return any(c.isalpha() or c == "~" for c in seq[2:])
    if seq.startswith("\x1bO"):
        return len(seq) >= 3
    return len(seq) >= 2


def _partial_suffix(text: str, marker: str) -> int:
    """How many characters at the end of `text` could start `marker`."""
    for k in range(min(len(marker) - 1, len(text)), 0, -1):
        if marker.startswith(text[-k:]):
            return k
    return 0
