"""`TableSettings`: the one typed record of a table's settings: made, checked,
stored and read back (version 2, and the untyped records of version 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from shengji_tui.bots import BotSpec
from shengji_tui.rules import RuleSet
from shengji_tui.store import Store, StoredTable
from shengji_tui.table import (
    Pacing,
    SeatSettings,
    SettingsError,
    Table,
    TableSettings,
    bot_seed,
    bot_specs,
)

RS = RuleSet.preset("classic")
NAMES = ["Ana", "Bo", "Cy", "Di"]


def _stored(settings: dict[str, object], names: list[str] | None = None) -> StoredTable:
    return StoredTable(
        table_id="t",
        rules=RS,
        seed=5,
        names=names or NAMES,
        settings=settings,  # type: ignore[arg-type]
        created_at=0.0,
        finished_at=None,
        result=None,
    )


def test_settings_are_checked() -> None:
    st = TableSettings(rules="one-deck")
    assert st.rules == RuleSet.preset("one-deck") and st.seed is None
    assert [s.kind for s in st.seats] == ["empty"] * 4 and st.seats[2].name == "seat 3"
    with pytest.raises(ValidationError, match="3 seats for the 4 players"):
        TableSettings(seats=(SeatSettings.human("a"),) * 3)
    with pytest.raises(ValidationError, match="needs its bot"):
        SeatSettings(kind="bot", name="x")
    with pytest.raises(ValidationError, match="has no bot"):
        SeatSettings(kind="human", name="x", bot=BotSpec(level="easy"))
    with pytest.raises(ValidationError):
        Pacing(bot_delay=-1)
    for never in (float("inf"), float("nan")):  # (a table that never moves)
        with pytest.raises(ValidationError, match="finite"):
            Pacing(bot_delay=never)
        with pytest.raises(ValidationError, match="finite"):
            Pacing.model_validate_json('{"grace": %s}' % ("Infinity" if never > 0 else "NaN"))
    with pytest.raises(ValidationError):
        st.pacing.replace(grace=-5)  # `replace` checks what it changes
    with pytest.raises(ValidationError):
        st.seed = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="5 names for 4 seats"):
        TableSettings.build("classic", 1, names=["a"] * 5)
    with pytest.raises(ValueError, match="no preset 'no-such-preset'"):
        TableSettings(rules="no-such-preset")


def test_build_seats_humans_bots_and_empty_seats() -> None:
    st = TableSettings.build(
        "classic",
        7,
        names=["Ana", "", "Cy", ""],
        bots={1: BotSpec(level="easy", seed=3, name="Bot")},
        pacing=Pacing(bot_delay=0.1),
    )
    assert [(s.kind, s.name) for s in st.seats] == [
        ("human", "Ana"),
        ("bot", "Bot"),
        ("human", "Cy"),
        ("empty", "seat 4"),
    ]
    assert st.human_seats() == [0, 2] and list(st.bots()) == [1]
    specs = bot_specs(7, [0, 3], "normal", NAMES)
    assert specs[3] == BotSpec(level="normal", seed=bot_seed(7, 3), name="Di")


async def test_a_table_keeps_its_settings_in_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    settings = TableSettings.build(
        "classic",
        None,
        names=NAMES,
        bots={2: BotSpec(level="hard", seed=9, options={"budget_ms": 20, "workers": 1})},
        pacing=Pacing(bot_delay=0.2, deal_delay=0.01, declare_window=4, grace=30),
        stand_in="easy",
    )
    t = Table(settings, store=store)
    assert t.seed is not None and t.settings.seed == t.seed  # a seed was chosen
    assert (t.bot_delay, t.deal_delay, t.declare_window) == (0.2, 0.01, 4)
    stored = store.load(t.table_id)
    assert stored.settings["version"] == 2
    assert "rules" not in stored.settings and "seed" not in stored.settings  # own columns
    assert TableSettings.from_stored(stored) == t.settings
    t.set_meta({"lobby": {"x": 1}})
    t.set_bot(0, BotSpec(level="normal", seed=4))  # stands in for Ana
    t.set_pacing(t.settings.pacing.replace(bot_delay=0.5))
    assert t.bot_delay == 0.5
    back = Table.restore(store, t.table_id)
    assert back.settings == t.settings
    assert back.meta == {"lobby": {"x": 1}} and back.settings.stand_in == "easy"
    assert back.settings.seats[0].stand_in_for == "Ana"
    assert back.bot_at(2).budget_ms == 20  # type: ignore[union-attr]
    assert back.bot_delay == 0.5 and back.settings.pacing.grace == 30
    store.close()


def test_version_1_records_are_read() -> None:
    """As `Table` and `shengji play` wrote them before typed settings."""
    seats = [
        {"kind": "human", "name": "Ana", "bot": None, "stand_in_for": None},
        {"kind": "bot", "name": "Bo", "bot": {"type": "random", "seed": 41, "name": "Bo"}},
        {
            "kind": "bot",
            "name": "Cy",
            "bot": {"type": "level", "level": "hard", "seed": 42, "name": "Cy"},
            "stand_in_for": None,
        },
        {
            "kind": "bot",
            "name": "Di",
            "bot": {"type": "normal", "seed": 43, "name": "Di"},
            "stand_in_for": "Di",
        },
    ]
    st = TableSettings.from_stored(
        _stored({"seats": seats, "bot_delay": 0.0, "deal_delay": 0.2, "meta": {"k": 1}})
    )
    assert [s.kind for s in st.seats] == ["human", "bot", "bot", "bot"]
    assert st.seats[1].bot == BotSpec(level="random", seed=41, name="Bo")
    assert st.seats[2].bot == BotSpec(level="hard", seed=42, name="Cy")
    assert st.seats[3].bot == BotSpec(level="normal", seed=43, name="Di")
    assert st.seats[3].stand_in_for == "Di" and st.human_seats() == [0, 3]
    assert (st.pacing.bot_delay, st.pacing.deal_delay, st.meta) == (0.0, 0.2, {"k": 1})
    assert (st.rules, st.seed) == (RS, 5)
    # a `shengji play` bot without a seed: the seat's seed, as it was made
    no_seed = [dict(seats[0]), *(dict(s) for s in seats[1:])]
    no_seed[2] = {"kind": "bot", "name": "Cy", "bot": {"type": "level", "level": "easy"}}
    st = TableSettings.from_stored(_stored({"seats": no_seed}))
    assert st.seats[2].bot == BotSpec(level="easy", seed=bot_seed(5, 2), name="Cy")
    # seats of the wrong shape: the names decide, as version 1 did
    st = TableSettings.from_stored(_stored({"seats": []}, names=["me", "", "", ""]))
    assert [s.kind for s in st.seats] == ["human", "empty", "empty", "empty"]


@pytest.mark.parametrize(
    "bot",
    [
        {"type": "grandmaster", "seed": 1, "name": "X"},
        {"type": "level", "level": "grandmaster", "seed": 1, "name": "X"},
        {"type": "Cheat", "name": "X"},
    ],
)
def test_an_unknown_bot_is_a_sentence_not_a_random_bot(bot: dict[str, object]) -> None:
    seats: list[dict[str, object]] = [{"kind": "human", "name": n} for n in NAMES]
    seats[1] = {"kind": "bot", "name": "X", "bot": bot}
    with pytest.raises(SettingsError, match=r"table 't': the bot at seat 2 is of level '"):
        TableSettings.from_stored(_stored({"seats": seats}))
    v2 = TableSettings.build("classic", 5, names=NAMES).stored()
    v2["seats"][1] = {"kind": "bot", "name": "X", "bot": {"level": "grandmaster"}}
    with pytest.raises(SettingsError, match="which this version of shengji-tui does not have"):
        TableSettings.from_stored(_stored(v2))


def test_damaged_and_newer_records_are_sentences() -> None:
    with pytest.raises(SettingsError, match=r"version 3, which this version .* upgrade"):
        TableSettings.from_stored(_stored({"version": 3, "seats": []}))
    v2 = TableSettings.build("classic", 5, names=NAMES).stored()
    v2["pacing"] = {"bot_delay": -1}
    with pytest.raises(SettingsError, match=r"its stored settings cannot be read .*bot_delay"):
        TableSettings.from_stored(_stored(v2))
    v2 = TableSettings.build("classic", 5, names=NAMES).stored()
    v2["seats"] = v2["seats"][:3]
    with pytest.raises(SettingsError, match="3 seats stored for 4 players"):
        TableSettings.from_stored(_stored(v2))


def test_pacing_is_taken_from_any_options_by_field_name() -> None:
    """The start menu's options and a stored room's record give their pacing by
    Pacing's own field names (one list of fields, not one per caller)."""
    from shengji_tui.server.registry import OptionsRecord
    from shengji_tui.tui.contract import GameOptions

    menu = GameOptions(bot_delay=0.1, deal_delay=0.2, declare_window=3.0, declare_delay=0.4)
    p = Pacing.taken_from(menu)
    assert (p.bot_delay, p.deal_delay, p.declare_window, p.declare_delay) == (0.1, 0.2, 3.0, 0.4)
    assert p.grace == Pacing().grace and p.turn_clock is None  # (not the menu's)
    record = OptionsRecord(grace=9.0, bot_delay=0.3, deal_delay=0.0, declare_delay=1.0)
    q = Pacing.taken_from(record)
    assert (q.grace, q.bot_delay, q.deal_delay, q.declare_delay) == (9.0, 0.3, 0.0, 1.0)
    assert q.values_for(OptionsRecord.model_fields) == {
        "grace": 9.0,
        "bot_delay": 0.3,
        "deal_delay": 0.0,
        "declare_delay": 1.0,
    }
    kept = q.replace(turn_clock=None, grace=5.0).updated_from(menu)
    assert kept.grace == 5.0 and kept.bot_delay == 0.1 and kept.declare_window == 3.0
