"""Key tables: what each key of a screen does, as data.

A screen's keys are rows `key -> action, condition, label, shown in the
footer?` (`Row`), grouped in tables (`KeyTable`), one per mode of the screen
(the table screen: dealing, declaring, the auction, burying, the friend's
call, playing, the result, watching...) plus the tables every mode shares.
`Keys` puts them together with the function that names the mode of a state;
from it the screen takes its Textual `BINDINGS` (`Keys.bindings`), its
`check_action` (`Keys.state`) and its footer's words (`Keys.labels`).

A condition (`When`) is a named function of the screen's state (a small
`NamedTuple` each screen makes from its props and model) returning what
Textual's `check_action` returns: True (the key works), None (shown greyed)
or False (off, not shown). A key bound to several actions is resolved in one
place, `Keys.resolve`: the first row of the mode's tables (in order) whose
condition is True. Textual's own resolution (the first of a key's bindings
whose `check_action` is true runs; the first not False shows in the footer)
gives the same answer because the rows of one key never work together in one
state (tests/tui/test_key_tables.py enumerates the states) and `bindings`
lists a key's rows in the order `resolve` reads them.

No Textual here but `Binding` and the action parser (public modules)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from textual.actions import parse
from textual.binding import Binding, BindingType

C = TypeVar("C")
S = TypeVar("S", contravariant=True)  # the state a condition reads
Tri: TypeAlias = bool | None  # True: works; None: shown, greyed; False: off (hidden)


@dataclass(frozen=True)
class When(Generic[S]):
    """A named condition over a screen's state (see the module doc)."""

    name: str
    test: Callable[[S], Tri]

    def __call__(self, state: S) -> Tri:
        return self.test(state)


ALWAYS: When[object] = When("always", lambda _s: True)


@dataclass(frozen=True)
class Says(Generic[S]):
    """A label that the state chooses among catalogue keys (`keys`: every one
    it may choose, so each can be checked in the catalogues)."""

    name: str
    keys: tuple[str, ...]
    pick: Callable[[S], str]


@dataclass(frozen=True)
class Row(Generic[S]):
    """One key (or several keys, "left,h") of a screen: the action it runs
    (Textual's action string, "move(-1)"), when (`when`), what the footer says
    it does (`label`: a catalogue key; None: the binding's own `description`),
    whether the footer shows it, how the footer writes the key (`display`),
    the binding's English description (what shows without the labels), and
    whether the app takes the key before any widget (`priority`)."""

    keys: str
    action: str
    when: When[S]
    label: str | Says[S] | None = None
    show: bool = True
    display: str | None = None
    description: str = ""
    priority: bool = False

    @property
    def name(self) -> str:
        """The action's name (no parameters)."""
        return self.action.split("(")[0]

    @property
    def params(self) -> tuple[object, ...]:
        return tuple(parse(self.action)[2])

    @property
    def key_list(self) -> tuple[str, ...]:
        return tuple(k.strip() for k in self.keys.split(","))

    def binding(self) -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.description,
            show=self.show,
            key_display=self.display,
            priority=self.priority,
        )


@dataclass(frozen=True)
class KeyTable(Generic[S]):
    """The rows of one mode (or of every mode), in the order they are asked."""

    name: str
    rows: tuple[Row[S], ...]


class Keys(Generic[C]):
    """A screen's keys: per mode, its tables (first asked first), and the
    function naming the mode of a state. `order`: the keys in the footer's
    order (a key not named comes after, in the order of the rows)."""

    def __init__(
        self,
        modes: Mapping[str, Sequence[KeyTable[C]]],
        mode_of: Callable[[C], str] | None = None,
        order: str = "",
    ) -> None:
        if not modes:
            raise ValueError("a screen's keys need one mode at least")
        self.modes: dict[str, tuple[KeyTable[C], ...]] = {m: tuple(t) for m, t in modes.items()}
        only = next(iter(self.modes))
        self.mode_of: Callable[[C], str] = mode_of or (lambda _s: only)
        self.order = tuple(k.strip() for k in order.split(",") if k.strip())
        self._rows = {m: tuple(r for t in ts for r in t.rows) for m, ts in self.modes.items()}
        self._by_name: dict[str, dict[str, Row[C]]] = {}
        for mode, rows in self._rows.items():
            by_name: dict[str, Row[C]] = {}
            for row in rows:
                first = by_name.setdefault(row.name, row)
                if first.when is not row.when:
                    raise ValueError(
                        f"mode {mode}: action {row.name} has two conditions "
                        f"({first.when.name}, {row.when.name}): Textual asks one per action"
                    )
            self._by_name[mode] = by_name
        bound = {
            (r.keys, r.action): r.name for ts in self.modes.values() for t in ts for r in t.rows
        }
        for mode, rows in self._rows.items():
            here = {(r.keys, r.action) for r in rows}
            for (keys, action), name in bound.items():
                if name in self._by_name[mode] and (keys, action) not in here:
                    raise ValueError(
                        f"mode {mode} has {name} but not on {keys} ({action}): Textual asks "
                        "one answer per action, so every key of an action works alike"
                    )
        self.names = frozenset(n for by_name in self._by_name.values() for n in by_name)
        self.key_names = frozenset(k for r in self.all_rows() for k in r.key_list)
        self._bindings = self._make_bindings()

    # ------------------------------------------------------------ the rows
    def tables(self) -> Iterator[KeyTable[C]]:
        """Every table once."""
        seen: set[int] = set()
        for ts in self.modes.values():
            for t in ts:
                if id(t) not in seen:
                    seen.add(id(t))
                    yield t

    def rows(self, mode: str) -> tuple[Row[C], ...]:
        """The rows of a mode, in the order they are asked."""
        return self._rows[mode]

    def all_rows(self) -> Iterator[Row[C]]:
        for t in self.tables():
            yield from t.rows

    # ------------------------------------------------------------ Textual's side
    def _make_bindings(self) -> list[BindingType]:
        """One binding per distinct row (a row in several modes' tables is bound
        once), ordered by key as `order` says, a key's rows in the order the
        modes ask them (`resolve`'s)."""
        rows: list[Row[C]] = []
        seen: set[tuple[str, str]] = set()
        for mode_rows in self._rows.values():
            for row in mode_rows:
                if (row.keys, row.action) not in seen:
                    seen.add((row.keys, row.action))
                    rows.append(row)
        rank = {k: i for i, k in enumerate(self.order)}
        last = len(rank)
        ordered = [
            row
            for _i, row in sorted(
                enumerate(rows), key=lambda ir: (rank.get(ir[1].key_list[0], last), ir[0])
            )
        ]
        at = {(row.keys, row.action): i for i, row in enumerate(ordered)}
        for mode, mode_rows in self._rows.items():
            for key in {k for row in mode_rows for k in row.key_list}:
                places = [at[(r.keys, r.action)] for r in mode_rows if key in r.key_list]
                if places != sorted(places):
                    raise ValueError(
                        f"mode {mode}: key {key}'s rows are asked in another order than "
                        "another mode's (Textual reads one order for every mode)"
                    )
        return [row.binding() for row in ordered]

    def bindings(self) -> list[BindingType]:
        """The screen's `BINDINGS`."""
        return list(self._bindings)

    def state(self, state: C, action: str, parameters: tuple[object, ...] = ()) -> Tri:
        """`check_action`'s answer: the condition of the action's row in the
        state's mode; False where the mode has none; True for an action no
        table names (not a key's: Textual's default)."""
        if action not in self.names:
            return True
        row = self._by_name[self.mode_of(state)].get(action)
        return False if row is None else row.when(state)

    def answers(self, state: C) -> dict[str, Tri]:
        """`state`'s answer for every action of its mode at once (a screen asks
        them once per state: Textual asks `check_action` of every binding at
        each refresh of the bindings)."""
        return {
            name: row.when.test(state) for name, row in self._by_name[self.mode_of(state)].items()
        }

    def check(self, answers: Mapping[str, Tri], action: str) -> Tri:
        """`state`'s answer for `action` from `answers(state)` (as `state` says)."""
        if action not in self.names:
            return True
        return answers.get(action, False)

    def resolve(self, state: C, key: str) -> Row[C] | None:
        """The row `key` runs in `state`: the first of its mode whose condition
        is True (None: the key does nothing)."""
        for row in self._rows[self.mode_of(state)]:
            if key in row.key_list and row.when(state) is True:
                return row
        return None

    def shown(self, state: C, key: str) -> tuple[Row[C], bool] | None:
        """What the footer shows for `key` (the row and whether it works), as
        Textual's footer reads the bindings: the first row not off; None where
        that row is not shown or the key is off."""
        for row in self._rows[self.mode_of(state)]:
            if key in row.key_list:
                s = row.when(state)
                if s is not False:
                    return (row, bool(s)) if row.show else None
        return None

    # ------------------------------------------------------------ words
    def label_keys(self, state: C) -> dict[str, str]:
        """What the footer says each action does, as catalogue keys, in the
        state's mode (an action of another mode: its first label)."""
        out: dict[str, str] = {}
        for row in self.all_rows():
            if row.label is not None and row.name not in out:
                out[row.name] = self._label(row.label, state)
        for row in self._rows[self.mode_of(state)]:
            if row.label is not None:
                out[row.name] = self._label(row.label, state)
        return out

    def label_sig(self, state: C) -> tuple[object, ...]:
        """What `label_keys` depends on (compare it rather than the labels)."""
        mode = self.mode_of(state)
        picks = tuple(r.label.pick(state) for r in self._rows[mode] if isinstance(r.label, Says))
        return (mode, picks)

    @staticmethod
    def _label(label: str | Says[C], state: C) -> str:
        return label.pick(state) if isinstance(label, Says) else label

    def labels(self, t: Callable[..., str], state: C) -> dict[str, str]:
        """`label_keys` in the player's language (`t`: the catalogue's)."""
        return {name: t(key) for name, key in self.label_keys(state).items()}

    def catalogue_keys(self) -> set[str]:
        """Every catalogue key a row may show."""
        out: set[str] = set()
        for row in self.all_rows():
            if isinstance(row.label, Says):
                out.update(row.label.keys)
            elif row.label is not None:
                out.add(row.label)
        return out


def simple(*rows: Row[C]) -> Keys[C]:
    """A screen with one mode: one table, keys in the order of its rows."""
    return Keys({"": (KeyTable("keys", rows),)})


class Keyed:
    """A screen (or an app) whose keys are a `Keys` (`KEYS`; its `BINDINGS` are
    `KEYS.bindings()`): its `check_action` is the table's, for the state
    `key_state` makes (None where no condition reads one), and `key_labels`
    says what its keys do in the player's language (the table screen's
    footer shows a dialog's keys in those words)."""

    KEYS: ClassVar[Keys[Any]]

    def key_state(self) -> Any:
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.KEYS.state(self.key_state(), action, parameters)

    def key_labels(self, t: Callable[..., str]) -> dict[str, str]:
        return self.KEYS.labels(t, self.key_state())
