"""An ended app is taken apart (`patches.release_app`, called by the SSH server
when a session's app ends) so that reference counting frees it at once, not
the collector's next full pass over every table (docs/performance.md, "Many
players leaving at once"); the apps still running are untouched. Two Textual
caches no longer make cycles of their own: `LRUCache.clear` and a strip that
kept itself in its memo."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections import Counter
from collections.abc import Iterator

import pytest
from rich.segment import Segment
from textual.cache import LRUCache
from textual.dom import DOMNode
from textual.strip import Strip

from shengji_tui.tui.terminal import patches

from . import helpers as H

patched = pytest.mark.skipif(not patches.active(), reason=f"patches off: {patches.status()}")


@pytest.fixture
def frozen() -> Iterator[None]:
    """What lives before the test is out of the count (as the server freezes it)."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def left_for_the_collector() -> tuple[Counter[str], int]:
    """The unreachable objects a collection would find now, by type, and how
    many of them are DOM nodes."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
    finally:
        gc.set_debug(0)
    found = Counter(type(o).__name__ for o in gc.garbage)
    nodes = sum(isinstance(o, DOMNode) for o in gc.garbage if type(o) is not weakref.ProxyType)
    gc.garbage.clear()
    return found, nodes


async def play_and_end(release: bool) -> weakref.ref[object]:
    # in a task of its own, as a server session: the context it leaves behind
    # (Textual's `active_app`) goes with it
    return await asyncio.create_task(play_in_task(release))


async def play_in_task(release: bool) -> weakref.ref[object]:
    app, _ = H.static_app(H.following_state())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for key in ("t", "escape", "question_mark", "escape", "right", "space"):
            await pilot.press(key)  # a popup, the help, a card chosen
            await pilot.pause()
        # what playing left in cycles is collected: the count is the end's alone
        gc.unfreeze()
        gc.collect()
        gc.freeze()
    ref = weakref.ref(app)
    if release:
        patches.release_app(app)
    del app, pilot
    return ref


@patched
async def test_an_ended_app_is_freed_by_reference_counting(frozen: None) -> None:
    gc.disable()  # (no collection may run between the end and the check)
    try:
        ref = await play_and_end(release=True)
        assert ref() is None, "the released app is freed without the collector"
        left, nodes = left_for_the_collector()
    finally:
        gc.enable()
    assert nodes == 0
    # a few of asyncio's and the test's lists may remain; an app left ~5 000
    assert sum(left.values()) < 200, left.most_common(10)


@patched
async def test_without_the_release_the_app_waits_for_the_collector(frozen: None) -> None:
    gc.disable()
    try:
        ref = await play_and_end(release=False)
        assert ref() is not None  # its cycles hold it
        left, nodes = left_for_the_collector()
    finally:
        gc.enable()
    assert ref() is None
    assert sum(left.values()) > 1000 and nodes > 20


@patched
async def test_the_other_apps_play_on_after_one_is_released() -> None:
    a, _ = H.static_app(H.following_state())
    b, _ = H.static_app(H.following_state())
    async with b.run_test(size=(100, 32)) as pb:
        async with a.run_test(size=(100, 32)) as pa:
            await pa.press("t")
            await pa.pause()
        patches.release_app(a)
        assert not vars(a)  # taken apart
        depth = len(b.screen_stack)
        await pb.press("t")  # b opens the last trick's popup and closes it
        await pb.pause()
        assert len(b.screen_stack) == depth + 1
        await pb.press("escape")
        await pb.pause()
        assert len(b.screen_stack) == depth
        b.theme = "textual-light"  # restyled: the styles b shares with a's were not touched
        await pb.pause()
        assert b.screen.query_one("#hand").region.height > 0


def test_with_the_patches_off_nothing_is_taken_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = H.static_app(H.following_state())
    monkeypatch.setattr(patches._State, "installed", False)
    patches.release_app(app)
    assert vars(app)  # (the collector frees it, as Textual leaves it)


@patched
def test_a_cleared_lru_cache_leaves_no_ring_of_links() -> None:
    cache: LRUCache[int, str] = LRUCache(8)
    for k in range(5):
        cache.set(k, str(k))
    links = list(cache._cache.values())
    cache.clear()
    assert all(link == [] for link in links)
    assert len(cache) == 0 and cache.get(1) is None
    cache.set(7, "seven")  # and it works as before afterwards
    assert cache.get(7) == "seven"


@patched
def test_a_strip_is_not_kept_in_its_own_memo() -> None:
    strip = Strip([Segment("hello "), Segment("world")], 11)
    assert strip.adjust_cell_length(11) is strip
    assert strip.divide([11]) == [strip]
    assert strip.crop_extend(0, 11, None).text == "hello world"
    for memo in ("_line_length_cache", "_divide_cache", "_crop_extend_cache"):
        kept = list(getattr(strip, memo)._cache.values())
        assert all(v is not strip and v != [strip] for v in kept), memo
    # other strips are memoised as before
    shorter = strip.adjust_cell_length(5)
    assert shorter.text == "hello" and strip.adjust_cell_length(5) is shorter
