"""The server's collector policy (server/gcpolicy.py): long-lived objects are
frozen, ended sessions' garbage is collected by an occasional full pass."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

from shengji_tui.server.gcpolicy import CALM_EVERY, CALM_LAG, CALM_TICK, YOUNG_THRESHOLD, GcPolicy


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_full_pass_collects_a_frozen_cycle_and_freezes_again() -> None:
    policy = GcPolicy(full_after_ended=2)
    try:
        policy.full()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        c = Cycle()
        policy.session_started()  # the cycle is frozen with the rest
        assert gc.get_freeze_count() > frozen
        ref = __import__("weakref").ref(c)
        del c
        gc.collect()
        assert ref() is not None  # frozen: the collector leaves it alone
        policy.session_ended()
        assert not policy.due(policy.last_full)
        policy.session_ended()  # (not started: the caller runs the pass)
        assert policy.due(policy.last_full)
        policy.full()
        assert ref() is None and policy.ended == 0
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_full_pass_is_due_after_a_while() -> None:
    policy = GcPolicy(full_every=60.0)
    assert not policy.due(policy.last_full + 59)
    assert policy.due(policy.last_full + 61)


class FakeTimer:
    """The policy's time, moved by the test: a wave's gaps are what the test
    says, not what a busy machine makes of a sleep."""

    def __init__(self) -> None:
        self.t = 0.0
        self.due: list[tuple[float, Callable[[], None], _Handle]] = []

    def now(self) -> float:
        return self.t

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Handle:
        handle = _Handle()
        self.due.append((self.t + delay, callback, handle))
        return handle

    def advance(self, seconds: float) -> None:
        self.t += seconds
        for entry in sorted(self.due, key=lambda e: e[0]):
            when, callback, handle = entry
            if when <= self.t and not handle.cancelled:
                self.due.remove(entry)
                callback()


class _Handle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


async def test_a_wave_of_departures_is_one_pass_once_it_stops() -> None:
    timer = FakeTimer()
    policy = GcPolicy(freeze_every=3600, settle=0.2, hold=5.0, timer=timer)
    policy.start()
    try:
        passes = policy.full_passes
        for _ in range(100):  # a hundred apps end, a few milliseconds apart
            policy.session_ended(live=100)
            timer.advance(0.005)
        assert policy.full_passes == passes, "no pass while they are still leaving"
        timer.advance(0.19)
        assert policy.full_passes == passes
        timer.advance(0.02)  # (the last one ended `settle` ago)
        assert policy.full_passes == passes + 1
        timer.advance(0.3)
        assert policy.full_passes == passes + 1 and policy.ended == 0
        # endings that never stop still get their pass within `hold`
        policy.hold = 0.3
        for _ in range(60):
            policy.session_ended(live=8)
            timer.advance(0.02)
        assert policy.full_passes >= passes + 2
    finally:
        await policy.stop()


async def test_with_ended_apps_taken_apart_a_wave_makes_no_pass() -> None:
    """With the patches on, an ended app is freed at its end (tui/terminal/patches.py
    `release_app`): a hundred leaving together wait for no full pass; it
    comes after `full_after_released` ended apps (or `full_every`)."""
    timer = FakeTimer()
    policy = GcPolicy(freeze_every=3600, settle=0.1, hold=1.0, released=True, timer=timer)
    policy.full_after_released = 150
    policy.start()
    try:
        passes = policy.full_passes
        for _ in range(100):
            policy.session_ended(live=100)
            timer.advance(0.002)
        timer.advance(10.0)
        assert policy.full_passes == passes and policy.ended == 100
        assert not policy.due(policy.last_full)
        for _ in range(50):
            policy.session_ended(live=100)
        timer.advance(0.1)
        assert policy.full_passes == passes + 1 and policy.ended == 0
    finally:
        await policy.stop()


async def test_the_young_generation_is_collected_less_often_while_serving() -> None:
    """A server's plays allocate many short-lived objects that reference counting
    frees: the youngest generation is walked every `YOUNG_THRESHOLD`
    allocations while the policy runs, and the process's own threshold is back
    after it stops."""
    before = gc.get_threshold()
    policy = GcPolicy(freeze_every=3600, timer=FakeTimer())
    policy.start()
    try:
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:])
    finally:
        await policy.stop()
    assert gc.get_threshold() == before


async def test_two_policies_of_one_process_give_the_threshold_back_after_the_last() -> None:
    """A host and a front end in one process (the tests' servers) start a policy
    each: the threshold stays the server's until both have stopped."""
    before = gc.get_threshold()
    one = GcPolicy(freeze_every=3600, timer=FakeTimer())
    two = GcPolicy(freeze_every=3600, timer=FakeTimer())
    one.start()
    two.start()
    try:
        await one.stop()
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    finally:
        await one.stop()  # (twice: nothing more)
        await two.stop()
    assert gc.get_threshold() == before


def test_a_calm_loop_freezes_the_young_objects_between_waves() -> None:
    """Between waves of sessions, the objects a play makes are frozen at calm
    moments instead of being walked by a young pass in the middle of the next
    burst of updates (gcpolicy.py, `CALM_EVERY`)."""
    timer = FakeTimer()
    policy = GcPolicy(settle=2.0, released=True, timer=timer)
    try:
        policy.freeze()
        young = [Cycle() for _ in range(50)]  # what a play leaves behind
        assert gc.get_count()[0] >= 50
        assert not policy.calm_tick(lag=0.0), "frozen less than CALM_EVERY ago"
        timer.advance(CALM_EVERY)
        assert not policy.calm_tick(lag=CALM_LAG), "the loop is behind: not now"
        frozen = gc.get_freeze_count()
        assert policy.calm_tick(lag=0.0)
        assert gc.get_freeze_count() >= frozen + len(young)
        assert gc.get_count()[0] < 50 and policy.calm_freezes == 1
    finally:
        gc.unfreeze()


def test_while_sessions_start_or_end_the_young_passes_are_left_to_run() -> None:
    """A wave's mounts make cycles (Textual's styles of component classes) that the
    young passes free: no calm freeze until it has settled for `settle`."""
    timer = FakeTimer()
    policy = GcPolicy(settle=2.0, released=True, timer=timer)
    try:
        timer.advance(10.0)
        policy.session_starting()
        timer.advance(1.9)
        assert not policy.calm_tick(lag=0.0)
        timer.advance(0.2)
        assert policy.calm_tick(lag=0.0)
        timer.advance(1.0)
        policy.session_ended(live=4)
        timer.advance(1.0)
        assert not policy.calm_tick(lag=0.0)
        timer.advance(1.1)
        assert policy.calm_tick(lag=0.0)
        policy.released = False  # (the patches off: Textual's caches make cycles)
        timer.advance(10.0)
        assert not policy.calm_tick(lag=0.0)
    finally:
        gc.unfreeze()


async def test_the_calm_ticker_runs_with_the_policy_and_stops_with_it() -> None:
    policy = GcPolicy(freeze_every=3600, settle=0.0, released=True)
    policy.start()  # (its full pass freezes: the first calm freeze CALM_EVERY later)
    try:
        for _ in range(int(4 * CALM_EVERY / CALM_TICK)):
            await asyncio.sleep(CALM_TICK)
            if policy.calm_freezes:
                break
        assert policy.calm_freezes >= 1
    finally:
        await policy.stop()
    done = policy.calm_freezes
    await asyncio.sleep(CALM_EVERY + 2 * CALM_TICK)
    assert policy.calm_freezes == done  # (stopped: the ticker is gone)
