"""The server's collector policy (server/gcpolicy.py): long-lived objects are
frozen, ended sessions' garbage is collected by an occasional full pass."""

from __future__ import annotations

import gc

from shengji_tui.server.gcpolicy import GcPolicy


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


async def test_a_wave_of_departures_is_one_pass_once_it_stops() -> None:
    import asyncio

    policy = GcPolicy(freeze_every=3600, settle=0.2, hold=5.0)
    policy.start()
    try:
        passes = policy.full_passes
        for _ in range(100):  # a hundred apps end, a few milliseconds apart
            policy.session_ended(live=100)
            await asyncio.sleep(0.005)
        assert policy.full_passes == passes, "no pass while they are still leaving"
        await asyncio.sleep(0.5)
        assert policy.full_passes == passes + 1
        await asyncio.sleep(0.3)
        assert policy.full_passes == passes + 1 and policy.ended == 0
        # endings that never stop still get their pass within `hold`
        policy.hold = 0.3
        for _ in range(60):
            policy.session_ended(live=8)
            await asyncio.sleep(0.02)
        assert policy.full_passes >= passes + 2
    finally:
        await policy.stop()


async def test_with_ended_apps_taken_apart_a_wave_makes_no_pass() -> None:
    """With the patches on, an ended app is freed at its end (tui/patches.py
    `release_app`): a hundred leaving together wait for no full pass; it
    comes after `full_after_released` ended apps (or `full_every`)."""
    import asyncio

    policy = GcPolicy(freeze_every=3600, settle=0.1, hold=1.0, released=True)
    policy.full_after_released = 150
    policy.start()
    try:
        passes = policy.full_passes
        for _ in range(100):
            policy.session_ended(live=100)
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.4)
        assert policy.full_passes == passes and policy.ended == 100
        assert not policy.due(policy.last_full)
        for _ in range(50):
            policy.session_ended(live=100)
        await asyncio.sleep(0.4)
        assert policy.full_passes == passes + 1 and policy.ended == 0
    finally:
        await policy.stop()
