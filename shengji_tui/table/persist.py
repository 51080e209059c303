"""What a table keeps in its store and reads back from it.

- `resume(store, table_id, adjust)`: a stored table's settings and its game
  as the log replays it (`Resumed`: the state, every command, the finished
  deals' reviews, the last notes said), with the store brought up to date on
  the way (settings in the new form, deal summaries a store of schema 1
  lacks, a finished match marked so). `Table.restore` makes its table of
  them: `Table(settings, resumed=...)`, nothing overwritten afterwards.
- `stored_move`: the store write of one move (its command, events, the deal
  summary it scores, the match's result when it ends it).
- `NoteKeeper`: each note said at the table written to the store's `notes`,
  numbered in the order said, in the executor when an event loop runs.
- `result_of`: what the store keeps of a finished match.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Command, DealReview, GameState, new_game, reviews_of
from ..engine.events import Event
from ..store import Store, StoreError, command_json, deal_summary, events_json, replay
from .notes import KEEP, Note, parse_note
from .settings import TableSettings

log = logging.getLogger("shengji_tui.table")

__all__ = ["NoteKeeper", "Resumed", "result_of", "resume", "stored_move"]


def result_of(state: GameState) -> dict[str, Any]:
    return {
        "preset": state.rules.name,
        "winners": list(state.winners),
        "levels": list(state.levels),
        "match_scores": list(state.match_scores),
        "deals": state.deal_no + 1,
        "moves": state.version,
    }


@dataclass(frozen=True)
class Resumed:
    """A stored table's game as its log replays it: where a restored table
    goes on from. `past`: the finished deals' reviews (the last deal, in play
    or just scored, is the state's own); `notes`: the last ones said at the
    table (chat, timeouts, 托管), oldest first; `note_n`: the last note
    number stored."""

    state: GameState
    commands: tuple[Command, ...]
    past: tuple[DealReview, ...]
    notes: tuple[Note, ...] = ()
    note_n: int = 0


def resume(
    store: Store,
    table_id: str,
    adjust: Callable[[TableSettings], TableSettings] | None = None,
) -> tuple[TableSettings, Resumed]:
    """The table `table_id`'s settings (as `adjust` changes them: new names,
    pacing; the rules and the seed stay) and its game replayed from the log.
    StoreError with a sentence: a log that does not replay, settings that
    cannot be read (`SettingsError`)."""
    stored = store.load(table_id)
    rebuilt = replay(stored)
    settings = TableSettings.from_stored(stored)
    if adjust is not None:
        settings = adjust(settings)
        if settings.rules != stored.rules or settings.seed != stored.seed:
            raise ValueError(f"table {table_id!r}: other rules or another seed than stored")
    try:  # what was said at the table (chat, timeouts, 托管): its last notes
        kept = store.notes(table_id, KEEP)
    except StoreError as e:
        log.error("table %s: could not read its notes: %s", table_id, e)
        kept = []
    notes = tuple(n for _, j in kept if (n := parse_note(j)) is not None)
    # the finished deals' reviews from the replay's events (the last deal is
    # the one in play, or just scored: `review_for` tells it)
    events = [
        *new_game(settings.rules, stored.seed).log,
        *(e for es in rebuilt.events for e in es),
    ]
    past = tuple(reviews_of(settings.rules, events)[:-1])
    if settings.stored() != stored.settings:  # new names, pacing, or an older record
        try:
            store.update_settings(table_id, settings.stored())
        except StoreError as e:
            log.error("table %s: could not save its settings: %s", table_id, e)
    if not stored.deals_kept:  # a store of schema 1: the summaries from the replay
        try:
            store.keep_deals(table_id, rebuilt.deals)
        except StoreError as e:
            log.error("table %s: could not keep its deal summaries: %s", table_id, e)
    state = rebuilt.state
    if state.phase == "finished" and stored.finished_at is None:
        store.mark_finished(table_id, result_of(state))
    resumed = Resumed(state, tuple(rebuilt.commands), past, notes, kept[-1][0] if kept else 0)
    return settings, resumed


def stored_move(
    store: Store, table_id: str, command: Command, new: GameState, events: list[Event]
) -> Callable[[], None]:
    """The store write of `command` (which made `new` with `events`): one
    transaction, to run in the executor."""
    finished = result_of(new) if new.phase == "finished" else None
    return functools.partial(
        store.append,
        table_id,
        new.version,
        command_json(command),
        events_json(events),
        finished=finished,
        deal=deal_summary(new, events),
    )


class NoteKeeper:
    """Writes a table's notes to its store (`keep`), numbered from `n` on in the
    order said; `drain` waits for the writes in flight."""

    def __init__(self, store: Store, table_id: str, n: int = 0) -> None:
        self.store = store
        self.table_id = table_id
        self.n = n  # the last note number stored
        self._writes: set[asyncio.Future[None]] = set()  # in the executor

    def keep(self, note: Note) -> None:
        """Keep `note` in the store: in the executor when a loop runs (the store
        syncs), numbered now so the order stays whatever thread writes first."""
        self.n += 1
        write = functools.partial(
            self.store.add_note,
            self.table_id,
            self.n,
            note.version,
            note.kind,
            note.model_dump_json(),
            note.at,
        )
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            write()
            return
        fut = loop.run_in_executor(None, write)
        self._writes.add(fut)
        fut.add_done_callback(self._stored)

    def _stored(self, fut: asyncio.Future[None]) -> None:
        self._writes.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            log.error("table %s: a note could not be stored: %s", self.table_id, fut.exception())

    async def drain(self) -> None:
        """Wait until the notes said so far are in the store."""
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
