"""Rebuilding a table from its log: the engine is deterministic, so the stored
commands re-applied to `new_game(rules, seed)` give the state back. Each
command's re-derived events are checked against the stored ones; a difference
(an engine that changed its rules since the game was recorded, or a damaged
log) is a `ReplayMismatch` with a sentence saying where. Events recorded before
a field was added to them compare with that field at its default.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from ..engine import (
    Command,
    GameState,
    RuleError,
    apply,
    new_game,
    parse_command,
)
from ..engine.events import Event
from .db import Store, StoredTable, StoreError
from .deals import DealSummary, deal_summary

EVENTS_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


class ReplayMismatch(StoreError):
    """The stored log does not replay to the same events with this engine."""


def command_json(command: Command) -> str:
    return command.model_dump_json()


def events_json(events: list[Event]) -> str:
    return EVENTS_ADAPTER.dump_json(events).decode()


def events_from_json(text: str) -> list[Event]:
    return EVENTS_ADAPTER.validate_json(text)


def _as_now(recorded: Any) -> Any:
    """Stored events read as this engine's events: a field added since they were
    recorded takes its default (a log written before `DealResult.friend_levels`
    existed replays equal). None if they do not read as events at all."""
    try:
        return EVENTS_ADAPTER.dump_python(EVENTS_ADAPTER.validate_python(recorded), mode="json")
    except ValueError:
        return None


def _short(data: Any, limit: int = 300) -> str:
    text = json.dumps(data, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class Replayed:
    table: StoredTable
    state: GameState
    commands: list[Command]
    events: list[list[Event]]  # per command, as re-derived (equal to the stored ones)
    deals: list[DealSummary]  # the deals scored on the way


def replay(stored: StoredTable, *, check: bool = True, upto: int | None = None) -> Replayed:
    """Re-apply the stored commands (the first `upto` of them, default all)."""
    tid = stored.table_id
    try:
        state = new_game(stored.rules, stored.seed)
    except ValueError as e:
        raise ReplayMismatch(f"table {tid!r} cannot be rebuilt: {e}") from None
    commands: list[Command] = []
    events: list[list[Event]] = []
    deals: list[DealSummary] = []
    entries = stored.log if upto is None else stored.log[:upto]
    for entry in entries:
        try:
            cmd = parse_command(entry.command_json)
        except RuleError as e:
            raise ReplayMismatch(
                f"table {tid!r}: the stored move {entry.seq} is not a command ({e.sentence})"
            ) from None
        try:
            state, evs = apply(state, cmd)
        except RuleError as e:
            raise ReplayMismatch(
                f"table {tid!r}: the stored move {entry.seq} ({entry.command_json}) is refused "
                f"when replayed: {e.sentence}"
            ) from None
        if state.version != entry.seq:
            raise ReplayMismatch(
                f"table {tid!r}: move {entry.seq} replays to state version {state.version}"
            )
        if check:
            derived = EVENTS_ADAPTER.dump_python(evs, mode="json")
            try:
                recorded = json.loads(entry.events_json)
            except ValueError:
                raise ReplayMismatch(
                    f"table {tid!r}: the stored events of move {entry.seq} are damaged"
                ) from None
            if derived != recorded and derived != _as_now(recorded):
                raise ReplayMismatch(
                    f"table {tid!r}: move {entry.seq} ({entry.command_json}) now gives "
                    f"different events than were recorded: stored {_short(recorded)}, "
                    f"replayed {_short(derived)}"
                )
        commands.append(cmd)
        events.append(evs)
        deal = deal_summary(state, evs)
        if deal is not None:
            deals.append(deal)
    return Replayed(stored, state, commands, events, deals)


def backfill_deals(store: Store, table_id: str) -> list[DealSummary]:
    """The table's deal summaries, filled in by a replay when the store does not
    keep them yet (a table from a store of schema 1). StoreError (a
    `ReplayMismatch` included) with a sentence."""
    stored = store.load(table_id)
    if stored.deals_kept:
        return store.deals(table_id)
    deals = replay(stored).deals
    store.keep_deals(table_id, deals)
    return deals
