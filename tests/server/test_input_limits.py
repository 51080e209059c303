"""What a session's input may grow to, whatever the player sends within the
byte budget: a bracketed paste that never ends is cut at the budget's burst
(it grew in the parser for as long as bytes came), and an escape sequence
that never ends is not waited for past a sequence's length (the parser
without the patches scanned and copied all of it at every read)."""

from __future__ import annotations

import time

from textual import events

from shengji_tui.server import Limits
from shengji_tui.server.driver import PASTE_END, PASTE_START, Terminal
from shengji_tui.tui.terminal import patches, xterm

BURST = 16 * 1024


class FakeDriver:
    """What the terminal hands its app's driver."""

    def __init__(self) -> None:
        self.fed = bytearray()
        self.resets = 0
        self.told: list[int] = []

    def feed(self, data: bytes) -> None:
        self.fed += data

    def reset_input(self) -> None:
        self.resets += 1

    def tell_dropped(self, kib: int) -> None:
        self.told.append(kib)


def terminal() -> tuple[Terminal, FakeDriver]:
    # (a byte rate no trickle reaches: only the paste's length is at stake)
    t = Terminal(lambda b: None, (80, 24), limits=Limits(input_rate=1e9, input_burst=BURST))
    driver = FakeDriver()
    t.driver = driver  # type: ignore[assignment]
    return t, driver


def test_a_paste_that_never_ends_is_cut_at_the_burst() -> None:
    t, driver = terminal()
    t.feed(b"a" + PASTE_START[:3])  # (its marker cut in two by the reads)
    t.feed(PASTE_START[3:])
    for _ in range(BURST // 1024 + 4):
        t.feed(b"x" * 1024)
    assert driver.resets == 1 and driver.told == [BURST // 1024]
    assert len(driver.fed) <= BURST + 1024 + 16  # (what the parser was given: no more)
    t.feed(b"more of it" + PASTE_END + b"n")  # its end: the keys after it are keys again
    assert driver.fed.endswith(b"n") and b"more of it" not in driver.fed
    assert t.pasted is None


def test_a_paste_under_the_burst_passes_whole_and_the_next_one_counts_afresh() -> None:
    t, driver = terminal()
    body = b"decks = 2\n" * (BURST // 20)
    for _ in range(3):
        t.feed(PASTE_START + body[: len(body) // 2])
        t.feed(body[len(body) // 2 :] + PASTE_END)
    assert driver.resets == 0 and driver.told == []
    assert driver.fed == (PASTE_START + body + PASTE_END) * 3


def test_a_paste_cut_goes_on_being_dropped_until_a_pause() -> None:
    t, driver = terminal()
    t.feed(PASTE_START + b"y" * (BURST + 1))
    assert driver.resets == 1
    t.feed(b"still pasting")
    assert b"still pasting" not in driver.fed
    t.last_input = time.monotonic() - 1.0  # (a quiet second: the player typing again)
    t.feed(b"n")
    assert driver.fed.endswith(b"n")


def test_an_escape_sequence_that_never_ends_is_not_waited_for() -> None:
    parser = xterm.InputParser()
    parser.feed(xterm.ESC + "[")
    keys = []
    for _ in range(200):  # 100 KB of parameters with no end
        keys.extend(parser.feed("1;" * 256))
    assert not parser.waiting  # (nothing kept: its characters were keys)
    assert len(keys) == 1 + 1 + 200 * 512  # escape, "[", the parameters
    # a sequence cut in two by the reads still reads as one
    assert parser.feed("\x1b[1;5") == [] and parser.waiting
    assert [getattr(e, "key", "") for e in parser.feed("C")] == ["ctrl+right"]


def test_a_typed_in_band_resize_leaves_the_mouse_in_cells() -> None:
    """(Textual's parser took the report as a switch to pixel mouse reports,
    scaled by the sizes it said: a size of 0 pixels, a ZeroDivisionError at
    the next click.)"""
    parser = patches.input_parser()
    parser.feed("\x1b[48;30;100;0;0t")  # 30x100 cells of 0x0 pixels
    (click,) = parser.feed("\x1b[<0;10;10M")
    assert isinstance(click, events.MouseDown) and (click.x, click.y) == (9, 9)
