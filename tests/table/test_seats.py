"""The seats record (table/seats.py): each change makes a new record one
generation on, as the table's seat methods did by hand before; a table
reads its seats, its bots and its settings from it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shengji_tui.bots import BotSpec
from shengji_tui.table import Seats, SeatSettings, Table, TableSettings

BOT = BotSpec(level="random", seed=5, name="robo")
OTHER = BotSpec(level="easy", seed=6, name="easy one")
ANN = SeatSettings.human("ann")
STAND_IN = SeatSettings(kind="bot", name="ann", bot=BOT, stand_in_for="ann")


def seats(*who: SeatSettings, on_auto: tuple[int, ...] = ()) -> Seats:
    return Seats.seated(TableSettings(rules="classic", seats=who, on_auto=on_auto))


def short(s: Seats) -> list[str]:
    """Each seat as `kind:name[+bot][>for][@][*]` (@: connected, *: in 托管)."""
    out = []
    for seat in s.seats:
        w = seat.who
        text = f"{w.kind}:{w.name}"
        if w.bot is not None:
            text += f"+{w.bot.level}"
        if w.stand_in_for is not None:
            text += f">{w.stand_in_for}"
        out.append(text + ("@" if seat.connected else "") + ("*" if seat.on_auto else ""))
    return out


E = [SeatSettings.empty(s) for s in range(4)]
START = seats(ANN, SeatSettings.of_bot(BOT), E[2], STAND_IN)

# (what, the change, the seats after it, the seat with a new occupant)
CASES: list[tuple[str, Callable[[Seats], Seats], list[str], int | None]] = [
    (
        "a human sits at an empty seat",
        lambda s: s.sit(2, "cat"),
        ["human:ann@", "bot:robo+random@", "human:cat@", "bot:ann+random>ann"],
        2,
    ),
    (
        "a bot stands in for the human there (as connected as she was)",
        lambda s: s.sit_bot(0, OTHER),
        ["bot:ann+easy>ann@", "bot:robo+random@", "empty:seat 3", "bot:ann+random>ann"],
        0,
    ),
    (
        "another stand-in replaces the stand-in",
        lambda s: s.sit_bot(3, OTHER),
        ["human:ann@", "bot:robo+random@", "empty:seat 3", "bot:ann+easy>ann"],
        3,
    ),
    (
        "a bot takes an empty seat (connected)",
        lambda s: s.sit_bot(2, OTHER),
        ["human:ann@", "bot:robo+random@", "bot:easy one+easy@", "bot:ann+random>ann"],
        2,
    ),
    (
        "the stand-in hands the seat back (still disconnected)",
        lambda s: s.unseat_bot(3),
        ["human:ann@", "bot:robo+random@", "empty:seat 3", "human:ann"],
        3,
    ),
    (
        "a seat's own bot leaves it empty",
        lambda s: s.unseat_bot(1),
        ["human:ann@", "empty:seat 2", "empty:seat 3", "bot:ann+random>ann"],
        1,
    ),
    (
        "a human leaves",
        lambda s: s.leave(0),
        ["empty:seat 1", "bot:robo+random@", "empty:seat 3", "bot:ann+random>ann"],
        0,
    ),
    (
        "a connection goes",
        lambda s: s.connect(0, False),
        ["human:ann", "bot:robo+random@", "empty:seat 3", "bot:ann+random>ann"],
        None,
    ),
    (
        "托管 begins",
        lambda s: s.auto(0, True),
        ["human:ann@*", "bot:robo+random@", "empty:seat 3", "bot:ann+random>ann"],
        None,
    ),
]


@pytest.mark.parametrize(("what", "change", "after", "sat"), CASES, ids=[c[0] for c in CASES])
def test_each_change_is_a_new_record(
    what: str, change: Callable[[Seats], Seats], after: list[str], sat: int | None
) -> None:
    before = short(START)
    new = change(START)
    assert short(new) == after, what
    assert short(START) == before  # the record it came from is unchanged
    assert new.gen == START.gen + 1
    # a new occupant is of the new generation (its bot is made anew); the others stay
    assert [seat.since for seat in new.seats] == [new.gen if s == sat else 0 for s in range(4)]


@pytest.mark.parametrize(
    ("seat", "on"),
    [(2, True), (0, True)],  # an empty seat; a connection as it was
)
def test_a_connection_that_changes_nothing_is_the_same_record(seat: int, on: bool) -> None:
    assert START.connect(seat, on) is START


def test_the_record_says_what_the_table_reads() -> None:
    s = START.auto(0, True)
    assert s.on_auto == (0,)
    assert s.human_seats() == [0, 3]
    assert list(s.bots()) == [1, 3]
    assert not s.human(0)  # in 托管: the stand-in plays it
    assert not s.all_bots()
    assert [i.connected for i in s.infos] == [True, True, False, False]
    resumed = Seats.resumed(TableSettings(rules="classic", seats=START.settings))
    assert [seat.connected for seat in resumed.seats] == [False, True, False, False]


async def test_a_table_takes_each_record_whole() -> None:
    """The table's seats, settings and bots follow its record; a bot seated again
    is a new bot, one whose seat only changed connection is the same."""
    settings = TableSettings(rules="classic", seed=3, seats=START.settings)
    t = Table(settings)
    first = t.bot_at(1)
    assert first is not None and t.bot_at(0) is None
    t.set_connected(1, False)
    assert t.bot_at(1) is first and t.seating.gen == 1
    t.set_bot(1, BOT)
    assert t.bot_at(1) is not first and t.seating.gen == 2
    t.set_bot(0, OTHER)
    assert t.settings.seats[0] == SeatSettings(
        kind="bot", name="ann", bot=OTHER, stand_in_for="ann"
    )
    t.set_bot(0, None)
    assert t.settings.seats[0] == ANN and t.bot_at(0) is None
    assert t.seats == list(t.seating.infos) and t.status().seats == t.seating.infos
    assert t.settings.seats == t.seating.settings
    await t.close()
