"""`shengji play` leaves when its terminal is gone: a window closed under a
parent that kept the hang-up to itself (`make play` in a killed tmux pane) used
to leave the app running, Textual's input thread spinning on the dead tty."""

from __future__ import annotations

import contextlib
import os

from . import helpers as H


async def test_the_app_leaves_once_its_terminal_is_gone() -> None:
    app, _table = H.static_app(H.following_state())
    r, w = os.openpty()  # (a terminal: the app stays)
    app.watch_terminal(w)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause(1.5)
            assert app.is_running and app._terminal_fd == w
            os.close(r)
            os.close(w)  # (the fd is no terminal now, as a hung-up tty is not)
            await H.wait_until(pilot, lambda: not app.is_running, 10, "the app to leave")
    finally:
        for fd in (r, w):
            with contextlib.suppress(OSError):  # (closed above when all went well)
                os.close(fd)
