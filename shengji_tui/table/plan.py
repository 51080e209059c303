"""What the table does next, as a pure function of the state and the seated bots.

`plan(state, bots, all_bots=...)` returns the next `Step` (a command and who
makes it) or None when the game waits for a human (or is over). The asyncio
`Table` driver and the headless runner (`run_headless`, used by benchmarks and
tests) share it, so a bot-only match is one deterministic sequence of commands
for a seed, whether it runs in a table, is killed and rebuilt from its log, or
runs headless.

Order of questions, per phase:
- dealing: each bot seat in turn may declare (`decide` returns a `Declare`);
  if none does, the table deals the next card (`DealNext`); in an auction
  preset nobody declares: the table deals;
- declaring: the same; if no bot declares, the table closes the declarations;
- with `react=True` (people sit at the table: bots take a human's time to
  declare) the dealing and declaring steps are the table's own (deal, close)
  and carry every bot's declaration as `wanting`: the driver makes one once
  that bot has had its time to react (`Table`, `Pacing.declare_delay`);
- bidding, naming trump, burying, kitty theft, overturning, calling a friend,
  playing: the awaited seat's bot, if it is a bot;
- scoring: `NextDeal` when every seat is a bot (humans press a key for it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from ..bots import Bot, BotSpec
from ..engine import (
    Command,
    DealNext,
    Declare,
    GameState,
    NextDeal,
    RuleError,
    SeatView,
    apply,
    new_game,
    view_for,
)
from ..engine.events import Event
from ..rules import RuleSet
from .settings import bot_seed, bot_specs
from .views import ViewCache

log = logging.getLogger("shengji_tui.table")

StepKind = Literal["deal", "declare", "close", "bot", "next_deal"]

# phases where one seat acts (`GameState.awaiting()`)
_AWAITED = (
    "bidding",
    "naming_trump",
    "burying",
    "kitty_theft",
    "overturning",
    "calling",
    "playing",
)


@dataclass(frozen=True)
class Step:
    """A command to make, and what applying it to the planned state gives (so the
    table does not apply it twice when nothing changed meanwhile)."""

    kind: StepKind
    command: Command
    seat: int | None  # the bot's seat, None for the table's own pacing commands
    state: GameState  # the state after the command
    events: list[Event]
    wanting: tuple[Step, ...] = ()  # `react`: the bots' declarations, not made yet


def random_bots(seed: int, seats: int, names: list[str] | None = None) -> dict[int, Bot]:
    """A random bot at every seat, seeded from the table's seed (`bot_specs`)."""
    return {s: spec.make() for s, spec in bot_specs(seed, range(seats), "random", names).items()}


def fallback_bot(seed: int, seat: int) -> Bot:
    """What makes a move for a bot whose own was refused (or that gave none)."""
    return BotSpec(level="random", seed=bot_seed(seed, seat) + 1_000_003, name="stand-in").make()


def with_version(cmd: Command, version: int) -> Command:
    if cmd.version is None:
        return cmd.model_copy(update={"version": version})
    return cmd


def ask(bot: Bot, view: SeatView) -> Command | None:
    """The bot's answer; an exception in the bot is logged and counts as no answer."""
    try:
        return bot.decide(view)
    except Exception:
        log.exception("bot %r failed at seat %d, version %d", bot, view.seat, view.version)
        return None


def _view(state: GameState, seat: int, views: ViewCache | None) -> SeatView:
    return view_for(state, seat) if views is None else views.get(state, seat)


def bot_move(state: GameState, seat: int, bot: Bot, views: ViewCache | None = None) -> Step:
    """The awaited bot's move: its own if the engine accepts it, else a random legal one."""
    view = _view(state, seat, views)
    cmd = ask(bot, view)
    if cmd is not None:
        cmd = with_version(cmd, state.version)
        try:
            return Step("bot", cmd, seat, *apply(state, cmd))
        except RuleError as e:
            log.warning("bot %r at seat %d made a refused move (%s)", bot, seat, e.sentence)
    fb = fallback_bot(state.seed, seat).decide(view)
    if fb is None:
        raise RuntimeError(f"no move for seat {seat} in phase {state.phase}")
    fb = with_version(fb, state.version)
    return Step("bot", fb, seat, *apply(state, fb))


def _declaration(state: GameState, seat: int, bot: Bot, views: ViewCache | None) -> Step | None:
    """The bot's declaration now, if it makes one the engine takes."""
    cmd = ask(bot, _view(state, seat, views))
    if not isinstance(cmd, Declare) or cmd.seat != seat:
        return None
    cmd = with_version(cmd, state.version)
    try:
        return Step("declare", cmd, seat, *apply(state, cmd))
    except RuleError as e:
        log.warning("bot at seat %d: refused declaration (%s)", seat, e.sentence)
        return None


def _table_step(state: GameState, kind: StepKind, cmd: Command) -> Step:
    return Step(kind, cmd, None, *apply(state, cmd))


def plan(
    state: GameState,
    bots: Mapping[int, Bot],
    *,
    all_bots: bool,
    views: ViewCache | None = None,
    react: bool = False,
) -> Step | None:
    """The next step, or None: waiting for a human, or the match is over.

    `views`: a cache for the bots' views (much faster while dealing).
    `react`: while dealing and declaring, the table's own step, every bot's
    declaration in its `wanting` (see the module doc)."""
    phase = state.phase
    v = state.version
    if phase == "dealing" and state.rules.bidding != "none":
        return _table_step(state, "deal", DealNext(version=v))  # nobody declares: an auction
    if phase in ("dealing", "declaring"):
        wanting: list[Step] = []
        for seat in sorted(bots):
            step = _declaration(state, seat, bots[seat], views)
            if step is not None and not react:
                return step
            if step is not None:
                wanting.append(step)
        kind: StepKind = "deal" if phase == "dealing" else "close"
        step = _table_step(state, kind, DealNext(version=v))
        return replace(step, wanting=tuple(wanting)) if wanting else step
    if phase in _AWAITED:
        awaited = state.awaiting()
        if awaited is None or awaited not in bots:
            return None
        return bot_move(state, awaited, bots[awaited], views)
    if phase == "scoring":
        return _table_step(state, "next_deal", NextDeal(version=v)) if all_bots else None
    return None


def deal_steps(state: GameState, bots: Mapping[int, Bot]) -> Iterator[Step]:
    """The steps of the deal under way with a bot at every seat, up to and
    including the one that scores it (benchmarks and tests that follow a
    seat's updates through one deal)."""
    while state.phase not in ("scoring", "finished"):
        step = plan(state, bots, all_bots=True)
        if step is None:  # cannot happen with a bot at every seat
            return
        yield step
        state = step.state


@dataclass
class HeadlessRun:
    state: GameState
    commands: list[Command]
    events: list[list[Event]]


def run_headless(
    rules: RuleSet | str,
    seed: int,
    bots: Mapping[int, Bot] | None = None,
    *,
    max_commands: int = 1_000_000,
    on_step: Callable[[GameState, Command, list[Event]], None] | None = None,
) -> HeadlessRun:
    """Play a bot-only match with no table, no asyncio and no store: the same
    commands a bot-only `Table` makes for this seed and these bots."""
    state = new_game(rules, seed)
    seated: Mapping[int, Bot] = bots if bots is not None else random_bots(seed, state.players)
    if sorted(seated) != list(range(state.players)):
        raise ValueError("a headless match needs a bot at every seat")
    commands: list[Command] = []
    events: list[list[Event]] = []
    views = ViewCache()
    while state.phase != "finished":
        if len(commands) >= max_commands:
            raise RuntimeError(f"the match did not end in {max_commands} commands")
        step = plan(state, seated, all_bots=True, views=views)
        if step is None:  # cannot happen with a bot at every seat
            raise RuntimeError(f"nothing to do in phase {state.phase}")
        state, evs = step.state, step.events
        commands.append(step.command)
        events.append(evs)
        if on_step is not None:
            on_step(state, step.command, evs)
    return HeadlessRun(state, commands, events)
