"""The pace of declaring: bots that take a person's time to declare where
people play (and none where only bots do), and a deal a human may hold."""

from __future__ import annotations

from typing import Any

from fake_time import FakeTicker
from table_helpers import wait_until

from shengji_tui import rules
from shengji_tui.bots import BotSpec
from shengji_tui.engine import DealAll, DealNext, Declare, Declared, SeatView, new_game
from shengji_tui.table import Pacing, Table, TableSettings, TableStatus, bot_specs, plan


class Eager:
    """Declares the moment it can (its weakest option); notes when it first could."""

    name = "eager"

    def __init__(self, tick: FakeTicker) -> None:
        self.tick = tick
        self.first: tuple[float, int] | None = None  # (the table's time, version) it first could

    def decide(self, view: SeatView) -> Any:
        if view.phase not in ("dealing", "declaring"):
            return BotSpec(level="random", seed=view.seat).make().decide(view)
        st = view.standing
        opts = rules.valid_declarations(
            view.rules,
            view.level,
            list(view.hand),
            None if st is None else list(st.cards),
            st is not None and st.seat == view.seat,
        )
        if not opts:
            return None
        if self.first is None:  # (asked while the driver waits for the plan: time stands)
            self.first = (self.tick.now(), view.version)
        return Declare(seat=view.seat, cards=tuple(opts[0]))


def eager_table(humans: int, pacing: Pacing) -> tuple[Table, Eager, FakeTicker]:
    """Seat 3 an eager bot, seats 1-2 bots that never declare, seat 0 a human or
    a bot; the table's time moved by the test."""
    seats = list(range(humans, 4))
    settings = TableSettings.build(
        "classic",
        11,
        names=["Ana", "Bo", "Cy", "Di"],
        bots=bot_specs(11, seats, "random"),
        pacing=pacing,
    )

    class Quiet:
        name = "quiet"

        def decide(self, view: SeatView) -> Any:
            if view.phase in ("dealing", "declaring"):
                return None
            return BotSpec(level="random", seed=view.seat).make().decide(view)

    tick = FakeTicker()
    eager = Eager(tick)
    bots: dict[int, Any] = {s: Quiet() for s in seats if s != 3}
    bots[3] = eager
    return Table(settings, bots=bots, ticker=tick), eager, tick


def test_plan_with_react_carries_the_declarations_instead_of_making_them() -> None:
    state = new_game("classic", 11)
    eager = Eager(FakeTicker())
    while True:
        step = plan(state, {3: eager}, all_bots=False)
        assert step is not None
        if step.kind == "declare":
            break
        state = step.state
    reacting = plan(state, {3: Eager(FakeTicker())}, all_bots=False, react=True)
    assert reacting is not None and reacting.kind == "deal"
    assert [w.command for w in reacting.wanting] == [step.command]


async def test_a_bot_declares_a_reaction_after_it_could_while_the_cards_go_on() -> None:
    t, eager, tick = eager_table(1, Pacing(bot_delay=0, deal_delay=0.01, declare_delay=0.5))
    made: list[tuple[float, int]] = []  # (time, version) of the bot's declaration

    def seen(view: SeatView, events: list[Any], status: object) -> None:
        if any(isinstance(e, Declared) and e.seat == 3 for e in events):
            made.append((tick.now(), view.version))

    t.subscribe(None, seen)
    await t.start()
    await tick.run_until(lambda: bool(made), "the bot's declaration")
    await t.close()
    assert eager.first is not None
    could_at, could_version = eager.first
    assert made[0][0] - could_at >= 0.6 * 0.5  # at least the shortest reaction
    assert made[0][1] > could_version + 2, "the deal went on while the bot reacted"


async def test_a_bot_only_table_declares_at_once() -> None:
    t, eager, _ = eager_table(0, Pacing(bot_delay=0, deal_delay=0, declare_delay=5.0))
    versions: list[int] = []  # the version each declaration made

    def seen(view: SeatView, events: list[Any], status: object) -> None:
        if any(isinstance(e, Declared) for e in events):
            versions.append(view.version)

    t.subscribe(None, seen)
    await t.start()
    await wait_until(lambda: bool(versions), what="the bot's declaration")
    await t.close()
    assert eager.first is not None
    assert versions[0] == eager.first[1] + 1, "made on the state where the bot first could"


async def test_a_held_deal_deals_nothing_but_the_holders_steps() -> None:
    t, _, tick = eager_table(1, Pacing(bot_delay=0, deal_delay=0.01, declare_window=0.2))
    await t.start()
    await tick.run_until(lambda: t.state.cards_dealt >= 5, "five cards")
    told: list[TableStatus] = []
    t.subscribe(1, lambda view, events, status: told.append(status))
    await t.hold_deal(0)
    assert t.deal_held
    assert told and told[-1].deal_held, "the hold is told to every subscriber at once"
    await tick.parked()  # (a card planned before the hold may still come)
    held_at = t.state.cards_dealt
    tick.advance(10.0)  # (a thousand cards' time)
    await tick.parked()
    assert t.state.cards_dealt == held_at, "a card was dealt while the deal was held"
    await t.submit(0, DealNext())  # one step
    assert t.state.cards_dealt == held_at + 1
    await t.hold_deal(0, False)
    assert not t.deal_held and not told[-1].deal_held
    await tick.run_until(lambda: t.state.cards_dealt >= held_at + 5, "the deal to go on")
    # held after the last card: the declarations stay open past the window
    await tick.run_until(lambda: t.state.phase == "declaring", "the last card")
    await t.hold_deal(0)
    await tick.parked()
    tick.advance(10.0)  # (fifty windows)
    await tick.parked()
    assert t.state.phase == "declaring"
    await t.submit(0, DealAll(close=True))  # done declaring: the hold ends with the deal
    await tick.run_until(lambda: t.state.phase not in ("dealing", "declaring"), "closing")
    assert not t.deal_held
    await t.hold_deal(0)  # nothing to hold now
    assert not t.deal_held
    await t.close()
