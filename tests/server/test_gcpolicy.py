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
