"""A seat's table updates over the host link (`shengji serve --workers N`):
what the host writes for one subscription, and how the front end reads it back
into the `SeatView`, events and status the app is given.

Most of a view's bytes do not change with a move, so they cross once:
- the deal's log: a play adds to it, so only the entries the front end does not
  have cross (`log_keep` of the last log it was sent, then `log_new`); a log
  that changed otherwise (a new deal, the declarations revealed) crosses whole
  (keep 0);
- the rules (half of the rest of a view, and half of the front end's reading
  of it): with the first view and whenever they change; a view without them has
  the last ones.

One `UpdateWriter` and one `UpdateReader` per subscription, on either side of
the link: a subscription made again (a front end that reconnects) starts both
afresh.
"""

from __future__ import annotations

from typing import Any

from ..engine import Event, SeatView
from ..rules import RuleSet
from ..table import TableStatus
from .wire import adapter, dump, load


class UpdateWriter:
    """The host's side: each update as the message that crosses."""

    def __init__(self, rules_once: bool = True) -> None:
        self.rules_once = rules_once  # (False: the rules with every view, as before)
        self._log: tuple[Event, ...] = ()
        self._rules: RuleSet | None = None

    def message(self, view: SeatView, events: list[Event], status: TableStatus) -> dict[str, Any]:
        log, last = view.log, self._log
        keep = len(last) if len(log) >= len(last) and log[: len(last)] == last else 0
        self._log = log
        rules = view.rules
        same = self.rules_once and (rules is self._rules or rules == self._rules)
        self._rules = rules
        return {
            "view": adapter(SeatView).dump_python(
                view, mode="json", exclude={"log", "rules"} if same else {"log"}
            ),
            "log_keep": keep,
            "log_new": dump(list[Event], list(log[keep:])),
            "events": dump(list[Event], events),
            "status": dump(TableStatus, status),
        }


class UpdateReader:
    """The front end's side: a message back into what the app is given."""

    def __init__(self) -> None:
        self._log: tuple[Event, ...] = ()
        self._rules: RuleSet | None = None

    def read(self, a: dict[str, Any]) -> tuple[SeatView, list[Event], TableStatus]:
        log = self._log[: int(a["log_keep"])] + tuple(load(list[Event], a["log_new"]))
        self._log = log
        if "rules" in a["view"]:
            self._rules = load(RuleSet, a["view"]["rules"])
        # (no rules yet: the view does not validate, a `ValidationError`)
        view = load(SeatView, {**a["view"], "log": log, "rules": self._rules})
        return view, load(list[Event], a["events"]), load(TableStatus, a["status"])
